import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRule } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex, ensembleOutput, simulate } from '../../src/ensemble/simulate.js';
import { UsageError } from '../../src/errors.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import type { Corpus, Span } from '../../src/model/corpus.js';
import { parseObjective } from '../../src/plan/objective.js';
import { plan, runPlan } from '../../src/plan/plan.js';
import type { PlanCandidate } from '../../src/plan/types.js';
import { corpusArb } from '../helpers/corpus.js';

/** Each of the helper corpus's four sentences becomes a document, so splits have something to split. */
function byDocument(c: Corpus): Corpus {
  const doc = (s: Span) => ({ ...s, doc: Math.floor(s.start / 10) });
  return {
    ...c,
    documents: c.sentences.map((s, i) => ({ index: i, id: `d${i}`, start: s.start, end: s.end, firstSentence: i, endSentence: i + 1 })),
    sentences: c.sentences.map((s, i) => ({ ...s, doc: i })),
    gold: { ...c.gold, spans: c.gold.spans.map(doc) },
    systems: c.systems.map((x) => ({ ...x, spans: x.spans.map(doc) })),
  };
}

const where = (s: Span) => `${s.start}-${s.end}`;
/** One label per boundary everywhere, as BIO input gives. */
function bioLike(c: Corpus): Corpus {
  const once = (spans: Span[]) => {
    const seen = new Set<string>();
    return spans.filter((x) => !seen.has(where(x)) && seen.add(where(x)) !== undefined);
  };
  return { ...c, gold: { ...c.gold, spans: once(c.gold.spans) }, systems: c.systems.map((s) => ({ ...s, spans: once(s.spans) })) };
}

const corpora = corpusArb(2, 5).map(byDocument);
const f1 = parseObjective('f1');

/** What eval says of a listed candidate, simulated afresh. */
function evalOf(corpus: Corpus, c: PlanCandidate) {
  const index = buildEnsembleIndex(corpus);
  const members = c.members.map((m) => corpus.systems.findIndex((s) => s.name === m));
  return evaluate({ ...corpus, systems: [ensembleOutput(index, simulate(index, members, parseRule(c.rule)))] }).systems[0];
}

describe('plan', () => {
  it('lists candidates best first, with the actual scores eval gives their simulated output', () => {
    fc.assert(
      fc.property(corpora, (corpus) => {
        const r = plan(corpus, { objective: f1, search: 'exhaustive', top: 100 });
        const n = corpus.systems.length;
        expect(r.search.evaluated).toBe(((1 << n) - 1) * 4);
        for (let i = 1; i < r.candidates.length; i++) {
          expect(r.candidates[i - 1].objective.actual).toBeGreaterThanOrEqual(r.candidates[i].objective.actual);
          expect(r.candidates[i].rank).toBe(i + 1);
        }
        for (const c of r.candidates.slice(0, 8)) {
          const e = evalOf(corpus, c);
          expect(c.actual).toMatchObject({ tp: e.tp, fp: e.fp, fn: e.fn, s: e.s });
          expect(c.actual.f).toBeCloseTo(e.f ?? NaN, 12);
          // eval's SER is Infinity when there is no gold item but errors; the plan's JSON has null.
          if (e.ser === Infinity) expect(c.actual.ser).toBeNull();
          else expect(c.actual.ser).toBeCloseTo(e.ser ?? NaN, 12);
          expect(c.objective.actual).toBeCloseTo(e.f ?? NaN, 12);
          expect(c.objective.gap).toBeCloseTo(c.objective.actual - c.objective.predicted, 12);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('predicts exactly for every single system and pair under union and intersection', () => {
    fc.assert(
      fc.property(corpora.map(bioLike), (corpus) => {
        const r = plan(corpus, { objective: f1, rules: [parseRule('union'), parseRule('intersection')], maxSize: 2, top: 1000 });
        const n = corpus.systems.length;
        expect(r.candidates.length).toBe((n + (n * (n - 1)) / 2) * 2);
        for (const c of r.candidates) {
          expect(c.predictedVia).toBe('exact');
          expect(c.predicted).toEqual(c.actual);
          expect(c.objective.gap).toBe(0);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('computes the gain over the best member and marks typed rules as predicted through majority', () => {
    fc.assert(
      fc.property(corpora, (corpus) => {
        const r = plan(corpus, { objective: f1, top: 50 });
        const single = new Map(r.candidates.filter((c) => c.size === 1 && c.rule === 'union').map((c) => [c.members[0], c.objective.actual]));
        for (const c of r.candidates) {
          if (c.rule === 'vote') expect(c.predictedVia).toBe('via-majority');
          const best = Math.max(...c.members.map((m) => single.get(m) ?? -Infinity));
          if (Number.isFinite(best)) expect(c.gain).toBeCloseTo(c.objective.actual - best, 12);
        }
      }),
      { numRuns: 30 },
    );
  });

  it('minimises SER: the winner has the lowest SER of all candidates', () => {
    fc.assert(
      fc.property(corpora, (corpus) => {
        const r = plan(corpus, { objective: parseObjective('ser'), search: 'exhaustive', top: 1000 });
        const sers = r.candidates.map((c) => c.objective.actual).filter((x) => Number.isFinite(x));
        if (sers.length > 0) expect(r.candidates[0].objective.actual).toBe(Math.min(...sers));
      }),
      { numRuns: 30 },
    );
  });

  it('keeps to the budget and marks the Pareto front', () => {
    const corpus = fc.sample(corpora, { numRuns: 1, seed: 11 })[0];
    const names = corpus.systems.map((s) => s.name);
    const costs = new Map(names.map((n, i) => [n, i + 1]));
    const r = plan(corpus, { objective: f1, costs, budget: 3, top: 100 });
    for (const c of r.candidates) {
      expect(c.cost).toBe(c.members.reduce((a, m) => a + costs.get(m)!, 0));
      expect(c.cost).toBeLessThanOrEqual(3);
      expect(c.withinBudget).toBe(true);
    }
    expect(r.budget).toBe(3);
    // The front, cheapest first: a higher cost must buy a strictly better objective.
    const front = r.paretoFront!;
    expect(front.length).toBeGreaterThan(0);
    for (let i = 1; i < front.length; i++) {
      expect(front[i].cost).toBeGreaterThanOrEqual(front[i - 1].cost);
      if (front[i].cost > front[i - 1].cost) expect(front[i].objective.actual).toBeGreaterThan(front[i - 1].objective.actual);
    }
    // No listed candidate dominates a front entry.
    for (const p of front) {
      for (const c of r.candidates) expect(c.cost <= p.cost && c.objective.actual > p.objective.actual).toBe(false);
    }
    expect(front.every((p) => p.pareto)).toBe(true);
    expect(() => plan(corpus, { objective: f1, costs: new Map([['nobody', 1]]) })).toThrow(UsageError);
  });

  it('scores the choice on held-out documents, deterministically for a seed', () => {
    fc.assert(
      fc.property(corpora, fc.integer({ min: 0, max: 1000 }), (corpus, seed) => {
        const a = plan(corpus, { objective: f1, holdout: 0.25, seed, top: 3 });
        const b = plan(corpus, { objective: f1, holdout: 0.25, seed, top: 3 });
        expect(a).toEqual(b);
        const h = a.heldOut!;
        expect(h.kind).toBe('holdout');
        expect(h.perFold).toHaveLength(1);
        expect(h.perFold[0].trainDocuments + h.perFold[0].testDocuments).toBe(4);
        expect(h.perFold[0].testDocuments).toBe(1);
        expect(h.perFold[0].chosen).toEqual({ members: a.candidates[0].members, rule: a.candidates[0].rule });
        expect(h.meanPlanning).toBe(a.candidates[0].objective.actual);
      }),
      { numRuns: 20 },
    );
  });

  it('cross-validates by folds, each fold held out once', () => {
    const corpus = fc.sample(corpora, { numRuns: 1, seed: 5 })[0];
    const r = plan(corpus, { objective: f1, folds: 4, seed: 3 });
    expect(r.heldOut!.perFold).toHaveLength(4);
    expect(r.heldOut!.perFold.reduce((a, f) => a + f.testDocuments, 0)).toBe(4);
    const mean = r.heldOut!.perFold.reduce((a, f) => a + f.heldOut.objective, 0) / 4;
    expect(r.heldOut!.meanHeldOut).toBeCloseTo(mean, 12);
    expect(() => plan(corpus, { objective: f1, folds: 4, holdout: 0.5 })).toThrow(/together/);
  });

  it('bootstraps the gain of the winner over the best single system', () => {
    const corpus = fc.sample(corpora, { numRuns: 1, seed: 8 })[0];
    const a = plan(corpus, { objective: f1, bootstrap: 200, seed: 4 });
    const b = plan(corpus, { objective: f1, bootstrap: 200, seed: 4 });
    expect(a.bootstrap).toEqual(b.bootstrap);
    const bs = a.bootstrap!;
    expect(bs.low).toBeLessThanOrEqual(bs.high);
    expect(bs.observed).toBeCloseTo(a.candidates[0].objective.actual - a.bestSingle.objective, 12);
    expect(bs.notBetter).toBeGreaterThanOrEqual(0);
    expect(bs.notBetter).toBeLessThanOrEqual(1);
  });

  it('reports the greedy path and rank agreement over every evaluated candidate', () => {
    fc.assert(
      fc.property(corpora, (corpus) => {
        const run = runPlan(corpus, { objective: f1, search: 'exhaustive' });
        const r = run.result;
        expect(r.rankAgreement.candidates).toBe(r.search.evaluated);
        expect(r.greedyPath.filter((s) => s.step === 1)).toHaveLength(4);
        expect(r.greedyPath[0].added).toBe(r.bestSingle.name);
        expect(run.scatter()).toHaveLength(r.search.evaluated);
        expect(run.scatter().filter((p) => p.highlight)).toHaveLength(r.candidates.length);
      }),
      { numRuns: 20 },
    );
  });

  it('refuses impossible sizes and too large exhaustive spaces', () => {
    const corpus = fc.sample(corpora, { numRuns: 1, seed: 2 })[0];
    expect(() => plan(corpus, { objective: f1, minSize: 3, maxSize: 2 })).toThrow(/--min-size/);
    expect(() => plan(corpus, { objective: f1, search: 'exhaustive', exhaustiveLimit: 1 })).toThrow(/greedy or beam/);
  });
});
