/**
 * The evaluated candidates of a search and how one candidate is scored: actual counts on the
 * planning data ({@link actualCounts}) when it is evaluated, and predicted counts from the
 * members' pairwise statistics ({@link predictCandidate}) when asked for ({@link predictedValue}):
 * a prediction costs more than simulating a binary rule on pattern-compressed data, so searches
 * do not predict every candidate they score. Every search strategy records its candidates here,
 * once each.
 */
import { popcount } from '../model/bitset.js';
import { isBinaryRule, type Rule } from '../ensemble/rules.js';
import { membersOf, type PlanData } from './data.js';
import { actualCounts, voteWeights, type VoteWeights } from './engine.js';
import { predictCandidate, type PredictedCounts } from './predict.js';
import type { Scorer } from './scores.js';

/** Evaluated (member set, rule) candidates with their actual and (once asked for) predicted objective values. */
export class CandidateStore {
  masks = new Int32Array(1024);
  rules = new Uint8Array(1024);
  actual = new Float64Array(1024);
  /** The predicted objective; meaningful where `predictedYet` is 1. */
  predicted = new Float64Array(1024);
  predictedYet = new Uint8Array(1024);
  /** The predicted counts (with their method) of the candidates predicted so far, by index. */
  readonly predictedCounts = new Map<number, PredictedCounts>();
  length = 0;
  private readonly at = new Map<number, number>();
  /** With {@link indexDensely}: index + 1 of candidate (S, r) at S·rules + r (0: not recorded). */
  private dense: Int32Array | undefined;
  private denseRules = 0;

  private grow(): void {
    const size = this.masks.length * 2;
    const masks = new Int32Array(size); masks.set(this.masks); this.masks = masks;
    const rules = new Uint8Array(size); rules.set(this.rules); this.rules = rules;
    const actual = new Float64Array(size); actual.set(this.actual); this.actual = actual;
    const predicted = new Float64Array(size); predicted.set(this.predicted); this.predicted = predicted;
    const yet = new Uint8Array(size); yet.set(this.predictedYet); this.predictedYet = yet;
  }

  /**
   * Makes room for `more` candidates and, for an empty store, indexes candidates by an array over
   * every (member set of n systems, rule of `rules`) instead of a map: what an exhaustive search,
   * which records them all, needs to record a million candidates quickly.
   */
  reserve(more: number, n?: number, rules?: number): void {
    while (this.masks.length < this.length + more) this.grow();
    if (n !== undefined && rules !== undefined && this.length === 0 && this.dense === undefined) {
      this.dense = new Int32Array(2 ** n * rules);
      this.denseRules = rules;
    }
  }

  private slot(mask: number, rule: number): number {
    const at = mask * this.denseRules + rule;
    return this.dense !== undefined && rule < this.denseRules && mask >= 0 && at < this.dense.length ? at : -1;
  }

  /** Index of a candidate, or −1. */
  find(mask: number, rule: number): number {
    const at = this.slot(mask, rule);
    if (at >= 0) return this.dense![at] - 1;
    return this.at.get(mask * 64 + rule) ?? -1;
  }

  /** Records a candidate (once; a repeat returns the first record's index). */
  add(mask: number, rule: number, actual: number): number {
    const at = this.slot(mask, rule);
    const key = mask * 64 + rule;
    const old = at >= 0 ? this.dense![at] - 1 : this.at.get(key) ?? -1;
    if (old >= 0) return old;
    if (this.length === this.masks.length) this.grow();
    const k = this.length++;
    this.masks[k] = mask;
    this.rules[k] = rule;
    this.actual[k] = actual;
    if (at >= 0) this.dense![at] = k + 1;
    else this.at.set(key, k);
    return k;
  }
}

/** What the strategies share: the data, the rules (with their vote weights), the scorer and the store. */
export interface SearchContext {
  data: PlanData;
  rules: readonly Rule[];
  weights: ReadonlyArray<VoteWeights | undefined>;
  scorer: Scorer;
  store: CandidateStore;
  minSize: number;
  maxSize: number;
}

export function makeContext(data: PlanData, rules: readonly Rule[], scorer: Scorer, minSize: number, maxSize: number): SearchContext {
  if (rules.length > 64) throw new RangeError('at most 64 rules');
  return {
    data, rules, scorer, minSize, maxSize, store: new CandidateStore(),
    weights: rules.map((r) => (isBinaryRule(r) ? undefined : voteWeights(data, r))),
  };
}

/** The predicted counts of the candidate with members S (a bitmask) under `rule` (with its vote weights, when known). */
export function predictedCounts(data: PlanData, S: number, rule: Rule, weights?: VoteWeights): PredictedCounts {
  return predictCandidate(data, membersOf(S), rule, weights);
}

/** The predicted objective of the store's candidate k, computed on first request. */
export function predictedValue(ctx: SearchContext, k: number): number {
  const { store, data, scorer } = ctx;
  if (store.predictedYet[k] === 0) {
    const S = store.masks[k];
    const p = predictedCounts(data, S, ctx.rules[store.rules[k]], ctx.weights[store.rules[k]]);
    store.predicted[k] = scorer.value(p, popcount(S), scorer.costOf(S));
    store.predictedCounts.set(k, p);
    store.predictedYet[k] = 1;
  }
  return store.predicted[k];
}

/** The predicted counts of the store's candidate k (predicted on first request, then kept). */
export function predictedCountsOf(ctx: SearchContext, k: number): PredictedCounts {
  predictedValue(ctx, k);
  return ctx.store.predictedCounts.get(k)!;
}

/**
 * Scores the candidate (S, rules[r]) — its actual objective — records it, and returns its index
 * in the store. A candidate already recorded is not scored again.
 */
export function scoreCandidate(ctx: SearchContext, S: number, r: number): number {
  const found = ctx.store.find(S, r);
  if (found >= 0) return found;
  const { data, scorer } = ctx;
  const rule = ctx.rules[r];
  const size = popcount(S);
  const cost = scorer.costOf(S);
  const a = actualCounts(data, S, rule, scorer.withSlots, ctx.weights[r]);
  return ctx.store.add(S, r, scorer.value(a, size, cost));
}
