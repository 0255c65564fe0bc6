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

/** The sentences long enough to compare, in order: each one's number and hash; undefined without tokens. */
function sentenceHashes(corpus: Corpus): Array<[number, string]> | undefined {
  const out: Array<[number, string]> = [];
  for (let k = 0; k < sentenceCount(corpus); k++) {
    const s = sentenceOf(corpus, k);
    if (s.end - s.start < MIN_SHARED_TOKENS) continue;
    const tokens = tokenSlice(corpus, s.start, s.end);
    if (tokens === undefined) return undefined;
    out.push([k, createHash('sha256').update(tokens.join('\u0000') + '\u0000').digest('hex')]);
  }
  return out;
}

/**
 * The sentences of `other` that are sentences of `base`, for corpora whose documents cannot be
 * compared: a file without document markers (CoNLL without `-DOCSTART-`) is one document, which
 * is no document of the other however many of its sentences are. A sentence counts when its
 * tokens are those of a sentence of `base`, one for one, and so are those of the sentence before
 * or after it, at the same distance in `base`: a stretch of the planning text, not a line of
 * boilerplate (a byline, a standing phrase) that recurs in any corpus of the kind. Sentences of
 * fewer than {@link MIN_SHARED_TOKENS} tokens are left out, and `compared` counts the others.
 * `first` names sentences by their record id, else `#` and their number from 1; undefined when
 * either has no tokens.
 */
export function sharedSentences(base: Corpus, other: Corpus): SharedDocuments | undefined {
  if (base.unit === 'char' || other.unit === 'char') return undefined;
  const baseHashes = sentenceHashes(base);
  const mine = sentenceHashes(other);
  if (baseHashes === undefined || mine === undefined) return undefined;
  const known = new Map<string, number>();
  for (const [k, key] of baseHashes) if (!known.has(key)) known.set(key, k);
  const at = mine.map(([, key]) => known.get(key));
  // Sentences i and j (consecutive among those compared) follow each other in base as in other.
  const together = (i: number, j: number) => at[i] !== undefined && at[j] !== undefined && at[j]! - at[i]! === mine[j][0] - mine[i][0];
  const name = (c: Corpus, k: number) => sentenceOf(c, k).id ?? `#${k + 1}`;
  let shared = 0;
  let first: SharedDocuments['first'];
  for (let i = 0; i < mine.length; i++) {
    if (!((i > 0 && together(i - 1, i)) || (i + 1 < mine.length && together(i, i + 1)))) continue;
    shared++;
    first ??= { other: name(other, mine[i][0]), base: name(base, at[i]!) };
  }
  return { shared, compared: mine.length, ...(first === undefined ? {} : { first }) };
}
