/**
 * Ensemble selection with replacement (Caruana, Niculescu-Mizil, Crew & Ksikes, "Ensemble
 * selection from libraries of models", ICML 2004), the usual baseline for choosing members from
 * a library of models.
 *
 * Procedure, on the planning data:
 * 1. Sorted initialization (their §2.1): rank the systems by their objective alone, score the
 *    ensembles of the N best for every N, and start from the best of them (the smallest N among
 *    equals), each of its members with weight 1.
 * 2. Add to the ensemble the system whose addition gives the best objective — *with
 *    replacement*: a system already in the ensemble may be added again, which raises its
 *    weight by one. Ties go to the system with the higher F1 alone (then input order).
 * 3. Repeat for `steps` additions (default 2n, at least 10), even when an addition makes the
 *    objective worse (a later one may recover), and return the ensemble with the best objective
 *    along the path, the initial one included (the earliest among equals). The path stops early
 *    after `patience` additions (default 5) without a better objective: with replacement the
 *    objective levels off (a step scores its n additions in one pass over the boundaries:
 *    extensions.ts).
 * Sorted initialization matters more with votes than with averaged probabilities: from an empty
 * ensemble, the first system picked twice outvotes any two systems added after it.
 * Caruana et al. average the members' predicted probabilities; for labelled spans the ensemble
 * is the typed vote weighted by each system's count (`weighted` with those integer weights:
 * per boundary, each member votes its label or `O` with its weight, and the label wins when its
 * weight beats `O`'s; ties as in `vote`). With equal counts it is the plain `vote`.
 *
 * Bagged ensemble selection (their §2.3, against over-fitting the planning data): `bags` times,
 * draw a random half of the systems (⌈n/2⌉, seeded), run the selection on that half, and add up
 * the counts the runs return. `bags = 1` is plain selection over every system.
 */
import type { Rule } from '../ensemble/rules.js';
import { allHi, allLo, bitHi, bitLo, hasMember, setSize } from './member-set.js';
import { mulberry32 } from './split.js';
import type { PlanData } from './data.js';
import { actualVote, type VoteWeights } from './engine.js';
import { extensionCounts } from './extensions.js';
import { Scorer } from './scores.js';
import { checkObjective, objectiveSource, type Objective } from './objective.js';
import { checkInteger, checkSeed } from '../metrics/options-check.js';
import { checkOptionKeys, type NoneMissing } from '../metrics/option-keys.js';

/** The scorer of `objective`: itself when it is one, else the objective with its own β and α and every system's cost 1. */
function scorerOf(objective: Objective | Scorer, n: number): Scorer {
  if (objective instanceof Scorer) return objective;
  checkObjective(objective);
  const given = objectiveSource(objective)?.options ?? {};
  return new Scorer(objective, { beta: given.beta ?? 1, kAlpha: given.kAlpha ?? 1, zeroDivision: 'gerbil' }, new Float64Array(n).fill(1));
}

export interface CaruanaOptions {
  /** Number of bags; 1 (default) is plain selection over all systems. */
  bags?: number;
  /** Seed of the bags' draws. */
  seed?: number;
  /** Additions per run (default max(2n, 10)). */
  steps?: number;
  /** Stop after this many additions without a better objective (default 5). */
  patience?: number;
}

/** Every option {@link caruana} takes (any other key is refused). */
export const CARUANA_OPTION_KEYS = ['bags', 'seed', 'steps', 'patience'] as const satisfies readonly (keyof CaruanaOptions)[];
type _CaruanaOptionKeysListed = NoneMissing<Exclude<keyof CaruanaOptions, (typeof CARUANA_OPTION_KEYS)[number]>>;

export interface CaruanaStep {
  /** The system added. */
  added: number;
  /** Each system's count after the step. */
  weights: Int32Array;
  /** Objective value after the step. */
  value: number;
}

export interface CaruanaResult {
  /** Each system's count in the returned ensemble (0: not a member). */
  weights: Int32Array;
  /** Objective of the returned ensemble on the planning data. */
  value: number;
  /** The additions of the (first) run, in order. */
  path: CaruanaStep[];
  /** Number of ensembles scored. */
  evaluated: number;
}

/** The member bitmask of counts: its low word (systems 0–31). */
export function maskOfWeights(w: ArrayLike<number>): number {
  let S = 0;
  for (let m = 0; m < w.length; m++) if (w[m] > 0) S |= bitLo(m);
  return S;
}

/** The member bitmask of counts: its high word (systems 32–63). */
export function maskHiOfWeights(w: ArrayLike<number>): number {
  let S = 0;
  for (let m = 0; m < w.length; m++) if (w[m] > 0) S |= bitHi(m);
  return S;
}

/**
 * The rule of counts: `vote` when every member has the same count, else `weighted` with the
 * counts as given weights (by system name).
 */
export function ruleOfWeights(data: PlanData, w: ArrayLike<number>): Rule {
  const counts: number[] = [];
  for (let m = 0; m < w.length; m++) if (w[m] > 0) counts.push(w[m]);
  if (counts.every((c) => c === counts[0])) return { kind: 'vote' };
  const weights = new Map<string, number>();
  for (let m = 0; m < w.length; m++) if (w[m] > 0) weights.set(data.names[m], w[m]);
  return { kind: 'weighted', weights: { kind: 'given', weights } };
}

/** Vote weights of integer counts. */
function voteWeightsOf(data: PlanData, w: Int32Array): VoteWeights {
  const L = Math.max(1, data.labels.length);
  const label = new Float64Array(data.n * L);
  const o = new Float64Array(data.n);
  for (let m = 0; m < data.n; m++) {
    o[m] = w[m];
    label.fill(w[m], m * L, (m + 1) * L);
  }
  return { unit: false, label, o };
}

/** The objective of the ensemble of counts `w` (bitmask S, Shi). */
function valueOf(data: PlanData, scorer: Scorer, vw: VoteWeights, S: number, Shi: number): number {
  if (S === 0 && Shi === 0) return Number.NaN;
  return scorer.value(actualVote(data, S, Shi, vw), setSize(S, Shi), scorer.costOf(S, Shi));
}

/** One run of selection with replacement over the systems of `library` (a bitmask, two words). */
function run(data: PlanData, scorer: Scorer, library: number, libraryHi: number, steps: number, patience: number): CaruanaResult {
  const n = data.n;
  const L = Math.max(1, data.labels.length);
  const w = new Int32Array(n);
  const vw = voteWeightsOf(data, w);
  const bump = (m: number, by: number) => {
    w[m] += by;
    vw.o[m] += by;
    for (let l = 0; l < L; l++) vw.label[m * L + l] += by;
  };
  // The library by objective alone, best first (ties: F1 rank). Each system alone is an
  // extension of the empty ensemble, so one pass scores them all.
  const singles = extensionCounts(data, 0, 0, w);
  const members = Array.from({ length: n }, (_, m) => m).filter((m) => hasMember(library, libraryHi, m));
  const alone = new Map(members.map((m) => [m, scorer.value(singles[m], 1, scorer.costOf(bitLo(m), bitHi(m)))]));
  const order = [...members].sort((a, b) => {
    const ka = scorer.key(alone.get(a)!);
    const kb = scorer.key(alone.get(b)!);
    return ka !== kb ? (ka > kb ? -1 : 1) : data.rank[a] - data.rank[b];
  });
  let evaluated = members.length;
  const path: CaruanaStep[] = [];
  let best: CaruanaStep | undefined;
  let S = 0;
  let Shi = 0;
  const record = (added: number, value: number) => {
    const st: CaruanaStep = { added, weights: Int32Array.from(w), value };
    path.push(st);
    if (best === undefined || scorer.key(st.value) > scorer.key(best.value)) best = st;
  };
  // Sorted initialization: the best N of the ensembles of the N best systems.
  let initN = 1;
  let initValue = Number.NaN;
  const initValues: number[] = [];
  for (let k = 0; k < order.length; k++) {
    // The ensemble of the k + 1 best is an extension of that of the k best (one pass, which
    // costs less than one vote over every boundary).
    const S2 = S | bitLo(order[k]);
    const S2hi = Shi | bitHi(order[k]);
    const v = k === 0 ? alone.get(order[0])! : scorer.value(extensionCounts(data, S, Shi, w)[order[k]], k + 1, scorer.costOf(S2, S2hi));
    bump(order[k], 1);
    S = S2;
    Shi = S2hi;
    initValues.push(v);
    evaluated++;
    if (k === 0 || scorer.key(v) > scorer.key(initValue)) {
      initN = k + 1;
      initValue = v;
    }
  }
  for (let k = order.length - 1; k >= initN; k--) {
    bump(order[k], -1);
    S &= ~bitLo(order[k]);
    Shi &= ~bitHi(order[k]);
  }
  w.fill(0);
  vw.o.fill(0);
  vw.label.fill(0);
  S = 0;
  Shi = 0;
  for (let k = 0; k < initN; k++) {
    bump(order[k], 1);
    S |= bitLo(order[k]);
    Shi |= bitHi(order[k]);
    record(order[k], initValues[k]);
  }
  let stale = 0;
  for (let step = 0; step < steps && stale < patience; step++) {
    const before = best!;
    let pick = -1;
    let pickValue = Number.NaN;
    // Every addition scored in one pass (extensions.ts): the same values as one vote each.
    const ext = extensionCounts(data, S, Shi, w);
    for (const m of order) {
      const S2 = S | bitLo(m);
      const S2hi = Shi | bitHi(m);
      const v = scorer.value(ext[m], setSize(S2, S2hi), scorer.costOf(S2, S2hi));
      evaluated++;
      if (pick < 0 || scorer.key(v) > scorer.key(pickValue)) {
        pick = m;
        pickValue = v;
      }
    }
    bump(pick, 1);
    S |= bitLo(pick);
    Shi |= bitHi(pick);
    record(pick, pickValue);
    stale = best === before ? stale + 1 : 0;
  }
  return { weights: Int32Array.from(best!.weights), value: best!.value, path, evaluated };
}

/**
 * Ensemble selection with replacement, plain or bagged (see the module comment), on `data`
 * (from buildPlanData) by `objective`: an objective from parseObjective (its F_β, K and counts
 * with the β and α it was parsed with, every system costing 1) or the planner's scorer.
 * @throws UsageError for a non-positive or fractional number of bags, steps or patience, a
 *   seed out of range, or an objective that is none.
 */
export function caruana(data: PlanData, objective: Objective | Scorer, options: CaruanaOptions = {}): CaruanaResult {
  checkOptionKeys('options', options, CARUANA_OPTION_KEYS);
  const n = data.n;
  const scorer = scorerOf(objective, n);
  const bags = options.bags ?? 1;
  const steps = options.steps ?? Math.max(2 * n, 10);
  const patience = options.patience ?? 5;
  checkInteger('bags', bags, 1);
  checkInteger('steps', steps, 1);
  checkInteger('patience', patience, 1);
  if (options.seed !== undefined) checkSeed(options.seed);
  if (bags === 1) return run(data, scorer, allLo(n), allHi(n), steps, patience);
  const random = mulberry32(options.seed ?? 1);
  const total = new Int32Array(n);
  let first: CaruanaResult | undefined;
  let evaluated = 0;
  const half = Math.ceil(n / 2);
  for (let b = 0; b < bags; b++) {
    // A random half of the systems (Fisher–Yates on the first `half` places).
    const order = Array.from({ length: n }, (_, m) => m);
    for (let i = 0; i < half; i++) {
      const j = i + Math.floor(random() * (n - i));
      [order[i], order[j]] = [order[j], order[i]];
    }
    let library = 0;
    let libraryHi = 0;
    for (let i = 0; i < half; i++) {
      library |= bitLo(order[i]);
      libraryHi |= bitHi(order[i]);
    }
    const r = run(data, scorer, library, libraryHi, steps, patience);
    first ??= r;
    evaluated += r.evaluated;
    for (let m = 0; m < n; m++) total[m] += r.weights[m];
  }
  const vw = voteWeightsOf(data, total);
  return { weights: total, value: valueOf(data, scorer, vw, maskOfWeights(total), maskHiOfWeights(total)), path: first!.path, evaluated: evaluated + 1 };
}
