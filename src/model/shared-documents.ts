/**
 * Documents two corpora share: a test set that holds some of the planning data's documents
 * scores them in-sample, whatever its file is called. Two documents are the same when their
 * tokens are, one for one (a SHA-256 of the tokens, each followed by a separator that no token
 * holds); documents of fewer than {@link MIN_SHARED_TOKENS} tokens are left out, as short ones
 * (a dateline, a score line) recur in any news corpus without being the same document. Corpora
 * of characters (no tokens) are not compared.
 */
import { createHash } from 'node:crypto';
import type { Corpus } from './corpus.js';
import { tokenSlice } from './corpus-tokens.js';
import { sentenceCount, sentenceOf } from './sentence-table.js';

/** Documents shorter than this are not compared. */
export const MIN_SHARED_TOKENS = 10;

export interface SharedDocuments {
  /** Documents of `other` that are documents of `base`. */
  shared: number;
  /** Documents of `other` long enough to compare. */
  compared: number;
  /** The first shared one: its id in `other`, and the id of the document of `base` it is. */
  first?: { other: string; base: string };
}

/** Each document's hash, by hash, for the documents long enough to compare (those of `only`, when given); undefined without tokens. */
function documentHashes(corpus: Corpus, only?: Iterable<number>): Map<string, number> | undefined {
  const out = new Map<string, number>();
  for (const d of only ?? corpus.documents.keys()) {
    const doc = corpus.documents[d];
    if (doc.end - doc.start < MIN_SHARED_TOKENS) continue;
    const tokens = tokenSlice(corpus, doc.start, doc.end);
    if (tokens === undefined) return undefined;
    const key = createHash('sha256').update(tokens.join('\u0000') + '\u0000').digest('hex');
    if (!out.has(key)) out.set(key, d);
  }
  return out;
}

/** Hexadecimal digits of a document's key a saved plan keeps: 64 bits, as a gold standard's fingerprint. */
const KEY_DIGITS = 16;

/**
 * The keys of documents `docs` of `corpus` (every document when absent): their hashes (see the
 * module comment), cut to 16 hexadecimal digits, in document order, for the documents long enough
 * to compare. What a saved plan records of the documents that chose it; undefined without tokens.
 */
export function documentKeys(corpus: Corpus, docs?: Iterable<number>): string[] | undefined {
  if (corpus.unit === 'char') return undefined;
  const hashes = documentHashes(corpus, docs);
  return hashes === undefined ? undefined : [...hashes.keys()].map((k) => k.slice(0, KEY_DIGITS));
}

/**
 * How many documents of `corpus` are among `keys` (from {@link documentKeys}), of those long
 * enough to compare, and how many documents it has (one, for a file without document markers,
 * whose text no document key can match); undefined without tokens.
 */
export function documentsAmong(corpus: Corpus, keys: readonly string[]): { shared: number; compared: number; documents: number } | undefined {
  const mine = documentKeys(corpus);
  if (mine === undefined) return undefined;
  const known = new Set(keys);
  return { shared: mine.filter((k) => known.has(k)).length, compared: mine.length, documents: corpus.documents.length };
}

/** The documents of `other` that are documents of `base` (see the module comment); undefined when either has no tokens. */
export function sharedDocuments(base: Corpus, other: Corpus): SharedDocuments | undefined {
  if (base.unit === 'char' || other.unit === 'char') return undefined;
  const known = documentHashes(base);
  const mine = documentHashes(other);
  if (known === undefined || mine === undefined) return undefined;
  let shared = 0;
  let first: SharedDocuments['first'];
  for (const [key, d] of mine) {
    const b = known.get(key);
    if (b === undefined) continue;
    shared++;
    first ??= { other: other.documents[d].id, base: base.documents[b].id };
  }
  return { shared, compared: mine.size, ...(first === undefined ? {} : { first }) };
}

/**
 * The sentences long enough to compare (of `only`, ascending, when given), in order: their
 * numbers and their keys (as a document's, see the module comment, cut to 16 hexadecimal
 * digits); undefined without tokens.
 */
function sentenceHashes(corpus: Corpus, only?: Iterable<number>): { numbers: number[]; keys: string[] } | undefined {
  if (corpus.unit === 'char') return undefined;
  const numbers: number[] = [];
  const keys: string[] = [];
  for (const k of only ?? Array.from({ length: sentenceCount(corpus) }, (_, i) => i)) {
    const s = sentenceOf(corpus, k);
    if (s.end - s.start < MIN_SHARED_TOKENS) continue;
    const tokens = tokenSlice(corpus, s.start, s.end);
    if (tokens === undefined) return undefined;
    numbers.push(k);
    keys.push(createHash('sha256').update(tokens.join('\u0000') + '\u0000').digest('hex').slice(0, KEY_DIGITS));
  }
  return { numbers, keys };
}

/**
 * The keys of sentences `sentences` of `corpus` (every sentence when absent; ascending), in order,
 * for those long enough to compare: what a saved plan records of the sentences that chose it, for
 * a gold standard whose documents cannot be compared (one document: a file without document
 * markers). Undefined without tokens.
 */
export function sentenceKeys(corpus: Corpus, sentences?: Iterable<number>): string[] | undefined {
  return sentenceHashes(corpus, sentences)?.keys;
}

/**
 * The sentences of `corpus` among `keys` (from {@link sentenceKeys}, in their order): a sentence
 * counts when its key is there and so is that of the sentence next to it (among those long enough
 * to compare), next to it in `keys` too: a stretch of that text, not a line of boilerplate (a
 * byline, a standing phrase) that recurs in any corpus of the kind. `compared` counts the
 * sentences long enough to compare; `first` is the first shared one, by its number here and its
 * place in `keys`. Undefined without tokens.
 */
function sentencesIn(corpus: Corpus, keys: readonly string[]): { shared: number; compared: number; first?: { sentence: number; key: number } } | undefined {
  const mine = sentenceHashes(corpus);
  if (mine === undefined) return undefined;
  const known = new Map<string, number>();
  keys.forEach((key, i) => {
    if (!known.has(key)) known.set(key, i);
  });
  const at = mine.keys.map((key) => known.get(key));
  // Sentences i and i + 1 of those compared here are neighbours there too.
  const together = (i: number) => at[i] !== undefined && at[i + 1] !== undefined && at[i + 1]! - at[i]! === 1;
  let shared = 0;
  let first: { sentence: number; key: number } | undefined;
  for (let i = 0; i < at.length; i++) {
    if (!((i > 0 && together(i - 1)) || (i + 1 < at.length && together(i)))) continue;
    shared++;
    first ??= { sentence: mine.numbers[i], key: at[i]! };
  }
  return { shared, compared: at.length, ...(first === undefined ? {} : { first }) };
}

/** How many sentences of `corpus` are among `keys` (see {@link sentencesIn}), of those long enough to compare; undefined without tokens. */
export function sentencesAmong(corpus: Corpus, keys: readonly string[]): { shared: number; compared: number } | undefined {
  const found = sentencesIn(corpus, keys);
  return found === undefined ? undefined : { shared: found.shared, compared: found.compared };
}

/**
 * The sentences of `other` that are sentences of `base`, for corpora whose documents cannot be
 * compared: a file without document markers (CoNLL without `-DOCSTART-`) is one document, which
 * is no document of the other however many of its sentences are. Counted as {@link sentencesIn}
 * counts them (a stretch of `base`'s text, not a recurring line); sentences of fewer than
 * {@link MIN_SHARED_TOKENS} tokens are left out, and `compared` counts the others. `first` names
 * sentences by their record id, else `#` and their number from 1; undefined when either has no
 * tokens.
 */
export function sharedSentences(base: Corpus, other: Corpus): SharedDocuments | undefined {
  const known = sentenceHashes(base);
  const found = known === undefined ? undefined : sentencesIn(other, known.keys);
  if (known === undefined || found === undefined) return undefined;
  const name = (c: Corpus, k: number) => sentenceOf(c, k).id ?? `#${k + 1}`;
  const first = found.first === undefined ? undefined : { other: name(other, found.first.sentence), base: name(base, known.numbers[found.first.key]) };
  return { shared: found.shared, compared: found.compared, ...(first === undefined ? {} : { first }) };
}
