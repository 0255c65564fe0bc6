import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SER_WEIGHTS, errorRates, parseSerWeights, type SlotCounts } from '../../src/metrics/errors.js';
import { prf, type ZeroDivision } from '../../src/metrics/prf.js';

describe('errorRates', () => {
  it('computes E, ERR, SER from C, S, D, I', () => {
    const k: SlotCounts = { c: 6, s: 2, d: 2, i: 1 }; // N = 10, M = 9
    const r = errorRates(k);
    const p = 6 / 9;
    const rec = 6 / 10;
    expect(r.e).toBeCloseTo(1 - (2 * p * rec) / (p + rec), 12);
    // Makhoul eq. 6: F = C / ((N + M)/2) at β = 1
    expect(r.e).toBeCloseTo(1 - 6 / 9.5, 12);
    expect(r.err).toBeCloseTo(5 / 11, 12);
    expect(r.ser).toBeCloseTo(5 / 10, 12);
    expect(r.weightedSer).toBe(r.ser);
  });

  it('E uses prf with tp = C, fp = S + I, fn = S + D and β', () => {
    const k: SlotCounts = { c: 7, s: 3, d: 1, i: 4 };
    for (const b of [0.5, 1, 2]) {
      expect(errorRates(k, b).e).toBeCloseTo(1 - prf({ tp: 7, fp: 7, fn: 4 }, b).f, 12);
    }
    expect(errorRates(k, 2).e).not.toBeCloseTo(errorRates(k, 0.5).e, 6);
  });

  it.each([10, 1000])("Makhoul Table 1, N = %i: system A (nothing) has ERR = SER = 1", (n) => {
    const a = errorRates({ c: 0, s: 0, d: n, i: 0 });
    expect(a.err).toBe(1);
    expect(a.ser).toBe(1);
    expect(a.e).toBe(1);
  });

  it.each([10, 1000])('Makhoul Table 1, N = %i: system B (+0.2N insertions) has ERR = 1, SER = 1.2', (n) => {
    const b = errorRates({ c: 0, s: 0, d: n, i: 0.2 * n });
    expect(b.err).toBe(1);
    expect(b.ser).toBeCloseTo(1.2, 12);
    expect(b.ser).toBeGreaterThan(1);
  });

  it('MUC-6 style check: SER ≥ ERR ≥ E on realistic counts', () => {
    // Counts shaped like Makhoul Table 2 (Named Entity: F ≈ 96.4, ERR ≈ 5.0, SER ≈ 5.1).
    const ne = errorRates({ c: 950, s: 20, d: 20, i: 12 });
    expect(ne.ser).toBeGreaterThanOrEqual(ne.err);
    expect(ne.err).toBeGreaterThan(ne.e);
    const st = errorRates({ c: 500, s: 100, d: 200, i: 150 });
    expect(st.ser).toBeGreaterThan(st.err);
    expect(st.err).toBeGreaterThan(st.e);
    // E deweights D and I by half at β = 1: E = (S + (D+I)/2) / (C + S + (D+I)/2)
    expect(st.e).toBeCloseTo((100 + 175) / (500 + 100 + 175), 12);
  });

  it('weighted SER = (w_s·S + w_d·D + w_i·I)/N', () => {
    const r = errorRates({ c: 5, s: 2, d: 3, i: 4 }, 1, { s: 1, d: 0.5, i: 0.25 });
    expect(r.weightedSer).toBeCloseTo((2 + 1.5 + 1) / 10, 12);
    expect(r.ser).toBeCloseTo(9 / 10, 12);
    expect(errorRates({ c: 5, s: 2, d: 3, i: 4 }, 1, DEFAULT_SER_WEIGHTS).weightedSer).toBe(r.ser);
  });

  describe('edge cases', () => {
    it('everything zero: ERR = SER = weightedSer = 0, E = 0 (gerbil, one) or 1 (zero)', () => {
      const k = { c: 0, s: 0, d: 0, i: 0 };
      expect(errorRates(k)).toEqual({ e: 0, err: 0, ser: 0, weightedSer: 0 });
      expect(errorRates(k, 1, undefined, 'one').e).toBe(0);
      expect(errorRates(k, 1, undefined, 'zero')).toEqual({ e: 1, err: 0, ser: 0, weightedSer: 0 });
    });

    it('N = 0 with insertions: SER = Infinity, ERR = 1', () => {
      const r = errorRates({ c: 0, s: 0, d: 0, i: 3 });
      expect(r.ser).toBe(Infinity);
      expect(r.weightedSer).toBe(Infinity);
      expect(r.err).toBe(1);
      expect(r.e).toBe(1);
    });

    it('N = 0 with insertions weighted 0: weightedSer = 0', () => {
      expect(errorRates({ c: 0, s: 0, d: 0, i: 3 }, 1, { s: 1, d: 1, i: 0 }).weightedSer).toBe(0);
    });

    it('a perfect system has E = ERR = SER = 0', () => {
      expect(errorRates({ c: 12, s: 0, d: 0, i: 0 })).toEqual({ e: 0, err: 0, ser: 0, weightedSer: 0 });
    });

    it('rejects negative counts, negative weights and β ≤ 0', () => {
      expect(() => errorRates({ c: -1, s: 0, d: 0, i: 0 })).toThrow(RangeError);
      expect(() => errorRates({ c: 1, s: 0, d: 0, i: Number.NaN })).toThrow(RangeError);
      expect(() => errorRates({ c: 1, s: 0, d: 0, i: 0 }, 1, { s: 1, d: -1, i: 1 })).toThrow(RangeError);
      expect(() => errorRates({ c: 1, s: 0, d: 0, i: 0 }, 0)).toThrow(RangeError);
    });
  });

  it('SER ≥ ERR ≥ E, 0 ≤ E, ERR ≤ 1, SER ≥ 0 for random counts and β (property)', () => {
    const n = fc.integer({ min: 0, max: 5000 });
    const beta = fc.double({ min: 0.1, max: 10, noNaN: true, minExcluded: true, maxExcluded: true });
    const zd = fc.constantFrom<ZeroDivision>('gerbil', 'one');
    fc.assert(
      fc.property(n, n, n, n, beta, zd, (c, s, d, i, b, z) => {
        fc.pre(c + s + d > 0);
        const r = errorRates({ c, s, d, i }, b, undefined, z);
        expect(r.ser).toBeGreaterThanOrEqual(r.err - 1e-12);
        expect(r.err).toBeGreaterThanOrEqual(r.e - 1e-12);
        expect(r.e).toBeGreaterThanOrEqual(0);
        expect(r.e).toBeLessThanOrEqual(1);
        expect(r.err).toBeGreaterThanOrEqual(0);
        expect(r.err).toBeLessThanOrEqual(1);
        expect(r.ser).toBeGreaterThanOrEqual(0);
        expect(r.ser).toBeCloseTo((s + d + i) / (c + s + d), 12);
      }),
    );
  });

  it('SER ≥ ERR ≥ E also holds with N = 0 under gerbil and one (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), fc.constantFrom<ZeroDivision>('gerbil', 'one'), (i, z) => {
        const r = errorRates({ c: 0, s: 0, d: 0, i }, 1, undefined, z);
        expect(r.ser).toBeGreaterThanOrEqual(r.err);
        expect(r.err).toBeGreaterThanOrEqual(r.e);
      }),
    );
  });
});

describe('parseSerWeights', () => {
  it('parses the positional form S,D,I', () => {
    expect(parseSerWeights('1,1,0.5')).toEqual({ s: 1, d: 1, i: 0.5 });
    expect(parseSerWeights(' 2 , 0 , .5 ')).toEqual({ s: 2, d: 0, i: 0.5 });
    expect(parseSerWeights('1e-1,1,1')).toEqual({ s: 0.1, d: 1, i: 1 });
  });

  it('parses the named form in any order, missing keys = 1', () => {
    expect(parseSerWeights('s=1,d=1,i=0.5')).toEqual({ s: 1, d: 1, i: 0.5 });
    expect(parseSerWeights('i=0.5,s=2')).toEqual({ s: 2, d: 1, i: 0.5 });
    expect(parseSerWeights('D = 0.25')).toEqual({ s: 1, d: 0.25, i: 1 });
  });

  it.each([
    ['', /expected/],
    ['   ', /expected/],
    ['1,1', /three values/],
    ['1,1,1,1', /three values/],
    ['1,,1', /expected/],
    ['1,-1,1', /non-negative/],
    ['1,x,1', /weight D must be a non-negative number/],
    ['1,1,Infinity', /weight I/],
    ['1,1,0x10', /weight I/],
    ['s=1,2,3', /not both/],
    ['s=1,q=2', /unknown key "q"/],
    ['s=1,s=2', /given twice/],
    ['s=', /weight S/],
    ['i=-0.5', /non-negative/],
  ])('rejects %j', (text, message) => {
    expect(() => parseSerWeights(text)).toThrow(message);
  });

  it('round-trips any non-negative weights (property)', () => {
    const w = fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(w, w, w, (s, d, i) => {
        expect(parseSerWeights(`${s},${d},${i}`)).toEqual({ s, d, i });
        expect(parseSerWeights(`i=${i},s=${s},d=${d}`)).toEqual({ s, d, i });
      }),
    );
  });
});
