/**
 * expectedLines: the text of a CoNLL system file that predicts the reference's tags, sentence by
 * sentence. The reader compares whole sentences with it; a wrong text would never match and would
 * only make reading slower, so the text itself is checked here.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedLines } from '../../src/formats/expected.js';
import type { ExpectedTokens } from '../../src/formats/segment.js';

describe('expectedLines', () => {
  const expect3: ExpectedTokens = {
    tokens: ['Rain', 'in', 'Oslo', '.', 'Ok'],
    tags: ['O', 'O', 'B-LOC', 'O', 'O'],
    sentenceEnds: [4, 5],
    evidence: [0, 0],
    lineSafe: true,
  };

  it('writes `token tag` lines, or `token gold pred` with the gold tag twice, each ending with LF', () => {
    expect(expectedLines(expect3, false)).toEqual(['Rain O\nin O\nOslo B-LOC\n. O\n', 'Ok O\n']);
    expect(expectedLines(expect3, true)).toEqual(['Rain O O\nin O O\nOslo B-LOC B-LOC\n. O O\n', 'Ok O O\n']);
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
        expect(expectedLines({ tokens, tags, sentenceEnds, evidence: sentences.map(() => 0), lineSafe: true }, withGold)).toEqual(want);
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
        expect(expectedLines({ tokens, tags, sentenceEnds, evidence: sentenceEnds.map(() => 0), lineSafe: true }, withGold)).toEqual(want);
      }
    }
  });
});
