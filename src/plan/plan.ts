/**
 * `complan plan` as a library function: search the candidate ensembles of a corpus, rank them by
 * their actual objective on the planning data, show what the pairwise statistics predicted for
 * each, and say honestly what to use:
 *
 * - every figure says what it was measured on: **in-sample** (the planning data, which chose the
 *   candidates), **held out** (units left out of a training part in which the whole selection ran
 *   again), or **test** (a separate test set never used for selection);
 * - beside the candidates stand the baselines — best single system, majority and vote of all
 *   systems, ensemble selection with replacement — each chosen on planning data only;
 * - by default five folds by document re-run the whole selection and every baseline inside each
 *   training part (heldout.ts), paired tests compare the recommendation with each baseline
 *   (significance.ts), and the recommendation is the simplest procedure within one standard
 *   error of the best held out (recommend.ts).
 */
import { showValue, UsageError } from '../errors.js';
import { buildEnsembleIndex } from '../ensemble/simulate.js';
import { isBinaryRule, ruleName, type Rule } from '../ensemble/rules.js';
import type { Corpus } from '../model/corpus.js';
import { ZERO_DIVISION_MODES, type ZeroDivision } from '../metrics/prf.js';
import { checkChoice, checkCorpus, checkLevel, checkOptionsObject, checkPositive, checkSamples } from '../metrics/options-check.js';
import { checkOptionKeys, type NoneMissing } from '../metrics/option-keys.js';
import { reselectingBootstrap } from './bootstrap.js';
import { choiceCounts, choiceOf, choiceWeights, type Choice } from './choice.js';
import { buildPlanData, MAX_SYSTEMS, membersOf, unitCount, type PlanData, type UnitKind } from './data.js';
import { needOf } from './engine.js';
import { bitHi, bitLo, compareSets, setKey, setSize } from './member-set.js';
import { betterCandidate } from './greedy.js';
import { makeSplits, runSplit, SplitData, summarise, type Split } from './heldout.js';
import { checkObjective, parseObjective, type Objective } from './objective.js';
import { explainWith } from './explain.js';
import { paretoFrontOf } from './pareto.js';
import { planPredictionQuality } from './quality.js';
import { BASELINE_NAMES, choiceValue, runProcedures, type Chosen, type Procedures } from './procedures.js';
import { honestRankAgreement, type RankEntry } from './rank.js';
import { comparisonOf, dataTest, recommend } from './recommend.js';
import { isRateObjective, scoresOf, Scorer } from './scores.js';
import { searchSettings, type Listed, type Planned, type SearchSettings, type SearchStrategy } from './search.js';
import { exactByConstruction } from './predict.js';
import { predictedCounts, predictedValue } from './store.js';
import type {
  CandidateExplanation, GreedyStep, HeldOut, PlanCandidate, PlanNote, PlanResult, Procedure, ProcedureName, Recommendation, ScoredOn, TestSet,
} from './types.js';
import { sentenceCount } from '../model/sentence-table.js';
import { sharedDocuments, sharedSentences } from '../model/shared-documents.js';

export type { SearchStrategy } from './search.js';

export interface PlanOptions {
  objective: Objective;
  /** Rules to try (default: union, intersection, majority, vote), as parseRule gives them or by name (`'vote'`, `'kofn:2'`). */
  rules?: ReadonlyArray<Rule | string>;
  search?: SearchStrategy;
  guide?: 'score' | 'comp';
  /** Beam width (default 5). */
  beam?: number;
  /** Exact evaluations per rule of `search: 'guided'`, beyond the single-system seeds (default 200). */
  guidedBudget?: number;
  minSize?: number;
  maxSize?: number;
  /** Candidates listed (default 10). */
  top?: number;
  /** Cost per system name; a system without one costs 1. */
  costs?: ReadonlyMap<string, number>;
  budget?: number;
  beta?: number;
  kAlpha?: number;
  zeroDivision?: ZeroDivision;
  types?: readonly string[];
  /** Held-out fraction of the units: plan on the rest, score on these (not with `folds`). */
  holdout?: number;
  /**
   * Folds of the held-out estimate (default 5, or as many as there are units when fewer; 0 turns
   * it off). Each fold re-runs the whole selection on the other folds.
   */
  folds?: number;
  /** Repeats of the folds, each with a fresh shuffle (default 1). */
  repeats?: number;
  seed?: number;
  /** Resamples of the paired significance tests (default 1000). */
  samples?: number;
  /** Significance level a selection must reach against vote-all and majority-all to be recommended (default 0.05). */
  alpha?: number;
  /** Resamples of the bootstrap that re-selects inside each resample (0 or absent: none). */
  bootstrap?: number;
  /** Bags of ensemble selection with replacement (default 1: plain). */
  bags?: number;
  /** A test set over the same systems: every listed candidate, baseline and the recommendation are scored on it; never used for selection. */
  test?: Corpus;
  /**
   * Plan on these units only (document numbers, or sentence numbers for a one-document corpus);
   * all when absent. The rest of the corpus is ignored, as if it were not there.
   */
  planUnits?: readonly number[];
  /**
   * Explain listed candidates (`result.explanations`): `'listed'` for every listed one, or their
   * ranks (from 1). A rank beyond the listed candidates is a usage error.
   */
  explain?: 'listed' | readonly number[];
  /** `auto` searches exhaustively up to this many member sets (default 65,535: sixteen systems). */
  autoLimit?: number;
  /** Exhaustive search refuses more member sets than this (default 2^24). */
  exhaustiveLimit?: number;
  /**
   * Threads exhaustive search runs on (default: the available parallelism, at most 8; 1: the
   * main thread alone). The result is the same whatever the number.
   */
  threads?: number;
  onProgress?: (phase: string, done: number, total: number) => void;
}

/** The default number of folds of the held-out estimate. */
export const DEFAULT_FOLDS = 5;

/** Why a plan takes two systems at least: `complan plan` refuses one with it, and the TUI's Planner says it in place of a search. */
export const ONE_SYSTEM = 'plan needs at least two systems: one leaves nothing to combine, every rule is that system alone';

/** The default resamples of the paired significance tests. */
export const DEFAULT_SAMPLES = 1000;
/** The default significance level a selection must reach to be recommended. */
export const DEFAULT_ALPHA = 0.05;

/**
 * The `costs` option as a Map: as given, or from plain JavaScript an object of system names to
 * costs.
 * @throws UsageError for anything else, or a cost that is not a finite number ≥ 0.
 */
export function costMap(given: unknown): ReadonlyMap<string, number> | undefined {
  if (given === undefined) return undefined;
  const isMap = given instanceof Map;
  if (!isMap && (given === null || typeof given !== 'object' || Array.isArray(given))) {
    throw UsageError.about('cost', `expects a Map (or an object) of system names to costs, got ${showValue(given)}`);
  }
  const costs = new Map<string, unknown>(isMap ? (given as Map<string, unknown>) : Object.entries(given));
  for (const [name, cost] of costs) {
    if (typeof cost !== 'number' || !Number.isFinite(cost) || cost < 0) throw UsageError.about('cost', `the cost of ${showValue(name)} must be a finite number ≥ 0, got ${showValue(cost)}`);
  }
  return costs as Map<string, number>;
}

/** The members' costs, by system: those given, 1 for the others. @throws UsageError for a name that is no system. */
function costsOf(names: readonly string[], costs: ReadonlyMap<string, number> | undefined): Float64Array {
  if (costs !== undefined) {
    for (const name of costs.keys()) {
      if (!names.includes(name)) throw UsageError.about('cost', `"${name}" is not a system (systems: ${names.join(', ')})`);
    }
  }
  return Float64Array.from(names, (name) => costs?.get(name) ?? 1);
}

/** What a unit is for a corpus: documents, or sentences when it has one document. */
export function unitKindOf(corpus: Corpus): UnitKind {
  return corpus.documents.length > 1 ? 'document' : 'sentence';
}

/**
 * Procedures whose in-sample objectives all lie within this of each other (0.1 points of a rate)
 * are told apart by very small differences: the plan notes it, as an objective that saturates
 * (K with α below 1 on systems whose P and R are close) gives such figures whatever the systems.
 */
const FLAT_SPREAD = 0.001;

/** The splits of the held-out estimate, and notes on how they were made. */
function planSplits(pool: readonly number[], unitKind: UnitKind, o: PlanOptions, seed: number, notes: PlanNote[]): { splits: Split[]; folds?: number; repeats?: number } {
  const units = pool.length;
  const repeats = o.repeats ?? 1;
  if (!Number.isInteger(repeats) || repeats < 1) throw UsageError.about('repeats', `expects a positive integer, got ${showValue(repeats)}`);
  if (o.holdout !== undefined) {
    if (o.folds !== undefined && o.folds !== 0) throw UsageError.about(undefined, '{holdout} and {folds} cannot be used together');
    if (repeats > 1) throw UsageError.about(undefined, '{repeats} applies to {folds}; {holdout} makes one split');
    return { splits: makeSplits(pool, { holdout: o.holdout, seed, unit: unitKind }) };
  }
  if (o.folds !== undefined && o.folds !== 0 && (!Number.isInteger(o.folds) || o.folds < 2)) {
    throw UsageError.about('folds', `must be 0 (no held-out estimate) or an integer of at least 2, got ${showValue(o.folds)}`);
  }
  if (o.folds === 0 && repeats > 1) throw UsageError.about(undefined, '{repeats} applies to {folds}; {folds} 0 makes no split');
  let folds = o.folds ?? DEFAULT_FOLDS;
  if (o.folds === undefined && units < DEFAULT_FOLDS) {
    folds = units >= 2 ? units : 0;
    notes.push(folds === 0 ? { kind: 'no-held-out', units, unit: unitKind } : { kind: 'fewer-folds', folds, units, unit: unitKind });
  }
  if (folds === 0) return { splits: [] };
  return { splits: makeSplits(pool, { folds, repeats, seed, unit: unitKind }), folds, repeats };
}

/** A listed candidate's choice on the planning data. */
function listedChoice(data: PlanData, l: Listed): Choice {
  return choiceOf(data, l.S, l.rule, l.Shi);
}

function scoredOn(data: PlanData, scorer: Scorer, choice: Choice): ScoredOn {
  const counts = choiceCounts(data, choice);
  return { objective: choiceValue(data, scorer, choice, counts), scores: scoresOf(counts, scorer.settings) };
}

function candidateOf(p: Planned, l: Listed, rank: number, budget: number | undefined, pareto: boolean, test: PlanData | undefined): PlanCandidate {
  const { ctx, singles } = p;
  const { data, scorer } = ctx;
  const choice = listedChoice(data, l);
  const size = setSize(l.S, l.Shi);
  const cost = scorer.costOf(l.S, l.Shi);
  const a = choiceCounts(data, choice);
  const pc = predictedCounts(data, l.S, l.Shi, l.rule);
  const av = scorer.value(a, size, cost);
  const pv = scorer.value(pc, size, cost);
  let bestMember = -1;
  for (const m of membersOf(l.S, l.Shi)) if (bestMember < 0 || scorer.key(singles[m]) > scorer.key(singles[bestMember])) bestMember = m;
  const sign = scorer.objective.minimise ? -1 : 1;
  const weights = choiceWeights(choice);
  return {
    rank, members: choice.members, rule: ruleName(l.rule), size, cost,
    gain: sign * (av - singles[bestMember]), bestMember: data.names[bestMember],
    objective: { actual: av, predicted: pv, gap: av - pv },
    actual: scoresOf(a, scorer.settings), predicted: scoresOf(pc, scorer.settings), predictedVia: pc.method, ties: a.ties,
    withinBudget: budget === undefined || cost <= budget,
    pareto,
    ...(weights === undefined ? {} : { weights }),
    ...(test === undefined ? {} : { test: scoredOn(test, scorer, choice) }),
  };
}

function greedySteps(p: Planned): GreedyStep[] {
  const { ctx } = p;
  const out: GreedyStep[] = [];
  for (const path of p.paths) {
    path.forEach((st, i) => out.push({
      rule: ruleName(ctx.rules[st.rule]), step: i + 1, added: ctx.data.names[st.added], members: membersOf(st.mask, st.maskHi).map((m) => ctx.data.names[m]),
      actual: st.actual, predicted: predictedValue(ctx, st.k), comp: st.comp,
    }));
  }
  return out;
}

/** The store's candidates in the size range (store indices). */
function inRange(p: Planned): number[] {
  const { store } = p.ctx;
  const out: number[] = [];
  for (let k = 0; k < store.length; k++) {
    const size = setSize(store.masks[k], store.masksHi[k]);
    if (size >= p.ctx.minSize && size <= p.ctx.maxSize) out.push(k);
  }
  return out;
}

/**
 * The candidates whose prediction is measured (rank agreement, prediction quality, the scatter):
 * every candidate in the size range when they span at most {@link PREDICTION_SAMPLE} member sets,
 * else every rule of a fixed pseudo-random choice of that many member sets (the lowest values of
 * an integer hash of the bitmask, so the same data gives the same sample). A prediction costs
 * more than simulating a binary rule, so an exhaustive search does not predict all it scores.
 * Predictions are computed here (store indices are returned in store order).
 */
export function predictionSample(p: Planned, range: readonly number[]): number[] {
  const { ctx } = p;
  const { store } = ctx;
  const keep = lowestHashes(range.map((k) => store.masks[k]), range.map((k) => store.masksHi[k]), PREDICTION_SAMPLE);
  const out = keep === undefined ? [...range] : range.filter((k) => keep.has(setKey(store.masks[k], store.masksHi[k])));
  for (const k of out) predictedValue(ctx, k);
  return out;
}

/** At most this many member sets have their predictions measured in a plan. */
export const PREDICTION_SAMPLE = 500;

/**
 * The `count` distinct masks (two words: `masks`, `masksHi`) of lowest {@link hashMask}, as
 * their {@link setKey}s, or undefined when there are at most `count` distinct masks. The hash is
 * a bijection of one-word masks, so with every high word 0 there are no ties; sets of equal
 * hash are ordered as unsigned 64-bit integers. One pass keeping the lowest so far in order: a
 * mask whose hash is above the highest kept is passed over at once, so a million masks cost
 * little more than their hashes.
 */
function lowestHashes(masks: readonly number[], masksHi: readonly number[], count: number): Set<number | string> | undefined {
  const kept: Array<{ S: number; Shi: number; h: number }> = [];
  const members = new Set<number | string>();
  const after = (a: { S: number; Shi: number; h: number }, h: number, S: number, Shi: number) => a.h > h || (a.h === h && compareSets(a.S, a.Shi, S, Shi) > 0);
  let dropped = false;
  for (let i = 0; i < masks.length; i++) {
    const S = masks[i];
    const Shi = masksHi[i];
    const key = setKey(S, Shi);
    if (members.has(key)) continue;
    const h = hashMask(S, Shi);
    if (kept.length === count) {
      if (after(kept[count - 1], h, S, Shi) === false) {
        dropped = true;
        continue;
      }
      const out = kept.pop()!;
      members.delete(setKey(out.S, out.Shi));
      dropped = true;
    }
    let at = kept.length;
    while (at > 0 && after(kept[at - 1], h, S, Shi)) at--;
    kept.splice(at, 0, { S, Shi, h });
    members.add(key);
  }
  return dropped ? members : undefined;
}

/**
 * An integer hash of a bitmask (a fixed bijection of 32-bit integers, as in murmur3's finaliser);
 * a high word, when there is one, is hashed and mixed into the low word first.
 */
function hashMask(S: number, Shi: number): number {
  let h = Shi === 0 ? S | 0 : S ^ Math.imul(hashMask(Shi, 0), 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Rank agreement entries: exact by construction (one member, or two under a binary rule), and duplicates keyed by member set and vote threshold. */
function rankEntries(p: Planned, ks: readonly number[]): RankEntry[] {
  const { store, rules } = p.ctx;
  return ks.map((k) => {
    const S = setKey(store.masks[k], store.masksHi[k]);
    const rule = rules[store.rules[k]];
    const size = setSize(store.masks[k], store.masksHi[k]);
    const binary = isBinaryRule(rule);
    return {
      rule: ruleName(rule),
      exact: exactByConstruction(rule, size),
      key: binary ? `${S}|${needOf(rule, size)}` : `${S}|${ruleName(rule)}`,
      predicted: store.predicted[k],
      actual: store.actual[k],
    };
  });
}

/** The limits a recommended choice must keep to: the search's sizes and budget. */
interface Limits {
  minSize: number;
  maxSize: number;
  budget?: number;
}

/**
 * Why `choice` is outside the limits given (`--min-size`, `--max-size`, `--budget`), in words, or
 * undefined when it is within them. The baselines choose without the search's limits (vote-all
 * takes every system), so one may break them; the plan then shows it but does not recommend it.
 */
function outsideLimits(choice: Choice, names: readonly string[], scorer: Scorer, limits: Limits): string | undefined {
  const size = choice.members.length;
  const members = `${size} member${size === 1 ? '' : 's'}`;
  if (size < limits.minSize) return `${members}, below --min-size ${limits.minSize}`;
  if (size > limits.maxSize) return `${members}, above --max-size ${limits.maxSize}`;
  if (limits.budget !== undefined) {
    let cost = 0;
    for (const m of choice.members) cost += scorer.costs[names.indexOf(m)];
    if (cost > limits.budget) return `cost ${Number(cost.toFixed(6))}, above --budget ${limits.budget}`;
  }
  return undefined;
}

function procedureOf(name: ProcedureName, c: Chosen, data: PlanData, scorer: Scorer, heldOut: HeldOut | undefined, test: PlanData | undefined, limits: Limits): Procedure {
  const weights = choiceWeights(c.choice);
  const summary = heldOut?.summary.find((x) => x.name === name);
  const outside = outsideLimits(c.choice, data.names, scorer, limits);
  return {
    name, members: [...c.choice.members], rule: ruleName(c.choice.rule), ...(weights === undefined ? {} : { weights }),
    size: c.choice.members.length,
    planning: { objective: c.value, scores: scoresOf(c.counts, scorer.settings) },
    // Counts on a part held out once (--holdout) are on another scale than the planning data's:
    // there an objective of raw counts gets no pooled figure and no optimism. Pooled over K folds,
    // per repeat, every unit counts once, as in the planning data.
    ...(summary === undefined ? {} : {
      heldOut: {
        mean: summary.mean, sd: summary.sd, splits: summary.splits,
        pooled: scorer.objective.usesCounts === true && heldOut!.kind === 'holdout' ? Number.NaN : summary.pooled, planningMean: summary.planningMean,
        optimism: scorer.objective.usesCounts === true && heldOut!.kind === 'holdout' ? Number.NaN : summary.optimism,
      },
    }),
    ...(test === undefined ? {} : { test: scoredOn(test, scorer, c.choice) }),
    ...(outside === undefined ? {} : { outside }),
  };
}

/** The test set's planning data, after checking it has every planned system and no other. */
function testData(test: Corpus, names: readonly string[], types: readonly string[] | undefined): PlanData {
  const given = test.systems.map((s) => s.name);
  const missing = names.filter((n) => !given.includes(n));
  if (missing.length > 0) {
    throw UsageError.about('test', `has no output of ${missing.map((m) => `"${m}"`).join(', ')}: give every planned system's test output, named as in planning (NAME=PATH or the same file stem)`);
  }
  const extra = given.filter((n) => !names.includes(n));
  if (extra.length > 0) throw UsageError.about('test', `${extra.map((m) => `"${m}"`).join(', ')} ${extra.length === 1 ? 'is' : 'are'} not among the planned systems (${names.join(', ')})`);
  // Systems in planning order, so member bitmasks agree.
  const ordered = { ...test, systems: names.map((n) => test.systems.find((s) => s.name === n)!) };
  return buildPlanData(buildEnsembleIndex(ordered, { types }), { units: unitKindOf(test) });
}

/**
 * Plans ensembles of the corpus's systems (see the module comment).
 * @throws UsageError for options that cannot apply (sizes, costs naming no system, too large an
 *   exhaustive space, both holdout and folds, a split with too few units, a test set without
 *   some planned system).
 */
export function plan(corpus: Corpus, o: PlanInput = {}): PlanResult {
  return runPlan(corpus, o).result;
}

/** The options {@link plan} and {@link runPlan} take: {@link PlanOptions}, whose objective is F_β at `beta` (`f1`, or `f:B`, as the command's default) when none is given. */
export type PlanInput = Omit<PlanOptions, 'objective' | 'rules' | 'costs'> & {
  /** The objective, or its text as `--objective` takes it (`'f1'`, `'min:ser'`, an expression), parsed with `beta` and `kAlpha`. */
  objective?: Objective | string;
  /** Rules to try, one alone or in a list, as parseRule gives them or by name (`'vote'`, `'kofn:2'`). */
  rules?: Rule | string | ReadonlyArray<Rule | string>;
  /** Cost per system name, as a Map or a plain object; a system without one costs 1. */
  costs?: ReadonlyMap<string, number> | Readonly<Record<string, number>>;
};

/** Every option {@link plan} and {@link runPlan} take (any other key is refused). */
export const PLAN_OPTION_KEYS = [
  'objective', 'rules', 'search', 'guide', 'beam', 'guidedBudget', 'minSize', 'maxSize', 'top', 'costs', 'budget', 'beta', 'kAlpha',
  'zeroDivision', 'types', 'holdout', 'folds', 'repeats', 'seed', 'samples', 'alpha', 'bootstrap', 'bags', 'test', 'planUnits',
  'explain', 'autoLimit', 'exhaustiveLimit', 'threads', 'onProgress',
] as const satisfies readonly (keyof PlanInput)[];
type _PlanKeysListed = NoneMissing<Exclude<keyof PlanInput, (typeof PLAN_OPTION_KEYS)[number]>>;

/** A plan with what the CLI needs beyond its result. */
export interface PlanRun {
  result: PlanResult;
  /** The explanation of the listed candidate of rank `rank` (from 1); a usage error beyond them. */
  explain: (rank: number) => CandidateExplanation;
  /** The choice of the listed candidate of rank `rank` (from 1), resolved on the planning data (for `--save-plan-choice top`). */
  candidateChoice: (rank: number) => Choice;
  /** The recommended choice, resolved on the planning data (what `--save-plan` saves). */
  recommendedChoice: Choice;
  /** The units (documents, or sentences of a one-document corpus) the choices were made on: all the planning data's, or a holdout's training part. */
  plannedUnits: readonly number[];
  /** The candidates whose prediction is measured (see predictionSample) as scatter points; the listed ones last, best first, labelled and highlighted. */
  scatter: () => Array<{ predicted: number; actual: number; rule: string; members: string[]; highlight: boolean; size: number; cost: number }>;
  /**
   * The Pareto chart's points: the scatter's candidates and every candidate on the Pareto front
   * of actual objective against cost (size when no system has a cost) over all evaluated
   * candidates in the size range — the front, unlike the scatter, is never a sample. Front
   * points (`front` true) and listed ones name their members; a member set on the front under
   * several rules with one score (a single system) appears once.
   */
  paretoPoints: () => Array<{ actual: number; rule: string; members: string[]; size: number; cost: number; front: boolean }>;
  /**
   * The recommendation as a point of the scatter (its predicted and actual objective on the
   * planning data), when it is a candidate the search evaluated; undefined for ensemble
   * selection's choice or a candidate the search did not reach.
   */
  recommendationPoint: () => { predicted: number; actual: number } | undefined;
}

/**
 * The search settings and the scorer a plan of systems `names` with options `o` searches with:
 * what an interactive caller needs to run the plan's search itself (`searchSteps` in search.ts).
 * @throws UsageError for too many systems, sizes out of range, or costs naming no system.
 */
export function searchSetup(names: readonly string[], o: PlanOptions): { settings: SearchSettings; scorer: Scorer } {
  const n = names.length;
  if (n > MAX_SYSTEMS) throw new UsageError(`the planner takes at most ${MAX_SYSTEMS} systems, got ${n}; choose some with fewer inputs`);
  const settings = searchSettings(n, { ...o, budget: o.budget });
  const scorer = new Scorer(o.objective, { beta: o.beta ?? 1, kAlpha: o.kAlpha ?? 1, zeroDivision: o.zeroDivision ?? 'gerbil' }, costsOf(names, o.costs));
  return { settings, scorer };
}

/**
 * What a plan reports of a search beyond its list: the candidates in the size range (`range`,
 * store positions) and which of them are on the Pareto front of objective against cost
 * (`flags`), the sample whose prediction is measured, rank agreement and prediction quality.
 */
function analyse(p: Planned, scorer: Scorer) {
  const { store } = p.ctx;
  // Pareto front of objective against cost, over every evaluated candidate in the size range.
  const range = inRange(p);
  const costs = new Float64Array(range.length);
  const values = new Float64Array(range.length);
  for (let i = 0; i < range.length; i++) {
    const k = range[i];
    costs[i] = scorer.costOf(store.masks[k], store.masksHi[k]);
    values[i] = store.actual[k];
  }
  const flags = paretoFrontOf(costs, values, !scorer.objective.minimise);
  const predictedRange = predictionSample(p, range);
  const rankAgreement = honestRankAgreement(rankEntries(p, predictedRange), p.singles[p.best], !scorer.objective.minimise);
  const predictionQuality = planPredictionQuality(p, range, predictedRange);
  return { range, flags, predictedRange, rankAgreement, predictionQuality };
}

/**
 * The objective of a plan's options: the one given (its text parsed with the options' β and α,
 * as the command parses `--objective`), or F_β at `beta` (`f1`, or `f:B`).
 */
function planObjective(given: PlanInput): Objective {
  const objective: unknown = given.objective;
  if (objective === undefined) return parseObjective(given.beta === undefined || given.beta === 1 ? 'f1' : `f:${given.beta}`, { beta: given.beta });
  if (typeof objective === 'string') {
    try {
      return parseObjective(objective, { beta: given.beta, kAlpha: given.kAlpha });
    } catch (err) {
      // About this option, as every other option's error is (the message names it already).
      if (err instanceof UsageError && err.param === undefined) throw new UsageError(err.message, { param: 'objective', multiline: err.multiline });
      throw err;
    }
  }
  checkObjective(objective, true);
  return objective;
}

/** {@link plan}, with the choices behind the result for `--save-plan`. */
export function runPlan(corpus: Corpus, given: PlanInput = {}): PlanRun {
  checkCorpus(corpus);
  checkOptionsObject(given);
  checkOptionKeys('options', given, PLAN_OPTION_KEYS);
  // One system would be ranked alone under every rule, against "the vote of all 1 systems"
  // (none is refused by the search, which says so).
  if (corpus.systems.length === 1) throw new UsageError(ONE_SYSTEM);
  // The score settings, checked before the objective that reads them (`f:B` with a bad β would blame the objective).
  if (given.beta !== undefined) checkPositive('beta', given.beta);
  if (given.kAlpha !== undefined) checkPositive('kAlpha', given.kAlpha);
  if (given.zeroDivision !== undefined) checkChoice('zeroDivision', given.zeroDivision, ZERO_DIVISION_MODES);
  // Options read only after the searches, checked before them: a wrong one is said at once, not
  // after minutes of work, nor as a TypeError inside.
  if (given.test !== undefined) checkCorpus(given.test, 'test');
  if (given.alpha !== undefined) checkLevel('alpha', given.alpha);
  if (given.explain !== undefined && given.explain !== 'listed' && !(Array.isArray(given.explain) && given.explain.every((r) => Number.isInteger(r)))) {
    throw UsageError.about('explain', `expects 'listed' or a list of ranks (from 1), got ${showValue(given.explain)}`);
  }
  if (given.onProgress !== undefined && typeof given.onProgress !== 'function') throw UsageError.about('onProgress', `expects a function, got ${showValue(given.onProgress)}`);
  if (given.planUnits !== undefined && !Array.isArray(given.planUnits)) throw UsageError.about('planUnits', `expects a list of unit numbers, got ${showValue(given.planUnits)}`);
  // Rules are checked, and one alone taken as a list, by the search's settings.
  const o: PlanOptions = { ...given, objective: planObjective(given), costs: costMap(given.costs), rules: given.rules as PlanOptions['rules'] };
  const { settings: asked, scorer } = searchSetup(corpus.systems.map((x) => x.name), o);
  const samples = o.samples ?? DEFAULT_SAMPLES;
  // The same limit as the command's and the paired tests' (a larger count would run for hours).
  checkSamples(samples);
  if (o.bootstrap !== undefined && (!Number.isInteger(o.bootstrap) || o.bootstrap < 0)) {
    throw UsageError.about('bootstrap', `expects the resamples of the re-selecting bootstrap, an integer from 0 (none), got ${showValue(o.bootstrap)}`);
  }
  const index = buildEnsembleIndex(corpus, { types: o.types });
  const unitKind = unitKindOf(corpus);
  const total = unitCount(index, unitKind);
  const pool = o.planUnits === undefined ? Array.from({ length: total }, (_, u) => u) : [...new Set(o.planUnits)].sort((a, b) => a - b);
  const outside = pool.find((u) => !Number.isInteger(u) || u < 0 || u >= total);
  if (outside !== undefined) throw UsageError.about('planUnits', `expects ${unitKind} numbers from 0 to ${total - 1}, got ${showValue(outside)}`);
  const notes: PlanNote[] = [];
  const { splits, folds, repeats } = planSplits(pool, unitKind, o, asked.seed, notes);
  if (unitKind === 'sentence' && splits.length > 0) notes.push({ kind: 'by-sentence' });
  const holdout = o.holdout !== undefined;
  // The run's searches, which share worker threads' start: all the data, each split's training
  // part (a holdout's is the data searched first), each bootstrap resample.
  const s: SearchSettings = { ...asked, searches: 1 + (holdout ? 0 : splits.length) + Math.max(0, o.bootstrap ?? 0) };
  const inTrain = new Uint8Array(total);
  for (const u of holdout ? splits[0].train : pool) inTrain[u] = 1;
  const units = pool.length;
  const data = buildPlanData(index, { units: unitKind, select: (u) => inTrain[u] === 1 });
  const test = o.test === undefined ? undefined : testData(o.test, data.names, o.types);
  // Each fold's training data is built while workers search the data before it (the whole
  // data first): it needs nothing from that search. A fold's data is let go once it has run.
  const prepared: Array<SplitData | undefined> = holdout ? [] : splits.map((split) => new SplitData(index, unitKind, split));
  const ahead = (k: number) => () => void prepared[k]?.train;
  const main: Procedures = runProcedures(data, scorer, s, o.onProgress, '', ahead(0));
  let defined = false;
  for (let k = 0; k < main.planned.ctx.store.length && !defined; k++) defined = Number.isFinite(main.planned.ctx.store.actual[k]);
  if (!defined) {
    // Nothing can be ranked: any winner would be arbitrary, and a saved plan would carry it.
    throw UsageError.about('objective', `"${scorer.objective.text}" is undefined (not a finite number) for every candidate, so none can be chosen; check the expression on a single system's scores`);
  }
  // What the plan reports of the whole data's search (its Pareto front, and prediction measured
  // against actual values) reads that search's store alone, which the folds leave as it is: it
  // is worked out while the first fold's workers search.
  let analysis: ReturnType<typeof analyse> | undefined;
  const analysed = () => (analysis ??= analyse(main.planned, scorer));
  const runs = splits.map((split, k) => {
    const alongside = () => {
      ahead(k + 1)();
      analysed();
    };
    const run = runSplit(index, unitKind, split, scorer, s, o.onProgress, holdout ? main : undefined, { data: prepared[k], alongside });
    prepared[k] = undefined;
    return run;
  });
  const p = main.planned;
  const { ctx } = p;
  const { store } = ctx;
  if (holdout) {
    notes.push({ kind: 'holdout', train: splits[0].train.length, test: splits[0].test.length, units, unit: unitKind, seed: s.seed });
  }

  let heldOut: HeldOut | undefined;
  if (runs.length > 0) {
    const counts = new Map<string, { members: string[]; rule: string; count: number }>();
    for (const r of runs) {
      const c = r.chosen.selection;
      const key = `${ruleName(c.rule)}|${c.members.join('+')}|${JSON.stringify(choiceWeights(c) ?? null)}`;
      const e = counts.get(key);
      if (e === undefined) counts.set(key, { members: [...c.members], rule: ruleName(c.rule), count: 1 });
      else e.count++;
    }
    const mostCommon = [...counts.values()].reduce((a, b) => (b.count > a.count ? b : a));
    heldOut = {
      kind: holdout ? 'holdout' : 'folds', units: unitKind,
      ...(holdout ? { fraction: o.holdout } : { folds, repeats }),
      seed: s.seed,
      splits: runs.map((r) => {
        const w = choiceWeights(r.chosen.selection);
        return {
          repeat: r.split.repeat, fold: r.split.fold, trainUnits: r.split.train.length, testUnits: r.split.test.length,
          chosen: { members: [...r.chosen.selection.members], rule: ruleName(r.chosen.selection.rule), ...(w === undefined ? {} : { weights: w }) },
          planning: { ...r.planning }, heldOut: { ...r.heldOut },
        };
      }),
      summary: (['selection', ...BASELINE_NAMES] as ProcedureName[]).map((name) => ({ name, ...summarise(runs, name, scorer, data.names, main.chosen[name].value) })),
      stability: { distinct: counts.size, mostCommon, tied: [...counts.values()].filter((c) => c !== mostCommon && c.count === mostCommon.count).length },
    };
  }
  const alpha = o.alpha ?? DEFAULT_ALPHA;
  const limits: Limits = { minSize: s.minSize, maxSize: s.maxSize, budget: o.budget };
  const tests = { samples, seed: s.seed, units: unitKind, alpha, within: (c: Choice) => outsideLimits(c, data.names, scorer, limits) === undefined };
  if (splits.length > 0 && 1 / (samples + 1) >= alpha) {
    notes.push({ kind: 'alpha-unreachable', samples, alpha });
  }
  // Randomization swaps each held-out unit's two outputs: with n units its p-value stays near or
  // above 2/2^n (none swapped and all swapped give the observed difference).
  const heldOutUnits = new Set(splits.flatMap((x) => x.test)).size;
  if (heldOutUnits > 0 && 2 ** (1 - heldOutUnits) >= alpha) notes.push({ kind: 'few-held-out', units: heldOutUnits, unit: unitKind, alpha });
  const { recommendation: rec } = recommend(runs, main.chosen, data, scorer, tests);
  const recommendation: Recommendation = rec;
  // Test documents that are planning documents (said in a note, and on the test set).
  let testShared = 0;
  let bySentence = false;
  if (test !== undefined) {
    const testUnits = unitKindOf(o.test!);
    const recChoice = main.chosen[rec.procedure].choice;
    recommendation.test = {
      ...scoredOn(test, scorer, recChoice),
      // Against every other procedure, as held out; without held-out splits too (the test set needs none).
      vsBaselines: (['selection', ...BASELINE_NAMES] as ProcedureName[]).filter((b) => b !== rec.procedure)
        .map((b) => comparisonOf(b, dataTest(test, scorer, recChoice, main.chosen[b].choice, { ...tests, units: testUnits }))),
      tests: { on: 'test', units: testUnits, samples, seed: s.seed, reselected: false },
    };
    // Documents of the test set that are documents of the planning data are scored in-sample:
    // then it is said so, not that the test set took no part in any choice.
    // A side of one document (no document markers) matches no document of the other, however
    // many of its sentences are the other's: then sentences are compared.
    bySentence = corpus.documents.length === 1 || o.test!.documents.length === 1;
    const shared = bySentence ? sharedSentences(corpus, o.test!) : sharedDocuments(corpus, o.test!);
    testShared = shared?.shared ?? 0;
    if (shared !== undefined && shared.shared > 0) {
      notes.push({
        kind: 'test-shares-documents', shared: shared.shared, of: bySentence ? sentenceCount(o.test!) : o.test!.documents.length, first: shared.first!,
        ...(bySentence ? { unit: 'sentence' as const } : {}),
      });
    } else {
      notes.push({ kind: 'test-set' });
    }
    if (testUnits === 'sentence') notes.push({ kind: 'test-by-sentence', sentences: sentenceCount(o.test!) });
  }
  if (scorer.objective.usesCounts === true && (splits.length > 0 || test !== undefined)) {
    notes.push({
      kind: 'counts-objective', units: pool.length, unit: unitKind, heldOut: splits.length > 0, pooled: splits.length > 0 && !holdout, test: test !== undefined,
      // With one split held out, the in-sample figures are on the part planned on.
      ...(holdout && splits.length > 0 ? { planned: splits[0].train.length } : {}),
    });
  }

  const { range, flags, predictedRange, rankAgreement, predictionQuality } = analysed();
  const front = new Uint8Array(store.length);
  range.forEach((k, i) => { front[k] = flags[i]; });
  const paretoOf = (l: Listed) => (l.ruleIndex < 0 ? false : front[store.find(l.S, l.Shi, l.ruleIndex)] === 1);
  const candidates = p.listed.map((l, i) => candidateOf(p, l, i + 1, o.budget, paretoOf(l), test));
  let frontList: PlanCandidate[] | undefined;
  if (o.costs !== undefined || o.budget !== undefined) {
    const onFront = range.filter((k) => front[k] === 1);
    onFront.sort((a, b) => scorer.costOf(store.masks[a], store.masksHi[a]) - scorer.costOf(store.masks[b], store.masksHi[b]) || (betterCandidate(ctx, a, b) ? -1 : 1));
    // One entry per member set and score: a single system is the same ensemble under every rule.
    const distinct = onFront.filter((k, i) => i === 0 || store.masks[k] !== store.masks[onFront[i - 1]] || store.masksHi[k] !== store.masksHi[onFront[i - 1]] || store.actual[k] !== store.actual[onFront[i - 1]]);
    frontList = distinct.slice(0, 50).map((k) => {
      const l: Listed = { S: store.masks[k], Shi: store.masksHi[k], rule: ctx.rules[store.rules[k]], ruleIndex: store.rules[k], value: store.actual[k] };
      const rank = p.listed.findIndex((x) => x.ruleIndex === l.ruleIndex && x.S === l.S && x.Shi === l.Shi) + 1;
      return candidateOf(p, l, rank, o.budget, true, test);
    });
  }
  const explain = (rank: number) => {
    if (!Number.isInteger(rank) || rank < 1 || rank > p.listed.length) {
      throw UsageError.about('explain', `${rank}: the plan lists ${p.listed.length === 1 ? 'one candidate' : `candidates 1 to ${p.listed.length}`}`);
    }
    const l = p.listed[rank - 1];
    return explainWith(data, scorer, l.S, l.Shi, l.rule, rank);
  };
  const explanations = o.explain === undefined ? undefined
    : (o.explain === 'listed' ? p.listed.map((_, i) => i + 1) : [...new Set(o.explain)]).map(explain);

  const bootstrap = o.bootstrap !== undefined && o.bootstrap > 0
    ? reselectingBootstrap(index, unitKind, scorer, s, {
      samples: o.bootstrap, seed: s.seed, procedure: rec.procedure, units: holdout ? splits[0].train : pool,
    }, o.onProgress)
    : undefined;

  const procedureResult = (name: ProcedureName) => procedureOf(name, main.chosen[name], data, scorer, heldOut, test, limits);
  const procedures = (['selection', ...BASELINE_NAMES] as ProcedureName[]).map(procedureResult);
  // Procedures that an objective barely tells apart: every one within FLAT_SPREAD of the others.
  const values = procedures.map((q) => q.planning.objective).filter((v) => Number.isFinite(v));
  if (values.length === procedures.length && Math.max(...values) - Math.min(...values) < FLAT_SPREAD) {
    notes.push({ kind: 'objective-flat', low: Math.min(...values), high: Math.max(...values), rate: isRateObjective(o.objective.text), k: /^\s*k\b/i.test(o.objective.text) });
  }
  let goldItems = 0;
  for (let i = 0; i < data.u; i++) goldItems += data.isGold[i];
  const planningUnits = holdout ? splits[0].train.length : units;
  const result: PlanResult = {
    schemaVersion: 1,
    objective: { text: o.objective.text, minimise: o.objective.minimise, description: o.objective.description },
    rules: s.rules.map(ruleName),
    search: {
      requested: s.search, strategies: p.strategies, guide: s.guide, beam: s.beam, ...(p.strategies.includes('guided') ? { guidedBudget: s.guidedBudget } : {}), bags: s.bags, minSize: s.minSize, maxSize: s.maxSize, evaluated: store.length, distinct: p.distinct, eligible: p.eligible,
    },
    match: 'strict', beta: scorer.settings.beta, kAlpha: scorer.settings.kAlpha,
    systems: data.names.slice(),
    bestSingle: { name: data.names[p.best], objective: p.singles[p.best] },
    budget: o.budget ?? null,
    candidates,
    ...(frontList === undefined ? {} : { paretoFront: frontList }),
    greedyPath: greedySteps(p),
    rankAgreement,
    predictionQuality,
    ...(explanations === undefined ? {} : { explanations }),
    planningData: {
      units: unitKind,
      documents: unitKind === 'document' ? planningUnits : corpus.documents.length,
      sentences: unitKind === 'sentence' ? planningUnits : sentencesIn(corpus, inTrain),
      goldItems, of: total,
      ...(o.types === undefined ? {} : { types: [...o.types] }),
    },
    selection: procedures[0],
    baselines: procedures.slice(1),
    notes,
    ...(heldOut === undefined ? {} : { heldOut }),
    ...(o.test === undefined ? {} : { testSet: testSetOf(o.test, test!, testShared, bySentence) }),
    ...(bootstrap === undefined ? {} : { bootstrap }),
    recommendation,
  };
  const scatter = () => {
    const listed = new Set(p.listed.filter((l) => l.ruleIndex >= 0).map((l) => store.find(l.S, l.Shi, l.ruleIndex)));
    const point = (k: number, highlight: boolean) => {
      const rule = ruleName(ctx.rules[store.rules[k]]);
      return {
        predicted: predictedValue(ctx, k), actual: store.actual[k], rule, highlight, size: setSize(store.masks[k], store.masksHi[k]), cost: scorer.costOf(store.masks[k], store.masksHi[k]),
        members: highlight ? membersOf(store.masks[k], store.masksHi[k]).map((m) => data.names[m]) : [],
      };
    };
    const ordered = p.listed.filter((l) => l.ruleIndex >= 0).map((l) => store.find(l.S, l.Shi, l.ruleIndex));
    return [...predictedRange.filter((k) => !listed.has(k)).map((k) => point(k, false)), ...ordered.map((k) => point(k, true))];
  };
  const paretoPoints = () => {
    const listed = p.listed.filter((l) => l.ruleIndex >= 0).map((l) => store.find(l.S, l.Shi, l.ruleIndex));
    const shown = new Set([...predictedRange, ...listed]);
    // The scatter's candidates off the front, then the front; a member set and score on it under several rules (a single system) once.
    const seen = new Set<string>();
    const kept = new Set(range.filter((k) => front[k]).filter((k) => {
      const key = `${setKey(store.masks[k], store.masksHi[k])}|${store.actual[k]}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }));
    const ks = [...[...shown].filter((k) => !front[k]), ...kept];
    return ks.map((k) => ({
      actual: store.actual[k], rule: ruleName(ctx.rules[store.rules[k]]), size: setSize(store.masks[k], store.masksHi[k]), cost: scorer.costOf(store.masks[k], store.masksHi[k]),
      members: kept.has(k) || listed.includes(k) ? membersOf(store.masks[k], store.masksHi[k]).map((m) => data.names[m]) : [], front: kept.has(k),
    }));
  };
  const recommendationPoint = () => {
    // Ensemble selection's choice (members with multiplicities) is no candidate of the search.
    if (rec.procedure === 'caruana') return undefined;
    const choice = main.chosen[rec.procedure].choice;
    let S = 0;
    let Shi = 0;
    for (const m of choice.members) {
      S |= bitLo(data.names.indexOf(m));
      Shi |= bitHi(data.names.indexOf(m));
    }
    const name = ruleName(choice.rule);
    for (let r = 0; r < ctx.rules.length; r++) {
      // A single system is the same ensemble under every rule.
      if (choice.members.length > 1 && ruleName(ctx.rules[r]) !== name) continue;
      const k = store.find(S, Shi, r);
      if (k >= 0) return { predicted: predictedValue(ctx, k), actual: store.actual[k] };
    }
    return undefined;
  };
  return {
    result,
    explain,
    candidateChoice: (rank) => {
      if (!Number.isInteger(rank) || rank < 1 || rank > p.listed.length) {
        throw UsageError.about('choice', `${showValue(rank)}: the plan lists ${p.listed.length === 1 ? 'one candidate' : `candidates 1 to ${p.listed.length}`}`);
      }
      return listedChoice(data, p.listed[rank - 1]);
    },
    recommendedChoice: main.chosen[rec.procedure].choice,
    plannedUnits: holdout ? splits[0].train : pool,
    scatter,
    paretoPoints,
    recommendationPoint,
  };
}

/** Sentences of the documents flagged in `docs`. */
function sentencesIn(corpus: Corpus, docs: Uint8Array): number {
  let count = 0;
  for (const d of corpus.documents) if (docs[d.index]) count += d.endSentence - d.firstSentence;
  return count;
}

/** The test set; `shared` counts its planning documents, or its planning sentences when `bySentence`. */
function testSetOf(corpus: Corpus, data: PlanData, shared: number, bySentence: boolean): TestSet {
  let goldItems = 0;
  for (let i = 0; i < data.u; i++) goldItems += data.isGold[i];
  return {
    gold: corpus.gold.source, units: data.unitKind, documents: corpus.documents.length, sentences: sentenceCount(corpus), goldItems,
    planningDocuments: bySentence ? 0 : shared, ...(bySentence ? { planningSentences: shared } : {}),
  };
}
