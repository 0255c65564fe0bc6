/**
 * A loaded corpus keeps its tokens in a {@link TokenStore}; `corpus.tokens`, the array of strings
 * library users know, is made from it the first time it is read (and kept), so a command that
 * never asks for every token (eval, compare) never makes one string per token. Code that needs a
 * few tokens asks {@link corpusTokens} or {@link tokenSlice}, which read the store and make no
 * array of the whole corpus.
 */
import type { Corpus } from './corpus.js';
import type { TokenList, TokenStore } from './token-store.js';
import { lazyField } from './lazy-field.js';

/** The store behind each loaded corpus, while its `tokens` was not replaced. */
const stores = new WeakMap<Corpus, TokenStore>();

/**
 * Gives `corpus` its tokens from `store`: `corpus.tokens` (enumerable, as a plain field) is made
 * from the store when first read, and is from then on the corpus's tokens (the store is
 * forgotten), as is an array assigned to it.
 */
export function attachTokenStore(corpus: Corpus, store: TokenStore): void {
  stores.set(corpus, store);
  // From then on the array is the corpus's tokens, should its user change it. Tokens only
  // counted (a lone file loaded with keepTokens: false) are left out of copies of the corpus,
  // which would ask for them: a copy has none.
  lazyField(corpus, 'tokens', () => store.slice(0, store.length), () => stores.delete(corpus), !store.countsOnly);
}

/** The corpus's tokens, from its store when it has one, without making an array of them all; undefined in character mode. */
export function corpusTokens(corpus: Corpus): TokenList | undefined {
  return stores.get(corpus) ?? corpus.tokens;
}

/** Tokens `start` to `end` (exclusive) of the corpus, as `corpus.tokens.slice(start, end)` gives them; undefined in character mode. */
export function tokenSlice(corpus: Corpus, start: number, end: number): string[] | undefined {
  const store = stores.get(corpus);
  return store !== undefined ? store.slice(start, end) : corpus.tokens?.slice(start, end);
}
