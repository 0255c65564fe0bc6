/**
 * The evaluated candidates of a search and how one candidate is scored: actual counts on the
 * planning data ({@link actualCounts}), predicted counts from the pairwise statistics
 * ({@link predictBinary}), and both objective values. Every search strategy records its
 * candidates here, once each, so rank agreement covers everything that was evaluated.
 */
import { popcount } from '../model/bitset.js';
import { isBinaryRule, type Rule } from '../ensemble/rules.js';
import { membersOf, type PlanData } from './data.js';
import { actualCounts, needOf, voteWeights, type VoteWeights } from './engine.js';
import { predictBinary, type MemberSums } from './predict.js';
import type { Scorer } from './scores.js';

/** Evaluated (member set, rule) candidates with their actual and predicted objective values. */
export class CandidateStore {
  masks = new Int32Array(1024);
  rules = new Uint8Array(1024);
  actual = new Float64Array(1024);
  predicted = new Float64Array(1024);
  length = 0;
  private readonly at = new Map<number, number>();

  private grow(): void {
    const size = this.masks.length * 2;
    const masks = new Int32Array(size); masks.set(this.masks); this.masks = masks;
    const rules = new Uint8Array(size); rules.set(this.rules); this.rules = rules;
    const actual = new Float64Array(size); actual.set(this.actual); this.actual = actual;
    const predicted = new Float64Array(size); predicted.set(this.predicted); this.predicted = predicted;
  }

  /** Index of a candidate, or −1. */
  find(mask: number, rule: number): number {
    return this.at.get(mask * 64 + rule) ?? -1;
  }

  /** Records a candidate (once; a repeat returns the first record's index). */
  add(mask: number, rule: number, actual: number, predicted: number): number {
    const key = mask * 64 + rule;
    const old = this.at.get(key);
    if (old !== undefined) return old;
    if (this.length === this.masks.length) this.grow();
    const k = this.length++;
    this.masks[k] = mask;
    this.rules[k] = rule;
    this.actual[k] = actual;
    this.predicted[k] = predicted;
    this.at.set(key, k);
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

/** The predicted counts of a candidate (typed rules through majority). */
export function predictedCounts(data: PlanData, S: number, rule: Rule, sums?: MemberSums) {
  const members = membersOf(S);
  const p = predictBinary(data, members, needOf(rule, members.length), sums);
  if (!isBinaryRule(rule)) p.method = 'via-majority';
  return p;
}

/**
 * Scores the candidate (S, rules[r]) — actual and predicted objective — records it, and returns
 * its index in the store. A candidate already recorded is not scored again.
 */
export function scoreCandidate(ctx: SearchContext, S: number, r: number): number {
  const found = ctx.store.find(S, r);
  if (found >= 0) return found;
  const { data, scorer } = ctx;
  const rule = ctx.rules[r];
  const size = popcount(S);
  const cost = scorer.costOf(S);
  const a = actualCounts(data, S, rule, scorer.withSlots, ctx.weights[r]);
  const p = predictedCounts(data, S, rule);
  return ctx.store.add(S, r, scorer.value(a, size, cost), scorer.value(p, size, cost));
}
