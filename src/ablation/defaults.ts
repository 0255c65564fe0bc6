/**
 * Defaults and fixed wording of the ablation comparison, in a module without imports so that the
 * CLI can show them in its help without loading the library at start-up.
 */

/**
 * Default `--same-f`: |ΔF| strictly below 0.005 (half an F1 point) counts as the same score.
 * Justified in docs/ablate.md ("The flag").
 */
export const DEFAULT_SAME_F = 0.005;

/**
 * Default `--different`: F_Comp strictly above 0.25 in either direction counts as different
 * behaviour — one system fixes about a quarter of the other's errors or more (the harmonic mean
 * of the share of its misses found and of its spurious items avoided). Justified in docs/ablate.md ("The flag").
 */
export const DEFAULT_DIFFERENT = 0.25;

/** Default number of example items kept per list (gained, lost, introduced, removed). */
export const DEFAULT_ABLATION_EXAMPLES = 5;

/** Why `--match overlap` is refused (the CLI prints it as a usage error). */
export const ABLATION_OVERLAP_REASON = 'items gained and lost and complementarity count the items two systems share, '
  + 'and two items are shared only when they are identical (strict: same span and type; boundary: same span)';

/** Default resamples of each paired test of a group ablation (as `eval --significance`). */
export const DEFAULT_ABLATION_SAMPLES = 1000;

/** Default seed of those resamples (as `eval --significance`). */
export const DEFAULT_ABLATION_SEED = 1;

/** The level below which a p-value counts as significant in the verdict. */
export const VERDICT_ALPHA = 0.05;
