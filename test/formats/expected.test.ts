/**
 * expectedLines: the text of a CoNLL system file that predicts the reference's tags, sentence by
 * sentence. The reader compares whole sentences with it; a wrong text would never match and would
 * only make reading slower, so the text itself is checked here, and when it is written: a
 * sentence is written only when asked for a second time, unless a file gave its text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { doubledAt, ExpectedLines, expectedLines } from '../../src/formats/expected.js';
import { SentenceTexts } from '../../src/formats/sentence-texts.js';
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

  it('tells nothing the first time a sentence is asked for, then compares with the text a file gave or the written one', () => {
    const ref: ExpectedTokens = { ...expect3, tokens: [...expect3.tokens as string[]] };
    const lines = expectedLines(ref, true);
    const file = 'Rain O O\nin O O\nOslo B-LOC B-LOC\n. O O\n\nOk O O\n\n';
    const second = file.indexOf('Ok');
    expect(lines.match(0, file, 0)).toBe(-2);
    expect(lines.match(1, file, second)).toBe(-2);
    // A file read sentence 0 as expected: its text is compared from then on, never written.
    lines.learn(0, file.slice(0, second - 1));
    expect(lines.match(0, file, 0)).toBe(second - 1);
    expect(lines.match(0, file.replace('B-LOC B-LOC', 'B-LOC B-PER'), 0)).toBe(-1);
    // Not followed by a blank line, it is not the whole sentence.
    expect(lines.match(0, file.replace('. O O\n\n', '. O O\nmore O O\n\n'), 0)).toBe(-1);
    // Sentence 1, asked for again without a file's text, is written.
    expect(lines.match(1, file, second)).toBe(second + 'Ok O O\n'.length);
    expect(lines.line(1)).toBe('Ok O O\n');
    // A text learned later does not replace one already known.
    lines.learn(1, 'other');
    expect(lines.line(1)).toBe('Ok O O\n');
  });

  it('compares with the gold file\'s own sentences from the first file on, in either layout', () => {
    const gold = 'Rain O\nin O\nOslo B-LOC\n. O\n\nOk O\n\n';
    const texts = new SentenceTexts(1 << 20);
    texts.add(0, gold, 1, 0, gold.indexOf('\n\n') + 1);
    texts.add(1, gold, 1, gold.indexOf('Ok'), gold.length - 1);
    const ref: ExpectedTokens = { ...expect3, lines: texts };
    const three = 'Rain O O\nin O O\nOslo B-LOC B-LOC\n. O O\n\nOk O O\n\n';
    const l3 = expectedLines(ref, true);
    expect(l3.match(0, three, 0)).toBe(three.indexOf('\n\n') + 1);
    expect(l3.match(1, three, three.indexOf('Ok'))).toBe(three.length - 1);
    // A prediction, a gold column or a token that differs; a line cut short.
    for (const wrong of ['B-LOC B-PER', 'B-PER B-LOC', 'Osla B-LOC B-LOC']) expect(expectedLines({ ...ref }, true).match(0, three.replace('Oslo B-LOC B-LOC', wrong.includes('Osla') ? wrong : `Oslo ${wrong}`), 0)).toBe(-1);
    expect(expectedLines({ ...ref }, true).match(0, 'Rain O O\nin O O\nOslo B-LOC B-LOC\n. O', 0)).toBe(-1);
    const l2 = expectedLines({ ...ref }, false);
    expect(l2.match(0, gold, 0)).toBe(gold.indexOf('\n\n') + 1);
    expect(l2.match(1, gold, gold.indexOf('Ok'))).toBe(gold.length - 1);
    expect(l2.match(0, gold.replace('Oslo B-LOC', 'Oslo B-PER'), 0)).toBe(-1);
  });

  it('doubles each tag of a gold sentence exactly as a written line (random sentences)', () => {
    const field = fc.stringMatching(/^[^\s]{1,6}$/);
    fc.assert(
      fc.property(fc.array(fc.tuple(field, field), { minLength: 1, maxLength: 6 }), fc.nat(), (rows, cut) => {
        const gold = `x\n${rows.map(([t, g]) => `${t} ${g}\n`).join('')}y`;
        const three = rows.map(([t, g]) => `${t} ${g} ${g}\n`).join('');
        const from = 2;
        const to = gold.length - 1;
        expect(doubledAt(`${three}\n`, 0, gold, from, to)).toBe(three.length);
        // Any one character changed, or the text cut short, is not the sentence.
        const k = cut % three.length;
        const changed = `${three.slice(0, k)}${three[k] === 'Q' ? 'R' : 'Q'}${three.slice(k + 1)}`;
        expect(doubledAt(changed, 0, gold, from, to)).toBe(-1);
        expect(doubledAt(three.slice(0, k), 0, gold, from, to)).toBe(-1);
      }),
    );
  });
});
