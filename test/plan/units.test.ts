/**
 * Planning data over units: documents or sentences, a selection of them, and units repeated
 * (bootstrap resamples) — counted exactly as often as they are repeated — and the splits of the
 * held-out estimate.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRule, type Rule } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { choiceCounts, choiceKept, choiceOf, countsByUnit } from '../../src/plan/choice.js';
import { buildPlanData, maskOf } from '../../src/plan/data.js';
import { makeSplits } from '../../src/plan/heldout.js';
import { corpusArb } from '../helpers/corpus.js';

const RULES: Rule[] = ['union', 'intersection', 'majority', 'kofn:2', 'vote', 'weighted'].map((r) => parseRule(r));

describe('planning data over units', () => {
  it('counts a unit repeated k times k times, under every rule (choices resolved on all the data)', () => {
    fc.assert(
      fc.property(
        corpusArb(2, 5), fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), fc.constantFrom(...RULES), fc.array(fc.nat(3), { minLength: 4, maxLength: 4 }),
        (corpus, pick, rule, copies) => {
          let members = corpus.systems.map((_, k) => k).filter((k) => pick[k]);
          if (members.length === 0) members = [0];
          if (rule.kind === 'kofn' && rule.k > members.length) return;
          const index = buildEnsembleIndex(corpus);
          const all = buildPlanData(index, { units: 'sentence' });
          const choice = choiceOf(all, maskOf(members), rule);
          const per = countsByUnit(all, choiceKept(all, choice));
          const expected = { tp: 0, fp: 0, fn: 0, s: 0 };
          copies.forEach((k, u) => {
            expected.tp += k * per[4 * u];
            expected.fp += k * per[4 * u + 1];
            expected.fn += k * per[4 * u + 2];
            expected.s += k * per[4 * u + 3];
          });
          const resampled = buildPlanData(index, { units: 'sentence', copies });
          expect(choiceCounts(resampled, choice)).toMatchObject(expected);
          // Per-system counts too.
          for (let m = 0; m < all.n; m++) {
            const mine = choiceOf(all, 1 << m, { kind: 'union' });
            const one = countsByUnit(all, choiceKept(all, mine));
            expect(resampled.tp[m]).toBe(copies.reduce((a, k, u) => a + k * one[4 * u], 0));
            // Its items: each of its own as often as its unit counts, in order, each with its bit.
            const items = [...resampled.memberItems[m]];
            expect(items.length).toBe(copies.reduce((a, k, u) => a + k * (one[4 * u] + one[4 * u + 1]), 0));
            expect(items.every((i, j) => (resampled.mask[i] & (1 << m)) !== 0 && (j === 0 || i > items[j - 1]))).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('selects units by document or by sentence, as a function of documents as before', () => {
    fc.assert(
      fc.property(corpusArb(2, 4), (corpus) => {
        const index = buildEnsembleIndex(corpus);
        expect(buildPlanData(index, () => true)).toEqual(buildPlanData(index));
        const all = buildPlanData(index, { units: 'sentence' });
        expect(all.units).toBe(4);
        expect(all.unitKind).toBe('sentence');
        const some = buildPlanData(index, { units: 'sentence', select: (s) => s !== 2 });
        expect(some.goldSize + some.negSize).toBe(all.u - [...all.unit].filter((s) => s === 2).length);
        expect([...some.unit].includes(2)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });
});

describe('makeSplits', () => {
  it('cuts K folds that partition the units, repeat after repeat, each with its own shuffle', () => {
    const splits = makeSplits(23, { folds: 5, repeats: 3, seed: 9 });
    expect(splits).toHaveLength(15);
    for (let r = 1; r <= 3; r++) {
      const of = splits.filter((s) => s.repeat === r);
      expect(of.map((s) => s.fold)).toEqual([1, 2, 3, 4, 5]);
      expect(of.flatMap((s) => s.test).sort((a, b) => a - b)).toEqual(Array.from({ length: 23 }, (_, u) => u));
      for (const s of of) {
        expect([...s.train, ...s.test].sort((a, b) => a - b)).toEqual(Array.from({ length: 23 }, (_, u) => u));
        expect(s.test.length).toBeGreaterThanOrEqual(4);
      }
    }
    expect(splits[0].test).not.toEqual(splits[5].test);
    expect(makeSplits(23, { folds: 5, repeats: 3, seed: 9 })).toEqual(splits);
  });

  it('splits a pool of units (planning on some of them), and holds out a fraction', () => {
    const pool = [30, 2, 17, 8, 11, 40];
    for (const s of makeSplits(pool, { folds: 3, seed: 1 })) {
      expect([...s.train, ...s.test].sort((a, b) => a - b)).toEqual([2, 8, 11, 17, 30, 40]);
      expect(s.test).toHaveLength(2);
    }
    const [h] = makeSplits(pool, { holdout: 0.5, seed: 2 });
    expect(h.test).toHaveLength(3);
    expect([...h.train, ...h.test].sort((a, b) => a - b)).toEqual([2, 8, 11, 17, 30, 40]);
    expect(makeSplits(6, { seed: 1 })).toEqual([]);
    expect(() => makeSplits(3, { folds: 4, seed: 1 })).toThrow(/need at least 4/);
  });
});
