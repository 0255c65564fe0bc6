/**
 * Exhaustive search: every member set of `minSize`..`maxSize` systems under every
 * rule, each scored (actual objective) and recorded in the store.
 *
 * Binary rules need, for each member set S, how many items get each number of votes — the
 * histogram h_S(k) = #{items : |mask ∩ S| = k}, for gold and for non-gold items. Rather than
 * walking the subsets in Gray-code order and updating per-item vote counts (the obvious
 * incremental scheme, whose every step costs one member's items), one transform gives the
 * histograms of
 * *all* 2ⁿ subsets at once, at a cost of about n²·2ⁿ⁻¹ additions that does not depend on the
 * number of items: start from the item counts per member pattern, h(pattern)(0) = count, and
 * for each system j turn the index bit j from "the pattern has j" into "S has j":
 *   h'(S without j)(k) = h(pattern without j)(k) + h(pattern with j)(k)
 *   h'(S with j)(k)    = h(pattern without j)(k) + h(pattern with j)(k − 1).
 * Every binary rule and threshold is then a suffix sum of h_S. When the transform would cost
 * more than scoring the wanted subsets one by one over the distinct patterns (few subsets, or
 * more than {@link TRANSFORM_MAX_SYSTEMS} systems), subsets are scored one by one.
 *
 * Typed rules (`vote`, `weighted`) decide per boundary by labels, so each subset is one pass over
 * the boundaries with member bitmasks ({@link actualVote}).
 */
import { isBinaryRule } from '../ensemble/rules.js';
import { substitutionsOf } from './data.js';
import { actualBinary, actualVote, needOf } from './engine.js';
import { finish, type Steps } from './steps.js';
import type { SearchContext } from './store.js';

/** The transform keeps two histograms of 2ⁿ·(n+1) 32-bit counts: at most 22 systems (~0.8 GB). */
export const TRANSFORM_MAX_SYSTEMS = 22;

/** Number of member sets of size minSize..maxSize among n systems. */
export function subsetCount(n: number, minSize: number, maxSize: number): number {
  let total = 0;
  let c = 1; // C(n, k)
  for (let k = 0; k <= n; k++) {
    if (k >= minSize && k <= maxSize) total += c;
    c = (c * (n - k)) / (k + 1);
  }
  return total;
}

/** The next larger integer with the same number of set bits as S (Gosper's hack). */
function nextSubset(S: number): number {
  const c = S & -S;
  const r = S + c;
  return (((r ^ S) >>> 2) / c) | r;
}

/** Calls `visit` for every bitmask of minSize..maxSize of n bits, in increasing size then value. */
export function forEachSubset(n: number, minSize: number, maxSize: number, visit: (S: number) => void): void {
  for (let k = Math.max(1, minSize); k <= Math.min(n, maxSize); k++) {
    for (let S = (1 << k) - 1; S < 1 << n; S = nextSubset(S)) visit(S);
  }
}

/** Vote-count histograms of every subset (see the module comment): [gold, non-gold], each 2ⁿ·(n+1). */
export function subsetHistograms(ctx: SearchContext): [Int32Array, Int32Array] {
  return finish(subsetHistogramSteps(ctx));
}

/** {@link subsetHistograms}, pausing after each system's pass. */
function* subsetHistogramSteps(ctx: SearchContext): Steps<[Int32Array, Int32Array]> {
  const { data } = ctx;
  const n = data.n;
  const K = n + 1;
  const full = 1 << n;
  const hg = new Int32Array(full * K);
  const hn = new Int32Array(full * K);
  const p = data.patterns;
  for (let k = 0; k < p.count; k++) {
    hg[p.mask[k] * K] += p.gold[k];
    hn[p.mask[k] * K] += p.neg[k];
  }
  for (let j = 0; j < n; j++) {
    const bit = 1 << j;
    const top = Math.min(j + 1, n);
    for (const h of [hg, hn]) {
      for (let idx = 0; idx < full; idx++) {
        if (idx & bit) continue;
        const i0 = idx * K;
        const i1 = (idx | bit) * K;
        for (let k = top; k >= 0; k--) {
          const a = h[i0 + k];
          const b = h[i1 + k];
          h[i0 + k] = a + b;
          h[i1 + k] = a + (k > 0 ? h[i1 + k - 1] : 0);
        }
      }
    }
    yield;
  }
  return [hg, hn];
}

/**
 * Scores every candidate of the space; `onProgress(done, total)` is called now and then with
 * the number of candidates scored.
 */
export function exhaustive(ctx: SearchContext, onProgress?: (done: number, total: number) => void): void {
  finish(exhaustiveSteps(ctx, onProgress));
}

/** {@link exhaustive}, pausing after the transform's passes and wherever it reports progress. */
export function* exhaustiveSteps(ctx: SearchContext, onProgress?: (done: number, total: number) => void): Steps<void> {
  const { data, scorer, store, rules } = ctx;
  const n = data.n;
  const minSize = Math.max(1, ctx.minSize);
  const maxSize = Math.min(n, ctx.maxSize);
  const subsets = subsetCount(n, minSize, maxSize);
  const total = subsets * rules.length;
  onProgress?.(0, total);
  const binary = rules.map((r) => isBinaryRule(r));
  const useTransform = binary.some((b) => b) && n <= TRANSFORM_MAX_SYSTEMS
    && (n * n * 2 ** n) / 2 < subsets * Math.max(1, data.patterns.count);
  const [hg, hn] = useTransform ? yield* subsetHistogramSteps(ctx) : [undefined, undefined];
  const K = n + 1;
  let done = 0;
  const step = Math.max(1, Math.floor(200000 / Math.max(1, data.boundaries + data.patterns.count)));
  for (let size = minSize; size <= maxSize; size++) {
    for (let S = (1 << size) - 1; S < 1 << n; S = nextSubset(S)) {
      const cost = scorer.costOf(S);
      for (let r = 0; r < rules.length; r++) {
        const rule = rules[r];
        const need = needOf(rule, size);
        let counts;
        if (!binary[r]) {
          counts = actualVote(data, S, ctx.weights[r]!);
        } else if (need === Infinity) {
          counts = { tp: 0, fp: 0, fn: data.goldSize, s: 0, ties: 0 };
        } else if (hg !== undefined && hn !== undefined) {
          let tp = 0;
          let fp = 0;
          const base = S * K;
          for (let k = need; k <= size; k++) {
            tp += hg[base + k];
            fp += hn[base + k];
          }
          counts = { tp, fp, fn: data.goldSize - tp, s: scorer.withSlots ? substitutionsOf(data, S, need) : NaN, ties: 0 };
        } else {
          counts = actualBinary(data, S, need, scorer.withSlots);
        }
        store.add(S, r, scorer.value(counts, size, cost));
      }
      done += rules.length;
      if ((done / rules.length) % step === 0) {
        onProgress?.(done, total);
        yield;
      }
    }
  }
  onProgress?.(done, total);
}
