/**
 * Prediction quality: MAE, bias and Spearman's ρ on hand-made values, the grouping per rule and
 * size, and a plan's figures recomputed from scratch (every candidate of the news example
 * predicted and simulated directly, the naive predictors from the members' own scores).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRule, ruleName } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../src/formats/load.js';
import { buildPlanData, membersOf } from '../../src/plan/data.js';
import { actualCounts } from '../../src/plan/engine.js';
import { parseObjective } from '../../src/plan/objective.js';
import { runPlan } from '../../src/plan/plan.js';
import { exactByConstruction, predictCandidate } from '../../src/plan/predict.js';
import { accuracy, predictionQuality, type QualityEntry } from '../../src/plan/quality.js';
import { spearman } from '../../src/plan/rank.js';
import { scoresOf } from '../../src/plan/scores.js';
import type { PredictionAccuracy } from '../../src/plan/types.js';
import { ROOT } from '../cli/helpers.js';

describe('accuracy', () => {
  it('gives MAE, bias and ρ of known values', () => {
    // Errors 0, −1, +1, −1; ranks of actual 1 3 2 4 against 1 2 3 4: Σd² = 2, ρ = 1 − 12/60.
    const a = accuracy([1, 2, 3, 4], [1, 3, 2, 5]);
    expect(a.mae).toBeCloseTo(0.75, 15);
    expect(a.bias).toBeCloseTo(-0.25, 15);
    expect(a.spearman).toBeCloseTo(0.8, 15);
  });

  it('is exact for a perfect predictor and signs a predictor that runs high', () => {
    expect(accuracy([0.5, 0.7, 0.9], [0.5, 0.7, 0.9])).toEqual({ mae: 0, bias: 0, spearman: 1 });
    const high = accuracy([0.6, 0.8, 1.0], [0.5, 0.7, 0.9]);
    expect(high.mae).toBeCloseTo(0.1, 15);
    expect(high.bias).toBeCloseTo(0.1, 15);
    expect(high.spearman).toBe(1);
  });

  it('leaves out pairs with an undefined side, and is null without pairs or with a constant side', () => {
    const a = accuracy([1, NaN, 3, Infinity, 2], [2, 1, 3, 4, 2]);
    expect(a.mae).toBeCloseTo(1 / 3, 15); // pairs (1,2), (3,3), (2,2): errors −1, 0, 0
    expect(a.bias).toBeCloseTo(-1 / 3, 15);
    expect(a.spearman).toBe(spearman([1, 3, 2], [2, 3, 2]));
    expect(accuracy([], [])).toEqual({ mae: null, bias: null, spearman: null });
    expect(accuracy([NaN], [1])).toEqual({ mae: null, bias: null, spearman: null });
    expect(accuracy([0.4, 0.4, 0.4], [0.1, 0.2, 0.3]).spearman).toBeNull();
    expect(() => accuracy([1], [1, 2])).toThrow(RangeError);
  });
});

describe('predictionQuality', () => {
  const entry = (rule: string, size: number, predicted: number, actual: number, best: number, meanOf: number): QualityEntry => ({
    rule, size,
    objective: { predicted, actual, bestMember: best, meanMember: meanOf },
    f: { predicted: predicted / 2, actual: actual / 2, bestMember: best / 2, meanMember: meanOf / 2 },
  });
  const entries = [
    entry('vote', 4, 0.9, 0.8, 0.85, 0.7),
    entry('majority', 3, 0.5, 0.6, 0.7, 0.4),
    entry('vote', 3, 0.7, 0.7, 0.75, 0.6),
    entry('vote', 3, 0.6, 0.5, 0.75, 0.55),
  ];
  const sample = { inSample: true as const, memberSets: 3, of: 10, sampled: true, candidates: 6, exact: 2 };
  const q = predictionQuality(entries, sample);
  const close = (a: PredictionAccuracy, mae: number, bias: number, rho: number | null) => {
    expect(a.mae).toBeCloseTo(mae, 12);
    expect(a.bias).toBeCloseTo(bias, 12);
    if (rho === null) expect(a.spearman).toBeNull();
    else expect(a.spearman).toBeCloseTo(rho, 12);
  };

  it('groups by rule in order of first appearance, and by size within a rule in ascending order', () => {
    expect(q.sample).toEqual(sample);
    expect(q.byRule.map((g) => [g.rule, g.candidates, g.bySize.map((s) => [s.size, s.candidates])])).toEqual([
      ['vote', 3, [[3, 2], [4, 1]]],
      ['majority', 1, [[3, 1]]],
    ]);
  });

  it('measures the prediction and both naive predictors on the same candidates, for the objective and for F', () => {
    const vote = q.byRule[0];
    // Predicted 0.9 0.7 0.6 against 0.8 0.7 0.5: errors +0.1, 0, +0.1; same order: ρ = 1.
    close(vote.objective.predicted, 0.2 / 3, 0.2 / 3, 1);
    // Best member 0.85 0.75 0.75: errors +0.05 +0.05 +0.25; ranks (3, 1.5, 1.5) against (3, 2, 1).
    close(vote.objective.bestMember, 0.35 / 3, 0.35 / 3, spearman([0.85, 0.75, 0.75], [0.8, 0.7, 0.5]));
    // Mean member 0.7 0.6 0.55: errors −0.1 −0.1 +0.05.
    close(vote.objective.meanMember, 0.25 / 3, -0.15 / 3, 1);
    close(vote.f.predicted, 0.1 / 3, 0.1 / 3, 1);
    close(vote.bySize[0].objective.predicted, 0.05, 0.05, 1);
    close(vote.bySize[1].objective.predicted, 0.1, 0.1, null); // one candidate: no ρ
    close(q.byRule[1].objective.bestMember, 0.1, 0.1, null);
  });
});

describe('a plan\'s prediction quality', () => {
  const dir = join(ROOT, 'examples/news');
  const names = ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'];
  const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(dir, 'gold.conll'), systems: names.map((n) => parseSystemArg(join(dir, 'systems', `${n}.conll`))) });
  const data = buildPlanData(buildEnsembleIndex(corpus));
  const settings = { beta: 1, kAlpha: 1, zeroDivision: 'gerbil' as const };
  const rules = ['union', 'intersection', 'majority', 'vote'].map((r) => parseRule(r));

  /** Every candidate predicted and simulated directly: values of `measure` by rule, every way. */
  function direct(measure: 'f' | 'ser') {
    const value = (c: { tp: number; fp: number; fn: number; s: number }) => {
      const sc = scoresOf(c, settings);
      return measure === 'f' ? sc.f : sc.ser ?? NaN;
    };
    const single = names.map((_, m) => value({ tp: data.tp[m], fp: data.fp[m], fn: data.goldSize - data.tp[m], s: data.s[m] }));
    const byRule = new Map<string, { p: number[]; a: number[]; best: number[]; mean: number[] }>();
    let exact = 0;
    for (let S = 1; S < 1 << names.length; S++) {
      const members = membersOf(S, 0);
      for (const rule of rules) {
        if (exactByConstruction(rule, members.length)) {
          exact++;
          continue;
        }
        const name = ruleName(rule);
        if (!byRule.has(name)) byRule.set(name, { p: [], a: [], best: [], mean: [] });
        const g = byRule.get(name)!;
        g.p.push(value(predictCandidate(data, members, rule)));
        g.a.push(value(actualCounts(data, S, 0, rule, true)));
        const own = members.map((m) => single[m]);
        g.best.push(measure === 'f' ? Math.max(...own) : Math.min(...own));
        g.mean.push(own.reduce((x, y) => x + y, 0) / own.length);
      }
    }
    return { byRule, exact };
  }

  it('measures every estimated candidate when there are few member sets, for F1 and the objective (SER)', () => {
    const r = runPlan(corpus, { objective: parseObjective('ser'), folds: 0 }).result;
    const q = r.predictionQuality;
    const f = direct('f');
    const ser = direct('ser');
    expect(q.sample).toEqual({ inSample: true, memberSets: 31, of: 31, sampled: false, candidates: 124, exact: f.exact });
    expect(f.exact).toBe(5 * 4 + 10 * 3);
    expect(q.byRule.map((g) => g.rule)).toEqual(['union', 'intersection', 'majority', 'vote']);
    for (const g of q.byRule) {
      const fd = f.byRule.get(g.rule)!;
      const sd = ser.byRule.get(g.rule)!;
      expect(g.candidates).toBe(fd.p.length);
      const same = (got: PredictionAccuracy, want: PredictionAccuracy) => {
        expect(got.mae).toBeCloseTo(want.mae!, 12);
        expect(got.bias).toBeCloseTo(want.bias!, 12);
        expect(got.spearman).toBeCloseTo(want.spearman!, 12);
      };
      same(g.f.predicted, accuracy(fd.p, fd.a));
      same(g.f.bestMember, accuracy(fd.best, fd.a));
      same(g.f.meanMember, accuracy(fd.mean, fd.a));
      same(g.objective.predicted, accuracy(sd.p, sd.a));
      same(g.objective.bestMember, accuracy(sd.best, sd.a));
      same(g.objective.meanMember, accuracy(sd.mean, sd.a));
      expect(g.bySize.reduce((s, x) => s + x.candidates, 0)).toBe(g.candidates);
      expect(g.bySize.map((x) => x.size)).toEqual(g.rule === 'vote' ? [2, 3, 4, 5] : [3, 4, 5]);
    }
  });

  it('measures the candidates of the rank agreement, and its F figures equal its objective figures when the objective is F1', () => {
    const r = runPlan(corpus, { objective: parseObjective('f1'), folds: 0 }).result;
    const q = r.predictionQuality;
    const a = r.rankAgreement;
    expect(q.sample.exact).toBe(a.excluded.exact);
    expect(q.byRule.reduce((s, g) => s + g.candidates, 0)).toBe(a.candidates + a.excluded.duplicates);
    for (const g of q.byRule) expect(g.f).toEqual(g.objective);
  });
});
