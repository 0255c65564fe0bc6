/**
 * The sentence around an item, for example lists: the sentence's tokens (or text) with the item
 * between square brackets, cut to a window around it with "…" where text was left out.
 */
import { sentenceAt, type Corpus, type Span } from '../model/corpus.js';
import { corpusTokens, tokenSlice } from '../model/corpus-tokens.js';
import { sentenceOf } from '../model/sentence-table.js';

/** Tokens (or, for untokenised input, characters ×8) kept on each side of the item. */
export const CONTEXT_TOKENS = 8;

/**
 * The sentence of `span` with the span in brackets: `… sold [Harwick Mining] shares …`. For a
 * discontinuous span the brackets enclose its whole extent.
 */
export function itemContext(corpus: Corpus, span: Span, window = CONTEXT_TOKENS): string {
  const si = sentenceAt(corpus, span.start);
  const sent = sentenceOf(corpus, si);
  if (corpusTokens(corpus) !== undefined) {
    const from = Math.max(sent.start, span.start - window);
    const to = Math.min(sent.end, span.end + window);
    const words = (a: number, b: number) => tokenSlice(corpus, a, b)!;
    const parts = [
      ...(from > sent.start ? ['…'] : []), ...words(from, span.start), `[${words(span.start, span.end).join(' ')}]`,
      ...words(span.end, to), ...(to < sent.end ? ['…'] : []),
    ];
    return parts.join(' ');
  }
  if (corpus.texts !== undefined) {
    const text = corpus.texts[si];
    const a = span.start - sent.start;
    const b = span.end - sent.start;
    const chars = window * 8;
    const from = Math.max(0, a - chars);
    const to = Math.min(text.length, b + chars);
    return `${from > 0 ? '…' : ''}${text.slice(from, a)}[${text.slice(a, b)}]${text.slice(b, to)}${to < text.length ? '…' : ''}`;
  }
  return '';
}
