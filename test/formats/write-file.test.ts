import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { checkWritable, writeFileAtomic } from '../../src/formats/write-file.js';
import { inputError } from '../helpers/errors.js';
import { tempDir } from './write-helpers.js';

function* lines(n: number, failAt = -1): Generator<string> {
  for (let i = 0; i < n; i++) {
    if (i === failAt) throw new Error(`generator failed at chunk ${i}`);
    yield `line ${i} — ünïcödé 😀\n`;
  }
}

const expected = (n: number) => Array.from({ length: n }, (_, i) => `line ${i} — ünïcödé 😀\n`).join('');

describe('writeFileAtomic', () => {
  it('writes the concatenated chunks as UTF-8, across many buffer flushes, and leaves only the file', () => {
    const dir = tempDir();
    const path = join(dir, 'out.txt');
    writeFileAtomic(path, lines(20_000));
    expect(readFileSync(path, 'utf8')).toBe(expected(20_000));
    expect(readdirSync(dir)).toEqual(['out.txt']);
  });

  it('writes an empty file for no chunks', () => {
    const path = join(tempDir(), 'empty.txt');
    writeFileAtomic(path, []);
    expect(readFileSync(path, 'utf8')).toBe('');
  });

  it('replaces an existing file and keeps its permission bits', () => {
    const dir = tempDir();
    const path = join(dir, 'out.txt');
    writeFileSync(path, 'old');
    chmodSync(path, 0o640);
    writeFileAtomic(path, ['new ', 'text']);
    expect(readFileSync(path, 'utf8')).toBe('new text');
    expect(statSync(path).mode & 0o777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['out.txt']);
  });

  it('leaves no file and no temporary file when the chunk generator throws midway, and rethrows its error', () => {
    const dir = tempDir();
    const path = join(dir, 'out.txt');
    // 5000 chunks exceed the 64 KiB buffer, so part of the output was already on disk.
    let thrown: unknown;
    try {
      writeFileAtomic(path, lines(10_000, 5_000));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect(thrown).not.toBeInstanceOf(InputError);
    expect((thrown as Error).message).toBe('generator failed at chunk 5000');
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('leaves an existing file untouched when the generator throws', () => {
    const dir = tempDir();
    const path = join(dir, 'out.txt');
    writeFileSync(path, 'previous content');
    expect(() => writeFileAtomic(path, lines(10_000, 9_999))).toThrow('generator failed at chunk 9999');
    expect(readFileSync(path, 'utf8')).toBe('previous content');
    expect(readdirSync(dir)).toEqual(['out.txt']);
  });

  it('names the path and the missing directory (InputError, exit code 2)', () => {
    const dir = tempDir();
    const path = join(dir, 'missing', 'out.txt');
    const err = inputError(() => writeFileAtomic(path, ['x']));
    expect(err.file).toBe(path);
    expect(err.message).toBe(`${path}: cannot write: the directory ${join(dir, 'missing')} does not exist`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('rejects a directory as the target, and a path whose parent is a file', () => {
    const dir = tempDir();
    const sub = join(dir, 'sub');
    mkdirSync(sub);
    expect(inputError(() => writeFileAtomic(sub, ['x'])).message).toBe(`${sub}: cannot write: it is a directory`);
    expect(inputError(() => writeFileAtomic(`${sub}/`, ['x'])).message).toBe(`${sub}/: cannot write: expected a file name, not a directory`);
    const file = join(dir, 'plain');
    writeFileSync(file, '');
    const below = join(file, 'out.txt');
    expect(inputError(() => writeFileAtomic(below, ['x'])).message).toBe(`${below}: cannot write: a parent of the file (in ${file}) is not a directory`);
    expect(readdirSync(dir).sort()).toEqual(['plain', 'sub']);
  });

  it.skipIf(process.getuid?.() === 0)('reports a directory without write permission', () => {
    const dir = tempDir();
    const locked = join(dir, 'locked');
    mkdirSync(locked, 0o555);
    const path = join(locked, 'out.txt');
    try {
      const err = inputError(() => writeFileAtomic(path, ['x']));
      expect(err.message).toBe(`${path}: cannot write: permission denied (the file, or the directory ${locked})`);
      expect(readdirSync(locked)).toEqual([]);
    } finally {
      chmodSync(locked, 0o755);
    }
  });

  it('follows a symbolic link: the file it names is replaced and the link stays a link', () => {
    const dir = tempDir();
    const target = join(dir, 'real.txt');
    writeFileSync(target, 'old');
    const link = join(dir, 'link.txt');
    symlinkSync('real.txt', link);
    writeFileAtomic(link, lines(3));
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe('real.txt');
    expect(readFileSync(target, 'utf8')).toBe(expected(3));
    expect(readdirSync(dir).sort()).toEqual(['link.txt', 'real.txt']);
  });

  it('creates the file a dangling symbolic link names, and keeps the link', () => {
    const dir = tempDir();
    const link = join(dir, 'link.txt');
    symlinkSync('later.txt', link);
    writeFileAtomic(link, ['x\n']);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'later.txt'), 'utf8')).toBe('x\n');
  });

  it('writes through a device (/dev/null, or a link to it) instead of replacing it', () => {
    const dir = tempDir();
    const link = join(dir, 'null');
    symlinkSync('/dev/null', link);
    writeFileAtomic(link, lines(10));
    writeFileAtomic('/dev/null', lines(10));
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(statSync('/dev/null').isCharacterDevice()).toBe(true);
    expect(readdirSync(dir)).toEqual(['null']);
  });

  it.skipIf(process.platform === 'win32')('streams into a FIFO as its reader reads', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'fifo');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const reader = spawn('cat', [fifo]);
    let got = '';
    reader.stdout.setEncoding('utf8').on('data', (d: string) => { got += d; });
    const done = new Promise<number | null>((resolve) => reader.on('close', resolve));
    writeFileAtomic(fifo, lines(1000)); // ~30 KB: fits the pipes while this thread writes
    expect(await done).toBe(0);
    expect(got).toBe(expected(1000));
    expect(statSync(fifo).isFIFO()).toBe(true);
    expect(readdirSync(dir)).toEqual(['fifo']);
  });

  it('holds back a SIGTERM that comes during the write: the file is complete, no temporary file is left, then the signal ends the process', () => {
    const dir = tempDir();
    const target = join(dir, 'out.txt');
    const lib = join(import.meta.dirname, '../../dist/src/formats/write-file.js');
    expect(existsSync(lib), 'npm run build makes dist/').toBe(true);
    const script = `
      const { writeFileAtomic } = await import(${JSON.stringify(lib)});
      function* chunks() {
        for (let i = 0; i < 20000; i++) {
          if (i === 10000) process.kill(process.pid, 'SIGTERM');
          yield 'line ' + i + '\\n';
        }
      }
      writeFileAtomic(${JSON.stringify(target)}, chunks());
      setTimeout(() => process.stdout.write('still running'), 2000);
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.signal).toBe('SIGTERM');
    expect(r.stdout).toBe('');
    expect(readFileSync(target, 'utf8').split('\n')).toHaveLength(20001);
    expect(readdirSync(dir)).toEqual(['out.txt']);
  });

  it('leaves the default action alone outside a write: nothing stays installed', () => {
    const lib = join(import.meta.dirname, '../../dist/src/formats/write-file.js');
    const target = join(tempDir(), 'x.txt');
    const script = `
      const { writeFileAtomic } = await import(${JSON.stringify(lib)});
      writeFileAtomic(${JSON.stringify(target)}, ['x']);
      setImmediate(() => setImmediate(() => process.stdout.write(String(process.listenerCount('SIGTERM') + process.listenerCount('SIGINT')))));
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stdout).toBe('0');
  });
});

describe('checkWritable', () => {
  it('passes what writeFileAtomic can write, and refuses what it cannot with the same message, writing nothing', () => {
    const dir = tempDir();
    const existing = join(dir, 'old.txt');
    writeFileSync(existing, 'x');
    for (const ok of [join(dir, 'new.txt'), existing, '/dev/null']) expect(() => checkWritable(ok), ok).not.toThrow();
    const cases: Array<[string, string]> = [
      [join(dir, 'nodir', 'p.json'), `cannot write: the directory ${join(dir, 'nodir')} does not exist`],
      [dir, 'cannot write: it is a directory'],
      [join(existing, 'p.json'), 'cannot write: a parent of the file'],
      [`${dir}/`, 'cannot write: expected a file name, not a directory'],
    ];
    for (const [path, message] of cases) {
      const err = inputError(() => checkWritable(path));
      expect(err.message, path).toContain(message);
      expect(inputError(() => writeFileAtomic(path, ['x'])).message, path).toBe(err.message);
    }
    expect(readdirSync(dir).sort()).toEqual(['old.txt']);
  });

  it.runIf(existsSync('/proc/self'))('says a directory that takes no new file (/proc) exists, rather than that it does not; the check says so before the write', () => {
    const message = '/proc/complan-x.conll: cannot write: no file can be created in /proc';
    expect(inputError(() => checkWritable('/proc/complan-x.conll')).message).toBe(message);
    expect(inputError(() => writeFileAtomic('/proc/complan-x.conll', ['x'])).message).toBe(message);
  });

  it('refuses a read-only file, which renaming over it would replace (as root too), and leaves it as it was', () => {
    const dir = tempDir();
    const file = join(dir, 'kept.conll');
    writeFileSync(file, 'old\n');
    chmodSync(file, 0o444);
    const message = `${file}: cannot write: the file is read-only (mode 444); make it writable, or choose another file`;
    expect(inputError(() => checkWritable(file)).message).toBe(message);
    expect(inputError(() => writeFileAtomic(file, ['new\n'])).message).toBe(message);
    expect(readFileSync(file, 'utf8')).toBe('old\n');
    expect(readdirSync(dir)).toEqual(['kept.conll']);
  });
});
