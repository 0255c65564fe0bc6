/** Code-point offsets, as Python tools write them: an astral character one, a lone surrogate one too. */
import { describe, expect, it } from 'vitest';
import { codePointLength, codePointsToUnits } from '../../src/formats/codepoints.js';
import { unitsToCodePoints } from '../../src/formats/write-jsonl.js';

describe('code points', () => {
  it('count a surrogate pair as one and a lone surrogate as one, as Python does', () => {
    expect(codePointLength('a😀b')).toBe(3);
    // A lone high surrogate before a letter: two code points, not one (Python: len('x\ud800y') == 3).
    expect(codePointLength('x\ud800y')).toBe(3);
    expect(codePointLength('x\udc00y')).toBe(3);
    expect(codePointLength('\ud800')).toBe(1);
    const toUnits = codePointsToUnits('x\ud800y Bob');
    expect([0, 1, 2, 3, 4, 7].map(toUnits)).toEqual([0, 1, 2, 3, 4, 7]);
    const pair = codePointsToUnits('😀 Bob');
    expect([0, 1, 2, 5].map(pair)).toEqual([0, 2, 3, 6]);
  });

  it('map back the same way when writing', () => {
    const back = unitsToCodePoints('x\ud800y Bob');
    expect([0, 1, 2, 3, 4, 7].map(back)).toEqual([0, 1, 2, 3, 4, 7]);
    const pair = unitsToCodePoints('😀 Bob');
    expect([0, 1, 2, 3, 6].map(pair)).toEqual([0, -1, 1, 2, 5]);
  });
});
