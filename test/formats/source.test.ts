/**
 * Streams (FIFOs here, as pipes and standard input are read alike): kinds, peeking for
 * detection without losing bytes, reading twice through memory, and standard input read once.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { detectFormat } from '../../src/formats/detect.js';
import { forEachLine, lineReaderInternals } from '../../src/formats/lines.js';
import { readConll } from '../../src/formats/conll.js';
import { DEFAULT_READ_OPTIONS, type Segment } from '../../src/formats/segment.js';
import { checkStdinOnce, inputKind, isStdin, keepWhole, releaseWhole } from '../../src/formats/source.js';

const dir = mkdtempSync(join(tmpdir(), 'complan-source-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const chunk = lineReaderInternals.chunkSize;
afterEach(() => {
  lineReaderInternals.chunkSize = chunk;
});

const canFifo = spawnSync('mkfifo', [join(dir, 'probe')]).status === 0;

let fifos = 0;
/** A FIFO that a child process fills with `text` (once) as soon as a reader opens it. */
function fifoWith(text: string): string {
  const file = join(dir, `data${fifos}.txt`);
  const fifo = join(dir, `fifo${fifos++}`);
  writeFileSync(file, text);
  expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
  spawn('sh', ['-c', `cat '${file}' > '${fifo}'`], { stdio: 'ignore' }).unref();
  return fifo;
}

describe('input kinds', () => {
  it('tells directories, files and streams apart; - is standard input', () => {
    expect(inputKind(dir)).toBe('directory');
    expect(inputKind('examples/news/gold.conll')).toBe('file');
    expect(inputKind('-')).toBe('stream');
    expect(isStdin('-')).toBe(true);
    expect(isStdin('/dev/stdin')).toBe(true);
    expect(isStdin('./-')).toBe(false);
    expect(() => inputKind(join(dir, 'nothing'))).toThrow(/nothing: no such file or directory/);
  });

  it('refuses standard input read twice, naming both uses', () => {
    expect(() => checkStdinOnce([{ path: 'a', what: 'A' }, { path: '-', what: 'B' }])).not.toThrow();
    const twice = () => checkStdinOnce([{ path: '-', what: '--gold' }, { path: 'x', what: 'X' }, { path: '/dev/stdin', what: 'system "s"' }]);
    expect(twice).toThrow(UsageError);
    expect(twice).toThrow('standard input is given twice (--gold and system "s")');
  });
});

describe.runIf(canFifo)('streams', () => {
  const lines = Array.from({ length: 3000 }, (_, i) => `token${i} ${i % 7 === 0 ? 'B-X' : 'O'}`);
  const text = `${lines.join('\n')}\n`;

  it('detection peeks at a FIFO, and the reader still gets every byte, across small chunks', () => {
    lineReaderInternals.chunkSize = 1000;
    const fifo = fifoWith(`{"tokens":["a"],"spans":[]}\n${text}`);
    expect(inputKind(fifo)).toBe('stream');
    expect(detectFormat(fifo)).toBe('jsonl');
    const got: string[] = [];
    forEachLine(fifo, (line) => void got.push(line));
    expect(got).toEqual(['{"tokens":["a"],"spans":[]}', ...lines]);
  });

  it('a peek longer than the stream sees all of it', () => {
    const fifo = fifoWith('a O\n');
    expect(detectFormat(fifo)).toBe('conll');
    const got: string[] = [];
    forEachLine(fifo, (line) => void got.push(line));
    expect(got).toEqual(['a O']);
  });

  it('keepWhole lets a stream be read twice (from memory), and a strict two-pass read matches the file', () => {
    const fifo = fifoWith(text);
    keepWhole(fifo);
    let first = 0;
    let second = 0;
    forEachLine(fifo, () => void first++);
    forEachLine(fifo, () => void second++);
    releaseWhole(fifo);
    expect([first, second]).toEqual([3000, 3000]);
    const file = join(dir, 'plain.conll');
    writeFileSync(file, text);
    const read = (path: string) => {
      const segs: Segment[] = [];
      const summary = readConll(path, { ...DEFAULT_READ_OPTIONS, role: 'gold', strictScheme: true }, (s) => void segs.push(s));
      return { summary, spans: segs.map((s) => s.spans.map((x) => [x.start, x.end, x.label])) };
    };
    const want = read(file);
    expect(want.spans.flat()).toHaveLength(429);
    expect(read(fifoWith(text))).toEqual(want);
  });
});
