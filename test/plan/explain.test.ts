/**
 * Explanations of candidates: leave-one-out gains checked against simulating each smaller
 * ensemble directly, the pairwise figures against the complementarity matrix of `compare`, the
 * predicted and actual scores against the plan's own candidates, and the errors.
 */
import fc from 'fast-check';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareSystems, pairAt } from '../../src/complementarity/matrix.js';
import { parseRule, type Rule } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { UsageError } from '../../src/errors.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../src/formats/load.js';
import type { Corpus } from '../../src/model/corpus.js';
import { choiceCounts, choiceOf } from '../../src/plan/choice.js';
import { buildPlanData, maskOf, type PlanData } from '../../src/plan/data.js';
import { explainCandidate } from '../../src/plan/explain.js';
import { parseObjective } from '../../src/plan/objective.js';
import { runPlan } from '../../src/plan/plan.js';
import { scoresOf } from '../../src/plan/scores.js';
import { corpusArb } from '../helpers/corpus.js';
import { ROOT } from '../cli/helpers.js';
import { unknownOption } from '../helpers/errors.js';

const NEWS = join(ROOT, 'examples/news');
const NAMES = ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'];
const news = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems: NAMES.map((n) => parseSystemArg(join(NEWS, 'systems', `${n}.conll`))) });
const settings = { beta: 1, kAlpha: 1, zeroDivision: 'gerbil' as const };

/** Objective value of members (indices) under a rule, simulated directly as `combine` would build it. */
function simulatedValue(data: PlanData, members: number[], rule: Rule, objective: 'f1' | 'ser'): number {
  if (members.length === 0) return objective === 'f1' ? 0 : 1;
  const c = choiceCounts(data, choiceOf(data, maskOf(members), rule));
  const s = scoresOf(c, settings);
  return objective === 'f1' ? s.f : s.ser ?? NaN;
}

describe('explainCandidate', () => {
  const data = buildPlanData(buildEnsembleIndex(news));

  for (const [name, objective] of [['vote', 'f1'], ['majority', 'f1'], ['union', 'ser'], ['weighted', 'f1'], ['kofn:3', 'f1']] as const) {
    it(`gives each member's leave-one-out gain under ${name} (${objective}), as simulating the candidate without it`, () => {
      const rule = parseRule(name);
      const members = [1, 2, 3];
      const e = explainCandidate(data, members.map((m) => NAMES[m]), rule, { objective: parseObjective(objective) });
      const whole = simulatedValue(data, members, rule, objective);
      expect(e.objective.actual).toBeCloseTo(whole, 12);
      expect(e.contributions.map((c) => c.name)).toEqual(['confuser', 'crf', 'gazetteer']);
      members.forEach((m, i) => {
        const without = simulatedValue(data, members.filter((x) => x !== m), rule, objective);
        const c = e.contributions[i];
        expect(c.without!.objective).toBeCloseTo(without, 12);
        // Positive means the member helps: for SER (minimised) the candidate's error is lower.
        expect(c.marginal!).toBeCloseTo(objective === 'ser' ? without - whole : whole - without, 12);
        expect(c.alone.objective).toBeCloseTo(simulatedValue(data, [m], { kind: 'union' }, objective), 12);
      });
      expect(e.notes).toEqual([]);
    });
  }

  it('holds on random corpora for every rule, members left out one by one', () => {
    fc.assert(
      fc.property(corpusArb(3, 5), fc.constantFrom('union', 'intersection', 'majority', 'vote', 'kofn:2'), (corpus: Corpus, name) => {
        const d = buildPlanData(buildEnsembleIndex(corpus));
        const rule = parseRule(name);
        const members = [0, 1, 2];
        const e = explainCandidate(d, members.map((m) => d.names[m]), rule, { objective: parseObjective('f1') });
        const whole = simulatedValue(d, members, rule, 'f1');
        members.forEach((m, i) => expect(e.contributions[i].marginal!).toBeCloseTo(whole - simulatedValue(d, members.filter((x) => x !== m), rule, 'f1'), 12));
      }),
      { numRuns: 60 },
    );
  });

  it('gives every pair the statistics of compare\'s complementarity matrix and the predictor\'s shared counts', () => {
    const comparison = compareSystems(news, { match: 'strict', beta: 1 });
    const e = explainCandidate(data, NAMES, parseRule('vote'), { objective: parseObjective('f1') });
    expect(e.pairs).toHaveLength(10);
    for (const p of e.pairs) {
      const a = NAMES.indexOf(p.a);
      const b = NAMES.indexOf(p.b);
      expect(a).toBeLessThan(b);
      const ab = pairAt(comparison, a, b);
      const ba = pairAt(comparison, b, a);
      expect(p.bOffersA).toEqual({ pComp: ab.pComp, rComp: ab.rComp, fComp: ab.fBetaComp });
      expect(p.aOffersB).toEqual({ pComp: ba.pComp, rComp: ba.rComp, fComp: ba.fBetaComp });
      expect([p.bothCorrect, p.bothMissed, p.bothWrong, p.onlyACorrect, p.onlyBWrong]).toEqual([ab.bothCorrect, ab.bothMissed, ab.bothWrong, ab.onlyACorrect, ab.onlyBWrong]);
      expect(p.bothCorrect).toBe(data.coGold[a * data.n + b]);
      expect(p.bothWrong).toBe(data.coNeg[a * data.n + b]);
      expect(p.bothWrongLabel).toBe(data.coX[a * data.n + b]);
    }
  });

  it('says a one-member candidate has nothing to leave out, and is exact', () => {
    const e = explainCandidate(data, ['crf'], parseRule('vote'), { objective: parseObjective('f1') });
    expect(e.contributions).toEqual([{ name: 'crf', alone: { objective: e.objective.actual, f: e.f.actual }, without: null, marginal: null }]);
    expect(e.pairs).toEqual([]);
    expect(e.predictedVia).toBe('exact');
    expect(e.objective.predicted).toBe(e.objective.actual);
    expect(e.notes[0]).toMatch(/nothing to leave out/);
  });

  it('refuses an unknown system or no member, naming what it expected', () => {
    expect(() => explainCandidate(data, ['crf', 'nope'], parseRule('vote'), { objective: parseObjective('f1') })).toThrow(UsageError);
    expect(() => explainCandidate(data, ['crf', 'nope'], parseRule('vote'), { objective: parseObjective('f1') })).toThrow(/"nope" is not a system \(systems: cautious, confuser/);
    expect(() => explainCandidate(data, [], parseRule('vote'), { objective: parseObjective('f1') })).toThrow(/at least one member/);
  });
});

describe('a plan\'s explanations', () => {
  it('explains the listed candidates by rank, with the scores the plan lists for them', () => {
    const r = runPlan(news, { objective: parseObjective('f1'), folds: 0, top: 4, explain: 'listed' }).result;
    expect(r.explanations!.map((e) => e.rank)).toEqual([1, 2, 3, 4]);
    r.explanations!.forEach((e, i) => {
      const c = r.candidates[i];
      expect([e.members, e.rule, e.predictedVia]).toEqual([c.members, c.rule, c.predictedVia]);
      expect(e.objective).toEqual({ actual: c.objective.actual, predicted: c.objective.predicted });
      expect(e.f).toEqual({ actual: c.actual.f, predicted: c.predicted.f });
    });
    const one = runPlan(news, { objective: parseObjective('f1'), folds: 0, top: 4, explain: [3, 3] }).result;
    expect(one.explanations!.map((e) => e.rank)).toEqual([3]);
    expect(runPlan(news, { objective: parseObjective('f1'), folds: 0, top: 4 }).result.explanations).toBeUndefined();
  });

  it('refuses a rank that is not listed', () => {
    expect(() => runPlan(news, { objective: parseObjective('f1'), folds: 0, top: 4, explain: [5] })).toThrow(UsageError);
    expect(() => runPlan(news, { objective: parseObjective('f1'), folds: 0, top: 4, explain: [5] })).toThrow('5: the plan lists candidates 1 to 4');
  });
});

describe('explainCandidate: option names', () => {
  it('refuses a misspelt option, naming it and the option meant', () => {
    const data = buildPlanData(buildEnsembleIndex(news));
    const objective = parseObjective('f1');
    unknownOption(() => explainCandidate(data, ['crf'], parseRule('vote'), { objective, cost: new Map() } as never), 'cost', 'costs');
    expect(explainCandidate(data, ['crf'], parseRule('vote'), { objective, costs: new Map() }).members).toEqual(['crf']);
  });
});
