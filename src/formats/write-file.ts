/**
 * Atomic file output: nothing partial is ever left at the target path.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, fsyncSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
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
 * a new one gets the default mode (0o666 less the umask). A symbolic link at `path` is replaced
 * by a regular file rather than followed. Chunks are gathered into writes of about 64 KiB, so
 * a generator of one small string per sentence costs few system calls, and the output is never
 * held as one string.
 *
 * On any error — from the file system or thrown by the chunk iterable itself (e.g. a writer's
 * validation error midway) — the temporary file is removed and `path` is left as it was.
 * Errors from the iterable are rethrown unchanged.
 *
 * @throws InputError naming `path` (exit code 2) when the directory does not exist, a parent
 *   is not a directory, `path` is a directory, permission is denied, the file system is
 *   read-only or full, or another file-system error occurs.
 */
export function writeFileAtomic(path: string, chunks: Iterable<string>): void {
  if (path === '' || /[\\/]$/.test(path)) throw new InputError('cannot write: expected a file name, not a directory', path || '(empty path)');
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let mode: number | undefined;
  try {
    const st = statSync(path);
    if (st.isDirectory()) throw new InputError('cannot write: it is a directory', path);
    mode = st.mode & 0o7777;
  } catch (err) {
    if (err instanceof InputError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') throw writeError(err, path, dir);
  }
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'wx');
  } catch (err) {
    throw writeError(err, path, dir);
  }
  try {
    if (mode !== undefined) fsCall(() => fchmodSync(fd!, mode!), path, dir);
    let buf = '';
    for (const chunk of chunks) {
      buf += chunk;
      if (buf.length >= BUFFER) {
        writeAll(fd, buf, path, dir);
        buf = '';
      }
    }
    if (buf !== '') writeAll(fd, buf, path, dir);
    fsCall(() => fsyncSync(fd!), path, dir);
    const open = fd;
    fd = undefined;
    fsCall(() => closeSync(open), path, dir);
    fsCall(() => renameSync(tmp, path), path, dir);
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
  }
}

function writeAll(fd: number, text: string, path: string, dir: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let off = 0;
  while (off < bytes.length) off += fsCall(() => writeSync(fd, bytes, off, bytes.length - off), path, dir);
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
    case 'ENOENT': return new InputError(`cannot write: the directory ${dir} does not exist`, path);
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
