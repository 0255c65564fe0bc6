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
 * The expected sentences (line-safe, with tags) written as the lines of a CoNLL system file that
 * predicts the gold tags: `token tag` lines, or `token tag tag` with `withGold` (conlleval's
 * `token gold prediction`), one space between fields, each line ending with LF.
 */
export function expectedLines(expect: ExpectedTokens, withGold: boolean): string[] {
  return once(expect, withGold ? 'conll3' : 'conll2', () => {
    const { tokens, sentenceEnds } = expect;
    const tags = expect.tags!;
    const out: string[] = new Array(sentenceEnds.length);
    // What follows the token on a line, once per tag: a sentence is then joined from its tokens
    // and these, without a string per line (7 MB of short-lived strings for CoNLL-2003's test set).
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
  });
}
