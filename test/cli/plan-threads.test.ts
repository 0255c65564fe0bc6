/**
 * `plan --threads`: an exhaustive search over fourteen invented systems prints the same plan,
 * byte for byte, on one thread and on two (in-process from the sources, and as the installed
 * command runs it), Ctrl-C ends it while the threads search, and a bad --threads is a one-line
 * usage error (exit 1).
 */
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stopWorkers } from '../../src/plan/exhaustive-threads.js';
import { writeManySystems } from '../helpers/many-systems.js';
import { ROOT, runCli } from './helpers.js';

const files = writeManySystems(14, 20, 11);
afterAll(async () => {
  rmSync(files.dir, { recursive: true, force: true });
  await stopWorkers();
});

const ARGS = ['plan', '--gold', files.gold, ...files.systems, '--search', 'exhaustive', '--rules', 'union,intersection,majority,kofn:3,vote', '--samples', '100'];

function bin(args: string[]) {
  const p = spawnSync(process.execPath, [join(ROOT, 'dist/cli/main.js'), ...args], { encoding: 'utf8' });
  return { code: p.status, stdout: p.stdout, stderr: p.stderr };
}

describe('plan --threads', () => {
  it('prints the same JSON and table on one thread and on two (14 systems, 81,915 candidates, five folds)', async () => {
    for (const format of ['json', 'table']) {
      const one = await runCli([...ARGS, '--format', format, '--threads', '1']);
      const two = await runCli([...ARGS, '--format', format, '--threads', '2']);
      expect(one.code, one.stderr).toBe(0);
      expect(two.stderr).toBe(one.stderr);
      expect(two.code).toBe(0);
      expect(two.stdout).toBe(one.stdout);
      if (format === 'json') expect(JSON.parse(one.stdout).search.evaluated).toBe((2 ** 14 - 1) * 5);
    }
  });

  it('prints the same from the installed command, whatever the threads', async () => {
    // No held-out splits, so no paired tests: --samples would be refused.
    const noSplits = [...ARGS.slice(0, -2), '--format', 'json', '--folds', '0'];
    const want = await runCli(noSplits);
    expect(want.code, want.stderr).toBe(0);
    for (const threads of ['1', '2', '3']) {
      const got = bin([...noSplits, '--threads', threads]);
      expect(got.stderr, 'stale build? run npm run build').toBe('');
      expect(got.code).toBe(0);
      expect(got.stdout).toBe(want.stdout);
    }
  });

  it('ends at once on Ctrl-C while worker threads search (SIGINT)', async () => {
    const big = writeManySystems(18, 60, 5);
    try {
      const child = spawn(process.execPath, [join(ROOT, 'dist/cli/main.js'), 'plan', '--gold', big.gold, ...big.systems,
        '--search', 'exhaustive', '--rules', 'vote', '--folds', '0', '--threads', '2', '--progress', '--format', 'json'], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      let sent = 0;
      const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        // Interrupted once the search has scored something, so it is in the middle of it.
        if (sent === 0 && /exhaustive [1-9][\d,]*\//.test(stderr)) {
          sent = performance.now();
          child.kill('SIGINT');
        }
      });
      const end = await ended;
      expect(sent, stderr).toBeGreaterThan(0);
      expect(performance.now() - sent).toBeLessThan(2000);
      expect(end.signal).toBe('SIGINT');
      // Not finished: interrupted in the middle of the search.
      expect(stderr).not.toMatch(/exhaustive [\d,]+\/[\d,]+ \(done\)/);
    } finally {
      rmSync(big.dir, { recursive: true, force: true });
    }
  });

  it('a bad --threads is a one-line usage error (exit 1)', async () => {
    for (const [value, message] of [
      ['0', 'complan: --threads expects an integer from 1 to 64, got "0"'],
      ['two', 'complan: --threads expects an integer from 1 to 64, got "two"'],
      ['65', 'complan: --threads expects an integer from 1 to 64, got "65"'],
    ]) {
      const r = await runCli([...ARGS, '--threads', value]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim()).toBe(message);
    }
  });
});
