/**
 * `complan plan` as a library function (DESIGN §7): search the candidate ensembles of a corpus,
 * rank them by their actual objective on the planning data, show what the pairwise statistics
 * predicted for each, and report how far that prediction ranks candidates correctly and how
 * the chosen ensemble fares on documents it was not chosen on.
 */
import { UsageError } from '../errors.js';
import { buildEnsembleIndex, type EnsembleIndex } from '../ensemble/simulate.js';
import { BASE_RULES, ruleName, type Rule, type WeightSpec } from '../ensemble/rules.js';
import type { Corpus } from '../model/corpus.js';
import { popcount } from '../model/bitset.js';
import type { ZeroDivision } from '../metrics/prf.js';
import { buildPlanData, MAX_SYSTEMS, membersOf, type PlanData } from './data.js';
import { actualCounts, keptItems, type VoteWeights } from './engine.js';
import { exhaustive, subsetCount } from './exhaustive.js';
import { beam, betterCandidate, greedy, type PathStep } from './greedy.js';
import type { Objective } from './objective.js';
import { paretoFront } from './pareto.js';
import { rankAgreement } from './rank.js';
import { scoresOf, Scorer, type Counts4 } from './scores.js';
import { holdoutSplit, kFolds, pairedBootstrap } from './split.js';
import { makeContext, predictedCounts, type SearchContext } from './store.js';
import type { BootstrapResult, GreedyStep, HeldOut, HeldOutFold, PlanCandidate, PlanResult } from './types.js';

export type SearchStrategy = 'exhaustive' | 'greedy' | 'beam' | 'auto';

export interface PlanOptions {
  objective: Objective;
  /** Rules to try (default: union, intersection, majority, vote). */
  rules?: readonly Rule[];
  search?: SearchStrategy;
  guide?: 'score' | 'comp';
  /** Beam width (default 5). */
  beam?: number;
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
  /** Held-out fraction of documents, or a number of folds (not both). */
  holdout?: number;
  folds?: number;
  seed?: number;
  /** Paired bootstrap samples over documents (0: none). */
  bootstrap?: number;
  /** `auto` searches exhaustively up to this many member sets (default 65,535: sixteen systems). */
  autoLimit?: number;
  /** Exhaustive search refuses more member sets than this (default 2^24). */
  exhaustiveLimit?: number;
  onProgress?: (phase: string, done: number, total: number) => void;
}

interface Settings {
  rules: readonly Rule[];
  search: SearchStrategy;
  guide: 'score' | 'comp';
  beam: number;
  minSize: number;
  maxSize: number;
  top: number;
  seed: number;
}

interface Planned {
  ctx: SearchContext;
  /** Store indices of the listed candidates, best first. */
  ranking: number[];
  paths: PathStep[][];
  strategies: Array<'exhaustive' | 'greedy' | 'beam'>;
  /** Each system's objective value alone, and the best system. */
  singles: Float64Array;
  best: number;
}

function settingsOf(n: number, o: PlanOptions): Settings {
  const rules = o.rules ?? BASE_RULES;
  if (rules.length === 0) throw new UsageError('--rules: give at least one rule');
  const minSize = o.minSize ?? 1;
  const maxSize = Math.min(n, o.maxSize ?? n);
  if (!Number.isInteger(minSize) || minSize < 1) throw new UsageError(`--min-size expects a positive integer, got ${minSize}`);
  if (!Number.isInteger(maxSize) || maxSize < 1) throw new UsageError(`--max-size expects a positive integer, got ${o.maxSize}`);
  if (minSize > maxSize) throw new UsageError(`--min-size ${minSize} is above --max-size ${maxSize} (with ${n} systems)`);
  return {
    rules, minSize, maxSize, search: o.search ?? 'auto', guide: o.guide ?? 'score', beam: o.beam ?? 5,
    top: o.top ?? 10, seed: o.seed ?? 1,
  };
}

function costsOf(names: readonly string[], costs: ReadonlyMap<string, number> | undefined): Float64Array {
  if (costs !== undefined) {
    for (const name of costs.keys()) {
      if (!names.includes(name)) throw new UsageError(`--cost names "${name}", which is not a system (systems: ${names.join(', ')})`);
    }
  }
  return Float64Array.from(names, (name) => costs?.get(name) ?? 1);
}

/** Runs the search on one planning data set. */
function search(data: PlanData, scorer: Scorer, s: Settings, budget: number | undefined, o: PlanOptions, phase: string): Planned {
  const ctx = makeContext(data, s.rules, scorer, s.minSize, s.maxSize);
  const n = data.n;
  const singles = new Float64Array(n);
  let best = 0;
  for (let m = 0; m < n; m++) {
    singles[m] = scorer.value({ tp: data.tp[m], fp: data.fp[m], fn: data.goldSize - data.tp[m], s: data.s[m] }, 1, scorer.costs[m]);
    if (scorer.key(singles[m]) > scorer.key(singles[best])) best = m;
  }
  const subsets = subsetCount(n, s.minSize, s.maxSize);
  const strategies: Planned['strategies'] = [];
  let runExhaustive = s.search === 'exhaustive';
  if (s.search === 'auto') runExhaustive = subsets <= (o.autoLimit ?? 65535);
  if (runExhaustive) {
    const limit = o.exhaustiveLimit ?? 2 ** 24;
    if (subsets > limit) {
      throw new UsageError(`exhaustive search over ${n} systems means ${subsets} member sets (more than ${limit}); lower --max-size or use --search greedy or beam`);
    }
    strategies.push('exhaustive');
    exhaustive(ctx, o.onProgress === undefined ? undefined : (d, t) => o.onProgress!(`${phase}exhaustive`, d, t));
  }
  // The greedy path is always reported.
  const paths: PathStep[][] = [];
  strategies.push('greedy');
  s.rules.forEach((_, r) => {
    paths.push(greedy(ctx, r, s.guide, best));
    o.onProgress?.(`${phase}greedy`, r + 1, s.rules.length);
  });
  if (s.search === 'beam' || (s.search === 'auto' && !runExhaustive)) {
    strategies.push('beam');
    s.rules.forEach((_, r) => {
      beam(ctx, r, s.beam);
      o.onProgress?.(`${phase}beam`, r + 1, s.rules.length);
    });
  }
  // The listed candidates: within the size range and the budget, best first.
  const { store } = ctx;
  const top: number[] = [];
  for (let k = 0; k < store.length; k++) {
    const size = popcount(store.masks[k]);
    if (size < s.minSize || size > s.maxSize) continue;
    if (budget !== undefined && scorer.costOf(store.masks[k]) > budget) continue;
    if (top.length === s.top && !betterCandidate(ctx, k, top[top.length - 1])) continue;
    let at = top.length;
    while (at > 0 && betterCandidate(ctx, k, top[at - 1])) at--;
    top.splice(at, 0, k);
    if (top.length > s.top) top.pop();
  }
  return { ctx, ranking: top, paths, strategies, singles, best };
}

function names(data: PlanData, S: number): string[] {
  return membersOf(S).map((m) => data.names[m]);
}

/** Full scores of a candidate on some data (slots counted). */
function fullCounts(data: PlanData, S: number, rule: Rule, weights: VoteWeights | undefined): Counts4 & { ties: number } {
  return actualCounts(data, S, rule, true, weights);
}

function candidateOf(p: Planned, k: number, rank: number, budget: number | undefined, front: boolean[] | undefined): PlanCandidate {
  const { ctx, singles } = p;
  const { data, scorer, store } = ctx;
  const S = store.masks[k];
  const r = store.rules[k];
  const rule = ctx.rules[r];
  const size = popcount(S);
  const cost = scorer.costOf(S);
  const a = fullCounts(data, S, rule, ctx.weights[r]);
  const pc = predictedCounts(data, S, rule);
  const actual = scoresOf(a, scorer.settings);
  const predicted = scoresOf(pc, scorer.settings);
  const av = scorer.value(a, size, cost);
  const pv = scorer.value(pc, size, cost);
  let bestMember = -1;
  for (const m of membersOf(S)) if (bestMember < 0 || scorer.key(singles[m]) > scorer.key(singles[bestMember])) bestMember = m;
  const sign = scorer.objective.minimise ? -1 : 1;
  return {
    rank, members: names(data, S), rule: ruleName(rule), size, cost,
    gain: sign * (av - singles[bestMember]), bestMember: data.names[bestMember],
    objective: { actual: av, predicted: pv, gap: av - pv },
    actual, predicted, predictedVia: pc.method, ties: a.ties,
    withinBudget: budget === undefined || cost <= budget,
    pareto: front?.[k] ?? false,
  };
}

function greedySteps(p: Planned): GreedyStep[] {
  const { ctx } = p;
  const out: GreedyStep[] = [];
  for (const path of p.paths) {
    path.forEach((st, i) => out.push({
      rule: ruleName(ctx.rules[st.rule]), step: i + 1, added: ctx.data.names[st.added], members: names(ctx.data, st.mask),
      actual: st.actual, predicted: st.predicted, comp: st.comp,
    }));
  }
  return out;
}

/** Per-document counts (TP, FP, FN, S) of a set of kept items. */
function countsByDocument(data: PlanData, keep: Uint8Array): Counts4[] {
  const out: Counts4[] = Array.from({ length: data.documents }, () => ({ tp: 0, fp: 0, fn: 0, s: 0 }));
  for (let i = 0; i < data.u; i++) {
    const c = out[data.doc[i]];
    if (data.isGold[i]) {
      if (keep[i]) c.tp++;
      else c.fn++;
    } else if (keep[i]) {
      c.fp++;
    }
  }
  for (const b of data.xBoundaries) {
    let kept = 0;
    let x = 0;
    let d = 0;
    for (let e = data.bStart[b]; e < data.bStart[b + 1]; e++) {
      const i = data.bItems[e];
      d = data.doc[i];
      if (!keep[i]) continue;
      if (data.isGold[i]) kept++;
      else x++;
    }
    out[d].s += Math.min(data.bGold[b] - kept, x);
  }
  return out;
}

function docSet(list: readonly number[], documents: number): Uint8Array {
  const set = new Uint8Array(documents);
  for (const d of list) set[d] = 1;
  return set;
}

/** Plans on the training documents and scores the choice on the held-out ones. */
function heldOutFold(index: EnsembleIndex, scorer: Scorer, s: Settings, budget: number | undefined, o: PlanOptions, train: number[], test: number[], fold: number, planned?: Planned): HeldOutFold {
  const documents = index.corpus.documents.length;
  const inTrain = docSet(train, documents);
  const inTest = docSet(test, documents);
  const p = planned ?? search(buildPlanData(index, (d) => inTrain[d] === 1), scorer, s, budget, o, `fold ${fold}: `);
  const trainData = p.ctx.data;
  const testData = buildPlanData(index, (d) => inTest[d] === 1);
  // The choice is applied as planned: weights and the tie-break order come from the training documents.
  testData.rank = trainData.rank;
  const k = p.ranking[0];
  const S = p.ctx.store.masks[k];
  const r = p.ctx.store.rules[k];
  const rule = s.rules[r];
  const size = popcount(S);
  const cost = scorer.costOf(S);
  const planningCounts = fullCounts(trainData, S, rule, p.ctx.weights[r]);
  const heldCounts = fullCounts(testData, S, rule, p.ctx.weights[r]);
  const b = p.best;
  const singleHeld = scorer.value({ tp: testData.tp[b], fp: testData.fp[b], fn: testData.goldSize - testData.tp[b], s: testData.s[b] }, 1, scorer.costs[b]);
  return {
    fold, trainDocuments: train.length, testDocuments: test.length,
    chosen: { members: names(trainData, S), rule: ruleName(rule) },
    planning: { objective: scorer.value(planningCounts, size, cost), scores: scoresOf(planningCounts, scorer.settings) },
    heldOut: { objective: scorer.value(heldCounts, size, cost), scores: scoresOf(heldCounts, scorer.settings) },
    bestSingle: { name: trainData.names[b], planning: p.singles[b], heldOut: singleHeld },
  };
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/**
 * Plans ensembles of the corpus's systems (see the module comment and DESIGN §7).
 * @throws UsageError for options that cannot apply (sizes, costs naming no system, too large an
 *   exhaustive space, both holdout and folds, a split with too few documents).
 */
export function plan(corpus: Corpus, o: PlanOptions): PlanResult {
  return runPlan(corpus, o).result;
}

/**
 * What a saved plan of a listed candidate needs from the planning data: for `weighted`, the
 * weights as numbers (F1 or per-label F1 on the planning documents, or the given ones), and for
 * typed rules the members best first on the planning documents (the order label ties follow).
 */
export interface PlanResolution {
  weights?: WeightSpec;
  tieBreak?: string[];
}

function resolutionOf(data: PlanData, S: number, rule: Rule): PlanResolution {
  const members = membersOf(S);
  const tieBreak = [...members].sort((a, b) => data.rank[a] - data.rank[b]).map((m) => data.names[m]);
  if (rule.kind !== 'weighted') return { tieBreak };
  const spec = rule.weights;
  let weights: WeightSpec;
  if (spec.kind === 'f1') {
    weights = { kind: 'given', weights: new Map(members.map((m) => [data.names[m], data.f1[m]])) };
  } else if (spec.kind === 'label-f1') {
    weights = {
      kind: 'table',
      weights: new Map(members.map((m) => [data.names[m], {
        overall: data.f1[m], byLabel: new Map(data.labels.map((l, i) => [l, data.labelF1[m][i]])),
      }])),
    };
  } else {
    weights = spec;
  }
  return { weights, tieBreak };
}

/** A plan with what the CLI needs beyond its result. */
export interface PlanRun {
  result: PlanResult;
  /** The resolution of the listed candidate of rank `rank` (from 1), for `--save-plan`. */
  resolution: (rank: number) => PlanResolution;
  /** Every evaluated candidate in the size range as a scatter point; the listed ones last, best first, labelled and highlighted. */
  scatter: () => Array<{ predicted: number; actual: number; rule: string; label: string; highlight: boolean }>;
}

/** {@link plan}, with the resolution of each listed candidate (by rank, from 1) for `--save-plan`. */
export function runPlan(corpus: Corpus, o: PlanOptions): PlanRun {
  const n = corpus.systems.length;
  if (n > MAX_SYSTEMS) throw new UsageError(`the planner takes at most ${MAX_SYSTEMS} systems, got ${n}; choose some with fewer inputs`);
  const s = settingsOf(n, o);
  if (o.holdout !== undefined && o.folds !== undefined) throw new UsageError('--holdout and --folds cannot be used together');
  const scorer = new Scorer(o.objective, { beta: o.beta ?? 1, kAlpha: o.kAlpha ?? 1, zeroDivision: o.zeroDivision ?? 'gerbil' }, costsOf(corpus.systems.map((x) => x.name), o.costs));
  const index = buildEnsembleIndex(corpus, { types: o.types });
  const documents = corpus.documents.length;
  let heldOut: HeldOut | undefined;
  let main: Planned;
  const notes: string[] = [];
  if (o.holdout !== undefined) {
    const split = holdoutSplit(documents, o.holdout, s.seed);
    const inTrain = docSet(split.train, documents);
    main = search(buildPlanData(index, (d) => inTrain[d] === 1), scorer, s, o.budget, o, '');
    const fold = heldOutFold(index, scorer, s, o.budget, o, split.train, split.test, 1, main);
    heldOut = {
      kind: 'holdout', fraction: o.holdout, seed: s.seed, perFold: [fold],
      meanPlanning: fold.planning.objective, meanHeldOut: fold.heldOut.objective, meanBestSingleHeldOut: fold.bestSingle.heldOut,
    };
    notes.push(`planned on ${split.train.length} of ${documents} documents; the other ${split.test.length} are held out (seed ${s.seed})`);
  } else {
    main = search(buildPlanData(index), scorer, s, o.budget, o, '');
    if (o.folds !== undefined) {
      const folds = kFolds(documents, o.folds, s.seed);
      const perFold = folds.map((test, f) => {
        const inTest = docSet(test, documents);
        const train: number[] = [];
        for (let d = 0; d < documents; d++) if (!inTest[d]) train.push(d);
        return heldOutFold(index, scorer, s, o.budget, o, train, test, f + 1);
      });
      heldOut = {
        kind: 'folds', folds: o.folds, seed: s.seed, perFold,
        meanPlanning: mean(perFold.map((f) => f.planning.objective)),
        meanHeldOut: mean(perFold.map((f) => f.heldOut.objective)),
        meanBestSingleHeldOut: mean(perFold.map((f) => f.bestSingle.heldOut)),
      };
    }
  }
  const { ctx } = main;
  const { store, data } = ctx;
  if (main.ranking.length === 0) {
    throw new UsageError(o.budget !== undefined ? `no candidate costs at most --budget ${o.budget}` : 'no candidate to rank');
  }
  // Pareto front of objective against cost, over every evaluated candidate in the size range.
  const inRange: number[] = [];
  for (let k = 0; k < store.length; k++) {
    const size = popcount(store.masks[k]);
    if (size >= s.minSize && size <= s.maxSize) inRange.push(k);
  }
  const flags = paretoFront(inRange.map((k) => ({ cost: scorer.costOf(store.masks[k]), value: store.actual[k] })), !scorer.objective.minimise);
  const front: boolean[] = new Array<boolean>(store.length).fill(false);
  inRange.forEach((k, i) => { front[k] = flags[i]; });
  const candidates = main.ranking.map((k, i) => candidateOf(main, k, i + 1, o.budget, front));
  let frontList: PlanCandidate[] | undefined;
  if (o.costs !== undefined || o.budget !== undefined) {
    const onFront = inRange.filter((k) => front[k]);
    onFront.sort((a, b) => scorer.costOf(store.masks[a]) - scorer.costOf(store.masks[b]) || (betterCandidate(ctx, a, b) ? -1 : 1));
    // One entry per member set and score: a single system is the same ensemble under every rule.
    const distinct = onFront.filter((k, i) => i === 0 || store.masks[k] !== store.masks[onFront[i - 1]] || store.actual[k] !== store.actual[onFront[i - 1]]);
    frontList = distinct.slice(0, 50).map((k) => candidateOf(main, k, main.ranking.indexOf(k) + 1, o.budget, front));
  }
  const agreement = rankAgreement(
    Float64Array.from(inRange, (k) => store.predicted[k]),
    Float64Array.from(inRange, (k) => store.actual[k]),
    Math.max(1, Math.min(Math.max(10, s.top), inRange.length)),
    !scorer.objective.minimise,
  );
  let bootstrap: BootstrapResult | undefined;
  if (o.bootstrap !== undefined && o.bootstrap > 0) {
    const k = main.ranking[0];
    const S = store.masks[k];
    const r = store.rules[k];
    const perA = countsByDocument(data, keptItems(data, S, ctx.rules[r], ctx.weights[r]));
    const perB = countsByDocument(data, keptItems(data, 1 << main.best, { kind: 'union' }));
    const sizeA = popcount(S);
    const costA = scorer.costOf(S);
    const costB = scorer.costs[main.best];
    const b = pairedBootstrap(perA, perB, (c) => scorer.value(c, sizeA, costA), {
      samples: o.bootstrap, seed: s.seed, lowerIsBetter: scorer.objective.minimise,
      metricB: (c) => scorer.value(c, 1, costB),
    });
    bootstrap = {
      samples: o.bootstrap, seed: s.seed, confidence: 0.95,
      candidate: { members: names(data, S), rule: ruleName(ctx.rules[r]) }, bestSingle: data.names[main.best],
      observed: b.observed, mean: b.mean, low: b.low, high: b.high, notBetter: b.notBetter,
    };
  }
  const result: PlanResult = {
    schemaVersion: 1,
    objective: { text: o.objective.text, minimise: o.objective.minimise, description: o.objective.description },
    rules: s.rules.map(ruleName),
    search: { requested: s.search, strategies: main.strategies, guide: s.guide, beam: s.beam, minSize: s.minSize, maxSize: s.maxSize, evaluated: store.length },
    match: 'strict', beta: scorer.settings.beta, kAlpha: scorer.settings.kAlpha,
    systems: data.names.slice(),
    bestSingle: { name: data.names[main.best], objective: main.singles[main.best] },
    budget: o.budget ?? null,
    candidates,
    ...(frontList === undefined ? {} : { paretoFront: frontList }),
    greedyPath: greedySteps(main),
    rankAgreement: agreement,
    notes,
    ...(heldOut === undefined ? {} : { heldOut }),
    ...(bootstrap === undefined ? {} : { bootstrap }),
  };
  const resolution = (rank: number) => {
    const k = main.ranking[rank - 1];
    return resolutionOf(data, store.masks[k], ctx.rules[store.rules[k]]);
  };
  // The listed candidates come last, best first, so that the figure numbers them by rank.
  const scatter = () => {
    const listed = new Set(main.ranking);
    const point = (k: number, highlight: boolean) => {
      const rule = ruleName(ctx.rules[store.rules[k]]);
      return {
        predicted: store.predicted[k], actual: store.actual[k], rule, highlight,
        label: highlight ? `${rule}(${names(data, store.masks[k]).join('+')})` : '',
      };
    };
    return [...inRange.filter((k) => !listed.has(k)).map((k) => point(k, false)), ...main.ranking.map((k) => point(k, true))];
  };
  return { result, resolution, scatter };
}
