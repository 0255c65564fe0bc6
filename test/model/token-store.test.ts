/**
 * TokenStore: a corpus's tokens as numbers into a vocabulary, and corpus.tokens made from it when
 * first read. The values must be exactly those of an array of strings, whatever the text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachTokenStore, corpusTokens, tokenSlice } from '../../src/model/corpus-tokens.js';
import type { Corpus } from '../../src/model/corpus.js';
import { TokenStore } from '../../src/model/token-store.js';

function storeOf(tokens: readonly string[]): TokenStore {
  const store = new TokenStore();
  // Every other token from a text, the rest as strings: both ways in.
  const text = tokens.join('\n');
  let at = 0;
  tokens.forEach((t, k) => {
    if (k % 2 === 0) store.add(text, at, at + t.length);
    else store.push(t);
    at += t.length + 1;
  });
  return store;
}

describe('TokenStore', () => {
  it('gives back every token, as an array does (at, slice, length), including past the ends', () => {
    const tokens = ['Rain', 'in', 'Oslo', 'Rain', '', 'Zoë', '東京', '😀', 'x'.repeat(40), 'in'];
    const store = storeOf(tokens);
    expect(store.length).toBe(tokens.length);
    expect(tokens.map((_, k) => store.at(k))).toEqual(tokens);
    expect(store.at(-1)).toBeUndefined();
    expect(store.at(tokens.length)).toBeUndefined();
    expect(store.slice(2, 6)).toEqual(tokens.slice(2, 6));
    expect(store.slice(8, 99)).toEqual(tokens.slice(8, 99));
    expect(store.slice(5, 3)).toEqual([]);
    expect(store.slice()).toEqual(tokens);
    // Repeated tokens are one entry of the vocabulary.
    expect(store.distinct).toBe(new Set(tokens).size);
  });

  it('holds a token without the text it was read from (a long token is not a view of its chunk)', () => {
    const store = new TokenStore();
    const chunk = `${'pad '.repeat(1000)}Internationalisation B-MISC\n`;
    const a = chunk.indexOf('Internationalisation');
    store.add(chunk, a, a + 20);
    expect(store.at(0)).toBe('Internationalisation');
  });

  it('keeps millions of tokens across pages (2^20 a page) and a growing first page', () => {
    const store = new TokenStore();
    const n = (1 << 20) * 2 + 12_345;
    for (let k = 0; k < n; k++) store.push(`w${k % 5003}`);
    expect(store.length).toBe(n);
    for (const k of [0, 4095, 4096, (1 << 20) - 1, 1 << 20, (1 << 21) + 7, n - 1]) expect(store.at(k)).toBe(`w${k % 5003}`);
    expect(store.slice((1 << 20) - 2, (1 << 20) + 2)).toEqual([-2, -1, 0, 1].map((d) => `w${((1 << 20) + d) % 5003}`));
    expect(store.distinct).toBe(5003);
  });
});

describe('a token store sent between threads', () => {
  it('appends another store\'s tokens after its own, across pages, their words numbered after its own', () => {
    const a = storeOf(['Rain', 'in', 'Oslo']);
    const b = new TokenStore();
    const n = (1 << 20) + 5;
    for (let k = 0; k < n; k++) b.push(k % 3 === 0 ? 'Oslo' : `v${k % 7}`);
    const sent = structuredClone(b.stored());
    a.appendStored(sent);
    expect(a.length).toBe(3 + n);
    for (const k of [0, 2, 3, 4, 1 << 20, n + 2]) expect(a.at(k)).toBe(k < 3 ? ['Rain', 'in', 'Oslo'][k] : (k - 3) % 3 === 0 ? 'Oslo' : `v${(k - 3) % 7}`);
    // Not looked up word by word: Oslo, in both, is numbered twice.
    expect(a.distinct).toBe(3 + b.distinct);
    a.push('Oslo');
    expect(a.at(a.length - 1)).toBe('Oslo');
  });

  it('takes over the other store\'s pages whatever this store\'s last page holds (empty, part full, full)', () => {
    const PAGE = 1 << 20;
    for (const [mine, theirs] of [[0, PAGE + 9], [PAGE, 2 * PAGE + 3], [PAGE + 7, 2 * PAGE + 1], [5, PAGE - 1]]) {
      const a = new TokenStore();
      for (let k = 0; k < mine; k++) a.push(`a${k % 11}`);
      const b = new TokenStore();
      for (let k = 0; k < theirs; k++) b.push(`b${k % 13}`);
      a.appendStored(structuredClone(b.stored()));
      expect(a.length).toBe(mine + theirs);
      const want = (i: number) => (i < mine ? `a${i % 11}` : `b${(i - mine) % 13}`);
      for (const i of [0, mine - 1, mine, mine + 1, PAGE - 1, PAGE, PAGE + 1, 2 * PAGE, mine + theirs - 1]) {
        if (i >= 0 && i < mine + theirs) expect(a.at(i)).toBe(want(i));
      }
      let wrong = 0;
      for (let i = 0; i < mine + theirs; i += 997) if (a.at(i) !== want(i)) wrong++;
      expect(wrong).toBe(0);
      a.push('z');
      expect(a.at(mine + theirs)).toBe('z');
    }
  });
});

describe('a corpus with a token store', () => {
  const make = (): { corpus: Corpus; tokens: string[] } => {
    const tokens = ['Rain', 'in', 'Oslo', '.', 'Ok'];
    const corpus = { unit: 'token', documents: [], sentences: [], length: 5, gold: { name: 'gold', source: 'g', format: 'conll', spans: [], warnings: [] }, systems: [] } as unknown as Corpus;
    attachTokenStore(corpus, storeOf(tokens));
    return { corpus, tokens };
  };

  it('reads tokens from the store without making corpus.tokens, and makes it once when read', () => {
    const { corpus, tokens } = make();
    expect(corpusTokens(corpus)?.at(2)).toBe('Oslo');
    expect(tokenSlice(corpus, 1, 3)).toEqual(['in', 'Oslo']);
    expect(Object.keys(corpus)).toContain('tokens');
    const first = corpus.tokens;
    expect(first).toEqual(tokens);
    expect(corpus.tokens).toBe(first);
    // From then on the array is the corpus's tokens.
    first![2] = 'Bergen';
    expect(tokenSlice(corpus, 1, 3)).toEqual(['in', 'Bergen']);
    expect(corpusTokens(corpus)).toBe(first);
  });

  it('takes an assigned array (or none) over the store', () => {
    const { corpus } = make();
    corpus.tokens = ['a', 'b', 'c', 'd', 'e'];
    expect(tokenSlice(corpus, 0, 2)).toEqual(['a', 'b']);
    corpus.tokens = undefined;
    expect(corpusTokens(corpus)).toBeUndefined();
    expect(tokenSlice(corpus, 0, 2)).toBeUndefined();
  });

  it('spreads and serialises with its tokens, as a plain corpus does', () => {
    const { corpus, tokens } = make();
    expect({ ...corpus }.tokens).toEqual(tokens);
    expect(JSON.parse(JSON.stringify({ tokens: corpus.tokens })).tokens).toEqual(tokens);
  });
});

/** `tokens` placed in a deferring store from texts of a few tokens each (chunks of a file), one per line. */
function deferredOf(tokens: readonly string[], perText = 3, limit = 1 << 20): TokenStore {
  const store = new TokenStore();
  store.defer(limit);
  for (let k = 0; k < tokens.length; k += perText) {
    const part = tokens.slice(k, k + perText);
    const text = `${part.join(' X\n')} X\n`;
    let at = 0;
    for (const t of part) {
      store.place(text, k, at, at + t.length);
      at += t.length + 3;
    }
  }
  return store;
}

describe('a deferring token store', () => {
  const tokens = ['Rain', 'in', 'Oslo', 'Rain', 'Zoë', '東京', '😀', 'x'.repeat(40), 'in', '-DOCSTART-', 'Oslo'];

  it('gives back every token as an array does, without numbering them (at, slice, view, length)', () => {
    const store = deferredOf(tokens);
    expect(store.deferring).toBe(true);
    expect(store.length).toBe(tokens.length);
    expect(tokens.map((_, k) => store.at(k))).toEqual(tokens);
    expect(tokens.map((_, k) => store.view(k))).toEqual(tokens);
    expect(store.at(-1)).toBeUndefined();
    expect(store.at(tokens.length)).toBeUndefined();
    expect(store.slice(2, 6)).toEqual(tokens.slice(2, 6));
    expect(store.slice(8, 99)).toEqual(tokens.slice(8, 99));
    expect(store.deferring).toBe(true);
    // Asked for distinct words, it numbers them, and gives the same tokens.
    expect(store.distinct).toBe(new Set(tokens).size);
    expect(store.deferring).toBe(false);
    expect(tokens.map((_, k) => store.at(k))).toEqual(tokens);
    expect(store.slice()).toEqual(tokens);
  });

  it('tells where a token ends when it stands in a text, before and after numbering', () => {
    const store = deferredOf(tokens);
    for (const numbered of [false, true]) {
      if (numbered) expect(store.distinct).toBe(new Set(tokens).size);
      expect(store.deferring).toBe(!numbered);
      const line = 'in Oslo\n';
      expect(store.endAt(1, line, 0)).toBe(2);
      expect(store.endAt(2, line, 3)).toBe(7);
      // Another token, a prefix of one, a token running past the text's end.
      expect(store.endAt(0, line, 0)).toBe(-1);
      expect(store.endAt(2, 'Osl', 0)).toBe(-1);
      expect(store.endAt(2, 'in Osl', 3)).toBe(-1);
      expect(store.endAt(5, 'a 東京 b', 2)).toBe(4);
    }
  });

  it('numbers its tokens when asked for many, one by one or at once, and stays right', () => {
    const many = Array.from({ length: 5000 }, (_, k) => `w${k % 977}`);
    const one = deferredOf(many, 700);
    expect(many.every((t, k) => one.at(k) === t)).toBe(true);
    expect(one.deferring).toBe(false);
    const all = deferredOf(many, 700);
    expect(all.slice(0, 100)).toEqual(many.slice(0, 100));
    expect(all.deferring).toBe(false);
    expect(all.slice(4990)).toEqual(many.slice(4990));
  });

  it('tells its texts by their chunk numbers, not by comparing them: two chunks of equal text are two texts', () => {
    const text = 'Rain O\nin O\n';
    const store = new TokenStore();
    store.defer(1 << 20);
    for (const chunk of [1, 1, 2, 2]) store.place(text, chunk, 0, 4);
    // Chunk 2 is a copy with other characters in between: positions are its own.
    store.place(`${text}x`, 3, 7, 9);
    const sent = store.stored().deferred!;
    expect(sent.texts.length).toBe(3);
    expect(sent.firsts).toEqual([0, 2, 4]);
    expect(store.slice()).toEqual(['Rain', 'Rain', 'Rain', 'Rain', 'in']);
  });

  it('numbers what it has and goes on as usual past its limit of characters, or when a token comes as a string', () => {
    const limited = deferredOf(tokens, 2, 20);
    expect(limited.deferring).toBe(false);
    expect(tokens.map((_, k) => limited.at(k))).toEqual(tokens);
    const mixed = deferredOf(tokens);
    mixed.push('Bergen');
    expect(mixed.deferring).toBe(false);
    expect(mixed.slice()).toEqual([...tokens, 'Bergen']);
    // A store that has tokens already does not start deferring.
    mixed.defer(1 << 20);
    expect(mixed.deferring).toBe(false);
  });

  it('equals an array of the same tokens whatever the texts they were placed from (random tokens and chunks)', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[^\s]{1,15}$/), { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 9 }), (words, perText) => {
        const store = deferredOf(words, perText);
        const firstViews = words.map((_, k) => store.view(k));
        const firstEnds = words.map((w, k) => store.endAt(k, `${w}\n`, 0));
        expect(firstViews).toEqual(words);
        expect(firstEnds).toEqual(words.map((w) => w.length));
        expect(store.slice()).toEqual(words);
        expect(words.map((w, k) => store.endAt(k, `${w}\n`, 0))).toEqual(firstEnds);
      }),
    );
  });
});

describe('a deferring token store sent between threads', () => {
  const tokens = ['Rain', 'in', 'Oslo', 'Zoë', 'x'.repeat(40), 'in'];

  it('arrives deferring in an empty store, its texts with it, and gives the same tokens', () => {
    const store = deferredOf(tokens, 2);
    const sent = structuredClone(store.stored());
    // Sending does not number the sender.
    expect(store.deferring).toBe(true);
    const other = new TokenStore();
    other.appendStored(sent);
    expect(other.deferring).toBe(true);
    expect(other.length).toBe(tokens.length);
    expect(tokens.map((t, k) => other.endAt(k, `${t} O\n`, 0))).toEqual(tokens.map((t) => t.length));
    expect(other.slice()).toEqual(tokens);
    expect(other.distinct).toBe(new Set(tokens).size);
    expect(other.deferring).toBe(false);
    expect(other.slice()).toEqual(tokens);
  });

  it('is numbered when it arrives in a store that has tokens, after them', () => {
    const other = new TokenStore();
    other.push('Bergen');
    other.appendStored(structuredClone(deferredOf(tokens, 4).stored()));
    expect(other.deferring).toBe(false);
    expect(other.slice()).toEqual(['Bergen', ...tokens]);
  });
});

describe('a token store that only counts', () => {
  const NOT_KEPT = 'the tokens of this corpus were not kept';

  it('counts the tokens placed, added and pushed, and refuses to give any back', () => {
    const store = new TokenStore();
    store.countOnly();
    store.place('a bc', 7, 0, 1);
    expect(store.add('a bc', 2, 4)).toBe('bc');
    store.push('d');
    expect(store.countsOnly).toBe(true);
    expect(store.length).toBe(3);
    expect(store.at(5)).toBeUndefined();
    expect(store.slice(1, 1)).toEqual([]);
    expect(() => store.at(0)).toThrow(NOT_KEPT);
    expect(() => store.view(1)).toThrow(NOT_KEPT);
    expect(() => store.endAt(0, 'a', 0)).toThrow(NOT_KEPT);
    expect(() => store.slice(0, 2)).toThrow(NOT_KEPT);
    expect(() => store.distinct).toThrow(NOT_KEPT);
  });

  it('counts only when told so while empty, and then never defers', () => {
    const used = new TokenStore();
    used.push('x');
    used.countOnly();
    expect(used.countsOnly).toBe(false);
    expect(used.slice()).toEqual(['x']);
    const counting = new TokenStore();
    counting.countOnly();
    counting.defer(1000);
    expect(counting.deferring).toBe(false);
  });

  it('adds up with another counted store sent between threads, and refuses to join one that keeps its tokens', () => {
    const a = new TokenStore();
    a.countOnly();
    a.push('x');
    const b = new TokenStore();
    b.countOnly();
    b.push('y');
    b.push('z');
    expect(b.stored()).toMatchObject({ counted: true, count: 2, pages: [] });
    a.appendStored(b.stored());
    expect(a.length).toBe(3);
    const empty = new TokenStore();
    empty.appendStored(b.stored());
    expect([empty.countsOnly, empty.length]).toEqual([true, 2]);
    const keeping = storeOf(['p', 'q']);
    expect(() => keeping.appendStored(b.stored())).toThrow('cannot be joined');
    expect(() => a.appendStored(keeping.stored())).toThrow('cannot be joined');
  });
});
