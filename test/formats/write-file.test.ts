import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { writeFileAtomic } from '../../src/formats/write-file.js';
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
});
