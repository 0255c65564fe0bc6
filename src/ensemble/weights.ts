/**
 * The one resolution of `weighted`'s weights: from a weight specification (`f1`, `label-f1`,
 * given weights by system, or a table of weights per label) to numbers — each member's weight
 * for an `O` vote (`overall`) and for a vote for each label. Simulation (simulate.ts), the
 * planner's engine (src/plan/engine.ts) and saved plans all resolve weights here.
 *
 * - `f1`: every vote of a member weighs its overall F1 on the gold standard;
 * - `label-f1`: a vote for a label weighs the member's F1 on that label, an `O` vote its overall F1;
 * - given weights: every vote of a member weighs its given weight;
 * - a table: an `O` vote weighs `overall`, a vote for a label `byLabel.get(label)`, or `overall`
 *   for a label the table lacks.
 * @throws UsageError when the weights name something that is not a system, when a member has
 *   no weight, or when `f1`/`label-f1` have no gold standard to be measured on.
 */
import { UsageError } from '../errors.js';
import type { WeightSpec } from './rules.js';

/** What weights are resolved against: the systems, the labels and, with a gold standard, the systems' F1. */
export interface WeightSource {
  names: readonly string[];
  labels: readonly string[];
  hasGold: boolean;
  f1: ArrayLike<number>;
  /** Per system, its F1 on each label (indexed as `labels`). */
  labelF1: ReadonlyArray<ArrayLike<number>>;
}

export interface MemberWeight {
  /** The weight of an `O` vote (and of a label the weights do not name). */
  overall: number;
  /** The weight of a vote for each label, indexed as the source's labels. */
  byLabel: Float64Array;
}

/** The weights of `members` (system indices) under `spec`, one per member, in their order. */
export function memberWeights(src: WeightSource, members: readonly number[], spec: WeightSpec): MemberWeight[] {
  if ((spec.kind === 'f1' || spec.kind === 'label-f1') && !src.hasGold) {
    throw new UsageError(`${spec.kind} needs a gold standard to measure F1 on`, { param: 'weights' });
  }
  if (spec.kind === 'given' || spec.kind === 'table') {
    for (const name of spec.weights.keys()) {
      if (!src.names.includes(name)) throw new UsageError(`"${name}" is not a system (systems: ${src.names.join(', ')})`, { param: 'weights' });
    }
  }
  const L = src.labels.length;
  return members.map((m) => {
    switch (spec.kind) {
      case 'f1':
        return { overall: src.f1[m], byLabel: new Float64Array(L).fill(src.f1[m]) };
      case 'label-f1':
        return { overall: src.f1[m], byLabel: Float64Array.from({ length: L }, (_, l) => src.labelF1[m][l]) };
      case 'given': {
        const w = spec.weights.get(src.names[m]);
        if (w === undefined) throw new UsageError(`no weight for system "${src.names[m]}"`, { param: 'weights' });
        return { overall: w, byLabel: new Float64Array(L).fill(w) };
      }
      case 'table': {
        const t = spec.weights.get(src.names[m]);
        if (t === undefined) throw new UsageError(`no weight for system "${src.names[m]}"`, { param: 'weights' });
        return { overall: t.overall, byLabel: Float64Array.from(src.labels, (label) => t.byLabel.get(label) ?? t.overall) };
      }
    }
  });
}

/**
 * The weights of `members` as fixed numbers by system name (`given` when every member's votes
 * weigh the same whatever the label, else a `table`), for applying the rule where the gold
 * standard that `f1`/`label-f1` need is absent (a saved plan). They resolve to the same numbers.
 */
export function fixedWeights(src: WeightSource, members: readonly number[], spec: WeightSpec): WeightSpec {
  const w = memberWeights(src, members, spec);
  if (spec.kind === 'f1' || spec.kind === 'given') return { kind: 'given', weights: new Map(members.map((m, k) => [src.names[m], w[k].overall])) };
  return {
    kind: 'table',
    weights: new Map(members.map((m, k) => [src.names[m], { overall: w[k].overall, byLabel: new Map(src.labels.map((label, l) => [label, w[k].byLabel[l]])) }])),
  };
}

/** `x`·2^k, in steps that neither overflow nor underflow on the way. */
function timesPowerOfTwo(x: number, k: number): number {
  let y = x;
  let e = k;
  while (e > 1000) {
    y *= 2 ** 1000;
    e -= 1000;
  }
  while (e < -1000) {
    y *= 2 ** -1000;
    e += 1000;
  }
  return y * 2 ** e;
}

/**
 * The weights as a vote tallies them: every weight multiplied by the one power of two that
 * brings the largest into (1/2, 1]. A weighted vote compares sums of weights, and scaling all of
 * them by one positive factor scales every sum by it, so the decisions are those of the weights
 * as given; a power of two keeps every weight exact (weights already in (1/2, 1], such as F1
 * values above 0.5, are unchanged), while sums of weights near 1e308 no longer overflow and
 * weights near 1e-320 no longer fall below the tally's tolerance. Weights that are all 0 are
 * returned as they are (the vote keeps nothing).
 */
export function tallyWeights(w: readonly MemberWeight[]): MemberWeight[] {
  let max = 0;
  for (const x of w) {
    max = Math.max(max, Math.abs(x.overall));
    for (const v of x.byLabel) max = Math.max(max, Math.abs(v));
  }
  if (max === 0 || !Number.isFinite(max)) return [...w];
  const k = -Math.ceil(Math.log2(max));
  if (k === 0) return [...w];
  return w.map((x) => ({ overall: timesPowerOfTwo(x.overall, k), byLabel: x.byLabel.map((v) => timesPowerOfTwo(v, k)) }));
}
