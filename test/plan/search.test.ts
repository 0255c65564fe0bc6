import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRule, type Rule } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { popcount } from '../../src/model/bitset.js';
import { buildPlanData, membersOf } from '../../src/plan/data.js';
import { actualCounts } from '../../src/plan/engine.js';
import { exhaustive, forEachSubset, subsetCount, subsetHistograms } from '../../src/plan/exhaustive.js';
import { beam, greedy } from '../../src/plan/greedy.js';
import type { Objective } from '../../src/plan/objective.js';
import { Scorer } from '../../src/plan/scores.js';
import { makeContext, predictedCounts, predictedValue } from '../../src/plan/store.js';
import { corpusArb } from '../helpers/corpus.js';

/** F1 from P and R, written here so the search is tested apart from the objective parser. */
const F1: Objective = {
  text: 'f1', minimise: false, description: 'F1', usesSlots: false,
  value: (x) => (x.p + x.r === 0 ? 0 : (2 * x.p * x.r) / (x.p + x.r)),
};
const SER: Objective = { text: 'ser', minimise: true, description: 'SER', usesSlots: true, value: (x) => x.ser };

const RULES: Rule[] = ['union', 'intersection', 'majority', 'vote', 'kofn:2'].map((r) => parseRule(r));
const settings = { beta: 1, kAlpha: 1, zeroDivision: 'gerbil' as const };

function context(corpus: Parameters<typeof buildEnsembleIndex>[0], objective = F1, minSize = 1, maxSize = 99) {
  const data = buildPlanData(buildEnsembleIndex(corpus));
  const scorer = new Scorer(objective, settings, new Float64Array(data.n).fill(1));
  return makeContext(data, RULES, scorer, minSize, Math.min(maxSize, data.n));
}

describe('subset enumeration', () => {
  it('visits every bitmask of the size range once', () => {
    for (const [n, lo, hi] of [[5, 1, 5], [6, 2, 3], [4, 4, 4], [7, 1, 1]]) {
      const seen: number[] = [];
      forEachSubset(n, lo, hi, (S) => seen.push(S));
      const want: number[] = [];
      for (let S = 1; S < 1 << n; S++) if (popcount(S) >= lo && popcount(S) <= hi) want.push(S);
      expect([...seen].sort((a, b) => a - b)).toEqual(want);
      expect(seen.length).toBe(subsetCount(n, lo, hi));
    }
  });
});

describe('exhaustive search', () => {
  it('the subset transform gives every subset the vote-count histogram of its items', () => {
    fc.assert(
      fc.property(corpusArb(2, 6), (corpus) => {
        const ctx = context(corpus);
        const { data } = ctx;
        const n = data.n;
        const [hg, hn] = subsetHistograms(ctx);
        for (let S = 1; S < 1 << n; S++) {
          const g = new Array<number>(n + 1).fill(0);
          const x = new Array<number>(n + 1).fill(0);
          for (let i = 0; i < data.u; i++) (data.isGold[i] ? g : x)[popcount(data.mask[i] & S)]++;
          expect([...hg.subarray(S * (n + 1), (S + 1) * (n + 1))]).toEqual(g);
          expect([...hn.subarray(S * (n + 1), (S + 1) * (n + 1))]).toEqual(x);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('scores every member set under every rule with the values of a direct evaluation', () => {
    fc.assert(
      fc.property(corpusArb(2, 6), fc.constantFrom(F1, SER), fc.integer({ min: 1, max: 3 }), (corpus, objective, minSize) => {
        const ctx = context(corpus, objective, minSize);
        const { data, scorer, store } = ctx;
        exhaustive(ctx);
        expect(store.length).toBe(subsetCount(data.n, minSize, data.n) * RULES.length);
        for (let k = 0; k < store.length; k++) {
          const S = store.masks[k];
          const rule = RULES[store.rules[k]];
          const size = popcount(S);
          const a = actualCounts(data, S, 0, rule, true, ctx.weights[store.rules[k]]);
          expect(store.actual[k]).toBe(scorer.value(a, size, size));
          expect(store.predictedYet[k]).toBe(0);
          expect(predictedValue(ctx, k)).toBe(scorer.value(predictedCounts(data, S, 0, rule), size, size));
          expect(store.predictedYet[k]).toBe(1);
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('greedy and beam', () => {
  it('greedy starts from the given system, adds one system per step, and reports the actual score of each step', () => {
    fc.assert(
      fc.property(corpusArb(3, 6), fc.constantFrom<'score' | 'comp'>('score', 'comp'), fc.nat(), (corpus, guide, r0) => {
        const ctx = context(corpus);
        const r = r0 % RULES.length;
        const path = greedy(ctx, r, guide, 0);
        expect(path[0].mask).toBe(1);
        for (let i = 1; i < path.length; i++) {
          expect(path[i].mask).toBe(path[i - 1].mask | (1 << path[i].added));
          expect(path[i - 1].mask & (1 << path[i].added)).toBe(0);
          if (guide === 'score') expect(path[i].comp).toBeNull();
        }
        for (const step of path) {
          const a = actualCounts(ctx.data, step.mask, step.maskHi, RULES[r], false, ctx.weights[r]);
          expect(step.actual).toBe(ctx.scorer.value(a, popcount(step.mask), popcount(step.mask)));
        }
        expect(path.length).toBeLessThanOrEqual(ctx.data.n);
      }),
      { numRuns: 80 },
    );
  });

  it('greedy with guide score picks, at each step, the best addition', () => {
    fc.assert(
      fc.property(corpusArb(3, 5), (corpus) => {
        const ctx = context(corpus);
        const path = greedy(ctx, 0, 'score', 0);
        for (let i = 1; i < path.length; i++) {
          const before = path[i - 1].mask;
          for (const x of membersOf(((1 << ctx.data.n) - 1) & ~before, 0)) {
            const k = ctx.store.find(before | (1 << x), 0, 0);
            expect(k).toBeGreaterThanOrEqual(0);
            expect(ctx.store.actual[k]).toBeLessThanOrEqual(path[i].actual);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('beam as wide as the space visits every pair, and its best pair is the exhaustive best pair', () => {
    fc.assert(
      fc.property(corpusArb(2, 5), fc.nat(), (corpus, r0) => {
        const r = r0 % RULES.length;
        const wide = context(corpus);
        const all = context(corpus);
        exhaustive(all);
        beam(wide, r, 1 << 10);
        const n = wide.data.n;
        let bestAll = -Infinity;
        let bestBeam = -Infinity;
        forEachSubset(n, 1, 2, (S) => {
          const k = wide.store.find(S, 0, r);
          expect(k).toBeGreaterThanOrEqual(0);
          bestBeam = Math.max(bestBeam, wide.store.actual[k]);
          bestAll = Math.max(bestAll, all.store.actual[all.store.find(S, 0, r)]);
        });
        expect(bestBeam).toBe(bestAll);
      }),
      { numRuns: 40 },
    );
  });
});
