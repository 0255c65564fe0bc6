import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indicators, type Contingency, type Indicators } from '../../src/metrics/indicators.js';

const cell = fc.integer({ min: 0, max: 1000 });
const table = fc.record({ a: cell, b: cell, c: cell, d: cell });

function sumsToOne(x: number | null, y: number | null): void {
  expect(x === null).toBe(y === null);
  if (x !== null && y !== null) expect(x + y).toBeCloseTo(1, 12);
}

describe('indicators', () => {
  it('hand-computed table a=40, b=10, c=20, d=30 (N = 100)', () => {
    const r = indicators({ a: 40, b: 10, c: 20, d: 30 });
    expect(r.precision).toBeCloseTo(0.8, 12); // 40/50
    expect(r.recall).toBeCloseTo(2 / 3, 12); // 40/60
    expect(r.pertinence).toBeCloseTo(0.7, 12); // 70/100
    expect(r.error).toBeCloseTo(0.3, 12); // 30/100
    expect(r.fallout).toBeCloseTo(0.25, 12); // 10/40
    expect(r.silence).toBeCloseTo(1 / 3, 12); // 20/60
    expect(r.specificity).toBeCloseTo(0.75, 12); // 30/40
    expect(r.noise).toBeCloseTo(0.2, 12); // 10/50
    expect(r.overlap).toBeCloseTo(4 / 7, 12); // 40/70
    expect(r.generality).toBeCloseTo(0.4, 12); // 40/100
  });

  it('all-zero table: every indicator is null', () => {
    const r = indicators({ a: 0, b: 0, c: 0, d: 0 });
    for (const v of Object.values(r)) expect(v).toBeNull();
    expect(Object.keys(r)).toHaveLength(10);
  });

  it('nothing found (a = b = 0): precision and noise are null, the rest defined', () => {
    const r = indicators({ a: 0, b: 0, c: 5, d: 5 });
    expect(r.precision).toBeNull();
    expect(r.noise).toBeNull();
    expect(r.recall).toBe(0);
    expect(r.silence).toBe(1);
    expect(r.fallout).toBe(0);
    expect(r.specificity).toBe(1);
    expect(r.overlap).toBe(0);
    expect(r.pertinence).toBe(0.5);
  });

  it('nothing pertinent (a = c = 0): recall and silence are null', () => {
    const r = indicators({ a: 0, b: 3, c: 0, d: 1 });
    expect(r.recall).toBeNull();
    expect(r.silence).toBeNull();
    expect(r.precision).toBe(0);
    expect(r.fallout).toBe(0.75);
  });

  it('no negatives (b = d = 0): fallout and specificity are null', () => {
    const r = indicators({ a: 2, b: 0, c: 1, d: 0 });
    expect(r.fallout).toBeNull();
    expect(r.specificity).toBeNull();
    expect(r.overlap).toBeCloseTo(2 / 3, 12);
  });

  it('only true negatives: overlap is null, pertinence is 1', () => {
    const r = indicators({ a: 0, b: 0, c: 0, d: 7 });
    expect(r.overlap).toBeNull();
    expect(r.pertinence).toBe(1);
    expect(r.error).toBe(0);
    expect(r.generality).toBe(0);
  });

  it('rejects negative or non-finite cells', () => {
    expect(() => indicators({ a: -1, b: 0, c: 0, d: 0 })).toThrow(RangeError);
    expect(() => indicators({ a: 0, b: 0, c: 0, d: Number.NaN })).toThrow(RangeError);
  });

  it('complementary pairs sum to 1 where defined (property)', () => {
    fc.assert(
      fc.property(table, (t: Contingency) => {
        const r = indicators(t);
        sumsToOne(r.pertinence, r.error);
        sumsToOne(r.recall, r.silence);
        sumsToOne(r.precision, r.noise);
        sumsToOne(r.fallout, r.specificity);
      }),
    );
  });

  it('every defined value is in [0, 1], and null exactly on a zero denominator (property)', () => {
    fc.assert(
      fc.property(table, (t: Contingency) => {
        const r: Indicators = indicators(t);
        for (const v of Object.values(r)) {
          if (v === null) continue;
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
        const n = t.a + t.b + t.c + t.d;
        expect(r.precision === null).toBe(t.a + t.b === 0);
        expect(r.recall === null).toBe(t.a + t.c === 0);
        expect(r.fallout === null).toBe(t.b + t.d === 0);
        expect(r.overlap === null).toBe(t.a + t.b + t.c === 0);
        expect(r.generality === null).toBe(n === 0);
      }),
    );
  });

  it('overlap ≤ min(precision, recall) when both are defined (property)', () => {
    fc.assert(
      fc.property(table, (t) => {
        const r = indicators(t);
        if (r.overlap === null || r.precision === null || r.recall === null) return;
        expect(r.overlap).toBeLessThanOrEqual(Math.min(r.precision, r.recall) + 1e-12);
      }),
    );
  });
});
