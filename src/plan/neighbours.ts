/**
 * Exact TP and FP of every neighbour of a member set under a binary rule — each set one system
 * larger, or each set one system smaller — in one pass over the distinct member patterns, where
 * simulating them one by one (actualBinary, src/plan/engine.ts) takes one pass each.
 *
 * A pattern with v votes among S is kept by S ∪ {x} when v + [x returns it] ≥ t (t: the rule's
 * threshold at the larger size): by every such set when v ≥ t, by none when v < t − 1, and when
 * v = t − 1 by exactly those whose x is among the pattern's members outside S. Likewise it is
 * kept by S ∖ {y} (threshold t at the smaller size) when v − [y returns it] ≥ t: by every one
 * when v > t, and when v = t by those whose y is a member of S that does not return it. So a
 * pass costs what one simulation costs, plus one step per member of the patterns on that edge.
 * The counts are those actualBinary gives (sums of integers, so exactly equal);
 * substitutions are not counted (objectives that read SER or ERR are searched on predictions).
 */
import { popcount } from '../model/bitset.js';
import type { PlanData } from './data.js';

/** Per system x: TP and FP of the neighbour with x added (x ∉ S) or removed (x ∈ S); 0 elsewhere. */
export interface NeighbourCounts {
  tp: Float64Array;
  fp: Float64Array;
}

/**
 * Counts of every S ∪ {x} (x ∉ S, x < n) under "at least `need` votes" (Infinity: nothing
 * kept). Entries of members of S are 0.
 */
export function additionCounts(data: PlanData, S: number, need: number): NeighbourCounts {
  const n = data.n;
  const tp = new Float64Array(n);
  const fp = new Float64Array(n);
  if (need === Infinity) return { tp, fp };
  const all = n >= 31 ? -1 : (1 << n) - 1;
  const outside = all & ~S;
  const p = data.patterns;
  let baseTp = 0;
  let baseFp = 0;
  for (let k = 0; k < p.count; k++) {
    const m = p.mask[k];
    const v = popcount(m & S);
    if (v >= need) {
      baseTp += p.gold[k];
      baseFp += p.neg[k];
    } else if (v === need - 1) {
      for (let bits = m & outside; bits !== 0; bits &= bits - 1) {
        const x = 31 - Math.clz32(bits & -bits);
        tp[x] += p.gold[k];
        fp[x] += p.neg[k];
      }
    }
  }
  for (let bits = outside; bits !== 0; bits &= bits - 1) {
    const x = 31 - Math.clz32(bits & -bits);
    tp[x] += baseTp;
    fp[x] += baseFp;
  }
  return { tp, fp };
}

/**
 * Counts of every S ∖ {y} (y ∈ S) under "at least `need` votes" (Infinity: nothing kept).
 * Entries of systems outside S are 0.
 */
export function removalCounts(data: PlanData, S: number, need: number): NeighbourCounts {
  const n = data.n;
  const tp = new Float64Array(n);
  const fp = new Float64Array(n);
  if (need === Infinity) return { tp, fp };
  const p = data.patterns;
  let baseTp = 0;
  let baseFp = 0;
  for (let k = 0; k < p.count; k++) {
    const m = p.mask[k];
    const v = popcount(m & S);
    if (v > need) {
      baseTp += p.gold[k];
      baseFp += p.neg[k];
    } else if (v === need) {
      for (let bits = S & ~m; bits !== 0; bits &= bits - 1) {
        const y = 31 - Math.clz32(bits & -bits);
        tp[y] += p.gold[k];
        fp[y] += p.neg[k];
      }
    }
  }
  for (let bits = S; bits !== 0; bits &= bits - 1) {
    const y = 31 - Math.clz32(bits & -bits);
    tp[y] += baseTp;
    fp[y] += baseFp;
  }
  return { tp, fp };
}

/**
 * Substitutions (src/plan/data.ts, substitutionsOf) of every neighbour of S under "at least
 * `need` votes": S ∪ {x} for x ∉ S when `grow`, else S ∖ {x} for x ∈ S (0 elsewhere). Per
 * boundary with a non-gold label, the items every neighbour keeps are counted once and only the
 * systems that tip an edge item are counted again, so the cost is about one count of S's
 * substitutions plus a step per item and tipping system at those boundaries.
 */
export function neighbourSubstitutions(data: PlanData, S: number, need: number, grow: boolean): Float64Array {
  const { n, xBoundaries, bStart, bItems, isGold, mask, bGold } = data;
  const out = new Float64Array(n);
  if (need === Infinity) return out;
  const all = n >= 31 ? -1 : (1 << n) - 1;
  const candidates = grow ? all & ~S : S;
  // An item is kept by every neighbour at `sure` votes among S or more; at `edge` votes, by the
  // neighbours of the systems tips(mask) names.
  const sure = grow ? need : need + 1;
  const edge = sure - 1;
  const tips = (m: number) => (grow ? m & candidates : S & ~m);
  let base = 0;
  for (let k = 0; k < xBoundaries.length; k++) {
    const b = xBoundaries[k];
    let kept = 0;
    let x = 0;
    let tipping = 0;
    for (let e = bStart[b]; e < bStart[b + 1]; e++) {
      const i = bItems[e];
      const v = popcount(mask[i] & S);
      if (v >= sure) {
        if (isGold[i]) kept++;
        else x++;
      } else if (v === edge) tipping |= tips(mask[i]);
    }
    const s = Math.min(bGold[b] - kept, x);
    base += s;
    for (let bits = tipping; bits !== 0; bits &= bits - 1) {
      const y = 31 - Math.clz32(bits & -bits);
      let keptY = kept;
      let xY = x;
      for (let e = bStart[b]; e < bStart[b + 1]; e++) {
        const i = bItems[e];
        if (popcount(mask[i] & S) !== edge || ((tips(mask[i]) >> y) & 1) === 0) continue;
        if (isGold[i]) keptY++;
        else xY++;
      }
      out[y] += Math.min(bGold[b] - keptY, xY) - s;
    }
  }
  for (let bits = candidates; bits !== 0; bits &= bits - 1) out[31 - Math.clz32(bits & -bits)] += base;
  return out;
}
