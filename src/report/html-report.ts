/**
 * The HTML report from a corpus, as `complan report` makes it: the plan (runPlan), the
 * complementarity of every pair (compareSystems), every system's scores (evaluate) and, with a
 * baseline, the ablation (ablate), each computed once by the library's own function with the
 * plan's settings (strict match, its β, K's α, zero division and types), then rendered by
 * {@link reportHtml}.
 */
import { ablate } from '../ablation/ablate.js';
import { DEFAULT_DIFFERENT, DEFAULT_SAME_F } from '../ablation/defaults.js';
import { compareSystems } from '../complementarity/matrix.js';
import { DEFAULT_EVAL_OPTIONS, evaluate, type SystemScores } from '../metrics/evaluate.js';
import type { Corpus } from '../model/corpus.js';
import { costMap, PLAN_OPTION_KEYS, runPlan, type PlanInput } from '../plan/plan.js';
import { checkCorpus, checkInteger, checkOptionsObject } from '../metrics/options-check.js';
import { checkOptionKeys, type NoneMissing } from '../metrics/option-keys.js';
import { itemContext } from './html-context.js';
import { heatmapData } from './html-heatmap.js';
import type { TypeConfusion } from './html-systems.js';
import { reportHtml, type HtmlReportInput } from './html.js';
import { runSettings, type RunSettings } from './settings.js';

export interface HtmlReportOptions {
  /** The plan's options (every one optional: the objective is F1, or `f:B` with `beta`, as the command's). */
  plan?: PlanInput;
  /** The system the others are variants of: adds the ablation section. */
  baseline?: string;
  /** Example items per list of each pair and of the ablation (default 3). */
  examples?: number;
  title?: string;
  settings?: RunSettings;
}

/** Every option {@link htmlReport} takes (any other key is refused, and so is one of `plan` that {@link runPlan} does not take). */
export const HTML_REPORT_OPTION_KEYS = ['plan', 'baseline', 'examples', 'title', 'settings'] as const satisfies readonly (keyof HtmlReportOptions)[];
type _HtmlReportKeysListed = NoneMissing<Exclude<keyof HtmlReportOptions, (typeof HTML_REPORT_OPTION_KEYS)[number]>>;

/** The report's input: every result computed from the corpus. */
export function htmlReportInput(corpus: Corpus, o: HtmlReportOptions = {}): HtmlReportInput {
  checkCorpus(corpus);
  checkOptionsObject(o);
  checkOptionKeys('options', o, HTML_REPORT_OPTION_KEYS);
  // The plan's options are named as such (runPlan would call them `options`).
  checkOptionKeys('plan', o.plan, PLAN_OPTION_KEYS);
  const p = o.plan ?? {};
  if (o.examples !== undefined) checkInteger('examples', o.examples, 0);
  const examples = o.examples ?? 3;
  const run = runPlan(corpus, p);
  const beta = p.beta ?? 1;
  const comparison = compareSystems(corpus, { match: 'strict', beta, types: p.types, examples });
  const evalOptions = {
    ...DEFAULT_EVAL_OPTIONS, match: 'strict' as const, beta, kAlpha: p.kAlpha ?? 1, zeroDivision: p.zeroDivision ?? 'gerbil', types: p.types,
  };
  const evaluation = evaluate(corpus, evalOptions);
  // The type-confusion matrix of each system, where the evaluation computes one.
  const confusion = new Map<string, TypeConfusion>();
  for (const s of evaluation.systems as Array<SystemScores & { confusion?: TypeConfusion }>) if (s.confusion !== undefined) confusion.set(s.name, s.confusion);
  const ablation = o.baseline === undefined ? undefined
    : ablate(corpus, o.baseline, { ...evalOptions, sameF: DEFAULT_SAME_F, different: DEFAULT_DIFFERENT, examples });
  return {
    title: o.title,
    plan: run.result,
    scatter: run.scatter(),
    pareto: run.paretoPoints(),
    recommendationPoint: run.recommendationPoint(),
    costs: costMap(p.costs),
    comparison,
    heatmap: heatmapData(comparison, (e) => itemContext(corpus, e)),
    evaluation,
    confusion,
    ablation,
    // The command passes its own settings (its options); a library caller gets what the plan resolved.
    settings: o.settings ?? runSettings('report', {
      objective: run.result.objective.text, rules: run.result.rules, search: run.result.search.requested,
      minSize: run.result.search.minSize, maxSize: run.result.search.maxSize, budget: run.result.budget,
      heldOut: run.result.heldOut === undefined ? 'none' : run.result.heldOut.kind === 'folds' ? `${run.result.heldOut.folds} folds × ${run.result.heldOut.repeats ?? 1}` : `holdout ${run.result.heldOut.fraction}`,
      seed: run.result.heldOut?.seed, match: 'strict', beta, kAlpha: run.result.kAlpha, zeroDivision: evalOptions.zeroDivision,
      types: p.types ?? 'all', baseline: o.baseline, examples,
    }),
    top: p.top,
  };
}

/** The report of a corpus as a complete HTML document. */
export function htmlReport(corpus: Corpus, o: HtmlReportOptions = {}): string {
  return reportHtml(htmlReportInput(corpus, o));
}
