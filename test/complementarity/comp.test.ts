import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fCompOf, itemComplementarity, setComplementarity, shareFixed } from '../../src/complementarity/comp.js';
import { Bitset } from '../../src/model/bitset.js';
import { buildUniverse } from '../../src/model/universe.js';
import { corpusArb } from '../helpers/corpus.js';

const bits = (size: number, ids: number[]) => Bitset.from(size, ids);

describe('itemComplementarity', () => {
  // Universe of 10 items; gold = 0..5. A finds 0,1,2 and returns 6,7 (spurious).
  // B finds 2,3 and returns 7,8. FN_A = {3,4,5}; B finds 3 → R_Comp = 1/3.
  // FP_A = {6,7}; B also returns 7 → P_Comp = 1 − 1/2 = 1/2.
  const g = bits(10, [0, 1, 2, 3, 4, 5]);
  const a = bits(10, [0, 1, 2, 6, 7]);
  const b = bits(10, [2, 3, 7, 8]);

  it('computes P_Comp, R_Comp and F_Comp by hand', () => {
    const c = itemComplementarity(a, b, g, 6);
    expect(c.rComp).toBeCloseTo(1 / 3, 15);
    expect(c.pComp).toBeCloseTo(1 / 2, 15);
    expect(c.fComp).toBeCloseTo((2 * (1 / 2) * (1 / 3)) / (1 / 2 + 1 / 3), 15);
    expect(c).toMatchObject({ bothCorrect: 1, onlyACorrect: 2, onlyBCorrect: 1, bothMissed: 2, bothWrong: 1, onlyAWrong: 1, onlyBWrong: 1 });
    expect(c.jaccard).toBeCloseTo(2 / 7, 15);
    // Item Comp: A's errors are 3 misses + 2 spurious; B shares 2 misses and 1 spurious.
    expect(c.itemComp).toBeCloseTo(1 - 3 / 5, 15);
  });

  it('is asymmetric: what A offers B differs', () => {
    const c = itemComplementarity(b, a, g, 6);
    // FN_B = {0,1,4,5}; A finds 0,1 → 1/2. FP_B = {7,8}; A returns 7 → 1/2.
    expect(c.rComp).toBeCloseTo(1 / 2, 15);
    expect(c.pComp).toBeCloseTo(1 / 2, 15);
  });

  it('gives null, never a number, when A has nothing to fix', () => {
    const perfect = bits(10, [0, 1, 2, 3, 4, 5]);
    const c = itemComplementarity(perfect, b, g, 6);
    expect(c.rComp).toBeNull();
    expect(c.pComp).toBeNull();
    expect(c.fComp).toBeNull();
    expect(c.itemComp).toBeNull();
    expect(itemComplementarity(bits(10, []), bits(10, []), bits(10, []), 0).jaccard).toBeNull();
  });

  it('F_βComp uses (1+β²), reducing to F_Comp at β = 1', () => {
    expect(fCompOf(0.5, 0.25, 1)).toBeCloseTo((2 * 0.5 * 0.25) / 0.75, 15);
    expect(fCompOf(0.5, 0.25, 2)).toBeCloseTo((5 * 0.5 * 0.25) / (4 * 0.5 + 0.25), 15);
    expect(fCompOf(0, 0)).toBe(0);
    expect(fCompOf(null, 0.5)).toBeNull();
    expect(shareFixed(0, 0)).toBeNull();
  });
});

describe('complementarity identities, on random corpora', () => {
  it('recall of A ∪ B = 1 − (1 − R_A)(1 − R_Comp(A, B)); |FP of A ∩ B| = |FP_A|(1 − P_Comp(A, B))', () => {
    fc.assert(
      fc.property(corpusArb(2, 4), fc.constantFrom<'strict' | 'boundary'>('strict', 'boundary'), (corpus, match) => {
        const u = buildUniverse(corpus, match);
        const G = u.gold.count();
        for (let i = 0; i < u.systems.length; i++) {
          for (let j = 0; j < u.systems.length; j++) {
            if (i === j) continue;
            const A = u.systems[i];
            const B = u.systems[j];
            const c = itemComplementarity(A, B, u.gold, G);
            const fnA = G - A.andCount(u.gold);
            const fpA = A.count() - A.andCount(u.gold);
            if (fnA === 0) expect(c.rComp).toBeNull();
            else {
              const recallA = A.andCount(u.gold) / G;
              const unionRecall = A.or(B).andCount(u.gold) / G;
              expect(unionRecall).toBeCloseTo(1 - (1 - recallA) * (1 - c.rComp!), 12);
            }
            const inter = A.and(B);
            const fpInter = inter.count() - inter.andCount(u.gold);
            if (fpA === 0) expect(c.pComp).toBeNull();
            else expect(fpInter).toBeCloseTo(fpA * (1 - c.pComp!), 9);
            // Every value is a share in [0, 1].
            for (const v of [c.pComp, c.rComp, c.fComp, c.itemComp, c.jaccard]) {
              if (v === null) continue;
              expect(v).toBeGreaterThanOrEqual(0);
              expect(v).toBeLessThanOrEqual(1);
            }
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('set-level Comp(S, X) obeys the same identities for the union and intersection of S + X', () => {
    fc.assert(
      fc.property(corpusArb(3, 5), fc.integer({ min: 1, max: 4 }), (corpus, k) => {
        const u = buildUniverse(corpus, 'strict');
        const n = u.systems.length;
        const S = u.systems.slice(0, Math.min(k, n - 1));
        const X = u.systems[n - 1];
        const G = u.gold.count();
        const c = setComplementarity(S, X, u.gold);
        const unionS = S.reduce((acc, b) => acc.or(b));
        const interS = S.reduce((acc, b) => acc.and(b));
        const fpInterS = interS.count() - interS.andCount(u.gold);
        expect(c.commonMissed).toBe(G - unionS.andCount(u.gold));
        expect(c.commonWrong).toBe(fpInterS);
        if (c.rComp !== null) {
          const rS = unionS.andCount(u.gold) / G;
          expect(unionS.or(X).andCount(u.gold) / G).toBeCloseTo(1 - (1 - rS) * (1 - c.rComp), 12);
        } else expect(c.commonMissed).toBe(0);
        const interSX = interS.and(X);
        if (c.pComp !== null) expect(interSX.count() - interSX.andCount(u.gold)).toBeCloseTo(fpInterS * (1 - c.pComp), 9);
        else expect(fpInterS).toBe(0);
        // With one member, set-level equals pairwise.
        const pair = itemComplementarity(S[0], X, u.gold, G);
        const single = setComplementarity([S[0]], X, u.gold);
        expect(single.rComp).toBe(pair.rComp);
        expect(single.pComp).toBe(pair.pComp);
      }),
      { numRuns: 150 },
    );
  });
});
