import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRule } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex, ensembleOutput, simulate } from '../../src/ensemble/simulate.js';
import { UsageError } from '../../src/errors.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import type { Corpus, Span } from '../../src/model/corpus.js';
import { parseObjective } from '../../src/plan/objective.js';
import { plan, PREDICTION_SAMPLE, runPlan } from '../../src/plan/plan.js';
import type { PlanCandidate } from '../../src/plan/types.js';
import { corpusArb, makeCorpus, span } from '../helpers/corpus.js';
import { unknownOption } from '../helpers/errors.js';
import { recommendationReason } from '../../src/report/plan-reason.js';

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
        // A single system is one candidate under both rules (the same items); a pair, one under each.
        expect(r.candidates.length).toBe(n + ((n * (n - 1)) / 2) * 2);
        expect(r.candidates.filter((c) => c.size === 1).map((c) => c.rule)).toEqual(new Array<string>(n).fill('union'));
        for (const c of r.candidates) {
          expect(c.predictedVia).toBe('exact');
          expect(c.predicted).toEqual(c.actual);
          expect(c.objective.gap).toBe(0);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('computes the gain over the best member and marks typed rules of several members as estimated by maximum entropy', () => {
    fc.assert(
      fc.property(corpora, (corpus) => {
        const r = plan(corpus, { objective: f1, top: 50 });
        const single = new Map(r.candidates.filter((c) => c.size === 1 && c.rule === 'union').map((c) => [c.members[0], c.objective.actual]));
        for (const c of r.candidates) {
          if (c.rule === 'vote') expect(c.predictedVia).toBe(c.size === 1 ? 'exact' : 'max-entropy');
          if (c.rule === 'vote' && c.size === 1) expect(c.objective.predicted).toBeCloseTo(c.objective.actual, 12);
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
        // SER is undefined for every candidate when the gold has no item: the plan may refuse then,
        // having no winner to name (an objective undefined everywhere is a usage error).
        let r;
        try {
          r = plan(corpus, { objective: parseObjective('ser'), search: 'exhaustive', top: 1000 });
        } catch (err) {
          expect(err).toBeInstanceOf(UsageError);
          expect((err as Error).message).toContain('undefined (not a finite number) for every candidate');
          expect(corpus.gold.spans).toHaveLength(0);
          return;
        }
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

  it('refuses one system, with the reason complan plan gives: every rule would be that system alone', () => {
    const corpus = fc.sample(corpora, { numRuns: 1, seed: 3 })[0];
    const one: Corpus = { ...corpus, systems: corpus.systems.slice(0, 1) };
    for (const run of [() => plan(one, { objective: f1 }), () => runPlan(one)]) {
      expect(run).toThrow(UsageError);
      expect(run).toThrow('plan needs at least two systems: one leaves nothing to combine, every rule is that system alone');
    }
    expect(() => runPlan({ ...corpus, systems: [] })).toThrow('no systems to plan: the corpus has none');
    // Two are enough.
    expect(runPlan({ ...corpus, systems: corpus.systems.slice(0, 2) }, { folds: 0 }).result.candidates.length).toBeGreaterThan(0);
  });

  it('scores every choice on held-out documents, deterministically for a seed', () => {
    fc.assert(
      fc.property(corpora, fc.integer({ min: 0, max: 1000 }), (corpus, seed) => {
        const a = plan(corpus, { objective: f1, holdout: 0.25, seed, top: 3, samples: 50 });
        const b = plan(corpus, { objective: f1, holdout: 0.25, seed, top: 3, samples: 50 });
        expect(a).toEqual(b);
        const h = a.heldOut!;
        expect(h.kind).toBe('holdout');
        expect(h.splits).toHaveLength(1);
        const split = h.splits[0];
        expect(split.trainUnits + split.testUnits).toBe(4);
        expect(split.testUnits).toBe(1);
        // The report is about the training part: its top candidate is what the selection chose there.
        expect(split.chosen).toEqual({ members: a.candidates[0].members, rule: a.candidates[0].rule });
        expect(split.planning.selection).toBe(a.candidates[0].objective.actual);
        expect(a.selection.planning.objective).toBe(a.candidates[0].objective.actual);
        expect(a.planningData.documents).toBe(3);
      }),
      { numRuns: 20 },
    );
  });

  it('scores majority-all on the held-out document exactly as eval scores its output there', () => {
    fc.assert(
      fc.property(corpora, fc.integer({ min: 0, max: 1000 }), (corpus, seed) => {
        const r = plan(corpus, { objective: f1, holdout: 0.25, seed, top: 1, samples: 20 });
        const planned = new Set(corpus.documents.map((d) => d.index));
        // The held-out document is the one whose sentences the planning data lacks.
        const index = buildEnsembleIndex(corpus);
        const all = corpus.systems.map((_, k) => k);
        const out = ensembleOutput(index, simulate(index, all, parseRule('majority')));
        const scores = (doc: number) => {
          const only = (spans: Span[]) => spans.filter((x) => x.doc === doc);
          return evaluate({ ...corpus, gold: { ...corpus.gold, spans: only(corpus.gold.spans) }, systems: [{ ...out, spans: only(out.spans) }] }).systems[0].f;
        };
        const held = [...planned].map(scores);
        expect(held).toContainEqual(r.heldOut!.splits[0].heldOut['majority-all']);
      }),
      { numRuns: 20 },
    );
  });

  it('cross-validates by folds, each fold held out once, every procedure re-run on each training part', () => {
    const corpus = fc.sample(corpora, { numRuns: 1, seed: 5 })[0];
    const r = plan(corpus, { objective: f1, folds: 4, seed: 3, samples: 50 });
    const h = r.heldOut!;
    expect(h.kind).toBe('folds');
    expect(h.units).toBe('document');
    expect(h.splits).toHaveLength(4);
    expect(h.splits.reduce((a, f) => a + f.testUnits, 0)).toBe(4);
    for (const name of ['selection', 'best-single', 'majority-all', 'vote-all', 'caruana'] as const) {
      const s = h.summary.find((x) => x.name === name)!;
      const mean = h.splits.reduce((a, f) => a + f.heldOut[name], 0) / 4;
      expect(s.mean).toBeCloseTo(mean, 12);
      expect(s.splits).toBe(4);
      const p = [r.selection, ...r.baselines].find((x) => x.name === name)!;
      expect(s.optimism).toBeCloseTo(p.planning.objective - s.pooled, 12);
      expect(p.heldOut!.mean).toBe(s.mean);
      expect(p.heldOut!.pooled).toBe(s.pooled);
      // A procedure that chooses nothing, held out fold by fold, adds up to its in-sample figure.
      if (name === 'majority-all' || name === 'vote-all') {
        expect(s.pooled).toBeCloseTo(p.planning.objective, 12);
        expect(s.optimism).toBeCloseTo(0, 12);
      }
    }
    expect(h.stability.distinct).toBeGreaterThanOrEqual(1);
    expect(h.stability.mostCommon.count).toBeLessThanOrEqual(4);
    expect(() => plan(corpus, { objective: f1, folds: 4, holdout: 0.5 })).toThrow(/together/);
    expect(() => plan(corpus, { objective: f1, folds: 1 })).toThrow(expect.objectContaining({ param: 'folds' }));
    expect(() => plan(corpus, { objective: f1, folds: 5 })).toThrow(/at least 5 documents/);
    // A one-document corpus splits sentences, and says so in its errors.
    const one = fc.sample(corpusArb(2, 3), { numRuns: 1, seed: 3 })[0];
    expect(() => plan(one, { objective: f1, folds: 5 })).toThrow('5 folds need at least 5 sentences, the data has 4');
  });

  it('repeats the folds with fresh shuffles', () => {
    const corpus = fc.sample(corpora, { numRuns: 1, seed: 5 })[0];
    const r = plan(corpus, { objective: f1, folds: 2, repeats: 3, seed: 3, samples: 20 });
    expect(r.heldOut!.splits.map((s) => `${s.repeat}.${s.fold}`)).toEqual(['1.1', '1.2', '2.1', '2.2', '3.1', '3.2']);
    expect(r.recommendation.heldOut!.folds).toBe(6);
    // Each unit is held out once a repeat: a rate over the pooled counts is the in-sample one still.
    const vote = r.baselines.find((b) => b.name === 'vote-all')!;
    expect(vote.heldOut!.pooled).toBeCloseTo(vote.planning.objective, 12);
  });

  it('uses five folds by default, as many as there are documents when fewer, and none with folds 0', () => {
    const corpus = fc.sample(corpora, { numRuns: 1, seed: 6 })[0];
    const r = plan(corpus, { objective: f1, samples: 20 });
    expect(r.heldOut!.folds).toBe(4);
    expect(r.notes).toContainEqual({ kind: 'fewer-folds', folds: 4, units: 4, unit: 'document' });
    const none = plan(corpus, { objective: f1, folds: 0 });
    expect(none.heldOut).toBeUndefined();
    expect(none.recommendation.procedure).toBe('vote-all');
    expect(none.recommendation.vsBaselines).toEqual([]);
    expect(none.recommendation.basis).toEqual({ kind: 'no-held-out' });
    expect(recommendationReason(none)).toMatch(/No held-out estimate/);
  });

  it('reports the baselines, each scored as eval scores its simulated output', () => {
    fc.assert(
      fc.property(corpora, (corpus) => {
        const r = plan(corpus, { objective: f1, folds: 0 });
        expect(r.baselines.map((b) => b.name)).toEqual(['best-single', 'majority-all', 'vote-all', 'caruana']);
        const byName = new Map(r.baselines.map((b) => [b.name, b]));
        const all = corpus.systems.map((s) => s.name);
        for (const [name, rule] of [['majority-all', 'majority'], ['vote-all', 'vote']] as const) {
          const b = byName.get(name)!;
          expect(b.members).toEqual(all);
          expect(b.rule).toBe(rule);
          const e = evalOf(corpus, { members: all, rule } as PlanCandidate);
          expect(b.planning.scores).toMatchObject({ tp: e.tp, fp: e.fp, fn: e.fn });
        }
        expect(byName.get('best-single')!.members).toEqual([r.bestSingle.name]);
        expect(byName.get('best-single')!.planning.objective).toBe(r.bestSingle.objective);
        expect(r.selection.members).toEqual(r.candidates[0].members);
        expect(r.selection.planning.objective).toBe(r.candidates[0].objective.actual);
      }),
      { numRuns: 25 },
    );
  });

  it('plans on the given units only, as if the rest of the corpus were not there', () => {
    fc.assert(
      fc.property(corpora, (corpus) => {
        const some = plan(corpus, { objective: f1, folds: 0, planUnits: [0, 2, 3], top: 20 });
        const drop = (spans: Span[]) => spans.filter((x) => x.doc !== 1);
        const without = plan({ ...corpus, gold: { ...corpus.gold, spans: drop(corpus.gold.spans) }, systems: corpus.systems.map((s) => ({ ...s, spans: drop(s.spans) })) },
          { objective: f1, folds: 0, top: 20 });
        expect(some.candidates).toEqual(without.candidates);
        expect(some.planningData.documents).toBe(3);
      }),
      { numRuns: 20 },
    );
  });

  it('bootstraps the procedures, re-selecting in each resample, deterministically', () => {
    const corpus = fc.sample(corpora, { numRuns: 1, seed: 8 })[0];
    const a = plan(corpus, { objective: f1, bootstrap: 30, seed: 4, samples: 20 });
    const b = plan(corpus, { objective: f1, bootstrap: 30, seed: 4, samples: 20 });
    expect(a.bootstrap).toEqual(b.bootstrap);
    const bs = a.bootstrap!;
    expect(bs.reselected).toBe(true);
    expect(bs.procedure).toBe(a.recommendation.procedure);
    expect(bs.procedures.map((p) => p.name)).toEqual(['selection', 'best-single', 'majority-all', 'vote-all', 'caruana']);
    for (const p of bs.procedures) if (!Number.isNaN(p.low)) expect(p.low).toBeLessThanOrEqual(p.high);
    for (const c of bs.vsBaselines) {
      expect(c.notBetter).toBeGreaterThanOrEqual(0);
      expect(c.notBetter).toBeLessThanOrEqual(1);
    }
    // Against every other procedure, the search's choice included.
    expect(bs.vsBaselines.map((c) => c.name)).toEqual(['selection', 'best-single', 'majority-all', 'vote-all', 'caruana'].filter((n) => n !== bs.procedure));
  });

  it('reports the greedy path, and rank agreement over the estimated candidates only', () => {
    fc.assert(
      fc.property(corpora, (corpus) => {
        const run = runPlan(corpus, { objective: f1, search: 'exhaustive', folds: 0 });
        const r = run.result;
        const a = r.rankAgreement;
        const n = corpus.systems.length;
        // Exact by construction: every single system under the 4 rules, and every pair under union, intersection and majority.
        expect(a.excluded.exact).toBe(4 * n + 3 * (n * (n - 1)) / 2);
        expect(a.candidates + a.excluded.exact + a.excluded.duplicates).toBeLessThanOrEqual(r.search.evaluated);
        expect(a.topK).toBe(Math.min(10, a.candidates));
        expect(a.byRule.reduce((x, y) => x + y.candidates, 0)).toBe(a.candidates);
        expect(a.beatingBestSingle.candidates).toBeLessThanOrEqual(a.candidates);
        expect(r.greedyPath.filter((s) => s.step === 1)).toHaveLength(4);
        expect(r.greedyPath[0].added).toBe(r.bestSingle.name);
        expect(run.scatter()).toHaveLength(r.search.evaluated);
        const highlighted = run.scatter().filter((p) => p.highlight);
        expect(highlighted).toHaveLength(r.candidates.length);
        expect(highlighted.map((p) => p.predicted)).toEqual(r.candidates.map((c) => c.objective.predicted));
      }),
      { numRuns: 20 },
    );
  });

  it('measures predictions on a fixed sample of member sets when there are more than the sample size, always with the listed candidates', () => {
    const corpus = fc.sample(corpusArb(10, 10), { numRuns: 1, seed: 3 })[0];
    const run = runPlan(corpus, { objective: f1, search: 'exhaustive', folds: 0, top: 5 });
    const r = run.result;
    expect(r.search.evaluated).toBe(4 * 1023);
    const points = run.scatter();
    expect(points.length - r.candidates.length).toBeLessThanOrEqual(4 * PREDICTION_SAMPLE);
    expect(points.length - r.candidates.length).toBeGreaterThanOrEqual(4 * PREDICTION_SAMPLE - r.candidates.length);
    const highlighted = points.filter((p) => p.highlight);
    expect(highlighted.map((p) => p.predicted)).toEqual(r.candidates.map((c) => c.objective.predicted));
    expect(runPlan(corpus, { objective: f1, search: 'exhaustive', folds: 0, top: 5 }).scatter()).toEqual(points);
  });

  it('splits sentences when the corpus has one document, and says so', () => {
    const corpus = fc.sample(corpusArb(2, 4), { numRuns: 1, seed: 12 })[0];
    expect(corpus.documents).toHaveLength(1);
    const r = plan(corpus, { objective: f1, samples: 20 });
    expect(r.heldOut!.units).toBe('sentence');
    expect(r.heldOut!.folds).toBe(4);
    expect(r.planningData).toMatchObject({ units: 'sentence', sentences: 4, of: 4 });
    expect(r.recommendation.tests!.units).toBe('sentence');
    expect(r.notes).toContainEqual({ kind: 'by-sentence' });
  });

  it('does not let --top change the rank agreement', () => {
    const corpus = fc.sample(corpora, { numRuns: 1, seed: 9 })[0];
    const a = plan(corpus, { objective: f1, folds: 0, top: 1 });
    const b = plan(corpus, { objective: f1, folds: 0, top: 40 });
    expect(a.rankAgreement).toEqual(b.rankAgreement);
  });

  it('refuses impossible sizes and too large exhaustive spaces', () => {
    const corpus = fc.sample(corpora, { numRuns: 1, seed: 2 })[0];
    expect(() => plan(corpus, { objective: f1, minSize: 3, maxSize: 2 })).toThrow(/minSize 3 is above maxSize 2/);
    expect(() => plan(corpus, { objective: f1, search: 'exhaustive', exhaustiveLimit: 1 })).toThrow(/lower maxSize or use search greedy, beam, guided or caruana/);
    // k-of-n above the largest member set: every candidate of the rule would be empty.
    const n = corpus.systems.length;
    expect(() => plan(corpus, { objective: f1, folds: 0, rules: [parseRule(`kofn:${n + 1}`)] })).toThrow(expect.objectContaining({
      param: 'rules', message: `rules: kofn:${n + 1} needs at least ${n + 1} members, but the largest member set has ${n} (${n} systems): every candidate would be empty`,
    }));
    expect(() => plan(corpus, { objective: f1, folds: 0, rules: [parseRule('vote'), parseRule('kofn:2')], maxSize: 1 })).toThrow(/kofn:2 needs at least 2 members, but the largest member set has 1 \(\d+ systems, maxSize 1\)/);
    expect(() => plan(corpus, { objective: f1, folds: 0, rules: [parseRule(`kofn:${n}`)] })).not.toThrow();
  });
});

describe('plan and runPlan: option names', () => {
  const gold = [span(0, 2, 'PER'), span(10, 11, 'LOC'), span(20, 22, 'ORG'), span(30, 31, 'PER')];
  const corpus = byDocument(makeCorpus(gold, [gold.slice(0, 3), gold.slice(1), [gold[0], gold[3]]], ['a', 'b', 'c']));

  it('refuses a misspelt option, naming it and the option meant, undefined or not', () => {
    unknownOption(() => runPlan(corpus, { objective: 'f1', fold: 0 } as never), 'fold', 'folds');
    unknownOption(() => plan(corpus, { objective: 'f1', minsize: undefined } as never), 'minsize', 'minSize');
    unknownOption(() => plan(corpus, { objectve: 'min:ser' } as never), 'objectve', 'objective');
    const r = plan(corpus, { objective: 'f1', folds: 0, minSize: 2 });
    expect(r.candidates.every((c) => c.members.length >= 2)).toBe(true);
  });
});
