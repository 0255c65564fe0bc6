/**
 * Streaming line reader: reads a file in fixed-size chunks with synchronous I/O and hands each
 * line to a callback, so a file of any size is never held in one string. Accepts a UTF-8 BOM
 * and CRLF line ends; rejects bytes that are not UTF-8, naming the line they are on.
 */
import { isUtf8 } from 'node:buffer';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { InputError } from '../errors.js';
import { closeInput, openInput, readInput, type InputHandle } from './source.js';

const CHUNK = 1 << 22; // 4 MiB

/**
 * The longest line read, in characters (64 Mi): a line, even a JSONL record of a whole document,
 * is far shorter; a source without line ends (`/dev/zero`, a binary file) ends in a clear error
 * here rather than exhausting memory.
 */
export const MAX_LINE = 1 << 26;

/**
 * The share of the JavaScript heap's limit that reading may fill: past it, reading stops with an
 * input error naming the file, instead of running on until V8 aborts the process (an endless
 * pipe of valid lines, or inputs larger than memory). Checked after each chunk.
 */
export const MAX_HEAP_SHARE = 0.8;

/** The share of the heap's limit that objects made at the end of a load may bring it to (see {@link checkHeapRoom}). */
const ROOM_SHARE = 0.9;

/**
 * Switches for tests: `chunkSize` is the bytes read at a time (4 MiB), small to cross many
 * boundaries; the heap's shares, 0 for a heap that is always full.
 */
export const lineReaderInternals = { chunkSize: CHUNK, maxLine: MAX_LINE, maxHeapShare: MAX_HEAP_SHARE, roomShare: ROOM_SHARE };

/** V8's full garbage collection, made reachable the first time it is needed. */
let collector: (() => void) | undefined;
function collectGarbage(): void {
  if (collector === undefined) {
    setFlagsFromString('--expose-gc');
    collector = runInNewContext('gc') as () => void;
  }
  collector();
}

/** After a collection found the heap below the limit: the use above which to look again. */
let recheckAbove = 0;

/**
 * Throws an input error naming `path` when the heap holds more than the allowed share of its
 * limit (see {@link MAX_HEAP_SHARE}) after `bytes` of it were read. The heap in use counts
 * garbage not yet collected, so the first time it passes the share a full collection settles
 * whether the inputs themselves fill it; if not, reading goes on, and the next look is when the
 * heap has grown half way from there to 90% of its limit (V8 gives up before the whole limit:
 * part of it is the young generation).
 */
function checkHeap(path: string, bytes: number): void {
  const used = heapOver(0);
  if (used === undefined) return;
  throw new InputError(
    `memory is full after reading ${mib(bytes)} of this file (${mib(used)} of the ${mib(heapLimit())} Node may use): ${RAISE}`,
    path,
  );
}

/**
 * Throws an input error naming `path` when `need` more bytes of objects, about to be made from
 * what was read of it (the objects of a part read on another thread), would not fit in the heap's
 * allowed share (see {@link checkHeap}): `what` says what they are. V8 would abort the process
 * part way through making them instead.
 */
export function checkHeapRoom(path: string, need: number, what: string): void {
  const used = heapOver(need);
  if (used === undefined) return;
  const limit = heapLimit();
  // An old-generation size (--max-old-space-size) under which the load fits, rounded up to 64 MiB.
  const enough = Math.ceil(((used + need) / lineReaderInternals.roomShare + YOUNG_AND_SPARE - YOUNG) / (64 << 20)) * 64;
  throw new InputError(
    `memory is full: ${what} need about ${mib(need)} more, with ${mib(used)} in use, and a load may fill ${mib(roomAllowed(limit))} of the ${mib(limit)} Node may use `
      + `(the rest is V8's young generation and room to work): complan holds its inputs in memory; `
      + `raise the limit with NODE_OPTIONS=--max-old-space-size=${Number.isFinite(enough) ? `${enough.toLocaleString('en-US')} or more` : 'MiB'}`,
    path,
  );
}

/** V8's young generation on 64-bit machines (the heap's limit less --max-old-space-size, measured at 72, 300 and the default). */
const YOUNG = 48 * (1 << 20);

/** What the heap's limit holds besides a load's objects: the young generation, and room to work. */
const YOUNG_AND_SPARE = 64 * (1 << 20);

/** The heap a load may fill with the objects it makes at its end (see {@link checkHeapRoom}). */
function roomAllowed(limit: number): number {
  return Math.max(0, (limit - YOUNG_AND_SPARE) * lineReaderInternals.roomShare);
}

const RAISE = 'complan holds its inputs in memory; check that the input ends, or raise the limit with NODE_OPTIONS=--max-old-space-size=MiB';

function mib(n: number): string {
  return `${Math.round(n / (1 << 20)).toLocaleString('en-US')} MiB`;
}

function heapLimit(): number {
  return getHeapStatistics().heap_size_limit;
}

/**
 * The heap in use, after a full collection, when it and `need` more bytes pass the allowed share
 * of the limit; undefined while they fit (with a collection only when the count before it did not).
 */
function heapOver(need: number): number | undefined {
  const { used_heap_size: seen, heap_size_limit: limit } = getHeapStatistics();
  // Less 64 MiB: V8 gives up before the whole limit, part of which is its young generation.
  // Objects about to be made (`need`) are the last of a load, and counted: they may come nearer
  // the old generation's limit than reading, which leaves room for what follows; that limit is
  // the heap's less its young generation (on a 76 MB file under --max-old-space-size=72, 76 MiB
  // of 120 passed a check of 90% less 32 MiB, and V8 aborted).
  const allowed = need === 0
    ? Math.max(0, limit * lineReaderInternals.maxHeapShare - 64 * (1 << 20))
    : roomAllowed(limit);
  if (seen + need <= Math.max(allowed, need === 0 ? recheckAbove : 0)) return undefined;
  collectGarbage();
  const used = getHeapStatistics().used_heap_size;
  if (used + need <= allowed) {
    if (need === 0) recheckAbove = used + (0.9 * limit - used) / 2;
    return undefined;
  }
  return used;
}

/**
 * Who hears of the bytes read: called with the path and the bytes read from it so far after each
 * chunk, for progress through a large file (set by the loader while it reads; see load.ts).
 */
export const readListener: { onChunk: ((path: string, bytes: number) => void) | undefined } = { onChunk: undefined };

/** A closed reader's chunk buffer, for the next reader: a run reads many files one after another. */
let spareBuffer: Buffer | undefined;

/**
 * Called with each line (without its line end), its 1-based number, and whether it is the last
 * and has no line end (see {@link LineReader.unended}); return false to stop.
 */
export type LineCallback = (line: string, lineNo: number, unended: boolean) => boolean | void;

/**
 * Called with a chunk of text and the range [start, end) of one line in it (line end excluded),
 * so a parser can scan the line without a string being made for it, its number, and whether it
 * is the last and has no line end; return false to stop.
 */
export type LineRangeCallback = (text: string, start: number, end: number, lineNo: number, unended: boolean) => boolean | void;

/** Human wording for a Node file-system error. */
export function describeFsError(err: unknown): string {
  const code = (err as { code?: string }).code;
  switch (code) {
    case 'ENOENT': return 'no such file or directory';
    case 'EACCES':
    case 'EPERM': return 'permission denied';
    case 'EISDIR': return 'is a directory, expected a file';
    case 'ENOTDIR': return 'a component of the path is not a directory';
    default: return (err as Error)?.message ?? String(err);
  }
}

/**
 * Where `bytes` first break UTF-8 (as the WHATWG decoder judges it): the index of the first
 * byte of the bad sequence, and whether it is a character cut off by the end of `bytes`;
 * undefined when they are valid.
 */
export function firstInvalidUtf8(bytes: Uint8Array): { index: number; cutOff: boolean } | undefined {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const c = bytes[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) need = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      need = 2;
      if (c === 0xe0) lo = 0xa0;
      if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      need = 3;
      if (c === 0xf0) lo = 0x90;
      if (c === 0xf4) hi = 0x8f;
    } else return { index: i, cutOff: false };
    for (let k = 1; k <= need; k++) {
      if (i + k >= n) return { index: i, cutOff: true };
      const d = bytes[i + k];
      if (d < lo || d > hi) return { index: i, cutOff: false };
      lo = 0x80;
      hi = 0xbf;
    }
    i += need + 1;
  }
  return undefined;
}

/**
 * The error for bytes that are not UTF-8: names the line (counted from `firstLine`, the line
 * `bytes` start on), the column (in characters, a byte-order mark not counted) and the byte.
 */
/** The error for an input in UTF-16 (see {@link looksUtf16}). */
export function utf16Error(path: string): InputError {
  return new InputError(UTF16, path, 1);
}

const UTF16 = 'the file is UTF-16 (it starts with a UTF-16 byte-order mark, or has a NUL byte beside every letter), not UTF-8: convert it, as iconv -f UTF-16 -t UTF-8 does';

/**
 * Whether the start of an input is UTF-16: a UTF-16 byte-order mark, or, in its first 4 KiB,
 * NUL bytes in every other place and hardly any in the others (text in UTF-16 holds one beside
 * each ASCII letter; UTF-8 text holds none). Such a file of ASCII letters is valid UTF-8, and would read as a file of strange
 * tokens.
 */
export function looksUtf16(bytes: Uint8Array): boolean {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) return true;
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return false;
  let even = 0;
  let odd = 0;
  for (let k = 0; k < n; k += 2) {
    if (bytes[k] === 0) even++;
    if (bytes[k + 1] === 0) odd++;
  }
  // NULs on one side only: a run of NULs (/dev/zero, a binary file) is not text of any kind.
  const half = n / 2;
  return (even >= 0.4 * half && odd <= 0.1 * half) || (odd >= 0.4 * half && even <= 0.1 * half);
}

/**
 * The compressed format whose magic number `bytes` start with, and how to read it decompressed:
 * gzip, bzip2, xz, zstd and zip, as system outputs are often shipped.
 */
function compression(bytes: Uint8Array): [string, string] | undefined {
  const starts = (...magic: number[]) => bytes.length >= magic.length && magic.every((b, k) => bytes[k] === b);
  const as = (command: string) => `decompress it as it is read, as <(${command} FILE) does`;
  if (starts(0x1f, 0x8b)) return ['gzip-compressed', as('gunzip -c')];
  // "BZh" and the block size, 1 to 9.
  if (starts(0x42, 0x5a, 0x68) && bytes[3] >= 0x31 && bytes[3] <= 0x39) return ['bzip2-compressed', as('bzip2 -dc')];
  if (starts(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00)) return ['xz-compressed', as('xz -dc')];
  if (starts(0x28, 0xb5, 0x2f, 0xfd)) return ['zstd-compressed', as('zstd -dc')];
  if (starts(0x50, 0x4b, 0x03, 0x04)) return ['a zip archive', 'extract the file as it is read, as <(unzip -p FILE NAME) does'];
  return undefined;
}

export function notUtf8Error(bytes: Uint8Array, firstLine: number, path: string): InputError {
  const packed = firstLine === 1 ? compression(bytes) : undefined;
  if (packed !== undefined) {
    // A compressed input (its format's magic number), which complan reads only decompressed.
    return new InputError(`the input is ${packed[0]}, not text: ${packed[1]}`, path, 1);
  }
  const bad = firstInvalidUtf8(bytes);
  if (bad === undefined) return new InputError('bytes that are not valid UTF-8', path, badByteLine(bytes, firstLine));
  let lineStart = bad.index > 0 ? bytes.lastIndexOf(10, bad.index - 1) + 1 : 0;
  let line = firstLine;
  for (let k = 0; k < lineStart; k++) if (bytes[k] === 10) line++;
  if (line === 1 && bytes[lineStart] === 0xef && bytes[lineStart + 1] === 0xbb && bytes[lineStart + 2] === 0xbf) lineStart += 3;
  const column = [...Buffer.from(bytes.subarray(lineStart, bad.index)).toString('utf8')].length + 1;
  const byte = `0x${bytes[bad.index].toString(16).toUpperCase().padStart(2, '0')}`;
  // A character cut by the end of the file is a file cut short, not one in another encoding.
  const what = bad.cutOff ? `a character cut off by the end of the file (byte ${byte}): is the file cut short?` : `byte ${byte}; convert the file to UTF-8`;
  return new InputError(`not valid UTF-8 at column ${column}: ${what}`, path, line);
}

/** The line (1-based, counted from `firstLine`) of the first invalid UTF-8 byte in `bytes`. */
export function badByteLine(bytes: Uint8Array, firstLine: number): number {
  const probe = new TextDecoder('utf-8', { fatal: true });
  let line = firstLine;
  let lineStart = 0;
  for (let k = 0; k <= bytes.length; k++) {
    if (k === bytes.length || bytes[k] === 10) {
      try {
        probe.decode(bytes.subarray(lineStart, k));
      } catch {
        return line;
      }
      line++;
      lineStart = k + 1;
    }
  }
  return line - 1;
}

/**
 * A part of a regular file, bytes `start` to `end`, that both start lines (the file is read
 * from several threads, one part each: see load-split.ts). Its lines are numbered from 1 as if
 * the part were a file.
 */
export interface FilePart {
  start: number;
  end: number;
}

/**
 * Reads a file (or a stream: see source.ts) line by line as ranges of chunk text: each {@link next} call moves to the next
 * line, `text.slice(start, end)` (line end excluded). A pull reader, so a parser runs its loop
 * in one function. Call
 * {@link close} when stopping early (it is called when the file ends or reading fails).
 *
 * Given a {@link FilePart}, it reads that part of a regular file only: {@link next} is false at
 * the part's end, the file stays open, and {@link extend} moves the end further on.
 */
export class LineReader {
  /** The text of the current chunk: whole lines (the last line of the input may have no line end). */
  text = '';
  /** Where the current line starts in `text`. */
  start = 0;
  /** Where the current line ends in `text` (its line end excluded). */
  end = 0;
  /** The 1-based number of the current line; after the end, the number of lines read. */
  lineNo = 0;
  /**
   * How many chunks `text` has held: tells a new chunk from the last at once, where comparing
   * the strings would compare every character of two chunks of equal length and content (an
   * endless `yes` fills the pipe with such chunks, and a check per line made that quadratic).
   */
  chunks = 0;
  private pos = 0;
  private input: InputHandle | undefined;
  private eof = false;
  private atStart = true;
  /** The bytes read; its first `carry` are the line not yet ended, read but not decoded. */
  private buf: Buffer | undefined;
  private carry = 0;
  /** Bytes read so far. */
  private bytes = 0;
  /** With a part: the next byte of the file to read, and the byte the part ends at. */
  private position: number | null = null;
  private stop = Infinity;

  constructor(readonly path: string, part?: FilePart) {
    this.input = openInput(path);
    if (part !== undefined) {
      this.position = part.start;
      this.stop = part.end;
      // Only a file's first byte may start a byte order mark.
      this.atStart = part.start === 0;
    }
    const size = 2 * lineReaderInternals.chunkSize;
    this.buf = spareBuffer !== undefined && spareBuffer.length === size ? spareBuffer : Buffer.allocUnsafe(size);
    spareBuffer = undefined;
  }

  /** Whether the current line is the input's last and has no line end (a file cut inside it, or a last line end left out). */
  unended = false;

  /** Moves to the next line; false at the end of the file. */
  next(): boolean {
    for (;;) {
      const text = this.text;
      const pos = this.pos;
      const nl = text.indexOf('\n', pos);
      if (nl >= 0) {
        let end = nl;
        if (end > pos && text.charCodeAt(end - 1) === 13) end--;
        this.start = pos;
        this.end = end;
        this.pos = nl + 1;
        this.lineNo++;
        return true;
      }
      if (this.eof) {
        if (pos < text.length) {
          // The last line, without a line end.
          this.unended = true;
          this.start = pos;
          this.end = text.charCodeAt(text.length - 1) === 13 ? text.length - 1 : text.length;
          this.pos = text.length;
          this.lineNo++;
          return true;
        }
        if (this.position === null) this.close();
        return false;
      }
      try {
        this.fill();
      } catch (err) {
        this.close();
        throw err;
      }
    }
  }

  /**
   * Reads on until a line ends (or the input does) and decodes the whole lines read, the
   * unfinished line's bytes kept for the next chunk. Only whole lines are decoded, so a chunk's
   * text is one string decoded at once: gluing the end of one chunk's text to the next made a
   * two-part string, every character of which costs more than twice as much to read.
   */
  private fill(): void {
    let buf = this.buf!;
    let end = this.carry;
    let lineEnd = -1;
    for (;;) {
      // A chunk at a time, after the unfinished line (the buffer holds two chunks).
      if (buf.length - end < lineReaderInternals.chunkSize) buf = this.grow(end);
      const want = lineReaderInternals.chunkSize;
      const position = this.position;
      const n = position === null
        ? readInput(this.input!, buf, end, want)
        : position < this.stop ? readInput(this.input!, buf, end, Math.min(want, this.stop - position), position) : 0;
      if (n === 0) {
        this.eof = true;
        break;
      }
      if (position !== null) this.position = position + n;
      this.bytes += n;
      checkHeap(this.path, this.bytes);
      readListener.onChunk?.(this.path, this.bytes);
      end += n;
      lineEnd = buf.lastIndexOf(10, end - 1);
      if (lineEnd >= 0) break;
      // Still one unfinished line: past the longest allowed, it is an error now, not once the buffer must grow.
      this.checkLineLength(end);
    }
    // The first line, carried over chunks, may have passed the limit in the chunk that ended it
    // (any other line is within one chunk, far shorter).
    this.checkLineLength(lineEnd >= 0 ? buf.indexOf(10) : end);
    // Whole lines: to the last line end, or everything left at the end of the input.
    const upTo = this.eof ? end : lineEnd + 1;
    const data = buf.subarray(0, upTo);
    if (this.atStart && looksUtf16(data)) throw utf16Error(this.path);
    if (!isUtf8(data)) throw notUtf8Error(data, this.lineNo + 1, this.path);
    let text = buf.toString('utf8', 0, upTo);
    if (this.atStart && text.length > 0) {
      // A byte order mark is dropped, as TextDecoder drops it.
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      this.atStart = false;
    }
    buf.copyWithin(0, upTo, end);
    this.carry = end - upTo;
    this.text = text;
    this.pos = 0;
    this.chunks++;
  }

  /**
   * Throws when the unfinished line, the first `end` bytes of the buffer, is longer than the
   * longest allowed, in characters (a line of more bytes may hold fewer characters: then they are counted).
   */
  private checkLineLength(end: number): void {
    const max = lineReaderInternals.maxLine;
    if (end <= max || this.buf!.toString('utf8', 0, end).length <= max) return;
    const mib = max / (1 << 20);
    throw new InputError(`line ${this.lineNo + 1} is longer than ${mib >= 1 ? `${mib} Mi` : max} characters, the longest read: expected lines of text (is it a text file?)`, this.path, this.lineNo + 1);
  }

  /**
   * A buffer twice the size, holding the first `end` bytes of this one: the unfinished line is
   * longer than a chunk. A line longer than the longest allowed is an error.
   */
  private grow(end: number): Buffer {
    this.checkLineLength(end);
    const grown = Buffer.allocUnsafe(2 * this.buf!.length);
    this.buf!.copy(grown, 0, 0, end);
    this.buf = grown;
    return grown;
  }

  /**
   * Reads on to byte `end` of the file, after {@link next} was false at the end of the part: the
   * part ended where a line starts, and the next line read is the one there. False, having done
   * nothing, when the reader reads no part or `end` is not beyond its end.
   */
  extend(end: number): boolean {
    if (this.position === null || end <= this.stop || this.input === undefined) return false;
    this.stop = end;
    this.eof = false;
    return true;
  }

  /** Where the line after the current one starts in `text`. */
  get following(): number {
    return this.pos;
  }

  /**
   * Moves past lines a caller has read itself in `text`: the next line starts at `pos`, which
   * must be the start of a line after the current one, `lines` lines further on.
   */
  skip(pos: number, lines: number): void {
    this.pos = pos;
    this.lineNo += lines;
  }

  /** Closes the file (again: no effect). */
  close(): void {
    if (this.input !== undefined) {
      const input = this.input;
      this.input = undefined;
      if (this.buf?.length === 2 * lineReaderInternals.chunkSize) spareBuffer = this.buf;
      this.buf = undefined;
      closeInput(input);
    }
  }
}

/** Reads `path` line by line, as ranges of chunk text. Returns the number of lines read. */
export function forEachLineRange(path: string, onLine: LineRangeCallback): number {
  const r = new LineReader(path);
  try {
    while (r.next()) {
      if (onLine(r.text, r.start, r.end, r.lineNo, r.unended) === false) break;
    }
  } finally {
    r.close();
  }
  return r.lineNo;
}

/** Reads `path` line by line. Returns the number of lines read. */
export function forEachLine(path: string, onLine: LineCallback): number {
  return forEachLineRange(path, (text, start, end, lineNo, unended) => onLine(text.slice(start, end), lineNo, unended));
}
