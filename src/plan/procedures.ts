/**
 * The ways of choosing an ensemble that a plan compares, each run on planning data alone:
 *
 * - `selection`: the plan's own search (its rules, objective, sizes, budget and strategy); its
 *   top candidate;
 * - `best-single`: the system with the best objective alone;
 * - `majority-all`: every system under `majority` (no selection);
 * - `vote-all`: every system under the typed `vote` (no selection);
 * - `caruana`: ensemble selection with replacement (see caruana.ts), bagged with `--bags`.
 *
 * Held-out estimates run all of them again inside every training part, so that each is judged
 * on units that took no part in its choice.
 */
import { UsageError } from '../errors.js';
import type { Rule } from '../ensemble/rules.js';
import { maskHiOfWeights, maskOfWeights, ruleOfWeights } from './caruana.js';
import { allHi, allLo, bitHi, bitLo } from './member-set.js';
import { choiceCounts, choiceOf, type Choice } from './choice.js';
import type { PlanData } from './data.js';
import type { ActualCounts } from './engine.js';
import type { Scorer } from './scores.js';
import { search, type Planned, type Progress, type SearchSettings } from './search.js';
import type { BaselineName, ProcedureName } from './types.js';

/** The baselines, in the order reports list them. */
export const BASELINE_NAMES: readonly BaselineName[] = ['best-single', 'majority-all', 'vote-all', 'caruana'];
/** The plan's own choice, then the baselines. */
export const PROCEDURE_NAMES: readonly ProcedureName[] = ['selection', ...BASELINE_NAMES];
/** Procedures that choose nothing: every system, as given. */
export const NO_SELECTION: readonly ProcedureName[] = ['vote-all', 'majority-all'];

/** A procedure's choice on some planning data, with its counts and objective there. */
export interface Chosen {
  name: ProcedureName;
  choice: Choice;
  counts: ActualCounts;
  value: number;
}

export interface Procedures {
  planned: Planned;
  chosen: Record<ProcedureName, Chosen>;
}

/** The objective of a choice's counts on the data (size = members, cost = their costs). */
export function choiceValue(data: PlanData, scorer: Scorer, choice: Choice, counts: ActualCounts): number {
  let cost = 0;
  for (const m of choice.members) cost += scorer.costs[data.names.indexOf(m)];
  return scorer.value(counts, choice.members.length, cost);
}

/**
 * Runs the search and every baseline on the planning data; `alongside` is the caller's work
 * that needs nothing from them, run while worker threads search (see searchSteps).
 * @throws UsageError when no candidate is within the budget.
 */
export function runProcedures(data: PlanData, scorer: Scorer, s: SearchSettings, onProgress: Progress, phase = '', alongside?: () => void): Procedures {
  const planned = search(data, scorer, s, onProgress, phase, alongside);
  if (planned.listed.length === 0) {
    throw s.budget !== undefined ? UsageError.about('budget', `no candidate costs at most ${s.budget}`) : new UsageError('no candidate to rank');
  }
  const top = planned.listed[0];
  const make = (name: ProcedureName, S: number, Shi: number, rule: Rule): Chosen => {
    const choice = choiceOf(data, S, rule, Shi);
    const counts = choiceCounts(data, choice);
    return { name, choice, counts, value: choiceValue(data, scorer, choice, counts) };
  };
  const chosen: Record<ProcedureName, Chosen> = {
    selection: make('selection', top.S, top.Shi, top.rule),
    'best-single': make('best-single', bitLo(planned.best), bitHi(planned.best), { kind: 'union' }),
    'majority-all': make('majority-all', allLo(data.n), allHi(data.n), { kind: 'majority' }),
    'vote-all': make('vote-all', allLo(data.n), allHi(data.n), { kind: 'vote' }),
    caruana: make('caruana', maskOfWeights(planned.caruana.weights), maskHiOfWeights(planned.caruana.weights), ruleOfWeights(data, planned.caruana.weights)),
  };
  return { planned, chosen };
}

