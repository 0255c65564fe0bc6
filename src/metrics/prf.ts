/**
 * Precision, recall and F_β from true-positive, false-positive and false-negative counts.
 *
 * References:
 * - C. J. van Rijsbergen, *Information Retrieval*, 2nd ed., Butterworths, 1979 (F_β).
 * - GERBIL wiki, "Precision, Recall and F1 measure" (zero-division convention, micro/macro);
 *   Usbeck et al., "GERBIL — General Entity Annotation Benchmark Framework", WWW 2015.
 * - scikit-learn, `sklearn.metrics.precision_recall_fscore_support` (`zero_division` parameter),
 *   whose `0`/`1` settings correspond to complan's `zero`/`one`.
 */
import { assertNonNegative, assertPositive } from './check.js';
import { showValue } from '../errors.js';

/**
 * How a 0/0 in precision or recall is resolved.
 *
 * - `gerbil` (default): TP = FP = FN = 0 → P = R = F = 1 (nothing to find, nothing found);
 *   TP = 0 with FP + FN > 0 → P = R = F = 0, even when one of P or R is itself 0/0.
 * - `zero`: every 0/0 is 0 (so all-zero counts give P = R = F = 0).
 * - `one`: every 0/0 is 1 (all-zero counts give P = R = F = 1; TP = FP = 0, FN > 0 gives
 *   P = 1, R = 0, F = 0).
 */
export type ZeroDivision = 'gerbil' | 'zero' | 'one';

/** The accepted {@link ZeroDivision} values, e.g. for validating a command-line option. */
export const ZERO_DIVISION_MODES: readonly ZeroDivision[] = ['gerbil', 'zero', 'one'];

/** Type guard: is `value` one of {@link ZERO_DIVISION_MODES}? */
export function isZeroDivision(value: unknown): value is ZeroDivision {
  return typeof value === 'string' && (ZERO_DIVISION_MODES as readonly string[]).includes(value);
}

/** Raw counts. Non-negative and finite; they need not be integers (graded credit is fractional). */
export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

/** Precision, recall and F_β, each a fraction in [0, 1]. */
export interface PRF {
  precision: number;
  recall: number;
  f: number;
}

/**
 * F_β, the weighted harmonic mean of precision and recall.
 *
 * Formula: F_β = (1 + β²)·P·R / (β²·P + R). β = 1 (default) gives F1 = 2PR/(P+R); β > 1 weighs
 * recall more, β < 1 precision more.
 *
 * Edge cases: the denominator is 0 only when P = R = 0, and then F_β = 0.
 * β must be finite and > 0, else RangeError.
 *
 * Source: van Rijsbergen 1979 (ch. 7); Nakache et al. 2005, §3.2.
 */
export function fBeta(precision: number, recall: number, beta = 1): number {
  assertPositive('beta', beta);
  const b2 = beta * beta;
  const denominator = b2 * precision + recall;
  if (denominator === 0) return 0;
  return ((1 + b2) * (precision * recall)) / denominator;
}

/**
 * Precision, recall and F_β from counts.
 *
 * Formula: P = TP/(TP+FP), R = TP/(TP+FN), F = {@link fBeta}(P, R, β).
 *
 * Edge cases (a 0/0 can only happen when TP = 0), by `zeroDivision`:
 * - `gerbil` (default): TP = FP = FN = 0 → P = R = F = 1; TP = 0 and FP + FN > 0 → P = R = F = 0.
 * - `zero`: each 0/0 → 0; all-zero counts → P = R = F = 0.
 * - `one`: each 0/0 → 1; all-zero counts → P = R = F = 1; TP = FP = 0 < FN → P = 1, R = 0, F = 0.
 * Counts must be finite and ≥ 0 and β finite and > 0 (RangeError otherwise). An unknown
 * `zeroDivision` string is a RangeError too.
 *
 * Source: GERBIL wiki "Precision, Recall and F1 measure" (the `gerbil` rule);
 * scikit-learn `precision_recall_fscore_support(zero_division=0|1)`.
 */
export function prf(c: Counts, beta = 1, zeroDivision: ZeroDivision = 'gerbil'): PRF {
  if (c === null || typeof c !== 'object') throw new RangeError(`counts must be an object {tp, fp, fn}, got ${showValue(c)}`);
  assertNonNegative('tp', c.tp);
  assertNonNegative('fp', c.fp);
  assertNonNegative('fn', c.fn);
  assertPositive('beta', beta);
  if (!isZeroDivision(zeroDivision)) {
    throw new RangeError(`zeroDivision must be one of ${ZERO_DIVISION_MODES.join(', ')}, got ${String(zeroDivision)}`);
  }
  const { tp, fp, fn } = c;
  if (zeroDivision === 'gerbil' && tp === 0) {
    const v = fp + fn === 0 ? 1 : 0;
    return { precision: v, recall: v, f: v };
  }
  const undefinedValue = zeroDivision === 'one' ? 1 : 0;
  const precision = tp + fp === 0 ? undefinedValue : tp / (tp + fp);
  const recall = tp + fn === 0 ? undefinedValue : tp / (tp + fn);
  return { precision, recall, f: fBeta(precision, recall, beta) };
}

/**
 * Adds two sets of counts, field by field: (a.tp + b.tp, a.fp + b.fp, a.fn + b.fn).
 * Used for micro-averaging (sum the counts, then divide once). No edge cases.
 *
 * Source: GERBIL wiki, "Micro and Macro".
 */
export function addCounts(a: Counts, b: Counts): Counts {
  return { tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn };
}

/**
 * Sums a list of counts (the micro-average's numerator and denominators): Σ tp, Σ fp, Σ fn.
 * An empty list gives all-zero counts.
 *
 * Source: GERBIL wiki, "Micro and Macro".
 */
export function sumCounts(units: readonly Counts[]): Counts {
  return units.reduce<Counts>(addCounts, { tp: 0, fp: 0, fn: 0 });
}
