/**
 * The planner's result (DESIGN §7): candidates ranked by their actual objective on the planning
 * data, each with predicted scores from the pairwise statistics alone, the greedy path, how well
 * prediction ranks candidates, and the honest (held-out, bootstrap) view of what was chosen.
 *
 * The JSON output of `complan plan` is this object as it stands (`schemaVersion: 1`). Rates are
 * fractions in [0, 1]; SER and ERR may exceed 1 and are `null` when undefined (no gold items).
 */

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
  /** One member, or two under union/intersection/kofn/majority: identities of DESIGN §5, exact. */
  | 'exact'
  /** Three or more members: the beta-binomial estimator of vote counts (see predict.ts). */
  | 'beta-binomial'
  /** Typed vote/weighted: through the binary counterpart (majority) of the same members. */
  | 'via-majority';

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

export interface RankAgreement {
  /** Number of evaluated candidates compared. */
  candidates: number;
  /** Spearman's ρ between predicted and actual objective (null when undefined, e.g. < 2 candidates). */
  spearman: number | null;
  /** Kendall's τ-b between predicted and actual objective (null when undefined). */
  kendall: number | null;
  /** D-measure of the predicted top-K, pertinent when in the actual top-K (null when no candidates). */
  dMeasure: number | null;
  /** K of the D-measure. */
  topK: number;
}

export interface HeldOutFold {
  fold: number;
  trainDocuments: number;
  testDocuments: number;
  chosen: { members: string[]; rule: string };
  /** The chosen candidate's objective and scores on the planning (training) documents. */
  planning: { objective: number; scores: CandidateScores };
  /** The same candidate on the held-out documents. */
  heldOut: { objective: number; scores: CandidateScores };
  /** The best single system on the training documents, scored on the held-out documents. */
  bestSingle: { name: string; planning: number; heldOut: number };
}

export interface HeldOut {
  kind: 'holdout' | 'folds';
  /** Held-out fraction (holdout) or number of folds. */
  fraction?: number;
  folds?: number;
  seed: number;
  perFold: HeldOutFold[];
  /** Means over folds of the chosen candidate's objective. */
  meanPlanning: number;
  meanHeldOut: number;
  /** Mean over folds of the held-out best single system's objective. */
  meanBestSingleHeldOut: number;
}

export interface BootstrapResult {
  samples: number;
  seed: number;
  confidence: number;
  /** The candidate compared (the winner) and the best single system. */
  candidate: { members: string[]; rule: string };
  bestSingle: string;
  /** Objective difference candidate − best single (positive is better), observed on all documents. */
  observed: number;
  mean: number;
  low: number;
  high: number;
  /** Share of resamples where the gain is ≤ 0. */
  notBetter: number;
}

export interface PlanResult {
  schemaVersion: 1;
  /** The objective as given, whether lower is better, and its description. */
  objective: { text: string; minimise: boolean; description: string };
  rules: string[];
  search: {
    requested: 'exhaustive' | 'greedy' | 'beam' | 'auto';
    /** What ran (auto resolves to exhaustive, or greedy then beam). */
    strategies: Array<'exhaustive' | 'greedy' | 'beam'>;
    guide: 'score' | 'comp';
    beam: number;
    minSize: number;
    maxSize: number;
    /** Number of (subset, rule) candidates scored. */
    evaluated: number;
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
  /** Notes the reader needs (e.g. vote predicted through majority). */
  notes: string[];
  heldOut?: HeldOut;
  bootstrap?: BootstrapResult;
}
