/**
 * The K-measure of Nakache, Métais & Timsit (2005), a generalisation of F_β with a "requirement
 * level" exponent α.
 *
 * Reference: D. Nakache, E. Métais, J.-F. Timsit, "Evaluation and NLP", DEXA 2005 (LNCS 3588),
 * §5 "Case of Categorization".
 */
import { assertPositive } from './check.js';

/**
 * K-measure.
 *
 * Formula: K = (1 + β²)·(P·R)^α / (β²·P + R). With α = 1 it is exactly F_β; α > 1 makes the
 * measure more demanding (K = F_β·(P·R)^(α−1) ≤ F_β), α < 1 more lenient. For α ≥ 1, K ∈ [0, 1].
 *
 * Edge cases: a zero denominator (P = R = 0) gives 0. α and β must be finite and > 0 (RangeError
 * otherwise). Defaults α = 1, β = 1.
 *
 * Worked check (Nakache §5): P = R = 0.4, α = 1.6, β = 1 → K = 2·0.16^1.6/0.8 ≈ 0.133, while
 * F1 = 0.4.
 */
export function kMeasure(precision: number, recall: number, alpha = 1, beta = 1): number {
  assertPositive('alpha', alpha);
  assertPositive('beta', beta);
  const b2 = beta * beta;
  const denominator = b2 * precision + recall;
  if (denominator === 0) return 0;
  return ((1 + b2) * Math.pow(precision * recall, alpha)) / denominator;
}
