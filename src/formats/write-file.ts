/**
 * Atomic file output: nothing partial is ever left at the target path.
 */
import { randomBytes } from 'node:crypto';
import { accessSync, closeSync, constants, existsSync, fchmodSync, fsyncSync, lstatSync, openSync, readlinkSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { InputError } from '../errors.js';

/** Text is gathered up to this many UTF-16 units before one write call. */
const BUFFER = 1 << 16;

/**
 * Writes the concatenation of `chunks` (UTF-8) to `path` atomically.
 *
 * The chunks are streamed to a temporary file in the target's directory, named
 * `.<name>.<pid>.<random>.tmp` (created exclusively, so two writers never share one), which is
 * flushed to disk (fsync) and then renamed over `path`. Readers of `path` therefore see the
 * old file or the complete new one, never a part. An existing file keeps its permission bits;
 * a new one gets the default mode (0o666 less the umask). A symbolic link at `path` is followed:
 * the file it names is replaced (atomically, in that file's directory) and the link stays.
 * A path that names something other than a regular file — a pipe or FIFO (`>(cmd)`,
 * `/dev/stdout` on a pipe), a terminal, a device such as `/dev/null` — is written through, in
 * order, as a stream: there is nothing to replace atomically, and what a reader has consumed
 * cannot be taken back if the output fails midway. Chunks are gathered into writes of about 64 KiB, so
 * a generator of one small string per sentence costs few system calls, and the output is never
 * held as one string.
 *
 * On any error — from the file system or thrown by the chunk iterable itself (e.g. a writer's
 * validation error midway) — the temporary file is removed and `path` is left as it was.
 *
 * SIGINT, SIGTERM and SIGHUP that arrive while the temporary file exists take effect once it is
 * renamed or removed ({@link deferSignals}), so they never leave it behind; SIGKILL cannot be
 * deferred, and can leave one.
 * Errors from the iterable are rethrown unchanged.
 *
 * @throws InputError naming `path` (exit code 2) when the directory does not exist, a parent
 *   is not a directory, `path` is a directory, permission is denied, the file system is
 *   read-only or full, or another file-system error occurs.
 */
export function writeFileAtomic(path: string, chunks: Iterable<string>): void {
  const place = placeOf(path);
  if (place === undefined) return writeThrough(path, chunks);
  const { target, mode } = place;
  const dir = dirname(target);
  const tmp = temporaryName(target);
  let fd: number | undefined;
  const signals = deferSignals();
  try {
    fd = openSync(tmp, 'wx');
  } catch (err) {
    signals.release();
    throw writeError(err, path, dir);
  }
  try {
    if (mode !== undefined) fsCall(() => fchmodSync(fd!, mode!), path, dir);
    writeChunks(fd, chunks, path, dir);
    fsCall(() => fsyncSync(fd!), path, dir);
    const open = fd;
    fd = undefined;
    fsCall(() => closeSync(open), path, dir);
    fsCall(() => renameSync(tmp, target), path, dir);
  } catch (err) {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // Already failing: the first error is the one to report.
      }
    }
    try {
      unlinkSync(tmp);
    } catch {
      // The temporary file may not exist any more (e.g. the rename happened).
    }
    throw err;
  } finally {
    signals.release();
  }
}

/** The temporary file beside `target` that a write fills before renaming it over `target`. */
function temporaryName(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
}

/**
 * Checks, before any work, that {@link writeFileAtomic} can write `path`: a regular file or a new
 * one in an existing directory this process may write in, not a directory. The check makes the
 * write's temporary file and removes it at once, so whatever would stop the write (permissions,
 * a read-only or full file system, a directory such as /proc that takes no new file, as root
 * too) stops the check. A special file (pipe, terminal, device) is not checked: it is written
 * through. So a command with several outputs fails before writing any, rather than after
 * writing one.
 * @throws InputError naming `path`, with the message the write itself would give.
 */
export function checkWritable(path: string): void {
  const place = placeOf(path);
  if (place === undefined) return;
  const dir = dirname(place.target);
  try {
    if (!statSync(dir).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    accessSync(dir, constants.W_OK);
  } catch (err) {
    throw writeError(err, path, dir);
  }
  const probe = temporaryName(place.target);
  const signals = deferSignals();
  try {
    closeSync(openSync(probe, 'wx'));
    unlinkSync(probe);
  } catch (err) {
    throw writeError(err, path, dir);
  } finally {
    signals.release();
  }
}

function canWrite(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Where a write of `path` goes: the regular file it names (a symbolic link followed), with its
 * permission bits, or the new file (a dangling link's target); undefined for a special file,
 * which is written through.
 * @throws InputError for a path that ends in a separator, names a directory, or cannot be looked at.
 */
function placeOf(path: string): { target: string; mode?: number } | undefined {
  if (path === '' || /[\\/]$/.test(path)) throw new InputError('cannot write: expected a file name, not a directory', path || '(empty path)');
  try {
    const st = statSync(path);
    if (st.isDirectory()) throw new InputError('cannot write: it is a directory', path);
    if (!st.isFile()) return undefined;
    // Replacing a file by renaming over it needs only the directory: a read-only file is refused, as writing into it would be.
    if ((st.mode & 0o222) === 0 || !canWrite(path)) {
      throw new InputError(`cannot write: the file is read-only (mode ${(st.mode & 0o777).toString(8)}); make it writable, or choose another file`, path);
    }
    return { target: realpathSync(path), mode: st.mode & 0o7777 };
  } catch (err) {
    if (err instanceof InputError) throw err;
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw writeError(err, path, dirname(path));
    return { target: danglingTarget(path) };
  }
}

const DEFERRED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Holds back SIGINT, SIGTERM and SIGHUP until `release()`: listeners are installed (so the
 * default action, ending the process at once, is not taken while a temporary file exists) and
 * kept until the event loop has polled once more — where a signal that came meanwhile is
 * delivered to them (the write may itself run in a poll callback, whose check phase comes
 * before the next poll: hence two turns of setImmediate) — then removed; a signal so caught is raised again with the default action, unless the
 * process has listeners of its own for it, which then handle it as they would have. The write
 * itself is synchronous, so nothing else runs in between.
 */
function deferSignals(): { release(): void } {
  if (holds++ === 0) for (const s of DEFERRED_SIGNALS) process.on(s, holdSignal);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      setImmediate(() => setImmediate(() => {
        if (--holds > 0) return;
        for (const s of DEFERRED_SIGNALS) process.off(s, holdSignal);
        const signal = caught;
        caught = undefined;
        if (signal !== undefined && process.listenerCount(signal) === 0) process.kill(process.pid, signal);
      }));
    },
  };
}

/** Writes holding signals back (one listener for all of them, however many writes overlap). */
let holds = 0;
/** The first signal held back. */
let caught: NodeJS.Signals | undefined;
function holdSignal(signal: NodeJS.Signals): void {
  caught ??= signal;
}

/** Where a missing `path` is created: the file a dangling symbolic link names, else `path`. */
function danglingTarget(path: string): string {
  try {
    if (lstatSync(path).isSymbolicLink()) return resolve(dirname(path), readlinkSync(path));
  } catch {
    // Nothing at the path at all.
  }
  return path;
}

/** A path naming one of this process's open descriptors: `/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`. */
const OWN_DESCRIPTOR = /^\/dev\/(stdout|stderr)$|^\/(?:dev\/fd|proc\/self\/fd)\/(\d+)$/;

/**
 * Streams the chunks to a special file (pipe, terminal, device) opened for writing. A path that
 * names one of this process's own descriptors is written to that descriptor, not opened again:
 * standard output may be a socket, which cannot be opened by name.
 */
function writeThrough(path: string, chunks: Iterable<string>): void {
  const dir = dirname(path);
  const own = OWN_DESCRIPTOR.exec(path);
  if (own !== null) {
    writeChunks(own[1] === 'stdout' ? 1 : own[1] === 'stderr' ? 2 : Number(own[2]), chunks, path, dir);
    return;
  }
  let fd: number | undefined;
  try {
    fd = openSync(path, 'w');
  } catch (err) {
    throw writeError(err, path, dir);
  }
  try {
    writeChunks(fd, chunks, path, dir);
  } finally {
    try {
      closeSync(fd);
    } catch {
      // A close error after the data went out changes nothing for the reader.
    }
  }
}

/** Blocks the thread for `ms` milliseconds (a pipe that is full, written without blocking). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Writes the chunks gathered into writes of about {@link BUFFER} units. */
function writeChunks(fd: number, chunks: Iterable<string>, path: string, dir: string): void {
  let buf = '';
  for (const chunk of chunks) {
    buf += chunk;
    if (buf.length >= BUFFER) {
      writeAll(fd, buf, path, dir);
      buf = '';
    }
  }
  if (buf !== '') writeAll(fd, buf, path, dir);
}

function writeAll(fd: number, text: string, path: string, dir: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let off = 0;
  while (off < bytes.length) {
    try {
      off += writeSync(fd, bytes, off, bytes.length - off);
    } catch (err) {
      // A descriptor in non-blocking mode (standard output on a pipe) refuses while it is full.
      if ((err as NodeJS.ErrnoException).code === 'EAGAIN') pause(1);
      else throw writeError(err, path, dir);
    }
  }
}

/** Runs one file-system call, turning its failure into an InputError naming `path`. */
function fsCall<T>(call: () => T, path: string, dir: string): T {
  try {
    return call();
  } catch (err) {
    throw writeError(err, path, dir);
  }
}

function writeError(err: unknown, path: string, dir: string): InputError {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    // A directory that exists but takes no new file (/proc) fails to create one with ENOENT too.
    case 'ENOENT': return new InputError(existsSync(dir) ? `cannot write: no file can be created in ${dir}` : `cannot write: the directory ${dir} does not exist`, path);
    case 'ENOTDIR': return new InputError(`cannot write: a parent of the file (in ${dir}) is not a directory`, path);
    case 'EISDIR': return new InputError('cannot write: it is a directory', path);
    case 'EACCES':
    case 'EPERM': return new InputError(`cannot write: permission denied (the file, or the directory ${dir})`, path);
    case 'EROFS': return new InputError('cannot write: read-only file system', path);
    case 'ENOSPC': return new InputError('cannot write: no space left on the device', path);
    case 'EDQUOT': return new InputError('cannot write: disk quota exceeded', path);
    default: return new InputError(`cannot write: ${(err as Error)?.message ?? String(err)}`, path);
  }
}
