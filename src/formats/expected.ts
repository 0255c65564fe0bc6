/**
 * What a system file that agrees with the reference looks like, as text, for readers that
 * compare a sentence whole instead of parsing it (see `ReadOptions.expect`). Each text is made
 * once per reference and then shared by every system file of a run.
 *
 * JSONL's token arrays are compared the same way (jsonl-verify.ts). (Writing the lines as
 * bytes into one array and decoding it a megabyte at a time was tried: faster once optimised,
 * but a loop over every character runs unoptimised for most of a reference read once, and took
 * three times as long as this join on the CoNLL-2003 test set.)
 */
import { viewOf } from '../model/token-store.js';
import type { ExpectedTokens } from './segment.js';

const cache = new WeakMap<ExpectedTokens, Map<string, string[]>>();

/** `build(expect)`, made once per reference and `key`. */
export function once(expect: ExpectedTokens, key: string, build: (expect: ExpectedTokens) => string[]): string[] {
  let byKey = cache.get(expect);
  if (byKey === undefined) cache.set(expect, (byKey = new Map()));
  let texts = byKey.get(key);
  if (texts === undefined) byKey.set(key, (texts = build(expect)));
  return texts;
}

/**
 * The expected sentences (line-safe, with tags) as the lines of a CoNLL system file that predicts
 * the gold tags: `token tag` lines, or `token tag tag` with `withGold` (conlleval's `token gold
 * prediction`), one space between fields, each line ending with LF.
 *
 * A sentence's text is written from the reference's tokens and tags only when a file asks for it
 * a second time: the first file to reach a sentence reads it line by line (checking each field
 * where it stands), and when it is the expected text, that text, as the file has it, is the
 * sentence's from then on ({@link learn}). Writing every sentence up front cost more than reading
 * the first file line by line (on 1M tokens and a quiet machine, about 100 ms against 60; on a busy
 * one, where little is optimised, about even), and the young-generation collector copied its strings
 * (10 MB) on their way to the old one: with a good first system most sentences are never written,
 * and with one system none is.
 */
export class ExpectedLines {
  /** Sentences. */
  readonly count: number;
  private readonly lines: Array<string | undefined>;
  /** Whether a file has asked for sentence s (see {@link take}). */
  private readonly asked: Uint8Array;
  /** What follows the token on a line, by tag. */
  private readonly tails = new Map<string, string>();

  constructor(private readonly expect: ExpectedTokens, private readonly withGold: boolean) {
    this.count = expect.sentenceEnds.length;
    this.lines = new Array<string | undefined>(this.count).fill(undefined);
    this.asked = new Uint8Array(this.count);
  }

  /**
   * The text of sentence `s` to compare a file's sentence with whole; undefined when no file has
   * asked for it before and it is not known: the caller then reads the sentence line by line and
   * gives its text to {@link learn} if it was the expected one.
   */
  take(s: number): string | undefined {
    const line = this.lines[s];
    if (line !== undefined) return line;
    if (this.asked[s] === 0) {
      this.asked[s] = 1;
      return undefined;
    }
    return this.line(s);
  }

  /** Records `text`, read from a file and found to be sentence `s`'s lines, as that sentence's text. */
  learn(s: number, text: string): void {
    this.lines[s] ??= text;
  }

  /** The text of sentence `s`, written from the reference when no file has given it. */
  line(s: number): string {
    let line = this.lines[s];
    if (line === undefined) this.lines[s] = line = this.write(s);
    return line;
  }

  /** Sentence `s` joined from its tokens and the tails of its tags, without a string per line. */
  private write(s: number): string {
    const { tokens, sentenceEnds } = this.expect;
    const tags = this.expect.tags!;
    const start = s === 0 ? 0 : sentenceEnds[s - 1];
    const end = sentenceEnds[s];
    const parts: string[] = new Array(2 * (end - start));
    for (let i = start, k = 0; i < end; i++, k += 2) {
      const tag = tags.at(i)!;
      let tail = this.tails.get(tag);
      if (tail === undefined) this.tails.set(tag, (tail = this.withGold ? ` ${tag} ${tag}\n` : ` ${tag}\n`));
      parts[k] = viewOf(tokens, i);
      parts[k + 1] = tail;
    }
    return parts.join('');
  }
}

const linesCache = new WeakMap<ExpectedTokens, ExpectedLines[]>();

/** The expected lines of `expect` in one layout (see {@link ExpectedLines}), made once per reference and layout and shared. */
export function expectedLines(expect: ExpectedTokens, withGold: boolean): ExpectedLines {
  let both = linesCache.get(expect);
  if (both === undefined) linesCache.set(expect, (both = []));
  const k = withGold ? 1 : 0;
  return (both[k] ??= new ExpectedLines(expect, withGold));
}
