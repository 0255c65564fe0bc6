/**
 * Pareto front of cost against objective: hand cases (ties, duplicates, NaN, minimised values)
 * and the O(n²) definition on random points.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paretoFront, paretoFrontOf } from '../../src/plan/pareto.js';

type P = { cost: number; value: number };

/** The definition, pair by pair. */
function reference(points: P[], higherIsBetter: boolean): boolean[] {
  const ok = (p: P) => !Number.isNaN(p.cost) && !Number.isNaN(p.value);
  const atLeast = (a: number, b: number) => (higherIsBetter ? a >= b : a <= b);
  const better = (a: number, b: number) => (higherIsBetter ? a > b : a < b);
  return points.map((p) => ok(p) && !points.some((q) => ok(q) && q.cost <= p.cost && atLeast(q.value, p.value)
    && (q.cost < p.cost || better(q.value, p.value))));
}

describe('paretoFront', () => {
  it('keeps the cheapest point of each better value', () => {
    const points = [
      { cost: 1, value: 0.80 }, // front
      { cost: 2, value: 0.85 }, // front
      { cost: 2, value: 0.84 }, // same cost, worse
      { cost: 3, value: 0.85 }, // dearer, not better
      { cost: 4, value: 0.90 }, // front
      { cost: 0.5, value: 0.2 }, // front (cheapest)
    ];
    expect(paretoFront(points, true)).toEqual([true, true, false, false, true, true]);
  });

  it('marks equal points together', () => {
    expect(paretoFront([{ cost: 1, value: 1 }, { cost: 1, value: 1 }, { cost: 2, value: 1 }], true)).toEqual([true, true, false]);
  });

  it('reads lower values as better for a minimised objective (SER)', () => {
    const points = [{ cost: 1, value: 0.5 }, { cost: 2, value: 0.3 }, { cost: 3, value: 0.4 }];
    expect(paretoFront(points, false)).toEqual([true, true, false]);
    expect(paretoFront(points, true)).toEqual([true, false, false]);
  });

  it('never puts NaN on the front, and NaN dominates nothing', () => {
    const points = [{ cost: 1, value: Number.NaN }, { cost: 2, value: 0.1 }, { cost: Number.NaN, value: 9 }];
    expect(paretoFront(points, true)).toEqual([false, true, false]);
  });

  it('handles infinities and the empty input', () => {
    expect(paretoFront([], true)).toEqual([]);
    expect(paretoFront([{ cost: 1, value: -Infinity }, { cost: 2, value: -Infinity }, { cost: Infinity, value: Infinity }], true))
      .toEqual([true, false, true]);
  });

  it('agrees with the pairwise definition on random points', () => {
    const coord = fc.oneof({ weight: 10, arbitrary: fc.integer({ min: 0, max: 5 }) }, { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Infinity, -Infinity) });
    const arb = fc.tuple(fc.array(fc.record({ cost: coord, value: coord }), { maxLength: 40 }), fc.boolean());
    fc.assert(fc.property(arb, ([points, higher]) => {
      expect(paretoFront(points, higher)).toEqual(reference(points, higher));
    }), { numRuns: 1000 });
  });

  it('on columns (paretoFrontOf), in runs of one cost or not, agrees with the definition', () => {
    const coord = fc.oneof({ weight: 10, arbitrary: fc.integer({ min: 0, max: 3 }) }, { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Infinity, -Infinity, -0) });
    const arb = fc.tuple(fc.array(fc.record({ cost: coord, value: coord }), { maxLength: 40 }), fc.boolean(), fc.boolean());
    fc.assert(fc.property(arb, ([points, higher, runs]) => {
      // Sorted by cost, the points of one cost come one after another (as a search's do).
      const list = runs ? points.slice().sort((a, b) => (Number.isNaN(a.cost) ? 1 : 0) - (Number.isNaN(b.cost) ? 1 : 0) || (a.cost < b.cost ? -1 : a.cost > b.cost ? 1 : 0)) : points;
      const front = paretoFrontOf(list.map((p) => p.cost), list.map((p) => p.value), higher);
      expect(front).toBeInstanceOf(Uint8Array);
      expect(Array.from(front, (x) => x === 1)).toEqual(reference(list, higher));
    }), { numRuns: 1000 });
  });

  it('takes 10⁵ points: the front is a staircase, and every point off it is matched by a cheaper or equal one on it', () => {
    const points = Array.from({ length: 100_000 }, (_, i) => ({ cost: (i * 7919) % 1013, value: ((i * 104729) % 100_003) / 100_003 }));
    const front = paretoFront(points, true);
    const on = points.filter((_, i) => front[i]).sort((a, b) => a.cost - b.cost);
    expect(on.length).toBeGreaterThan(0);
    // Dearer points on the front are strictly better (equal points may repeat).
    for (let k = 1; k < on.length; k++) {
      if (on[k].cost !== on[k - 1].cost) expect(on[k].value).toBeGreaterThan(on[k - 1].value);
      else expect(on[k].value).toBe(on[k - 1].value);
    }
    // The best value on the front at each cost or below covers every point.
    const bestUpTo = (cost: number) => {
      let lo = 0;
      let hi = on.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (on[mid].cost <= cost) lo = mid + 1;
        else hi = mid;
      }
      return lo === 0 ? -Infinity : on[lo - 1].value;
    };
    expect(points.every((p) => bestUpTo(p.cost) >= p.value)).toBe(true);
  });
});
