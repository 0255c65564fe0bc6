/**
 * Prediction quality of a plan: over the candidates whose prediction is measured (the sample of
 * the rank agreement, see `predictionSample`) and not exact by construction, how close the
 * predicted values come to the actual ones — for the plan's objective and for F_β — per rule and
 * per rule and size, next to two naive predictors measured on the same candidates:
 *
 * - **best member**: the candidate scores what its best member scores alone (best under the
 *   measure: highest F, the best objective value in the objective's direction);
 * - **mean member**: the candidate scores the mean of its members' scores alone.
 *
 * For n pairs (p_i, a_i) of predicted and actual values: MAE = Σ|p_i − a_i|/n, bias =
 * Σ(p_i − a_i)/n (positive: the predictor runs high), and Spearman's ρ of p against a (average
 * ranks for ties, see rank.ts). Pairs with an undefined side (NaN, ±∞) are left out. Everything
 * is in-sample: the planning data scored the candidates and chose them.
 *
 * Nothing is predicted twice: the predictions (objective and counts) are those the sample
 * already asked the store for; actual F is counted again only when the objective is not F_β.
 */
import { ruleName } from '../ensemble/rules.js';
import { membersOf } from './data.js';
import { setKey, setSize } from './member-set.js';
import { actualCounts } from './engine.js';
import { exactByConstruction } from './predict.js';
import { spearman } from './rank.js';
import { objectiveIsF, scoresOf } from './scores.js';
import type { Planned } from './search.js';
import { predictedCountsOf, predictedValue } from './store.js';
import type { PredictionAccuracy, PredictionQuality, PredictorAccuracies, QualityGroup } from './types.js';

/** A value as the prediction and the two naive predictors give it, and as it actually is. */
export interface Predictions {
  predicted: number;
  bestMember: number;
  meanMember: number;
  actual: number;
}

/** One measured candidate: its rule, its size, and its objective value and F_β every way. */
export interface QualityEntry {
  rule: string;
  size: number;
  objective: Predictions;
  f: Predictions;
}

/** MAE, bias and Spearman's ρ of `predicted` against `actual` (see the module comment). */
export function accuracy(predicted: ArrayLike<number>, actual: ArrayLike<number>): PredictionAccuracy {
  if (predicted.length !== actual.length) throw new RangeError(`arrays must have the same length, got ${predicted.length} and ${actual.length}`);
  const p: number[] = [];
  const a: number[] = [];
  for (let i = 0; i < predicted.length; i++) {
    if (Number.isFinite(predicted[i]) && Number.isFinite(actual[i])) {
      p.push(predicted[i]);
      a.push(actual[i]);
    }
  }
  if (p.length === 0) return { mae: null, bias: null, spearman: null };
  let abs = 0;
  let signed = 0;
  for (let i = 0; i < p.length; i++) {
    abs += Math.abs(p[i] - a[i]);
    signed += p[i] - a[i];
  }
  return { mae: abs / p.length, bias: signed / p.length, spearman: spearman(p, a) };
}

function accuracies(list: readonly Predictions[]): PredictorAccuracies {
  const actual = list.map((x) => x.actual);
  return {
    predicted: accuracy(list.map((x) => x.predicted), actual),
    bestMember: accuracy(list.map((x) => x.bestMember), actual),
    meanMember: accuracy(list.map((x) => x.meanMember), actual),
  };
}

function group(list: readonly QualityEntry[]): QualityGroup {
  return { candidates: list.length, objective: accuracies(list.map((e) => e.objective)), f: accuracies(list.map((e) => e.f)) };
}

/**
 * The quality of the entries per rule and per rule and size (ascending); rules in the order of
 * `order`, then any other in order of first appearance.
 */
export function predictionQuality(entries: readonly QualityEntry[], sample: PredictionQuality['sample'], order: readonly string[] = []): PredictionQuality {
  const rules = order.filter((rule) => entries.some((e) => e.rule === rule));
  for (const e of entries) if (!rules.includes(e.rule)) rules.push(e.rule);
  return {
    sample: { ...sample },
    byRule: rules.map((rule) => {
      const mine = entries.filter((e) => e.rule === rule);
      const sizes = [...new Set(mine.map((e) => e.size))].sort((x, y) => x - y);
      return { rule, ...group(mine), bySize: sizes.map((size) => ({ size, ...group(mine.filter((e) => e.size === size)) })) };
    }),
  };
}

/**
 * The prediction quality of a plan's search over `sample` (store indices whose prediction is
 * measured), out of `range` (the store's candidates in the size range).
 */
export function planPredictionQuality(p: Planned, range: readonly number[], sample: readonly number[]): PredictionQuality {
  const { ctx, singles } = p;
  const { store, data, scorer } = ctx;
  const { settings } = scorer;
  const G = data.goldSize;
  const aloneF = Array.from({ length: data.n }, (_, m) => scoresOf({ tp: data.tp[m], fp: data.fp[m], fn: G - data.tp[m], s: 0 }, settings).f);
  const sameF = objectiveIsF(scorer.objective.text, settings.beta);
  const entries: QualityEntry[] = [];
  let exact = 0;
  for (const k of sample) {
    const S = store.masks[k];
    const Shi = store.masksHi[k];
    const r = store.rules[k];
    const rule = ctx.rules[r];
    const size = setSize(S, Shi);
    if (exactByConstruction(rule, size)) {
      exact++;
      continue;
    }
    const members = membersOf(S, Shi);
    const predicted = predictedCountsOf(ctx, k);
    const actualF = sameF ? store.actual[k] : scoresOf({ ...actualCounts(data, S, Shi, rule, false, ctx.weights[r]), s: 0 }, settings).f;
    const own = members.map((m) => singles[m]);
    const ownF = members.map((m) => aloneF[m]);
    entries.push({
      rule: ruleName(rule), size,
      objective: {
        predicted: predictedValue(ctx, k), actual: store.actual[k],
        bestMember: own.reduce((x, y) => (scorer.key(y) > scorer.key(x) ? y : x)), meanMember: mean(own),
      },
      f: { predicted: scoresOf(predicted, settings).f, actual: actualF, bestMember: Math.max(...ownF), meanMember: mean(ownF) },
    });
  }
  const of = new Set(range.map((k) => setKey(store.masks[k], store.masksHi[k]))).size;
  const memberSets = new Set(sample.map((k) => setKey(store.masks[k], store.masksHi[k]))).size;
  return predictionQuality(entries, { inSample: true, memberSets, of, sampled: memberSets < of, candidates: sample.length, exact }, ctx.rules.map(ruleName));
}

function mean(x: readonly number[]): number {
  let s = 0;
  for (const v of x) s += v;
  return s / x.length;
}
