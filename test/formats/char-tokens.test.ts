import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layTokens, offBoundary, spanOnTokens, tokenisedSegment, tokensOf, type TokenLayout } from '../../src/formats/char-tokens.js';
import { InputError } from '../../src/errors.js';
import { newSegment } from '../../src/formats/segment.js';

const TOKENS = ['Mira', 'Okafor', 'joined', 'Lumen', 'Labs', '.', 'Velmar', 'won', '.'];

describe('layTokens', () => {
  it('lays tokens joined by single spaces', () => {
    expect(layTokens('Mira Okafor joined', TOKENS, 0, TOKENS.length)).toEqual({ starts: [0, 5, 12], ends: [4, 11, 18] });
  });

  it('takes any white space, or none, before, between and after tokens, across sentences', () => {
    expect(layTokens('  Lumen Labs.\n\tVelmar  won . ', TOKENS, 3, TOKENS.length)).toEqual({ starts: [2, 8, 12, 15, 23, 27], ends: [7, 12, 13, 21, 26, 28] });
  });

  it('matches a token of white space (spaCy\'s) before skipping white space', () => {
    expect(layTokens('a\n\nb', ['a', '\n\n', 'b'], 0, 3)).toEqual({ starts: [0, 1, 3], ends: [1, 3, 4] });
  });

  it('says where the text differs from the next token, or goes on past the last', () => {
    expect(layTokens('Mira Okafur', TOKENS, 0, TOKENS.length)).toEqual({ at: 5, token: 1 });
    expect(layTokens('won . more', TOKENS, 7, TOKENS.length)).toEqual({ at: 6, token: 9 });
    expect(layTokens('Mira Okafor', TOKENS, 0, 1)).toEqual({ at: 5, token: 1 });
  });

  it('lays nothing along blank text', () => {
    expect(layTokens(' \n', TOKENS, 0, TOKENS.length)).toEqual({ starts: [], ends: [] });
  });
});

describe('layTokens on random layouts', () => {
  // Tokens without white space (astral characters among them), separated by any white space or none.
  const token = fc.string({ unit: fc.constantFrom('a', 'b', 'é', '.', '-', '😀'), minLength: 1, maxLength: 4 });
  const space = fc.string({ unit: fc.constantFrom(' ', '\n', '\t', '\u00a0'), maxLength: 3 });

  it('finds every token where the text was built with it, and maps each token range back', () => {
    fc.assert(fc.property(fc.array(fc.tuple(space, token), { minLength: 1, maxLength: 12 }), space, (parts, tail) => {
      let text = '';
      const want: TokenLayout = { starts: [], ends: [] };
      for (const [sep, tok] of parts) {
        text += sep;
        want.starts.push(text.length);
        text += tok;
        want.ends.push(text.length);
      }
      text += tail;
      const tokens = parts.map(([, tok]) => tok);
      const laid = layTokens(text, tokens, 0, tokens.length);
      expect(laid).toEqual(want);
      for (let a = 0; a < tokens.length; a++) {
        for (let b = a + 1; b <= tokens.length; b++) expect(tokensOf(want, want.starts[a], want.ends[b - 1])).toEqual([a, b]);
      }
    }), { numRuns: 300, seed: 20 });
  });
});

describe('spans on tokens', () => {
  const layout: TokenLayout = { starts: [0, 5, 12], ends: [4, 11, 18] };

  it('maps a span that starts at a token start and ends at a token end', () => {
    expect(tokensOf(layout, 0, 11)).toEqual([0, 2]);
    expect(tokensOf(layout, 12, 18)).toEqual([2, 3]);
  });

  it('refuses a span that cuts a token or starts or ends on white space', () => {
    expect(tokensOf(layout, 0, 9)).toBeUndefined();
    expect(tokensOf(layout, 1, 4)).toBeUndefined();
    expect(tokensOf(layout, 4, 11)).toBeUndefined();
    expect(tokensOf(layout, 0, 5)).toBeUndefined();
  });

  it('maps fragments too, and refuses a span one of whose fragments is off the boundaries', () => {
    expect(spanOnTokens(layout, { start: 0, end: 18, label: 'X', line: 3, fragments: [[0, 4], [12, 18]] }))
      .toEqual({ start: 0, end: 3, label: 'X', line: 3, fragments: [[0, 1], [2, 3]] });
    expect(spanOnTokens(layout, { start: 0, end: 18, label: 'X', line: 3, fragments: [[0, 3], [12, 18]] })).toBeUndefined();
  });

  it('describes a span off the boundaries by its code-point offsets, text and the tokens around it', () => {
    const text = 'Mira Okafor joined';
    expect(offBoundary(text, layout, { start: 0, end: 9, label: 'PER', line: 1 }, TOKENS, 0))
      .toBe('span [0, 9) PER "Mira Okaf" starts at "Mira" and ends inside "Okafor"');
    expect(offBoundary(text, layout, { start: 4, end: 11, label: 'PER', line: 1 }, TOKENS, 0))
      .toBe('span [4, 11) PER " Okafor" starts before "Okafor" and ends at the end of "Okafor"');
    expect(offBoundary(`😀${text}`, { starts: [2, 7, 14], ends: [6, 13, 20] }, { start: 2, end: 14, label: 'PER', line: 1 }, TOKENS, 0))
      .toBe('span [1, 13) PER "Mira Okafor " starts at "Mira" and ends after "Okafor"');
    // A discontinuous span whose hull is on tokens: the fragment that is not is named.
    expect(offBoundary(text, layout, { start: 0, end: 18, label: 'X', line: 1, fragments: [[0, 5], [12, 18]] }, TOKENS, 0))
      .toBe('the fragment [0, 5) "Mira " of span [0, 18) X "Mira Okafor joined" starts at "Mira" and ends after "Mira"');
  });
});

describe('tokenisedSegment', () => {
  const spacy = () => {
    const seg = newSegment(4, 'gold.jsonl');
    seg.text = 'Mira Okafor joined.';
    seg.charTokens = { starts: [0, 5, 12, 18], ends: [4, 11, 18, 19] };
    seg.spans = [{ start: 0, end: 11, label: 'PER', line: 4 }];
    return seg;
  };

  it('turns a record with its own token offsets into a tokenised one', () => {
    const seg = tokenisedSegment(spacy());
    expect(seg.tokens).toEqual(['Mira', 'Okafor', 'joined', '.']);
    expect(seg.text).toBeUndefined();
    expect(seg.spans).toEqual([{ start: 0, end: 2, label: 'PER', line: 4 }]);
  });

  it('leaves other segments as they are', () => {
    const seg = newSegment(1, 'x');
    seg.text = 'abc';
    expect(tokenisedSegment(seg)).toBe(seg);
  });

  it('rejects an entity off the record\'s token boundaries, naming the line', () => {
    const seg = spacy();
    seg.spans = [{ start: 0, end: 6, label: 'PER', line: 4 }];
    expect(() => tokenisedSegment(seg)).toThrow(InputError);
    expect(() => tokenisedSegment(seg)).toThrow('gold.jsonl:4: span [0, 6) PER "Mira O" starts at "Mira" and ends inside "Okafor": it does not fall on the record\'s token boundaries ("tokens")');
  });
});
