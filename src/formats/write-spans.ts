/**
 * What the CoNLL and JSONL writers share: placing spans (corpus coordinates) into the gold
 * sentences that hold them, in a deterministic order, and describing a span in a message.
 */
import { InputError, showName, showValue } from '../errors.js';
import { sentenceAt, type Corpus, type Span } from '../model/corpus.js';
import { codePointLength } from './codepoints.js';
import { corpusTokens, tokenSlice } from '../model/corpus-tokens.js';

/** A span placed in its gold sentence, with offsets relative to the sentence. */
export interface PlacedSpan {
  span: Span;
  /** Index of the gold sentence that holds the whole span. */
  sentence: number;
  /** Offsets relative to the sentence's start (tokens, or UTF-16 units in character mode). */
  start: number;
  end: number;
  fragments?: Array<[number, number]>;
}

/** Code-unit order of two strings: locale-independent, so output never depends on the machine. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function fragmentKey(span: Span): string {
  return span.fragments === undefined ? '' : span.fragments.map(([a, b]) => `${a},${b}`).join(';');
}

/** Corpus order of spans: start, then end, then label (code-unit order), then fragments. */
export function compareSpans(a: Span, b: Span): number {
  return a.start - b.start || a.end - b.end || compareStrings(a.label, b.label) || compareStrings(fragmentKey(a), fragmentKey(b));
}

/**
 * Where a span is, for messages: `LABEL "text" (sentence N, tokens a-b)`, with the sentence
 * numbered from 1 and positions 1-based and inclusive within it (`token a` for one token;
 * `characters a-b` in character mode: code points, end exclusive, as in the JSONL input).
 */
export function describeSpan(corpus: Corpus, p: PlacedSpan): string {
  const s = corpus.sentences[p.sentence];
  const base = s.start;
  const parts = p.span.fragments?.map(([a, b]): [number, number] => [a - base, b - base]) ?? [[p.start, p.end]];
  let text: string;
  let where: string;
  if (corpusTokens(corpus) !== undefined) {
    text = parts.map(([a, b]) => tokenSlice(corpus, base + a, base + b)!.join(' ')).join(' … ');
    where = parts.map(([a, b]) => (b - a === 1 ? `token ${a + 1}` : `tokens ${a + 1}-${b}`)).join(', ');
  } else {
    const t = corpus.texts?.[p.sentence] ?? '';
    text = parts.map(([a, b]) => t.slice(a, b)).join(' … ');
    const cp = (o: number) => codePointLength(t.slice(0, o));
    where = `characters ${parts.map(([a, b]) => `${cp(a)}-${cp(b)}`).join(', ')}`;
  }
  return `${showName(p.span.label)} ${showValue(text)} (sentence ${p.sentence + 1}, ${where})`;
}

/**
 * A span as messages name it: made only when one is thrown (one escaped string a span, made
 * ahead, was a tenth of a large combine's time).
 */
function shownSpan(what: string, span: Span): string {
  return `${what} [${span.start}, ${span.end}) ${showValue(span.label)}`;
}

/**
 * Groups `spans` by the gold sentence that holds them: one sorted list per sentence of
 * `corpus.sentences` (compareSpans order), with identical spans (same start, end, label and
 * fragments) kept once — a span set, as evaluation sees it. `span.doc` is not consulted: the
 * sentence is found from `span.start`.
 *
 * @param what names the spans in messages (e.g. "span", "gold span").
 * @param format names the output format in messages ("CoNLL", "JSONL").
 * @throws InputError (no file; exit code 2) for a span whose offsets are not integers with
 *   0 ≤ start < end ≤ corpus.length, whose label is not a string (the empty string, the untyped type, is written as bare tags), whose fragments do
 *   not lie inside [start, end), or that does not fit in one gold sentence (a JSONL system
 *   record may cover several gold sentences; its spans that cross a sentence end cannot be
 *   written per sentence).
 */
export function placeSpans(corpus: Corpus, spans: readonly Span[], what: string, format: string): PlacedSpan[][] {
  const out: PlacedSpan[][] = corpus.sentences.map(() => []);
  const sorted = spans.slice().sort(compareSpans);
  let prev: Span | undefined;
  for (const span of sorted) {
    if (prev !== undefined && compareSpans(prev, span) === 0) continue;
    prev = span;
    // The empty label is the untyped type (bare B/I tags), not a missing label.
    if (typeof span.label !== 'string') throw new InputError(`${shownSpan(what, span)} has no label`);
    if (!Number.isInteger(span.start) || !Number.isInteger(span.end) || span.start < 0 || span.end <= span.start || span.end > corpus.length) {
      throw new InputError(`${shownSpan(what, span)} is not a range inside the corpus (0 to ${corpus.length})`);
    }
    if (span.fragments !== undefined) {
      for (const [a, b] of span.fragments) {
        if (!(Number.isInteger(a) && Number.isInteger(b) && a >= span.start && b <= span.end && a < b)) {
          throw new InputError(`${shownSpan(what, span)} has fragment [${a}, ${b}) outside the span`);
        }
      }
    }
    const si = sentenceAt(corpus, span.start);
    const s = corpus.sentences[si];
    if (span.end > s.end) {
      const last = sentenceAt(corpus, span.end - 1);
      throw new InputError(
        `${shownSpan(what, span)} runs from sentence ${si + 1} into sentence ${last + 1}; ${format} output has one ${format === 'CoNLL' ? 'block' : 'record'} per gold sentence, so a span must stay inside one`,
      );
    }
    const placed: PlacedSpan = { span, sentence: si, start: span.start - s.start, end: span.end - s.start };
    if (span.fragments !== undefined) placed.fragments = span.fragments.map(([a, b]) => [a - s.start, b - s.start]);
    out[si].push(placed);
  }
  return out;
}

/** An iterable that runs `make` afresh each time it is iterated (so output can be written twice). */
export function reiterable<T>(make: () => Generator<T>): Iterable<T> {
  return { [Symbol.iterator]: make };
}
