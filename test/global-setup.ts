/**
 * One temporary directory per test run. Tests make their inputs and outputs under the system's
 * temporary directory (often one fresh directory per case), and so do the commands they run; a
 * full run makes well over a thousand. Pointing TMPDIR at a directory of the run's own, before
 * any test file starts, gathers them all in one place, which is removed when the run ends, so
 * runs leave nothing behind. Test processes inherit the variable, and so do the commands they
 * spawn. The directory can be entered by anyone (mode 755): the cases run as the unprivileged
 * user `nobody` read their copied inputs from it.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The prefix of the run's directory; a test checks that it is in force. */
export const RUN_TEMP_PREFIX = 'complan-tests-';

export function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), RUN_TEMP_PREFIX));
  chmodSync(dir, 0o755);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    rmSync(dir, { recursive: true, force: true });
  };
}
