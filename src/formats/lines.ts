/**
 * Streaming line reader: reads a file in fixed-size chunks with synchronous I/O and hands each
 * line to a callback, so a file of any size is never held in one string. Accepts a UTF-8 BOM
 * and CRLF line ends; rejects bytes that are not UTF-8 with the line they are on.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { InputError } from '../errors.js';

const CHUNK = 1 << 22; // 4 MiB

/** Called with each line (without its line end) and its 1-based number; return false to stop. */
export type LineCallback = (line: string, lineNo: number) => boolean | void;

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

/** Reads `path` line by line. Returns the number of lines read. */
export function forEachLine(path: string, onLine: LineCallback): number {
  const fd = openForReading(path);
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const buf = Buffer.allocUnsafe(CHUNK);
  let carry = '';
  let lineNo = 0;
  let stopped = false;
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
        throw new InputError('bytes that are not valid UTF-8', path, lineNo + 1 + countNewlines(carry));
      }
      if (n === 0 && text === '') break;
      let start = 0;
      const data = carry + text;
      carry = '';
      for (;;) {
        const nl = data.indexOf('\n', start);
        if (nl < 0) break;
        let end = nl;
        if (end > start && data.charCodeAt(end - 1) === 13) end--;
        lineNo++;
        if (onLine(data.slice(start, end), lineNo) === false) {
          stopped = true;
          break;
        }
        start = nl + 1;
      }
      if (stopped) break;
      carry = data.slice(start);
      if (n === 0) break;
    }
    if (!stopped && carry.length > 0) {
      lineNo++;
      const last = carry.charCodeAt(carry.length - 1) === 13 ? carry.slice(0, -1) : carry;
      onLine(last, lineNo);
    }
  } finally {
    closeSync(fd);
  }
  return lineNo;
}

function countNewlines(s: string): number {
  let k = 0;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) k++;
  return k;
}
