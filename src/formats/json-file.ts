/**
 * Small JSON files the commands read besides the data (saved plans, label distances): read as a
 * stream with a size limit, so that a pipe, a FIFO or process substitution works as a file does
 * and an endless source (`/dev/zero`) ends in a clear error instead of exhausting memory; and
 * checked for nesting depth before they are parsed, so that no later step recurses without
 * bound.
 */
import { isUtf8 } from 'node:buffer';
import { closeSync, openSync, readSync } from 'node:fs';
import { InputError } from '../errors.js';
import { looksUtf16, notUtf8Error, utf16Error } from './lines.js';

/** The largest such file read, in bytes (named in the error). */
export const MAX_JSON_FILE_BYTES = 16 * 1024 * 1024;
/** The deepest nesting of arrays and objects accepted (named in the error). */
export const MAX_JSON_DEPTH = 64;

/**
 * The text of `path`, read in order without seeking, at most `maxBytes` bytes.
 * @throws InputError naming the file when it cannot be read, is larger than the limit, or is not
 *   UTF-8 (naming the line and column of the first byte that is not).
 */
export function readSmallTextFile(path: string, maxBytes = MAX_JSON_FILE_BYTES): string {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    throw openError(err, path);
  }
  try {
    const parts: Buffer[] = [];
    let total = 0;
    const buf = Buffer.allocUnsafe(1 << 16);
    for (;;) {
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch (err) {
        throw openError(err, path);
      }
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw new InputError(`larger than ${maxBytes / (1024 * 1024)} MiB, the most this file may hold`, path);
      parts.push(Buffer.from(buf.subarray(0, n)));
    }
    const bytes = Buffer.concat(parts, total);
    if (looksUtf16(bytes)) throw utf16Error(path);
    // As the data files are: bytes that are not UTF-8 (Latin-1, a binary file) would be read as
    // U+FFFD, a label no input has, and the error would blame the input.
    if (!isUtf8(bytes)) throw notUtf8Error(bytes, 1, path);
    return bytes.toString('utf8');
  } finally {
    closeSync(fd);
  }
}

function openError(err: unknown, path: string): InputError {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new InputError('no such file', path);
  if (code === 'EISDIR') return new InputError('is a directory, expected a file', path);
  if (code === 'EACCES' || code === 'EPERM') return new InputError('permission denied', path);
  return new InputError(`cannot read: ${(err as Error).message}`, path);
}

/**
 * The 1-based line where arrays and objects first nest deeper than `maxDepth` in JSON `text`,
 * or 0 when they never do. Brackets inside strings are not counted.
 */
export function tooDeepAt(text: string, maxDepth = MAX_JSON_DEPTH): number {
  let depth = 0;
  let line = 1;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) line++;
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 || c === 123) {
      if (++depth > maxDepth) return line;
    } else if (c === 93 || c === 125) {
      depth--;
    }
  }
  return 0;
}

/**
 * A short description of a JSON value for an error message: its JSON text clipped to `max`
 * characters (`nothing` for undefined).
 */
export function describeJson(x: unknown, max = 80): string {
  if (x === undefined) return 'nothing';
  let s: string;
  try {
    s = JSON.stringify(x) ?? String(x);
  } catch {
    s = Array.isArray(x) ? 'a list' : 'an object';
  }
  return s.length <= max ? s : `${s.slice(0, max)}…`;
}
