/**
 * Predicted against actual scores on the twelve CoNLL-2003 systems (../shared/data/conll03-12sys,
 * read at run time, never copied): over every majority of 3 to 6 members (2,431 candidates) the
 * prediction from the members' pairwise statistics has a mean absolute F1 error of at most 0.40
 * points and a Spearman ρ of at least 0.85, and beats "the ensemble scores what its best member
 * scores"; predicted substitutions are within 10% of the actual ones in total; and a candidate's
 * prediction is the same whether its three members are loaded alone or among all twelve.
 * Skipped when the data is absent.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRule } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../src/formats/load.js';
import { buildPlanData, maskOf } from '../../src/plan/data.js';
import { actualCounts } from '../../src/plan/engine.js';
import { predictCandidate } from '../../src/plan/predict.js';
import { spearman } from '../../src/plan/rank.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const DATA = CONLL03_DIR;
const exists = conll03Present('predict-conll03');
const files = exists
  ? readdirSync(DATA).sort().filter((f) => (f.endsWith('.conll') && f !== 'gold.conll') || f.endsWith('.jsonl')).map((f) => join(DATA, f))
  : [];

function planData(systems: string[]) {
  const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(DATA, 'gold.conll'), systems: systems.map((f) => parseSystemArg(f)) });
  return buildPlanData(buildEnsembleIndex(corpus));
}

const f1 = (c: { tp: number; fp: number; fn: number }) => (2 * c.tp) / (2 * c.tp + c.fp + c.fn);

function combinations(n: number, size: number): number[][] {
  const out: number[][] = [];
  const walk = (from: number, picked: number[]) => {
    if (picked.length === size) {
      out.push([...picked]);
      return;
    }
    for (let m = from; m < n; m++) walk(m + 1, [...picked, m]);
  };
  walk(0, []);
  return out;
}

describe.skipIf(!exists)('prediction on the twelve CoNLL-2003 systems', () => {
  it('predicts majorities of 3–6 members within 0.40 F1 points on average, ranking them with ρ ≥ 0.85, better than the best-member baseline', () => {
    const data = planData(files);
    const majority = parseRule('majority');
    const predicted: number[] = [];
    const actual: number[] = [];
    const bestMember: number[] = [];
    let sActual = 0;
    let sError = 0;
    for (let size = 3; size <= 6; size++) {
      for (const members of combinations(data.n, size)) {
        const a = actualCounts(data, maskOf(members), 0, majority, true);
        const p = predictCandidate(data, members, majority);
        expect(p.method).toBe('max-entropy');
        predicted.push(f1(p));
        actual.push(f1(a));
        bestMember.push(Math.max(...members.map((m) => data.f1[m])));
        sActual += a.s;
        sError += Math.abs(p.s - a.s);
      }
    }
    expect(predicted).toHaveLength(2431);
    const mae = (xs: number[]) => xs.reduce((sum, x, i) => sum + Math.abs(x - actual[i]), 0) / xs.length;
    expect(mae(predicted)).toBeLessThanOrEqual(0.004);
    expect(spearman(predicted, actual)!).toBeGreaterThanOrEqual(0.85);
    expect(mae(predicted)).toBeLessThan(mae(bestMember));
    expect(sError / sActual).toBeLessThanOrEqual(0.1);
  });

  it('gives a candidate the same prediction with its three members alone as among all twelve', () => {
    const picked = files.filter((f) => /(flair-glove-lstmcrf|bert-lstmcrf|spanner-lendecode)\./.test(f));
    expect(picked).toHaveLength(3);
    const alone = planData(picked);
    const among = planData(files);
    const at = picked.map((f) => files.indexOf(f));
    for (const name of ['majority', 'union', 'intersection', 'vote']) {
      const rule = parseRule(name);
      expect(predictCandidate(among, at, rule)).toEqual(predictCandidate(alone, [0, 1, 2], rule));
    }
  });
});
