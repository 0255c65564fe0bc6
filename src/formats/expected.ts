/**
 * What a system file that agrees with the reference looks like, as text, for readers that
 * compare a sentence whole instead of parsing it (see `ReadOptions.expect`). Each text is made
 * once per reference and then shared by every system file of a run.
 *
 * (JSONL was tried too: comparing a record's tokens as text and parsing the rest was no faster
 * than V8's JSON.parse of the whole record, once the expected texts were made.)
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
    const lines: string[] = [];
    let start = 0;
    for (let s = 0; s < sentenceEnds.length; s++) {
      const end = sentenceEnds[s];
      lines.length = 0;
      for (let i = start; i < end; i++) {
        const tag = tags[i];
        lines.push(withGold ? `${tokens[i]} ${tag} ${tag}\n` : `${tokens[i]} ${tag}\n`);
      }
      out[s] = lines.join('');
      start = end;
    }
    return out;
  });
}
