/**
 * The plan's recommendation, from the selection-aware held-out estimates of every procedure
 * (heldout.ts): **the simplest procedure whose held-out objective is within one standard error
 * of the best one's**, where the procedures that select nothing (`vote-all`, then
 * `majority-all`) count as simplest, then the others by the number of members they choose on the
 * planning data (`best-single` first). So when no selection beats the vote or the majority of
 * all systems beyond noise, that baseline is recommended, and its basis says so. "Beyond noise"
 * is also checked directly: a procedure that selects is recommended only when it beats both
 * no-selection baselines held out with an approximate-randomization p-value below `alpha`
 * (default 0.05) and a paired-bootstrap 95% interval above zero (see {@link beyondNoise}); the simplest procedure that is within one standard error of the best and
 * passes that test is recommended, and when none passes, vote-all is (majority-all only when it
 * beats vote-all beyond noise, and likewise whenever majority-all would be picked).
 *
 * Only procedures whose choice is within the limits given (`RecommendOptions.within`: sizes and
 * budget) are considered; the others are reported but never recommended. When neither
 * no-selection baseline is within them, the simplest procedure within one standard error of the
 * best held out among those that are is recommended (basis `within-limits`).
 *
 * The standard error of procedure p against the best b is that of their paired difference: the
 * larger of
 * - the corrected resampled standard error of the per-split differences d_j (Nadeau & Bengio
 *   2003): sd(d)·√(1/J + n_test/n_train), J splits (folds × repeats), which allows for the
 *   training parts overlapping; only with J ≥ 2;
 * - the paired bootstrap's standard error over the held-out units (significance.ts).
 * p is within one standard error when mean(d) ≤ SE. A procedure that selects is never preferred
 * when its held-out mean is below a no-selection baseline's, even if its comparison with the best
 * is noisy enough to be within one standard error. (The one-standard-error rule: Breiman,
 * Friedman, Olshen & Stone, *Classification and Regression Trees*, 1984, §3.4.3; Hastie,
 * Tibshirani & Friedman, *The Elements of Statistical Learning*, 2009, §7.10.)
 *
 * The recommendation's comparisons with each baseline (`vsBaselines`) are the paired tests of
 * significance.ts on the held-out units; the choice among procedures is made on the same held-out
 * figures, which can flatter the recommended procedure a little when it is not a no-selection
 * baseline (a test set, `--test`, gives an untouched figure).
 *
 * References: C. Nadeau, Y. Bengio, "Inference for the generalization error", Machine Learning
 * 52 (2003); R. R. Bouckaert, E. Frank, "Evaluating the replicability of significance tests for
 * comparing learning algorithms", PAKDD 2004.
 */
import { choiceKept, countsByUnit, type Choice } from './choice.js';
import type { PlanData } from './data.js';
import type { SplitRun } from './heldout.js';
import { BASELINE_NAMES, NO_SELECTION, PROCEDURE_NAMES, type Chosen } from './procedures.js';
import type { Scorer } from './scores.js';
import { pairedTests, pairedTestsOfPairs, sampleSd, type PairedSidesSplit, type PairedSplit, type PairedTest } from './significance.js';
import { choiceWeights } from './choice.js';
import { ruleName } from '../ensemble/rules.js';
import type { PairedComparison, ProcedureName, Recommendation, RecommendationBasis, TestFigures, TestSettings } from './types.js';

export interface RecommendOptions {
  samples: number;
  seed: number;
  units: 'document' | 'sentence';
  /** Significance level a selecting procedure must reach against each no-selection baseline (default 0.05). */
  alpha: number;
  /**
   * Whether a choice is within the limits the user gave (sizes, budget): a procedure whose choice
   * is not is never recommended, and the rule below is applied to the others. Default: every choice is.
   */
  within?: (choice: Choice) => boolean;
}

/** The objective of counts for a choice (its size and cost). */
function metricOf(names: readonly string[], scorer: Scorer, choice: Choice) {
  let cost = 0;
  for (const m of choice.members) cost += scorer.costs[names.indexOf(m)];
  const size = choice.members.length;
  return (c: { tp: number; fp: number; fn: number; s: number }) => scorer.value(c, size, cost);
}

/**
 * The paired tests of every procedure against every other over the held-out parts of the runs,
 * keyed `a|b`: each as {@link pairedTests} of a against b would give it, all from one pass a
 * resample (see pairedTestsOfPairs).
 */
export function heldOutTests(runs: readonly SplitRun[], names: readonly string[], scorer: Scorer, o: RecommendOptions): Map<string, PairedTest> {
  const splits: PairedSidesSplit[] = runs.map((r) => ({
    units: r.split.test,
    counts: PROCEDURE_NAMES.map((p) => r.counts[p]),
    metrics: PROCEDURE_NAMES.map((p) => metricOf(names, scorer, r.chosen[p])),
  }));
  const pairs: Array<[number, number]> = [];
  for (let a = 0; a < PROCEDURE_NAMES.length; a++) for (let b = 0; b < PROCEDURE_NAMES.length; b++) if (a !== b) pairs.push([a, b]);
  const tests = pairedTestsOfPairs(splits, pairs, { samples: o.samples, seed: o.seed, lowerIsBetter: scorer.objective.minimise, readsS: scorer.objective.usesSlots });
  return new Map(pairs.map(([a, b], k) => [`${PROCEDURE_NAMES[a]}|${PROCEDURE_NAMES[b]}`, tests[k]]));
}

/** The paired tests of choice a against choice b on all the units of (test) data. */
export function dataTest(data: PlanData, scorer: Scorer, a: Choice, b: Choice, o: RecommendOptions): PairedTest {
  const units: number[] = [];
  for (let u = 0; u < data.units; u++) units.push(u);
  const split: PairedSplit = {
    units, a: countsByUnit(data, choiceKept(data, a)), b: countsByUnit(data, choiceKept(data, b)),
    metricA: metricOf(data.names, scorer, a), metricB: metricOf(data.names, scorer, b),
  };
  return pairedTests([split], split.metricA!, { samples: o.samples, seed: o.seed, lowerIsBetter: scorer.objective.minimise, readsS: scorer.objective.usesSlots });
}

/**
 * Whether a paired test shows a gain beyond noise at `alpha`: a positive observed gain, an
 * approximate-randomization p below `alpha`, and a bootstrap 95% interval whose lower end is above
 * zero (an interval undefined for a single unit sets no further condition: randomization's p
 * cannot fall below 0.5 there anyway).
 */
export function beyondNoise(t: Pick<PairedTest, 'observed' | 'pRandomization' | 'low'>, alpha: number): boolean {
  return t.observed > 0 && t.pRandomization < alpha && !(t.low <= 0);
}

/** A paired test as a comparison with a baseline. */
export function comparisonOf(name: PairedComparison['name'], t: PairedTest): PairedComparison {
  return { name, meanDiff: t.observed, sd: t.sd, se: t.se, ci95: [t.low, t.high], p: t.pRandomization, pBootstrap: t.pBootstrap, differing: t.differing };
}

export interface RecommendResult {
  recommendation: Recommendation;
  /** Per procedure: the standard error used against the best, and whether it was within it. */
  standing: Array<{ name: ProcedureName; behind: number; se: number; within: boolean }>;
}

/** The order of simplicity: no-selection baselines first, then by members chosen, then input order. */
function simplicityOrder(chosen: Record<ProcedureName, Chosen>): ProcedureName[] {
  const rest = PROCEDURE_NAMES.filter((p) => !NO_SELECTION.includes(p));
  // Among choices of one size, best-single (no search) before the search's choice and caruana.
  const searchless = (p: ProcedureName) => (p === 'best-single' ? 0 : 1);
  rest.sort((a, b) => chosen[a].choice.members.length - chosen[b].choice.members.length || searchless(a) - searchless(b) || PROCEDURE_NAMES.indexOf(a) - PROCEDURE_NAMES.indexOf(b));
  return [...NO_SELECTION, ...rest];
}

function recommendationOf(name: ProcedureName, choice: Choice, basis: RecommendationBasis, alpha: number): Omit<Recommendation, 'heldOut' | 'vsBaselines' | 'tests'> {
  const weights = choiceWeights(choice);
  return {
    procedure: name, members: [...choice.members], rule: ruleName(choice.rule), ...(weights === undefined ? {} : { weights }), basis, alpha,
  };
}

/**
 * The recommendation (see the module comment). Without held-out runs there is no evidence that
 * any selection beats the vote of all systems, and that is what is recommended.
 */
export function recommend(runs: readonly SplitRun[], chosen: Record<ProcedureName, Chosen>, data: PlanData, scorer: Scorer, o: RecommendOptions): RecommendResult {
  // The procedures that may be recommended: those whose choice is within the limits given (the
  // search's own always is; every procedure when none is, which the search prevents).
  const inLimits = PROCEDURE_NAMES.filter((p) => o.within === undefined || o.within(chosen[p].choice));
  const pool = inLimits.length > 0 ? inLimits : [...PROCEDURE_NAMES];
  const noSelection = NO_SELECTION.filter((p) => pool.includes(p));
  if (runs.length === 0) {
    const pick = noSelection[0] ?? 'selection';
    return {
      recommendation: { ...recommendationOf(pick, chosen[pick].choice, { kind: 'no-held-out' }, o.alpha), heldOut: null, vsBaselines: [], tests: null },
      standing: [],
    };
  }
  const names = data.names;
  const key = (p: ProcedureName) => runs.map((r) => scorer.key(r.heldOut[p]));
  const meanKey = (p: ProcedureName) => key(p).reduce((a, b) => a + b, 0) / runs.length;
  // The best held out; on a tie, the simplest of those tied.
  const bySimplicity = simplicityOrder(chosen).filter((p) => pool.includes(p));
  let best: ProcedureName = bySimplicity[0];
  for (const p of bySimplicity) if (meanKey(p) > meanKey(best)) best = p;
  // n_test / n_train, averaged over the splits.
  const ratio = runs.reduce((a, r) => a + r.split.test.length / Math.max(1, r.split.train.length), 0) / runs.length;
  const tests = heldOutTests(runs, names, scorer, o);
  const test = (a: ProcedureName, b: ProcedureName) => tests.get(`${a}|${b}`)!;
  const standing = PROCEDURE_NAMES.map((p) => {
    if (p === best) return { name: p, behind: 0, se: 0, within: true };
    const kb = key(best);
    const diffs = key(p).map((v, j) => kb[j] - v);
    const behind = diffs.reduce((a, b) => a + b, 0) / diffs.length;
    const sd = sampleSd(diffs);
    const corrected = sd === null ? 0 : sd * Math.sqrt(1 / runs.length + ratio);
    const boot = test(best, p).se;
    const se = Math.max(corrected, Number.isNaN(boot) ? 0 : boot);
    return { name: p, behind, se, within: pool.includes(p) && Number.isFinite(behind) && behind <= se + 1e-12 };
  });
  // A procedure that did worse held out than a no-selection baseline is never preferred to it,
  // however noisy the comparison with the best (a single system often is).
  const floor = Math.max(...noSelection.map(meanKey));
  const within = new Set(standing.filter((x) => x.within && (NO_SELECTION.includes(x.name) || meanKey(x.name) >= floor)).map((x) => x.name));
  // Beyond noise: a procedure that selects must also beat each no-selection baseline
  // significantly, by randomization's p and with the bootstrap's 95% interval above zero (the two
  // can disagree on a tiny but steady difference, and a plan must not claim what its interval denies).
  const significant = (p: ProcedureName, q: ProcedureName) => beyondNoise(test(p, q), o.alpha);
  const order = simplicityOrder(chosen).filter((p) => pool.includes(p));
  // (Without a no-selection baseline within the limits, every procedure within noise of the best qualifies.)
  const beatsBoth = (p: ProcedureName) => noSelection.every((q) => significant(p, q));
  const eligible = (p: ProcedureName) => within.has(p) && (NO_SELECTION.includes(p) || beatsBoth(p));
  let pick = order.find(eligible);
  // When nothing qualifies, the simplest selecting procedure within noise of the best failed the significance test.
  const failed = pick === undefined ? order.find((p) => within.has(p)) ?? best : undefined;
  pick ??= noSelection.includes('majority-all') ? 'majority-all' : noSelection[0] ?? best;
  // Of the two no-selection baselines, vote-all is the reference: majority-all only when it beats it beyond noise.
  const majorityOverVote = pick === 'majority-all' && noSelection.includes('vote-all') && !significant('majority-all', 'vote-all');
  if (majorityOverVote) pick = 'vote-all';
  // The search's choice, then the baselines: every procedure but the recommended one.
  const versus: ProcedureName[] = (['selection', ...BASELINE_NAMES] as ProcedureName[]).filter((q) => q !== pick);
  const vsBaselines = versus.map((q) => comparisonOf(q, test(pick!, q)));
  const figures = (p: ProcedureName, q: ProcedureName): TestFigures => {
    const t = test(p, q);
    return { diff: t.observed, p: t.pRandomization, ci95: [t.low, t.high], differing: t.differing };
  };
  let basis: RecommendationBasis;
  if (noSelection.length === 0) {
    const st = standing.find((x) => x.name === pick)!;
    basis = { kind: 'within-limits', best, behind: st.behind, se: st.se };
  } else if (failed !== undefined) {
    basis = { kind: 'not-significant', failed, best, vsVoteAll: figures(failed, 'vote-all'), vsMajorityAll: figures(failed, 'majority-all') };
  } else if (majorityOverVote) {
    basis = { kind: 'majority-not-beyond-vote', best, majorityVsVote: figures('majority-all', 'vote-all') };
  } else if (NO_SELECTION.includes(pick)) {
    const st = standing.find((x) => x.name === pick)!;
    basis = pick === best ? { kind: 'best-held-out' } : { kind: 'within-noise', best, behind: st.behind, se: st.se };
  } else {
    const skipped = order.slice(0, order.indexOf(pick)).filter((p) => !NO_SELECTION.includes(p) && within.has(p));
    basis = { kind: 'beats-baselines', best, skipped };
  }
  const summary = runs.map((r) => r.heldOut[pick]);
  const settings: TestSettings = { on: 'held-out', units: o.units, samples: o.samples, seed: o.seed, reselected: false };
  return {
    recommendation: {
      ...recommendationOf(pick, chosen[pick].choice, basis, o.alpha),
      heldOut: { mean: summary.reduce((a, b) => a + b, 0) / summary.length, sd: sampleSd(summary), folds: runs.length },
      vsBaselines,
      tests: settings,
    },
    standing,
  };
}


