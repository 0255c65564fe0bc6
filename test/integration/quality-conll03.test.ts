/**
 * Prediction quality and explanations on the twelve CoNLL-2003 systems
 * (../shared/data/conll03-12sys, read at run time, never copied): the plan measures its
 * predictions on the fixed sample of 500 member sets, and for majority and vote the prediction
 * beats "its best member" and "the mean of its members" in MAE and ρ of F1; explaining the top
 * candidate gives leave-one-out gains equal to simulating each smaller vote directly. Skipped
 * when the data is absent.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { parseRule } from '../../src/ensemble/rules.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../src/formats/load.js';
import { choiceCounts, choiceOf } from '../../src/plan/choice.js';
import { buildPlanData, maskOf } from '../../src/plan/data.js';
import { parseObjective } from '../../src/plan/objective.js';
import { runPlan } from '../../src/plan/plan.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const DATA = CONLL03_DIR;
const exists = conll03Present('quality-conll03');
const files = exists
  ? readdirSync(DATA).sort().filter((f) => (f.endsWith('.conll') && f !== 'gold.conll') || f.endsWith('.jsonl')).map((f) => join(DATA, f))
  : [];

describe.skipIf(!exists)('prediction quality and explanations on CoNLL-2003 (twelve systems)', () => {
  const corpus = exists ? loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(DATA, 'gold.conll'), systems: files.map((f) => parseSystemArg(f)) }) : undefined;

  it('measures on the sample of 500 member sets; for majority and vote the prediction beats both naive predictors', () => {
    const r = runPlan(corpus!, { objective: parseObjective('f1'), folds: 0, top: 3, explain: [1] }).result;
    const q = r.predictionQuality;
    expect(q.sample).toEqual({ inSample: true, memberSets: 500, of: 4095, sampled: true, candidates: 2000, exact: r.rankAgreement.excluded.exact });
    for (const rule of ['majority', 'vote']) {
      const g = q.byRule.find((x) => x.rule === rule)!;
      expect(g.f.predicted.mae!, rule).toBeLessThan(0.004);
      expect(g.f.predicted.mae!, rule).toBeLessThan(g.f.bestMember.mae!);
      expect(g.f.predicted.mae!, rule).toBeLessThan(g.f.meanMember.mae!);
      expect(g.f.predicted.spearman!, rule).toBeGreaterThan(g.f.bestMember.spearman!);
      expect(g.f.predicted.spearman!, rule).toBeGreaterThan(0.75);
    }

    const e = r.explanations![0];
    expect(e.members).toEqual(r.candidates[0].members);
    const data = buildPlanData(buildEnsembleIndex(corpus!));
    const f1 = (names: string[]) => {
      const c = choiceCounts(data, choiceOf(data, maskOf(names.map((n) => data.names.indexOf(n))), parseRule(e.rule)));
      return (2 * c.tp) / (2 * c.tp + c.fp + c.fn);
    };
    expect(e.objective.actual).toBeCloseTo(f1(e.members), 12);
    for (const c of e.contributions) expect(c.marginal!, c.name).toBeCloseTo(e.objective.actual - f1(e.members.filter((m) => m !== c.name)), 12);
    expect(e.pairs).toHaveLength((e.size * (e.size - 1)) / 2);
  });
});
