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
 * The gold spans found by start offset (corpus coordinates). Spans in order of their starts, as
 * loaded gold standards are, are searched where they stand (nothing is built: a load pays
 * nothing for the check); others go into a map once.
 */
export class GoldStarts {
  private readonly map: Map<number, Span[]> | undefined;

  constructor(private readonly gold: readonly Span[]) {
    let sorted = true;
    for (let i = 1; i < gold.length && sorted; i++) if (gold[i].start < gold[i - 1].start) sorted = false;
    if (sorted) return;
    const m = new Map<number, Span[]>();
    for (const g of gold) {
      const at = m.get(g.start);
      if (at === undefined) m.set(g.start, [g]);
      else at.push(g);
    }
    this.map = m;
  }

  /** Whether a gold span starts at `start`, ends at `end` and has `s`'s document and type. */
  has(s: Span, start: number, end: number): boolean {
    const same = (g: Span) => g.end === end && g.doc === s.doc && g.label === s.label;
    if (this.map !== undefined) return this.map.get(start)?.some(same) ?? false;
    const gold = this.gold;
    let lo = 0;
    let hi = gold.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (gold[mid].start < start) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < gold.length && gold[i].start === start; i++) if (same(gold[i])) return true;
    return false;
  }
}

/** How `s` stands against the gold: an exact match, one offset one off, or neither. */
function classify(gold: GoldStarts, s: Span): 'exact' | Shift | undefined {
  if (gold.has(s, s.start, s.end)) return 'exact';
  // The gold item this one would be with the offset moved back: the system's end one before the gold's, and so on.
  if (gold.has(s, s.start, s.end + 1)) return 'end-1';
  if (gold.has(s, s.start, s.end - 1)) return 'end+1';
  if (gold.has(s, s.start + 1, s.end)) return 'start-1';
  if (gold.has(s, s.start - 1, s.end)) return 'start+1';
  return undefined;
}

/** Items looked at first, spread over a large system: the whole pass follows only when they suggest a shift. */
const SAMPLE = 256;

/**
 * The warning for `system` against the gold spans (`gold`), or
 * undefined: when at least {@link SHIFTED_MIN} of its items, and more than half of them, match
 * no gold item exactly but would match one (same document and type) with one offset moved by
 * one, naming the most common shift. A large system is first looked at in an even sample of
 * 256 items, and read whole only when 40% of those are shifted.
 */
export function shiftedEndsWarning(gold: GoldStarts, system: SystemOutput, unit: 'token' | 'char'): string | undefined {
  const spans = system.spans;
  if (spans.length < SHIFTED_MIN) return undefined;
  if (spans.length > SAMPLE) {
    let shifted = 0;
    for (let k = 0; k < SAMPLE; k++) {
      const c = classify(gold, spans[Math.floor((k * spans.length) / SAMPLE)]);
      if (c !== undefined && c !== 'exact') shifted++;
    }
    if (shifted < 0.4 * SAMPLE) return undefined;
  }
  const counts: Record<Shift, number> = { 'end-1': 0, 'end+1': 0, 'start-1': 0, 'start+1': 0 };
  let exact = 0;
  for (const s of spans) {
    const c = classify(gold, s);
    if (c === 'exact') exact++;
    else if (c !== undefined) counts[c]++;
  }
  const [shift, n] = (Object.entries(counts) as Array<[Shift, number]>).reduce((a, b) => (b[1] > a[1] ? b : a));
  // Most of the system's items, not only of its misses: a real system's boundary errors are a
  // part of its errors, a systematic offset nearly all of its items.
  if (n < SHIFTED_MIN || 2 * n <= spans.length) return undefined;
  const what = unit === 'char' ? 'character' : 'token';
  const same = shift.startsWith('end') ? 'start' : 'end';
  return `${n} of the ${spans.length} items of "${system.name}" ${WORDS[shift].replace('{unit}', what)} a gold item with the same ${same} and type (${exact} match one exactly): ${HINTS[shift]}`;
}

/** Adds {@link shiftedEndsWarning} to each system read from offsets (JSONL, BRAT) that has one. */
export function warnShiftedEnds(corpus: Corpus, systems: readonly SystemOutput[]): void {
  if (corpus.gold.spans.length === 0) return;
  let gold: GoldStarts | undefined;
  for (const s of systems) {
    if (s.format !== 'jsonl' && s.format !== 'brat') continue;
    gold ??= new GoldStarts(corpus.gold.spans);
    const w = shiftedEndsWarning(gold, s, corpus.unit === 'char' ? 'char' : 'token');
    if (w !== undefined) s.warnings.push(w);
  }
}
