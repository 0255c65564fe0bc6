/**
 * expectedLines: the text of a CoNLL system file that predicts the reference's tags, sentence by
 * sentence. The reader compares whole sentences with it; a wrong text would never match and would
 * only make reading slower, so the text itself is checked here, and when it is written: a
 * sentence is written only when asked for a second time, unless a file gave its text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ExpectedLines, expectedLines } from '../../src/formats/expected.js';
import type { ExpectedTokens } from '../../src/formats/segment.js';

/** Every sentence's text. */
function all(lines: ExpectedLines): string[] {
  return Array.from({ length: lines.count }, (_, s) => lines.line(s));
}

describe('expectedLines', () => {
  const expect3: ExpectedTokens = {
    tokens: ['Rain', 'in', 'Oslo', '.', 'Ok'],
    tags: ['O', 'O', 'B-LOC', 'O', 'O'],
    sentenceEnds: [4, 5],
    evidence: [0, 0],
    lineSafe: true,
  };

  it('writes `token tag` lines, or `token gold pred` with the gold tag twice, each ending with LF', () => {
    expect(all(expectedLines(expect3, false))).toEqual(['Rain O\nin O\nOslo B-LOC\n. O\n', 'Ok O\n']);
    expect(all(expectedLines(expect3, true))).toEqual(['Rain O O\nin O O\nOslo B-LOC B-LOC\n. O O\n', 'Ok O O\n']);
  });

  it('makes each layout once per reference and shares it', () => {
    expect(expectedLines(expect3, false)).toBe(expectedLines(expect3, false));
    expect(expectedLines(expect3, true)).not.toBe(expectedLines(expect3, false));
  });

  it('equals the lines written one by one (random references)', () => {
    const field = fc.stringMatching(/^[^\s]{1,6}$/);
    fc.assert(
      fc.property(fc.array(fc.array(fc.tuple(field, field), { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 5 }), fc.boolean(), (sentences, withGold) => {
        const tokens = sentences.flat().map(([t]) => t);
        const tags = sentences.flat().map(([, g]) => g);
        const sentenceEnds: number[] = [];
        for (const s of sentences) sentenceEnds.push((sentenceEnds.at(-1) ?? 0) + s.length);
        const want = sentences.map((s) => s.map(([t, g]) => (withGold ? `${t} ${g} ${g}\n` : `${t} ${g}\n`)).join(''));
        expect(all(expectedLines({ tokens, tags, sentenceEnds, evidence: sentences.map(() => 0), lineSafe: true }, withGold))).toEqual(want);
      }),
      { numRuns: 200 },
    );
  });

  it('writes any characters (of 256 and more too) as the lines one by one', () => {
    for (const words of [['Zoë', 'Ålesund', 'x'.repeat(30)], ['東京', 'Zoë', '😀', 'Oslo']]) {
      const tokens = [...words, ...words, 'Ok', ...words];
      const tags = tokens.map((_, k) => (k % 3 === 0 ? 'B-LOC' : 'O'));
      const sentenceEnds = [words.length, 2 * words.length, 2 * words.length + 1, tokens.length];
      for (const withGold of [false, true]) {
        const want = sentenceEnds.map((end, k) => tokens.slice(k === 0 ? 0 : sentenceEnds[k - 1], end)
          .map((t, j) => { const g = tags[(k === 0 ? 0 : sentenceEnds[k - 1]) + j]; return withGold ? `${t} ${g} ${g}\n` : `${t} ${g}\n`; }).join(''));
        expect(all(expectedLines({ tokens, tags, sentenceEnds, evidence: sentenceEnds.map(() => 0), lineSafe: true }, withGold))).toEqual(want);
      }
    }
  });

  it('gives nothing the first time a sentence is asked for, then the text a file gave or the written one', () => {
    const ref: ExpectedTokens = { ...expect3, tokens: [...expect3.tokens as string[]] };
    const lines = expectedLines(ref, true);
    expect(lines.take(0)).toBeUndefined();
    expect(lines.take(1)).toBeUndefined();
    // A file read sentence 0 as expected: its text is taken from then on, never written.
    const read = 'xx Rain O O\nin O O\nOslo B-LOC B-LOC\n. O O\n\n'.slice(3, -1);
    lines.learn(0, read);
    expect(lines.take(0)).toBe(read);
    // Sentence 1, asked for again without a file's text, is written.
    expect(lines.take(1)).toBe('Ok O O\n');
    expect(lines.take(1)).toBe(lines.take(1));
    // A text learned later does not replace one already known.
    lines.learn(1, 'other');
    expect(lines.take(1)).toBe('Ok O O\n');
  });
});
