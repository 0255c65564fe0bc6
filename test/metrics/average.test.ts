import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { macroAverage } from '../../src/metrics/average.js';
import { fBeta, prf, sumCounts, type Counts, type PRF } from '../../src/metrics/prf.js';

describe('macroAverage', () => {
  it('returns null for an empty list', () => {
    expect(macroAverage([])).toBeNull();
  });

  it('is the identity on one unit', () => {
    const u = { precision: 0.2, recall: 0.7, f: 0.31 };
    expect(macroAverage([u])).toEqual(u);
  });

  it('averages P, R and F separately; F is the mean of F, not F of the means', () => {
    const units: PRF[] = [
      { precision: 1, recall: 0.5, f: fBeta(1, 0.5) },
      { precision: 0.5, recall: 0.5, f: 0.5 },
    ];
    const m = macroAverage(units)!;
    expect(m.precision).toBe(0.75);
    expect(m.recall).toBe(0.5);
    expect(m.f).toBeCloseTo((2 / 3 + 0.5) / 2, 12);
    expect(m.f).not.toBeCloseTo(fBeta(0.75, 0.5), 6);
  });

  it('GERBIL worked check: micro P = R = F = 0, macro P = R = F = 1/3', () => {
    // Three documents; two have one gold entity each; the annotator returns nothing.
    const docs: Counts[] = [
      { tp: 0, fp: 0, fn: 1 },
      { tp: 0, fp: 0, fn: 1 },
      { tp: 0, fp: 0, fn: 0 },
    ];
    const micro = prf(sumCounts(docs));
    expect(micro).toEqual({ precision: 0, recall: 0, f: 0 });
    const macro = macroAverage(docs.map((d) => prf(d)))!;
    expect(macro.precision).toBeCloseTo(1 / 3, 12);
    expect(macro.recall).toBeCloseTo(1 / 3, 12);
    expect(macro.f).toBeCloseTo(1 / 3, 12);
  });

  it('under the zero convention the same example gives macro 0', () => {
    const docs: Counts[] = [
      { tp: 0, fp: 0, fn: 1 },
      { tp: 0, fp: 0, fn: 1 },
      { tp: 0, fp: 0, fn: 0 },
    ];
    expect(macroAverage(docs.map((d) => prf(d, 1, 'zero')))).toEqual({ precision: 0, recall: 0, f: 0 });
  });

  it('lies between the per-unit minimum and maximum of each field (property)', () => {
    const u = fc.double({ min: 0, max: 1, noNaN: true });
    fc.assert(
      fc.property(fc.array(fc.record({ precision: u, recall: u, f: u }), { minLength: 1, maxLength: 30 }), (units) => {
        const m = macroAverage(units)!;
        for (const key of ['precision', 'recall', 'f'] as const) {
          const values = units.map((x) => x[key]);
          expect(m[key]).toBeGreaterThanOrEqual(Math.min(...values) - 1e-12);
          expect(m[key]).toBeLessThanOrEqual(Math.max(...values) + 1e-12);
        }
      }),
    );
  });
});
