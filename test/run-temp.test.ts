import { execFileSync } from 'node:child_process';
import { basename, dirname } from 'node:path';
import { tmpdir } from 'node:os';
import { mkdtempSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUN_TEMP_PREFIX } from './global-setup.js';

describe("the test run's temporary directory", () => {
  it('holds every temporary file of the run, so removing it at the end leaves nothing behind', () => {
    expect(basename(tmpdir())).toMatch(new RegExp(`^${RUN_TEMP_PREFIX}`));
    const made = mkdtempSync(join(tmpdir(), 'complan-probe-'));
    expect(dirname(made)).toBe(tmpdir());
  });

  it('is what the commands a test spawns use too', () => {
    const child = execFileSync(process.execPath, ['-e', 'process.stdout.write(require("node:os").tmpdir())'], { encoding: 'utf8' });
    expect(child).toBe(tmpdir());
  });

  it('can be entered by anyone, as the cases run as nobody need', () => {
    expect(statSync(tmpdir()).mode & 0o755).toBe(0o755);
  });
});
