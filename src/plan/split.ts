/**
 * Honest selection: seeded document splits for `--holdout` and `--folds`, and the
 * paired bootstrap over documents for `--bootstrap`. Everything is deterministic for a seed: the
 * same seed gives the same split and the same interval on every platform (the generator is
 * integer arithmetic only).
 *
 * References:
 * - B. Efron, R. J. Tibshirani, *An Introduction to the Bootstrap*, Chapman & Hall, 1993
 *   (ch. 13, percentile intervals).
 * - P. Koehn, "Statistical significance tests for machine translation evaluation", EMNLP 2004
 *   (paired bootstrap resampling: the same resampled test units score both systems).
 * - R. A. Fisher, F. Yates, *Statistical Tables*, 1938; R. Durstenfeld, CACM 7(7), 1964
 *   (the shuffle).
 * - T. Ettinger, mulberry32 (public-domain 32-bit generator, 2017).
 */
import { UsageError } from '../errors.js';

/**
 * A seeded pseudo-random generator: mulberry32, a 32-bit state advanced by a Weyl sequence and
 * mixed by multiply–xorshift steps. Returns a function giving floats in [0, 1) (multiples of
 * 2⁻³²), the same sequence for the same seed.
 *
 * The seed is reduced to an unsigned 32-bit integer first (`seed >>> 0`: fractions truncated,
 * −1 ≡ 2³² − 1, NaN and ±Infinity ≡ 0). Period 2³²; fine for shuffles and bootstrap draws, not
 * for cryptography.
 *
 * Source: T. Ettinger's mulberry32 (public domain, 2017), in its common JavaScript form.
 */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 0 … n − 1 shuffled by Fisher–Yates (Durstenfeld) with `mulberry32(seed)`. */
function shuffled(n: number, seed: number): number[] {
  const random = mulberry32(seed);
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  return order;
}

const ascending = (a: number, b: number) => a - b;

function checkDocuments(documents: number, what: string, unit = 'document'): void {
  if (!Number.isInteger(documents) || documents < 0) {
    throw new RangeError(`documents must be a non-negative integer, got ${String(documents)}`);
  }
  if (documents < 2) throw new UsageError(`${what} needs at least 2 ${unit}s to split, the data has ${documents}`);
}

/**
 * A seeded hold-out split of documents 0 … documents − 1.
 *
 * Procedure: shuffle the indices (Fisher–Yates with {@link mulberry32}(seed)); the first
 * round(fraction·documents) — clamped to [1, documents − 1] so that both parts are non-empty —
 * are the test part, the rest the training part. Both lists are returned sorted ascending.
 *
 * Edge cases: `UsageError` (a command-line mistake, `--holdout FRACTION`) when there are fewer
 * than 2 documents or `fraction` is not strictly between 0 and 1; RangeError when `documents` is
 * not a non-negative integer.
 *
 * Splits are by document (or sentence), seeded by `--seed`.
 */
export function holdoutSplit(documents: number, fraction: number, seed: number, unit = 'document'): { train: number[]; test: number[] } {
  if (!(fraction > 0 && fraction < 1)) throw new UsageError(`--holdout FRACTION must be between 0 and 1 (exclusive), got ${String(fraction)}`);
  checkDocuments(documents, '--holdout', unit);
  const testSize = Math.min(documents - 1, Math.max(1, Math.round(fraction * documents)));
  const order = shuffled(documents, seed);
  return { train: order.slice(testSize).sort(ascending), test: order.slice(0, testSize).sort(ascending) };
}

/**
 * Seeded k-fold cross-validation folds over documents 0 … documents − 1.
 *
 * Procedure: shuffle the indices (Fisher–Yates with {@link mulberry32}(seed)) and cut the
 * shuffled list into `folds` consecutive parts; the first documents mod folds parts have
 * ⌈documents/folds⌉ documents, the others ⌊documents/folds⌋. Each fold is sorted ascending; the
 * folds partition the documents. Fold f is the test part of round f, the others its training part.
 *
 * Edge cases: `UsageError` (`--folds K`) when `folds` is not an integer ≥ 2 or exceeds the number
 * of documents (some fold would be empty); RangeError when `documents` is not a non-negative
 * integer.
 *
 * Source: the usual k-fold scheme (e.g. scikit-learn `KFold(shuffle=True)`, which
 * sizes folds the same way).
 */
export function kFolds(documents: number, folds: number, seed: number, unit = 'document'): number[][] {
  if (!Number.isInteger(folds) || folds < 2) throw new UsageError(`--folds K must be an integer of at least 2, got ${String(folds)}`);
  checkDocuments(documents, '--folds', unit);
  if (folds > documents) throw new UsageError(`--folds ${folds} needs at least ${folds} ${unit}s, the data has ${documents}`);
  const order = shuffled(documents, seed);
  const base = Math.floor(documents / folds);
  const extra = documents % folds;
  const out: number[][] = [];
  let start = 0;
  for (let f = 0; f < folds; f++) {
    const size = base + (f < extra ? 1 : 0);
    out.push(order.slice(start, start + size).sort(ascending));
    start += size;
  }
  return out;
}

/**
 * Counts of one document for {@link pairedBootstrap}: TP, FP, FN and optionally S (substitutions,
 * for SER and ERR; missing means 0). Any non-negative numbers (predicted counts may be fractional).
 */
export interface DocCounts {
  tp: number;
  fp: number;
  fn: number;
  s?: number;
}

/** Summed counts handed to the bootstrap metric (`s` is always present). */
export interface SummedCounts {
  tp: number;
  fp: number;
  fn: number;
  s: number;
}

export interface BootstrapOptions {
  /** Number of resamples (a positive integer). */
  samples: number;
  seed: number;
  /** Two-sided level of the percentile interval, in (0, 1); default 0.95. */
  confidence?: number;
  /** When true the gain is metric(B) − metric(A), so that positive is still better (e.g. SER). */
  lowerIsBetter?: boolean;
  /**
   * The metric of side B when it differs from A's (e.g. an objective that reads the number of
   * members or their cost, which differ between an ensemble and a single system); default `metric`.
   */
  metricB?: (c: SummedCounts) => number;
}

export interface BootstrapSummary {
  /** The gain on all documents (no resampling). */
  observed: number;
  /** Mean gain over the resamples. */
  mean: number;
  /** Percentile interval of the gain at `confidence`. */
  low: number;
  high: number;
  /** Share of resamples whose gain is ≤ 0 (a one-sided bootstrap p-value for "A is better"). */
  notBetter: number;
  /** Resamples whose gain was NaN (metric undefined on that resample), left out of the above. */
  undefinedSamples: number;
}

/** The q-quantile of ascending `v` by linear interpolation between order statistics (NumPy's default). */
export function quantile(v: Float64Array, q: number): number {
  if (v.length === 0) return Number.NaN;
  const h = (v.length - 1) * q;
  const i = Math.floor(h);
  return i + 1 < v.length ? v[i] + (h - i) * (v[i + 1] - v[i]) : v[i];
}

/**
 * Paired bootstrap over documents of the gain of system A over system B.
 *
 * Procedure: with n documents and one {@link mulberry32}(seed) stream, each of the `samples`
 * resamples draws n document indices ⌊u·n⌋ with replacement (in sequence from the stream), sums
 * the counts of those documents for A and for B separately — the same documents for both
 * sides: paired — and records gain = metric(ΣA) − metric(ΣB) (metric(ΣB) − metric(ΣA) with
 * `lowerIsBetter`). Then: observed = the gain on all documents once; mean = the mean gain;
 * [low, high] = the (1−c)/2 and (1+c)/2 quantiles of the gains (percentile interval,
 * Efron & Tibshirani 1993 §13.3; linear interpolation between order statistics);
 * notBetter = #{gain ≤ 0}/#resamples.
 *
 * Edge cases: resamples whose gain is NaN are left out of mean, interval and notBetter and
 * counted in `undefinedSamples`; when all are NaN those four are NaN. RangeError when the two
 * lists differ in length or are empty, `samples` is not a positive integer, or `confidence` is
 * not in (0, 1). Deterministic for a seed. O(samples·n).
 *
 * Source: Efron & Tibshirani 1993; Koehn 2004 (paired bootstrap resampling).
 */
export function pairedBootstrap(
  perDocA: ReadonlyArray<DocCounts>,
  perDocB: ReadonlyArray<DocCounts>,
  metric: (c: SummedCounts) => number,
  options: BootstrapOptions,
): BootstrapSummary {
  const n = perDocA.length;
  if (n !== perDocB.length) throw new RangeError(`both sides need one entry per document, got ${n} and ${perDocB.length}`);
  if (n === 0) throw new RangeError('the bootstrap needs at least one document');
  const { samples, seed } = options;
  const confidence = options.confidence ?? 0.95;
  if (!Number.isInteger(samples) || samples < 1) throw new RangeError(`samples must be a positive integer, got ${String(samples)}`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${String(confidence)}`);
  const sign = options.lowerIsBetter ? -1 : 1;
  const metricB = options.metricB ?? metric;

  // Columns: tp, fp, fn, s of A then of B, document by document.
  const cols = new Float64Array(8 * n);
  for (let d = 0; d < n; d++) {
    const a = perDocA[d];
    const b = perDocB[d];
    cols.set([a.tp, a.fp, a.fn, a.s ?? 0, b.tp, b.fp, b.fn, b.s ?? 0], 8 * d);
  }
  const sums = new Float64Array(8);
  const gainOf = () => sign * (metric({ tp: sums[0], fp: sums[1], fn: sums[2], s: sums[3] })
    - metricB({ tp: sums[4], fp: sums[5], fn: sums[6], s: sums[7] }));

  for (let d = 0; d < n; d++) for (let c = 0; c < 8; c++) sums[c] += cols[8 * d + c];
  const observed = gainOf();

  const random = mulberry32(seed);
  const gains = new Float64Array(samples);
  let kept = 0;
  let total = 0;
  let notBetter = 0;
  for (let r = 0; r < samples; r++) {
    sums.fill(0);
    for (let k = 0; k < n; k++) {
      const base = 8 * Math.floor(random() * n);
      for (let c = 0; c < 8; c++) sums[c] += cols[base + c];
    }
    const g = gainOf();
    if (Number.isNaN(g)) continue;
    gains[kept++] = g;
    total += g;
    if (g <= 0) notBetter++;
  }
  const sorted = gains.subarray(0, kept).sort();
  const tail = (1 - confidence) / 2;
  return {
    observed,
    mean: kept === 0 ? Number.NaN : total / kept,
    low: quantile(sorted, tail),
    high: quantile(sorted, 1 - tail),
    notBetter: kept === 0 ? Number.NaN : notBetter / kept,
    undefinedSamples: samples - kept,
  };
}
