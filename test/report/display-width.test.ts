/** Terminal columns of text: CJK and emoji two, marks none, clusters never cut (UAX #11, #29). */
import { describe, expect, it } from 'vitest';
import { displayWidth, headWithin, padEndTo, padStartTo, tailWithin } from '../../src/report/display-width.js';

describe('displayWidth', () => {
  it('counts East Asian Wide and Fullwidth characters and emoji as two columns, marks as none', () => {
    const cases: Array<[string, number]> = [
      ['abc', 3], ['', 0], ['日本語', 6], ['한국어', 6], ['カタカナ', 8], ['ｶﾀｶﾅ', 4], ['Ａ１', 4], ['，。', 4],
      ['e\u0301', 1], ['\u200d', 0], ['👍', 2], ['🇯🇵', 2], ['👨\u200d👩\u200d👧', 2], ['\u2764\ufe0f', 2], ['\u2764', 1],
      ['Zoë Ångström', 12], ['𠮷野家', 6], ['Berlin 柏林', 11],
    ];
    for (const [s, w] of cases) expect(displayWidth(s), JSON.stringify(s)).toBe(w);
  });
});

describe('cutting to columns', () => {
  it('keeps whole clusters within the width, from the start or the end', () => {
    expect(headWithin('日本語', 5)).toBe('日本');
    expect(headWithin('日本語', 6)).toBe('日本語');
    expect(headWithin('日本語', 1)).toBe('');
    expect(tailWithin('日本語', 3)).toBe('語');
    expect(headWithin('e\u0301xyz', 1)).toBe('e\u0301');
    expect(headWithin('🇯🇵🇫🇷', 3)).toBe('🇯🇵');
    expect(tailWithin('ab👨\u200d👩\u200d👧', 2)).toBe('👨\u200d👩\u200d👧');
    expect(headWithin('plain ascii', 5)).toBe('plain');
    expect(tailWithin('plain ascii', 5)).toBe('ascii');
  });

  it('pads to a number of columns, not of characters', () => {
    expect(padEndTo('日本', 6)).toBe('日本  ');
    expect(padStartTo('日本', 6)).toBe('  日本');
    expect(padEndTo('abcdef', 3)).toBe('abcdef');
  });
});
