/**
 * The check every exported renderer makes of what it is given: a library caller who passes
 * `undefined`, or the report of another function (a comparison to `evalTables`), gets a
 * UsageError naming the function that makes what was expected, not a TypeError from deep
 * inside the renderer.
 */
import { showValue, UsageError } from '../errors.js';

/**
 * Throws a UsageError unless `value` is an object with every key of `keys` (own or inherited,
 * whatever its value): `what` names what was expected, as `an eval report as evaluate gives it`.
 */
export function checkReport(value: unknown, keys: readonly string[], what: string): void {
  const ok = value !== null && typeof value === 'object' && !Array.isArray(value) && keys.every((k) => k in value);
  if (!ok) throw UsageError.about('report', `expects ${what}, got ${showValue(value)}`);
}

/** The keys that tell an eval report (see evaluate). */
export const EVAL_REPORT_KEYS = ['options', 'gold', 'systems'] as const;

/** What an eval renderer expects, as its error says it. */
export const EVAL_REPORT = 'an eval report as evaluate gives it (options, gold, systems)';

/** The keys that tell a comparison (see compareSystems). */
export const COMPARISON_KEYS = ['match', 'systems', 'pairs'] as const;

/** What a compare renderer expects, as its error says it. */
export const COMPARISON = 'a comparison as compareSystems gives it (match, systems, pairs)';

/** The keys that tell a plan (see runPlan). */
export const PLAN_KEYS = ['objective', 'search', 'candidates', 'recommendation'] as const;

/** What a plan renderer expects, as its error says it. */
export const PLAN = 'a plan as runPlan gives it (objective, search, candidates, recommendation)';

/** The keys that tell an ablation (see ablate). */
export const ABLATION_KEYS = ['baseline', 'baselineScores', 'variants'] as const;

/** What an ablation renderer expects, as its error says it. */
export const ABLATION = 'an ablation as ablate gives it (baseline, baselineScores, variants)';

/** The keys that tell an ablation over groups of runs (see ablateGroups). */
export const GROUP_ABLATION_KEYS = ['baseline', 'baselineRuns', 'variants'] as const;

/** What a renderer of an ablation over groups of runs expects, as its error says it. */
export const GROUP_ABLATION = 'an ablation of groups of runs as ablateGroups gives it (baseline, baselineRuns, variants)';
