/**
 * Paired bootstrap and approximate randomization over units (documents or sentences), for one
 * split (a test set) or several (held-out folds): the statistic, its symmetry, determinism, the
 * p-values at the extremes, and the errors.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairedBootstrap, pairedTests, pairedTestsOfPairs, type PairedSplit } from '../../src/plan/significance.js';
import { unknownOption } from '../helpers/errors.js';
import { mulberry32, quantile, type SummedCounts } from '../../src/plan/split.js';

/** F1 of summed counts. */
const f1 = (c: { tp: number; fp: number; fn: number }) => (c.tp + c.fp + c.fn === 0 ? 1 : (2 * c.tp) / (2 * c.tp + c.fp + c.fn));

/** Per-unit counts (TP, FP, FN, S) packed four by four. */
const pack = (rows: Array<[number, number, number, number]>) => Float64Array.from(rows.flat());

const unitsArb = fc.array(fc.tuple(fc.nat(9), fc.nat(4), fc.nat(4), fc.constant(0)), { minLength: 2, maxLength: 25 });

describe('pairedTests', () => {
  it('gives 0, [0, 0] and p = 1 when both sides are the same', () => {
    fc.assert(
      fc.property(unitsArb, (rows) => {
        const c = pack(rows);
        const units = rows.map((_, u) => u);
        const t = pairedTests([{ units, a: c, b: c }], f1, { samples: 200, seed: 3 });
        expect(t.observed).toBe(0);
        expect([t.low, t.high]).toEqual([0, 0]);
        expect(t.pRandomization).toBe(1);
        expect(t.pBootstrap).toBe(1);
        expect(t.differing).toBe(0);
      }),
      { numRuns: 50 },
    );
  });

  it('leaves the bootstrap undefined over a single unit (every resample is that unit), not a zero-width interval with a tiny p', () => {
    const a = pack([[9, 0, 0, 0], [1, 1, 1, 0]]);
    const b = pack([[3, 3, 3, 0], [1, 1, 1, 0]]);
    // Unit 0 alone, held out once, or twice in two splits: one distinct unit either way.
    for (const splits of [[{ units: [0], a, b }], [{ units: [0], a, b }, { units: [0], a, b }]] as PairedSplit[][]) {
      const t = pairedTests(splits, f1, { samples: 500, seed: 2 });
      expect(t.observed).toBeCloseTo(0.5, 12);
      expect([t.low, t.high, t.se, t.pBootstrap].every(Number.isNaN)).toBe(true);
      // Randomization is still defined: one differing unit, two swaps, both as extreme.
      expect(t.differing).toBe(1);
      expect(t.pRandomization).toBe(1);
    }
    // Two units: defined again.
    const two = pairedTests([{ units: [0, 1], a, b }], f1, { samples: 500, seed: 2 });
    expect(Number.isFinite(two.pBootstrap) && Number.isFinite(two.low) && Number.isFinite(two.se)).toBe(true);
  });

  it('measures swaps from their centre when the sides\' metrics differ (a penalty on size): a lead won by the penalty is significant', () => {
    // B's outputs are slightly better in F on every unit, but B pays a penalty of 0.05 that A
    // does not: A leads by about 0.04, certainly, as the outputs differ by far less than that.
    const rows = (tp: number) => Array.from({ length: 12 }, () => [tp, 2, 2, 0] as [number, number, number, number]);
    const a = pack(rows(20));
    const b = pack(rows(21));
    const units = Array.from({ length: 12 }, (_, u) => u);
    const t = pairedTests([{ units, a, b, metricA: f1, metricB: (c) => f1(c) - 0.05 }], f1, { samples: 999, seed: 4 });
    expect(t.observed).toBeGreaterThan(0.03);
    expect(t.centre).toBeCloseTo(0.05, 12);
    // Every swap lies within the outputs' small difference of its centre: none as far as T.
    expect(t.pRandomization).toBe(1 / 1000);
    expect(t.pBootstrap).toBeLessThan(0.01);
    expect(t.floor).toBe(2 / 2 ** 12);
    // Without the penalty the same outputs are a clear loss for A, as before: centre 0, floor 2/2^k.
    const plain = pairedTests([{ units, a, b }], f1, { samples: 999, seed: 4 });
    expect(plain.centre).toBe(0);
    expect(plain.observed).toBeLessThan(0);
    expect(plain.floor).toBe(2 / 2 ** 12);
    // Counted (2^3 swaps of three differing units): none is as far from the centre as T, but p
    // stays at the floor of a one-metric test, 2/2^3, so few units never make the call easier.
    const few = pairedTests([{ units: [0, 1, 2], a, b, metricA: f1, metricB: (c) => f1(c) - 0.05 }], f1, { samples: 999, seed: 4 });
    expect(few.exact).toBe(true);
    expect(few.pRandomization).toBe(2 / 8);
    expect(few.floor).toBe(2 / 8);
  });

  it('counts the units in which the sides differ once, over every split that holds them', () => {
    const a = pack([[4, 0, 0, 0], [4, 0, 0, 0], [2, 2, 2, 0], [2, 2, 2, 0]]);
    // Units 0 and 3 differ (unit 3 in S only); units 1 and 2 do not.
    const b = pack([[3, 1, 1, 0], [4, 0, 0, 0], [2, 2, 2, 0], [2, 2, 2, 1]]);
    expect(pairedTests([{ units: [0, 1, 2, 3], a, b }], f1, { samples: 20, seed: 1 }).differing).toBe(2);
    // A metric that reads no S (F): unit 3 changes nothing when swapped, and is not counted; p is the same.
    const noS = pairedTests([{ units: [0, 1, 2, 3], a, b }], f1, { samples: 20, seed: 1, readsS: false });
    expect(noS.differing).toBe(1);
    expect(noS.pRandomization).toBe(pairedTests([{ units: [0, 1, 2, 3], a, b }], f1, { samples: 20, seed: 1 }).pRandomization);
    // Folds of the units, repeated: unit 0 is held out twice and counted once; a split counts only its own units.
    const splits: PairedSplit[] = [{ units: [0, 1], a, b }, { units: [2, 3], a, b }, { units: [0, 2], a, b }];
    expect(pairedTests(splits, f1, { samples: 20, seed: 1 }).differing).toBe(2);
    expect(pairedTests([{ units: [1, 2], a, b }], f1, { samples: 20, seed: 1 }).differing).toBe(0);
  });

  it('with k differing units, randomization\'s p stays near 2/2^k or above it', () => {
    // Two of eight units differ, each strongly in A's favour: only 2 of the 4 assignments are as extreme.
    const a = pack(Array.from({ length: 8 }, (_, u) => (u < 2 ? [9, 0, 0, 0] : [3, 1, 1, 0]) as [number, number, number, number]));
    const b = pack(Array.from({ length: 8 }, (_, u) => (u < 2 ? [0, 9, 9, 0] : [3, 1, 1, 0]) as [number, number, number, number]));
    const t = pairedTests([{ units: Array.from({ length: 8 }, (_, u) => u), a, b }], f1, { samples: 2000, seed: 9 });
    expect(t.differing).toBe(2);
    // 4 ≤ 2000 swaps: each is counted once, and p is exactly 2/4.
    expect(t.exact).toBe(true);
    expect(t.pRandomization).toBe(0.5);
    // With fewer resamples than swaps (3 < 4) they are drawn, and p scatters around 0.5.
    const drawn = pairedTests([{ units: Array.from({ length: 8 }, (_, u) => u), a, b }], f1, { samples: 3, seed: 9 });
    expect(drawn.exact).toBe(false);
    expect(drawn.pRandomization).not.toBe(0.5);
  });

  it('counts every swap when there are no more than the resamples: p is exact, never below 2/2^k with one metric', () => {
    fc.assert(
      fc.property(unitsArb, unitsArb, fc.nat(1000), (ra, rb, seed) => {
        const n = Math.min(ra.length, rb.length, 8);
        const a = pack(ra.slice(0, n));
        const b = pack(rb.slice(0, n));
        const t = pairedTests([{ units: Array.from({ length: n }, (_, u) => u), a, b }], f1, { samples: 300, seed });
        expect(t.exact).toBe(true);
        // p is a count over 2^k swaps, and the identity and the full swap are both as extreme.
        const ways = 2 ** t.differing;
        expect(Number.isInteger(Math.round(t.pRandomization * ways * 1e9) / 1e9)).toBe(true);
        expect(t.pRandomization).toBeGreaterThanOrEqual(Math.min(1, 2 / ways) - 1e-12);
        // …whatever the seed.
        expect(pairedTests([{ units: Array.from({ length: n }, (_, u) => u), a, b }], f1, { samples: 300, seed: seed + 1 }).pRandomization).toBe(t.pRandomization);
      }),
      { numRuns: 60 },
    );
  });

  it('with one split, the statistic is the difference of the metric over all units', () => {
    fc.assert(
      fc.property(unitsArb, unitsArb, (ra, rb) => {
        const n = Math.min(ra.length, rb.length);
        const a = pack(ra.slice(0, n));
        const b = pack(rb.slice(0, n));
        const units = Array.from({ length: n }, (_, u) => u);
        const sum = (x: Float64Array) => ({ tp: x.filter((_, i) => i % 4 === 0).reduce((p, q) => p + q, 0), fp: x.filter((_, i) => i % 4 === 1).reduce((p, q) => p + q, 0), fn: x.filter((_, i) => i % 4 === 2).reduce((p, q) => p + q, 0) });
        const t = pairedTests([{ units, a, b }], f1, { samples: 50, seed: 1 });
        expect(t.observed).toBeCloseTo(f1(sum(a)) - f1(sum(b)), 12);
        expect(t.sd).toBeNull();
        expect(t.perSplit).toHaveLength(1);
      }),
      { numRuns: 50 },
    );
  });

  it('is antisymmetric in its sides, with the same p-values, and deterministic for a seed', () => {
    fc.assert(
      fc.property(unitsArb, unitsArb, fc.nat(1000), (ra, rb, seed) => {
        const n = Math.min(ra.length, rb.length);
        const split = { units: Array.from({ length: n }, (_, u) => u), a: pack(ra.slice(0, n)), b: pack(rb.slice(0, n)) };
        const ab = pairedTests([split], f1, { samples: 100, seed });
        const ba = pairedTests([{ ...split, a: split.b, b: split.a }], f1, { samples: 100, seed });
        expect(ba.observed).toBeCloseTo(-ab.observed, 12);
        expect(ba.pRandomization).toBe(ab.pRandomization);
        expect(ba.pBootstrap).toBe(ab.pBootstrap);
        expect(ba.low).toBeCloseTo(-ab.high, 12);
        expect(pairedTests([split], f1, { samples: 100, seed })).toEqual(ab);
      }),
      { numRuns: 40 },
    );
  });

  it('finds a consistent difference significant, and puts its interval above 0', () => {
    // 40 units: A finds all 5 gold items of each, B finds 3.
    const a = pack(Array.from({ length: 40 }, () => [5, 0, 0, 0] as [number, number, number, number]));
    const b = pack(Array.from({ length: 40 }, () => [3, 0, 2, 0] as [number, number, number, number]));
    const units = Array.from({ length: 40 }, (_, u) => u);
    const t = pairedTests([{ units, a, b }], f1, { samples: 999, seed: 5 });
    expect(t.observed).toBeCloseTo(1 - 0.75, 12);
    // Only the identity swap and the full swap reach |T|: p is (1 + hits) / 1000 with no hit in 999 draws.
    expect(t.pRandomization).toBeCloseTo(1 / 1000, 12);
    expect(t.pBootstrap).toBeLessThan(0.01);
    expect(t.low).toBeGreaterThan(0);
    expect(t.se).toBe(0);
  });

  it('averages the differences of several splits, each on its own units, with its own metrics', () => {
    const a = pack([[4, 0, 0, 0], [4, 0, 0, 0], [2, 2, 2, 0], [2, 2, 2, 0]]);
    const b = pack([[2, 2, 2, 0], [2, 2, 2, 0], [2, 2, 2, 0], [2, 2, 2, 0]]);
    const splits: PairedSplit[] = [{ units: [0, 1], a, b }, { units: [2, 3], a, b }];
    const t = pairedTests(splits, f1, { samples: 100, seed: 2 });
    expect(t.perSplit).toEqual([0.5, 0]);
    expect(t.observed).toBe(0.25);
    expect(t.sd).toBeCloseTo(Math.sqrt(0.125), 12);
    // A metric per split: the second split's A side loses a point.
    const own = pairedTests([splits[0], { ...splits[1], metricA: (c) => f1(c) - 1 }], f1, { samples: 100, seed: 2 });
    expect(own.perSplit).toEqual([0.5, -1]);
    // Lower is better: the sign turns, so that positive still means A is better.
    expect(pairedTests(splits, f1, { samples: 100, seed: 2, lowerIsBetter: true }).observed).toBe(-0.25);
  });

  it('refuses no split, no unit, counts too short for a unit, bad samples and confidence', () => {
    const c = pack([[1, 0, 0, 0]]);
    expect(() => pairedTests([], f1, { samples: 10, seed: 1 })).toThrow(RangeError);
    expect(() => pairedTests([{ units: [], a: c, b: c }], f1, { samples: 10, seed: 1 })).toThrow(/unit/);
    expect(() => pairedTests([{ units: [3], a: c, b: c }], f1, { samples: 10, seed: 1 })).toThrow(/unit 3/);
    expect(() => pairedTests([{ units: [0], a: c, b: c }], f1, { samples: 0, seed: 1 })).toThrow(/samples/);
    expect(() => pairedTests([{ units: [0], a: c, b: c }], f1, { samples: 10, seed: 1, confidence: 1 })).toThrow(/confidence/);
  });
});

describe('pairedTests with folds of few units', () => {
  // F1 with GERBIL's convention: nothing to find and nothing found scores 1.
  const gerbil = (c: SummedCounts) => (c.tp + c.fp + c.fn === 0 ? 1 : (2 * c.tp) / (2 * c.tp + c.fp + c.fn));
  it('leaves a fold none of whose units a resample draws out of that resample\'s mean, not in it as a difference of 0', () => {
    // Eight folds of one document each; A finds 9 of 10 items in every document, B 8 of 10: the
    // difference is the same in every fold, so every resample that draws any fold has it too.
    const a = Float64Array.from(Array.from({ length: 8 }, () => [9, 1, 1, 0]).flat());
    const b = Float64Array.from(Array.from({ length: 8 }, () => [8, 2, 2, 0]).flat());
    const splits: PairedSplit[] = Array.from({ length: 8 }, (_, u) => ({ units: [u], a, b }));
    const t = pairedTests(splits, gerbil, { samples: 200, seed: 3 });
    const d = 0.9 - 0.8;
    expect(t.observed).toBeCloseTo(d, 12);
    // A resample draws 8 of 8 documents with replacement, so it nearly always misses some fold:
    // counted as a difference of 0, each missed fold pulled T* toward 0, and the interval with it.
    expect(t.low).toBeCloseTo(d, 12);
    expect(t.high).toBeCloseTo(d, 12);
    expect(t.se).toBeCloseTo(0, 12);
    expect(t.undefinedSamples).toBe(0);
  });
});

describe('pairedTestsOfPairs', () => {
  const prfOf = (c: SummedCounts) => {
    const p = c.tp / (c.tp + c.fp);
    const r = c.tp / (c.tp + c.fn);
    return (2 * p * r) / (p + r);
  };
  it('gives every pair exactly what pairedTests gives it (whole counts, folds of units, per-side metrics, undefined resamples)', () => {
    fc.assert(fc.property(
      fc.integer({ min: 2, max: 4 }), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 1000 }), fc.boolean(),
      fc.array(fc.nat(6), { minLength: 4 * 4 * 9, maxLength: 4 * 4 * 9 }),
      (sides, folds, units, seed, lower, raw) => {
        const counts = Array.from({ length: sides }, (_, s) => Float64Array.from({ length: 4 * units }, (_, k) => raw[s * 4 * 9 + k]));
        // Units dealt to folds in turn; a side's metric reads its size, as a plan's objective may.
        const splitUnits = Array.from({ length: folds }, (_, f) => Array.from({ length: units }, (_, u) => u).filter((u) => u % folds === f)).filter((x) => x.length > 0);
        const metricOf = (side: number) => (c: SummedCounts) => prfOf(c) - 0.01 * side;
        const splits = splitUnits.map((us) => ({ units: us, counts, metrics: counts.map((_, s) => metricOf(s)) }));
        const pairs: Array<[number, number]> = [];
        for (let a = 0; a < sides; a++) for (let b = 0; b < sides; b++) if (a !== b) pairs.push([a, b]);
        const options = { samples: 60, seed, lowerIsBetter: lower };
        const many = pairedTestsOfPairs(splits, pairs, options);
        pairs.forEach(([a, b], i) => {
          const single: PairedSplit[] = splits.map((s) => ({ units: s.units, a: counts[a], b: counts[b], metricA: metricOf(a), metricB: metricOf(b) }));
          expect(many[i]).toEqual(pairedTests(single, metricOf(a), options));
          // …and what a direct reading of the procedure gives, one pair at a time.
          const direct = directTests(splitUnits, counts[a], counts[b], metricOf(a), metricOf(b), options);
          expect(many[i].observed).toBe(direct.observed);
          expect([many[i].low, many[i].high, many[i].se]).toEqual([direct.low, direct.high, direct.se]);
          expect([many[i].pBootstrap, many[i].pRandomization, many[i].undefinedSamples]).toEqual([direct.pBootstrap, direct.pRandomization, direct.undefinedSamples]);
        });
      },
    ), { numRuns: 150 });
  });

  it('refuses a pair naming no side', () => {
    const c = Float64Array.from([1, 0, 0, 0]);
    expect(() => pairedTestsOfPairs([{ units: [0], counts: [c, c], metrics: [prfOf, prfOf] }], [[0, 2]], { samples: 5, seed: 1 })).toThrow(RangeError);
  });
});

/**
 * The paired tests read directly from their description, for one pair: units numbered in order
 * of first appearance, bootstrap draws ⌊u·U⌋ then randomization swaps (u < ½) from one
 * mulberry32(seed) stream, T the mean over the splits with a unit drawn of the signed difference,
 * NaN resamples left out; every swap of the differing units once instead when there are no more
 * than the resamples asked for, each swap's T measured from the centre (T unswapped and all swapped,
 * halved) and counted once more when that is not 0, p then kept at or above 2/2^k; over a single unit the bootstrap's
 * interval, error and p undefined.
 */
function directTests(
  splits: number[][], a: Float64Array, b: Float64Array, fa: (c: SummedCounts) => number, fb: (c: SummedCounts) => number,
  o: { samples: number; seed: number; lowerIsBetter: boolean },
) {
  const units = [...new Set(splits.flat())];
  const sign = o.lowerIsBetter ? -1 : 1;
  const T = (weight: number[], swap: boolean[]) => {
    let t = 0;
    let counted = 0;
    for (const us of splits) {
      // A split none of whose units was drawn is left out of the mean.
      if (us.every((u) => weight[units.indexOf(u)] === 0)) continue;
      counted++;
      const sa = { tp: 0, fp: 0, fn: 0, s: 0 };
      const sb = { tp: 0, fp: 0, fn: 0, s: 0 };
      for (const u of us) {
        const k = units.indexOf(u);
        const [x, y] = swap[k] ? [b, a] : [a, b];
        sa.tp += weight[k] * x[4 * u]; sa.fp += weight[k] * x[4 * u + 1]; sa.fn += weight[k] * x[4 * u + 2]; sa.s += weight[k] * x[4 * u + 3];
        sb.tp += weight[k] * y[4 * u]; sb.fp += weight[k] * y[4 * u + 1]; sb.fn += weight[k] * y[4 * u + 2]; sb.s += weight[k] * y[4 * u + 3];
      }
      t += sign * (fa(sa) - fb(sb));
    }
    return t / counted;
  };
  const ones = units.map(() => 1);
  const none = units.map(() => false);
  const observed = T(ones, none);
  const eps = 1e-12 * Math.max(1, Math.abs(observed));
  // The centre of the swapped T: halfway between no unit and every unit swapped (0 for one metric).
  const c0 = (observed + T(ones, units.map(() => true))) / 2;
  const centre = Math.abs(c0) <= eps || Number.isNaN(c0) ? 0 : c0;
  const random = mulberry32(o.seed);
  const gains: number[] = [];
  let far = 0;
  for (let k = 0; k < o.samples; k++) {
    const w = units.map(() => 0);
    for (let j = 0; j < units.length; j++) w[Math.floor(random() * units.length)]++;
    const t = T(w, none);
    if (Number.isNaN(t)) continue;
    gains.push(t);
    if (Math.abs(t - observed) >= Math.abs(observed) - eps) far++;
  }
  let valid = 0;
  let extreme = 0;
  // The units whose two sides differ: with no more than `samples` ways to swap them, each way once.
  const differing = units.filter((u) => [0, 1, 2, 3].some((x) => a[4 * u + x] !== b[4 * u + x]));
  const exact = 2 ** differing.length <= o.samples;
  const ways = exact ? 2 ** differing.length : o.samples;
  for (let k = 0; k < ways; k++) {
    const swap = exact ? units.map((u) => differing.includes(u) && (k & (1 << differing.indexOf(u))) !== 0) : units.map(() => random() < 0.5);
    const t = T(ones, swap);
    if (Number.isNaN(t)) continue;
    valid++;
    if (Math.abs(t - centre) >= Math.abs(observed) - eps) extreme++;
  }
  const sorted = Float64Array.from(gains).sort();
  const mean = gains.reduce((x, y) => x + y, 0) / gains.length;
  let ss = 0;
  for (const g of sorted) ss += (g - mean) ** 2;
  // A single unit: every resample is that unit, and the bootstrap measures nothing.
  const lone = units.length < 2;
  return {
    observed, low: lone ? Number.NaN : quantile(sorted, (1 - 0.95) / 2), high: lone ? Number.NaN : quantile(sorted, 1 - (1 - 0.95) / 2),
    se: gains.length > 1 && !lone ? Math.sqrt(ss / (gains.length - 1)) : Number.NaN,
    pBootstrap: gains.length === 0 || lone ? Number.NaN : (1 + far) / (1 + gains.length),
    pRandomization: valid === 0 ? Number.NaN : exact && centre === 0 ? extreme / valid : centre === 0 ? (1 + extreme) / (1 + valid)
      : Math.max((1 + extreme) / (1 + valid), Math.min(1, 2 / 2 ** differing.length)),
    undefinedSamples: o.samples + ways - gains.length - valid,
  };
}

describe('paired tests: option names', () => {
  const a = pack([[3, 1, 1, 0], [2, 0, 2, 0], [4, 1, 0, 0]]);
  const b = pack([[2, 2, 2, 0], [2, 1, 2, 0], [3, 1, 1, 0]]);

  it('refuses a misspelt option, naming it and the option meant, in pairedTests, pairedTestsOfPairs and pairedBootstrap', () => {
    unknownOption(() => pairedTests([{ units: [0, 1, 2], a, b }], f1, { samples: 50, seed: 1, confidance: 0.9 } as never), 'confidance', 'confidence');
    const sides = [{ units: [0, 1, 2], counts: [a, b], metrics: [f1, f1] }];
    unknownOption(() => pairedTestsOfPairs(sides, [[0, 1]], { samples: 50, sed: 1 } as never), 'sed', 'seed');
    // metricB belongs to pairedTests alone (each side's metric is the split's there).
    unknownOption(() => pairedTestsOfPairs(sides, [[0, 1]], { samples: 50, seed: 1, metricB: f1 } as never), 'metricB');
    expect(pairedTests([{ units: [0, 1, 2], a, b }], f1, { samples: 50, seed: 1, confidence: 0.9, metricB: f1 }).confidence).toBe(0.9);
    const docs = (x: Float64Array) => [0, 1, 2].map((u) => ({ tp: x[4 * u], fp: x[4 * u + 1], fn: x[4 * u + 2] }));
    unknownOption(() => pairedBootstrap(docs(a), docs(b), f1, { samples: 50, seed: 1, lowerIsbetter: true } as never), 'lowerIsbetter', 'lowerIsBetter');
    expect(pairedBootstrap(docs(a), docs(b), f1, { samples: 50, seed: 1, lowerIsBetter: true }).observed).toBeCloseTo(f1({ tp: 7, fp: 4, fn: 5 }) - f1({ tp: 9, fp: 2, fn: 3 }), 12);
  });
});
