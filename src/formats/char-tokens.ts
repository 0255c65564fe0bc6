/**
 * Character offsets on tokens: where each token of a tokenised reference lies in a record's
 * text, and the token range a character span covers.
 *
 * A record with character offsets (spaCy, doccano, `text` + `spans`) is scored against a
 * tokenised gold standard by laying the gold's tokens along the record's text: the text must
 * spell the gold tokens in order, with white space (any amount, or none) before, between and after
 * them, as `" ".join(tokens)`, spaCy's `Doc(words=tokens)` or a document of sentences on lines
 * writes them. A span then covers the tokens from the one that starts where it starts to the one
 * that ends where it ends; a span that starts or ends anywhere else (inside a token, or on white
 * space) does not fall on token boundaries and is reported, never moved to the nearest ones.
 */
import { InputError, showName, showValue } from '../errors.js';
import { codePointLength, codePointsToUnits } from './codepoints.js';
import type { RawSpan, Segment } from './segment.js';
import type { TokenList } from '../model/token-store.js';

/** Where tokens lie in a text: token j is `text.slice(starts[j], ends[j])` (UTF-16 offsets). */
export interface TokenLayout {
  starts: number[];
  ends: number[];
}

/** Why the tokens could not be laid along the text: at `at` (UTF-16 offset), token `token` was expected. */
export interface LayoutFailure {
  at: number;
  token: number;
}

/**
 * A record's own tokens given as `{start, end}` objects (spaCy's `doc.to_json()`, Prodigy), as a
 * layout of `text`: offsets count code points in the file and UTF-16 units in the layout. Tokens
 * must be non-empty, inside the text, and in order without overlapping.
 */
export function readCharTokens(items: ReadonlyArray<Record<string, unknown>>, text: string, fail: (detail: string) => never): TokenLayout {
  const length = codePointLength(text);
  const toUnits = codePointsToUnits(text);
  const starts: number[] = [];
  const ends: number[] = [];
  let last = 0;
  for (let k = 0; k < items.length; k++) {
    const { start, end } = items[k];
    const shown = () => `"tokens" item ${k + 1} ${showValue(items[k])}`;
    if (!Number.isInteger(start) || !Number.isInteger(end)) fail(`${shown()} needs integer "start" and "end" (character offsets into "text")`);
    const s = start as number;
    const e = end as number;
    if (e <= s) fail(`${shown()} has end ≤ start`);
    if (s < 0 || e > length) fail(`${shown()} is outside the text (${length} characters)`);
    if (s < last) fail(`${shown()} starts before the token before it ends`);
    starts.push(toUnits(s));
    ends.push(toUnits(e));
    last = e;
  }
  return { starts, ends };
}

/** Unicode white space, as `String.prototype.trim` removes it. */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a)
    || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff || c === 0x85;
}

/**
 * Lays `tokens[from]`, `tokens[from + 1]`, … (at most up to `limit`) along `text`, each where the
 * text spells it next, white space skipped between them (a token made of white space, as spaCy
 * makes of runs of spaces, is matched before white space is skipped). Ends when only white space
 * is left. Returns the tokens' positions, or where the text differs from the next token.
 */
export function layTokens(text: string, tokens: TokenList, from: number, limit: number): TokenLayout | LayoutFailure {
  const starts: number[] = [];
  const ends: number[] = [];
  let pos = 0;
  let j = from;
  for (;;) {
    const token = j < limit ? tokens.at(j)! : '';
    if (j < limit && text.startsWith(token, pos)) {
      starts.push(pos);
      pos += token.length;
      ends.push(pos);
      j++;
    } else if (pos < text.length && isSpace(text.charCodeAt(pos))) pos++;
    else if (pos >= text.length) return { starts, ends };
    else return { at: pos, token: j };
  }
}

/** The token range `[first, last + 1)` that span `[start, end)` covers exactly, or undefined. */
export function tokensOf(layout: TokenLayout, start: number, end: number): [number, number] | undefined {
  const a = search(layout.starts, start);
  if (a < 0) return undefined;
  const b = search(layout.ends, end);
  return b < a ? undefined : [a, b + 1];
}

/** Index of `value` in the ascending `sorted`, or -1. */
function search(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else if (sorted[mid] > value) hi = mid - 1;
    else return mid;
  }
  return -1;
}

/**
 * `span` moved from characters of the laid-out text onto token offsets (relative to the first
 * laid token), fragments included; undefined when a start or end is not a token boundary.
 */
export function spanOnTokens(layout: TokenLayout, span: RawSpan): RawSpan | undefined {
  const whole = tokensOf(layout, span.start, span.end);
  if (whole === undefined) return undefined;
  const out: RawSpan = { start: whole[0], end: whole[1], label: span.label, line: span.line };
  if (span.fragments !== undefined) {
    const fragments: Array<[number, number]> = [];
    for (const [a, b] of span.fragments) {
      const f = tokensOf(layout, a, b);
      if (f === undefined) return undefined;
      fragments.push(f);
    }
    out.fragments = fragments;
  }
  return out;
}

/**
 * Describes a span off the token boundaries for a message: its offsets (code points, as the file
 * gives them), label and text, and the tokens around its start and end.
 */
export function offBoundary(text: string, layout: TokenLayout, span: RawSpan, tokens: TokenList, first: number): string {
  const cp = (o: number) => [...text.slice(0, o)].length;
  const tok = (j: number) => showValue(tokens.at(first + j)!, 30);
  const n = layout.starts.length;
  const atStart = (o: number) => {
    let j = 0;
    while (j < n && layout.ends[j] <= o) j++;
    if (j === n) return 'after the last token';
    return layout.starts[j] === o ? `at ${tok(j)}` : layout.starts[j] < o ? `inside ${tok(j)}` : `before ${tok(j)}`;
  };
  const atEnd = (o: number) => {
    let j = n - 1;
    while (j >= 0 && layout.starts[j] >= o) j--;
    if (j < 0) return 'before the first token';
    return layout.ends[j] === o ? `at the end of ${tok(j)}` : layout.ends[j] > o ? `inside ${tok(j)}` : `after ${tok(j)}`;
  };
  const whole = `span [${cp(span.start)}, ${cp(span.end)}) ${showName(span.label)} ${showValue(text.slice(span.start, span.end), 40)}`;
  // A discontinuous span whose hull falls on tokens: the fragment that does not is the one to name.
  const off = tokensOf(layout, span.start, span.end) === undefined ? undefined : span.fragments?.find(([a, b]) => tokensOf(layout, a, b) === undefined);
  if (off !== undefined) {
    const [a, b] = off;
    return `the fragment [${cp(a)}, ${cp(b)}) ${showValue(text.slice(a, b), 40)} of ${whole} starts ${atStart(a)} and ends ${atEnd(b)}`;
  }
  return `${whole} starts ${atStart(span.start)} and ends ${atEnd(span.end)}`;
}

/**
 * A segment whose text comes with its own tokens' character offsets (spaCy's `tokens`), as a
 * tokenised segment: its tokens are the text's slices and its spans cover them. Other segments
 * are returned as they are.
 *
 * @throws InputError naming the record's line for a span that does not fall on its tokens'
 *   boundaries.
 */
export function tokenisedSegment(seg: Segment): Segment {
  const layout = seg.charTokens;
  if (layout === undefined || seg.text === undefined) return seg;
  const text = seg.text;
  const tokens = layout.starts.map((s, j) => text.slice(s, layout.ends[j]));
  const spans = seg.spans.map((sp) => {
    const moved = spanOnTokens(layout, sp);
    if (moved === undefined) {
      throw new InputError(`${offBoundary(text, layout, sp, tokens, 0)}: it does not fall on the record's token boundaries ("tokens")`, seg.source, sp.line);
    }
    return moved;
  });
  return { ...seg, tokens, text: undefined, charTokens: undefined, spans };
}
