/**
 * Seeded splits and the paired bootstrap: determinism, partition properties, sizes, usage
 * errors, and the bootstrap against a step-by-step reference of the documented procedure.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { holdoutSplit, kFolds, mulberry32, type SummedCounts } from '../../src/plan/split.js';
import { pairedBootstrap } from '../../src/plan/significance.js';

const f1 = (c: SummedCounts) => (c.tp === 0 ? (c.fp + c.fn === 0 ? 1 : 0) : (2 * c.tp) / (2 * c.tp + c.fp + c.fn));
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('mulberry32', () => {
  it('is deterministic for a seed and gives floats in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = range(10_000).map(() => a());
    expect(range(10_000).map(() => b())).toEqual(xs);
    for (const x of xs) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
      expect(Number.isInteger(x * 4294967296)).toBe(true);
    }
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(mean).toBeGreaterThan(0.49);
    expect(mean).toBeLessThan(0.51);
  });

  it('gives different streams for different seeds and reduces the seed to 32 bits', () => {
    expect(mulberry32(1)()).not.toBe(mulberry32(2)());
    expect(mulberry32(2 ** 32 + 7)()).toBe(mulberry32(7)());
    expect(mulberry32(-1)()).toBe(mulberry32(2 ** 32 - 1)());
  });

  it('pins the first values of seed 1 (checked against an independent Python port; a change would change every split)', () => {
    const r = mulberry32(1);
    expect([r(), r(), r()].map((x) => x * 4294967296)).toEqual([2693262067, 11749833, 2265367787]);
  });
});

describe('holdoutSplit', () => {
  it('partitions the documents into sorted train and test parts of the documented sizes', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 300 }), fc.double({ min: 0.001, max: 0.999, noNaN: true }), fc.integer(), (n, fraction, seed) => {
      const { train, test } = holdoutSplit(n, fraction, seed);
      expect(test.length).toBe(Math.min(n - 1, Math.max(1, Math.round(fraction * n))));
      expect([...train, ...test].sort((a, b) => a - b)).toEqual(range(n));
      expect(train).toEqual([...train].sort((a, b) => a - b));
      expect(test).toEqual([...test].sort((a, b) => a - b));
    }), { numRuns: 300 });
  });

  it('is deterministic for a seed and varies with it', () => {
    expect(holdoutSplit(100, 0.2, 7)).toEqual(holdoutSplit(100, 0.2, 7));
    expect(holdoutSplit(100, 0.2, 7).test).not.toEqual(holdoutSplit(100, 0.2, 8).test);
  });

  it('keeps both parts non-empty', () => {
    expect(holdoutSplit(2, 0.01, 1).test).toHaveLength(1);
    expect(holdoutSplit(2, 0.99, 1).train).toHaveLength(1);
    expect(holdoutSplit(10, 0.25, 1).test).toHaveLength(3); // round(2.5) = 3
  });

  it('rejects too few documents and fractions outside (0, 1) as usage errors', () => {
    expect(() => holdoutSplit(1, 0.5, 1)).toThrow(UsageError);
    expect(() => holdoutSplit(0, 0.5, 1)).toThrow(/at least 2 documents/);
    for (const f of [0, 1, -0.1, 1.5, Number.NaN]) expect(() => holdoutSplit(10, f, 1)).toThrow(UsageError);
    expect(() => holdoutSplit(2.5, 0.5, 1)).toThrow(RangeError);
  });
});

describe('kFolds', () => {
  it('partitions the documents into near-equal sorted folds', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 200 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 2, max: n }), fc.integer())), ([n, k, seed]) => {
      const folds = kFolds(n, k, seed);
      expect(folds).toHaveLength(k);
      const sizes = folds.map((f) => f.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(sizes).toEqual([...sizes].sort((a, b) => b - a)); // larger folds first
      expect(folds.flat().sort((a, b) => a - b)).toEqual(range(n));
      for (const f of folds) expect(f).toEqual([...f].sort((a, b) => a - b));
    }), { numRuns: 300 });
  });

  it('is deterministic for a seed', () => {
    expect(kFolds(50, 5, 3)).toEqual(kFolds(50, 5, 3));
    expect(kFolds(50, 5, 3)).not.toEqual(kFolds(50, 5, 4));
  });

  it('rejects fewer than 2 folds, fractional folds and more folds than documents', () => {
    expect(() => kFolds(10, 1, 1)).toThrow(UsageError);
    expect(() => kFolds(10, 2.5, 1)).toThrow(UsageError);
    expect(() => kFolds(3, 4, 1)).toThrow(/need at least 4 documents/);
    expect(() => kFolds(1, 2, 1)).toThrow(UsageError);
    expect(kFolds(3, 3, 1).map((f) => f.length)).toEqual([1, 1, 1]);
  });
});

/** The documented procedure, spelled out. */
function bootstrapReference(a: SummedCounts[], b: SummedCounts[], samples: number, seed: number, confidence: number) {
  const n = a.length;
  const random = mulberry32(seed);
  const sum = (docs: SummedCounts[], idx: number[]) => idx.reduce((s, i) => ({ tp: s.tp + docs[i].tp, fp: s.fp + docs[i].fp, fn: s.fn + docs[i].fn, s: s.s + docs[i].s }), { tp: 0, fp: 0, fn: 0, s: 0 });
  const gains: number[] = [];
  for (let r = 0; r < samples; r++) {
    const idx = range(n).map(() => Math.floor(random() * n));
    gains.push(f1(sum(a, idx)) - f1(sum(b, idx)));
  }
  const sorted = [...gains].sort((x, y) => x - y);
  const q = (p: number) => {
    const h = (sorted.length - 1) * p;
    const i = Math.floor(h);
    return i + 1 < sorted.length ? sorted[i] + (h - i) * (sorted[i + 1] - sorted[i]) : sorted[i];
  };
  // One document: every resample is that document, and there is no spread to measure.
  const lone = n < 2;
  return {
    observed: f1(sum(a, range(n))) - f1(sum(b, range(n))),
    mean: gains.reduce((s, g) => s + g, 0) / samples,
    low: lone ? Number.NaN : q((1 - confidence) / 2),
    high: lone ? Number.NaN : q((1 + confidence) / 2),
    notBetter: lone ? Number.NaN : gains.filter((g) => g <= 0).length / samples,
    undefinedSamples: 0,
  };
}

const doc = fc.record({ tp: fc.integer({ min: 0, max: 20 }), fp: fc.integer({ min: 0, max: 10 }), fn: fc.integer({ min: 0, max: 10 }), s: fc.integer({ min: 0, max: 3 }) });

describe('pairedBootstrap', () => {
  it('follows the documented procedure exactly', () => {
    const arb = fc.integer({ min: 1, max: 15 }).chain((n) => fc.tuple(fc.array(doc, { minLength: n, maxLength: n }), fc.array(doc, { minLength: n, maxLength: n })));
    fc.assert(fc.property(arb, fc.integer({ min: 1, max: 60 }), fc.integer(), fc.double({ min: 0.5, max: 0.99, noNaN: true }), ([a, b], samples, seed, confidence) => {
      const got = pairedBootstrap(a, b, f1, { samples, seed, confidence });
      const want = bootstrapReference(a, b, samples, seed, confidence);
      for (const key of Object.keys(want) as (keyof typeof want)[]) {
        if (Number.isNaN(want[key])) expect(got[key]).toBeNaN();
        else expect(got[key]).toBeCloseTo(want[key], 12);
      }
    }), { numRuns: 200 });
  });

  it('is paired: a system that is slightly better on every document wins every resample', () => {
    // Documents vary wildly in difficulty; A always finds one more entity than B.
    const b = range(40).map((i) => ({ tp: (i * 37) % 23, fp: (i * 11) % 7, fn: 3 + ((i * 13) % 17) }));
    const a = b.map((d) => ({ tp: d.tp + 1, fp: d.fp, fn: d.fn - 1 }));
    const r = pairedBootstrap(a, b, f1, { samples: 500, seed: 1 });
    expect(r.notBetter).toBe(0);
    expect(r.low).toBeGreaterThan(0);
    expect(r.low).toBeLessThanOrEqual(r.mean);
    expect(r.mean).toBeLessThanOrEqual(r.high);
    expect(r.observed).toBeCloseTo(f1({ ...sumAll(a), s: 0 }) - f1({ ...sumAll(b), s: 0 }), 12);
  });

  it('gives a zero gain everywhere for identical systems (notBetter = 1, since gain ≤ 0)', () => {
    const a = range(10).map((i) => ({ tp: i, fp: 1, fn: 2 }));
    expect(pairedBootstrap(a, a, f1, { samples: 100, seed: 3 })).toEqual({ observed: 0, mean: 0, low: 0, high: 0, notBetter: 1, undefinedSamples: 0 });
  });

  it('flips the sign with lowerIsBetter (e.g. SER)', () => {
    const ser = (c: SummedCounts) => (c.tp + c.fn === 0 ? Number.NaN : (c.fp + c.fn - c.s) / (c.tp + c.fn));
    const a = range(20).map((i) => ({ tp: 5 + (i % 3), fp: 1, fn: 1, s: 0 }));
    const b = range(20).map((i) => ({ tp: 4 + (i % 3), fp: 3, fn: 2, s: 1 }));
    const r = pairedBootstrap(a, b, ser, { samples: 200, seed: 9, lowerIsBetter: true });
    expect(r.observed).toBeGreaterThan(0);
    expect(r.notBetter).toBe(0);
    const plain = pairedBootstrap(a, b, ser, { samples: 200, seed: 9 });
    expect(plain.observed).toBeCloseTo(-r.observed, 12);
    expect(plain.low).toBeCloseTo(-r.high, 12);
  });

  it('leaves out resamples where the metric is undefined and counts them', () => {
    // One document of two has gold items; resamples drawing only the other give NaN.
    const ser = (c: SummedCounts) => (c.tp + c.fn === 0 ? Number.NaN : (c.fp + c.fn) / (c.tp + c.fn));
    const a = [{ tp: 0, fp: 1, fn: 0 }, { tp: 3, fp: 0, fn: 1 }];
    const b = [{ tp: 0, fp: 2, fn: 0 }, { tp: 2, fp: 0, fn: 2 }];
    const r = pairedBootstrap(a, b, ser, { samples: 400, seed: 5, lowerIsBetter: true });
    expect(r.undefinedSamples).toBeGreaterThan(50);
    expect(r.undefinedSamples).toBeLessThan(150);
    expect(Number.isFinite(r.mean)).toBe(true);
    const none = pairedBootstrap([{ tp: 0, fp: 1, fn: 0 }], [{ tp: 0, fp: 2, fn: 0 }], ser, { samples: 10, seed: 5 });
    expect(none.undefinedSamples).toBe(10);
    expect(none.mean).toBeNaN();
    expect(none.notBetter).toBeNaN();
  });

  it('is deterministic for a seed', () => {
    const a = range(30).map((i) => ({ tp: i % 5, fp: i % 3, fn: i % 4 }));
    const b = range(30).map((i) => ({ tp: i % 4, fp: i % 2, fn: i % 5 }));
    expect(pairedBootstrap(a, b, f1, { samples: 300, seed: 11 })).toEqual(pairedBootstrap(a, b, f1, { samples: 300, seed: 11 }));
    expect(pairedBootstrap(a, b, f1, { samples: 300, seed: 11 }).low).not.toBe(pairedBootstrap(a, b, f1, { samples: 300, seed: 12 }).low);
  });

  it('rejects mismatched or empty inputs and bad options', () => {
    const a = [{ tp: 1, fp: 0, fn: 0 }];
    expect(() => pairedBootstrap(a, [], f1, { samples: 10, seed: 1 })).toThrow(RangeError);
    expect(() => pairedBootstrap([], [], f1, { samples: 10, seed: 1 })).toThrow(RangeError);
    expect(() => pairedBootstrap(a, a, f1, { samples: 0, seed: 1 })).toThrow(RangeError);
    expect(() => pairedBootstrap(a, a, f1, { samples: 2.5, seed: 1 })).toThrow(RangeError);
    expect(() => pairedBootstrap(a, a, f1, { samples: 10, seed: 1, confidence: 1 })).toThrow(RangeError);
  });
});

function sumAll(docs: { tp: number; fp: number; fn: number }[]) {
  return docs.reduce((s, d) => ({ tp: s.tp + d.tp, fp: s.fp + d.fp, fn: s.fn + d.fn }), { tp: 0, fp: 0, fn: 0 });
}
