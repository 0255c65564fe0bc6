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
 * pass costs what one simulation costs, plus four table steps per pattern on that edge: its
 * gold and non-gold counts are added under each byte of its system mask, and the 4 × 256 byte
 * totals are spread over their bits once at the end (correlated systems make patterns of many
 * members, so this beats a step per system named).
 * The counts are those actualBinary gives (sums of integers, so exactly equal);
 * substitutions are not counted here (neighbourSubstitutions counts them).
 *
 * A member set is two words (S: systems 0–31, Shi: 32–63; member-set.ts). With 32 systems or
 * fewer the one-word loops run as they always did; above, their two-word twins, with byte
 * tables for the high word too (8 × 256).
 */
import { popcount } from '../model/bitset.js';
import type { PlanData } from './data.js';
import { allHi, allLo } from './member-set.js';

/** Per system x: TP and FP of the neighbour with x added (x ∉ S) or removed (x ∈ S); 0 elsewhere. */
export interface NeighbourCounts {
  tp: Float64Array;
  fp: Float64Array;
}

/**
 * Counts of every S ∪ {x} (x ∉ S, x < n; S two words, S and Shi) under "at least `need`
 * votes" (Infinity: nothing kept). Entries of members of S are 0.
 */
export function additionCounts(data: PlanData, S: number, Shi: number, need: number): NeighbourCounts {
  const n = data.n;
  const tp = new Float64Array(n);
  const fp = new Float64Array(n);
  if (need === Infinity) return { tp, fp };
  const outside = allLo(n) & ~S;
  const p = data.patterns;
  const byteTp = new Float64Array(n > 32 ? 2048 : 1024);
  const byteFp = new Float64Array(n > 32 ? 2048 : 1024);
  let baseTp = 0;
  let baseFp = 0;
  if (n > 32) {
    const outsideHi = allHi(n) & ~Shi;
    for (let k = 0; k < p.count; k++) {
      const m = p.mask[k];
      const mHi = p.maskHi[k];
      const v = popcount(m & S) + popcount(mHi & Shi);
      if (v >= need) {
        baseTp += p.gold[k];
        baseFp += p.neg[k];
      } else if (v === need - 1) {
        addBytes(byteTp, byteFp, m & outside, p.gold[k], p.neg[k]);
        if ((mHi & outsideHi) !== 0) addBytes(byteTp, byteFp, mHi & outsideHi, p.gold[k], p.neg[k], 4);
      }
    }
    spreadBytes(byteTp, byteFp, tp, fp);
    addBase(outside, outsideHi, baseTp, baseFp, tp, fp);
    return { tp, fp };
  }
  for (let k = 0; k < p.count; k++) {
    const m = p.mask[k];
    const v = popcount(m & S);
    if (v >= need) {
      baseTp += p.gold[k];
      baseFp += p.neg[k];
    } else if (v === need - 1) {
      addBytes(byteTp, byteFp, m & outside, p.gold[k], p.neg[k]);
    }
  }
  spreadBytes(byteTp, byteFp, tp, fp);
  for (let bits = outside; bits !== 0; bits &= bits - 1) {
    const x = 31 - Math.clz32(bits & -bits);
    tp[x] += baseTp;
    fp[x] += baseFp;
  }
  return { tp, fp };
}

/**
 * Counts of every S ∖ {y} (y ∈ S; S two words, S and Shi) under "at least `need` votes"
 * (Infinity: nothing kept). Entries of systems outside S are 0.
 */
export function removalCounts(data: PlanData, S: number, Shi: number, need: number): NeighbourCounts {
  const n = data.n;
  const tp = new Float64Array(n);
  const fp = new Float64Array(n);
  if (need === Infinity) return { tp, fp };
  const p = data.patterns;
  const byteTp = new Float64Array(n > 32 ? 2048 : 1024);
  const byteFp = new Float64Array(n > 32 ? 2048 : 1024);
  let baseTp = 0;
  let baseFp = 0;
  if (n > 32) {
    for (let k = 0; k < p.count; k++) {
      const m = p.mask[k];
      const mHi = p.maskHi[k];
      const v = popcount(m & S) + popcount(mHi & Shi);
      if (v > need) {
        baseTp += p.gold[k];
        baseFp += p.neg[k];
      } else if (v === need) {
        addBytes(byteTp, byteFp, S & ~m, p.gold[k], p.neg[k]);
        if ((Shi & ~mHi) !== 0) addBytes(byteTp, byteFp, Shi & ~mHi, p.gold[k], p.neg[k], 4);
      }
    }
    spreadBytes(byteTp, byteFp, tp, fp);
    addBase(S, Shi, baseTp, baseFp, tp, fp);
    return { tp, fp };
  }
  for (let k = 0; k < p.count; k++) {
    const m = p.mask[k];
    const v = popcount(m & S);
    if (v > need) {
      baseTp += p.gold[k];
      baseFp += p.neg[k];
    } else if (v === need) {
      addBytes(byteTp, byteFp, S & ~m, p.gold[k], p.neg[k]);
    }
  }
  spreadBytes(byteTp, byteFp, tp, fp);
  for (let bits = S; bits !== 0; bits &= bits - 1) {
    const y = 31 - Math.clz32(bits & -bits);
    tp[y] += baseTp;
    fp[y] += baseFp;
  }
  return { tp, fp };
}

/**
 * Adds g and ng under each byte of the system mask `bits`: tables 0–3 of 256 for a low word,
 * tables 4–7 for a high word (`table` 4).
 */
function addBytes(byteTp: Float64Array, byteFp: Float64Array, bits: number, g: number, ng: number, table = 0): void {
  const at = table << 8;
  const b0 = at + (bits & 255);
  const b1 = at + 256 + ((bits >>> 8) & 255);
  const b2 = at + 512 + ((bits >>> 16) & 255);
  const b3 = at + 768 + (bits >>> 24);
  byteTp[b0] += g;
  byteTp[b1] += g;
  byteTp[b2] += g;
  byteTp[b3] += g;
  byteFp[b0] += ng;
  byteFp[b1] += ng;
  byteFp[b2] += ng;
  byteFp[b3] += ng;
}

/** Adds the totals every neighbour shares to the systems of the two-word set (lo, hi). */
function addBase(lo: number, hi: number, baseTp: number, baseFp: number, tp: Float64Array, fp: Float64Array): void {
  for (let bits = lo; bits !== 0; bits &= bits - 1) {
    const x = 31 - Math.clz32(bits & -bits);
    tp[x] += baseTp;
    fp[x] += baseFp;
  }
  for (let bits = hi; bits !== 0; bits &= bits - 1) {
    const x = 63 - Math.clz32(bits & -bits);
    tp[x] += baseTp;
    fp[x] += baseFp;
  }
}

/** Adds each byte value's totals to the systems whose bits it has (tables of 4 or 8 bytes × 256). */
function spreadBytes(byteTp: Float64Array, byteFp: Float64Array, tp: Float64Array, fp: Float64Array): void {
  const bytes = byteTp.length / 256;
  for (let byte = 0; byte < bytes; byte++) {
    for (let value = 1; value < 256; value++) {
      const t = byteTp[byte * 256 + value];
      const f = byteFp[byte * 256 + value];
      if (t === 0 && f === 0) continue;
      for (let bits = value; bits !== 0; bits &= bits - 1) {
        const x = byte * 8 + 31 - Math.clz32(bits & -bits);
        if (x < tp.length) {
          tp[x] += t;
          fp[x] += f;
        }
      }
    }
  }
}

/**
 * Substitutions (src/plan/data.ts, substitutionsOf) of every neighbour of S under "at least
 * `need` votes": S ∪ {x} for x ∉ S when `grow`, else S ∖ {x} for x ∈ S (0 elsewhere). Per
 * boundary with a non-gold label, the items every neighbour keeps are counted once, and each item
 * on the edge adds one to the counts of the systems that tip it, so the cost is about one count
 * of S's substitutions plus a step per edge item and system tipping it.
 */
export function neighbourSubstitutions(data: PlanData, S: number, Shi: number, need: number, grow: boolean): Float64Array {
  if (data.n > 32) return neighbourSubstitutions2(data, S, Shi, need, grow);
  const { n, xBoundaries, bStart, bItems, isGold, mask, bGold } = data;
  const out = new Float64Array(n);
  if (need === Infinity) return out;
  const all = allLo(n);
  const candidates = grow ? all & ~S : S;
  // An item is kept by every neighbour at `sure` votes among S or more; at `edge` votes, by the
  // neighbours of the systems tips(mask) names.
  const sure = grow ? need : need + 1;
  const edge = sure - 1;
  const tips = (m: number) => (grow ? m & candidates : S & ~m);
  // What the edge items of one boundary add, per tipping system.
  const keptMore = new Int32Array(n);
  const xMore = new Int32Array(n);
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
      } else if (v === edge) {
        const t = tips(mask[i]);
        tipping |= t;
        const more = isGold[i] ? keptMore : xMore;
        for (let bits = t; bits !== 0; bits &= bits - 1) more[31 - Math.clz32(bits & -bits)]++;
      }
    }
    const s = Math.min(bGold[b] - kept, x);
    base += s;
    for (let bits = tipping; bits !== 0; bits &= bits - 1) {
      const y = 31 - Math.clz32(bits & -bits);
      out[y] += Math.min(bGold[b] - kept - keptMore[y], x + xMore[y]) - s;
      keptMore[y] = 0;
      xMore[y] = 0;
    }
  }
  for (let bits = candidates; bits !== 0; bits &= bits - 1) out[31 - Math.clz32(bits & -bits)] += base;
  return out;
}

/** {@link neighbourSubstitutions} with more than 32 systems (the same steps on both words). */
function neighbourSubstitutions2(data: PlanData, S: number, Shi: number, need: number, grow: boolean): Float64Array {
  const { n, xBoundaries, bStart, bItems, isGold, mask, maskHi, bGold } = data;
  const out = new Float64Array(n);
  if (need === Infinity) return out;
  const candidates = grow ? allLo(n) & ~S : S;
  const candidatesHi = grow ? allHi(n) & ~Shi : Shi;
  const sure = grow ? need : need + 1;
  const edge = sure - 1;
  const keptMore = new Int32Array(n);
  const xMore = new Int32Array(n);
  let base = 0;
  for (let k = 0; k < xBoundaries.length; k++) {
    const b = xBoundaries[k];
    let kept = 0;
    let x = 0;
    let tipping = 0;
    let tippingHi = 0;
    for (let e = bStart[b]; e < bStart[b + 1]; e++) {
      const i = bItems[e];
      const v = popcount(mask[i] & S) + popcount(maskHi[i] & Shi);
      if (v >= sure) {
        if (isGold[i]) kept++;
        else x++;
      } else if (v === edge) {
        const t = grow ? mask[i] & candidates : S & ~mask[i];
        const tHi = grow ? maskHi[i] & candidatesHi : Shi & ~maskHi[i];
        tipping |= t;
        tippingHi |= tHi;
        const more = isGold[i] ? keptMore : xMore;
        for (let bits = t; bits !== 0; bits &= bits - 1) more[31 - Math.clz32(bits & -bits)]++;
        for (let bits = tHi; bits !== 0; bits &= bits - 1) more[63 - Math.clz32(bits & -bits)]++;
      }
    }
    const s = Math.min(bGold[b] - kept, x);
    base += s;
    for (let word = 0; word < 2; word++) {
      for (let bits = word === 0 ? tipping : tippingHi; bits !== 0; bits &= bits - 1) {
        const y = 32 * word + 31 - Math.clz32(bits & -bits);
        out[y] += Math.min(bGold[b] - kept - keptMore[y], x + xMore[y]) - s;
        keptMore[y] = 0;
        xMore[y] = 0;
      }
    }
  }
  for (let bits = candidates; bits !== 0; bits &= bits - 1) out[31 - Math.clz32(bits & -bits)] += base;
  for (let bits = candidatesHi; bits !== 0; bits &= bits - 1) out[63 - Math.clz32(bits & -bits)] += base;
  return out;
}
