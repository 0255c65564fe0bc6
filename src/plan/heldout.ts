/**
 * Selection-aware held-out estimates: the units (documents, or sentences of a one-document
 * corpus) are split into a training part and a held-out part — K folds, repeated R times with
 * fresh shuffles, or one hold-out — and **the whole selection runs again inside each training
 * part** (the same search, rules, objective, sizes and budget, and every baseline), then each
 * procedure's choice is scored on the part it never saw. The mean over splits estimates what a
 * procedure's choice scores on unseen units; its planning figure minus that is its optimism.
 *
 * Reference: S. Varma & R. Simon, "Bias in error estimation when using cross-validation for
 * model selection", BMC Bioinformatics 7:91 (2006): the selection must be inside the loop.
 */
import type { EnsembleIndex } from '../ensemble/simulate.js';
import { choiceKept, countsByUnit, sumCounts, type Choice } from './choice.js';
import { buildPlanData, unitCount, type PlanData, type UnitKind } from './data.js';
import { choiceValue, PROCEDURE_NAMES, runProcedures, type Procedures } from './procedures.js';
import type { Scorer } from './scores.js';
import type { Progress, SearchSettings } from './search.js';
import { holdoutSplit, kFolds } from './split.js';
import { sampleSd } from './significance.js';
import type { HeldOutSummary, ProcedureName } from './types.js';

export interface Split {
  /** From 1. */
  repeat: number;
  fold: number;
  train: number[];
  test: number[];
}

export interface SplitRun {
  split: Split;
  chosen: Record<ProcedureName, Choice>;
  /** Objective of each choice on the training part, and on the held-out part. */
  planning: Record<ProcedureName, number>;
  heldOut: Record<ProcedureName, number>;
  /** Counts per unit on the held-out part (see countsByUnit). */
  counts: Record<ProcedureName, Float64Array>;
}

/**
 * The splits of the units `pool` (a list of unit numbers, or 0 … pool − 1): R repeats of K folds
 * (repeat r shuffles with seed + r − 1, so the first repeat is `kFolds(units, K, seed)` mapped
 * onto the pool), or one hold-out of a fraction. Unit lists are in increasing order.
 * @throws UsageError (from kFolds/holdoutSplit) for too few units or a bad K or fraction.
 */
export function makeSplits(pool: number | readonly number[], o: { folds?: number; repeats?: number; holdout?: number; seed: number; unit?: string }): Split[] {
  const list = typeof pool === 'number' ? Array.from({ length: pool }, (_, u) => u) : [...pool].sort((a, b) => a - b);
  const map = (xs: readonly number[]) => xs.map((k) => list[k]);
  if (o.holdout !== undefined) {
    const { train, test } = holdoutSplit(list.length, o.holdout, o.seed, o.unit);
    return [{ repeat: 1, fold: 1, train: map(train), test: map(test) }];
  }
  const out: Split[] = [];
  if (o.folds === undefined) return out;
  for (let r = 1; r <= (o.repeats ?? 1); r++) {
    const folds = kFolds(list.length, o.folds, o.seed + r - 1, o.unit);
    folds.forEach((test, f) => {
      const inTest = new Uint8Array(list.length);
      for (const k of test) inTest[k] = 1;
      const train: number[] = [];
      for (let k = 0; k < list.length; k++) if (!inTest[k]) train.push(list[k]);
      out.push({ repeat: r, fold: f + 1, train, test: map(test) });
    });
  }
  return out;
}

/**
 * A split's training and held-out planning data, each built once, when first asked for: so a
 * caller can build a part ahead, on time that would otherwise be spent waiting (see runSplit).
 */
export class SplitData {
  private trainData: PlanData | undefined;
  private testData: PlanData | undefined;
  private readonly inTest: Uint8Array;

  constructor(private readonly index: EnsembleIndex, private readonly units: UnitKind, split: Split) {
    this.inTest = new Uint8Array(unitCount(index, units));
    for (const u of split.test) this.inTest[u] = 1;
  }

  get train(): PlanData {
    return (this.trainData ??= buildPlanData(this.index, { units: this.units, select: (u) => this.inTest[u] === 0 }));
  }

  get test(): PlanData {
    return (this.testData ??= buildPlanData(this.index, { units: this.units, select: (u) => this.inTest[u] === 1 }));
  }
}

export interface SplitRunOptions {
  /** The split's data, when the caller has it (or some of it) built already. */
  data?: SplitData;
  /** More of the caller's work that needs nothing from this split's search (see searchSteps). */
  alongside?: () => void;
}

/**
 * Runs every procedure on the split's training part (or takes `reuse`, procedures already run
 * there) and scores each choice on the held-out part. The held-out part's data, and the caller's
 * `alongside` work, are built while worker threads search.
 */
export function runSplit(
  index: EnsembleIndex, units: UnitKind, split: Split, scorer: Scorer, s: SearchSettings, onProgress: Progress, reuse?: Procedures, o: SplitRunOptions = {},
): SplitRun {
  const phase = `split ${split.repeat}.${split.fold}: `;
  const data = o.data ?? new SplitData(index, units, split);
  const procedures = reuse ?? runProcedures(data.train, scorer, s, onProgress, phase, () => {
    void data.test;
    o.alongside?.();
  });
  const testData = data.test;
  const chosen = {} as Record<ProcedureName, Choice>;
  const planning = {} as Record<ProcedureName, number>;
  const heldOut = {} as Record<ProcedureName, number>;
  const counts = {} as Record<ProcedureName, Float64Array>;
  for (const name of PROCEDURE_NAMES) {
    const c = procedures.chosen[name];
    chosen[name] = c.choice;
    planning[name] = c.value;
    // One pass: the items kept, their counts per unit, and the totals from those.
    counts[name] = countsByUnit(testData, choiceKept(testData, c.choice));
    heldOut[name] = choiceValue(testData, scorer, c.choice, { ...sumCounts(counts[name]), ties: 0 });
  }
  return { split, chosen, planning, heldOut, counts };
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;


/**
 * The objective of a procedure's choices over every held-out part at once: the counts of every
 * split's held-out units summed (each unit once a repeat) and divided by the number of repeats,
 * with the choices' size and cost averaged over the splits (exact for an objective linear in
 * them, as a penalty is). For a procedure that chooses nothing (vote-all, majority-all) with K
 * folds this is its in-sample figure, as every unit is held out once a repeat with the same
 * choice — an objective of raw counts (fp + fn) included, whose pooled figure is on the planning
 * data's scale; a rate is unchanged by repeats. Forman & Scholz ("Apples-to-apples in cross-validation studies", SIGKDD Explorations
 * 12, 2010) recommend F over pooled counts, as the mean of per-fold F is biased on small folds.
 */
export function pooledValue(runs: readonly SplitRun[], name: ProcedureName, scorer: Scorer, names: readonly string[]): number {
  const c = { tp: 0, fp: 0, fn: 0, s: 0 };
  // Counts per repeat: each unit once, so that an objective of raw counts is on the planning data's scale.
  const repeats = Math.max(1, ...runs.map((r) => r.split.repeat));
  let size = 0;
  let cost = 0;
  for (const r of runs) {
    const k = sumCounts(r.counts[name]);
    c.tp += k.tp;
    c.fp += k.fp;
    c.fn += k.fn;
    c.s += k.s;
    const members = r.chosen[name].members;
    size += members.length;
    for (const m of members) cost += scorer.costs[names.indexOf(m)];
  }
  return scorer.value({ tp: c.tp / repeats, fp: c.fp / repeats, fn: c.fn / repeats, s: c.s / repeats }, size / runs.length, cost / runs.length);
}

/**
 * A procedure's held-out summary over the runs: mean and sd of the splits' held-out figures, the
 * pooled figure ({@link pooledValue}), and the optimism of its in-sample figure `inSample` (on
 * all the planning data) over the pooled one, signed so that positive means flattered.
 */
export function summarise(runs: readonly SplitRun[], name: ProcedureName, scorer: Scorer, names: readonly string[], inSample: number): HeldOutSummary {
  const held = runs.map((r) => r.heldOut[name]);
  const planningMean = mean(runs.map((r) => r.planning[name]));
  const m = mean(held);
  const pooled = pooledValue(runs, name, scorer, names);
  const optimism = scorer.objective.minimise ? pooled - inSample : inSample - pooled;
  return { mean: m, sd: sampleSd(held), splits: runs.length, pooled, planningMean, optimism };
}
