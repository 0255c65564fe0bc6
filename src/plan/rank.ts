/**
 * How well a predicted score ranks candidates against their actual score: Spearman's
 * ρ, Kendall's τ-b, and the D-measure of the predicted top-k against the actual top-k.
 *
 * All functions take two parallel arrays (predicted and actual value of candidate i at index i).
 * A pair where either side is NaN is left out (pairwise deletion, as scipy's
 * `nan_policy='omit'` does for both arrays at once); ±Infinity are ordinary, extreme values.
 * Undefined results are `null`, never a made-up number.
 *
 * References:
 * - C. Spearman, "The proof and measurement of association between two things", Am. J. Psychol.
 *   15 (1904). scipy `scipy.stats.spearmanr`.
 * - M. G. Kendall, "The treatment of ties in ranking problems", Biometrika 33 (1945) (τ-b).
 * - W. R. Knight, "A computer method for calculating Kendall's tau with ungrouped data", JASA 61
 *   (1966), 436–439 (the O(n log n) merge-sort algorithm). scipy `scipy.stats.kendalltau`.
 * - D. Nakache, E. Métais, J.-F. Timsit, "Evaluation and NLP", DEXA 2005, §5 (D-measure).
 */
import { dMeasure } from '../metrics/dmeasure.js';

/** The pairs where neither side is NaN, as two Float64Arrays. */
function complete(a: ArrayLike<number>, b: ArrayLike<number>): [Float64Array, Float64Array] {
  if (a.length !== b.length) throw new RangeError(`arrays must have the same length, got ${a.length} and ${b.length}`);
  let count = 0;
  for (let i = 0; i < a.length; i++) if (!Number.isNaN(a[i]) && !Number.isNaN(b[i])) count++;
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    const u = a[i];
    const v = b[i];
    if (!Number.isNaN(u) && !Number.isNaN(v)) {
      x[j] = u;
      y[j] = v;
      j++;
    }
  }
  return [x, y];
}

/**
 * Order-preserving unsigned 64-bit keys of doubles (no NaN), as high and low 32-bit words: the
 * IEEE-754 bits with the sign bit flipped for positives and every bit flipped for negatives, so
 * that unsigned comparison of (hi, lo) orders the values. −0 is read as +0.
 */
function sortKeys(x: Float64Array): { hi: Uint32Array; lo: Uint32Array } {
  const n = x.length;
  const f = new Float64Array(n);
  for (let i = 0; i < n; i++) f[i] = x[i] === 0 ? 0 : x[i];
  const words = new Uint32Array(f.buffer);
  const little = new Uint8Array(new Float64Array([1]).buffer)[7] === 0x3f;
  const hi = new Uint32Array(n);
  const lo = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const h = words[2 * i + (little ? 1 : 0)];
    const l = words[2 * i + (little ? 0 : 1)];
    if (h & 0x80000000) {
      hi[i] = ~h >>> 0;
      lo[i] = ~l >>> 0;
    } else {
      hi[i] = (h | 0x80000000) >>> 0;
      lo[i] = l;
    }
  }
  return { hi, lo };
}

/** The digits of the radix sort: [word (0 = lo, 1 = hi), shift, bits]. */
const DIGITS: ReadonlyArray<readonly [number, number, number]> = [[0, 0, 11], [0, 11, 11], [0, 22, 10], [1, 0, 11], [1, 11, 11], [1, 22, 10]];

/**
 * Stable LSD radix sort of the indices in `order` by the 64-bit keys (hi, lo) of those indices:
 * six passes of 11-bit digits (the counters stay in cache), the keys carried along with the
 * indices so every pass reads sequentially, all histograms counted in one first pass, and a pass
 * skipped when every key shares its digit (e.g. the low mantissa bits of small integers).
 * O(n) time; returns a new array.
 */
function radixOrder(keys: { hi: Uint32Array; lo: Uint32Array }, order: Uint32Array): Uint32Array {
  const n = order.length;
  let idx = Uint32Array.from(order);
  let hi = new Uint32Array(n);
  let lo = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    hi[i] = keys.hi[idx[i]];
    lo[i] = keys.lo[idx[i]];
  }
  const counts = DIGITS.map(([, , bits]) => new Int32Array(1 << bits));
  const [c0, c1, c2, c3, c4, c5] = counts;
  for (let i = 0; i < n; i++) {
    const l = lo[i];
    const h = hi[i];
    c0[l & 0x7ff]++;
    c1[(l >>> 11) & 0x7ff]++;
    c2[l >>> 22]++;
    c3[h & 0x7ff]++;
    c4[(h >>> 11) & 0x7ff]++;
    c5[h >>> 22]++;
  }
  let idx2 = new Uint32Array(n);
  let hi2 = new Uint32Array(n);
  let lo2 = new Uint32Array(n);
  for (let pass = 0; pass < DIGITS.length; pass++) {
    const [word, shift, bits] = DIGITS[pass];
    const count = counts[pass];
    const mask = (1 << bits) - 1;
    if (n === 0 || count[((word === 0 ? lo[0] : hi[0]) >>> shift) & mask] === n) continue;
    let total = 0;
    for (let d = 0; d < count.length; d++) {
      const c = count[d];
      count[d] = total;
      total += c;
    }
    const src = word === 0 ? lo : hi;
    for (let i = 0; i < n; i++) {
      const to = count[(src[i] >>> shift) & mask]++;
      idx2[to] = idx[i];
      hi2[to] = hi[i];
      lo2[to] = lo[i];
    }
    [idx, idx2] = [idx2, idx];
    [hi, hi2] = [hi2, hi];
    [lo, lo2] = [lo2, lo];
  }
  return idx;
}

/** 0, 1, …, n − 1. */
function identity(n: number): Uint32Array {
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order;
}

/** Below this many values a comparison sort beats the radix sort's fixed cost (its digit histograms). */
const SMALL_SORT = 512;

/**
 * Average ranks (1-based; tied values share the mean of the ranks they span), as scipy's
 * `rankdata(method='average')`. O(n) after an O(n) radix sort (a comparison sort for fewer than
 * {@link SMALL_SORT} values, where the order of equal values does not matter). Values must not be NaN.
 */
function averageRanks(x: Float64Array): Float64Array {
  const n = x.length;
  const order = n < SMALL_SORT ? identity(n).sort((i, j) => (x[i] < x[j] ? -1 : x[i] > x[j] ? 1 : 0)) : radixOrder(sortKeys(x), identity(n));
  const ranks = new Float64Array(n);
  for (let start = 0; start < n;) {
    let end = start + 1;
    while (end < n && x[order[end]] === x[order[start]]) end++;
    const rank = (start + end + 1) / 2; // mean of start+1 … end
    for (let i = start; i < end; i++) ranks[order[i]] = rank;
    start = end;
  }
  return ranks;
}

/**
 * Spearman's rank correlation coefficient ρ.
 *
 * Formula: ρ = Pearson correlation of the average ranks of `a` and `b`,
 * Σ(Ra_i − R̄a)(Rb_i − R̄b) / √(Σ(Ra_i − R̄a)² · Σ(Rb_i − R̄b)²), ties sharing their mean rank
 * (so it equals 1 − 6Σd²/(n(n²−1)) only without ties). ρ ∈ [−1, 1] (clamped against rounding).
 *
 * Edge cases: pairs with a NaN on either side are left out first. `null` when fewer than two
 * pairs remain or when either side is constant (zero rank variance; scipy returns NaN there).
 * Arrays of different lengths are a RangeError. O(n log n).
 *
 * Reference: Spearman 1904; scipy `scipy.stats.spearmanr` (same value, e.g. ρ([1,2,3,4,5],
 * [5,6,7,8,7]) = 0.8207826816681233, the example in scipy's documentation).
 */
export function spearman(a: ArrayLike<number>, b: ArrayLike<number>): number | null {
  const [x, y] = complete(a, b);
  const n = x.length;
  if (n < 2) return null;
  const rx = averageRanks(x);
  const ry = averageRanks(y);
  const mean = (n + 1) / 2; // average ranks always sum to n(n+1)/2
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = rx[i] - mean;
    const dy = ry[i] - mean;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return Math.max(-1, Math.min(1, sxy / Math.sqrt(sxx * syy)));
}

/** Σ t(t−1)/2 over runs of equal adjacent values of a sorted sequence. */
function tiedPairs(sorted: ArrayLike<number>): number {
  let total = 0;
  let run = 1;
  for (let i = 1; i <= sorted.length; i++) {
    if (i < sorted.length && sorted[i] === sorted[i - 1]) run++;
    else {
      total += (run * (run - 1)) / 2;
      run = 1;
    }
  }
  return total;
}

/**
 * Sorts `v` ascending in place (bottom-up merge sort) and returns the number of inversions,
 * pairs i < j with v[i] > v[j] strictly (equal values are not inversions: the merge is stable).
 */
function countInversions(v: Float64Array): number {
  const n = v.length;
  let src: Float64Array = v;
  let dst: Float64Array = new Float64Array(n);
  let swaps = 0;
  for (let width = 1; width < n; width *= 2) {
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      if (mid < hi && src[mid - 1] <= src[mid]) {
        dst.set(src.subarray(lo, hi), lo); // already in order: no inversions across the halves
        continue;
      }
      while (i < mid && j < hi) {
        if (src[j] < src[i]) {
          swaps += mid - i;
          dst[k++] = src[j++];
        } else dst[k++] = src[i++];
      }
      while (i < mid) dst[k++] = src[i++];
      while (j < hi) dst[k++] = src[j++];
    }
    const t = src;
    src = dst;
    dst = t;
  }
  if (src !== v) v.set(src);
  return swaps;
}

/**
 * Kendall's τ-b rank correlation, which corrects for ties on either side.
 *
 * Formula: τ_b = (C − D) / √((n₀ − n₁)(n₀ − n₂)), where C and D count concordant and discordant
 * pairs, n₀ = n(n−1)/2, n₁ = Σ t_i(t_i−1)/2 over groups of ties in `a`, n₂ likewise in `b`.
 * Without ties it is τ-a = (C − D)/n₀. τ_b ∈ [−1, 1] (clamped against rounding).
 *
 * Algorithm (Knight 1966): sort the pairs by (a, b); count n₁ and the joint ties n₃ in that
 * order; merge-sort the b sequence counting swaps, which are exactly D; count n₂ on the sorted
 * b; then C − D = n₀ − n₁ − n₂ + n₃ − 2D. O(n log n) time (the pair sort is a linear-time radix
 * sort of the values' order-preserving 64-bit keys; the merge sort is bottom-up on typed arrays).
 *
 * Edge cases: pairs with a NaN on either side are left out first. `null` when fewer than two
 * pairs remain or when either side is constant (a zero denominator; scipy returns NaN).
 * Arrays of different lengths are a RangeError.
 *
 * Reference: Kendall 1945; Knight 1966; scipy `scipy.stats.kendalltau` (variant 'b', the
 * default) — e.g. τ_b([12,2,1,12,2], [1,4,7,1,0]) = −0.47140452079103173, the example in
 * scipy's documentation.
 */
export function kendallTauB(a: ArrayLike<number>, b: ArrayLike<number>): number | null {
  const [x, y] = complete(a, b);
  const n = x.length;
  if (n < 2) return null;
  // Pairs in lexicographic (a, b) order: a stable sort by b, then a stable sort by a.
  const order = radixOrder(sortKeys(x), radixOrder(sortKeys(y), identity(n)));
  const seqB = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = y[order[i]];
    seqB[i] = v === 0 ? 0 : v;
  }
  let n1 = 0; // pairs tied in a
  let n3 = 0; // pairs tied in a and in b
  for (let start = 0; start < n;) {
    let end = start + 1;
    while (end < n && x[order[end]] === x[order[start]]) end++;
    n1 += ((end - start) * (end - start - 1)) / 2;
    for (let s2 = start; s2 < end;) {
      let e2 = s2 + 1;
      while (e2 < end && seqB[e2] === seqB[s2]) e2++;
      n3 += ((e2 - s2) * (e2 - s2 - 1)) / 2;
      s2 = e2;
    }
    start = end;
  }
  const n0 = (n * (n - 1)) / 2;
  const d = countInversions(seqB);
  const n2 = tiedPairs(seqB);
  const denominator = Math.sqrt((n0 - n1) * (n0 - n2));
  if (denominator === 0) return null;
  const tau = (n0 - n1 - n2 + n3 - 2 * d) / denominator;
  return Math.max(-1, Math.min(1, tau));
}

/**
 * Indices of the k best of the non-NaN entries of `v` (best first; ties by lower index).
 * O(n log n) via a native sort of the values; the sort by (value, index) is over k entries only.
 */
function topIndices(v: ArrayLike<number>, keep: Uint8Array, k: number, higherIsBetter: boolean): number[] {
  const sign = higherIsBetter ? -1 : 1; // ascending in sign·v is best first
  const cut = kthSmallest(v, keep, sign, k);
  const chosen: number[] = [];
  for (let i = 0; i < v.length; i++) if (keep[i] && sign * v[i] < cut) chosen.push(i);
  for (let i = 0; i < v.length && chosen.length < k; i++) if (keep[i] && sign * v[i] === cut) chosen.push(i);
  return chosen.sort((i, j) => sign * v[i] - sign * v[j] || i - j);
}

/** The k-th smallest (1-based) of sign·v[i] over the kept i (there are at least k). */
function kthSmallest(v: ArrayLike<number>, keep: Uint8Array, sign: number, k: number): number {
  let count = 0;
  for (let i = 0; i < keep.length; i++) count += keep[i];
  const values = new Float64Array(count);
  for (let i = 0, j = 0; i < v.length; i++) if (keep[i]) values[j++] = sign * v[i];
  return values.sort()[k - 1];
}

/**
 * The D-measure of the predicted top-k list against the actual top-k.
 *
 * Procedure: order the candidates by predicted value, best first (highest when
 * `higherIsBetter`, else lowest; ties by index), and take the first k. Candidate i is pertinent
 * (1, else 0) when it is in the actual top-k: its actual value is at least as good as the k-th
 * best actual value, so every candidate tied at the cut counts as pertinent. The result is
 * {@link dMeasure} of that 0/1 list with its default rank weights (k = 15, l = 0.7): 1 when the
 * predicted top-k are all actually top-k, weighted towards the head of the list.
 *
 * Edge cases: pairs with a NaN on either side are left out first; `null` when no candidate
 * remains. `k` must be an integer ≥ 1 (RangeError otherwise) and is clamped to the number of
 * candidates (so with k ≥ n every candidate is pertinent and D = 1). Arrays of different
 * lengths are a RangeError.
 *
 * Reference: Nakache et al. 2005, §5 "D Measure".
 */
export function topKAgreement(predicted: ArrayLike<number>, actual: ArrayLike<number>, k: number, higherIsBetter: boolean): number | null {
  if (predicted.length !== actual.length) {
    throw new RangeError(`arrays must have the same length, got ${predicted.length} and ${actual.length}`);
  }
  if (!Number.isInteger(k) || k < 1) throw new RangeError(`k must be a positive integer, got ${String(k)}`);
  const keep = new Uint8Array(predicted.length);
  let n = 0;
  for (let i = 0; i < predicted.length; i++) {
    if (!Number.isNaN(predicted[i]) && !Number.isNaN(actual[i])) {
      keep[i] = 1;
      n++;
    }
  }
  if (n === 0) return null;
  const kk = Math.min(k, n);
  const sign = higherIsBetter ? -1 : 1;
  const cut = kthSmallest(actual, keep, sign, kk);
  const pertinence = topIndices(predicted, keep, kk, higherIsBetter).map((i) => (sign * actual[i] <= cut ? 1 : 0));
  return dMeasure(pertinence);
}

/** Rank agreement of predicted against actual values: ρ, τ-b and the top-k D-measure. */
export interface RankAgreementResult {
  /** Number of candidates compared (pairs with no NaN side). */
  candidates: number;
  spearman: number | null;
  kendall: number | null;
  dMeasure: number | null;
  /** The K used for the D-measure: the requested one, clamped to `candidates` (≥ 1). */
  topK: number;
}

/**
 * Spearman's ρ, Kendall's τ-b and the top-k D-measure of `predicted` against `actual`, as
 * {@link spearman}, {@link kendallTauB} and {@link topKAgreement} define them. ρ and τ do not
 * depend on the direction (a prediction that orders candidates as the actual values do gives
 * +1 whether higher or lower is better); the D-measure does.
 *
 * Edge cases: as for the three functions; `topK` in the result is min(topK, candidates), or the
 * requested `topK` when there are no candidates. `topK` must be an integer ≥ 1 (RangeError).
 */
export function rankAgreement(predicted: ArrayLike<number>, actual: ArrayLike<number>, topK: number, higherIsBetter: boolean): RankAgreementResult {
  if (!Number.isInteger(topK) || topK < 1) throw new RangeError(`topK must be a positive integer, got ${String(topK)}`);
  const [x] = complete(predicted, actual);
  const candidates = x.length;
  return {
    candidates,
    spearman: spearman(predicted, actual),
    kendall: kendallTauB(predicted, actual),
    dMeasure: topKAgreement(predicted, actual, topK, higherIsBetter),
    topK: candidates === 0 ? topK : Math.min(topK, candidates),
  };
}

/** A candidate as the honest rank agreement sees it. */
export interface RankEntry {
  /** The rule's name (`vote`, `kofn:2`), for the per-rule figures. */
  rule: string;
  /** Whether the prediction is exact by construction (it would agree trivially). */
  exact: boolean;
  /** Candidates with the same key are the same ensemble (only the first is compared). */
  key: string;
  predicted: number;
  actual: number;
}

/** The D-measure's fixed K: the plan's rank agreement does not depend on how many candidates are listed. */
export const RANK_TOP_K = 10;

/**
 * Rank agreement over the candidates whose prediction is an estimate: entries that are exact by
 * construction are left out, then every entry whose key was already seen (the same ensemble under
 * another name). Over what remains: Spearman's ρ, Kendall's τ-b and the D-measure of the
 * predicted top-K against the actual top-K (K = {@link RANK_TOP_K}, clamped to the number of
 * candidates); the same ρ and τ per rule (in order of first appearance), and among the entries
 * whose actual value beats `bestSingle` (strictly better in the objective's direction).
 */
export function honestRankAgreement(entries: readonly RankEntry[], bestSingle: number, higherIsBetter: boolean) {
  const seen = new Set<string>();
  let exact = 0;
  let duplicates = 0;
  const kept: RankEntry[] = [];
  for (const e of entries) {
    if (e.exact) {
      exact++;
      continue;
    }
    if (seen.has(e.key)) {
      duplicates++;
      continue;
    }
    seen.add(e.key);
    kept.push(e);
  }
  const correlation = (list: readonly RankEntry[]) => {
    const p = Float64Array.from(list, (e) => e.predicted);
    const a = Float64Array.from(list, (e) => e.actual);
    return { candidates: complete(p, a)[0].length, spearman: spearman(p, a), kendall: kendallTauB(p, a) };
  };
  const overall = rankAgreement(Float64Array.from(kept, (e) => e.predicted), Float64Array.from(kept, (e) => e.actual), RANK_TOP_K, higherIsBetter);
  const rules: string[] = [];
  for (const e of kept) if (!rules.includes(e.rule)) rules.push(e.rule);
  const sign = higherIsBetter ? 1 : -1;
  return {
    candidates: overall.candidates,
    spearman: overall.spearman,
    kendall: overall.kendall,
    excluded: { exact, duplicates },
    dMeasure: overall.dMeasure,
    topK: overall.topK,
    byRule: rules.map((rule) => ({ rule, ...correlation(kept.filter((e) => e.rule === rule)) })),
    beatingBestSingle: correlation(kept.filter((e) => sign * e.actual > sign * bestSingle)),
  };
}
