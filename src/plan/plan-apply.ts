/**
 * Saving a plan and applying a saved one: what `plan --save-plan` writes and `combine --plan`
 * does with it, as two library functions the commands share.
 *
 * - {@link savedPlan}: the plan file of a run's recommendation (or of a listed candidate), with
 *   its scores on the planning data and where it was chosen (the planning gold standard's
 *   fingerprint, the units that chose it, the procedure's held-out estimate).
 * - {@link applyPlan}: the plan's ensemble of a corpus's systems (matched by name), combined by
 *   its rule and weights, label ties broken by the plan's ranking of its members, on the plan's
 *   entity types only when it was made on some.
 */
import { InputError, showName, showValue, UsageError } from '../errors.js';
import { buildEnsembleIndex, ensembleSpans, simulate, type EnsembleIndex, type EnsembleResult } from '../ensemble/simulate.js';
import type { Corpus, Span } from '../model/corpus.js';
import { goldFingerprint } from '../model/fingerprint.js';
import { documentKeys, sentenceKeys } from '../model/shared-documents.js';
import { hasGoldStandard } from '../formats/load.js';
import { planFileFromChoice, planProvenance, planRule, withPlanRanking, type PlanFile } from './plan-file.js';
import type { PlanRun } from './plan.js';
import { checkCorpus, checkGoldTypes, checkOptionsObject } from '../metrics/options-check.js';
import { checkOptionKeys, type NoneMissing } from '../metrics/option-keys.js';

/** What {@link savedPlan} takes besides the run. */
export interface SavedPlanOptions {
  /** The recommendation (default), or the listed candidate of this rank (from 1). */
  choice?: 'recommendation' | number;
  /** The entity types the run was planned on, when it was on some. */
  types?: readonly string[];
}

/** Every option {@link savedPlan} takes (any other key is refused). */
export const SAVED_PLAN_OPTION_KEYS = ['choice', 'types'] as const satisfies readonly (keyof SavedPlanOptions)[];
type _SavedPlanKeysListed = NoneMissing<Exclude<keyof SavedPlanOptions, (typeof SAVED_PLAN_OPTION_KEYS)[number]>>;

/**
 * The plan file of `run` on `corpus`: of its recommendation (`choice` 'recommendation', the
 * default) or of its listed candidate of rank `choice` (from 1). `types`: the entity types the
 * run was planned on, when it was on some (a plan records them, and applies only those).
 * @throws UsageError for a rank beyond the listed candidates, `types` of which the gold
 * standard has no item, or a `run` that is not what runPlan gives (plan's result is not one).
 */
export function savedPlan(corpus: Corpus, run: PlanRun, options: SavedPlanOptions = {}): PlanFile {
  checkCorpus(corpus);
  checkRun(run);
  checkOptionsObject(options);
  checkOptionKeys('options', options, SAVED_PLAN_OPTION_KEYS);
  const result = run.result;
  const choice = options.choice ?? 'recommendation';
  // The documents that chose it, by their tokens: another gold standard that holds some is partly in-sample.
  const documents = run.result.planningData.units === 'document' ? documentKeys(corpus, run.plannedUnits) : undefined;
  // And of their sentences, for a gold standard of one document (no markers), which no document matches.
  const sentences = sentenceKeys(corpus, plannedSentences(corpus, run.result.planningData.units, run.plannedUnits));
  // Types that leave nothing to find are refused, as the plan refuses them.
  checkGoldTypes(options.types, corpus.gold.spans);
  const types = options.types === undefined ? undefined : [...options.types];
  if (choice === 'recommendation') {
    const procedure = result.recommendation.procedure;
    const planning = [result.selection, ...result.baselines].find((p) => p.name === procedure)!.planning;
    return planFileFromChoice(run.recommendedChoice, result, planning, procedure, types, planProvenance(result, goldFingerprint(corpus), procedure, documents, sentences));
  }
  const picked = run.candidateChoice(choice);
  const c = result.candidates[choice - 1];
  // The top candidate is what the selection procedure chooses: its held-out estimate is that procedure's.
  return planFileFromChoice(picked, result, { objective: c.objective.actual, scores: c.actual }, 'top', types,
    planProvenance(result, goldFingerprint(corpus), 'top', documents, sentences, choice === 1 ? 'selection' : undefined));
}

/** The sentences of the planned `units` (documents, or sentences), ascending. */
function plannedSentences(corpus: Corpus, kind: 'document' | 'sentence', units: readonly number[]): number[] {
  if (kind === 'sentence') return [...units].sort((a, b) => a - b);
  const out: number[] = [];
  for (const d of [...units].sort((a, b) => a - b)) {
    const doc = corpus.documents[d];
    for (let k = doc.firstSentence; k < doc.endSentence; k++) out.push(k);
  }
  return out;
}

/**
 * Throws a UsageError about `run` unless it is what runPlan gives: plan's result alone lacks the
 * choices a saved plan is made of, which is said, rather than met as a TypeError.
 */
function checkRun(run: unknown): void {
  const r = run as Partial<PlanRun> | null;
  const ok = r !== null && typeof r === 'object' && r.result !== null && typeof r.result === 'object' && typeof r.candidateChoice === 'function'
    && r.recommendedChoice !== null && typeof r.recommendedChoice === 'object' && Array.isArray(r.plannedUnits);
  if (ok) return;
  const result = r !== null && typeof r === 'object' && (r as { schemaVersion?: unknown }).schemaVersion !== undefined && 'recommendation' in r;
  throw UsageError.about('run', `expects a run as runPlan gives it${result ? ', got a plan result (what plan gives): call runPlan, whose run holds the choices a saved plan is made of, and pass the run' : `, got ${showValue(run)}`}`);
}

/**
 * The indices in `corpus.systems` of the plan's members, matched by name.
 * @throws InputError (naming `source`, the plan's file, when given) for a member no system is.
 */
export function planMembers(corpus: Corpus, plan: PlanFile, source?: string): number[] {
  const names = corpus.systems.map((s) => s.name);
  const missing = plan.members.filter((m) => !names.includes(m));
  if (missing.length > 0) {
    const which = missing.map((m) => showValue(m)).join(', ');
    throw new InputError(
      `the plan combines ${which}, which ${missing.length === 1 ? 'is' : 'are'} not among the inputs (systems given: ${names.map((n) => showName(n)).join(', ')}); name inputs with name=path`,
      source,
    );
  }
  return plan.members.map((m) => names.indexOf(m));
}

/**
 * Throws a UsageError about `plan` unless it has a plan's shape (a complan plan object with its
 * rule and member names, as readPlanFile or planFileOf gives it): a missing or wrong argument is
 * said as such, not met as a TypeError inside.
 */
function checkPlanObject(plan: unknown): void {
  const p = plan as { kind?: unknown; rule?: unknown; members?: unknown } | null;
  const ok = p !== null && typeof p === 'object' && p.kind === 'complan-plan' && typeof p.rule === 'string'
    && Array.isArray(p.members) && (p.members as unknown[]).every((m) => typeof m === 'string');
  if (!ok) throw UsageError.about('plan', `expects a plan as readPlanFile or planFileOf gives it (kind "complan-plan", a rule, member names), got ${showValue(plan)}`);
}

/** What applying a plan gives: the index it was simulated on, the simulation, and the ensemble's spans. */
export interface AppliedPlan {
  index: EnsembleIndex;
  members: number[];
  result: EnsembleResult;
  spans: Span[];
}

/**
 * Applies `plan` to the systems of `corpus` (which needs no gold standard): its members by name,
 * its rule and stored weights, its ranking of the members for label ties, its entity types.
 * @throws InputError (naming `source`, when given) for a member no system is, or a rule the
 *   plan's members cannot take.
 */
export function applyPlan(corpus: Corpus, plan: PlanFile, source?: string): AppliedPlan {
  checkCorpus(corpus);
  checkPlanObject(plan);
  const members = planMembers(corpus, plan, source);
  const rule = planRule(plan);
  let built: EnsembleIndex;
  try {
    built = buildEnsembleIndex(corpus, { noGold: !hasGoldStandard(corpus), types: plan.types });
  } catch (err) {
    // The plan's entity types, not an option of the command: the plan file is named.
    if (err instanceof UsageError && err.param === 'types') throw new InputError(`"types" ${err.message.replace(/^types /, '')}`, source);
    throw err;
  }
  const index = withPlanRanking(built, plan);
  let result: EnsembleResult;
  try {
    result = simulate(index, members, rule);
  } catch (err) {
    // A plan's rule and weights were validated when read: what remains is the plan's own fault.
    throw new InputError((err as Error).message, source);
  }
  return { index, members, result, spans: ensembleSpans(index, result) };
}

/**
 * The labels the members of an applied plan vote for that its per-label weights (`label-f1`,
 * resolved on the planning data) have no weight for, by member: such a vote weighs the member's
 * overall weight instead, so the ensemble is not the one planned. Empty for other plans.
 */
export function labelsWithoutWeights(plan: PlanFile, applied: Pick<AppliedPlan, 'index' | 'members'>): string[] {
  const weights = plan.weights;
  if (weights === undefined || Object.values(weights).every((w) => typeof w === 'number')) return [];
  const { index } = applied;
  const missing = new Set<string>();
  applied.members.forEach((m, k) => {
    const row = weights[plan.members[k]] as { byLabel: Record<string, number> } | undefined;
    if (row === undefined) return;
    for (const id of index.memberItems[m]) {
      const label = index.labels[index.labelOf[id]];
      if (!Object.hasOwn(row.byLabel, label)) missing.add(label);
    }
  });
  return [...missing].sort();
}
