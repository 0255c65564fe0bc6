/**
 * Slot alignment (Makhoul et al. 1999): pairs system items with gold items one-to-one and sorts
 * every item into correct (C), substitution (S), deletion (D) or insertion (I).
 *
 * - `strict`: C = identical (start, end, label); S = identical boundaries with another label.
 * - `boundary`: the label is dropped; C = identical boundaries; S is always 0.
 * - `overlap`: spans that share a position are paired one to one, exact matches first, then as
 *   many pairs as possible (a maximum-cardinality matching, see pairing.ts), and among those
 *   the most pairs of the same label. C = pairs with the same label; S = pairs with another.
 * D = gold items left unpaired, I = system items left unpaired. N = C+S+D, M = C+S+I.
 * Each side is first reduced to a set under the mode's key (a repeated item counts once).
 * The S/D/I split is SemEval-2013's (nervaluate) incorrect/missed/spurious split.
 */
import { emptyObjects } from '../model/arrays.js';
import type { Span } from '../model/corpus.js';
import { pairOverlapping } from './pairing.js';

export { overlapLength } from './pairing.js';

export type MatchMode = 'strict' | 'boundary' | 'overlap';

export const MATCH_MODES: readonly MatchMode[] = ['strict', 'boundary', 'overlap'];

export interface SlotAlignment {
  /** (gold, system) pairs counted correct: `[correctGold[k], correctSystem[k]]`. */
  readonly correct: Array<[Span, Span]>;
  /** The gold side of the correct pairs, in their order. */
  readonly correctGold: readonly Span[];
  /** The system side of the correct pairs, in their order. */
  readonly correctSystem: readonly Span[];
  /** (gold, system) pairs counted as substitutions. */
  substitutions: Array<[Span, Span]>;
  deletions: Span[];
  insertions: Span[];
}

/**
 * Where an alignment's pairs and items go, one at a time, in the order the sets are merged (by
 * boundaries): {@link walkSlots} hands them over without keeping them, so a caller that only
 * counts (eval's scores) needs no list of the items at all.
 */
export interface SlotSink {
  addCorrect(gold: Span, system: Span): void;
  addSubstitution(gold: Span, system: Span): void;
  addDeletion(gold: Span): void;
  addInsertion(system: Span): void;
}

/**
 * An alignment as it is built. The correct pairs, most of the items, are kept as two lists and
 * made into pairs only when `correct` is first read: the significance tests read the gold side
 * alone, and an array per pair would be thousands of allocations per system.
 */
class Alignment implements SlotAlignment, SlotSink {
  // Arrays of objects from the start: code compiled for one system's must hold for the next's.
  readonly correctGold: Span[] = emptyObjects();
  readonly correctSystem: Span[] = emptyObjects();
  readonly substitutions: Array<[Span, Span]> = emptyObjects();
  readonly deletions: Span[] = emptyObjects();
  readonly insertions: Span[] = emptyObjects();
  private pairs: Array<[Span, Span]> | undefined;

  get correct(): Array<[Span, Span]> {
    if (this.pairs === undefined || this.pairs.length !== this.correctGold.length) {
      this.pairs = this.correctGold.map((g, k): [Span, Span] => [g, this.correctSystem[k]]);
    }
    return this.pairs;
  }

  addCorrect(g: Span, s: Span): void {
    this.correctGold.push(g);
    this.correctSystem.push(s);
  }

  addSubstitution(g: Span, s: Span): void {
    this.substitutions.push([g, s]);
  }

  addDeletion(g: Span): void {
    this.deletions.push(g);
  }

  addInsertion(s: Span): void {
    this.insertions.push(s);
  }
}

/** Total order on spans: start, end, fragments (contiguous first), then label. */
function compareWhere(a: Span, b: Span): number {
  // Both differences, always (one code path for every pair of spans).
  const ds = a.start - b.start;
  const de = a.end - b.end;
  const d = ds !== 0 ? ds : de;
  if (d !== 0) return d;
  if (a.fragments === undefined || b.fragments === undefined) {
    return (a.fragments === undefined ? 0 : 1) - (b.fragments === undefined ? 0 : 1);
  }
  const fa = a.fragments;
  const fb = b.fragments;
  for (let k = 0; k < Math.min(fa.length, fb.length); k++) {
    const e = fa[k][0] - fb[k][0] || fa[k][1] - fb[k][1];
    if (e !== 0) return e;
  }
  return fa.length - fb.length;
}

/** Total order on spans: {@link compareWhere}, then label (code-unit order). */
export function compareSpans(a: Span, b: Span): number {
  return compareWhere(a, b) || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
}

/**
 * The spans sorted without repeats (under the mode's key): `spans` itself when it is so already
 * (a loaded system's spans are in corpus order, and a repeat is rare), else a sorted copy.
 */
function sortedSet(spans: readonly Span[], withLabel: boolean): readonly Span[] {
  const same = withLabel ? compareSpans : compareWhere;
  // One pass tells both: in order, and no two alike under the key.
  let sorted = true;
  let set = true;
  for (let k = 1; k < spans.length && sorted; k++) {
    const c = compareSpans(spans[k - 1], spans[k]);
    sorted = c <= 0;
    if (set && (c === 0 || (!withLabel && compareWhere(spans[k - 1], spans[k]) === 0))) set = false;
  }
  if (sorted && set) return spans;
  const all = sorted ? spans : spans.slice().sort(compareSpans);
  const out: Span[] = [];
  for (let k = 0; k < all.length; k++) {
    const s = all[k];
    if (out.length === 0 || same(out[out.length - 1], s) !== 0) out.push(s);
  }
  return out;
}

/** The spans sorted by start, end, fragments and label, without repeats: the sets alignment pairs. */
export function spanSet(spans: readonly Span[]): readonly Span[] {
  return sortedSet(spans, true);
}

// The gold side is the same array for every system scored against it: sort it once.
const goldSets = new WeakMap<readonly Span[], Map<string, readonly Span[]>>();

function goldSet(spans: readonly Span[], withLabel: boolean): readonly Span[] {
  let byMode = goldSets.get(spans);
  if (byMode === undefined) goldSets.set(spans, (byMode = new Map()));
  const mode = withLabel ? 'strict' : 'boundary';
  let set = byMode.get(mode);
  if (set === undefined) byMode.set(mode, (set = sortedSet(spans, withLabel)));
  return set;
}


/** Aligns system spans to gold spans (corpus coordinates; spans of all documents at once). */
export function alignSlots(gold: readonly Span[], system: readonly Span[], match: MatchMode): SlotAlignment {
  const out = new Alignment();
  walkSlots(gold, system, match, out);
  return out;
}

/**
 * Aligns as {@link alignSlots} does, handing each correct pair, substitution, deletion and
 * insertion to `sink` instead of keeping them (under `strict` and `boundary`, in boundary order).
 */
export function walkSlots(gold: readonly Span[], system: readonly Span[], match: MatchMode, sink: SlotSink): void {
  if (match === 'overlap') {
    alignOverlap(gold, system, sink);
    return;
  }
  const withLabel = match === 'strict';
  merge(goldSet(gold, withLabel), sortedSet(system, withLabel), withLabel, sink);
}

/**
 * Merges the sorted sets `g` (gold) and `s` (system) one boundary at a time into `out`.
 */
function merge(g: readonly Span[], s: readonly Span[], withLabel: boolean, out: SlotSink): void {
  let i = 0;
  let j = 0;
  while (i < g.length || j < s.length) {
    if (i < g.length && j < s.length && g[i] === s[j]) {
      // The gold's own object (a loaded system's span the gold has too): correct, unless an item
      // next to it on either side has its boundaries (then the general case below sorts them).
      const a = g[i];
      const ga = i + 1 < g.length ? g[i + 1] : undefined;
      const sa = j + 1 < s.length ? s[j + 1] : undefined;
      if ((ga === undefined || ga.start !== a.start || ga.end !== a.end) && (sa === undefined || sa.start !== a.start || sa.end !== a.end)) {
        out.addCorrect(a, a);
        i++;
        j++;
        continue;
      }
    }
    const c = i >= g.length ? 1 : j >= s.length ? -1 : compareWhere(g[i], s[j]);
    if (c < 0) {
      out.addDeletion(g[i++]);
      continue;
    }
    if (c > 0) {
      out.addInsertion(s[j++]);
      continue;
    }
    let i1 = i + 1;
    while (i1 < g.length && compareWhere(g[i1], g[i]) === 0) i1++;
    let j1 = j + 1;
    while (j1 < s.length && compareWhere(s[j1], s[j]) === 0) j1++;
    if (!withLabel || (i1 === i + 1 && j1 === j + 1 && g[i].label === s[j].label)) {
      // Correct: the boundaries match and, under strict, the one gold and one system item with
      // them (the usual case) have the same label.
      out.addCorrect(g[i], s[j]);
    } else if (i1 === i + 1 && j1 === j + 1) {
      out.addSubstitution(g[i], s[j]);
    } else {
      // Same boundaries: equal labels are correct; the rest pair up as substitutions in label order.
      const leftG: Span[] = [];
      const leftS: Span[] = [];
      let a = i;
      let b = j;
      while (a < i1 || b < j1) {
        const d = a >= i1 ? 1 : b >= j1 ? -1 : (g[a].label < s[b].label ? -1 : g[a].label > s[b].label ? 1 : 0);
        if (d === 0) out.addCorrect(g[a++], s[b++]);
        else if (d < 0) leftG.push(g[a++]);
        else leftS.push(s[b++]);
      }
      const n = Math.min(leftG.length, leftS.length);
      for (let k = 0; k < n; k++) out.addSubstitution(leftG[k], leftS[k]);
      for (let k = n; k < leftG.length; k++) out.addDeletion(leftG[k]);
      for (let k = n; k < leftS.length; k++) out.addInsertion(leftS[k]);
    }
    i = i1;
    j = j1;
  }
}

function alignOverlap(gold: readonly Span[], system: readonly Span[], out: SlotSink): void {
  const g = goldSet(gold, true);
  const s = sortedSet(system, true);
  // Exact matches first (so every pair strict match counts correct is counted correct here
  // too), then as many pairs as possible, with as many of the same label as possible.
  const { goldMate, systemMate } = pairOverlapping(g, s, {
    fixed: (a, b) => compareSpans(a, b) === 0,
    preferred: (a, b) => a.label === b.label,
  });
  for (let gi = 0; gi < g.length; gi++) {
    const si = goldMate[gi];
    if (si < 0) out.addDeletion(g[gi]);
    else if (g[gi].label === s[si].label) out.addCorrect(g[gi], s[si]);
    else out.addSubstitution(g[gi], s[si]);
  }
  for (let si = 0; si < s.length; si++) if (systemMate[si] < 0) out.addInsertion(s[si]);
}
