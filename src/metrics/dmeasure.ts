/**
 * The D-measure of Nakache et al. for ranked lists, with a logistic rank weight.
 *
 * Reference: D. Nakache, E. Métais, J.-F. Timsit, "Evaluation and NLP", DEXA 2005, §5
 * "Case of Information Retrieval". The weight formula in the available copy of the paper is
 * garbled; the form used here, w_i = σ(k·(x_i − l)) / σ(k·(1 − l)) with x_i = (N − i + 1)/N,
 * has the behaviour the paper
 * describes (weight 1 at the top, one half at x = l, near zero below).
 */
import { assertNonNegative, assertUnit } from './check.js';

/** log σ(z) = −log(1 + e^(−z)), computed without overflow. */
function logSigmoid(z: number): number {
  return z >= 0 ? -Math.log1p(Math.exp(-z)) : z - Math.log1p(Math.exp(z));
}

function checkShape(k: number, l: number): void {
  assertNonNegative('k', k);
  if (!Number.isFinite(l)) throw new RangeError(`l must be a finite number, got ${String(l)}`);
}

/**
 * Logistic weight of rank i in a list of n answers.
 *
 * Formula: w_i = σ(k·(x_i − l)) / σ(k·(1 − l)), x_i = (n − i + 1)/n, σ(z) = 1/(1 + e^(−z)).
 * Defaults k = 15 (slope), l = 0.7 (position of the inflexion point on the x scale).
 *
 * Properties: w_1 = 1 (x_1 = 1); at x_i = l the weight is σ(0)/σ(k(1−l)) = 0.5/σ(k(1−l))
 * (≈ 0.5055 for the defaults); weights decrease strictly with i when k > 0 and all equal 1 when
 * k = 0. Computed as exp(log σ(·) − log σ(·)), so extreme k or l cannot give Infinity/Infinity.
 *
 * Edge cases: n must be a positive integer and i an integer in [1, n]; k finite and ≥ 0; l finite
 * (RangeError otherwise).
 *
 * Source: Nakache et al. 2005, §5 (the weight in the corrected form of the module comment).
 */
export function rankWeight(i: number, n: number, k = 15, l = 0.7): number {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`n must be a positive integer, got ${String(n)}`);
  if (!Number.isInteger(i) || i < 1 || i > n) {
    throw new RangeError(`rank i must be an integer in [1, ${n}], got ${String(i)}`);
  }
  checkShape(k, l);
  const x = (n - i + 1) / n;
  return Math.exp(logSigmoid(k * (x - l)) - logSigmoid(k * (1 - l)));
}

/**
 * D-measure of a ranked list.
 *
 * Formula: D = Σ_{i=1..n} p_i·w_i / Σ_{i=1..n} w_i, where p_i ∈ [0, 1] is the pertinence of the
 * answer at rank i (1/0 for automatic judgement, a fraction for a judge's grade) and w_i is
 * {@link rankWeight}(i, n, k, l). D ∈ [0, 1]; an all-pertinent list scores 1, an all-irrelevant
 * one 0, and moving pertinent answers towards the top never lowers D.
 *
 * Edge cases: an empty list returns 0 (nothing was ranked, so nothing pertinent was ranked
 * first). Σ w_i ≥ w_1 = 1, so the denominator is never zero. Each p_i must be in [0, 1]; k and l
 * as in {@link rankWeight} (RangeError otherwise).
 *
 * Source: Nakache et al. 2005, §5 "D Measure".
 */
export function dMeasure(pertinence: readonly number[], k = 15, l = 0.7): number {
  checkShape(k, l);
  const n = pertinence.length;
  if (n === 0) return 0;
  let weighted = 0;
  let total = 0;
  for (let i = 1; i <= n; i++) {
    const p = pertinence[i - 1];
    assertUnit(`pertinence[${i - 1}]`, p);
    const w = rankWeight(i, n, k, l);
    weighted += p * w;
    total += w;
  }
  return weighted / total;
}
