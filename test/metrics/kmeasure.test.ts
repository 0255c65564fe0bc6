import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kMeasure } from '../../src/metrics/kmeasure.js';
import { fBeta } from '../../src/metrics/prf.js';

const unit = fc.double({ min: 0, max: 1, noNaN: true });
const beta = fc.double({ min: 0.1, max: 10, noNaN: true });

describe('kMeasure', () => {
  it('Nakache worked check: P = R = 0.4, α = 1.6, β = 1 → ≈ 0.133', () => {
    expect(kMeasure(0.4, 0.4, 1.6, 1)).toBeCloseTo(0.133, 3);
    expect(kMeasure(0.4, 0.4, 1.6, 1)).toBeCloseTo((2 * Math.pow(0.16, 1.6)) / 0.8, 12);
    // "three times less" than F1 = 0.4
    expect(kMeasure(0.4, 0.4)).toBeCloseTo(0.4, 12);
  });

  it('defaults to α = 1, β = 1 (F1)', () => {
    expect(kMeasure(0.8, 0.5)).toBe(fBeta(0.8, 0.5));
  });

  it('uses β like F_β', () => {
    expect(kMeasure(0.8, 0.5, 2, 2)).toBeCloseTo((5 * Math.pow(0.4, 2)) / (4 * 0.8 + 0.5), 12);
  });

  it('returns 0 on a zero denominator (P = R = 0)', () => {
    expect(kMeasure(0, 0)).toBe(0);
    expect(kMeasure(0, 0, 2, 3)).toBe(0);
  });

  it('α = 0.5, β = 1 is the break-even ratio: 1 whenever P = R > 0', () => {
    expect(kMeasure(0.3, 0.3, 0.5)).toBeCloseTo(1, 12);
  });

  it('rejects α ≤ 0 and β ≤ 0', () => {
    expect(() => kMeasure(0.5, 0.5, 0)).toThrow(RangeError);
    expect(() => kMeasure(0.5, 0.5, -1)).toThrow(RangeError);
    expect(() => kMeasure(0.5, 0.5, 1, 0)).toThrow(RangeError);
  });

  it('α = 1 equals fBeta for random P, R, β (property)', () => {
    fc.assert(
      fc.property(unit, unit, beta, (p, r, b) => {
        expect(kMeasure(p, r, 1, b)).toBe(fBeta(p, r, b));
      }),
    );
  });

  it('α ≥ 1 gives 0 ≤ K ≤ F_β, and K does not increase with α (property)', () => {
    const alpha = fc.double({ min: 1, max: 5, noNaN: true });
    fc.assert(
      fc.property(unit, unit, beta, alpha, alpha, (p, r, b, a1, a2) => {
        const [lo, hi] = a1 <= a2 ? [a1, a2] : [a2, a1];
        const k = kMeasure(p, r, lo, b);
        expect(k).toBeGreaterThanOrEqual(0);
        expect(k).toBeLessThanOrEqual(fBeta(p, r, b) + 1e-12);
        expect(kMeasure(p, r, hi, b)).toBeLessThanOrEqual(k + 1e-12);
      }),
    );
  });
});
