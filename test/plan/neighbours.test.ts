/**
 * Every neighbour's counts in one pass over the patterns (and its substitutions in one pass over
 * the boundaries): equal, for every threshold, to simulating each neighbour on its own.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { popcount } from '../../src/model/bitset.js';
import { buildPlanData } from '../../src/plan/data.js';
import { actualBinary } from '../../src/plan/engine.js';
import { additionCounts, neighbourSubstitutions, removalCounts } from '../../src/plan/neighbours.js';
import { corpusArb } from '../helpers/corpus.js';

describe('neighbour counts', () => {
  it('equal the simulation (TP, FP, substitutions) of each set one larger and one smaller, at every threshold', () => {
    fc.assert(
      fc.property(corpusArb(2, 7), fc.integer({ min: 1, max: 127 }), (corpus, bits) => {
        const data = buildPlanData(buildEnsembleIndex(corpus));
        const S = bits & ((1 << data.n) - 1);
        fc.pre(S !== 0);
        const size = popcount(S);
        for (let need = 1; need <= size + 1; need++) {
          const add = additionCounts(data, S, 0, need);
          const subs = neighbourSubstitutions(data, S, 0, need, true);
          for (let x = 0; x < data.n; x++) {
            if ((S >> x) & 1) {
              expect([add.tp[x], add.fp[x], subs[x]]).toEqual([0, 0, 0]);
              continue;
            }
            const a = actualBinary(data, S | (1 << x), 0, need, true);
            expect([add.tp[x], add.fp[x], subs[x]], `add ${x} to ${S} at ${need}`).toEqual([a.tp, a.fp, a.s]);
          }
        }
        if (size < 2) return;
        for (let need = 1; need <= size - 1; need++) {
          const rem = removalCounts(data, S, 0, need);
          const subs = neighbourSubstitutions(data, S, 0, need, false);
          for (let y = 0; y < data.n; y++) {
            if (!((S >> y) & 1)) {
              expect([rem.tp[y], rem.fp[y], subs[y]]).toEqual([0, 0, 0]);
              continue;
            }
            const a = actualBinary(data, S & ~(1 << y), 0, need, true);
            expect([rem.tp[y], rem.fp[y], subs[y]], `remove ${y} from ${S} at ${need}`).toEqual([a.tp, a.fp, a.s]);
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('keep nothing when the threshold is out of reach', () => {
    const corpus = fc.sample(corpusArb(3, 3), { numRuns: 1, seed: 3 })[0];
    const data = buildPlanData(buildEnsembleIndex(corpus));
    expect([...additionCounts(data, 1, 0, Infinity).tp]).toEqual([0, 0, 0]);
    expect([...removalCounts(data, 3, 0, Infinity).fp]).toEqual([0, 0, 0]);
  });
});
