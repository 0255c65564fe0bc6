/**
 * The complementarity measures `compare` can show as matrices: their names alone, so that the
 * command line can offer and check them without loading the renderings (report/compare.ts).
 */

/** The measures that can be shown as matrices, in the order of `--metric`'s help. */
export const COMPARE_METRICS = ['pComp', 'rComp', 'fComp', 'fBetaComp', 'comp', 'kappa', 'jaccard'] as const;
export type CompareMetric = (typeof COMPARE_METRICS)[number];

export const DEFAULT_COMPARE_METRICS: readonly CompareMetric[] = ['rComp', 'pComp', 'fComp'];
