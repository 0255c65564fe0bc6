import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { checkHeapRoom, forEachLine, forEachLineRange, LineReader, lineReaderInternals, looksUtf16 } from '../../src/formats/lines.js';
import { inputError, thrown } from '../helpers/errors.js';
import { readBrat } from '../../src/formats/brat.js';
import { readSmallTextFile } from '../../src/formats/json-file.js';
import { DEFAULT_READ_OPTIONS } from '../../src/formats/segment.js';

/** The reader's chunk size (4 MiB). */
const CHUNK = 1 << 22;

const dir = mkdtempSync(join(tmpdir(), 'complan-lines-'));
let serial = 0;

/** Writes `content` to a fresh temp file and returns its path. */
function temp(content: string | Buffer): string {
  const path = join(dir, `in-${serial++}.txt`);
  writeFileSync(path, content);
  return path;
}

/** Every line of `path` with its number, and the count returned. */
function lines(path: string) {
  const got: Array<[number, string]> = [];
  const count = forEachLine(path, (line, no) => {
    got.push([no, line]);
  });
  return { count, lines: got.map(([, l]) => l), numbers: got.map(([n]) => n) };
}


describe('forEachLine: line ends', () => {
  it('splits on LF and numbers lines from 1', () => {
    const r = lines(temp('alpha\nbeta\ngamma\n'));
    expect(r.lines).toEqual(['alpha', 'beta', 'gamma']);
    expect(r.numbers).toEqual([1, 2, 3]);
    expect(r.count).toBe(3);
  });

  it('strips CR of CRLF, also mixed with LF, but keeps a CR inside a line', () => {
    expect(lines(temp('one\r\ntwo\nthree\r\n')).lines).toEqual(['one', 'two', 'three']);
    expect(lines(temp('a\rb\r\n')).lines).toEqual(['a\rb']);
  });

  it('reads a last line without a line end, with or without a final CR', () => {
    expect(lines(temp('first\nlast')).lines).toEqual(['first', 'last']);
    expect(lines(temp('first\r\nlast\r')).lines).toEqual(['first', 'last']);
  });

  it('keeps blank lines, including trailing ones, but adds none after the final LF', () => {
    const r = lines(temp('a\n\n\nb\n\n'));
    expect(r.lines).toEqual(['a', '', '', 'b', '']);
    expect(r.count).toBe(5);
    expect(lines(temp('\n')).lines).toEqual(['']);
    expect(lines(temp('\r\n\r\n')).lines).toEqual(['', '']);
  });

  it('reads an empty file as no lines at all', () => {
    let called = 0;
    expect(forEachLine(temp(''), () => { called++; })).toBe(0);
    expect(called).toBe(0);
  });

  it('drops a UTF-8 byte-order mark at the start only', () => {
    expect(lines(temp('\uFEFFTöken\nB\n')).lines).toEqual(['Töken', 'B']);
    expect(lines(temp('\uFEFF')).count).toBe(0);
    expect(lines(temp('a\n\uFEFFb\n')).lines).toEqual(['a', '\uFEFFb']);
  });

  it('decodes multi-byte characters, including astral ones', () => {
    expect(lines(temp('Zoë 東京\n😀 x\n')).lines).toEqual(['Zoë 東京', '😀 x']);
  });
});

describe('forEachLine: stopping and ranges', () => {
  it('stops when the callback returns false, returning the number of lines read', () => {
    const seen: string[] = [];
    const count = forEachLine(temp('a\nb\nc\nd\n'), (line) => {
      seen.push(line);
      return line !== 'b';
    });
    expect(seen).toEqual(['a', 'b']);
    expect(count).toBe(2);
  });

  it('goes on when the callback returns true or nothing', () => {
    expect(forEachLine(temp('a\nb\nc'), () => true)).toBe(3);
  });

  it('stops at the first line too', () => {
    let calls = 0;
    expect(forEachLineRange(temp('x\ny\n'), () => { calls++; return false; })).toBe(1);
    expect(calls).toBe(1);
  });

  it('hands ranges that exclude the line end', () => {
    const got: string[] = [];
    forEachLineRange(temp('ab\r\ncd\n\nef'), (text, start, end, no) => {
      got.push(`${no}:${text.slice(start, end)}`);
    });
    expect(got).toEqual(['1:ab', '2:cd', '3:', '4:ef']);
  });
});

describe('forEachLine: errors', () => {
  it('names a missing file', () => {
    const path = join(dir, 'nope.conll');
    const err = inputError(() => forEachLine(path, () => {}));
    expect(err.message).toBe(`${path}: no such file or directory`);
    expect(err.file).toBe(path);
    expect(err.line).toBeUndefined();
  });

  it('refuses a directory', () => {
    const sub = join(dir, 'subdir');
    mkdirSync(sub, { recursive: true });
    expect(inputError(() => forEachLine(sub, () => {})).message).toBe(`${sub}: is a directory, expected a file`);
  });

  it('places an invalid byte on its line', () => {
    const path = temp(Buffer.concat([Buffer.from('ok one\nok two\nbad '), Buffer.from([0xff]), Buffer.from(' here\nfine\n')]));
    const err = inputError(() => forEachLine(path, () => {}));
    expect(err.message).toBe(`${path}:3: not valid UTF-8 at column 5: byte 0xFF; convert the file to UTF-8`);
    expect(err.line).toBe(3);
  });

  it('places an invalid byte on line 1, and after a BOM', () => {
    const a = temp(Buffer.from([0xc3, 0x28, 0x0a]));
    expect(inputError(() => forEachLine(a, () => {})).line).toBe(1);
    const b = temp(Buffer.concat([Buffer.from('\uFEFFfine\n'), Buffer.from([0x80]), Buffer.from('\n')]));
    expect(inputError(() => forEachLine(b, () => {})).line).toBe(2);
    // The column counts characters, not bytes, and not the byte-order mark.
    const c = temp(Buffer.concat([Buffer.from('\uFEFFé '), Buffer.from([0xc0, 0x80]), Buffer.from('\n')]));
    expect(inputError(() => forEachLine(c, () => {})).message).toBe(`${c}:1: not valid UTF-8 at column 3: byte 0xC0; convert the file to UTF-8`);
  });

  it('places a character cut off by the end of the file on the last line', () => {
    const path = temp(Buffer.concat([Buffer.from('a\nb\nc'), Buffer.from([0xe6, 0x9d])]));
    const err = inputError(() => forEachLine(path, () => {}));
    expect(err.message).toBe(`${path}:3: not valid UTF-8 at column 2: a character cut off by the end of the file (byte 0xE6): is the file cut short?`);
  });

  it('says a gzip-compressed file is one, and how to read it', async () => {
    const { gzipSync } = await import('node:zlib');
    const path = temp(gzipSync(Buffer.from('Ana B-PER\nsang O\n')));
    expect(inputError(() => forEachLine(path, () => {})).message).toBe(`${path}:1: the input is gzip-compressed, not text: decompress it as it is read, as <(gunzip -c FILE) does`);
  });

  it('names bzip2, xz, zstd and zip inputs as gzip is named, rather than asking to convert them to UTF-8', () => {
    const cases: Array<[number[], string]> = [
      [[0x42, 0x5a, 0x68, 0x39, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59, 0xfe, 0x80], 'the input is bzip2-compressed, not text: decompress it as it is read, as <(bzip2 -dc FILE) does'],
      [[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0x00, 0x04], 'the input is xz-compressed, not text: decompress it as it is read, as <(xz -dc FILE) does'],
      [[0x28, 0xb5, 0x2f, 0xfd, 0x24, 0x11, 0x89, 0x00], 'the input is zstd-compressed, not text: decompress it as it is read, as <(zstd -dc FILE) does'],
      [[0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00, 0xc9, 0xff], 'the input is a zip archive, not text: extract the file as it is read, as <(unzip -p FILE NAME) does'],
    ];
    for (const [bytes, said] of cases) {
      const path = temp(Buffer.from(bytes));
      expect(inputError(() => forEachLine(path, () => {})).message).toBe(`${path}:1: ${said}`);
    }
    // Text that starts with the same letters as bzip2's magic number is still text with a bad byte.
    const text = temp(Buffer.concat([Buffer.from('BZh O\n'), Buffer.from([0xe9]), Buffer.from('\n')]));
    expect(inputError(() => forEachLine(text, () => {})).message).toBe(`${text}:2: not valid UTF-8 at column 1: byte 0xE9; convert the file to UTF-8`);
  });

  it('reports only the lines before the bad one', () => {
    const path = temp(Buffer.concat([Buffer.from('a\nb\n'), Buffer.from([0xfe]), Buffer.from('\nd\n')]));
    const seen: number[] = [];
    expect(() => forEachLine(path, (_l, no) => { seen.push(no); })).toThrow(InputError);
    expect(seen.every((n) => n < 3)).toBe(true);
  });
});

describe('forEachLine: files larger than one 4 MiB chunk', () => {
  it('reads lines that cross the chunk boundary, and a line longer than a chunk, intact', () => {
    // Line 1 is short; line 2 is 4.5 MB and crosses the first boundary; then short lines, one
    // of which the second boundary (8 MiB) cuts; CRLF ends everywhere.
    const long = 'tok\tB-PER '.repeat(450_000);
    const short = Array.from({ length: 420_000 }, (_, k) => `w${k} O`);
    const content = `head\r\n${long}\r\n${short.join('\r\n')}\r\nend`;
    const path = temp(content);
    expect(long.length).toBeGreaterThan(CHUNK);
    expect(Buffer.byteLength(content)).toBeGreaterThan(2 * CHUNK + 100_000);
    const got: string[] = [];
    const count = forEachLine(path, (line) => { got.push(line); });
    expect(count).toBe(2 + short.length + 1);
    expect(got[0]).toBe('head');
    expect(got[1].length).toBe(long.length);
    expect(got[1] === long).toBe(true);
    expect(got.slice(2, -1)).toEqual(short);
    expect(got[got.length - 1]).toBe('end');
    expect(got.some((l) => l.includes('\r'))).toBe(false);
  });

  it('joins a character and a CRLF cut by the chunk boundary', () => {
    // 'é' is 2 bytes: after one byte of padding, the boundary falls inside an 'é'.
    const first = 'é'.repeat(CHUNK / 2 + 10);
    const padded = Buffer.concat([Buffer.from('\n'), Buffer.from(first), Buffer.from('\nnext\n')]);
    expect(padded[CHUNK - 1]).toBe(0xc3);
    const r = lines(temp(padded));
    expect(r.lines.length).toBe(3);
    expect(r.lines[1] === first).toBe(true);
    expect(r.lines[2]).toBe('next');
    // A CR as the last byte of the first chunk and its LF as the first of the next.
    const crlf = Buffer.concat([Buffer.from('x'.repeat(CHUNK - 1)), Buffer.from('\r\nlast\r\n')]);
    expect(crlf[CHUNK - 1]).toBe(0x0d);
    const r2 = lines(temp(crlf));
    expect(r2.lines.map((l) => l.length)).toEqual([CHUNK - 1, 4]);
  });

  it('places a bad byte in the second chunk on its own line', () => {
    const filler = 'a'.repeat(CHUNK + 1000);
    const path = temp(Buffer.concat([Buffer.from(`one\n${filler}\nthree\n`), Buffer.from([0xc0]), Buffer.from('\n')]));
    expect(inputError(() => forEachLine(path, () => {})).line).toBe(4);
  });

  it('places a bad byte exactly when the boundary cut a character at the start of a line', () => {
    // Chunk 1 ends with "\n" and the first byte of "é"; the bad byte is two lines further on.
    const path = temp(Buffer.concat([
      Buffer.from('a'.repeat(CHUNK - 2)), Buffer.from('\n'), Buffer.from('éx\nok\nbad '), Buffer.from([0xff]), Buffer.from('\n'),
    ]));
    const err = inputError(() => forEachLine(path, () => {}));
    expect(err.message).toBe(`${path}:4: not valid UTF-8 at column 5: byte 0xFF; convert the file to UTF-8`);
  });

  it('places a bad byte exactly when the boundary cut a character inside a line', () => {
    // Line 2 starts with "é"s and crosses the boundary inside one; the bad byte is on line 4.
    const path = temp(Buffer.concat([
      Buffer.from('\n'), Buffer.from('é'.repeat(CHUNK / 2 + 5)), Buffer.from('\nok\nbad '), Buffer.from([0xff]), Buffer.from('\n'),
    ]));
    expect(inputError(() => forEachLine(path, () => {})).line).toBe(4);
  });

  it('places a bad byte exactly after a line longer than two chunks', () => {
    const path = temp(Buffer.concat([
      Buffer.from('\n'), Buffer.from('é'.repeat(CHUNK + 7)), Buffer.from('\nok\n'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('\n'),
    ]));
    expect(inputError(() => forEachLine(path, () => {})).line).toBe(4);
  });

  it('places a bad byte inside a line longer than a chunk on that line', () => {
    const path = temp(Buffer.concat([
      Buffer.from('one\n'), Buffer.from('b'.repeat(CHUNK + 50)), Buffer.from([0xff]), Buffer.from('tail\nlast\n'),
    ]));
    expect(inputError(() => forEachLine(path, () => {})).line).toBe(2);
  });
});

describe('LineReader with small chunks (the chunk size injected)', () => {
  const saved = lineReaderInternals.chunkSize;
  afterEach(() => {
    lineReaderInternals.chunkSize = saved;
  });

  /** What reading `content` must give: split on LF, one CR before it dropped, no line after a final LF. */
  function expected(content: string): string[] {
    const text = content.charCodeAt(0) === 0xfeff ? content.slice(1) : content;
    if (text === '') return [];
    const parts = text.split('\n');
    if (parts[parts.length - 1] === '') parts.pop();
    return parts.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  }

  /** Reads `path` with a LineReader: its lines, and the most chunk text it ever held. */
  function readAll(path: string) {
    const r = new LineReader(path);
    const got: string[] = [];
    let held = 0;
    while (r.next()) {
      got.push(r.text.slice(r.start, r.end));
      held = Math.max(held, r.text.length);
    }
    return { lines: got, held, count: r.lineNo };
  }

  it('reads lines that straddle every boundary, CRLF and characters cut by one, intact', () => {
    const content = 'Zoë B-PER\r\nin O\r\n\r\n東京 B-LOC\n😀 O\nlast-line-without-an-end';
    for (const size of [1, 2, 3, 4, 5, 7, 8, 13, 64]) {
      lineReaderInternals.chunkSize = size;
      const r = readAll(temp(content));
      expect(r.lines, `chunk of ${size} bytes`).toEqual(expected(content));
      expect(r.count).toBe(6);
    }
  });

  it('reads a file of many chunks without ever holding more than a chunk and the line it cuts', () => {
    lineReaderInternals.chunkSize = 64;
    const lines = Array.from({ length: 8000 }, (_, k) => `token${k} ${k % 7 === 0 ? 'B-ORG' : 'O'}`);
    lines.splice(4000, 0, 'x'.repeat(300)); // one line longer than four chunks
    const content = `${lines.join('\n')}\n`;
    expect(Buffer.byteLength(content)).toBeGreaterThan(1000 * 64);
    const r = readAll(temp(content));
    expect(r.lines).toEqual(lines);
    // The text held is the unfinished line carried over plus one chunk (64 bytes, at most 64
    // characters): far less than the file.
    expect(r.held).toBeLessThanOrEqual(300 + 64);
    expect(r.held).toBeLessThan(content.length / 100);
  });

  it('places a bad byte on its line whatever the chunk size', () => {
    const bytes = Buffer.concat([Buffer.from('ok é\nsecond line\nbad '), Buffer.from([0xff]), Buffer.from(' here\n')]);
    for (const size of [1, 2, 3, 5, 8, 16]) {
      lineReaderInternals.chunkSize = size;
      expect(inputError(() => forEachLine(temp(bytes), () => {})).line, `chunk of ${size} bytes`).toBe(3);
    }
  });

  it('reads any text as splitting it would, at any chunk size (property)', () => {
    const piece = fc.constantFrom('a', 'B-PER', ' ', '\t', '\n', '\r\n', '\r', 'é', '東', '😀', '-DOCSTART-', '\uFEFF');
    fc.assert(fc.property(fc.array(piece, { maxLength: 60 }), fc.integer({ min: 1, max: 40 }), (pieces, size) => {
      const content = pieces.join('');
      lineReaderInternals.chunkSize = size;
      const got: string[] = [];
      forEachLine(temp(content), (line) => { got.push(line); });
      expect(got).toEqual(expected(content));
    }), { numRuns: 300 });
  });
});

describe('UTF-16 input', () => {
  const text = 'Zorbo B-PER\nKlant I-PER\nwent O\n\n';
  it('is named as such, with or without its byte-order mark, little- or big-endian, rather than read as strange tokens', () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-utf16-'));
    const message = 'the file is UTF-16 (it starts with a UTF-16 byte-order mark, or has a NUL byte beside every letter), not UTF-8: convert it, as iconv -f UTF-16 -t UTF-8 does';
    const le = Buffer.from(text, 'utf16le');
    const be = Buffer.from(le).swap16();
    for (const [name, bytes] of [['le', le], ['be', be], ['bom', Buffer.concat([Buffer.from([0xff, 0xfe]), le])]] as const) {
      const path = join(dir, `${name}.conll`);
      writeFileSync(path, bytes);
      expect(inputError(() => forEachLine(path, () => {})).message, name).toBe(`${path}:1: ${message}`);
    }
  });

  it('is named so in a BRAT text and in a small JSON file (a plan, labels) too', () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-utf16-'));
    const message = 'the file is UTF-16 (it starts with a UTF-16 byte-order mark, or has a NUL byte beside every letter), not UTF-8: convert it, as iconv -f UTF-16 -t UTF-8 does';
    const brat = join(dir, 'brat');
    mkdirSync(brat);
    writeFileSync(join(brat, 'd.txt'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Ada met Bo.', 'utf16le')]));
    writeFileSync(join(brat, 'd.ann'), 'T1\tPER 0 3\tAda\n');
    expect(inputError(() => readBrat(brat, DEFAULT_READ_OPTIONS, () => {})).message).toBe(`${join(brat, 'd.txt')}:1: ${message}`);
    const plan = join(dir, 'plan.json');
    writeFileSync(plan, Buffer.from('{"kind": "complan-plan"}\n', 'utf16le'));
    expect(inputError(() => readSmallTextFile(plan)).message).toBe(`${plan}:1: ${message}`);
  });

  it('is told from UTF-8 text, which has no NUL, and from a run of NULs, which is no text at all', () => {
    expect(looksUtf16(Buffer.from(text, 'utf16le'))).toBe(true);
    expect(looksUtf16(Buffer.from(text, 'utf8'))).toBe(false);
    expect(looksUtf16(Buffer.from('Zürich B-LOC 東京 😀\n', 'utf8'))).toBe(false);
    expect(looksUtf16(Buffer.alloc(4096))).toBe(false);
    expect(looksUtf16(Buffer.from('ab'))).toBe(false);
  });
});

describe('the longest line', () => {
  it('is an error naming the line when a line runs past the limit without a line end', () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-longline-'));
    const saved = { ...lineReaderInternals };
    lineReaderInternals.chunkSize = 64;
    lineReaderInternals.maxLine = 500;
    try {
      const ok = join(dir, 'ok.txt');
      writeFileSync(ok, `a\n${'x'.repeat(499)}\nb\n`);
      const seen: number[] = [];
      forEachLine(ok, (line) => { seen.push(line.length); });
      expect(seen).toEqual([1, 499, 1]);
      const long = join(dir, 'long.txt');
      writeFileSync(long, `a\nb\n${'x'.repeat(2000)}`);
      expect(() => forEachLine(long, () => {})).toThrow(`${long}:3: line 3 is longer than 500 characters, the longest read: expected lines of text (is it a text file?)`);
      // Just past the limit, where the buffer need not grow again, with or without a line end after it.
      for (const tail of ['', '\nc\n']) {
        const past = join(dir, `past${tail.length}.txt`);
        writeFileSync(past, `a\n${'x'.repeat(501)}${tail}`);
        expect(() => forEachLine(past, () => {}), JSON.stringify(tail)).toThrow(`${past}:2: line 2 is longer than 500 characters`);
      }
      // Characters are counted, not bytes: 400 two-byte characters are 400.
      const wide = join(dir, 'wide.txt');
      writeFileSync(wide, `${'é'.repeat(400)}\n`);
      expect(forEachLine(wide, () => {})).toBe(1);
    } finally {
      Object.assign(lineReaderInternals, saved);
    }
  });
});

describe('memory while reading', () => {
  it('stops with one line naming the file when the heap passes its share of the limit, instead of letting V8 abort', () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-heap-'));
    const path = join(dir, 'big.txt');
    writeFileSync(path, 'a\nb\n');
    const saved = { ...lineReaderInternals };
    try {
      forEachLine(path, () => {}); // within the limit: read as usual
      lineReaderInternals.maxHeapShare = 0; // any heap at all is past it
      expect(() => forEachLine(path, () => {})).toThrow(new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: memory is full after reading 0 MiB of this file \\([\\d,]+ MiB of the [\\d,]+ MiB Node may use\\): complan holds its inputs in memory; check that the input ends, or raise the limit with NODE_OPTIONS=--max-old-space-size=MiB$`));
    } finally {
      Object.assign(lineReaderInternals, saved);
    }
  });

  it('refuses objects about to be made that would not fit, naming an old-generation size they would fit in', () => {
    const need = 64 * 2 ** 30; // 64 GiB: past any heap here
    const err = thrown(() => checkHeapRoom('big.conll', need, 'the items read on another thread'));
    expect(err).toBeInstanceOf(InputError);
    const m = /^big\.conll: memory is full: the items read on another thread need about ([\d,]+) MiB more, with [\d,]+ MiB in use, and a load may fill [\d,]+ MiB of the [\d,]+ MiB Node may use \(the rest is V8's young generation and room to work\): complan holds its inputs in memory; raise the limit with NODE_OPTIONS=--max-old-space-size=([\d,]+) or more$/.exec(err.message);
    expect(m, err.message).not.toBeNull();
    expect(Number(m![1].replaceAll(',', ''))).toBe(65536);
    const enough = Number(m![2].replaceAll(',', ''));
    expect(enough % 64).toBe(0);
    // What it names leaves the need 90% of the heap past the young generation's 48 MiB and 16 to work.
    expect((enough * 2 ** 20 + 48 * 2 ** 20 - 64 * 2 ** 20) * 0.9).toBeGreaterThanOrEqual(need);
    // Small objects fit: nothing is thrown.
    expect(() => checkHeapRoom('big.conll', 1024, 'x')).not.toThrow();
  });

  it('counts chunks, so a reader can tell a new chunk from the last without comparing equal texts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-chunks-'));
    const path = join(dir, 'same.txt');
    writeFileSync(path, 'tok O\n'.repeat(40));
    const saved = { ...lineReaderInternals };
    lineReaderInternals.chunkSize = 60; // ten lines a chunk, every chunk the same text
    try {
      const r = new LineReader(path);
      const chunks = new Set<number>();
      while (r.next()) chunks.add(r.chunks);
      expect([...chunks]).toEqual([1, 2, 3, 4]);
    } finally {
      Object.assign(lineReaderInternals, saved);
    }
  });
});
