/**
 * From a candidate's counts to its scores and objective value.
 *
 * With C = TP and S substitutions, D = FN − S deletions and I = FP − S insertions (the strict
 * one-to-one alignment of eval), N = TP + FN:
 * - P, R, F_β by `prf` (zero-division convention as eval's);
 * - SER = (S + D + I)/N = (FN + FP − S)/N (Makhoul eq. 11), null when N = 0 with errors, 0
 *   without; ERR = (FN + FP − S)/(N + I) (MUC), 0 when there is nothing at all;
 * - K = K-measure(P, R, α, β) (Nakache et al. 2005).
 */
import { perReferenceSlot, perSlotSeen } from '../metrics/errors.js';
import { kMeasure } from '../metrics/kmeasure.js';
import { prf, type ZeroDivision } from '../metrics/prf.js';
import type { Objective, ObjectiveInput } from './objective.js';
import type { CandidateScores } from './types.js';

export interface ScoreSettings {
  beta: number;
  kAlpha: number;
  zeroDivision: ZeroDivision;
}

export interface Counts4 {
  tp: number;
  fp: number;
  fn: number;
  s: number;
}

/** Whether the objective is a rate (P, R, F, SER, ERR, K), shown as a percentage; else a plain number. */
export function isRateObjective(text: string): boolean {
  return /^\s*(f1|f|p|r|ser|err|k|f:[^:\s]+|k:[^:\s]+:[^:\s]+)\s*$/i.test(text);
}

/** Whether the objective is F_β with the command's β, so that a candidate's F is its objective value. */
export function objectiveIsF(text: string, beta: number): boolean {
  const t = text.trim().toLowerCase();
  if (t === 'f') return true;
  if (t === 'f1') return beta === 1;
  return /^f:/.test(t) && Number(t.slice(2).trim()) === beta;
}

/**
 * A signed difference of objective values as text: percentage points with two decimals for
 * rates (+0.41), four decimals otherwise (none for a whole number, even beside others given
 * more: a difference of counts, +25);
 * `—` when undefined.
 */
export function signedAmount(x: number | null | undefined, rate: boolean, decimals = rate ? 2 : typeof x === 'number' && Number.isInteger(x) ? 0 : 4): string {
  if (x === null || x === undefined || Number.isNaN(x)) return '—';
  if (!Number.isFinite(x)) return x > 0 ? '+∞' : '-∞';
  // A whole difference of an objective other than a rate is written whole, beside others that are not (0 to +2.3333).
  const s = (rate ? x * 100 : x).toFixed(!rate && Number.isInteger(x) ? 0 : decimals);
  return /^-0(\.0*)?$/.test(s) ? s.slice(1) : s.startsWith('-') || /^0(\.0*)?$/.test(s) ? s : `+${s}`;
}

/**
 * The decimals {@link signedAmount} needs for every one of `values` that is not zero to show a
 * digit other than zero, and so its sign (a difference of 0.0017 points and an interval from
 * −0.0008 to +0.0054 would all read 0.00 at two): the usual two (four for objectives other than
 * rates), up to four more; none when every value is a whole number of an objective other than a rate.
 */
export function amountDecimals(values: readonly number[], rate: boolean): number {
  // Differences of counts, all whole, need no decimals.
  if (!rate && values.every((x) => Number.isInteger(x) || !Number.isFinite(x))) return 0;
  const base = rate ? 2 : 4;
  let d = base;
  for (const x of values) {
    if (!Number.isFinite(x) || x === 0) continue;
    while (d < base + 4 && Number((rate ? x * 100 : x).toFixed(d)) === 0) d++;
  }
  return d;
}

/** Scores of counts (see the module comment). A NaN `s` gives NaN SER and ERR. */
export function scoresOf(c: Counts4, settings: ScoreSettings): CandidateScores {
  const { precision, recall, f } = prf({ tp: Math.max(0, c.tp), fp: Math.max(0, c.fp), fn: Math.max(0, c.fn) }, settings.beta, settings.zeroDivision);
  const errors = c.fn + c.fp - c.s;
  const n = c.tp + c.fn;
  // The metrics' rules; an undefined SER (Infinity: errors with no gold item) is null here.
  const rate = perReferenceSlot(errors, n);
  const ser = rate === Infinity ? null : rate;
  const err = perSlotSeen(errors, n, c.fp - c.s);
  return {
    precision, recall, f, ser, err,
    k: kMeasure(precision, recall, settings.kAlpha, settings.beta),
    tp: c.tp, fp: c.fp, fn: c.fn, s: c.s,
  };
}

/** The objective's variables for a candidate (undefined SER/ERR become Infinity). */
export function objectiveInput(sc: CandidateScores, size: number, cost: number): ObjectiveInput {
  return {
    p: sc.precision, r: sc.recall, f: sc.f, ser: sc.ser ?? Infinity, err: sc.err ?? Infinity, k: sc.k,
    tp: sc.tp, fp: sc.fp, fn: sc.fn, size, cost,
  };
}

/** An objective bound to the score settings and the members' costs. */
export class Scorer {
  readonly objective: Objective;
  readonly settings: ScoreSettings;
  readonly costs: Float64Array;
  /** Whether candidates need their substitutions counted (the objective reads ser or err). */
  readonly withSlots: boolean;

  constructor(objective: Objective, settings: ScoreSettings, costs: Float64Array) {
    this.objective = objective;
    this.settings = settings;
    this.costs = costs;
    this.withSlots = objective.usesSlots;
  }

  /** Sum of the costs of the members of bitmask S (systems 0–31) and Shi (systems 32–63). */
  costOf(S: number, Shi: number): number {
    let c = 0;
    for (let x = S; x !== 0; x &= x - 1) c += this.costs[31 - Math.clz32(x & -x)];
    for (let x = Shi; x !== 0; x &= x - 1) c += this.costs[63 - Math.clz32(x & -x)];
    return c;
  }

  /** The objective value of counts for a candidate of `size` members costing `cost`. */
  value(c: Counts4, size: number, cost: number): number {
    return this.objective.value(objectiveInput(scoresOf(c, this.settings), size, cost));
  }

  /** A key where larger is better: the value, negated when the objective is minimised; NaN is worst. */
  key(value: number): number {
    if (Number.isNaN(value)) return -Infinity;
    return this.objective.minimise ? -value : value;
  }
}
