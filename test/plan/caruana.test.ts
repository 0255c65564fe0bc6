/**
 * Ensemble selection with replacement (Caruana et al. 2004): sorted initialization, additions
 * with replacement until they stop improving, the best ensemble along the path, bagging, and the
 * rule its counts make.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { caruana, maskOfWeights, ruleOfWeights } from '../../src/plan/caruana.js';
import { buildPlanData, type PlanData } from '../../src/plan/data.js';
import { actualVote } from '../../src/plan/engine.js';
import { parseObjective } from '../../src/plan/objective.js';
import { Scorer } from '../../src/plan/scores.js';
import { corpusArb, makeCorpus, span } from '../helpers/corpus.js';
import { UsageError } from '../../src/errors.js';
import { unknownOption } from '../helpers/errors.js';

const scorerFor = (data: PlanData) => new Scorer(parseObjective('f1'), { beta: 1, kAlpha: 1, zeroDivision: 'gerbil' }, new Float64Array(data.n).fill(1));

/** The F1 of the typed vote weighted by counts `w`. */
function valueOf(data: PlanData, scorer: Scorer, w: Int32Array): number {
  const L = Math.max(1, data.labels.length);
  const label = new Float64Array(data.n * L);
  for (let m = 0; m < data.n; m++) label.fill(w[m], m * L, (m + 1) * L);
  const S = maskOfWeights(w);
  return scorer.value(actualVote(data, S, 0, { unit: false, label, o: Float64Array.from(w) }), 1, 1);
}

describe('caruana', () => {
  it('returns integer counts whose weighted vote scores what it reports, at least the best single system', () => {
    fc.assert(
      fc.property(corpusArb(2, 6), (corpus) => {
        const data = buildPlanData(buildEnsembleIndex(corpus));
        const scorer = scorerFor(data);
        const r = caruana(data, scorer);
        expect(r.weights.every((w) => Number.isInteger(w) && w >= 0)).toBe(true);
        expect(maskOfWeights(r.weights)).not.toBe(0);
        expect(r.value).toBeCloseTo(valueOf(data, scorer, r.weights), 12);
        let best = -Infinity;
        for (let m = 0; m < data.n; m++) {
          const one = new Int32Array(data.n);
          one[m] = 1;
          best = Math.max(best, valueOf(data, scorer, one));
        }
        expect(r.value).toBeGreaterThanOrEqual(best - 1e-12);
        // The path: the initial members, then up to max(2n, 10) additions, stopping after five without
        // a better objective; every step scored as the vote of its counts.
        const steps = Math.max(2 * data.n, 10);
        expect(r.path.length).toBeGreaterThanOrEqual(6);
        expect(r.path.length).toBeLessThanOrEqual(data.n + steps);
        const at = r.path.findIndex((st) => st.value === r.value);
        if (r.path.length < steps + 1) expect(r.path.length - 1 - at).toBeGreaterThanOrEqual(5);
        for (const st of r.path) expect(st.value).toBeCloseTo(valueOf(data, scorer, st.weights), 12);
        expect(caruana(data, scorer)).toEqual(r);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps a perfect system alone: nothing added later beats it', () => {
    const gold = [span(0, 2, 'PER'), span(12, 13, 'LOC'), span(25, 27, 'ORG')];
    const corpus = makeCorpus(gold, [[gold[0]], gold, [gold[1], span(5, 6, 'PER')], [span(30, 31, 'LOC')]]);
    const data = buildPlanData(buildEnsembleIndex(corpus));
    const r = caruana(data, scorerFor(data));
    expect([...r.weights]).toEqual([0, 1, 0, 0]);
    expect(r.value).toBe(1);
  });

  it('starts from the best ensemble of the N best systems (sorted initialization)', () => {
    // Three systems each miss a different gold item; their majority finds all three. A fourth,
    // weaker, only adds noise. From an empty start the first pick would dominate its successors.
    const gold = [span(0, 2, 'PER'), span(12, 13, 'LOC'), span(25, 27, 'ORG')];
    const corpus = makeCorpus(gold, [[gold[0], gold[1]], [gold[1], gold[2]], [gold[0], gold[2]], [span(5, 6, 'PER')]]);
    const data = buildPlanData(buildEnsembleIndex(corpus));
    const r = caruana(data, scorerFor(data));
    expect(r.value).toBe(1);
    expect(r.path.slice(0, 3).map((s) => s.added).sort()).toEqual([0, 1, 2]);
    expect(r.weights[3]).toBe(0);
  });

  it('bags: half of the systems per bag, counts added up, deterministic for a seed', () => {
    fc.assert(
      fc.property(corpusArb(3, 6), fc.nat(100), (corpus, seed) => {
        const data = buildPlanData(buildEnsembleIndex(corpus));
        const scorer = scorerFor(data);
        const r = caruana(data, scorer, { bags: 4, seed });
        expect(caruana(data, scorer, { bags: 4, seed })).toEqual(r);
        expect(r.value).toBeCloseTo(valueOf(data, scorer, r.weights), 12);
        // Each bag adds at least one count (its best ensemble is never empty).
        expect(r.weights.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(4);
        expect(() => caruana(data, scorer, { bags: 0 })).toThrow(UsageError);
      }),
      { numRuns: 30 },
    );
  });

  it('names its rule: vote for equal counts, else weighted with the counts by name', () => {
    const corpus = makeCorpus([span(0, 1, 'PER')], [[], [], []], ['a', 'b', 'c']);
    const data = buildPlanData(buildEnsembleIndex(corpus));
    expect(ruleOfWeights(data, Int32Array.from([2, 0, 2]))).toEqual({ kind: 'vote' });
    expect(ruleOfWeights(data, Int32Array.from([2, 1, 0]))).toEqual({ kind: 'weighted', weights: { kind: 'given', weights: new Map([['a', 2], ['b', 1]]) } });
    expect(maskOfWeights(Int32Array.from([2, 1, 0]))).toBe(3);
  });
});

describe('caruana: option names', () => {
  it('refuses a misspelt option, naming it and the option meant', () => {
    const data = buildPlanData(buildEnsembleIndex(makeCorpus([span(0, 2, 'PER')], [[span(0, 2, 'PER')], [span(0, 1, 'PER')]], ['a', 'b'])));
    unknownOption(() => caruana(data, scorerFor(data), { bag: 2 } as never), 'bag', 'bags');
    unknownOption(() => caruana(data, scorerFor(data), { patients: 2 } as never), 'patients', 'patience');
    expect(caruana(data, scorerFor(data), { bags: 2, patience: 2 }).weights).toHaveLength(2);
  });
});
