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
 */
import type { ActualCounts, ScoringData } from './engine.js';

/**
 * The counts of the vote weighted by `counts` (whole numbers, at least 1 for the members of S,
 * 0 for the others) after adding one to `counts[m]`, for every m: entry m of the result is
 * {@link actualVote}'s counts for members S ∪ {m} with those weights.
 */
export function extensionCounts(data: ScoringData, S: number, counts: ArrayLike<number>): ActualCounts[] {
  const n = data.n;
  const { bStart, bItems, voteMask, bVoteOr, isGold, bGold, rank } = data;
  const weightOf = (bits: number): number => {
    let t = 0;
    for (let x = bits; x !== 0; x &= x - 1) t += counts[31 - Math.clz32(x & -x)];
    return t;
  };
  const W = weightOf(S);
  // Outcomes shared by every extension, and each member's own differences from them.
  let tp = 0;
  let fp = 0;
  let s = 0;
  let ties = 0;
  const dTp = new Float64Array(n);
  const dFp = new Float64Array(n);
  const dS = new Float64Array(n);
  const dTies = new Float64Array(n);
  const vp = data.votePatterns;
  for (let k = 0; k < vp.count; k++) {
    const mask = vp.mask[k];
    const T = weightOf(mask & S);
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
    }
  }
  // Per contested boundary: each item's current tally and best-ranked backer (scratch, reused).
  let longest = 0;
  for (let at = 0; at < data.contested.length; at++) {
    const b = data.contested[at];
    longest = Math.max(longest, bStart[b + 1] - bStart[b]);
  }
  const tally = new Float64Array(longest);
  const best = new Int32Array(longest);
  for (let at = 0; at < data.contested.length; at++) {
    const b = data.contested[at];
    const first = bStart[b];
    const size = bStart[b + 1] - first;
    for (let e = 0; e < size; e++) {
      const bits = voteMask[bItems[first + e]] & S;
      let t = 0;
      let r = 0x7fffffff;
      for (let x = bits; x !== 0; x &= x - 1) {
        const j = 31 - Math.clz32(x & -x);
        t += counts[j];
        if (rank[j] < r) r = rank[j];
      }
      tally[e] = t;
      best[e] = r;
    }
    const V = weightOf(bVoteOr[b] & S);
    // The outcome of the current tallies against an O of W + 1 − V (members voting nothing here).
    const shared = outcome(tally, best, size, -1, 0, W + 1 - V);
    if (shared !== NONE) {
      const w = bItems[first + (shared & WINNER)];
      if (isGold[w]) tp++;
      else {
        fp++;
        if (bGold[b] > 0) s++;
      }
      if (shared & TIED) ties++;
    }
    // Each member voting here: its item's tally one larger, the O one smaller than above. A
    // member votes one item a boundary, so the items' voters are the boundary's voters, each
    // once. The member's rank only breaks ties: when the item's outcome is the same with the
    // best and the worst rank, it is every voter's; otherwise each voter's is worked out.
    for (let e = 0; e < size; e++) {
      const voters = voteMask[bItems[first + e]];
      if (voters === 0) continue;
      const ifBest = outcome(tally, best, size, e, -1, W - V);
      const uniform = ifBest === outcome(tally, best, size, e, 0x7fffffff, W - V);
      if (uniform && ifBest === shared) continue;
      for (let x = voters; x !== 0; x &= x - 1) {
        const m = 31 - Math.clz32(x & -x);
        const got = uniform ? ifBest : outcome(tally, best, size, e, rank[m], W - V);
        if (got === shared) continue;
        if (shared !== NONE) {
          const w = bItems[first + (shared & WINNER)];
          if (isGold[w]) dTp[m]--;
          else {
            dFp[m]--;
            if (bGold[b] > 0) dS[m]--;
          }
          if (shared & TIED) dTies[m]--;
        }
        if (got !== NONE) {
          const w = bItems[first + (got & WINNER)];
          if (isGold[w]) dTp[m]++;
          else {
            dFp[m]++;
            if (bGold[b] > 0) dS[m]++;
          }
          if (got & TIED) dTies[m]++;
        }
      }
    }
  }
  const out: ActualCounts[] = [];
  for (let m = 0; m < n; m++) {
    const t = tp + dTp[m];
    out.push({ tp: t, fp: fp + dFp[m], fn: data.goldSize - t, s: s + dS[m], ties: ties + dTies[m] });
  }
  return out;
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
