/**
 * The installed command, dist/cli/main.js (the package's `bin`, compiled by `npm install`). The
 * other CLI tests run the commands in-process from the sources; these run the build as a user
 * does, in its own process, and check that it behaves as the sources do.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadedBy, packagesLoadedBy } from '../helpers/imports.js';
import { ROOT, runCli } from './helpers.js';

const BIN = join(ROOT, 'dist/cli/main.js');
const GOLD = 'examples/news/gold.conll';
const SYSTEMS = readdirSync(join(ROOT, 'examples/news/systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => `examples/news/systems/${f}`);

function bin(args: string[]) {
  expect(existsSync(BIN), `${BIN} is missing: npm install builds it (or run npm run build)`).toBe(true);
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
  const p = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', env });
  return { code: p.status, stdout: p.stdout, stderr: p.stderr };
}

describe('the installed command (dist/cli/main.js)', () => {
  it('is the package\'s bin, a script for node', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(pkg.bin).toEqual({ complan: 'dist/cli/main.js' });
    expect(readFileSync(BIN, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('prints what the sources print, byte for byte (eval, compare, combine, plan, ablate)', async () => {
    for (const args of [
      ['eval', '--gold', GOLD, ...SYSTEMS, '--format', 'json'],
      ['eval', '--gold', GOLD, ...SYSTEMS],
      ['compare', '--gold', GOLD, ...SYSTEMS, '--format', 'csv'],
      ['combine', '--gold', GOLD, ...SYSTEMS, '--rule', 'vote', '--out-format', 'jsonl'],
      ['plan', '--gold', GOLD, ...SYSTEMS, '--top', '2', '--objective', '2*p*r/(p+r)'],
      ['ablate', '--baseline', 'baseline', '--gold', 'examples/ablation/gold.conll',
        ...['baseline', 'no-casing', 'no-gazetteer'].map((s) => `examples/ablation/${s}.conll`)],
    ]) {
      const want = await runCli(args);
      expect(want.code).toBe(0);
      const got = bin(args);
      expect(got.stderr, `complan ${args[0]}: stale build? run npm run build`).toBe(want.stderr);
      expect(got.code).toBe(0);
      expect(got.stdout).toBe(want.stdout);
    }
  });

  it('exits 1 on a usage error and 2 on bad input, with one line and no stack trace', () => {
    const usage = bin(['eval', '--gold', GOLD, SYSTEMS[0], '--no-such-option']);
    expect(usage.code).toBe(1);
    expect(usage.stdout).toBe('');
    expect(usage.stderr).toMatch(/--no-such-option/);
    const input = bin(['eval', '--gold', GOLD, 'test/no-such-file.conll']);
    expect(input.code).toBe(2);
    expect(input.stderr.trim().split('\n')).toHaveLength(1);
    expect(input.stderr).toContain('test/no-such-file.conll');
    for (const r of [usage, input]) expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('prints the package\'s version', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(bin(['--version']).stdout.trim()).toBe(pkg.version);
  });

  it('keeps Ink, React and mathjs out of what every command loads at start-up', () => {
    const { modules, packages } = packagesLoadedBy(BIN);
    expect(modules).toBeGreaterThan(20);
    expect(packages).toContain('commander');
    for (const name of packages) expect(name, `${name} is loaded at start-up`).not.toMatch(/^(ink|react|mathjs)(\/|$)/);
    // ...while the TUI's own module does load Ink (the check above would pass vacuously otherwise).
    expect(packagesLoadedBy(join(ROOT, 'dist/cli/tui/run.js')).packages).toContain('ink');
  });

  it('loads the comparison and the planner only in the commands that run them (eval does not load compare\'s code)', () => {
    const dist = (f: string) => join(ROOT, 'dist', f);
    const heavy = ['src/complementarity/matrix.js', 'src/report/compare.js', 'src/plan/data.js', 'src/ablation/ablate.js'].map(dist);
    const startUp = loadedBy(BIN).files;
    const evalCode = new Set([...loadedBy(dist('src/metrics/evaluate.js')).files, ...loadedBy(dist('src/report/eval.js')).files]);
    for (const f of heavy) {
      expect(existsSync(f), `${f} is missing: run npm run build`).toBe(true);
      expect(startUp.has(f), `${f} is loaded at start-up`).toBe(false);
      expect(evalCode.has(f), `${f} is loaded by eval`).toBe(false);
    }
    // ...while compare's own code does load the comparison.
    expect(loadedBy(dist('src/report/compare-svg.js')).files.has(heavy[0])).toBe(true);
  });
});

describe('the installed command in a pipe', () => {
  it('ends quietly, status 0, when the reader has gone (EPIPE on stdout, as after combine | head)', () => {
    const script = [
      `import { processIo } from ${JSON.stringify(join(ROOT, 'dist/cli/io.js'))};`,
      'processIo();',
      "process.stdout.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));",
      "setTimeout(() => { process.stderr.write('still running\\n'); process.exitCode = 3; }, 200);",
    ].join('\n');
    const p = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(p.stderr).toBe('');
    expect(p.status).toBe(0);
  });

  it('says in one line, status 2, that the output is incomplete when stdout fails otherwise (a full disk)', () => {
    const script = [
      `import { processIo } from ${JSON.stringify(join(ROOT, 'dist/cli/io.js'))};`,
      'processIo();',
      "process.stdout.emit('error', Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));",
      "setTimeout(() => { process.stderr.write('still running\\n'); process.exitCode = 3; }, 200);",
    ].join('\n');
    const p = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(p.stderr).toBe('complan: could not write to standard output (no space left on the device): the output is incomplete\n');
    expect(p.status).toBe(2);
  });

  it('finishes its work, with its own status, once standard error has failed (a closed pipe there)', () => {
    const script = [
      `import { processIo } from ${JSON.stringify(join(ROOT, 'dist/cli/io.js'))};`,
      'const io = processIo();',
      "process.stderr.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));",
      "setTimeout(() => { io.stderr('not written\\n'); io.stdout('done\\n'); process.exitCode = 3; }, 100);",
    ].join('\n');
    const p = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(p.stdout).toBe('done\n');
    expect(p.stderr).toBe('');
    expect(p.status).toBe(3);
  });

  it('combine --out … 2>&1 | head -1: the file is written whole and the status is 0', () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-stderr-pipe-'));
    try {
      const out = join(dir, 'vote.conll');
      const status = join(dir, 'status');
      const cmd = `{ "${process.execPath}" "${BIN}" combine --gold ${GOLD} ${SYSTEMS.join(' ')} --rule vote --out "${out}"; echo $? > "${status}"; } 2>&1 | head -1`;
      const p = spawnSync('sh', ['-c', cmd], { cwd: ROOT, encoding: 'utf8' });
      expect(p.stdout.split('\n').filter((l) => l !== '')).toHaveLength(1);
      expect(readFileSync(status, 'utf8').trim()).toBe('0');
      const whole = spawnSync(process.execPath, [BIN, 'combine', '--gold', GOLD, ...SYSTEMS, '--rule', 'vote', '--out', '-'], { cwd: ROOT, encoding: 'utf8' });
      expect(readFileSync(out, 'utf8')).toBe(whole.stdout);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.runIf(existsSync('/dev/full'))('on /dev/full: one line, no stack trace, status 2', () => {
    const p = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" eval --gold ${GOLD} ${SYSTEMS[0]} > /dev/full`], { cwd: ROOT, encoding: 'utf8' });
    expect(p.stderr).toBe('complan: could not write to standard output (no space left on the device): the output is incomplete\n');
    expect(p.status).toBe(2);
  });

  it.runIf(existsSync('/dev/full'))('on /dev/full: the one line only, never first a line saying where the output went', () => {
    // report --html - and combine say what they wrote on standard output once it is written: not when it could not be.
    for (const args of [`report --html - --folds 0 --gold ${GOLD} ${SYSTEMS.join(' ')}`, `combine --gold ${GOLD} ${SYSTEMS.join(' ')}`]) {
      const p = spawnSync('sh', ['-c', `"${process.execPath}" "${BIN}" ${args} > /dev/full`], { cwd: ROOT, encoding: 'utf8' });
      expect(p.stderr, args).toBe('complan: could not write to standard output (no space left on the device): the output is incomplete\n');
      expect(p.status, args).toBe(2);
    }
  });
});
