/**
 * Offsets one off: a system whose spans are written with inclusive ends (`[0, 4]` for the first
 * five characters) or shifted starts matches almost nothing in strict scoring, and its F reads
 * near 0 with no word of why. Spans read from tags (CoNLL) cannot be off so; spans given as
 * offsets (JSONL, BRAT) can. The loader warns when most of a system's items match no gold item
 * exactly but would match one with an end (or a start) one unit away.
 */
import type { Corpus, Span, SystemOutput } from '../model/corpus.js';

/** Items that must be off by one, at least, before the warning is given. */
export const SHIFTED_MIN = 5;

type Shift = 'end-1' | 'end+1' | 'start-1' | 'start+1';

const WORDS: Record<Shift, string> = {
  'end-1': 'end one {unit} before',
  'end+1': 'end one {unit} after',
  'start-1': 'start one {unit} before',
  'start+1': 'start one {unit} after',
};

const HINTS: Record<Shift, string> = {
  'end-1': 'are its ends inclusive? complan reads [start, end) with end exclusive',
  'end+1': 'are its ends one past the exclusive end complan reads?',
  'start-1': 'are its starts counted from 1, or from a character early?',
  'start+1': 'are its starts counted from 1 where complan counts from 0?',
};

/**
 * The warning for `system` against the gold spans, or undefined: when at least
 * {@link SHIFTED_MIN} of its items, and more than half of them, match no gold item exactly but
 * would match one (same document and type) with one offset moved by one, naming the most common
 * shift.
 */
export function shiftedEndsWarning(gold: readonly Span[], system: SystemOutput, unit: 'token' | 'char'): string | undefined {
  const key = (doc: number, a: number, b: number, label: string) => `${doc}\u0000${a}\u0000${b}\u0000${label}`;
  const goldKeys = new Set(gold.map((s) => key(s.doc, s.start, s.end, s.label)));
  const counts: Record<Shift, number> = { 'end-1': 0, 'end+1': 0, 'start-1': 0, 'start+1': 0 };
  let unmatched = 0;
  for (const s of system.spans) {
    if (goldKeys.has(key(s.doc, s.start, s.end, s.label))) continue;
    unmatched++;
    // The gold item this one would be with the offset moved back: the system's end one before the gold's, and so on.
    if (goldKeys.has(key(s.doc, s.start, s.end + 1, s.label))) counts['end-1']++;
    else if (goldKeys.has(key(s.doc, s.start, s.end - 1, s.label))) counts['end+1']++;
    else if (goldKeys.has(key(s.doc, s.start + 1, s.end, s.label))) counts['start-1']++;
    else if (goldKeys.has(key(s.doc, s.start - 1, s.end, s.label))) counts['start+1']++;
  }
  const [shift, n] = (Object.entries(counts) as Array<[Shift, number]>).reduce((a, b) => (b[1] > a[1] ? b : a));
  // Most of the system's items, not only of its misses: a real system's boundary errors are a
  // part of its errors, a systematic offset nearly all of its items.
  if (n < SHIFTED_MIN || 2 * n <= system.spans.length) return undefined;
  const what = unit === 'char' ? 'character' : 'token';
  const same = shift.startsWith('end') ? 'start' : 'end';
  return `${n} of the ${system.spans.length} items of "${system.name}" ${WORDS[shift].replace('{unit}', what)} a gold item with the same ${same} and type (${system.spans.length - unmatched} match one exactly): ${HINTS[shift]}`;
}

/** Adds {@link shiftedEndsWarning} to each system read from offsets (JSONL, BRAT) that has one. */
export function warnShiftedEnds(corpus: Corpus, systems: readonly SystemOutput[]): void {
  if (corpus.gold.spans.length === 0) return;
  for (const s of systems) {
    if (s.format !== 'jsonl' && s.format !== 'brat') continue;
    const w = shiftedEndsWarning(corpus.gold.spans, s, corpus.unit === 'char' ? 'char' : 'token');
    if (w !== undefined) s.warnings.push(w);
  }
}
