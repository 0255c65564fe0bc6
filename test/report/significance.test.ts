/** The notes under paired tests: too few differing units, too few resamples, a p within the resampling's noise of α. */
import { describe, expect, it } from 'vitest';
import { coarseSamplesNote, fewDifferingNote, lowestP, nearAlphaNote } from '../../src/report/significance.js';

describe('fewDifferingNote', () => {
  it('names the tests whose sides differ in too few units for 2/2^k to fall below alpha', () => {
    expect(lowestP(5)).toBe('1/16');
    expect(fewDifferingNote('document', 0.05, 1000, [{ name: 'a–b', differing: 5 }, { name: 'a–c', differing: 9 }]))
      .toMatch(/^Few documents differ: a–b \(5, p ≥ 1\/16\)\. .*every one is counted and the p shown is exact/);
    expect(fewDifferingNote('document', 0.05, 1000, [{ name: 'a–c', differing: 9 }])).toBeUndefined();
  });
});

describe('coarseSamplesNote', () => {
  it('says no drawn p can reach alpha when 1/(1+B) is not below it, and only then', () => {
    expect(coarseSamplesNote(0.05, 10, [{ differing: 40 }])).toBe('With 10 resamples a drawn p cannot fall below 1/11, so none can reach 0.05, however large the difference: raise --samples.');
    expect(coarseSamplesNote(0.05, 19, [{ differing: 40 }])).toMatch(/below 1\/20/);
    expect(coarseSamplesNote(0.05, 20, [{ differing: 40 }])).toBeUndefined();
    // Every p exact (2^k ≤ B): nothing was drawn.
    expect(coarseSamplesNote(0.05, 10, [{ differing: 3 }])).toBeUndefined();
  });
});

describe('nearAlphaNote', () => {
  it('names drawn p-values within two Monte Carlo standard errors of alpha, with that error', () => {
    // p = 0.048 from 1000 swaps: se = √(0.048 · 0.952 / 1000) = 0.00676, so |0.048 − 0.05| is well within 2 se.
    const note = nearAlphaNote(0.05, 1000, [{ name: 'bert', p: 0.048, differing: 200 }, { name: 'far', p: 0.002, differing: 200 }, { name: 'exact', p: 0.0498, differing: 8 }]);
    expect(note).toBe('Within the resampling\'s noise of 0.05: bert (p = 0.048 ± 0.007), ± one Monte Carlo standard error of the 1000 swaps drawn, so another --seed could put it on the other side of 0.05; more --samples settle it.');
    // 0.07 is 2.4 standard errors (0.0081) above 0.05: settled.
    expect(nearAlphaNote(0.05, 1000, [{ name: 'x', p: 0.07, differing: 200 }])).toBeUndefined();
    // With 10 resamples no drawn p can fall below 1/11: none is near enough to cross 0.05, whatever the seed.
    expect(nearAlphaNote(0.05, 10, [{ name: 'x', p: 1 / 11, differing: 200 }])).toBeUndefined();
  });
});
