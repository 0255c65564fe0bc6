/**
 * Rank agreement: Spearman's ρ and Kendall's τ-b against O(n²) references on random inputs with
 * many ties (fast-check) and against scipy's values; the top-k D-measure on hand cases.
 *
 * Hand values were computed with scipy 1.17.1 (`scipy.stats.spearmanr`, `scipy.stats.kendalltau`);
 * the first of each is the example in scipy's documentation.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dMeasure } from '../../src/metrics/dmeasure.js';
import { kendallTauB, rankAgreement, spearman, topKAgreement } from '../../src/plan/rank.js';

/** τ-b by counting every pair: (C − D)/√((n₀ − n₁)(n₀ − n₂)). */
function kendallReference(a: number[], b: number[]): number | null {
  const keep = a.map((_, i) => !Number.isNaN(a[i]) && !Number.isNaN(b[i]));
  const x = a.filter((_, i) => keep[i]);
  const y = b.filter((_, i) => keep[i]);
  const n = x.length;
  let c = 0;
  let d = 0;
  let tx = 0;
  let ty = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const s = Math.sign(x[i] - x[j]) * Math.sign(y[i] - y[j]);
      if (x[i] === x[j]) tx++;
      if (y[i] === y[j]) ty++;
      if (s > 0) c++;
      else if (s < 0) d++;
    }
  }
  const n0 = (n * (n - 1)) / 2;
  const den = Math.sqrt((n0 - tx) * (n0 - ty));
  return n < 2 || den === 0 ? null : (c - d) / den;
}

/**
 * τ-b of integer values in [0, w) × [0, h), counted over their grid instead of pair by pair:
 * with S(x, y) the points at or above and at or to the right of (x, y) (a cumulative sum from
 * the far corner), a point at (x, y) is concordant with the S(x + 1, y + 1) points beyond it on
 * both axes, and discordant with the S(x + 1, 0) − S(x + 1, y) points beyond it in x and below
 * it in y; the ties in x (or y) are the pairs within a column (or row).
 */
function kendallOnGrid(a: number[], b: number[], w: number, h: number): number {
  const cell = new Float64Array(w * h);
  for (let i = 0; i < a.length; i++) cell[a[i] * h + b[i]]++;
  const W = h + 1;
  const S = new Float64Array((w + 1) * W);
  for (let x = w - 1; x >= 0; x--) {
    for (let y = h - 1; y >= 0; y--) S[x * W + y] = cell[x * h + y] + S[(x + 1) * W + y] + S[x * W + y + 1] - S[(x + 1) * W + y + 1];
  }
  let c = 0;
  let d = 0;
  const columns = new Float64Array(w);
  const rows = new Float64Array(h);
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; y++) {
      const k = cell[x * h + y];
      if (k === 0) continue;
      c += k * S[(x + 1) * W + y + 1];
      d += k * (S[(x + 1) * W] - S[(x + 1) * W + y]);
      columns[x] += k;
      rows[y] += k;
    }
  }
  let tx = 0;
  let ty = 0;
  for (const v of columns) tx += (v * (v - 1)) / 2;
  for (const v of rows) ty += (v * (v - 1)) / 2;
  const n0 = (a.length * (a.length - 1)) / 2;
  return (c - d) / Math.sqrt((n0 - tx) * (n0 - ty));
}

/** Average ranks by counting: rank = #smaller + (#equal + 1)/2. */
function ranksReference(x: number[]): number[] {
  return x.map((v) => x.filter((w) => w < v).length + (x.filter((w) => w === v).length + 1) / 2);
}

function spearmanReference(a: number[], b: number[]): number | null {
  const keep = a.map((_, i) => !Number.isNaN(a[i]) && !Number.isNaN(b[i]));
  const rx = ranksReference(a.filter((_, i) => keep[i]));
  const ry = ranksReference(b.filter((_, i) => keep[i]));
  const n = rx.length;
  if (n < 2) return null;
  const mx = rx.reduce((s, v) => s + v, 0) / n;
  const my = ry.reduce((s, v) => s + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (rx[i] - mx) * (ry[i] - my);
    sxx += (rx[i] - mx) ** 2;
    syy += (ry[i] - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? null : sxy / Math.sqrt(sxx * syy);
}

/** Pairs of equal-length arrays of small integers (many ties), with the odd NaN or infinity. */
const value = fc.oneof(
  { weight: 20, arbitrary: fc.integer({ min: -4, max: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Infinity, -Infinity, -0) },
  { weight: 3, arbitrary: fc.double({ min: -1, max: 1, noNaN: true }) },
);
const pairs = fc.integer({ min: 0, max: 60 }).chain((n) => fc.tuple(fc.array(value, { minLength: n, maxLength: n }), fc.array(value, { minLength: n, maxLength: n })));

function expectSame(actual: number | null, expected: number | null): void {
  if (expected === null) expect(actual).toBeNull();
  else {
    expect(actual).not.toBeNull();
    expect(actual!).toBeCloseTo(expected, 12);
  }
}

describe('kendallTauB', () => {
  it('scipy documentation example: τ_b([12,2,1,12,2], [1,4,7,1,0]) = −0.4714045207910317', () => {
    expect(kendallTauB([12, 2, 1, 12, 2], [1, 4, 7, 1, 0])).toBeCloseTo(-0.47140452079103173, 14);
  });

  it('more scipy values, with ties on both sides and an infinity', () => {
    expect(kendallTauB([1, 1, 2, 2, 3], [1, 2, 1, 2, 3])).toBeCloseTo(0.5, 14);
    expect(kendallTauB([3, 1, 2, Infinity, -1], [1, 1, 0, 5, 2])).toBeCloseTo(0.10540925533894598, 14);
  });

  it('is 1 for the same order, −1 for the reverse, without ties', () => {
    expect(kendallTauB([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(kendallTauB([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1);
  });

  it('is null when undefined: fewer than two pairs, or a constant side', () => {
    expect(kendallTauB([], [])).toBeNull();
    expect(kendallTauB([1], [2])).toBeNull();
    expect(kendallTauB([1, 1, 1], [1, 2, 3])).toBeNull();
    expect(kendallTauB([1, 2, 3], [5, 5, 5])).toBeNull();
    expect(kendallTauB([1, Number.NaN, 3], [Number.NaN, 2, 3])).toBeNull();
  });

  it('leaves out pairs with a NaN side', () => {
    expect(kendallTauB([1, 2, Number.NaN, 3], [1, 2, 0, 3])).toBe(1);
    expect(kendallTauB([1, 2, 9, 3], [1, 2, Number.NaN, 3])).toBe(1);
  });

  it('rejects arrays of different lengths', () => {
    expect(() => kendallTauB([1, 2], [1])).toThrow(RangeError);
  });

  it('accepts typed arrays', () => {
    expect(kendallTauB(new Float64Array([1, 2, 3]), new Int32Array([3, 2, 1]))).toBe(-1);
  });

  it('agrees with the O(n²) pair count on random inputs with ties', () => {
    fc.assert(fc.property(pairs, ([a, b]) => expectSame(kendallTauB(a, b), kendallReference(a, b))), { numRuns: 500 });
  });

  it('is symmetric and flips sign when one side is negated', () => {
    fc.assert(fc.property(pairs, ([a, b]) => {
      expectSame(kendallTauB(b, a), kendallTauB(a, b));
      const t = kendallTauB(a, b);
      expectSame(kendallTauB(a, b.map((v) => -v)), t === null ? null : -t);
    }), { numRuns: 200 });
  });

  it('on 10⁵ pairs of small integers (ties on both sides), equals τ-b counted over a grid of the values', () => {
    let s = 12345;
    const rnd = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
    const n = 100_000;
    const a = Array.from({ length: n }, () => Math.floor(rnd() * 1000));
    const b = a.map((v) => v + Math.floor(rnd() * 300));
    const t = kendallTauB(a, b)!;
    expect(t).toBeCloseTo(kendallOnGrid(a, b, 1000, 1300), 12);
    expect(t).toBeGreaterThan(0.5);
    // The grid count is itself the pair count where both can run.
    const reference = kendallReference(a.slice(0, 2000), b.slice(0, 2000))!;
    expect(kendallOnGrid(a.slice(0, 2000), b.slice(0, 2000), 1000, 1300)).toBeCloseTo(reference, 12);
    expect(kendallTauB(a.slice(0, 2000), b.slice(0, 2000))).toBeCloseTo(reference, 12);
  });
});

describe('spearman', () => {
  it('scipy documentation example: ρ([1,2,3,4,5], [5,6,7,8,7]) = 0.8207826816681233', () => {
    expect(spearman([1, 2, 3, 4, 5], [5, 6, 7, 8, 7])).toBeCloseTo(0.8207826816681233, 14);
  });

  it('ties on both sides (scipy: 0.5555555555555556)', () => {
    expect(spearman([1, 1, 2, 2, 3], [1, 2, 1, 2, 3])).toBeCloseTo(0.5555555555555556, 14);
  });

  it('is 1 for any monotone increasing relation, −1 for a decreasing one', () => {
    expect(spearman([1, 2, 3, 4], [1, 8, 27, 64])).toBe(1);
    expect(spearman([1, 2, 3, 4], [0.4, 0.3, 0.2, -Infinity])).toBe(-1);
  });

  it('without ties equals 1 − 6Σd²/(n(n²−1))', () => {
    const a = [3, 1, 4, 15, 9, 2, 6];
    const b = [2, 7, 1, 8, 28, 18, 5];
    const ra = ranksReference(a);
    const rb = ranksReference(b);
    const d2 = ra.reduce((s, r, i) => s + (r - rb[i]) ** 2, 0);
    expect(spearman(a, b)).toBeCloseTo(1 - (6 * d2) / (7 * 48), 14);
  });

  it('is null when undefined and leaves out NaN pairs', () => {
    expect(spearman([], [])).toBeNull();
    expect(spearman([1], [1])).toBeNull();
    expect(spearman([2, 2], [1, 3])).toBeNull();
    expect(spearman([1, 2, Number.NaN, 3], [1, 2, -5, 3])).toBe(1);
    expect(() => spearman([1], [1, 2])).toThrow(RangeError);
  });

  it('agrees with the reference (rank by counting, then Pearson) on random inputs with ties', () => {
    fc.assert(fc.property(pairs, ([a, b]) => expectSame(spearman(a, b), spearmanReference(a, b))), { numRuns: 500 });
  });
});

describe('topKAgreement', () => {
  it('is 1 when the predicted top-k is the actual top-k, in any order', () => {
    expect(topKAgreement([0.9, 0.8, 0.1, 0.2], [0.5, 0.6, 0.1, 0.2], 2, true)).toBe(1);
  });

  it('weights the head of the list: a miss at the top costs more than one at the bottom', () => {
    const actual = [10, 9, 8, 1, 0];
    const missFirst = topKAgreement([5, 3, 2, 9, 0], actual, 3, true)!; // predicted order 3,0,1 → 0,1,1
    const missLast = topKAgreement([5, 3, 2, 0, 1], actual, 3, true)!; // predicted order 0,1,2 → 1,1,1
    expect(missLast).toBe(1);
    expect(missFirst).toBeCloseTo(dMeasure([0, 1, 1]), 14);
    const missThird = topKAgreement([5, 4, 1, 3, 0], actual, 3, true)!; // order 0,1,3 → 1,1,0
    expect(missThird).toBeCloseTo(dMeasure([1, 1, 0]), 14);
    expect(missThird).toBeGreaterThan(missFirst);
  });

  it('counts candidates tied at the actual cut as pertinent', () => {
    // actual top-2 cut is 0.5; candidates 1 and 2 both have 0.5
    expect(topKAgreement([0.1, 0.2, 0.9], [0.9, 0.5, 0.5], 2, true)).toBe(dMeasure([1, 1]));
  });

  it('breaks predicted ties by index', () => {
    // all predicted equal: the list is candidates 0, 1 → pertinence of 0 and 1 in actual top-2
    expect(topKAgreement([1, 1, 1], [0, 5, 9], 2, true)).toBeCloseTo(dMeasure([0, 1]), 14);
  });

  it('reads lower as better when higherIsBetter is false', () => {
    const predicted = [0.1, 0.2, 0.9, 0.8];
    const actual = [0.2, 0.1, 0.8, 0.05];
    // lowest predicted: 0, 1; lowest actual: 3, 1
    expect(topKAgreement(predicted, actual, 2, false)).toBeCloseTo(dMeasure([0, 1]), 14);
    // highest predicted: 2, 3; highest actual: 2, 0
    expect(topKAgreement(predicted, actual, 2, true)).toBeCloseTo(dMeasure([1, 0]), 14);
  });

  it('clamps k to n, leaves out NaN pairs, and is null without candidates', () => {
    expect(topKAgreement([3, 1, 2], [1, 2, 3], 10, true)).toBe(1);
    expect(topKAgreement([], [], 5, true)).toBeNull();
    expect(topKAgreement([Number.NaN], [1], 5, true)).toBeNull();
    expect(topKAgreement([Number.NaN, 1, 2], [9, 1, 2], 1, true)).toBe(1);
    expect(() => topKAgreement([1], [1], 0, true)).toThrow(RangeError);
    expect(() => topKAgreement([1], [1], 1.5, true)).toThrow(RangeError);
    expect(() => topKAgreement([1], [1, 2], 1, true)).toThrow(RangeError);
  });

  it('equals the D-measure of a sort-based reference on random inputs', () => {
    const arb = fc.integer({ min: 1, max: 40 }).chain((n) => fc.tuple(
      fc.array(fc.integer({ min: 0, max: 6 }), { minLength: n, maxLength: n }),
      fc.array(fc.integer({ min: 0, max: 6 }), { minLength: n, maxLength: n }),
      fc.integer({ min: 1, max: n + 3 }),
      fc.boolean(),
    ));
    fc.assert(fc.property(arb, ([p, a, k, higher]) => {
      const sgn = higher ? -1 : 1;
      const kk = Math.min(k, p.length);
      const order = p.map((_, i) => i).sort((i, j) => sgn * p[i] - sgn * p[j] || i - j).slice(0, kk);
      const cut = a.map((v) => sgn * v).sort((x, y) => x - y)[kk - 1];
      expect(topKAgreement(p, a, k, higher)).toBeCloseTo(dMeasure(order.map((i) => (sgn * a[i] <= cut ? 1 : 0))), 14);
    }), { numRuns: 300 });
  });
});

describe('rankAgreement', () => {
  it('bundles the three measures with the candidate count and the clamped K', () => {
    const r = rankAgreement([1, 2, 3, Number.NaN], [1, 3, 2, 4], 10, true);
    expect(r).toEqual({
      candidates: 3,
      spearman: spearman([1, 2, 3], [1, 3, 2]),
      kendall: kendallTauB([1, 2, 3], [1, 3, 2]),
      dMeasure: 1,
      topK: 3,
    });
  });

  it('reports the requested K and null measures without candidates', () => {
    expect(rankAgreement([], [], 5, false)).toEqual({ candidates: 0, spearman: null, kendall: null, dMeasure: null, topK: 5 });
  });
});
