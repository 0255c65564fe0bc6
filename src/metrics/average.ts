/**
 * Averaging of per-unit (per-document or per-type) scores.
 *
 * Reference: GERBIL wiki, "Precision, Recall and F1 measure", section "Micro and Macro";
 * scikit-learn `precision_recall_fscore_support(average='macro')`.
 */
import type { PRF } from './prf.js';

/**
 * Macro average: the unweighted mean of the per-unit scores.
 *
 * Formula: P_macro = (1/n)·Σ P_u, R_macro = (1/n)·Σ R_u, F_macro = (1/n)·Σ F_u. F_macro is the
 * mean of the per-unit F values, **not** F_β(P_macro, R_macro).
 *
 * Edge cases: an empty list has no mean and returns `null` (never a made-up number). Each unit's
 * own 0/0 cases are resolved beforehand by {@link prf}'s zero-division convention.
 *
 * Worked check (GERBIL): three documents, two with one gold entity each and one with none, and an
 * annotator returning nothing. Per document (TP, FP, FN) = (0,0,1), (0,0,1), (0,0,0), so under the
 * `gerbil` convention P = R = F = 0, 0, 1: macro P = R = F = 1/3, while micro (summed counts
 * (0,0,2)) gives P = R = F = 0.
 *
 * Micro averaging is `prf(sumCounts(units))` (see prf.ts).
 */
export function macroAverage(units: readonly PRF[]): PRF | null {
  if (units.length === 0) return null;
  let precision = 0;
  let recall = 0;
  let f = 0;
  for (const u of units) {
    precision += u.precision;
    recall += u.recall;
    f += u.f;
  }
  const n = units.length;
  return { precision: precision / n, recall: recall / n, f: f / n };
}
