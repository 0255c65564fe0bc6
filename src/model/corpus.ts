/**
 * The data model: spans, documents, sentences, the corpus (gold plus named system outputs).
 *
 * All offsets are in **corpus coordinates**: token mode numbers every token of the corpus
 * 0..T-1 in reading order; character mode lays the segments' texts one after another. A span is
 * `(doc, start, end, label)` with `end` exclusive; discontinuous spans (BRAT) list their
 * fragments. Sentences and documents are ranges of the same coordinates, so a span's position in
 * its sentence is `start - sentence.start`.
 */
import { corpusTokens, tokenSlice } from './corpus-tokens.js';
import { sentenceOf, sentenceTable } from './sentence-table.js';

export type Unit = 'token' | 'char';

export interface Span {
  doc: number;
  start: number;
  end: number;
  label: string;
  /** Every fragment of a discontinuous span, sorted; absent when contiguous. */
  fragments?: Array<[number, number]>;
}

export interface Sentence {
  index: number;
  doc: number;
  start: number;
  end: number;
  /** Line of the sentence (or record) in the gold source. */
  line: number;
  /** Record id, when the gold source gives one. */
  id?: string;
}

export interface DocumentInfo {
  index: number;
  id: string;
  start: number;
  end: number;
  /** Index of the document's first sentence. */
  firstSentence: number;
  /** One past the index of its last sentence. */
  endSentence: number;
  /**
   * True when the gold source opened this document explicitly: a `-DOCSTART-` line before it
   * (CoNLL) or a `doc_id` on its records (JSONL, BRAT). False or absent for the implicit
   * document that holds sentences before any marker (e.g. a CoNLL file without `-DOCSTART-`).
   * Writers use it to reproduce the gold's document markers.
   */
  marked?: boolean;
}

export interface SystemOutput {
  name: string;
  source: string;
  /** How the spans were read, or `ensemble` for a simulated ensemble's output. */
  format: InputFormat | 'ensemble';
  /** Detected or declared tag scheme (BIO-style inputs). */
  scheme?: string;
  /** The JSONL dialect the input was read as (`huggingface`, `spacy`, `doccano`, …); JSONL only. */
  dialect?: string;
  spans: Span[];
  warnings: string[];
  /**
   * Tokens whose predicted tag is the gold tag, as conlleval counts them for its accuracy; absent
   * when the system or the gold standard was not read from tags.
   */
  tokenTally?: TokenTally;
}

/**
 * conlleval's token count: every token line of the system's file, its `-DOCSTART-` lines included
 * (conlleval reads one as a token tagged O in both columns); blank lines are not tokens.
 */
export interface TokenTally {
  /** Tokens counted, markers included. */
  tokens: number;
  /** Those whose predicted tag equals the gold tag as a whole string (markers count as correct). */
  correct: number;
  /** The file's `-DOCSTART-` lines, included in both counts. */
  markers: number;
}

export type InputFormat = 'conll' | 'jsonl' | 'brat';

export interface Corpus {
  unit: Unit;
  documents: DocumentInfo[];
  /**
   * Every sentence in corpus order. A loaded corpus makes this array from its sentence table when
   * it is first read; `sentenceCount`, `sentenceOf` (sentence-table.ts) and {@link sentenceAt}
   * read a few sentences without making it.
   */
  sentences: Sentence[];
  /**
   * Every token in corpus order (token mode only). A loaded corpus makes this array from its
   * token store when it is first read; `corpusTokens` and `tokenSlice` (corpus-tokens.ts) read
   * a few tokens without making it.
   */
  tokens?: string[];
  /** Each sentence's text (character mode only), indexed like `sentences`. */
  texts?: string[];
  /** Total size of the coordinate space: tokens, or characters. */
  length: number;
  gold: SystemOutput;
  systems: SystemOutput[];
}

/** Index of the sentence holding corpus position `pos` (binary search). */
export function sentenceAt(corpus: Corpus, pos: number): number {
  const table = sentenceTable(corpus);
  if (table !== undefined) return table.find(pos);
  const s = corpus.sentences;
  let lo = 0;
  let hi = s.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (s[mid].start <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The surface text of a span: its tokens joined by spaces, or its characters. */
export function spanText(corpus: Corpus, span: Span): string {
  const parts = span.fragments ?? [[span.start, span.end]];
  if (corpusTokens(corpus) !== undefined) {
    return parts.map(([a, b]) => tokenSlice(corpus, a, b)!.join(' ')).join(' … ');
  }
  if (corpus.texts !== undefined) {
    const si = sentenceAt(corpus, span.start);
    const base = sentenceOf(corpus, si).start;
    return parts.map(([a, b]) => corpus.texts![si].slice(a - base, b - base)).join(' … ');
  }
  return '';
}

/** A stable, readable key for a span: `start:end:label`, with fragments when discontinuous. */
export function spanKey(span: Span, withLabel = true): string {
  const where = span.fragments ? span.fragments.map(([a, b]) => `${a}-${b}`).join(',') : `${span.start}-${span.end}`;
  return withLabel ? `${where}:${span.label}` : where;
}
