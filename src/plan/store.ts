/**
 * The evaluated candidates of a search and how one candidate is scored: actual counts on the
 * planning data ({@link actualCounts}) when it is evaluated, and predicted counts from the
 * members' pairwise statistics ({@link predictCandidate}) when asked for ({@link predictedValue}):
 * a prediction costs more than simulating a binary rule on pattern-compressed data, so searches
 * do not predict every candidate they score. Every search strategy records its candidates here,
 * once each.
 *
 * A candidate's member set is two words (`masks`, `masksHi`: systems 0–31 and 32–63, see
 * member-set.ts). Its identity stays exact: a set of high word 0 is found by `mask·64 + rule`
 * (below 2^53) or a dense slot, as one-word sets always were; a set with a high word, by that
 * word first, then the same number.
 */
import { isBinaryRule, type Rule } from '../ensemble/rules.js';
import { membersOf, type PlanData } from './data.js';
import { actualCounts, voteWeights, type VoteWeights } from './engine.js';
import { predictCandidate, type PredictedCounts } from './predict.js';
import { setSize } from './member-set.js';
import type { Scorer } from './scores.js';

/** Evaluated (member set, rule) candidates with their actual and (once asked for) predicted objective values. */
export class CandidateStore {
  masks = new Int32Array(1024);
  /** The member sets' high words (systems 32–63; 0 with at most 32 systems). */
  masksHi = new Int32Array(1024);
  rules = new Uint8Array(1024);
  actual = new Float64Array(1024);
  /** The predicted objective; meaningful where `predictedYet` is 1. */
  predicted = new Float64Array(1024);
  predictedYet = new Uint8Array(1024);
  /** The predicted counts (with their method) of the candidates predicted so far, by index. */
  readonly predictedCounts = new Map<number, PredictedCounts>();
  length = 0;
  private readonly at = new Map<number, number>();
  /** Candidates whose set has a high word: by that word, then as `at`. */
  private readonly atHi = new Map<number, Map<number, number>>();
  /** With {@link indexDensely}: index + 1 of candidate (S, r) at S·rules + r (0: not recorded). */
  private dense: Int32Array | undefined;
  private denseRules = 0;

  private grow(): void {
    const size = this.masks.length * 2;
    const masks = new Int32Array(size); masks.set(this.masks); this.masks = masks;
    const masksHi = new Int32Array(size); masksHi.set(this.masksHi); this.masksHi = masksHi;
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

  /** Index of a candidate (members mask, maskHi), or −1. */
  find(mask: number, maskHi: number, rule: number): number {
    if (maskHi !== 0) return this.atHi.get(maskHi)?.get(mask * 64 + rule) ?? -1;
    const at = this.slot(mask, rule);
    if (at >= 0) return this.dense![at] - 1;
    return this.at.get(mask * 64 + rule) ?? -1;
  }

  /** Records a candidate (once; a repeat returns the first record's index). */
  add(mask: number, maskHi: number, rule: number, actual: number): number {
    if (maskHi !== 0) return this.addHi(mask, maskHi, rule, actual);
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

  private addHi(mask: number, maskHi: number, rule: number, actual: number): number {
    let map = this.atHi.get(maskHi);
    if (map === undefined) this.atHi.set(maskHi, (map = new Map()));
    const key = mask * 64 + rule;
    const old = map.get(key);
    if (old !== undefined) return old;
    if (this.length === this.masks.length) this.grow();
    const k = this.length++;
    this.masks[k] = mask;
    this.masksHi[k] = maskHi;
    this.rules[k] = rule;
    this.actual[k] = actual;
    map.set(key, k);
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

/** The predicted counts of the candidate with members (S, Shi) (a bitmask) under `rule` (with its vote weights, when known). */
export function predictedCounts(data: PlanData, S: number, Shi: number, rule: Rule, weights?: VoteWeights): PredictedCounts {
  return predictCandidate(data, membersOf(S, Shi), rule, weights);
}

/** The predicted objective of the store's candidate k, computed on first request. */
export function predictedValue(ctx: SearchContext, k: number): number {
  const { store, data, scorer } = ctx;
  if (store.predictedYet[k] === 0) {
    const S = store.masks[k];
    const Shi = store.masksHi[k];
    const p = predictedCounts(data, S, Shi, ctx.rules[store.rules[k]], ctx.weights[store.rules[k]]);
    store.predicted[k] = scorer.value(p, setSize(S, Shi), scorer.costOf(S, Shi));
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
 * Scores the candidate (members S, Shi; rules[r]) — its actual objective — records it, and
 * returns its index in the store. A candidate already recorded is not scored again.
 */
export function scoreCandidate(ctx: SearchContext, S: number, Shi: number, r: number): number {
  const found = ctx.store.find(S, Shi, r);
  if (found >= 0) return found;
  const { data, scorer } = ctx;
  const rule = ctx.rules[r];
  const size = setSize(S, Shi);
  const cost = scorer.costOf(S, Shi);
  const a = actualCounts(data, S, Shi, rule, scorer.withSlots, ctx.weights[r]);
  return ctx.store.add(S, Shi, r, scorer.value(a, size, cost));
}
