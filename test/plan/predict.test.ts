import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRule } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import type { Corpus, Span } from '../../src/model/corpus.js';
import { buildPlanData, maskOf } from '../../src/plan/data.js';
import { actualCounts, needOf } from '../../src/plan/engine.js';
import { betaBinomialTail, predictBinary } from '../../src/plan/predict.js';
import { predictedCounts } from '../../src/plan/store.js';
import { corpusArb } from '../helpers/corpus.js';

const where = (s: Span) => `${s.start}-${s.end}`;

/** Random corpora as BIO input gives them: one label per boundary, in the gold and in every system. */
const bioLike = corpusArb(2, 6).map((c): Corpus => {
  const once = (spans: Span[]) => {
    const seen = new Set<string>();
    return spans.filter((x) => !seen.has(where(x)) && seen.add(where(x)) !== undefined);
  };
  return { ...c, gold: { ...c.gold, spans: once(c.gold.spans) }, systems: c.systems.map((s) => ({ ...s, spans: once(s.spans) })) };
});

function binomialTail(n: number, p: number, t: number): number {
  let sum = 0;
  let c = 1;
  for (let k = 0; k <= n; k++) {
    if (k >= t) sum += c * p ** k * (1 - p) ** (n - k);
    c = (c * (n - k)) / (k + 1);
  }
  return sum;
}

describe('exact prediction for one and two systems', () => {
  it('equals the simulation for singles and pairs under union, intersection, majority and kofn (complementarity identities)', () => {
    fc.assert(
      fc.property(bioLike, fc.nat(), fc.nat(), fc.constantFrom('union', 'intersection', 'majority', 'kofn:1', 'kofn:2'), (corpus, i, j, name) => {
        const n = corpus.systems.length;
        const a = i % n;
        const b = j % n;
        const members = a === b ? [a] : [Math.min(a, b), Math.max(a, b)];
        const rule = parseRule(name);
        if (rule.kind === 'kofn' && rule.k > members.length) return;
        const data = buildPlanData(buildEnsembleIndex(corpus));
        const actual = actualCounts(data, maskOf(members), rule, true);
        const predicted = predictBinary(data, members, needOf(rule, members.length));
        expect(predicted.method).toBe('exact');
        expect({ tp: predicted.tp, fp: predicted.fp, fn: predicted.fn, s: predicted.s }).toEqual({ tp: actual.tp, fp: actual.fp, fn: actual.fn, s: actual.s });
      }),
      { numRuns: 500 },
    );
  });

  it('marks typed rules as predicted through majority', () => {
    fc.assert(
      fc.property(bioLike, (corpus) => {
        const data = buildPlanData(buildEnsembleIndex(corpus));
        const p = predictedCounts(data, maskOf([0, 1]), parseRule('vote'));
        expect(p.method).toBe('via-majority');
        // majority of two is the intersection
        expect(p.tp).toBe(actualCounts(data, maskOf([0, 1]), parseRule('intersection'), false).tp);
      }),
      { numRuns: 50 },
    );
  });
});

describe('beta-binomial estimator', () => {
  it('is the binomial when members are independent (m2 = π²)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 20 }), fc.double({ min: 0.01, max: 0.99, noNaN: true }), fc.nat(), (n, p, t0) => {
      const t = 1 + (t0 % n);
      expect(betaBinomialTail(n, p, p * p, t)).toBeCloseTo(binomialTail(n, p, t), 10);
    }));
  });

  it('puts all mass on 0 and n when every item has all votes or none (m2 = π)', () => {
    for (const t of [1, 3, 5]) expect(betaBinomialTail(5, 0.3, 0.3, t)).toBeCloseTo(0.3, 12);
  });

  it('reproduces the exact pair distribution for n = 2 (two moments fix it)', () => {
    // P(V=2) = m2, P(V≥1) = 2π − m2, for any feasible m2 (including negative correlation).
    fc.assert(fc.property(fc.double({ min: 0.05, max: 0.95, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (pi, u) => {
      const lo = Math.max(0, 2 * pi - 1);
      const m2 = lo + u * (pi - lo);
      expect(betaBinomialTail(2, pi, m2, 2)).toBeCloseTo(m2, 9);
      expect(betaBinomialTail(2, pi, m2, 1)).toBeCloseTo(2 * pi - m2, 9);
    }));
  });

  it('has tails that fall with the threshold, from 1 at t = 0 to 0 above n', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 15 }), fc.double({ min: 0.01, max: 0.99, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (n, pi, u) => {
      const m2 = Math.max(0, 2 * pi - 1) * 0 + u * pi; // any value in [0, π]
      let last = betaBinomialTail(n, pi, m2, 0);
      expect(last).toBe(1);
      for (let t = 1; t <= n + 1; t++) {
        const x = betaBinomialTail(n, pi, m2, t);
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(last + 1e-12);
        last = x;
      }
      expect(last).toBe(0);
      // Mean preserved: Σ_t P(V ≥ t) = E[V] = nπ (when θ is not clamped).
    }));
  });

  it('preserves the mean: Σ_t P(V ≥ t) = nπ for non-negative correlation', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 15 }), fc.double({ min: 0.01, max: 0.99, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (n, pi, u) => {
      const m2 = pi * pi + u * (pi - pi * pi);
      let sum = 0;
      for (let t = 1; t <= n; t++) sum += betaBinomialTail(n, pi, m2, t);
      expect(sum).toBeCloseTo(n * pi, 8);
    }));
  });

  it('gives counts within range for three or more members', () => {
    fc.assert(
      fc.property(corpusArb(3, 6), fc.constantFrom('union', 'intersection', 'majority'), (corpus, name) => {
        const data = buildPlanData(buildEnsembleIndex(corpus));
        const members = corpus.systems.map((_, k) => k);
        const p = predictBinary(data, members, needOf(parseRule(name), members.length));
        expect(p.method).toBe('beta-binomial');
        expect(p.tp).toBeGreaterThanOrEqual(0);
        expect(p.tp).toBeLessThanOrEqual(data.goldSize + 1e-9);
        expect(p.fp).toBeGreaterThanOrEqual(0);
        expect(p.fp).toBeLessThanOrEqual(data.negSize + 1e-9);
        expect(p.s).toBeLessThanOrEqual(Math.min(p.fp, p.fn) + 1e-9);
      }),
      { numRuns: 200 },
    );
  });
});
