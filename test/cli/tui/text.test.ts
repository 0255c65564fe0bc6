/** The TUI's text helpers that the held-out panel uses: wrapping at spaces and clipping to a height. */
import { describe, expect, it } from 'vitest';
import { clip, wrap } from '../../../cli/tui/text.js';

describe('wrap', () => {
  it('breaks at spaces, filling each line as far as the width allows', () => {
    expect(wrap('the quick brown fox jumps over the lazy dog', 10)).toEqual(['the quick', 'brown fox', 'jumps over', 'the lazy', 'dog']);
    expect(wrap('  spaces   collapse\nand newlines too ', 40)).toEqual(['spaces collapse and newlines too']);
    expect(wrap('', 10)).toEqual([]);
  });

  it('cuts a word longer than the width', () => {
    expect(wrap('a weighted(x+y+z) b', 6)).toEqual(['a', 'weight', 'ed(x+y', '+z) b']);
  });

  it('never returns a line longer than the width', () => {
    const text = 'No selection beats the vote of all 12 systems (vote-all) beyond noise: ensemble selection with replacement, weighted(bert-lstmcrf+cnn-glove-lstmcrf+flair-glove-lstmcrf×2) (caruana)';
    for (const w of [1, 7, 20, 33, 79]) {
      const lines = wrap(text, w);
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(w);
      expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    }
  });
});

describe('clip', () => {
  it('keeps lines that fit, and marks the last shown one with … when some are left out', () => {
    expect(clip(['a', 'b'], 3, 10)).toEqual(['a', 'b']);
    expect(clip(['one', 'two', 'three'], 2, 10)).toEqual(['one', 'two…']);
    expect(clip(['one', 'twotwotwo!', 'three'], 2, 10)).toEqual(['one', 'twotwotwo…']);
    expect(clip(['one', 'two'], 0, 10)).toEqual([]);
  });
});
