import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCounts,
  fBeta,
  isZeroDivision,
  prf,
  sumCounts,
  ZERO_DIVISION_MODES,
  type Counts,
  type ZeroDivision,
} from '../../src/metrics/prf.js';

const count = fc.integer({ min: 0, max: 10_000 });
const counts = fc.record({ tp: count, fp: count, fn: count });
const unit = fc.double({ min: 0, max: 1, noNaN: true });
const beta = fc.double({ min: 0.1, max: 10, noNaN: true });
const mode = fc.constantFrom<ZeroDivision>('gerbil', 'zero', 'one');

describe('fBeta', () => {
  it('is the harmonic mean at β = 1', () => {
    expect(fBeta(0.5, 1)).toBeCloseTo(2 / 3, 12);
    expect(fBeta(0.8, 0.6)).toBeCloseTo((2 * 0.8 * 0.6) / 1.4, 12);
  });

  it('weighs recall more for β > 1 and precision more for β < 1', () => {
    // F2 = 5PR/(4P+R)
    expect(fBeta(0.5, 1, 2)).toBeCloseTo((5 * 0.5) / (4 * 0.5 + 1), 12);
    expect(fBeta(0.5, 1, 2)).toBeGreaterThan(fBeta(0.5, 1));
    expect(fBeta(0.5, 1, 0.5)).toBeLessThan(fBeta(0.5, 1));
    expect(fBeta(1, 0.5, 0.5)).toBeGreaterThan(fBeta(1, 0.5));
  });

  it('returns 0 when P = R = 0 (zero denominator)', () => {
    expect(fBeta(0, 0)).toBe(0);
    expect(fBeta(0, 0, 3)).toBe(0);
  });

  it('returns 0 when exactly one of P, R is 0', () => {
    expect(fBeta(0, 1)).toBe(0);
    expect(fBeta(1, 0, 2)).toBe(0);
  });

  it('rejects β ≤ 0 or non-finite β', () => {
    expect(() => fBeta(0.5, 0.5, 0)).toThrow(RangeError);
    expect(() => fBeta(0.5, 0.5, -1)).toThrow(RangeError);
    expect(() => fBeta(0.5, 0.5, Number.NaN)).toThrow(RangeError);
    expect(() => fBeta(0.5, 0.5, Infinity)).toThrow(RangeError);
  });

  it('equals P when P = R, and lies between min(P,R) and max(P,R) (property)', () => {
    fc.assert(
      fc.property(unit, unit, beta, (p, r, b) => {
        const f = fBeta(p, r, b);
        expect(fBeta(p, p, b)).toBeCloseTo(p, 12);
        expect(f).toBeGreaterThanOrEqual(Math.min(p, r) - 1e-12);
        expect(f).toBeLessThanOrEqual(Math.max(p, r) + 1e-12);
      }),
    );
  });
});

describe('prf', () => {
  it('computes P = tp/(tp+fp), R = tp/(tp+fn), F = F_β', () => {
    const r = prf({ tp: 6, fp: 2, fn: 4 });
    expect(r.precision).toBe(0.75);
    expect(r.recall).toBe(0.6);
    expect(r.f).toBeCloseTo((2 * 0.75 * 0.6) / 1.35, 12);
    expect(prf({ tp: 6, fp: 2, fn: 4 }, 2).f).toBeCloseTo((5 * 0.75 * 0.6) / (4 * 0.75 + 0.6), 12);
  });

  describe('gerbil (default)', () => {
    it('all-zero counts give P = R = F = 1', () => {
      expect(prf({ tp: 0, fp: 0, fn: 0 })).toEqual({ precision: 1, recall: 1, f: 1 });
      expect(prf({ tp: 0, fp: 0, fn: 0 }, 1, 'gerbil')).toEqual({ precision: 1, recall: 1, f: 1 });
    });

    it('tp = 0 with fn > 0 and fp = 0 gives 0 everywhere, although P is 0/0', () => {
      expect(prf({ tp: 0, fp: 0, fn: 3 })).toEqual({ precision: 0, recall: 0, f: 0 });
    });

    it('tp = 0 with fp > 0 and fn = 0 gives 0 everywhere, although R is 0/0', () => {
      expect(prf({ tp: 0, fp: 2, fn: 0 })).toEqual({ precision: 0, recall: 0, f: 0 });
    });

    it('tp = 0 with fp, fn > 0 gives 0', () => {
      expect(prf({ tp: 0, fp: 2, fn: 5 })).toEqual({ precision: 0, recall: 0, f: 0 });
    });
  });

  describe('zero', () => {
    it('all-zero counts give P = R = F = 0', () => {
      expect(prf({ tp: 0, fp: 0, fn: 0 }, 1, 'zero')).toEqual({ precision: 0, recall: 0, f: 0 });
    });
    it('a single 0/0 is 0', () => {
      expect(prf({ tp: 0, fp: 0, fn: 4 }, 1, 'zero')).toEqual({ precision: 0, recall: 0, f: 0 });
      expect(prf({ tp: 0, fp: 4, fn: 0 }, 1, 'zero')).toEqual({ precision: 0, recall: 0, f: 0 });
    });
  });

  describe('one', () => {
    it('all-zero counts give P = R = F = 1', () => {
      expect(prf({ tp: 0, fp: 0, fn: 0 }, 1, 'one')).toEqual({ precision: 1, recall: 1, f: 1 });
    });
    it('tp = fp = 0, fn > 0 gives P = 1, R = 0, F = 0', () => {
      expect(prf({ tp: 0, fp: 0, fn: 3 }, 1, 'one')).toEqual({ precision: 1, recall: 0, f: 0 });
    });
    it('tp = fn = 0, fp > 0 gives P = 0, R = 1, F = 0', () => {
      expect(prf({ tp: 0, fp: 3, fn: 0 }, 1, 'one')).toEqual({ precision: 0, recall: 1, f: 0 });
    });
  });

  it('the three conventions agree whenever tp > 0 (property)', () => {
    fc.assert(
      fc.property(counts, beta, (c, b) => {
        fc.pre(c.tp > 0);
        const g = prf(c, b, 'gerbil');
        expect(prf(c, b, 'zero')).toEqual(g);
        expect(prf(c, b, 'one')).toEqual(g);
        expect(g.precision).toBe(c.tp / (c.tp + c.fp));
        expect(g.recall).toBe(c.tp / (c.tp + c.fn));
      }),
    );
  });

  it('P, R, F are always in [0, 1] (property)', () => {
    fc.assert(
      fc.property(counts, beta, mode, (c, b, z) => {
        const r = prf(c, b, z);
        for (const v of [r.precision, r.recall, r.f]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
      }),
    );
  });

  it('rejects β ≤ 0, negative or non-finite counts and unknown conventions', () => {
    expect(() => prf({ tp: 1, fp: 0, fn: 0 }, 0)).toThrow(RangeError);
    expect(() => prf({ tp: 1, fp: 0, fn: 0 }, -2)).toThrow(RangeError);
    expect(() => prf({ tp: -1, fp: 0, fn: 0 })).toThrow(RangeError);
    expect(() => prf({ tp: 1, fp: Number.NaN, fn: 0 })).toThrow(RangeError);
    expect(() => prf({ tp: 1, fp: 0, fn: Infinity })).toThrow(RangeError);
    expect(() => prf({ tp: 1, fp: 0, fn: 0 }, 1, 'macro' as ZeroDivision)).toThrow(/zeroDivision/);
  });

  it('accepts fractional counts (graded credit)', () => {
    expect(prf({ tp: 1.5, fp: 0.5, fn: 1.5 }).precision).toBe(0.75);
  });
});

describe('addCounts / sumCounts', () => {
  it('adds field by field', () => {
    expect(addCounts({ tp: 1, fp: 2, fn: 3 }, { tp: 10, fp: 20, fn: 30 })).toEqual({ tp: 11, fp: 22, fn: 33 });
  });

  it('sums a list; empty list → zeros', () => {
    expect(sumCounts([])).toEqual({ tp: 0, fp: 0, fn: 0 });
    expect(sumCounts([{ tp: 1, fp: 0, fn: 2 }, { tp: 3, fp: 4, fn: 0 }, { tp: 0, fp: 1, fn: 1 }])).toEqual({ tp: 4, fp: 5, fn: 3 });
  });

  it('is commutative and sumCounts agrees with repeated addCounts (property)', () => {
    fc.assert(
      fc.property(fc.array(counts, { maxLength: 20 }), (list: Counts[]) => {
        const total = sumCounts(list);
        expect(total.tp).toBe(list.reduce((s, c) => s + c.tp, 0));
        expect(total.fp).toBe(list.reduce((s, c) => s + c.fp, 0));
        expect(total.fn).toBe(list.reduce((s, c) => s + c.fn, 0));
        if (list.length >= 2) expect(addCounts(list[0], list[1])).toEqual(addCounts(list[1], list[0]));
      }),
    );
  });
});

describe('isZeroDivision', () => {
  it('accepts exactly the three modes', () => {
    expect(ZERO_DIVISION_MODES).toEqual(['gerbil', 'zero', 'one']);
    for (const m of ZERO_DIVISION_MODES) expect(isZeroDivision(m)).toBe(true);
    expect(isZeroDivision('GERBIL')).toBe(false);
    expect(isZeroDivision(0)).toBe(false);
    expect(isZeroDivision(undefined)).toBe(false);
  });
});
