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
import type { SentenceTexts } from './sentence-texts.js';

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
 * The gold file's own text of a sentence, where the reader recorded it (`ExpectedTokens.lines`),
 * is such a sentence in the first layout already, and the lines the second layout repeats the tag
 * of: a file's sentence is compared with it where both stand from the first file on, without a
 * string written for it.
 *
 * Without it, a sentence's text is written from the reference's tokens and tags only when a file
 * asks for it a second time: the first file to reach a sentence reads it line by line (checking
 * each field where it stands), and when it is the expected text, that text, as the file has it,
 * is the sentence's from then on ({@link learn}). Writing every sentence up front cost more than
 * reading the first file line by line (on 1M tokens and a quiet machine, about 100 ms against 60;
 * on a busy one, where little is optimised, about even), and the young-generation collector
 * copied its strings (10 MB) on their way to the old one: with a good first system most
 * sentences are never written, and with one system none is.
 */
export class ExpectedLines {
  /** Sentences. */
  readonly count: number;
  private readonly lines: Array<string | undefined>;
  /** Where the gold file's sentences stand in its text, where it has them as `token tag` lines. */
  private readonly gold: SentenceTexts | undefined;
  /** How many files have asked for sentence s, up to two (see {@link match}). */
  private readonly asked: Uint8Array;
  /** What follows the token on a line, by tag. */
  private readonly tails = new Map<string, string>();

  constructor(private readonly expect: ExpectedTokens, private readonly withGold: boolean) {
    this.count = expect.sentenceEnds.length;
    this.lines = new Array<string | undefined>(this.count).fill(undefined);
    this.asked = new Uint8Array(this.count);
    this.gold = expect.lines;
  }

  /**
   * Whether sentence `s`'s text is at `pos` in `text`, followed by a blank line (its line end
   * there): where the text ends if it is; -1 if it is not (the caller reads the sentence line by
   * line); -2 if that is not known yet (the caller reads it line by line and, if it is the
   * expected sentence, gives its text to {@link learn}).
   *
   * A text known whole is compared by one native comparison of a slice (a view, not a copy),
   * which compares memory at once; `startsWith` compares character by character, and took twice
   * as long over the ten CoNLL files.
   */
  match(s: number, text: string, pos: number): number {
    let want = this.lines[s];
    if (want === undefined) {
      const gold = this.gold?.chunk(s);
      if (gold !== undefined) {
        const from = this.gold!.start(s);
        const to = this.gold!.end(s);
        const after = this.withGold ? doubledAt(text, pos, gold, from, to) : sameAt(text, pos, gold, from, to);
        const asked = this.asked[s];
        if (asked < 2) this.asked[s] = asked + 1;
        if (after < 0 || after >= text.length || text.charCodeAt(after) !== 10) return -1;
        // The text of the first file to have the sentence serves the next files at once, if it is
        // the first or second file asked: each text keeps its file's chunk in memory, and texts
        // from every file would keep every file.
        if (asked < 2) this.lines[s] = text.slice(pos, after);
        return after;
      }
      if (this.asked[s] === 0) {
        this.asked[s] = 1;
        return -2;
      }
      this.lines[s] = want = this.write(s);
    }
    const after = pos + want.length;
    return want.length > 0 && after < text.length && text.charCodeAt(after) === 10 && text.slice(pos, after) === want ? after : -1;
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

/** Where gold[from, to) ends in `text` when it stands there from `pos`, else -1 (slices compared at once). */
function sameAt(text: string, pos: number, gold: string, from: number, to: number): number {
  const after = pos + (to - from);
  return to > from && after <= text.length && text.slice(pos, after) === gold.slice(from, to) ? after : -1;
}

/**
 * Where the `token tag` lines gold[from, to) (each ending with LF, one space on each) end in
 * `text` from `pos`, each standing there as `token tag tag`; -1 when they do not. One loop over
 * the characters, with no string made.
 */
export function doubledAt(text: string, pos: number, gold: string, from: number, to: number): number {
  const n = text.length;
  let p = pos;
  // Where the current line's space is in `gold`: its tag follows.
  let space = from;
  for (let i = from; i < to; i++) {
    const c = gold.charCodeAt(i);
    if (c === 10) {
      // The tag again, after a space: gold[space, i) is " tag".
      const len = i - space;
      if (p + len >= n) return -1;
      for (let k = 0; k < len; k++) if (text.charCodeAt(p + k) !== gold.charCodeAt(space + k)) return -1;
      p += len;
      if (text.charCodeAt(p) !== 10) return -1;
      p++;
      continue;
    }
    if (p >= n || text.charCodeAt(p) !== c) return -1;
    if (c === 32) space = i;
    p++;
  }
  return p;
}

const linesCache = new WeakMap<ExpectedTokens, ExpectedLines[]>();

/** The expected lines of `expect` in one layout (see {@link ExpectedLines}), made once per reference and layout and shared. */
export function expectedLines(expect: ExpectedTokens, withGold: boolean): ExpectedLines {
  let both = linesCache.get(expect);
  if (both === undefined) linesCache.set(expect, (both = []));
  const k = withGold ? 1 : 0;
  return (both[k] ??= new ExpectedLines(expect, withGold));
}
