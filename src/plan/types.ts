/**
 * The planner's result: candidates ranked by their actual objective on the planning
 * data, each with predicted scores from the pairwise statistics alone, the greedy path, how well
 * prediction ranks candidates, and the honest (held-out, bootstrap) view of what was chosen.
 *
 * The JSON output of `complan plan` is this object as it stands (`schemaVersion: 1`). Rates are
 * fractions in [0, 1]; SER and ERR may exceed 1 and are `null` when undefined (no gold items).
 */

import type { PairCounts } from '../complementarity/comp.js';

/** Scores of one candidate, actual (simulated) or predicted (from pairwise statistics). */
export interface CandidateScores {
  precision: number;
  recall: number;
  /** F_β with the command's β. */
  f: number;
  /** Makhoul's slot error rate (S+D+I)/N; null when N = 0. */
  ser: number | null;
  /** MUC ERR (S+D+I)/(N+I); null when N + I = 0 never happens with gold items, kept for symmetry. */
  err: number | null;
  /** K-measure with the command's α and β. */
  k: number;
  /** Counts: predicted ones may be fractional for three or more members. */
  tp: number;
  fp: number;
  fn: number;
  /** Substitutions (same boundary as a gold item, another label): S of C/S/D/I. */
  s: number;
}

/** How a candidate's predicted scores were obtained. */
export type PredictionMethod =
  /** One member (any rule), or two under union/intersection/kofn/majority: the complementarity identities, exact. */
  | 'exact'
  /** Three or more members, or a typed vote: the pairwise maximum-entropy estimator (see predict.ts). */
  | 'max-entropy'
  /** `weighted` with more than six members: the maximum-entropy estimate of the plain vote of the same members (weights left out). */
  | 'max-entropy-unweighted';

export interface PlanCandidate {
  /** 1-based, by actual objective (ties: predicted objective, then size, then input order). */
  rank: number;
  /** Member system names, in input order. */
  members: string[];
  /** The rule as written on the command line (`union`, `kofn:2`, `vote`, `weighted`). */
  rule: string;
  size: number;
  /** Sum of the members' costs (`--cost name=value`; a system without a given cost costs 1). */
  cost: number;
  /**
   * Actual objective minus that of the candidate's best single member under the same objective,
   * signed so that positive is better (for `ser`, the member's SER minus the candidate's).
   */
  gain: number;
  /** The name of that best member. */
  bestMember: string;
  objective: { actual: number; predicted: number; gap: number };
  actual: CandidateScores;
  predicted: CandidateScores;
  predictedVia: PredictionMethod;
  /** Label ties broken by the best member (typed rules; 0 for binary ones). */
  ties: number;
  /** Within `--budget` (true when no budget is set). */
  withinBudget: boolean;
  /** On the Pareto front of objective against cost (among all evaluated candidates). */
  pareto: boolean;
  /** `weighted` with given weights (ensemble selection's counts): weight per member. */
  weights?: Record<string, number>;
  /** On the test set (`--test`): not used for selection. */
  test?: ScoredOn;
}

export interface GreedyStep {
  rule: string;
  /** 1 for the starting single system. */
  step: number;
  /** The system added at this step. */
  added: string;
  members: string[];
  actual: number;
  predicted: number;
  /** For `--guide comp`: the F_Comp the added system offered the ensemble before it (else null). */
  comp: number | null;
}

export interface RankCorrelation {
  /** Number of candidates compared. */
  candidates: number;
  /** Spearman's ρ between predicted and actual objective (null when undefined, e.g. < 2 candidates). */
  spearman: number | null;
  /** Kendall's τ-b between predicted and actual objective (null when undefined). */
  kendall: number | null;
}

/**
 * How well the predicted objective ranks candidates by their actual objective, over the
 * candidates whose prediction is an estimate: candidates predicted exactly by construction (one
 * member; two under union, intersection, majority or kofn) are left out, as are duplicates (the
 * same member set kept by the same vote threshold under two binary rules: kofn:2 of three is
 * majority of three).
 */
export interface RankAgreement extends RankCorrelation {
  /** Candidates left out: exact by construction, and duplicates of a candidate already counted. */
  excluded: { exact: number; duplicates: number };
  /** D-measure of the predicted top-K, pertinent when in the actual top-K (null when no candidates). */
  dMeasure: number | null;
  /** K of the D-measure: fixed (10, or fewer candidates), whatever `--top` lists. */
  topK: number;
  /** The same per rule. */
  byRule: Array<RankCorrelation & { rule: string }>;
  /** Among the compared candidates whose actual objective beats the best single system's. */
  beatingBestSingle: RankCorrelation;
}

/**
 * How close predicted values come to actual ones over some candidates. Pairs with an undefined
 * side (NaN or ±∞, such as the SER of data without gold items) are left out.
 */
export interface PredictionAccuracy {
  /** Mean absolute error, mean |predicted − actual| (null when no pair). */
  mae: number | null;
  /** Mean signed error, mean (predicted − actual): positive when the predictor runs high (null when no pair). */
  bias: number | null;
  /** Spearman's ρ of predicted against actual (null when undefined: fewer than two pairs, or a constant side). */
  spearman: number | null;
}

/** The plan's prediction and two naive predictors, measured on the same candidates. */
export interface PredictorAccuracies {
  /** The prediction from the members' pairwise statistics (what `objective.predicted` reports). */
  predicted: PredictionAccuracy;
  /** "The candidate scores what its best member scores alone" (best under the measure itself). */
  bestMember: PredictionAccuracy;
  /** "The candidate scores the mean of its members' scores alone." */
  meanMember: PredictionAccuracy;
}

/** Prediction quality over a group of candidates: for the objective value and for F_β (the plan's β). */
export interface QualityGroup {
  /** Candidates in the group. */
  candidates: number;
  objective: PredictorAccuracies;
  f: PredictorAccuracies;
}

/**
 * How well the predictions of candidates come to their actual values, in-sample on the planning
 * data, over the candidates whose prediction is measured (those of the rank agreement) and not
 * exact by construction; per rule (all sizes) and per rule and size. Values are in the units of
 * the objective (fractions for rates), as the candidates' own.
 */
export interface PredictionQuality {
  /** What it was measured on. */
  sample: {
    /** Always true: measured on the planning data, which also chose the candidates. */
    inSample: true;
    /** Member sets whose candidates were measured, out of the member sets in the size range. */
    memberSets: number;
    of: number;
    /** Whether those member sets are a sample (more than 500 in the range) rather than all. */
    sampled: boolean;
    /** Candidates measured, and how many of them were left out as exact by construction. */
    candidates: number;
    exact: number;
  };
  byRule: Array<QualityGroup & { rule: string; bySize: Array<QualityGroup & { size: number }> }>;
}

/** A member of an explained candidate: its score alone, and what the candidate loses without it. */
export interface MemberContribution {
  name: string;
  /** The member alone (as a system): objective value and F_β. */
  alone: { objective: number; f: number };
  /** The candidate without this member, simulated with the same rule (null for a one-member candidate). */
  without: { objective: number; f: number } | null;
  /**
   * Leave-one-out gain: the candidate's actual objective minus `without`'s, signed so that
   * positive means the member helps (for a minimised objective, `without` minus the candidate);
   * null for a one-member candidate.
   */
  marginal: number | null;
}

/** Complementarity of X to A (what X offers A), as src/complementarity defines it; null when undefined. */
export interface PairComplementarity {
  pComp: number | null;
  rComp: number | null;
  /** F_βComp with the plan's β. */
  fComp: number | null;
}

/**
 * The pairwise statistics of two members (a before b in input order) behind a candidate's
 * prediction: the contingency counts of src/complementarity (a as A, b as X), and more.
 */
export interface PairExplanation extends PairCounts {
  a: string;
  b: string;
  /** Gold boundaries where both return the same wrong label (what predicts shared substitutions). */
  bothWrongLabel: number;
  /** What b offers a, and what a offers b. */
  bOffersA: PairComplementarity;
  aOffersB: PairComplementarity;
}

/**
 * Why a candidate scores what it does: each member's score alone and its leave-one-out gain, the
 * pairwise statistics its prediction is built from, and its predicted and actual scores, all
 * in-sample on the planning data.
 */
export interface CandidateExplanation {
  /** Rank among the listed candidates (0 when not one of them). */
  rank: number;
  members: string[];
  rule: string;
  /** `weighted` with given weights: weight per member. */
  weights?: Record<string, number>;
  size: number;
  objective: { actual: number; predicted: number };
  /** F_β with the plan's β. */
  f: { actual: number; predicted: number };
  predictedVia: PredictionMethod;
  contributions: MemberContribution[];
  /** Every pair of members, in input order. */
  pairs: PairExplanation[];
  /** What the reader needs to know (one member: nothing to leave out). */
  notes: string[];
}

/** A fact about how a plan was made that its reader needs. */
export type PlanNote =
  /** Fewer units than the default folds: as many folds as units. */
  | { kind: 'fewer-folds'; folds: number; units: number; unit: 'document' | 'sentence' }
  /** Fewer than two units: no held-out estimate. */
  | { kind: 'no-held-out'; units: number; unit: 'document' | 'sentence' }
  /** One document: splits and tests are by sentence. */
  | { kind: 'by-sentence' }
  /** A hold-out split: planned on `train` of `units` units, `test` held out. */
  | { kind: 'holdout'; train: number; test: number; units: number; unit: 'document' | 'sentence'; seed: number }
  /** With `samples` resamples no p-value can be below `alpha`. */
  | { kind: 'alpha-unreachable'; samples: number; alpha: number }
  /**
   * Only `units` units are held out, so approximate randomization (2^units ways to swap, two of
   * which give the observed difference) gives no p-value much below 2/2^units, which is `alpha` or more.
   */
  | { kind: 'few-held-out'; units: number; unit: 'document' | 'sentence'; alpha: number }
  /** Test figures come from a test set that took no part in any choice. */
  | { kind: 'test-set' }
  /**
   * `shared` of the test set's `of` documents are documents of the planning data (the same
   * tokens): their test figures are in-sample. `first`: the first such, by its ids in each.
   * `unit: 'sentence'`: where either has one document, whose documents cannot match, sentences
   * were compared instead (`of` then counts the test set's sentences).
   */
  | { kind: 'test-shares-documents'; shared: number; of: number; first: { other: string; base: string }; unit?: 'sentence' }
  /** The test set has one document: its paired tests are over its sentences. */
  | { kind: 'test-by-sentence'; sentences: number }
  /**
   * The objective reads raw counts (tp, fp, fn), which grow with the data: in-sample figures
   * (all `units`), held-out ones (a part of about `units / splitsOf`) and test ones are on
   * different scales, so optimism is not given.
   */
  | { kind: 'counts-objective'; units: number; unit: 'document' | 'sentence'; heldOut: boolean; pooled: boolean; test: boolean; planned?: number }
  /**
   * Every procedure's in-sample objective lies in [low, high], less than 0.001 apart (0.1 points
   * of a rate): the choice among them rests on very small differences. `rate`: the objective is
   * a rate (shown in points); `k`: it is a K-measure.
   */
  | { kind: 'objective-flat'; low: number; high: number; rate: boolean; k: boolean };

/** The baselines every plan reports beside its own choice, as named in JSON. */
export type BaselineName = 'best-single' | 'majority-all' | 'vote-all' | 'caruana';
/** The plan's own choice (`selection`, the search's top candidate) and the baselines. */
export type ProcedureName = 'selection' | BaselineName;

/** An objective value with the scores behind it. */
export interface ScoredOn {
  objective: number;
  scores: CandidateScores;
}

/** Held-out summary of a procedure over the splits. */
export interface HeldOutSummary {
  /** Mean and standard deviation (n − 1; null with one split) of the held-out objective. */
  mean: number;
  sd: number | null;
  /** Number of splits (folds × repeats, or 1 for a hold-out). */
  splits: number;
  /**
   * The objective over the held-out counts of every split summed (each unit once a repeat), the
   * choices' size and cost averaged: for a procedure that chooses nothing, its in-sample figure
   * (with folds). NaN for an objective of raw counts.
   */
  pooled: number;
  /** Mean objective on the training parts, where the procedure chose (in-sample there). */
  planningMean: number;
  /**
   * The in-sample figure (on all the planning data) minus `pooled`, signed so that positive means
   * the in-sample figure flattered (for SER: pooled − in-sample): zero for a procedure that
   * chooses nothing, with folds; what choosing on the same data adds, for the others.
   */
  optimism: number;
}

/**
 * A way of choosing an ensemble, and what it chose on the planning data: the plan's own
 * selection (its search's top candidate) or a baseline (best single system, majority and vote of
 * all systems, ensemble selection with replacement).
 */
export interface Procedure {
  name: ProcedureName;
  members: string[];
  /** The rule (a single system is listed under `union`, which is the system itself). */
  rule: string;
  /** `weighted` with given weights (ensemble selection's counts): weight per member. */
  weights?: Record<string, number>;
  size: number;
  /** In-sample: on the planning data, which made the choice. */
  planning: ScoredOn;
  /** Held out: the procedure re-run inside each training part, scored on the part left out. */
  heldOut?: HeldOutSummary;
  /** On the test set: never used for selection. */
  test?: ScoredOn;
  /**
   * Why the choice is outside the limits given (`--min-size`, `--max-size`, `--budget`), e.g.
   * `5 members, above --max-size 2`: it is shown for reference and never recommended. Absent when within them.
   */
  outside?: string;
}

export interface HeldOutSplit {
  /** Repeat and fold (from 1; a hold-out is repeat 1, fold 1). */
  repeat: number;
  fold: number;
  trainUnits: number;
  testUnits: number;
  /** What the selection chose on the training part. */
  chosen: { members: string[]; rule: string; weights?: Record<string, number> };
  /** Objective of each procedure's choice on the training part (in-sample there) and on the held-out part. */
  planning: Record<ProcedureName, number>;
  heldOut: Record<ProcedureName, number>;
}

export interface HeldOut {
  kind: 'holdout' | 'folds';
  /** What was split: documents, or sentences when the corpus has one document. */
  units: 'document' | 'sentence';
  /** Held-out fraction (holdout), or folds and repeats. */
  fraction?: number;
  folds?: number;
  repeats?: number;
  seed: number;
  splits: HeldOutSplit[];
  /** Per procedure: held-out mean and spread, planning mean and optimism. */
  summary: Array<HeldOutSummary & { name: ProcedureName }>;
  /** How stable the selection's choice is: distinct choices over the splits, and the most frequent. */
  stability: {
    distinct: number;
    /** The most frequent choice (the first chosen among equals), and how many others were chosen as often. */
    mostCommon: { members: string[]; rule: string; count: number };
    tied: number;
  };
}

/** A paired comparison of the recommendation with a baseline (positive: the recommendation is better). */
export interface PairedComparison {
  /** A baseline, or the search's choice (listed first when it is not the recommendation). */
  name: ProcedureName;
  /** Mean over splits of (recommendation − baseline); the difference itself on a test set. */
  meanDiff: number;
  /** Standard deviation of the per-split differences (null with one split). */
  sd: number | null;
  /** Bootstrap standard error of meanDiff. */
  se: number;
  /** 95% paired-bootstrap percentile interval of meanDiff. */
  ci95: [number, number];
  /** Two-sided approximate-randomization p-value. */
  p: number;
  /** Two-sided paired-bootstrap p-value. */
  pBootstrap: number;
  /**
   * Units (held out, or of the test set) in which the two differ: with k of them, randomization's
   * exact p-value cannot fall below 2/2^k.
   */
  differing: number;
}

/** How paired comparisons were made. */
export interface TestSettings {
  /** Held-out splits (choices made on training parts) or the test set (choices made on the planning data). */
  on: 'held-out' | 'test';
  units: 'document' | 'sentence';
  samples: number;
  seed: number;
  /** Always false here: the choices were made without the units tested, so nothing is re-selected per resample. */
  reselected: false;
}

/** A paired held-out test's figures: the mean difference (positive is better) and its p-value. */
export interface TestFigures {
  diff: number;
  p: number;
  /** The paired bootstrap's 95% percentile interval of the difference (NaN with a single unit). */
  ci95: [number, number];
  /** Units in which the two differ (see PairedComparison.differing). */
  differing: number;
}

/** Why a procedure is recommended. */
export type RecommendationBasis =
  /** No held-out splits: nothing can be shown to beat vote-all, which is recommended. */
  | { kind: 'no-held-out' }
  /** `failed`, the simplest procedure within noise of the best held out (`best`, which it may be), does not beat both no-selection baselines significantly (nor does any other). */
  | { kind: 'not-significant'; failed: ProcedureName; best: ProcedureName; vsVoteAll: TestFigures; vsMajorityAll: TestFigures }
  /** majority-all is within noise of the best (`best`) but does not beat vote-all significantly. */
  | { kind: 'majority-not-beyond-vote'; best: ProcedureName; majorityVsVote: TestFigures }
  /** The recommended no-selection baseline is the best held out. */
  | { kind: 'best-held-out' }
  /** The recommended no-selection baseline is within one standard error (`se`) of the best, which leads it by `behind`. */
  | { kind: 'within-noise'; best: ProcedureName; behind: number; se: number }
  /** A selecting procedure beats both no-selection baselines beyond noise; `skipped`: simpler ones within noise that did not. */
  | { kind: 'beats-baselines'; best: ProcedureName; skipped: ProcedureName[] }
  /**
   * Neither no-selection baseline is within the limits given: of the procedures within them, the
   * simplest within one standard error (`se`) of the best held out (`best`, which leads it by `behind`).
   */
  | { kind: 'within-limits'; best: ProcedureName; behind: number; se: number };

export interface Recommendation {
  /** Which procedure's choice is recommended. */
  procedure: ProcedureName;
  members: string[];
  rule: string;
  weights?: Record<string, number>;
  /** Why: the facts the reports put in words (`recommendationReason` in src/report/plan-reason.ts). */
  basis: RecommendationBasis;
  /** The significance level a selecting procedure had to reach against vote-all and majority-all. */
  alpha: number;
  /**
   * The procedure's held-out objective (null without held-out splits): mean and sd over the
   * splits, and `folds`, the number of splits (folds × repeats; 1 for a hold-out).
   */
  heldOut: { mean: number; sd: number | null; folds: number } | null;
  /** Paired held-out comparisons with each baseline (empty without held-out splits). */
  vsBaselines: PairedComparison[];
  tests: TestSettings | null;
  /** On the test set (not used for selection): its scores and paired comparisons. */
  test?: ScoredOn & { vsBaselines: PairedComparison[]; tests: TestSettings };
}

/** The test set of `--test-gold`/`--test`: scored, never used for selection. */
export interface TestSet {
  gold: string;
  units: 'document' | 'sentence';
  documents: number;
  sentences: number;
  goldItems: number;
  /**
   * Its documents that are documents of the planning data (the same tokens), which took part in
   * every choice: 0 for a clean test set; `documents` for one that is in-sample throughout.
   */
  planningDocuments: number;
  /**
   * Where the test set or the planning data is one document (no document markers), whose
   * documents cannot match: how many of the test set's sentences are sentences of the planning
   * data (the same tokens), 0 for a clean test set. Absent where documents were compared.
   */
  planningSentences?: number;
}

export interface BootstrapProcedure {
  name: ProcedureName;
  /** Mean out-of-bootstrap objective, and its percentile interval. */
  mean: number;
  low: number;
  high: number;
}

export interface BootstrapComparison {
  /** Every other procedure: the search's choice and the baselines. */
  name: ProcedureName;
  /** Mean out-of-bootstrap difference (recommended procedure − this one; positive is better), interval, share ≤ 0. */
  mean: number;
  low: number;
  high: number;
  notBetter: number;
}

/**
 * The bootstrap of the selection procedure: every resample of the units (drawn with
 * replacement) re-runs every procedure's choice on the resample and scores it on the units the
 * resample left out (out-of-bootstrap).
 */
export interface BootstrapResult {
  samples: number;
  seed: number;
  confidence: number;
  units: 'document' | 'sentence';
  /** Always true: the choices are made again inside each resample. */
  reselected: true;
  /** The procedure compared with the baselines (the recommendation's). */
  procedure: ProcedureName;
  procedures: BootstrapProcedure[];
  vsBaselines: BootstrapComparison[];
  /** Resamples that left no unit out (skipped). */
  skipped: number;
}

export interface PlanResult {
  schemaVersion: 1;
  /** The objective as given, whether lower is better, and its description. */
  objective: { text: string; minimise: boolean; description: string };
  rules: string[];
  search: {
    requested: 'exhaustive' | 'greedy' | 'beam' | 'guided' | 'auto' | 'caruana';
    /** What ran (auto resolves to exhaustive, or greedy then beam, then guided for kofn:K with K ≥ 3). */
    strategies: Array<'exhaustive' | 'greedy' | 'beam' | 'guided' | 'caruana'>;
    /** Bags of ensemble selection with replacement (1: plain). */
    bags: number;
    guide: 'score' | 'comp';
    beam: number;
    /** When the guided search ran: its exact evaluations per rule beyond the single-system seeds. */
    guidedBudget?: number;
    minSize: number;
    maxSize: number;
    /** Number of (subset, rule) candidates scored. */
    evaluated: number;
    /** Those that differ: a single system counts once under every rule that keeps its output whole (all but k-of-n with k ≥ 2). */
    distinct: number;
    /**
     * The candidates the listing ranks: those scored within the size range and the budget (under
     * `--search caruana`, the distinct ensembles along the selection's path within them).
     */
    eligible: number;
  };
  match: 'strict';
  beta: number;
  kAlpha: number;
  systems: string[];
  /** The best single system under the objective (actual). */
  bestSingle: { name: string; objective: number };
  budget: number | null;
  candidates: PlanCandidate[];
  /**
   * With costs or a budget: the Pareto front of actual objective against cost over every
   * evaluated candidate (at most 50, cheapest first), in or out of the budget; `rank` is the
   * candidate's rank in `candidates`, or 0 when it is not listed there.
   */
  paretoFront?: PlanCandidate[];
  greedyPath: GreedyStep[];
  rankAgreement: RankAgreement;
  /** How close the predictions come to the actual values, against two naive predictors (in-sample). */
  predictionQuality: PredictionQuality;
  /** With `explain`: what lies behind listed candidates, by rank. */
  explanations?: CandidateExplanation[];
  /** What the in-sample figures were measured on: the planning data (all of it, or the training part of a hold-out). */
  planningData: {
    units: 'document' | 'sentence'; documents: number; sentences: number; goldItems: number; of: number;
    /** The entity types scored, when the plan was limited to some (`--types`); absent for every type. */
    types?: string[];
  };
  /** The plan's own choice (the search's top candidate), as a procedure. */
  selection: Procedure;
  /** Best single system, majority and vote of all systems, ensemble selection with replacement. */
  baselines: Procedure[];
  /** What the reader needs to know about how the plan was made (the reports put them in words). */
  notes: PlanNote[];
  heldOut?: HeldOut;
  testSet?: TestSet;
  bootstrap?: BootstrapResult;
  recommendation: Recommendation;
}
