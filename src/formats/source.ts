/**
 * Where an input's bytes come from. A regular file is opened by its path. Anything else that is
 * not a directory — standard input (the path `-`), a pipe, a FIFO, `/dev/stdin`, a process
 * substitution `<(...)` (`/dev/fd/63`) — is a **stream**: read once, from start to end, with
 * plain sequential reads, never seeked and never sized (`stat` only tells what kind of file it
 * is). Format detection peeks at a stream's first bytes; they are kept and handed to the reader
 * first, so the stream is never read twice.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { InputError, UsageError } from '../errors.js';
import { describeFsError } from './lines.js';

/** The path that reads standard input. */
export const STDIN = '-';

/** The name a system read from standard input gets when it is not named (`name=-` names it). */
export const STDIN_NAME = 'stdin';

/** Other names of standard input on Linux and the BSDs, which count as `-` when checking it is read once. */
const STDIN_ALIASES = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** Whether `path` reads standard input (`-`, or `/dev/stdin` and its aliases). */
export function isStdin(path: string): boolean {
  return path === STDIN || STDIN_ALIASES.has(path);
}

/** What a path names: a directory, a regular file, or a stream (see the module comment). */
export type InputKind = 'directory' | 'file' | 'stream';

/** The kind of input at `path`; throws an InputError naming it when it cannot be found. */
export function inputKind(path: string): InputKind {
  if (path === STDIN) return 'stream';
  try {
    const st = statSync(path);
    if (st.isDirectory()) return 'directory';
    return st.isFile() ? 'file' : 'stream';
  } catch (err) {
    throw new InputError(describeFsError(err), path);
  }
}

/**
 * Rejects standard input given more than once (`uses`: each input, with what it is for, as
 * `--gold` or `system "a"`): it can be read only once.
 */
export function checkStdinOnce(uses: ReadonlyArray<{ path: string; what: string }>): void {
  const readers = uses.filter((u) => isStdin(u.path));
  if (readers.length > 1) {
    throw new UsageError(`standard input is given twice (${readers[0].what} and ${readers[1].what}): it can be read only once; save one of them to a file`);
  }
}

/** An open input: its descriptor and the bytes already read from it (a stream's peeked head). */
export interface InputHandle {
  readonly path: string;
  readonly fd: number;
  readonly stream: boolean;
  /** Bytes read ahead (by detection), handed out before the descriptor is read again. */
  pending: Buffer | undefined;
}

/** Streams whose head detection has read, waiting for their reader. */
const peeked = new Map<string, InputHandle>();

/** Streams read whole, for readers that read twice (see {@link keepWhole}). */
const kept = new Map<string, Buffer>();

/** Opens `path` for reading from its start (a stream where detection left it). */
export function openInput(path: string): InputHandle {
  const whole = kept.get(path);
  if (whole !== undefined) return { path, fd: -1, stream: true, pending: whole };
  const waiting = peeked.get(path);
  if (waiting !== undefined) {
    peeked.delete(path);
    return waiting;
  }
  if (path === STDIN) return { path, fd: 0, stream: true, pending: undefined };
  const kind = inputKind(path);
  if (kind === 'directory') throw new InputError('is a directory, expected a file', path);
  // `/dev/stdin` and its aliases when standard input is a pipe or a socket: its descriptor
  // (opening the alias of a socket fails).
  if (kind === 'stream' && isStdin(path)) return { path, fd: 0, stream: true, pending: undefined };
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    throw new InputError(describeFsError(err), path);
  }
  return { path, fd, stream: kind === 'stream', pending: undefined };
}

/**
 * Reads up to `length` bytes into `buf` at `offset`, from the current position (the peeked
 * bytes first), or from byte `position` of a regular file; 0 at the end of the input. Waits for
 * a stream that has nothing yet.
 */
export function readInput(h: InputHandle, buf: Buffer, offset: number, length: number, position: number | null = null): number {
  const pending = h.pending;
  if (pending !== undefined) {
    const n = Math.min(length, pending.length);
    pending.copy(buf, offset, 0, n);
    h.pending = n < pending.length ? pending.subarray(n) : undefined;
    return n;
  }
  if (h.fd < 0) return 0;
  for (;;) {
    try {
      return readSync(h.fd, buf, offset, length, position);
    } catch (err) {
      // A non-blocking descriptor (standard input set so by a parent process) with no data yet.
      if ((err as { code?: string }).code === 'EAGAIN') {
        pause(5);
        continue;
      }
      if ((err as { code?: string }).code === 'EOF') return 0;
      throw new InputError(describeFsError(err), h.path);
    }
  }
}

/** Closes an input; standard input's descriptor stays open. */
export function closeInput(h: InputHandle): void {
  if (h.fd > 2) closeSync(h.fd);
}

/**
 * The first `size` bytes of a stream (fewer when it ends first), and whether that was all of
 * it. The bytes stay with the stream: the next {@link openInput} of `path` reads them first.
 */
export function peekStream(path: string, size: number): { bytes: Buffer; complete: boolean } {
  const h = openInput(path);
  if (h.pending !== undefined) {
    // Peeked before: a peek reads `size` bytes unless the stream ends first.
    peeked.set(path, h);
    return { bytes: h.pending.subarray(0, Math.min(size, h.pending.length)), complete: h.pending.length < size };
  }
  const buf = Buffer.allocUnsafe(size);
  let n = 0;
  let ended = false;
  try {
    while (n < size) {
      const got = readInput(h, buf, n, size - n);
      if (got === 0) {
        ended = true;
        break;
      }
      n += got;
    }
  } catch (err) {
    closeInput(h);
    throw err;
  }
  h.pending = buf.subarray(0, n);
  peeked.set(path, h);
  return { bytes: h.pending, complete: ended };
}

/**
 * For a reader that reads its input twice (a first pass to detect the tag scheme): when `path`
 * is a stream, reads it whole into memory, so that each {@link openInput} until
 * {@link releaseWhole} reads it from the start. A file is left as it is.
 */
export function keepWhole(path: string): void {
  if (kept.has(path) || (!peeked.has(path) && inputKind(path) !== 'stream')) return;
  const h = openInput(path);
  const parts: Buffer[] = [];
  try {
    for (;;) {
      const buf = Buffer.allocUnsafe(1 << 16);
      const n = readInput(h, buf, 0, buf.length);
      if (n === 0) break;
      parts.push(buf.subarray(0, n));
    }
  } finally {
    closeInput(h);
  }
  kept.set(path, Buffer.concat(parts));
}

/** Forgets a stream kept by {@link keepWhole}. */
export function releaseWhole(path: string): void {
  kept.delete(path);
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));

function pause(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}
