import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dMeasure, rankWeight } from '../../src/metrics/dmeasure.js';

const sigma = (z: number): number => 1 / (1 + Math.exp(-z));

describe('rankWeight', () => {
  it('w_1 = 1 for any n, k, l', () => {
    expect(rankWeight(1, 1)).toBe(1);
    expect(rankWeight(1, 273)).toBeCloseTo(1, 15);
    expect(rankWeight(1, 10, 3, 0.2)).toBeCloseTo(1, 15);
  });

  it('matches the formula σ(k(x − l))/σ(k(1 − l)), x = (n − i + 1)/n', () => {
    for (const [i, n, k, l] of [[5, 20, 15, 0.7], [100, 273, 15, 0.7], [3, 4, 2, 0.5]]) {
      const x = (n - i + 1) / n;
      expect(rankWeight(i, n, k, l)).toBeCloseTo(sigma(k * (x - l)) / sigma(k * (1 - l)), 12);
    }
  });

  it('at x = l the weight is σ(0)/σ(k(1 − l)) ≈ 0.5055 for the defaults', () => {
    // n = 10, i = 4 → x = 7/10 = l
    expect(rankWeight(4, 10)).toBeCloseTo(0.5 / sigma(4.5), 12);
    expect(rankWeight(4, 10)).toBeGreaterThan(0.505);
    expect(rankWeight(4, 10)).toBeLessThan(0.506);
  });

  it('is high in the top 50, falls steeply after and is near zero below rank 150 (Nakache: N = 273)', () => {
    expect(rankWeight(50, 273)).toBeGreaterThan(0.8);
    expect(rankWeight(100, 273)).toBeLessThan(0.35);
    expect(rankWeight(150, 273)).toBeLessThan(0.03);
    expect(rankWeight(200, 273)).toBeLessThan(0.002);
  });

  it('decreases strictly with i (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 500 }), fc.nat(), (n, seed) => {
        const i = 1 + (seed % (n - 1));
        expect(rankWeight(i + 1, n)).toBeLessThan(rankWeight(i, n));
        expect(rankWeight(i, n)).toBeGreaterThan(0);
        expect(rankWeight(i, n)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it('k = 0 weighs every rank equally', () => {
    expect(rankWeight(7, 10, 0)).toBe(1);
  });

  it('stays finite for extreme k and l', () => {
    const w = rankWeight(10, 10, 5000, 3);
    expect(Number.isFinite(w)).toBe(true);
    expect(w).toBeGreaterThanOrEqual(0);
  });

  it('rejects ranks outside 1..n and bad parameters', () => {
    expect(() => rankWeight(0, 5)).toThrow(RangeError);
    expect(() => rankWeight(6, 5)).toThrow(RangeError);
    expect(() => rankWeight(1.5, 5)).toThrow(RangeError);
    expect(() => rankWeight(1, 0)).toThrow(RangeError);
    expect(() => rankWeight(1, 5, -1)).toThrow(RangeError);
    expect(() => rankWeight(1, 5, 15, Number.NaN)).toThrow(RangeError);
  });
});

describe('dMeasure', () => {
  it('empty list → 0', () => {
    expect(dMeasure([])).toBe(0);
  });

  it('all ones → 1, all zeros → 0', () => {
    expect(dMeasure(Array.from({ length: 30 }, () => 1))).toBe(1);
    expect(dMeasure(Array.from({ length: 30 }, () => 0))).toBe(0);
  });

  it('matches Σ p_i w_i / Σ w_i', () => {
    const p = [1, 0, 0.5, 1, 0];
    const w = p.map((_, i) => rankWeight(i + 1, p.length));
    const expected = p.reduce((s, x, i) => s + x * w[i], 0) / w.reduce((s, x) => s + x, 0);
    expect(dMeasure(p)).toBeCloseTo(expected, 12);
  });

  it('relevant items at the top score higher than the same number at the bottom', () => {
    const top = [1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
    const bottom = [...top].reverse();
    expect(dMeasure(top)).toBeGreaterThan(dMeasure(bottom));
    expect(dMeasure(top)).toBeGreaterThan(0.3); // better than the plain share of relevant items
    expect(dMeasure(bottom)).toBeLessThan(0.3);
  });

  it('k = 0 reduces to the plain mean of pertinence', () => {
    expect(dMeasure([1, 0, 0, 1, 0.5], 0)).toBeCloseTo(0.5, 12);
  });

  it('rejects pertinence outside [0, 1]', () => {
    expect(() => dMeasure([1, 1.5])).toThrow(RangeError);
    expect(() => dMeasure([Number.NaN])).toThrow(RangeError);
  });

  it('in [0, 1]; sorting best-first maximises and worst-first minimises D (property)', () => {
    const list = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 60 });
    fc.assert(
      fc.property(list, (p) => {
        const d = dMeasure(p);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(1);
        const best = dMeasure([...p].sort((a, b) => b - a));
        const worst = dMeasure([...p].sort((a, b) => a - b));
        expect(best).toBeGreaterThanOrEqual(d - 1e-12);
        expect(worst).toBeLessThanOrEqual(d + 1e-12);
      }),
    );
  });
});
