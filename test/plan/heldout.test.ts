/**
 * A split's planning data, built ahead or when first asked for: the same data as building each
 * part directly, built once.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { buildPlanData } from '../../src/plan/data.js';
import { makeSplits, SplitData } from '../../src/plan/heldout.js';
import { corpusArb } from '../helpers/corpus.js';

describe('SplitData', () => {
  it('gives the training and held-out parts as buildPlanData does, each built once (sentences as units)', () => {
    fc.assert(fc.property(corpusArb(2, 4), fc.integer({ min: 1, max: 50 }), (corpus, seed) => {
      const index = buildEnsembleIndex(corpus);
      for (const split of makeSplits(corpus.sentences.length, { folds: 2, seed })) {
        const data = new SplitData(index, 'sentence', split);
        const inTest = new Set(split.test);
        const train = buildPlanData(index, { units: 'sentence', select: (u) => !inTest.has(u) });
        const test = buildPlanData(index, { units: 'sentence', select: (u) => inTest.has(u) });
        expect(data.test).toEqual(test);
        expect(data.train).toEqual(train);
        expect(data.train).toBe(data.train);
        expect(data.test).toBe(data.test);
        expect(data.train.goldSize + data.test.goldSize).toBe(buildPlanData(index, { units: 'sentence' }).goldSize);
      }
    }), { numRuns: 50 });
  });
});
