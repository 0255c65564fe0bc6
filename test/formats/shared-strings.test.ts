/**
 * SharedStrings, the CoNLL reader's table of tokens and tags: one string per distinct token,
 * found again by its characters where it stands in the chunk text. JavaScript cannot tell two
 * equal strings apart, so these tests check the values; the memory saved is measured by the
 * scale benchmark (test/bench/scale.mjs --gigabyte: bytes per token).
 */
import { describe, expect, it } from 'vitest';
import { SharedStrings } from '../../src/formats/conll.js';

describe('SharedStrings', () => {
  it('returns text[a, b) for every occurrence, found again or new', () => {
    const t = new SharedStrings();
    const text = 'Paris O\nLondon B-LOC\nParis B-LOC\n';
    const first = t.get(text, 0, 5);
    expect(first).toBe('Paris');
    expect(t.get(text, 21, 26)).toBe(first);
    expect(t.get(text, 8, 14)).toBe('London');
    expect(t.get(text, 15, 20)).toBe('B-LOC');
    expect(t.get(text, 27, 32)).toBe('B-LOC');
  });

  it('tells apart strings of one hash or one prefix, the empty string, and non-ASCII text', () => {
    const t = new SharedStrings();
    const words = ['a', 'ab', 'abc', 'ba', '', 'Zoë', 'Zoe', '東京', '😀', 'x'.repeat(40), 'x'.repeat(41)];
    const text = words.join(' ');
    const starts: number[] = [];
    for (let k = 0, p = 0; k < words.length; k++) { starts.push(p); p += words[k].length + 1; }
    const got: string[] = [];
    for (let round = 0; round < 2; round++) words.forEach((w, k) => got.push(t.get(text, starts[k], starts[k] + w.length)));
    expect(got).toEqual([...words, ...words]);
  });

  it('keeps every distinct string through many table growths', () => {
    const t = new SharedStrings();
    const words = Array.from({ length: 50_000 }, (_, k) => `w${k.toString(36)}`);
    const text = words.join('\n');
    const starts: number[] = [];
    for (let k = 0, p = 0; k < words.length; k++) { starts.push(p); p += words[k].length + 1; }
    const first = words.map((w, k) => t.get(text, starts[k], starts[k] + w.length));
    expect(first).toEqual(words);
    for (let k = words.length - 1; k >= 0; k -= 7) expect(t.get(text, starts[k], starts[k] + words[k].length)).toBe(words[k]);
  });

  it('returns a long token (13 characters or more) with its own characters, equal to the slice', () => {
    const t = new SharedStrings();
    const chunk = `${'pad '.repeat(1000)}Internationalisation B-MISC\n`;
    const a = chunk.indexOf('Internationalisation');
    const s = t.get(chunk, a, a + 'Internationalisation'.length);
    expect(s).toBe('Internationalisation');
    expect(s.length).toBe(20);
  });

  it('with shareAfter, returns the same values before and after sharing starts', () => {
    const t = new SharedStrings(3);
    const text = 'Paris Rome Paris Internationalisation Rome Paris Internationalisation';
    const words = text.split(' ');
    let a = 0;
    const got = words.map((w) => {
      const s = t.get(text, a, a + w.length);
      a += w.length + 1;
      return s;
    });
    expect(got).toEqual(words);
  });

  it('numbers every string the same before and after the map hands over to the table (past 2^18 lookups)', () => {
    const t = new SharedStrings();
    const words = Array.from({ length: 3000 }, (_, k) => (k % 7 === 0 ? `long-word-number-${k}` : `w${k.toString(36)}`));
    const text = words.join(' ');
    const starts: number[] = [];
    for (let k = 0, p = 0; k < words.length; k++) { starts.push(p); p += words[k].length + 1; }
    const first = words.map((w, k) => t.id(text, starts[k], starts[k] + w.length));
    expect(new Set(first).size).toBe(words.length);
    // 300 rounds of 1,000 lookups: past the switch at 2^18.
    let wrong = 0;
    for (let round = 0; round < 300; round++) {
      for (let k = round % 3; k < words.length; k += 3) if (t.id(text, starts[k], starts[k] + words[k].length) !== first[k]) wrong++;
    }
    expect(wrong).toBe(0);
    const fresh = t.id('brand-new token here', 0, 9);
    expect(first).not.toContain(fresh);
    expect(t.at(fresh)).toBe('brand-new');
    expect(t.id('a brand-new b', 2, 11)).toBe(fresh);
    words.forEach((w, k) => expect(t.at(first[k])).toBe(w));
    expect(t.size).toBe(words.length + 1);
  });
});
