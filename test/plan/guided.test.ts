/**
 * The prediction-guided search: it stays within its budget of exact evaluations (beyond the
 * single-system seeds), the size range and the cost budget; it is deterministic; every candidate
 * it records has its exact objective; it scores the whole space when the budget covers it; and
 * with a budget below the space it finds the exhaustive optimum of examples/news for every rule
 * and objective, and of most random corpora — with proposals counted (the default) or predicted.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { parseRule, ruleName, type Rule } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { loadCorpus, DEFAULT_LOAD_OPTIONS, parseSystemArg } from '../../src/formats/load.js';
import { popcount } from '../../src/model/bitset.js';
import type { Corpus } from '../../src/model/corpus.js';
import { buildPlanData } from '../../src/plan/data.js';
import { actualCounts } from '../../src/plan/engine.js';
import { exhaustive } from '../../src/plan/exhaustive.js';
import { betterCandidate } from '../../src/plan/greedy.js';
import { guided } from '../../src/plan/guided.js';
import { parseObjective, type Objective } from '../../src/plan/objective.js';
import { Scorer } from '../../src/plan/scores.js';
import { search, searchSettings } from '../../src/plan/search.js';
import { makeContext, type SearchContext } from '../../src/plan/store.js';
import { corpusArb } from '../helpers/corpus.js';

const RULES: Rule[] = [...['union', 'intersection', 'majority', 'kofn:2', 'kofn:3', 'vote'].map((r) => parseRule(r)), parseRule('weighted', { kind: 'f1' })];
const OBJECTIVES: Objective[] = ['f1', 'ser', 'k:1:1'].map((o) => parseObjective(o));
const settings = { beta: 1, kAlpha: 1, zeroDivision: 'gerbil' as const };
const NEWS = join(import.meta.dirname, '../../examples/news');
const NAMES = ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'];

function context(corpus: Corpus, o: { objective?: Objective; rule?: Rule; minSize?: number; maxSize?: number; costs?: number[] } = {}): SearchContext {
  const data = buildPlanData(buildEnsembleIndex(corpus));
  const costs = o.costs === undefined ? new Float64Array(data.n).fill(1) : Float64Array.from(o.costs.slice(0, data.n));
  const scorer = new Scorer(o.objective ?? OBJECTIVES[0], settings, costs);
  return makeContext(data, [o.rule ?? RULES[2]], scorer, o.minSize ?? 1, Math.min(o.maxSize ?? 99, data.n));
}

/** The best candidate of the store within the size range and cost budget, or −1. */
function bestOf(ctx: SearchContext, costBudget = Infinity): number {
  let best = -1;
  for (let k = 0; k < ctx.store.length; k++) {
    const size = popcount(ctx.store.masks[k]);
    if (size < ctx.minSize || size > ctx.maxSize || ctx.scorer.costOf(ctx.store.masks[k], 0) > costBudget) continue;
    if (best < 0 || betterCandidate(ctx, k, best)) best = k;
  }
  return best;
}

const news = (): Corpus => loadCorpus({
  ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems: NAMES.map((n) => parseSystemArg(join(NEWS, 'systems', `${n}.conll`))),
});

describe('guided search', () => {
  it('scores the whole size range when the budget covers it, so finds the exhaustive optimum', () => {
    fc.assert(
      fc.property(corpusArb(2, 6), fc.constantFrom(...RULES), fc.constantFrom(...OBJECTIVES), fc.integer({ min: 1, max: 3 }), (corpus, rule, objective, minSize) => {
        const all = context(corpus, { objective, rule, minSize });
        exhaustive(all);
        const g = context(corpus, { objective, rule, minSize });
        const stats = guided(g, 0, { budget: 63 });
        expect(stats.predicted).toBe(0);
        expect(g.store.actual[bestOf(g)]).toBe(all.store.actual[bestOf(all)]);
      }),
      { numRuns: 60 },
    );
  });

  it('finds the exhaustive optimum on examples/news for every rule and objective with a budget below the space, with counted or predicted proposals', () => {
    const corpus = news();
    for (const proposals of ['counts', 'prediction'] as const) {
      for (const objective of OBJECTIVES) {
        for (const rule of RULES) {
          const all = context(corpus, { objective, rule });
          exhaustive(all);
          const g = context(corpus, { objective, rule });
          // 31 member sets, 5 of them seeds: a budget of 12 leaves most of them unscored.
          const stats = guided(g, 0, { budget: 12, proposals });
          expect(stats.predicted).toBeGreaterThan(0);
          expect(g.store.length).toBeLessThan(31);
          expect(g.store.actual[bestOf(g)], `${proposals} ${objective.text} ${ruleName(rule)}`).toBe(all.store.actual[bestOf(all)]);
        }
      }
    }
  });

  it('finds the exhaustive optimum of most random six-system corpora with a budget of 24 of their 57 non-single member sets', () => {
    // A fixed sample (seeded): 196 of these 200 are found today with counted proposals, 198 with
    // predicted ones; below 190 the search got worse.
    const sample = fc.sample(fc.tuple(corpusArb(6, 6), fc.constantFrom(...RULES), fc.constantFrom(...OBJECTIVES)), { numRuns: 200, seed: 1 });
    const found = { counts: 0, prediction: 0 };
    for (const [corpus, rule, objective] of sample) {
      const all = context(corpus, { objective, rule });
      exhaustive(all);
      for (const proposals of ['counts', 'prediction'] as const) {
        const g = context(corpus, { objective, rule });
        guided(g, 0, { budget: 24, proposals });
        if (Object.is(g.store.actual[bestOf(g)], all.store.actual[bestOf(all)])) found[proposals]++;
      }
    }
    expect(found.counts).toBeGreaterThanOrEqual(190);
    expect(found.prediction).toBeGreaterThanOrEqual(190);
  }, 240_000); // two searches of 200 corpora: slow on a loaded machine

  it('scores at most the budget beyond the single systems, within the size range, each at its exact value', () => {
    fc.assert(
      fc.property(
        corpusArb(2, 6), fc.constantFrom(...RULES), fc.constantFrom(...OBJECTIVES), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 3 }),
        (corpus, rule, objective, budget, minSize, extra) => {
          const ctx = context(corpus, { objective, rule, minSize, maxSize: minSize + extra });
          const { data, store, scorer } = ctx;
          const stats = guided(ctx, 0, { budget });
          expect(stats.evaluated).toBeLessThanOrEqual(budget);
          expect(store.length).toBe(data.n + stats.evaluated);
          for (let k = 0; k < store.length; k++) {
            const S = store.masks[k];
            const size = popcount(S);
            if (size > 1) {
              expect(size).toBeGreaterThanOrEqual(ctx.minSize);
              expect(size).toBeLessThanOrEqual(ctx.maxSize);
            }
            const a = actualCounts(data, S, 0, rule, scorer.withSlots, ctx.weights[0]);
            expect(store.actual[k]).toBe(scorer.value(a, size, scorer.costOf(S, 0)));
          }
        },
      ),
      { numRuns: 120 },
    );
  });

  it('never scores a member set above the cost budget (beyond the seeds), and finds the best one within it', () => {
    fc.assert(
      fc.property(corpusArb(3, 6), fc.constantFrom(...RULES), fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 6, maxLength: 6 }), fc.integer({ min: 1, max: 8 }), (corpus, rule, costs, costBudget) => {
        const small = context(corpus, { rule, costs });
        guided(small, 0, { budget: 10, costBudget });
        for (let k = 0; k < small.store.length; k++) {
          if (popcount(small.store.masks[k]) > 1) expect(small.scorer.costOf(small.store.masks[k], 0)).toBeLessThanOrEqual(costBudget);
        }
        const g = context(corpus, { rule, costs });
        guided(g, 0, { budget: 200, costBudget });
        const all = context(corpus, { rule, costs });
        exhaustive(all);
        const want = bestOf(all, costBudget);
        const got = bestOf(g, costBudget);
        expect(got < 0 ? undefined : g.store.actual[got]).toBe(want < 0 ? undefined : all.store.actual[want]);
      }),
      { numRuns: 80, seed: 7 },
    );
  });

  it('is deterministic: the same data gives the same candidates in the same order', () => {
    fc.assert(
      fc.property(corpusArb(3, 6), fc.constantFrom(...RULES), fc.integer({ min: 1, max: 40 }), fc.constantFrom('counts' as const, 'prediction' as const), (corpus, rule, budget, proposals) => {
        const a = context(corpus, { rule });
        const b = context(corpus, { rule });
        expect(guided(a, 0, { budget, proposals })).toEqual(guided(b, 0, { budget, proposals }));
        expect(a.store.masks.slice(0, a.store.length)).toEqual(b.store.masks.slice(0, b.store.length));
        expect(a.store.actual.slice(0, a.store.length)).toEqual(b.store.actual.slice(0, b.store.length));
      }),
      { numRuns: 60 },
    );
  });

  it('reaches past the sizes where kofn:K keeps nothing, which stop greedy', () => {
    const corpus = news();
    const rule = parseRule('kofn:3');
    const g = context(corpus, { rule });
    guided(g, 0, { budget: 12 });
    const best = bestOf(g);
    expect(popcount(g.store.masks[best])).toBeGreaterThanOrEqual(3);
    expect(g.store.actual[best]).toBeGreaterThan(0);
  });

  it('auto, beyond exhaustive search, adds it for kofn:K with K ≥ 3 only', () => {
    const data = buildPlanData(buildEnsembleIndex(news()));
    const scorer = new Scorer(OBJECTIVES[0], settings, new Float64Array(data.n).fill(1));
    const strategies = (rules: string[], autoLimit: number) => search(data, scorer, searchSettings(data.n, { search: 'auto', rules: rules.map((r) => parseRule(r)), autoLimit }), undefined).strategies;
    expect(strategies(['majority', 'kofn:3'], 10)).toEqual(['greedy', 'beam', 'guided']);
    expect(strategies(['majority', 'kofn:2', 'vote'], 10)).toEqual(['greedy', 'beam']);
    expect(strategies(['kofn:3'], 100)).toEqual(['exhaustive', 'greedy']);
  });

  it('runs through search() with --search guided: greedy, then guided, listed within the size range', () => {
    const data = buildPlanData(buildEnsembleIndex(news()));
    const scorer = new Scorer(OBJECTIVES[0], settings, new Float64Array(data.n).fill(1));
    const s = searchSettings(data.n, { search: 'guided', guidedBudget: 10, minSize: 2, maxSize: 4 });
    const p = search(data, scorer, s, undefined);
    expect(p.strategies).toEqual(['greedy', 'guided']);
    expect(p.listed.length).toBeGreaterThan(0);
    for (const l of p.listed) {
      expect(popcount(l.S)).toBeGreaterThanOrEqual(2);
      expect(popcount(l.S)).toBeLessThanOrEqual(4);
    }
    expect(() => searchSettings(5, { guidedBudget: 0 })).toThrow(expect.objectContaining({ param: 'guidedBudget', message: expect.stringMatching(/expects a positive integer/) }));
    expect(() => searchSettings(5, { guidedBudget: 2.5 })).toThrow(expect.objectContaining({ param: 'guidedBudget' }));
  });
});
