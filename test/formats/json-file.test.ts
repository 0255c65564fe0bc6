import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeJson, MAX_JSON_DEPTH, readSmallTextFile, tooDeepAt } from '../../src/formats/json-file.js';
import { inputError } from '../helpers/errors.js';
import { tempDir } from './write-helpers.js';

describe('readSmallTextFile', () => {
  it('reads a file whole, as UTF-8', () => {
    const path = join(tempDir(), 'a.json');
    writeFileSync(path, '{"ü": 1}');
    expect(readSmallTextFile(path)).toBe('{"ü": 1}');
  });

  it('stops at the limit with an error naming the file and the limit', () => {
    const path = join(tempDir(), 'big.json');
    writeFileSync(path, 'x'.repeat(3 * 1024 * 1024));
    expect(inputError(() => readSmallTextFile(path, 2 * 1024 * 1024)).message).toBe(`${path}: larger than 2 MiB, the most this file may hold`);
  });

  it('ends an endless source (/dev/zero) at the limit instead of reading on', () => {
    expect(inputError(() => readSmallTextFile('/dev/zero', 1024 * 1024)).message).toBe('/dev/zero: larger than 1 MiB, the most this file may hold');
  });

  it('names a missing file and a directory', () => {
    const dir = tempDir();
    expect(inputError(() => readSmallTextFile(join(dir, 'none.json'))).message).toBe(`${join(dir, 'none.json')}: no such file`);
    expect(inputError(() => readSmallTextFile(dir)).message).toBe(`${dir}: is a directory, expected a file`);
  });
});

describe('tooDeepAt', () => {
  it('accepts nesting up to the limit and gives the line where it is first exceeded', () => {
    const ok = '['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH);
    expect(tooDeepAt(ok)).toBe(0);
    expect(tooDeepAt(`{\n"a":\n${'['.repeat(MAX_JSON_DEPTH + 1)}`)).toBe(3);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(tooDeepAt(JSON.stringify({ a: '['.repeat(500) + '\\"[' }))).toBe(0);
  });
});

describe('describeJson', () => {
  it('shows a value as JSON, clipped', () => {
    expect(describeJson(undefined)).toBe('nothing');
    expect(describeJson({ a: [1, 'x'] })).toBe('{"a":[1,"x"]}');
    expect(describeJson('y'.repeat(1000), 10)).toBe('"yyyyyyyyy…');
  });
});
