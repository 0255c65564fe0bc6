/**
 * Every one-member extension of a counted vote, in one pass over the boundaries.
 *
 * Ensemble selection ({@link caruana}) weighs each member by a whole count c_j ≥ 1 (its weight
 * for every label and for `O` alike) and, at each step, scores the vote of every extension
 * "add one to c_m" — n weighted votes of members S ∪ {m}, each a pass over every boundary. The
 * extensions differ from the current ensemble in one member only, so one pass can score them
 * all: with W = Σ_{j∈S} c_j the current total, every extension has total W + 1, and at a
 * boundary only what member m votes there changes:
 *
 * - an uncontested boundary (one item gets votes, from members `mask`): with T the current
 *   tally of the item, the extension's tally is T + 1 when m ∈ mask, else T; the item wins when
 *   its tally beats the `O` of the others, 2·T' > W + 1. So the boundary has two outcomes: one
 *   for the members of `mask`, one for every other member;
 * - a contested boundary: the tallies t_i of its items are the current ones, plus one for the
 *   item m votes (m votes at most one item a boundary); ties between labels go to the label
 *   backed by the best-ranked member, m included. A member that votes nothing there shares the
 *   outcome of the current tallies against an `O` one larger; the members that vote an item
 *   share that item's outcome, worked out over the boundary's few items, unless their ranks
 *   decide a tie (the outcome differs between the best and the worst rank), when each member's
 *   is worked out.
 *
 * The result of extension m is the outcome every member shares plus m's own differences: the
 * same counts as {@link actualVote} of S ∪ {m} with c_m + 1 (tested), at the cost of about two
 * of its passes instead of n. Counts are whole numbers, so every tally is exact and comparisons
 * need no rounding margin.
 *
 * Member sets and vote masks are two words (systems 0–31 and 32–63, member-set.ts); the high
 * words are read only when the data has more than 32 systems.
 */
import type { PlanData } from './data.js';
import type { ActualCounts } from './engine.js';

/** What the extensions read of the planning data. */
export type ExtensionData = Pick<PlanData, 'n' | 'goldSize' | 'rank' | 'votePatterns' | 'contested' | 'bStart' | 'bItems' | 'voteMask' | 'voteMaskHi' | 'isGold' | 'bGold'>;

/**
 * Contested boundaries grouped by what decides a counted vote there: whether a gold item is at
 * the boundary (a non-gold winner is then a substitution) and, for each item some system votes,
 * its vote mask and whether it is gold. Labels do not matter (every member weighs the same for
 * every label), nor does the order of the items (two voted items never have the same
 * best-ranked backer, so ties are broken alike in any order), nor items nobody votes (they
 * never win). Group k's items are items[start[k] .. start[k+1]) (their masks and gold flags),
 * standing for `times[k]` boundaries.
 */
interface ContestedGroups {
  count: number;
  times: Int32Array;
  sub: Uint8Array;
  start: Int32Array;
  mask: Int32Array;
  maskHi: Int32Array;
  gold: Uint8Array;
}

const groupCache = new WeakMap<object, ContestedGroups>();

/** The contested boundaries of the data, grouped (computed once per data). */
function contestedGroups(data: ExtensionData): ContestedGroups {
  let g = groupCache.get(data);
  if (g !== undefined) return g;
  const { contested, bStart, bItems, voteMask, voteMaskHi, isGold, bGold } = data;
  // Groups found by a hash of the sorted (mask, gold) pairs, confirmed by comparing them.
  const first = new Map<number, number>();
  const next: number[] = [];
  const times: number[] = [];
  const sub: number[] = [];
  const start: number[] = [0];
  const mask: number[] = [];
  const maskHi: number[] = [];
  const gold: number[] = [];
  let longest = 0;
  for (let k = 0; k < contested.length; k++) longest = Math.max(longest, bStart[contested[k] + 1] - bStart[contested[k]]);
  const vs = new Int32Array(longest);
  const hs = new Int32Array(longest);
  const os = new Uint8Array(longest);
  for (let k = 0; k < contested.length; k++) {
    const b = contested[k];
    let size = 0;
    for (let e = bStart[b]; e < bStart[b + 1]; e++) {
      const i = bItems[e];
      const v = voteMask[i];
      const vh = voteMaskHi[i];
      if (v === 0 && vh === 0) continue;
      // Insertion sort by mask (high word first), then gold flag (a boundary has a few items).
      let at = size++;
      while (at > 0 && (hs[at - 1] > vh || (hs[at - 1] === vh && (vs[at - 1] > v || (vs[at - 1] === v && os[at - 1] > isGold[i]))))) {
        vs[at] = vs[at - 1];
        hs[at] = hs[at - 1];
        os[at] = os[at - 1];
        at--;
      }
      vs[at] = v;
      hs[at] = vh;
      os[at] = isGold[i];
    }
    const isSub = bGold[b] > 0 ? 1 : 0;
    let h = isSub + 1;
    for (let e = 0; e < size; e++) h = Math.imul(h ^ vs[e] ^ Math.imul(hs[e], 0x85ebca6b), 0x9e3779b1) ^ os[e];
    let found = -1;
    for (let c = first.get(h) ?? -1; c >= 0 && found < 0; c = next[c]) {
      if (sub[c] !== isSub || start[c + 1] - start[c] !== size) continue;
      let same = true;
      for (let e = 0; e < size && same; e++) same = mask[start[c] + e] === vs[e] && maskHi[start[c] + e] === hs[e] && gold[start[c] + e] === os[e];
      if (same) found = c;
    }
    if (found >= 0) {
      times[found]++;
      continue;
    }
    const id = times.length;
    next.push(first.get(h) ?? -1);
    first.set(h, id);
    times.push(1);
    sub.push(isSub);
    for (let e = 0; e < size; e++) {
      mask.push(vs[e]);
      maskHi.push(hs[e]);
      gold.push(os[e]);
    }
    start.push(mask.length);
  }
  g = {
    count: times.length, times: Int32Array.from(times), sub: Uint8Array.from(sub), start: Int32Array.from(start),
    mask: Int32Array.from(mask), maskHi: Int32Array.from(maskHi), gold: Uint8Array.from(gold),
  };
  groupCache.set(data, g);
  return g;
}

/**
 * The counts of the vote weighted by `counts` (whole numbers, at least 1 for the members of S,
 * 0 for the others; S two words, S and Shi) after adding one to `counts[m]`, for every m: entry
 * m of the result is {@link actualVote}'s counts for members S ∪ {m} with those weights.
 */
export function extensionCounts(data: ExtensionData, S: number, Shi: number, counts: ArrayLike<number>): ActualCounts[] {
  const n = data.n;
  const wide = n > 32;
  const W = wide ? weightOf(counts, S) + weightOfHi(counts, Shi) : weightOf(counts, S);
  const acc: Tally = {
    tp: 0, fp: 0, s: 0, ties: 0,
    dTp: new Float64Array(n), dFp: new Float64Array(n), dS: new Float64Array(n), dTies: new Float64Array(n),
  };
  uncontested(data, S, Shi, counts, W, wide, acc);
  contested(data, S, Shi, counts, W, wide, acc);
  const out: ActualCounts[] = [];
  for (let m = 0; m < n; m++) {
    const t = acc.tp + acc.dTp[m];
    out.push({ tp: t, fp: acc.fp + acc.dFp[m], fn: data.goldSize - t, s: acc.s + acc.dS[m], ties: acc.ties + acc.dTies[m] });
  }
  return out;
}

/**
 * Outcomes shared by every extension (tp, fp, s, ties), and each member's own differences from
 * them (dTp, dFp, dS, dTies: entry m for member m).
 */
interface Tally {
  tp: number;
  fp: number;
  s: number;
  ties: number;
  dTp: Float64Array;
  dFp: Float64Array;
  dS: Float64Array;
  dTies: Float64Array;
}

/** The summed counts of the members in `bits` (systems 0–31). */
function weightOf(counts: ArrayLike<number>, bits: number): number {
  let t = 0;
  for (let x = bits; x !== 0; x &= x - 1) t += counts[31 - Math.clz32(x & -x)];
  return t;
}

/** The summed counts of the members in `bits`, the high word (systems 32–63). */
function weightOfHi(counts: ArrayLike<number>, bits: number): number {
  let t = 0;
  for (let x = bits; x !== 0; x &= x - 1) t += counts[63 - Math.clz32(x & -x)];
  return t;
}

/*
 * The two passes of extensionCounts, each a function of its own: a pass's rarer branches are
 * first taken after many calls, and recompiling one pass then leaves the other's compiled code
 * alone.
 */

/** The uncontested boundaries, by vote pattern (see the module comment). */
function uncontested(data: ExtensionData, S: number, Shi: number, counts: ArrayLike<number>, W: number, wide: boolean, acc: Tally): void {
  const { dTp, dFp, dS } = acc;
  const vp = data.votePatterns;
  let tp = 0;
  let fp = 0;
  let s = 0;
  for (let k = 0; k < vp.count; k++) {
    const mask = vp.mask[k];
    const T = wide ? weightOf(counts, mask & S) + weightOfHi(counts, vp.maskHi[k] & Shi) : weightOf(counts, mask & S);
    // Members outside `mask` leave the tally at T (nothing wins when no member votes: T = 0).
    if (T > 0 && 2 * T > W + 1) {
      tp += vp.gold[k];
      fp += vp.neg[k];
      s += vp.sub[k];
      continue;
    }
    // Members in `mask` raise it to T + 1 (and always lose or always win together).
    if (2 * (T + 1) > W + 1) {
      for (let x = mask; x !== 0; x &= x - 1) {
        const m = 31 - Math.clz32(x & -x);
        dTp[m] += vp.gold[k];
        dFp[m] += vp.neg[k];
        dS[m] += vp.sub[k];
      }
      if (wide) {
        for (let x = vp.maskHi[k]; x !== 0; x &= x - 1) {
          const m = 63 - Math.clz32(x & -x);
          dTp[m] += vp.gold[k];
          dFp[m] += vp.neg[k];
          dS[m] += vp.sub[k];
        }
      }
    }
  }
  acc.tp += tp;
  acc.fp += fp;
  acc.s += s;
}

/**
 * The contested boundaries, by group of alike ones: each voted item's current tally and
 * best-ranked backer (scratch, reused); every count of a group counts `times` times.
 */
function contested(data: ExtensionData, S: number, Shi: number, counts: ArrayLike<number>, W: number, wide: boolean, acc: Tally): void {
  const { rank } = data;
  const { dTp, dFp, dS, dTies } = acc;
  const g = contestedGroups(data);
  let longest = 0;
  for (let k = 0; k < g.count; k++) longest = Math.max(longest, g.start[k + 1] - g.start[k]);
  const tally = new Float64Array(longest);
  const best = new Int32Array(longest);
  let tp = 0;
  let fp = 0;
  let s = 0;
  let ties = 0;
  for (let k = 0; k < g.count; k++) {
    const first = g.start[k];
    const size = g.start[k + 1] - first;
    const times = g.times[k];
    const sub = g.sub[k] === 1;
    let voted = 0;
    let votedHi = 0;
    for (let e = 0; e < size; e++) {
      const v = g.mask[first + e];
      voted |= v;
      const bits = v & S;
      let t = 0;
      let r = 0x7fffffff;
      for (let x = bits; x !== 0; x &= x - 1) {
        const j = 31 - Math.clz32(x & -x);
        t += counts[j];
        if (rank[j] < r) r = rank[j];
      }
      if (wide) {
        const vh = g.maskHi[first + e];
        votedHi |= vh;
        for (let x = vh & Shi; x !== 0; x &= x - 1) {
          const j = 63 - Math.clz32(x & -x);
          t += counts[j];
          if (rank[j] < r) r = rank[j];
        }
      }
      tally[e] = t;
      best[e] = r;
    }
    const V = wide ? weightOf(counts, voted & S) + weightOfHi(counts, votedHi & Shi) : weightOf(counts, voted & S);
    // The outcome of the current tallies against an O of W + 1 − V (members voting nothing here).
    const shared = outcome(tally, best, size, -1, 0, W + 1 - V);
    if (shared !== NONE) {
      if (g.gold[first + (shared & WINNER)] === 1) tp += times;
      else {
        fp += times;
        if (sub) s += times;
      }
      if (shared & TIED) ties += times;
    }
    // Each member voting here: its item's tally one larger, the O one smaller than above. A
    // member votes one item a boundary, so the items' voters are the boundary's voters, each
    // once. The member's rank only breaks ties: when the item's outcome is the same with the
    // best and the worst rank, it is every voter's; otherwise each voter's is worked out.
    for (let e = 0; e < size; e++) {
      const voters = g.mask[first + e];
      const votersHi = wide ? g.maskHi[first + e] : 0;
      const ifBest = outcome(tally, best, size, e, -1, W - V);
      const uniform = ifBest === outcome(tally, best, size, e, 0x7fffffff, W - V);
      if (uniform && ifBest === shared) continue;
      for (let x = voters, xHi = votersHi; x !== 0 || xHi !== 0; x !== 0 ? (x &= x - 1) : (xHi &= xHi - 1)) {
        const m = x !== 0 ? 31 - Math.clz32(x & -x) : 63 - Math.clz32(xHi & -xHi);
        const got = uniform ? ifBest : outcome(tally, best, size, e, rank[m], W - V);
        if (got === shared) continue;
        if (shared !== NONE) {
          if (g.gold[first + (shared & WINNER)] === 1) dTp[m] -= times;
          else {
            dFp[m] -= times;
            if (sub) dS[m] -= times;
          }
          if (shared & TIED) dTies[m] -= times;
        }
        if (got !== NONE) {
          if (g.gold[first + (got & WINNER)] === 1) dTp[m] += times;
          else {
            dFp[m] += times;
            if (sub) dS[m] += times;
          }
          if (got & TIED) dTies[m] += times;
        }
      }
    }
  }
  acc.tp += tp;
  acc.fp += fp;
  acc.s += s;
  acc.ties += ties;
}

/** No item wins. */
const NONE = -1;
/** The winner's position at its boundary, in the low bits of an outcome… */
const WINNER = 0x3fffffff;
/** …and whether labels tied for it. */
const TIED = 0x40000000;

/**
 * The winner among a boundary's `size` items, of tallies `tally` and best-ranked backers `best`,
 * with item `plus` one vote larger and backed by a member of rank `plusRank` (plus = −1: none),
 * against an `O` weighing `o`: the position of the item with the largest tally (ties to the
 * best-ranked backer) when its tally beats `o`, flagged {@link TIED} when another item had as
 * much; {@link NONE} otherwise.
 */
function outcome(tally: Float64Array, best: Int32Array, size: number, plus: number, plusRank: number, o: number): number {
  let win = -1;
  let winTally = 0;
  let winRank = 0;
  let tied = false;
  for (let e = 0; e < size; e++) {
    let t = tally[e];
    let r = best[e];
    if (e === plus) {
      t++;
      if (plusRank < r) r = plusRank;
    }
    if (t === 0) continue;
    if (win < 0 || t > winTally) {
      win = e;
      winTally = t;
      winRank = r;
      tied = false;
    } else if (t === winTally) {
      tied = true;
      if (r < winRank) {
        win = e;
        winRank = r;
      }
    }
  }
  if (win < 0 || !(winTally > o)) return NONE;
  return tied ? win | TIED : win;
}
