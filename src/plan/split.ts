/**
 * Seeded splits of units (documents, or sentences of a one-document corpus) for `--holdout` and
 * `--folds`, the generator behind them and the resampling tests (significance.ts), and the
 * quantile their intervals use. Everything is deterministic for a seed: the same seed gives the
 * same split on every platform (the generator is integer arithmetic only).
 *
 * References:
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
  if (documents < 2) throw UsageError.about(what, `needs at least 2 ${unit}s to split, the data has ${documents}`);
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
  if (!(fraction > 0 && fraction < 1)) throw UsageError.about('holdout', `the fraction must be between 0 and 1 (exclusive), got ${String(fraction)}`);
  checkDocuments(documents, 'holdout', unit);
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
  if (!Number.isInteger(folds) || folds < 2) throw UsageError.about('folds', `must be an integer of at least 2, got ${String(folds)}`);
  checkDocuments(documents, 'folds', unit);
  if (folds > documents) throw UsageError.about('folds', `${folds} folds need at least ${folds} ${unit}s, the data has ${documents}`);
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

/** Summed counts handed to the bootstrap metric (`s` is always present). */
export interface SummedCounts {
  tp: number;
  fp: number;
  fn: number;
  s: number;
}

/** The q-quantile of ascending `v` by linear interpolation between order statistics (NumPy's default). */
export function quantile(v: Float64Array, q: number): number {
  if (v.length === 0) return Number.NaN;
  const h = (v.length - 1) * q;
  const i = Math.floor(h);
  return i + 1 < v.length ? v[i] + (h - i) * (v[i + 1] - v[i]) : v[i];
}
