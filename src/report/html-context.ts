/**
 * The sentence context of an example item, for the HTML report's details: the text before the
 * item in its sentence, the item, and the text after it, each side clipped to a window (so a
 * long record does not swell the page), with `…` where it was clipped. Token corpora join tokens
 * with spaces; character corpora slice the sentence's text.
 */
import type { ItemExample } from '../complementarity/matrix.js';
import type { Corpus } from '../model/corpus.js';
import { corpusTokens, tokenSlice } from '../model/corpus-tokens.js';
import { sentenceCount, sentenceOf } from '../model/sentence-table.js';

/** Before, the item, after. */
export type ItemContext = [before: string, item: string, after: string];

/** Tokens (token corpora) or characters (character corpora) kept on each side of an item. */
export const CONTEXT_WINDOW = { tokens: 12, characters: 80 } as const;

/**
 * The context of `e` (an example as compare and ablate give them: sentence from 1, offsets in the
 * sentence, end exclusive). An example outside the corpus's sentences gets its text alone.
 */
export function itemContext(corpus: Corpus, e: ItemExample): ItemContext {
  if (!(Number.isInteger(e.sentence) && e.sentence >= 1 && e.sentence <= sentenceCount(corpus))) return ['', e.text, ''];
  const sentence = sentenceOf(corpus, e.sentence - 1);
  if (corpusTokens(corpus) !== undefined) {
    const w = CONTEXT_WINDOW.tokens;
    const from = sentence.start;
    const to = sentence.end;
    const a = from + e.start;
    const b = from + e.end;
    const left = Math.max(from, a - w);
    const right = Math.min(to, b + w);
    const before = tokenSlice(corpus, left, a)!.join(' ');
    const after = tokenSlice(corpus, b, right)!.join(' ');
    return [`${left > from ? '… ' : ''}${before}`, e.text, `${after}${right < to ? ' …' : ''}`];
  }
  const text = corpus.texts?.[e.sentence - 1];
  if (text === undefined) return ['', e.text, ''];
  const w = CONTEXT_WINDOW.characters;
  const left = Math.max(0, e.start - w);
  const right = Math.min(text.length, e.end + w);
  return [`${left > 0 ? '…' : ''}${text.slice(left, e.start)}`, e.text, `${text.slice(e.end, right)}${right < text.length ? '…' : ''}`];
}
