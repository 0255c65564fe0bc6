/**
 * Streaming line reader: reads a file in fixed-size chunks with synchronous I/O and hands each
 * line to a callback, so a file of any size is never held in one string. Accepts a UTF-8 BOM
 * and CRLF line ends; rejects bytes that are not UTF-8, naming the line they are on.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { InputError } from '../errors.js';

const CHUNK = 1 << 22; // 4 MiB

/** Called with each line (without its line end) and its 1-based number; return false to stop. */
export type LineCallback = (line: string, lineNo: number) => boolean | void;

/**
 * Called with a chunk of text and the range [start, end) of one line in it (line end excluded),
 * so a parser can scan the line without a string being made for it; return false to stop.
 */
export type LineRangeCallback = (text: string, start: number, end: number, lineNo: number) => boolean | void;

/** Opens `path` for reading, turning the usual failures into one-line input errors. */
export function openForReading(path: string): number {
  let fd: number;
  try {
    const st = statSync(path);
    if (st.isDirectory()) throw new InputError('is a directory, expected a file', path);
    fd = openSync(path, 'r');
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(describeFsError(err), path);
  }
  return fd;
}

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

/** Reads `path` line by line, as ranges of chunk text. Returns the number of lines read. */
export function forEachLineRange(path: string, onLine: LineRangeCallback): number {
  const fd = openForReading(path);
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const buf = Buffer.allocUnsafe(CHUNK);
  let carry = '';
  let carryBytes: Uint8Array = new Uint8Array(0);
  let lineNo = 0;
  try {
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buf, 0, CHUNK, null);
      } catch (err) {
        throw new InputError(describeFsError(err), path);
      }
      let text: string;
      try {
        text = decoder.decode(buf.subarray(0, n), { stream: n > 0 });
      } catch {
        const bytes = Buffer.concat([carryBytes, buf.subarray(0, n)]);
        throw new InputError('bytes that are not valid UTF-8', path, badByteLine(bytes, lineNo + 1));
      }
      const data = carry.length > 0 ? carry + text : text;
      let start = 0;
      const last = n === 0;
      for (;;) {
        const nl = data.indexOf('\n', start);
        if (nl < 0) break;
        let end = nl;
        if (end > start && data.charCodeAt(end - 1) === 13) end--;
        lineNo++;
        if (onLine(data, start, end, lineNo) === false) return lineNo;
        start = nl + 1;
      }
      carry = data.slice(start);
      if (!last) {
        // Keep the bytes of the unfinished line, to place a bad byte in the next chunk exactly:
        // those after the chunk's last 0x0A (never part of a multi-byte character), including
        // any of a character the chunk cuts off; all of them when the line began earlier.
        const nl = buf.lastIndexOf(10, n - 1);
        carryBytes = nl >= 0 ? Uint8Array.from(buf.subarray(nl + 1, n)) : Buffer.concat([carryBytes, buf.subarray(0, n)]);
      }
      if (last) break;
    }
    if (carry.length > 0) {
      lineNo++;
      const end = carry.charCodeAt(carry.length - 1) === 13 ? carry.length - 1 : carry.length;
      onLine(carry, 0, end, lineNo);
    }
  } finally {
    closeSync(fd);
  }
  return lineNo;
}

/** Reads `path` line by line. Returns the number of lines read. */
export function forEachLine(path: string, onLine: LineCallback): number {
  return forEachLineRange(path, (text, start, end, lineNo) => onLine(text.slice(start, end), lineNo));
}
