/**
 * What the TUI shows, computed once from the corpus (UI-free: no React, no Ink): every system's
 * scores as `eval` computes them, the complementarity matrix as `compare` does, the planning data
 * the planner scores any member set and rule on, and ablations by baseline, computed on demand.
 */
import { ablate, type Ablation } from '../../src/ablation/ablate.js';
import { compareSystems, type Comparison } from '../../src/complementarity/matrix.js';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { BASE_RULES, ruleName, type Rule } from '../../src/ensemble/rules.js';
import { evaluate, type EvalOptions, type SystemScores } from '../../src/metrics/evaluate.js';
import type { Corpus } from '../../src/model/corpus.js';
import { buildPlanData, type PlanData } from '../../src/plan/data.js';
import { actualCounts, voteWeights, type VoteWeights } from '../../src/plan/engine.js';
import { scoresOf } from '../../src/plan/scores.js';
import { predictedCounts } from '../../src/plan/store.js';
import type { CandidateScores, PredictionMethod } from '../../src/plan/types.js';
import { isBinaryRule } from '../../src/ensemble/rules.js';

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
}

export function buildModel(corpus: Corpus, options: EvalOptions): TuiModel {
  const report = evaluate(corpus, options);
  const match = options.match === 'boundary' ? 'boundary' : 'strict';
  const comparison = compareSystems(corpus, { match, beta: options.beta, types: options.types, examples: 5 });
  const plan = buildPlanData(buildEnsembleIndex(corpus, { types: options.types }));
  const rules = BASE_RULES;
  const cache = new Map<number, Ablation>();
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
        a = ablate(corpus, corpus.systems[baseline].name, { ...options, examples: 5 });
        cache.set(baseline, a);
      }
      return a;
    },
  };
}

/** The members of bitmask S, in input order. */
export function membersOf(S: number): number[] {
  const out: number[] = [];
  for (let m = 0; S >> m !== 0; m++) if ((S >> m) & 1) out.push(m);
  return out;
}

export interface SelectionScores {
  actual: CandidateScores;
  predicted: CandidateScores;
  method: PredictionMethod;
}

/** Actual (simulated on gold) and predicted (pairwise statistics) scores of members S under rule r. */
export function selectionScores(m: TuiModel, S: number, r: number): SelectionScores | null {
  if (S === 0) return null;
  const settings = { beta: m.options.beta, kAlpha: m.options.kAlpha, zeroDivision: m.options.zeroDivision };
  const rule = m.rules[r];
  const a = actualCounts(m.plan, S, rule, true, m.weights[r]);
  const p = predictedCounts(m.plan, S, rule);
  return { actual: scoresOf(a, settings), predicted: scoresOf(p, settings), method: p.method };
}

/** The F of an ensemble (actual), the search's objective. */
export function actualF(m: TuiModel, S: number, r: number): number {
  const settings = { beta: m.options.beta, kAlpha: m.options.kAlpha, zeroDivision: m.options.zeroDivision };
  const a = actualCounts(m.plan, S, m.rules[r], false, m.weights[r]);
  return scoresOf({ ...a, s: 0 }, settings).f;
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
