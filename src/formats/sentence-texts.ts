/**
 * Where a gold file's sentences stand in its text: for each sentence read whole from one chunk as
 * plain `token tag` lines (one space, LF line ends), the chunk and the sentence's first and last
 * character (its last line end included). What a system file predicting the gold tags holds there
 * is then known before any system is read: that text itself (`token prediction`), or its lines
 * with the tag twice (`token gold prediction`), compared where both stand (see expected.ts).
 *
 * Three numbers a sentence, and the chunks, which the gold's token store keeps anyway while its
 * tokens wait to be numbered (see TokenStore.defer): past `limit` characters of chunks, no more
 * are kept.
 */
import { IntList } from '../model/int-column.js';
import { KeptTexts } from '../model/kept-texts.js';

export class SentenceTexts {
  private readonly kept: KeptTexts;
  /** By sentence: its chunk (−1: none), and where it starts and ends there. */
  private readonly chunkOf = new IntList();
  private readonly starts = new IntList();
  private readonly ends = new IntList();

  constructor(limit: number) {
    this.kept = new KeptTexts(limit);
  }

  /** Records sentence `s` (none before it left out but unknown ones) as text[from, to), of the reader's chunk number `chunk`. */
  add(s: number, text: string, chunk: number, from: number, to: number): void {
    const k = this.kept.keep(text, chunk);
    if (k < 0) return;
    while (this.chunkOf.length < s) {
      this.chunkOf.push(-1);
      this.starts.push(0);
      this.ends.push(0);
    }
    this.chunkOf.push(k);
    this.starts.push(from);
    this.ends.push(to);
  }

  /** The chunk sentence `s` stands in, or undefined when it is not known. */
  chunk(s: number): string | undefined {
    if (s >= this.chunkOf.length) return undefined;
    const k = this.chunkOf.at(s);
    return k < 0 ? undefined : this.kept.texts[k];
  }

  /** Where sentence `s` starts in its chunk (when known). */
  start(s: number): number {
    return this.starts.at(s);
  }

  /** Where sentence `s` ends in its chunk, after its last line end (when known). */
  end(s: number): number {
    return this.ends.at(s);
  }

  /** As it travels between threads (see {@link SentenceTexts.of}). */
  stored(): StoredSentenceTexts {
    return { chunks: this.kept.texts, chunkOf: this.chunkOf.view().slice(), starts: this.starts.view().slice(), ends: this.ends.view().slice() };
  }

  /** The texts sent from another thread ({@link stored}). */
  static of(t: StoredSentenceTexts): SentenceTexts {
    const texts = new SentenceTexts(Infinity);
    t.chunks.forEach((text, k) => texts.kept.keep(text, k));
    for (let s = 0; s < t.chunkOf.length; s++) {
      texts.chunkOf.push(t.chunkOf[s]);
      texts.starts.push(t.starts[s]);
      texts.ends.push(t.ends[s]);
    }
    return texts;
  }
}

/** {@link SentenceTexts} as they travel between threads. */
export interface StoredSentenceTexts {
  chunks: string[];
  chunkOf: Int32Array;
  starts: Int32Array;
  ends: Int32Array;
}
