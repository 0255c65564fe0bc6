/**
 * Standard input (`-`), pipes, FIFOs, /dev/stdin and process substitution work wherever a file
 * does, read as streams: the built command (dist/cli/main.js) in its own process, fed as a user
 * feeds it. A pipe scores exactly as the file it carries.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';
import { ROOT } from './helpers.js';

const BIN = join(ROOT, 'dist/cli/main.js');
const GOLD = 'examples/news/gold.conll';
const CRF = 'examples/news/systems/crf.conll';
const SLOPPY = 'examples/news/systems/sloppy.conll';
const JSONL = 'examples/news/jsonl/crf.jsonl';

const dir = mkdtempSync(join(tmpdir(), 'complan-streams-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the built command with `input` on its standard input (a pipe). */
function bin(args: string[], input = '') {
  expect(existsSync(BIN), `${BIN} is missing: run npm run build`).toBe(true);
  const p = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', input, env: { PATH: process.env.PATH ?? '' } });
  return { code: p.status, stdout: p.stdout, stderr: p.stderr };
}

/** Runs a bash command line (for FIFOs and process substitution), `complan` being the built command. */
function sh(script: string) {
  const p = spawnSync('bash', ['-c', `complan() { "${process.execPath}" "${BIN}" "$@"; }\n${script}`], { cwd: ROOT, encoding: 'utf8' });
  return { code: p.status, stdout: p.stdout, stderr: p.stderr };
}

/** An eval JSON document with each system's name and source set aside. */
function scoresOf(json: string): unknown {
  const doc = JSON.parse(json) as { systems: Array<Record<string, unknown>>; gold: Record<string, unknown> };
  for (const s of doc.systems) {
    s.name = '*';
    s.source = '*';
  }
  doc.gold.source = '*';
  return doc;
}

const hasBash = spawnSync('bash', ['-c', 'true']).status === 0;

describe('standard input and streams', () => {
  it('`-` reads a system from a pipe, named stdin, and scores exactly as the file', () => {
    const file = bin(['eval', '--gold', GOLD, CRF, '--format', 'json']);
    const pipe = bin(['eval', '--gold', GOLD, '-', '--format', 'json'], readFileSync(join(ROOT, CRF), 'utf8'));
    expect(pipe.stderr).toBe('');
    expect(pipe.code).toBe(0);
    const got = JSON.parse(pipe.stdout) as { systems: Array<{ name: string; source: string }> };
    expect(got.systems.map((s) => [s.name, s.source])).toEqual([['stdin', '-']]);
    expect(scoresOf(pipe.stdout)).toEqual(scoresOf(file.stdout));
    expect(pipe.stdout).not.toBe(file.stdout);
  });

  it('`-` reads the gold standard, and name=- names the system', () => {
    const file = bin(['eval', '--gold', GOLD, CRF, SLOPPY, '--format', 'json']);
    const gold = bin(['eval', '--gold', '-', CRF, SLOPPY, '--format', 'json'], readFileSync(join(ROOT, GOLD), 'utf8'));
    expect(gold.code, gold.stderr).toBe(0);
    expect(scoresOf(gold.stdout)).toEqual(scoresOf(file.stdout));
    const named = bin(['eval', '--gold', GOLD, 'mine=-', SLOPPY], readFileSync(join(ROOT, CRF), 'utf8'));
    expect(named.code, named.stderr).toBe(0);
    expect(named.stdout).toMatch(/^mine /m);
  });

  it('reads /dev/stdin when standard input is a socket (as Node\'s spawn makes it), where opening it fails', () => {
    const file = bin(['eval', '--gold', GOLD, CRF, '--format', 'json']);
    const sock = bin(['eval', '--gold', GOLD, '/dev/stdin', '--format', 'json'], readFileSync(join(ROOT, CRF), 'utf8'));
    expect(sock.code, sock.stderr).toBe(0);
    expect(scoresOf(sock.stdout)).toEqual(scoresOf(file.stdout));
  });

  it('waits for a slow writer: standard input arriving in parts, with pauses, scores as the file', async () => {
    const data = readFileSync(join(ROOT, CRF));
    const child = spawn(process.execPath, [BIN, 'eval', '--gold', GOLD, '-', '--format', 'json'], { cwd: ROOT });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => void (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => void (err += d.toString()));
    const done = new Promise<number | null>((res) => child.on('close', res));
    await new Promise((res) => setTimeout(res, 200));
    child.stdin.write(data.subarray(0, 5000));
    await new Promise((res) => setTimeout(res, 300));
    child.stdin.end(data.subarray(5000));
    expect(await done, err).toBe(0);
    expect(scoresOf(out)).toEqual(scoresOf(bin(['eval', '--gold', GOLD, CRF, '--format', 'json']).stdout));
  });

  it('detects JSONL on standard input from its first bytes', () => {
    const file = bin(['eval', '--gold', GOLD, JSONL, '--format', 'json']);
    const pipe = bin(['eval', '--gold', GOLD, '-', '--format', 'json'], readFileSync(join(ROOT, JSONL), 'utf8'));
    expect(pipe.code, pipe.stderr).toBe(0);
    expect(JSON.parse(pipe.stdout).systems[0].format).toBe('jsonl');
    expect(scoresOf(pipe.stdout)).toEqual(scoresOf(file.stdout));
  });

  it('reads a stream twice only through memory: --strict-scheme on a pipe (two passes) scores as the file', () => {
    const file = bin(['eval', '--gold', GOLD, CRF, '--strict-scheme', '--format', 'json']);
    const pipe = bin(['eval', '--gold', GOLD, '-', '--strict-scheme', '--format', 'json'], readFileSync(join(ROOT, CRF), 'utf8'));
    expect(pipe.code, pipe.stderr).toBe(0);
    expect(scoresOf(pipe.stdout)).toEqual(scoresOf(file.stdout));
  });

  it('refuses standard input given twice (a usage error, exit 1), and names an empty one', () => {
    const twice = bin(['eval', '--gold', '-', '-'], 'x O\n');
    expect(twice.code).toBe(1);
    expect(twice.stderr).toBe('complan: standard input is given twice (--gold and system "stdin"): it can be read only once; save one of them to a file\n');
    const aliases = bin(['eval', '--gold', GOLD, 'a=-', 'b=/dev/stdin'], '');
    expect(aliases.code).toBe(1);
    expect(aliases.stderr).toContain('(system "a" and system "b")');
    const empty = bin(['eval', '--gold', GOLD, '-'], '');
    expect(empty.code).toBe(2);
    expect(empty.stderr).toBe('complan: -: standard input is empty, but the gold standard has 76 sentences\n');
    expect(bin(['eval', '--gold', '-', 'examples/news/systems/crf.conll'], '').stderr).toBe('complan: -: the gold standard has no sentences (standard input is empty)\n');
    expect(bin(['eval', '-'], '\n\n').stderr).toBe('complan: -: standard input has no sentences (only blank lines and -DOCSTART- lines)\n');
  });

  it('plan refuses standard input in both the planning data and --test', () => {
    const r = bin(['plan', '--gold', GOLD, CRF, '-', '--test', CRF, 'stdin=-', '--test-gold', GOLD], '');
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('standard input is given twice (system "stdin" and --test system "stdin")');
  });

  it.runIf(hasBash)('reads FIFOs, /dev/stdin and process substitution as the file', () => {
    const want = scoresOf(bin(['eval', '--gold', GOLD, CRF, SLOPPY, '--format', 'json']).stdout);
    const fifo = join(dir, 'crf.fifo');
    const runs = [
      `mkfifo '${fifo}'; cat ${CRF} > '${fifo}' & complan eval --gold ${GOLD} crf='${fifo}' ${SLOPPY} --format json`,
      `complan eval --gold ${GOLD} crf=/dev/stdin ${SLOPPY} --format json < <(cat ${CRF})`,
      `cat ${CRF} | complan eval --gold ${GOLD} crf=/dev/stdin ${SLOPPY} --format json`,
      `complan eval --gold <(cat ${GOLD}) crf=<(cat ${CRF}) ${SLOPPY} --format json`,
    ];
    for (const script of runs) {
      const r = sh(script);
      expect(r.stderr, script).toBe('');
      expect(r.code, script).toBe(0);
      expect(scoresOf(r.stdout), script).toEqual(want);
    }
  });

  it.runIf(hasBash)('names a process substitution after its descriptor (fd63), not a bare number', () => {
    const r = sh(`complan eval --gold ${GOLD} <(cat ${CRF}) --format json`);
    expect(r.code, r.stderr).toBe(0);
    const names = (JSON.parse(r.stdout) as { systems: Array<{ name: string }> }).systems.map((s) => s.name);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^fd\d+$/);
  });

  it.runIf(hasBash)('compare, combine and plan take a pipe too', () => {
    for (const args of [
      ['compare', '--gold', GOLD, SLOPPY, '--format', 'csv'],
      ['combine', '--gold', GOLD, SLOPPY, 'examples/news/systems/gazetteer.conll', '--rule', 'vote'],
      ['plan', '--gold', GOLD, SLOPPY, '--top', '2', '--folds', '0', '--format', 'json'],
    ]) {
      const file = bin([...args, `stdin=${CRF}`]);
      const pipe = bin([...args, '-'], readFileSync(join(ROOT, CRF), 'utf8'));
      expect(pipe.code, pipe.stderr).toBe(0);
      expect(pipe.stdout.replaceAll(CRF, '-')).toBe(file.stdout.replaceAll(CRF, '-'));
    }
  });
});

describe('standard input on the CoNLL-2003 systems', () => {
  const present = conll03Present('streams.test.ts');
  it.runIf(present)('a 3 MB pipe (many chunks) scores exactly as the file', () => {
    const gold = join(CONLL03_DIR, 'gold.conll');
    const sys = join(CONLL03_DIR, 'rand-lstmcrf.conll');
    const file = bin(['eval', '--gold', gold, sys, '--format', 'json']);
    const pipe = bin(['eval', '--gold', gold, '-', '--format', 'json'], readFileSync(sys, 'utf8'));
    expect(pipe.code, pipe.stderr).toBe(0);
    expect(scoresOf(pipe.stdout)).toEqual(scoresOf(file.stdout));
  });
});
