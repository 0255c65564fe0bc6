/**
 * Guided search, one rule at a time, for spaces too large to enumerate: candidates are
 * *proposed* with a cheap score and only the most promising proposals are *verified* by exact
 * simulation, within a budget of exact evaluations per rule.
 *
 * **Proposal scores.** Proposals are *counted*: every set one system larger or smaller than a
 * set gets its TP and FP in one pass over the member patterns, and its substitutions (when the
 * objective reads SER or ERR) in one pass over the boundaries (neighbours.ts) — exact for a
 * binary rule; for `vote` and `weighted` the counts of their binary counterpart, majority, which
 * decides every uncontested boundary as the vote does. With `proposals: 'prediction'` they are
 * *predicted* from the members' pairwise statistics (predict.ts), as they all were before. A
 * proposal is a search-time score: what plans report as a candidate's prediction is
 * predict.ts's. Counting was measured to beat predicting: on pattern-compressed data one
 * prediction costs more than one simulation of a binary rule, and a pass that counts all thirty
 * neighbours costs one to four.
 *
 * 1. **Seeds.** Every single system is scored exactly (n evaluations, outside the budget). When
 *    the size range holds no more member sets than the budget, they are all scored, and that is
 *    the search.
 * 2. **Predicted beam.** From the W best member sets of one size (W = {@link GUIDED_WIDTH}), every
 *    set one system larger is proposed and ranked by its proposal score, corrected by its
 *    parent's error (actual − score, where the parent was verified: a parent scored too high has
 *    children scored too high; 0 for exact counts); the 4W best proposals are verified, and the
 *    W best of them by actual objective make the next frontier. Sizes the listing cannot use —
 *    below `minSize`, or below a `kofn:K`'s K, where the rule keeps nothing — are crossed on
 *    proposal scores alone (for `kofn:K`, a set of fewer than K members is ranked by what its
 *    members all agree on, its intersection, counted or predicted). The ascent stops at
 *    `maxSize`, when the budget is spent, or after two sizes without a better candidate.
 * 3. **Refinement.** The best candidate verified by this search and not yet refined proposes
 *    its neighbours — one system added or removed, a swap of one of the three most promising
 *    additions for one of the three least harmful removals, two of those additions or two of
 *    those removals (majority ties at even sizes, so its next odd size is two away) — ranked by
 *    proposal score; the 4W best are verified. This repeats, best first, until the budget is spent
 *    or 2W refinements in a row bring no better candidate.
 *
 * A proposal costing more than the cost budget is never made (costs are non-negative, so
 * neither are its supersets). Everything is ordered by value, then by bitmask, so the search is
 * deterministic for the data. Proposal scores are kept per member set for the rule's search.
 *
 * Member sets are two words (systems 0–31 and 32–63, member-set.ts); the search interns each set
 * it meets as a dense id ({@link SetIds}), so its maps are keyed by small integers whatever the
 * number of systems, and ties are broken by the sets' order as unsigned 64-bit integers — the
 * bitmask order of one-word sets.
 */
import { isBinaryRule } from '../ensemble/rules.js';
import { MAX_EXHAUSTIVE_SYSTEMS, membersOf } from './data.js';
import { actualBinary, needOf } from './engine.js';
import { forEachSubset, subsetCount } from './exhaustive.js';
import { bitHi, bitLo, hasMember, setSize, SetIds } from './member-set.js';
import { betterCandidate } from './greedy.js';
import { additionCounts, neighbourSubstitutions, removalCounts, type NeighbourCounts } from './neighbours.js';
import { predictBinary, predictCandidate } from './predict.js';
import { scoreCandidate, type SearchContext } from './store.js';

/** Exact evaluations per rule, beyond the single-system seeds, when none is given. */
export const DEFAULT_GUIDED_BUDGET = 200;
/** Member sets kept per size by the predicted beam. */
export const GUIDED_WIDTH = 3;

export interface GuidedSettings {
  /** Exact evaluations allowed per rule beyond the single-system seeds. */
  budget: number;
  /** Member sets kept per size; 4·width proposals are verified per step (default {@link GUIDED_WIDTH}). */
  width?: number;
  /** Candidates costing more than this are never proposed. */
  costBudget?: number;
  /**
   * What ranks proposals: `counts` (default), the exact counts of the rule (binary) or of its
   * majority counterpart (typed votes), every neighbour of a set in one pass; `prediction`, the
   * pairwise prediction.
   */
  proposals?: 'counts' | 'prediction';
}

export interface GuidedStats {
  /** New exact evaluations beyond the seeds (at most the budget). */
  evaluated: number;
  /** Member sets given a proposal score (exact counts or a prediction, see the module comment). */
  predicted: number;
}

/** Swaps tried per refinement: this many best additions times this many best removals. */
const SWAP_SIDE = 3;

/** Larger first, NaN last. */
function descending(a: number, b: number): number {
  return a > b ? -1 : a < b ? 1 : 0;
}

/** Calls `visit` for every member set of minSize..maxSize of n systems (two words), in increasing size then value. */
function forEachWideSubset(n: number, minSize: number, maxSize: number, visit: (lo: number, hi: number) => void): void {
  // Members chosen from the largest down, each below the one chosen before: colex order, which
  // is increasing value for a fixed size.
  const pick = (left: number, below: number, lo: number, hi: number): void => {
    if (left === 0) {
      visit(lo, hi);
      return;
    }
    for (let c = left - 1; c < below; c++) pick(left - 1, c, lo | bitLo(c), hi | bitHi(c));
  };
  for (let k = Math.max(1, minSize); k <= Math.min(n, maxSize); k++) pick(k, n, 0, 0);
}

/** Guided search under rule r (see the module comment). */
export function guided(ctx: SearchContext, r: number, g: GuidedSettings): GuidedStats {
  const { data, store, scorer } = ctx;
  const rule = ctx.rules[r];
  const n = data.n;
  const minSize = Math.max(1, ctx.minSize);
  const maxSize = Math.min(n, ctx.maxSize);
  const width = Math.max(1, g.width ?? GUIDED_WIDTH);
  // 4W per step, fewer when the budget is small (at least W, so that the beam still moves).
  const perStep = Math.max(width, Math.min(4 * width, Math.floor(g.budget / 8)));
  let spent = 0;
  // Member sets met by this search, by id; proposal keys by id.
  const sets = new SetIds();
  const lo = sets.lo;
  const hi = sets.hi;
  const guess = new Map<number, number>();
  // Proposals are counted, not predicted — exact for a binary rule, its majority counterpart's
  // for a typed vote — every neighbour of a set at once (neighbours.ts), which costs less than
  // predicting them.
  const exact = (g.proposals ?? 'counts') === 'counts';
  // A binary rule's counted proposals are its exact values: verifying one records it.
  const exactValues = exact && isBinaryRule(rule) ? new Map<number, number>() : undefined;

  const sizeOf = (T: number) => setSize(lo[T], hi[T]);
  const allowed = (T: number) => g.costBudget === undefined || scorer.costOf(lo[T], hi[T]) <= g.costBudget;
  /** Whether candidates of this size can be listed and keep anything. */
  const listable = (size: number) => size >= minSize && size <= maxSize && needOf(rule, size) <= size;
  /** The id of the set T with system x added or removed. */
  const toggled = (T: number, x: number) => sets.id(lo[T] ^ bitLo(x), hi[T] ^ bitHi(x));
  /** The key of counts of member set T (its value kept when they are exact). */
  const keyOf = (T: number, c: { tp: number; fp: number; fn: number; s: number }, exactCounts = false) => {
    const value = scorer.value(c, sizeOf(T), scorer.costOf(lo[T], hi[T]));
    if (exactCounts) exactValues?.set(T, value);
    return scorer.key(value);
  };
  /** The proposal key of member set T (its intersection's below a kofn's K, see the module comment). */
  const predicted = (T: number): number => {
    let v = guess.get(T);
    if (v === undefined) {
      const size = sizeOf(T);
      if (exact) {
        v = keyOf(T, actualBinary(data, lo[T], hi[T], Math.min(needOf(rule, size), size), scorer.withSlots), listable(size));
      } else {
        const members = membersOf(lo[T], hi[T]);
        const p = isBinaryRule(rule) ? predictBinary(data, members, Math.min(needOf(rule, size), size), scorer.withSlots) : predictCandidate(data, members, rule);
        v = keyOf(T, p);
      }
      guess.set(T, v);
    }
    return v;
  };
  /** Counted proposal keys of T's neighbours one larger (`grow`) or one smaller, in one pass. */
  const neighbours = (T: number, grow: boolean) => {
    const size = sizeOf(T) + (grow ? 1 : -1);
    if (!exact || size < 1) return;
    const need = Math.min(needOf(rule, size), size);
    const c: NeighbourCounts = grow ? additionCounts(data, lo[T], hi[T], need) : removalCounts(data, lo[T], hi[T], need);
    const subs = scorer.withSlots ? neighbourSubstitutions(data, lo[T], hi[T], need, grow) : undefined;
    for (let x = 0; x < n; x++) {
      if (hasMember(lo[T], hi[T], x) === grow) continue;
      const U = toggled(T, x);
      if (guess.has(U)) continue;
      guess.set(U, keyOf(U, { tp: c.tp[x], fp: c.fp[x], fn: data.goldSize - c.tp[x], s: subs === undefined ? NaN : subs[x] }, listable(size)));
    }
  };
  const byPrediction = (a: number, b: number) => descending(predicted(a), predicted(b)) || sets.compare(a, b);
  const byActual = (a: number, b: number) => (betterCandidate(ctx, a, b) ? -1 : betterCandidate(ctx, b, a) ? 1 : 0);
  /** The id of the store's candidate k's member set. */
  const setOf = (k: number) => sets.id(store.masks[k], store.masksHi[k]);
  // The candidates this search has verified. Candidates another strategy scored are not
  // scored again (nor counted against the budget), but only these steer the search, so it runs
  // as it would alone and, given more budget by those free ones, only goes further.
  const mine = new Set<number>();
  /** The store index of candidate T, scored if it is not yet (−1 when the budget is spent). */
  const verifyOne = (T: number): number => {
    let k = store.find(lo[T], hi[T], r);
    if (k < 0) {
      if (spent === g.budget) return -1;
      spent++;
      const known = exactValues?.get(T);
      k = known === undefined ? scoreCandidate(ctx, lo[T], hi[T], r) : store.add(lo[T], hi[T], r, known);
    }
    mine.add(k);
    return k;
  };
  /** Verifies proposals in order, at most `perStep` and within the budget: their store indices. */
  const verify = (proposals: number[]): number[] => {
    const out: number[] = [];
    for (const T of proposals) {
      if (out.length === perStep) break;
      const k = verifyOne(T);
      if (k < 0) break;
      out.push(k);
    }
    return out;
  };

  // 1. Seeds.
  const singles: number[] = [];
  for (let m = 0; m < n; m++) {
    const T = sets.id(bitLo(m), bitHi(m));
    if (!allowed(T)) continue;
    const k = scoreCandidate(ctx, lo[T], hi[T], r);
    mine.add(k);
    singles.push(k);
  }
  if (singles.length === 0) return { evaluated: 0, predicted: 0 };
  if (subsetCount(n, minSize, maxSize) <= g.budget) {
    // The budget covers the whole space: no need to guess.
    const visit = (S: number, Shi: number) => {
      const T = sets.id(S, Shi);
      if (allowed(T)) verifyOne(T);
    };
    if (n <= MAX_EXHAUSTIVE_SYSTEMS) forEachSubset(n, minSize, maxSize, (S) => visit(S, 0));
    else forEachWideSubset(n, minSize, maxSize, visit);
    return { evaluated: spent, predicted: 0 };
  }
  let best = -1;
  const consider = (k: number) => {
    if (listable(setSize(store.masks[k], store.masksHi[k])) && (best < 0 || betterCandidate(ctx, k, best))) best = k;
  };
  singles.forEach(consider);
  /** Whether the best candidate now beats `before` (a previous best, or −1). */
  const improved = (before: number) => best >= 0 && (before < 0 || scorer.key(store.actual[best]) > scorer.key(store.actual[before]));

  // 2. The predicted beam.
  let frontier = listable(1)
    ? singles.sort(byActual).slice(0, width).map(setOf)
    : singles.map(setOf).sort(byPrediction).slice(0, width);
  let stale = 0;
  for (let size = 2; size <= maxSize && spent < g.budget; size++) {
    // A child's prediction is corrected by its parent's error (actual − predicted) where the
    // parent was verified: a parent predicted too high has children predicted too high.
    const corrected = new Map<number, number>();
    for (const T of frontier) {
      neighbours(T, true);
      const k = store.find(lo[T], hi[T], r);
      const shift = k >= 0 && listable(size - 1) && Number.isFinite(predicted(T)) ? scorer.key(store.actual[k]) - predicted(T) : 0;
      for (let x = 0; x < n; x++) {
        if (hasMember(lo[T], hi[T], x)) continue;
        const U = toggled(T, x);
        if (!allowed(U)) continue;
        const v = predicted(U) + shift;
        const old = corrected.get(U);
        if (old === undefined || v > old) corrected.set(U, v);
      }
    }
    if (corrected.size === 0) break;
    const proposals = [...corrected.keys()].sort((a, b) => descending(corrected.get(a)!, corrected.get(b)!) || sets.compare(a, b));
    if (!listable(size)) {
      frontier = proposals.slice(0, width);
      continue;
    }
    const verified = verify(proposals).sort(byActual);
    if (verified.length === 0) break;
    frontier = verified.slice(0, width).map(setOf);
    const before = best;
    verified.forEach(consider);
    if (improved(before)) stale = 0;
    else if (++stale >= 2) break;
  }

  // 3. Refinement around the best verified candidates of this rule.
  const pool = [...mine].filter((k) => listable(setSize(store.masks[k], store.masksHi[k])) && allowed(setOf(k)));
  const refined = new Set<number>();
  let idle = 0;
  while (spent < g.budget && idle < 2 * width) {
    let c = -1;
    for (const k of pool) if (!refined.has(k) && (c < 0 || betterCandidate(ctx, k, c))) c = k;
    if (c < 0) break;
    refined.add(c);
    const T = setOf(c);
    const size = sizeOf(T);
    neighbours(T, true);
    if (size > 1) neighbours(T, false);
    const adds: number[] = [];
    const removals: number[] = [];
    for (let x = 0; x < n; x++) {
      if (!hasMember(lo[T], hi[T], x)) adds.push(toggled(T, x));
      else if (size > 1) removals.push(toggled(T, x));
    }
    adds.sort(byPrediction);
    removals.sort(byPrediction);
    const proposals: number[] = [];
    const propose = (U: number) => {
      if (listable(sizeOf(U)) && allowed(U) && !mine.has(store.find(lo[U], hi[U], r))) proposals.push(U);
    };
    adds.forEach(propose);
    removals.forEach(propose);
    // Swaps (the most promising additions with the least harmful removals), and two additions or
    // two removals at once (majority's even sizes tie, so its next odd size is two away).
    const topAdds = adds.slice(0, SWAP_SIDE);
    const topRemovals = removals.slice(0, SWAP_SIDE);
    const and = (A: number, B: number) => sets.id(lo[A] & lo[B], hi[A] & hi[B]);
    const or = (A: number, B: number) => sets.id(lo[A] | lo[B], hi[A] | hi[B]);
    for (const A of topAdds) for (const R of topRemovals) propose(and(A, R));
    topAdds.forEach((A, i) => topAdds.slice(i + 1).forEach((B) => propose(or(A, B))));
    topRemovals.forEach((A, i) => topRemovals.slice(i + 1).forEach((B) => propose(and(A, B))));
    const before = best;
    for (const k of verify(proposals.sort(byPrediction))) {
      pool.push(k);
      consider(k);
    }
    idle = improved(before) ? 0 : idle + 1;
  }
  return { evaluated: spent, predicted: guess.size };
}
