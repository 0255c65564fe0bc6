/**
 * Hostile inputs and outputs, through the built command as a user runs it: signals during a
 * write leave no temporary file, special files at --out are written through, a closed pipe ends
 * the command quietly, and text from the inputs cannot drive the terminal.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';

const BIN = join(ROOT, 'dist/cli/main.js');
const GOLD = join(ROOT, 'examples/news/gold.conll');
const SYSTEMS = readdirSync(join(ROOT, 'examples/news/systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => join(ROOT, 'examples/news/systems', f));

/** An invented corpus of `sentences` sentences: gold and three systems that differ a little. */
function bigCorpus(dir: string, sentences: number): { gold: string; systems: string[] } {
  const types = ['PER', 'ORG', 'LOC'];
  const gold: string[] = [];
  const sys: string[][] = [[], [], []];
  for (let s = 0; s < sentences; s++) {
    for (let t = 0; t < 12; t++) {
      const tag = t % 4 === 1 ? `B-${types[(s + t) % 3]}` : t % 4 === 2 ? `I-${types[(s + t - 1) % 3]}` : 'O';
      gold.push(`w${s % 97}x${t} ${tag}`);
      sys.forEach((lines, k) => lines.push(`w${s % 97}x${t} ${(s + t + k) % 7 === 0 && tag !== 'O' ? 'O' : tag}`));
    }
    gold.push('');
    sys.forEach((lines) => lines.push(''));
  }
  writeFileSync(join(dir, 'gold.conll'), gold.join('\n'));
  const systems = sys.map((lines, k) => {
    const path = join(dir, `s${k}.conll`);
    writeFileSync(path, lines.join('\n'));
    return path;
  });
  return { gold: join(dir, 'gold.conll'), systems };
}

function runBin(args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
}

describe('signals during a write', () => {
  it('SIGTERM and SIGINT never leave a temporary file: the output is absent or complete', async () => {
    expect(existsSync(BIN), 'npm run build makes dist/cli/main.js').toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'complan-signal-'));
    const { gold, systems } = bigCorpus(dir, 20_000);
    const out = join(dir, 'out.conll');
    const t0 = Date.now();
    const reference = runBin(['combine', '--gold', gold, '--rule', 'vote', '--out', out, ...systems]);
    const took = Date.now() - t0;
    expect(reference.status, reference.stderr).toBe(0);
    const complete = readFileSync(out, 'utf8');
    let interrupted = 0;
    for (let k = 0; k < 12; k++) {
      const target = join(dir, `run${k}.conll`);
      const child = spawn(process.execPath, [BIN, 'combine', '--gold', gold, '--rule', 'vote', '--out', target, ...systems], { stdio: 'ignore' });
      const signal = k % 2 === 0 ? 'SIGTERM' : 'SIGINT';
      // Spread over the whole run: start-up, reading, simulating and writing.
      setTimeout(() => child.kill(signal), Math.round((took * (k + 1)) / 13));
      const [code, by] = await new Promise<[number | null, string | null]>((resolve) => child.on('exit', (c, s) => resolve([c, s])));
      // 0: done before the signal; else ended by the signal itself (at once, or, during the
      // write, once the output is complete or removed).
      if (code === null) expect(by).toBe(signal);
      else expect([0, signal === 'SIGTERM' ? 143 : 130]).toContain(code);
      if (code !== 0) interrupted++;
      if (existsSync(target)) expect(readFileSync(target, 'utf8')).toBe(complete);
    }
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(interrupted, 'some runs were interrupted').toBeGreaterThan(0);
  }, 120_000);
});

describe('special files at --out', () => {
  it('--out /dev/stdout on a pipe writes what standard output would get', () => {
    const plain = runBin(['combine', '--gold', GOLD, ...SYSTEMS]);
    const through = runBin(['combine', '--gold', GOLD, '--out', '/dev/stdout', ...SYSTEMS]);
    expect(through.status, through.stderr).toBe(0);
    expect(through.stdout).toBe(plain.stdout);
    expect(through.stdout.length).toBeGreaterThan(1000);
  });
});

describe('a closed pipe', () => {
  it('ends the command quietly when its reader stops early', async () => {
    const child = spawn(process.execPath, [BIN, 'compare', '--gold', GOLD, '--format', 'json', ...SYSTEMS], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });
});

describe('text from the inputs on the terminal', () => {
  it('an entity type holding escape sequences and a file name holding them are printed escaped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-escape-'));
    const gold = join(dir, 'gold.conll');
    writeFileSync(gold, 'Zorbo B-\u001b[2JX\nwent O\n');
    const sys = join(dir, 'a\u001b[31mb.conll');
    writeFileSync(sys, 'Zorbo B-\u001b[2JX\nwent O\n');
    const r = await runCli(['eval', '--gold', gold, sys]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).toContain('\\e[2JX');
    const bad = join(dir, 'c\u001b[31md.conll');
    writeFileSync(bad, 'Zorbo B-X\n');
    const e = await runCli(['eval', '--gold', gold, bad]);
    expect(e.code).toBe(2);
    expect(e.stderr).not.toContain('\u001b');
    expect(e.stderr).toContain('c\\e[31md.conll');
  });
});

describe('extreme weights', () => {
  it('weights of 1e308 or 1e-320 vote as weights of 1 (scaled, not overflowed or lost)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-weights-'));
    const names = SYSTEMS.map((s) => s.replace(/^.*\/|\.conll$/g, ''));
    const outputs = [];
    for (const w of ['1', '1e308', '1e-320']) {
      const out = join(dir, `w${outputs.length}.conll`);
      const r = await runCli(['combine', '--gold', GOLD, '--rule', 'weighted', '--weights', names.map((n) => `${n}=${w}`).join(','), '--out', out, ...SYSTEMS]);
      expect(r.code, r.stderr).toBe(0);
      outputs.push(readFileSync(out, 'utf8'));
    }
    expect(outputs[0]).toMatch(/B-/);
    expect(outputs[1]).toBe(outputs[0]);
    expect(outputs[2]).toBe(outputs[0]);
  });
});

describe('endless inputs', () => {
  it('a data file without line ends (/dev/zero) ends in one clear line, not in exhausted memory', async () => {
    const r = await runCli(['eval', '--gold', GOLD, '/dev/zero']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('complan: /dev/zero:1: line 1 is longer than 64 Mi characters, the longest read: expected lines of text (is it a text file?)\n');
  });
});

describe('nothing left to score', () => {
  it('warns when --invalid drop leaves the gold standard without an item (a scheme the file is not written in)', async () => {
    const r = await runCli(['eval', '--gold', GOLD, '--scheme', 'iobes', '--invalid', 'drop', SYSTEMS[0]]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('complan: warning: --invalid drop left the gold standard without a single item: are its tags written in IOBES?');
  });
});
