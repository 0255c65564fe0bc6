/**
 * The ten basic indicators of a 2×2 contingency table.
 *
 * Reference: D. Nakache, E. Métais, J.-F. Timsit, "Evaluation and NLP", DEXA 2005, §3.2
 * ("4 single measures (a, b, c, d) generate 10 basic indicators").
 */
import { assertNonNegative } from './check.js';

/**
 * A contingency table: a = TP (found and pertinent), b = FP (found, not pertinent),
 * c = FN (pertinent, not found), d = TN (neither). N = a + b + c + d.
 */
export interface Contingency {
  a: number;
  b: number;
  c: number;
  d: number;
}

/** The ten indicators; `null` where the denominator is zero (undefined, not a made-up number). */
export interface Indicators {
  precision: number | null;
  recall: number | null;
  pertinence: number | null;
  error: number | null;
  fallout: number | null;
  silence: number | null;
  specificity: number | null;
  noise: number | null;
  overlap: number | null;
  generality: number | null;
}

function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

/**
 * Nakache's ten indicators from a contingency table (N = a+b+c+d):
 *
 * | indicator   | formula       | also known as            |
 * |-------------|---------------|--------------------------|
 * | precision   | a/(a+b)       | PPV                      |
 * | recall      | a/(a+c)       | sensitivity, TPR         |
 * | pertinence  | (a+d)/N       | accuracy                 |
 * | error       | (b+c)/N       | 1 − accuracy             |
 * | fallout     | b/(b+d)       | FPR                      |
 * | silence     | c/(a+c)       | miss rate, 1 − recall    |
 * | specificity | d/(b+d)       | TNR, 1 − fallout         |
 * | noise       | b/(a+b)       | FDR, 1 − precision       |
 * | overlap     | a/(a+b+c)     | Jaccard / threat score   |
 * | generality  | a/N           | prevalence of found-and-pertinent |
 *
 * Edge cases: any zero denominator gives `null` (e.g. a = b = 0 → precision and noise are null);
 * no zero-division convention is applied here. Every defined value lies in [0, 1], and where
 * defined pertinence + error = recall + silence = precision + noise = fallout + specificity = 1.
 * Cells must be finite and ≥ 0 (RangeError otherwise).
 */
export function indicators(t: Contingency): Indicators {
  assertNonNegative('a', t.a);
  assertNonNegative('b', t.b);
  assertNonNegative('c', t.c);
  assertNonNegative('d', t.d);
  const { a, b, c, d } = t;
  const n = a + b + c + d;
  return {
    precision: ratio(a, a + b),
    recall: ratio(a, a + c),
    pertinence: ratio(a + d, n),
    error: ratio(b + c, n),
    fallout: ratio(b, b + d),
    silence: ratio(c, a + c),
    specificity: ratio(d, b + d),
    noise: ratio(b, a + b),
    overlap: ratio(a, a + b + c),
    generality: ratio(a, n),
  };
}
