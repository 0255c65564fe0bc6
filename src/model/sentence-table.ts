/**
 * A loaded corpus keeps its sentences as columns of integers (where each ends, its document, its
 * line) in a {@link SentenceTable}, not as an object per sentence: a million-token corpus has
 * tens of thousands of sentences, and objects made while a file is read are copied by the young
 * generation's collector on their way to the old one (on 1M tokens × 3 systems, `eval` and
 * `compare` together took 1,445 ms without them, 1,478 with: medians of ten runs each, alternately).
 *
 * `corpus.sentences`, the array of objects library users know, is made from the table the first
 * time it is read (and kept), as `corpus.tokens` is from the token store (corpus-tokens.ts). Code
 * that needs a few sentences asks {@link sentenceCount}, {@link sentenceOf} or `sentenceAt`
 * (corpus.ts), which read the table and make no array of the whole corpus.
 */
import type { Corpus, Sentence } from './corpus.js';
import { IntList } from './int-column.js';
import { lazyField } from './lazy-field.js';

/** Sentences as columns: sentence k runs from `start(k)` (the end of the one before) to `end(k)`. */
export class SentenceTable {
  private readonly ends: IntList;
  private readonly docs = new IntList();
  private readonly lines = new IntList();
  /** Record ids by sentence, when any sentence has one. */
  private ids: Array<string | undefined> | undefined;

  /** `ends`: one past the last position of each sentence, shared with whoever keeps it (see GoldBuilder). */
  constructor(ends = new IntList()) {
    this.ends = ends;
  }

  get length(): number {
    return this.docs.length;
  }

  /** Adds a sentence ending at `end` (exclusive; it starts where the last one ended), when `ends` is this table's own. */
  push(end: number, doc: number, line: number, id: string | undefined): void {
    this.ends.push(end);
    this.describe(doc, line, id);
  }

  /** Makes room for `n` more sentences at once (see IntList.reserve), the shared `ends` too. */
  reserve(n: number): void {
    this.ends.reserve(n);
    this.docs.reserve(n);
    this.lines.reserve(n);
  }

  /** Describes the sentence whose end was just added to the shared `ends`. */
  describe(doc: number, line: number, id: string | undefined): void {
    const k = this.docs.length;
    this.docs.push(doc);
    this.lines.push(line);
    if (id !== undefined) (this.ids ??= [])[k] = id;
  }

  start(k: number): number {
    return k === 0 ? 0 : this.ends.at(k - 1);
  }

  end(k: number): number {
    return this.ends.at(k);
  }

  doc(k: number): number {
    return this.docs.at(k);
  }

  line(k: number): number {
    return this.lines.at(k);
  }

  id(k: number): string | undefined {
    return this.ids?.[k];
  }

  /** Each sentence's record id (undefined: none), in order. */
  idList(): Array<string | undefined> {
    const out = new Array<string | undefined>(this.length);
    for (let k = 0; k < out.length; k++) out[k] = this.ids?.[k];
    return out;
  }

  /** Sentence `k` as an object. @throws RangeError when there is no sentence `k`. */
  sentence(k: number): Sentence {
    if (!(Number.isInteger(k) && k >= 0 && k < this.length)) throw new RangeError(`no sentence ${k}: the table has ${this.length}`);
    return { index: k, doc: this.docs.at(k), start: this.start(k), end: this.ends.at(k), line: this.lines.at(k), id: this.ids?.[k] };
  }

  /** Every sentence as an object. */
  toArray(): Sentence[] {
    const out: Sentence[] = new Array<Sentence>(this.length);
    for (let k = 0; k < out.length; k++) out[k] = this.sentence(k);
    return out;
  }

  /**
   * The sentence among `lo`..`hi` that holds position `pos`: the last whose start is at most
   * `pos` (binary search; of several empty sentences at one position, the last).
   */
  find(pos: number, lo = 0, hi = this.length - 1): number {
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.start(mid) <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

/** The table behind each loaded corpus, while its `sentences` was not made or replaced. */
const tables = new WeakMap<Corpus, SentenceTable>();

/**
 * Gives `corpus` its sentences from `table`: `corpus.sentences` (enumerable, as a plain field) is
 * made from the table when first read, and is from then on the corpus's sentences (the table is
 * forgotten), as is an array assigned to it.
 */
export function attachSentenceTable(corpus: Corpus, table: SentenceTable): void {
  tables.set(corpus, table);
  lazyField(corpus, 'sentences', () => table.toArray(), () => tables.delete(corpus));
}

/** The corpus's sentence table, while its sentences were not made as objects. */
export function sentenceTable(corpus: Corpus): SentenceTable | undefined {
  return tables.get(corpus);
}

/** How many sentences the corpus has, without making them. */
export function sentenceCount(corpus: Corpus): number {
  return tables.get(corpus)?.length ?? corpus.sentences.length;
}

/**
 * Sentence `k` of the corpus: made from its table (a new object), or the corpus's own.
 * @throws RangeError when there is no sentence `k`, whether or not the sentences were made.
 */
export function sentenceOf(corpus: Corpus, k: number): Sentence {
  const table = tables.get(corpus);
  if (table !== undefined) return table.sentence(k);
  const s = corpus.sentences;
  if (!(Number.isInteger(k) && k >= 0 && k < s.length)) throw new RangeError(`no sentence ${k}: the corpus has ${s.length}`);
  return s[k];
}
