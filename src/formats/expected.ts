/**
 * What a system file that agrees with the reference looks like, as text, for readers that
 * compare a sentence whole instead of parsing it (see `ReadOptions.expect`). Each text is made
 * once per reference and then shared by every system file of a run.
 *
 * (JSONL was tried too: comparing a record's tokens as text and parsing the rest was no faster
 * than JSON.parse of the whole record, once the expected texts were made.)
 */
import type { ExpectedTokens } from './segment.js';

const cache = new WeakMap<ExpectedTokens, Map<string, string[]>>();

/** `build(expect)`, made once per reference and `key`. */
function once(expect: ExpectedTokens, key: string, build: (expect: ExpectedTokens) => string[]): string[] {
  let byKey = cache.get(expect);
  if (byKey === undefined) cache.set(expect, (byKey = new Map()));
  let texts = byKey.get(key);
  if (texts === undefined) byKey.set(key, (texts = build(expect)));
  return texts;
}

/** Sentences are cut from texts of about this many characters, each decoded once. */
const PIECE = 1 << 20;

/** Switches for tests: `piece`, small to cut many pieces. */
export const expectedInternals = { piece: PIECE };

/**
 * The expected sentences (line-safe, with tags) written as the lines of a CoNLL system file that
 * predicts the gold tags: `token tag` lines, or `token tag tag` with `withGold` (conlleval's
 * `token gold prediction`), one space between fields, each line ending with LF.
 *
 * While every character is below 256 (as in most corpora), the lines are written as bytes into
 * one array and decoded a megabyte at a time, each sentence a slice of its piece: no string is
 * made per token or line, and nothing is joined (a join of tokens and tags took most of the time
 * of verifying the first system). Otherwise each sentence is joined from its tokens and tags.
 */
export function expectedLines(expect: ExpectedTokens, withGold: boolean): string[] {
  return once(expect, withGold ? 'conll3' : 'conll2', () => latin1Lines(expect, withGold) ?? joinedLines(expect, withGold));
}

/**
 * The lines of {@link expectedLines} written as bytes; undefined at a character of 256 or more.
 * (No closure shares `buf` or `len`: variables a closure captures are read and written through
 * its context, and this loop writes every character of the reference.)
 */
function latin1Lines(expect: ExpectedTokens, withGold: boolean): string[] | undefined {
  const { tokens, sentenceEnds } = expect;
  const tags = expect.tags!;
  const out: string[] = new Array(sentenceEnds.length);
  let buf = new Uint8Array(1 << 16);
  let len = 0;
  /** Where each sentence since the last piece starts in `buf`, and the first such sentence. */
  const starts: number[] = [];
  let pending = 0;
  let start = 0;
  for (let s = 0; s < sentenceEnds.length; s++) {
    const end = sentenceEnds[s];
    starts.push(len);
    for (let i = start; i < end; i++) {
      const token = tokens.at(i)!;
      const tag = tags.at(i)!;
      const n = token.length;
      const m = tag.length;
      const need = len + n + (withGold ? 2 : 1) * (m + 1) + 1;
      if (need > buf.length) {
        const grown = new Uint8Array(2 * need);
        grown.set(buf.subarray(0, len));
        buf = grown;
      }
      let bad = 0;
      for (let k = 0; k < n; k++) bad |= buf[len++] = token.charCodeAt(k);
      buf[len++] = 32;
      for (let k = 0; k < m; k++) bad |= buf[len++] = tag.charCodeAt(k);
      if (withGold) {
        buf[len++] = 32;
        for (let k = 0; k < m; k++) buf[len++] = tag.charCodeAt(k);
      }
      buf[len++] = 10;
      if (bad > 255) return undefined;
    }
    start = end;
    if (len >= expectedInternals.piece || s === sentenceEnds.length - 1) {
      cutPiece(buf, len, starts, out, pending);
      pending = s + 1;
      starts.length = 0;
      len = 0;
    }
  }
  return out;
}

/** Decodes `buf`'s first `len` bytes and cuts sentences `first`, `first + 1`, … (starting at `starts`) from them into `out`. */
function cutPiece(buf: Uint8Array, len: number, starts: readonly number[], out: string[], first: number): void {
  const text = Buffer.from(buf.buffer, buf.byteOffset, len).toString('latin1');
  for (let k = 0; k < starts.length; k++) out[first + k] = text.slice(starts[k], k + 1 < starts.length ? starts[k + 1] : len);
}

/** The lines of {@link expectedLines}, each sentence joined from its tokens and tags. */
function joinedLines(expect: ExpectedTokens, withGold: boolean): string[] {
  const { tokens, sentenceEnds } = expect;
  const tags = expect.tags!;
  const out: string[] = new Array(sentenceEnds.length);
  // What follows the token on a line, once per tag.
  const tails = new Map<string, string>();
  let start = 0;
  for (let s = 0; s < sentenceEnds.length; s++) {
    const end = sentenceEnds[s];
    const parts: string[] = new Array(2 * (end - start));
    for (let i = start, k = 0; i < end; i++, k += 2) {
      const tag = tags.at(i)!;
      let tail = tails.get(tag);
      if (tail === undefined) tails.set(tag, (tail = withGold ? ` ${tag} ${tag}\n` : ` ${tag}\n`));
      parts[k] = tokens.at(i)!;
      parts[k + 1] = tail;
    }
    out[s] = parts.join('');
    start = end;
  }
  return out;
}
