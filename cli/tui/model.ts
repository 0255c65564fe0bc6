/**
 * What the TUI shows, computed once from the corpus (UI-free: no React, no Ink): every system's
 * scores as `eval` computes them, the complementarity matrix as `compare` does, the planning data
 * the planner scores any member set and rule on, and, computed on demand, ablations by baseline
 * and the held-out check (`complan plan`'s baselines, folds and recommendation).
 */
import { ablate, type Ablation } from '../../src/ablation/ablate.js';
import { ablateGroups, type GroupAblation, type RunGroup } from '../../src/ablation/groups.js';
import { compareSystems, type Comparison } from '../../src/complementarity/matrix.js';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { BASE_RULES, isBinaryRule, ruleName, type Rule } from '../../src/ensemble/rules.js';
import { evaluate, type EvalOptions, type SystemScores } from '../../src/metrics/evaluate.js';
import type { Corpus } from '../../src/model/corpus.js';
import { buildPlanData, type PlanData } from '../../src/plan/data.js';
import { bitHi, bitLo } from '../../src/plan/member-set.js';
import { actualCounts, voteWeights, type VoteWeights } from '../../src/plan/engine.js';
import { parseObjective } from '../../src/plan/objective.js';
import { explainWith } from '../../src/plan/explain.js';
import { runPlan, searchSetup, type PlanOptions } from '../../src/plan/plan.js';
import { scoresOf } from '../../src/plan/scores.js';
import { predictedCounts } from '../../src/plan/store.js';
import type { CandidateExplanation, CandidateScores, PlanResult, PredictionMethod, Procedure } from '../../src/plan/types.js';

export interface TuiModel {
  /** Where the gold standard came from (shown in the title). */
  source: string;
  names: string[];
  options: EvalOptions;
  systems: SystemScores[];
  comparison: Comparison;
  plan: PlanData;
  rules: readonly Rule[];
  ruleNames: string[];
  weights: ReadonlyArray<VoteWeights | undefined>;
  /** The ablation with system `baseline` (by index) as baseline; cached. */
  ablation: (baseline: number) => Ablation;
  /** The groups of runs given (`NAME=PATH,PATH,...`); empty when every system is one file. */
  groups: readonly RunGroup[];
  /**
   * The ablation of the groups with group `baseline` (by index) as baseline, runs paired by
   * position or not, with `ablate`'s default tests; cached.
   */
  groupAblation: (baseline: number, paired: boolean) => GroupAblation;
  /**
   * `complan plan` on the same inputs with its default planning options ({@link heldOutOptions}):
   * the search's choice, the four baselines, five folds that re-run every choice, and the
   * recommendation. Synchronous (about a second for twelve systems); run on the first call, then cached.
   * @throws UsageError when the planner cannot plan these inputs.
   */
  heldOutCheck: () => HeldOutCheck;
}

export interface HeldOutCheck {
  result: PlanResult;
  /** How long `runPlan` took, in milliseconds. */
  ms: number;
}

/**
 * The planning options of the held-out check: `complan plan`'s defaults (rules union,
 * intersection, majority and vote; automatic search; five folds by document; 1000 resamples;
 * seed 1) with the objective F_β and the TUI's β, K-measure α, zero division and entity types.
 */
export function heldOutOptions(options: EvalOptions): PlanOptions {
  return {
    objective: parseObjective('f', { beta: options.beta, kAlpha: options.kAlpha }),
    beta: options.beta, kAlpha: options.kAlpha, zeroDivision: options.zeroDivision, types: options.types,
  };
}

/**
 * Example items kept per list (a pair's, a variant's): enough for the tallest panes the views
 * draw, which list as many as the terminal's height leaves room for.
 */
export const EXAMPLE_ITEMS = 40;

/** The steps of {@link buildModel}, in order, as `onStep` reports them before each. */
export const MODEL_STEPS = ['scoring the systems', 'comparing every pair', 'building the planning data'] as const;

/**
 * @param onStep called before each of {@link MODEL_STEPS} (index and name), so a loading
 *   screen can say what is being computed.
 */
export function buildModel(
  corpus: Corpus, options: EvalOptions, onStep?: (step: number, name: string) => void, groups: readonly RunGroup[] = [],
): TuiModel {
  onStep?.(0, MODEL_STEPS[0]);
  const report = evaluate(corpus, options);
  const match = options.match === 'boundary' ? 'boundary' : 'strict';
  onStep?.(1, MODEL_STEPS[1]);
  const comparison = compareSystems(corpus, { match, beta: options.beta, types: options.types, examples: EXAMPLE_ITEMS });
  onStep?.(2, MODEL_STEPS[2]);
  const plan = buildPlanData(buildEnsembleIndex(corpus, { types: options.types }));
  const rules = BASE_RULES;
  const cache = new Map<number, Ablation>();
  const groupCache = new Map<string, GroupAblation>();
  let check: HeldOutCheck | undefined;
  return {
    source: report.gold.source,
    names: corpus.systems.map((s) => s.name),
    options,
    systems: report.systems,
    comparison,
    plan,
    rules,
    ruleNames: rules.map(ruleName),
    weights: rules.map((r) => (isBinaryRule(r) ? undefined : voteWeights(plan, r))),
    ablation: (baseline) => {
      let a = cache.get(baseline);
      if (a === undefined) {
        a = ablate(corpus, corpus.systems[baseline].name, { ...options, examples: EXAMPLE_ITEMS });
        cache.set(baseline, a);
      }
      return a;
    },
    groups,
    groupAblation: (baseline, paired) => {
      const key = `${baseline}:${paired}`;
      let a = groupCache.get(key);
      if (a === undefined) {
        a = ablateGroups(corpus, groups, groups[baseline].name, { ...options, examples: EXAMPLE_ITEMS, paired });
        groupCache.set(key, a);
      }
      return a;
    },
    heldOutCheck: () => {
      if (check === undefined) {
        const start = performance.now();
        const { result } = runPlan(corpus, heldOutOptions(options));
        check = { result, ms: performance.now() - start };
      }
      return check;
    },
  };
}

/** The members of a two-word bitmask, in input order (the planner's own function). */
export { membersOf } from '../../src/plan/data.js';

export interface SelectionScores {
  actual: CandidateScores;
  predicted: CandidateScores;
  method: PredictionMethod;
}

/** Integer weights per member name: ensemble selection's counts, a weighted vote. */
export type MemberWeights = Readonly<Record<string, number>>;

/** The weighted vote of given per-member weights (`weighted` with `given` weights). */
function weightedRule(weights: MemberWeights): Rule {
  return { kind: 'weighted', weights: { kind: 'given', weights: new Map(Object.entries(weights)) } };
}

/**
 * Actual (simulated on gold) and predicted (pairwise statistics) scores of members (S, Shi: a
 * two-word bitmask) under rule r, or, with `weights` (one for every member), under the weighted
 * vote of those weights.
 */
export function selectionScores(m: TuiModel, S: number, Shi: number, r: number, weights?: MemberWeights): SelectionScores | null {
  if (S === 0 && Shi === 0) return null;
  const settings = { beta: m.options.beta, kAlpha: m.options.kAlpha, zeroDivision: m.options.zeroDivision };
  const rule = weights === undefined ? m.rules[r] : weightedRule(weights);
  const a = actualCounts(m.plan, S, Shi, rule, true, weights === undefined ? m.weights[r] : voteWeights(m.plan, rule, S, Shi));
  const p = predictedCounts(m.plan, S, Shi, rule);
  return { actual: scoresOf(a, settings), predicted: scoresOf(p, settings), method: p.method };
}

/**
 * The explanation of members (S, Shi) under rule r (or the weighted vote of `weights`), as `plan
 * --explain` gives it, with the objective of the searches and the held-out check (F_β, the TUI's β).
 */
export function explainSelection(m: TuiModel, S: number, Shi: number, r: number, weights?: MemberWeights): CandidateExplanation {
  const { scorer } = searchSetup(m.names, heldOutOptions(m.options));
  return explainWith(m.plan, scorer, S, Shi, weights === undefined ? m.rules[r] : weightedRule(weights));
}

/** What the planner's selection holds: members, a rule (by index), and weights for a weighted vote. */
export interface Selection {
  /** The members: systems 0–31 (`mask`) and 32–63 (`maskHi`). */
  mask: number;
  maskHi: number;
  rule: number;
  /** A weighted vote of these weights (the rule is then `vote`, its unweighted form). */
  weights?: MemberWeights;
}

/**
 * The selection a procedure's choice loads: its members, its rule (a single system is listed
 * under union), and for ensemble selection's weighted vote its counts, on the rule `vote`.
 * Null when the choice's rule is not one the planner offers.
 */
export function selectionOf(m: TuiModel, p: Pick<Procedure, 'members' | 'rule' | 'weights'>): Selection | null {
  let mask = 0;
  let maskHi = 0;
  for (const name of p.members) {
    const i = m.names.indexOf(name);
    if (i < 0) return null;
    mask |= bitLo(i);
    maskHi |= bitHi(i);
  }
  if (p.rule === 'weighted') {
    const vote = m.ruleNames.indexOf('vote');
    return p.weights === undefined || vote < 0 ? null : { mask, maskHi, rule: vote, weights: p.weights };
  }
  const rule = m.ruleNames.indexOf(p.rule);
  return rule < 0 ? null : { mask, maskHi, rule };
}

export const SORT_COLUMNS = ['#', 'P', 'R', 'F', 'SER', 'K', 'TP', 'FP', 'FN'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

/** The value a column sorts by, larger first (SER, FP and FN negated: lower is better). */
function sortKey(s: SystemScores, i: number, c: SortColumn): number {
  switch (c) {
    case '#': return -i;
    case 'P': return s.precision;
    case 'R': return s.recall;
    case 'F': return s.f;
    case 'SER': return Number.isFinite(s.ser) ? -s.ser : -Infinity;
    case 'K': return s.k;
    case 'TP': return s.tp;
    case 'FP': return -s.fp;
    case 'FN': return -s.fn;
  }
}

/** System indices in the order of the sort column (best first; ties by input order). */
export function sortedSystems(systems: readonly SystemScores[], c: SortColumn): number[] {
  const idx = systems.map((_, i) => i);
  return idx.sort((a, b) => {
    const ka = sortKey(systems[a], a, c), kb = sortKey(systems[b], b, c);
    const na = Number.isNaN(ka) ? -Infinity : ka, nb = Number.isNaN(kb) ? -Infinity : kb;
    return nb - na || a - b;
  });
}
