/**
 * A chosen ensemble in a form that applies to any data over the same systems: the member names,
 * the rule with its weights resolved to numbers, and the members' tie-break order. This is what a
 * saved plan stores, and what held-out and test scoring apply: a choice made on some documents
 * is scored on others exactly as `combine --plan` would build it there — `weighted` keeps the
 * weights of the documents that chose it (their F1, not the new documents'), and typed rules give
 * a label tie to the member that was best where the choice was made.
 */
import { isBinaryRule, ruleName, type Rule, type WeightSpec } from '../ensemble/rules.js';
import { membersOf, type PlanData } from './data.js';
import { bitHi, bitLo } from './member-set.js';
import { actualCounts, keptItems, voteWeights, type ActualCounts, type VoteWeights } from './engine.js';
import type { Counts4 } from './scores.js';
import { showValue } from '../errors.js';

export interface Choice {
  /** Member system names, in input order. */
  members: string[];
  /** The rule; a `weighted` rule carries `given` or `table` weights (numbers, never recipes). */
  rule: Rule;
  /** The members, best first (F1) on the data that made the choice: the order label ties follow. */
  tieBreak: string[];
}

/**
 * The choice of members S (a bitmask over `data`: systems 0–31; `Shi`, systems 32–63) under
 * `rule`, resolved on `data`: `f1` and `label-f1` weights become the members' F1 (per label)
 * there, given weights are kept for the members only, and the tie-break order is the members'
 * rank there.
 */
export function choiceOf(data: PlanData, S: number, rule: Rule, Shi = 0): Choice {
  const members = membersOf(S, Shi);
  const tieBreak = [...members].sort((a, b) => data.rank[a] - data.rank[b]).map((m) => data.names[m]);
  const names = members.map((m) => data.names[m]);
  if (rule.kind !== 'weighted') return { members: names, rule, tieBreak };
  const spec = rule.weights;
  let weights: WeightSpec;
  switch (spec.kind) {
    case 'f1':
      weights = { kind: 'given', weights: new Map(members.map((m) => [data.names[m], data.f1[m]])) };
      break;
    case 'label-f1':
      weights = {
        kind: 'table',
        weights: new Map(members.map((m) => [data.names[m], {
          overall: data.f1[m], byLabel: new Map(data.labels.map((l, i) => [l, data.labelF1[m][i]])),
        }])),
      };
      break;
    case 'given':
      weights = { kind: 'given', weights: new Map(names.filter((n) => spec.weights.has(n)).map((n) => [n, spec.weights.get(n)!])) };
      break;
    case 'table':
      weights = { kind: 'table', weights: new Map(names.filter((n) => spec.weights.has(n)).map((n) => [n, spec.weights.get(n)!])) };
      break;
  }
  return { members: names, rule: { kind: 'weighted', weights }, tieBreak };
}

/** A choice bound to some data: its member bitmask (two words), weights, and the data with the choice's tie-break ranking. */
export interface BoundChoice {
  data: PlanData;
  S: number;
  Shi: number;
  rule: Rule;
  weights: VoteWeights | undefined;
}

/**
 * Binds a choice to data over the same systems (matched by name).
 * @throws Error naming the members the data lacks.
 */
export function bindChoice(data: PlanData, choice: Choice): BoundChoice {
  const missing = choice.members.filter((m) => !data.names.includes(m));
  if (missing.length > 0) throw new Error(`the data has no system named ${missing.map((m) => showValue(m)).join(', ')}`);
  let S = 0;
  let Shi = 0;
  for (const name of choice.members) {
    S |= bitLo(data.names.indexOf(name));
    Shi |= bitHi(data.names.indexOf(name));
  }
  const ranked = choice.tieBreak.map((name) => data.names.indexOf(name)).filter((m) => m >= 0);
  const rest = Array.from({ length: data.n }, (_, m) => m).filter((m) => !ranked.includes(m)).sort((a, b) => data.rank[a] - data.rank[b]);
  const rank = new Int32Array(data.n);
  [...ranked, ...rest].forEach((m, r) => { rank[m] = r; });
  const bound = { ...data, rank };
  const weights = isBinaryRule(choice.rule) ? undefined : voteWeights(bound, choice.rule, S, Shi);
  return { data: bound, S, Shi, rule: choice.rule, weights };
}

/** The counts (TP, FP, FN, S, label ties) of a choice on data. */
export function choiceCounts(data: PlanData, choice: Choice): ActualCounts {
  const b = bindChoice(data, choice);
  return actualCounts(b.data, b.S, b.Shi, b.rule, true, b.weights);
}

/** The items (local ids) a choice keeps on data, flagged 1. */
export function choiceKept(data: PlanData, choice: Choice): Uint8Array {
  const b = bindChoice(data, choice);
  return keptItems(b.data, b.S, b.Shi, b.rule, b.weights);
}

/**
 * Counts (TP, FP, FN, S) per unit of the data (document or sentence, as `data.unitKind` says) of
 * the kept items `keep`, as four numbers per unit: `out[4u..4u+3]`, for every unit of the corpus
 * (units the data leaves out stay 0). An item copied k times (bootstrap) counts k times.
 * S follows the strict one-to-one alignment: per gold boundary, min(gold items left, kept non-gold items).
 */
export function countsByUnit(data: PlanData, keep: Uint8Array): Float64Array {
  const out = new Float64Array(4 * data.units);
  for (let i = 0; i < data.u; i++) {
    const base = 4 * data.unit[i];
    if (data.isGold[i]) {
      if (keep[i]) out[base]++;
      else out[base + 2]++;
    } else if (keep[i]) {
      out[base + 1]++;
    }
  }
  for (let k = 0; k < data.xBoundaries.length; k++) {
    const b = data.xBoundaries[k];
    let kept = 0;
    let x = 0;
    let unit = 0;
    for (let e = data.bStart[b]; e < data.bStart[b + 1]; e++) {
      const i = data.bItems[e];
      unit = data.unit[i];
      if (!keep[i]) continue;
      if (data.isGold[i]) kept++;
      else x++;
    }
    out[4 * unit + 3] += Math.min(data.bGold[b] - kept, x);
  }
  return out;
}

/** The sum of per-unit counts over `units` (all units when absent). */
export function sumCounts(perUnit: Float64Array, units?: ArrayLike<number>): Counts4 {
  const c = { tp: 0, fp: 0, fn: 0, s: 0 };
  const count = units === undefined ? perUnit.length / 4 : units.length;
  for (let k = 0; k < count; k++) {
    const base = 4 * (units === undefined ? k : units[k]);
    c.tp += perUnit[base];
    c.fp += perUnit[base + 1];
    c.fn += perUnit[base + 2];
    c.s += perUnit[base + 3];
  }
  return c;
}

/** The weights of a choice's `weighted` rule as numbers per member (for reports), or undefined. */
export function choiceWeights(choice: Choice): Record<string, number> | undefined {
  if (choice.rule.kind !== 'weighted' || choice.rule.weights.kind !== 'given') return undefined;
  const w = choice.rule.weights.weights;
  return Object.fromEntries(choice.members.map((m) => [m, w.get(m) ?? 0]));
}

/** `vote(a+b+c)`, `weighted(a×2+b)` for integer given weights: a short text of a choice. */
export function choiceText(choice: Choice): string {
  const w = choiceWeights(choice);
  const integer = w !== undefined && Object.values(w).every((x) => Number.isInteger(x));
  const members = choice.members.map((m) => (integer && w![m] !== 1 ? `${m}×${w![m]}` : m));
  return `${ruleName(choice.rule)}(${members.join('+')})`;
}

/** The number of members of a choice. */
export function choiceSize(choice: Choice): number {
  return choice.members.length;
}
