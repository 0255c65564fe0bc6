/**
 * The verdict of a group ablation in words: how large the mean change of F is, whether it is
 * larger than the noise between runs, and its p-value, e.g. "+0.09 F1, within run-to-run noise,
 * p = 0.71".
 *
 * Rule, with Δ̄ the mean ΔF over the comparisons, s_Δ its standard deviation (the run-to-run
 * noise of one comparison, see groups.ts) and p the approximate-randomization p-value:
 *
 * - **larger than run-to-run noise**: p < α (0.05) and |Δ̄| > s_Δ;
 * - **within run-to-run noise**: |Δ̄| ≤ s_Δ (whatever p says: the test set may be large enough
 *   to detect a change that other seeds or architectures would reverse);
 * - **consistent across runs, not significant on this test set**: |Δ̄| > s_Δ but p ≥ α;
 * - with one run on each side s_Δ is undefined: **significant on this test set** (p < α) or **not
 *   significant on this test set**, followed by "run-to-run noise unknown (one run)".
 *
 * A p-value that is not a number (every resample undefined) is never significant.
 */
import { fixed, pIs } from '../report/number.js';
import { VERDICT_ALPHA } from './defaults.js';

export interface Verdict {
  /** The verdict in words. */
  text: string;
  /** p < α. */
  significant: boolean;
  /** |mean ΔF| > sd of ΔF over the comparisons; `null` when the sd is undefined (one run each). */
  beyondNoise: boolean | null;
}


/** A change of F in points with a sign and two decimals (+0.61, -0.45, 0.00). */
function points(x: number): string {
  const s = fixed(x * 100);
  if (/^-?0\.00$/.test(s)) return '0.00';
  return x > 0 ? `+${s}` : s;
}

/**
 * The verdict of a mean change `meanF` of F (a fraction), its standard deviation `sdF` over the
 * comparisons (`null` with one run each) and the p-value `p`; `fName` names the score (F1).
 */
export function verdict(meanF: number, sdF: number | null, p: number, fName = 'F1', alpha = VERDICT_ALPHA): Verdict {
  const significant = p < alpha;
  const head = `${points(meanF)} ${fName}`;
  const tail = pIs(p);
  if (sdF === null) {
    const what = significant ? 'significant on this test set' : 'not significant on this test set';
    return { text: `${head}, ${what}, run-to-run noise unknown (one run), ${tail}`, significant, beyondNoise: null };
  }
  const beyondNoise = Math.abs(meanF) > sdF;
  const what = !beyondNoise ? 'within run-to-run noise'
    : significant ? 'larger than run-to-run noise' : 'consistent across runs, not significant on this test set';
  return { text: `${head}, ${what}, ${tail}`, significant, beyondNoise };
}
