/**
 * The installed command's code cache (cli/code-cache.ts): the build writes one that a fresh Node
 * accepts; a cache that is absent, older than the program or not V8's is not used, and the
 * command prints the same either way; a failing warm-up writes nothing.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CACHE_FILE, loadProgram, PROGRAM_FILE, writeCodeCache } from '../../cli/code-cache.js';
import { ROOT, runCli } from './helpers.js';

const BIN = join(ROOT, 'dist/bin');
const GOLD = join(ROOT, 'examples/news/gold.conll');
const SYSTEMS = readdirSync(join(ROOT, 'examples/news/systems')).filter((f) => f.endsWith('.conll')).sort()
  .map((f) => join(ROOT, 'examples/news/systems', f));
const EVAL = ['eval', '--gold', GOLD, ...SYSTEMS, '--format', 'json'];

/** How a fresh `node` (the user's flags: none) loads the program in `dir`: the cache's status. */
function statusInFreshNode(dir: string): string {
  const script = `import { loadProgram } from ${JSON.stringify(join(ROOT, 'dist/cli/code-cache.js'))}; process.stdout.write(loadProgram(${JSON.stringify(dir)}).cache);`;
  const p = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(p.stderr).toBe('');
  return p.stdout;
}

/** The launcher and the program, copied to a folder of their own (with the cache, if `withCache`). */
function copyBin(withCache: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'complan-cache-'));
  temps.push(dir);
  for (const f of ['complan.cjs', PROGRAM_FILE, ...(withCache ? [CACHE_FILE] : [])]) copyFileSync(join(BIN, f), join(dir, f));
  return dir;
}

function runBin(dir: string, args: string[]) {
  const p = spawnSync(process.execPath, [join(dir, 'complan.cjs'), ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: p.status, stdout: p.stdout, stderr: p.stderr };
}

const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe.skipIf(!existsSync(join(BIN, PROGRAM_FILE)))('the code cache of dist/bin/program.cjs', () => {
  it('is written by the build and accepted by a fresh Node', () => {
    expect(existsSync(join(BIN, CACHE_FILE)), 'npm run build writes it (cli/warm-code-cache.ts)').toBe(true);
    expect(statusInFreshNode(BIN)).toBe('used');
  });

  it('is not used when absent, older than the program, or not a cache; the output is the same', async () => {
    const want = await runCli(EVAL);
    expect(want.code).toBe(0);

    const absent = copyBin(false);
    expect(statusInFreshNode(absent)).toBe('absent');
    expect(runBin(absent, EVAL)).toEqual({ code: 0, stdout: want.stdout, stderr: '' });

    const stale = copyBin(true);
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(stale, PROGRAM_FILE), later, later);
    expect(statusInFreshNode(stale)).toBe('stale');
    expect(runBin(stale, EVAL)).toEqual({ code: 0, stdout: want.stdout, stderr: '' });

    const junk = copyBin(false);
    writeFileSync(join(junk, CACHE_FILE), Buffer.alloc(4096, 7));
    expect(statusInFreshNode(junk)).toBe('rejected');
    expect(runBin(junk, EVAL)).toEqual({ code: 0, stdout: want.stdout, stderr: '' });
  });

  it('can be rebuilt in place; a warm-up command that fails leaves no cache behind', async () => {
    const dir = copyBin(false);
    const bytes = await writeCodeCache(dir, [EVAL]);
    expect(bytes).toBeGreaterThan(10_000);
    expect(statusInFreshNode(dir)).toBe('used');

    const failing = copyBin(false);
    await expect(writeCodeCache(failing, [['eval', '--gold', GOLD, join(ROOT, 'no-such-system.conll')]]))
      .rejects.toThrow(/exited 2: complan: .*no-such-system\.conll/);
    expect(readdirSync(failing).sort()).toEqual(['complan.cjs', PROGRAM_FILE]);
  });

  it('the launcher without its program: one line naming the file, exit 2, no stack trace', () => {
    const dir = copyBin(false);
    rmSync(join(dir, PROGRAM_FILE));
    const r = runBin(dir, EVAL);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(join(dir, PROGRAM_FILE));
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('is not read when the caller asks for none', () => {
    expect(loadProgram(BIN, false).cache).toBe('off');
  });
});
