/** Documents a test set shares with the planning data, told by their tokens. */
import { describe, expect, it } from 'vitest';
import type { Corpus } from '../../src/model/corpus.js';
import { MIN_SHARED_TOKENS, sharedDocuments } from '../../src/model/shared-documents.js';

/** A corpus of documents given as token lists, named d0, d1, … */
function corpus(docs: string[][], unit: 'token' | 'char' = 'token'): Corpus {
  const tokens = docs.flat();
  let at = 0;
  const documents = docs.map((d, i) => {
    const doc = { index: i, id: `d${i}`, start: at, end: at + d.length, firstSentence: 0 };
    at += d.length;
    return doc;
  });
  return { unit, documents, tokens, length: tokens.length } as unknown as Corpus;
}

const words = (seed: number, n = MIN_SHARED_TOKENS) => Array.from({ length: n }, (_, k) => `w${seed}-${k}`);

describe('sharedDocuments', () => {
  it('counts the documents of the second corpus whose tokens are a document of the first, and names the first of them', () => {
    const plan = corpus([words(1), words(2), words(3)]);
    const test = corpus([words(7), words(2), words(8), words(3)]);
    expect(sharedDocuments(plan, test)).toEqual({ shared: 2, compared: 4, first: { other: 'd1', base: 'd1' } });
    expect(sharedDocuments(plan, corpus([words(7), words(8)]))).toEqual({ shared: 0, compared: 2 });
  });

  it('needs every token the same, in order: a token more, less or changed is another document', () => {
    const plan = corpus([words(1)]);
    const changed = words(1);
    changed[4] = 'other';
    const swapped = words(1);
    [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
    for (const doc of [changed, swapped, [...words(1), 'x'], words(1).slice(1).concat('w1-0')]) {
      expect(sharedDocuments(plan, corpus([doc]))!.shared).toBe(0);
    }
    // Token boundaries count: tokens "ab", "c" are not "a", "bc", though their letters are.
    const one = ['ab', 'c', ...words(1).slice(2)];
    const two = ['a', 'bc', ...words(1).slice(2)];
    expect(sharedDocuments(corpus([one]), corpus([two]))!.shared).toBe(0);
    expect(sharedDocuments(corpus([one]), corpus([[...one]]))!.shared).toBe(1);
  });

  it('leaves short documents out (they recur without being the same document) and does not compare character corpora', () => {
    const short = ['Results', 'of', 'Sunday'];
    expect(sharedDocuments(corpus([short, words(1)]), corpus([short]))).toEqual({ shared: 0, compared: 0 });
    expect(sharedDocuments(corpus([words(1)], 'char'), corpus([words(1)]))).toBeUndefined();
  });
});
