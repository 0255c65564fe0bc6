import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gradedPrf, parseLabelDistance, type LabelDistance } from '../../src/metrics/graded.js';
import { prf, type ZeroDivision } from '../../src/metrics/prf.js';

const nested = parseLabelDistance({ ORG: { LOC: 0.5, MISC: 0.8 }, PER: { MISC: 0.9 } });

describe('parseLabelDistance: nested form', () => {
  it('looks up d(gold, predicted)', () => {
    expect(nested('ORG', 'LOC')).toBe(0.5);
    expect(nested('ORG', 'MISC')).toBe(0.8);
  });

  it('falls back to d(predicted, gold) (symmetric)', () => {
    expect(nested('LOC', 'ORG')).toBe(0.5);
    expect(nested('MISC', 'PER')).toBe(0.9);
  });

  it('missing pair → 1; same label → 0', () => {
    expect(nested('PER', 'LOC')).toBe(1);
    expect(nested('FOO', 'BAR')).toBe(1);
    expect(nested('ORG', 'ORG')).toBe(0);
    expect(nested('UNKNOWN', 'UNKNOWN')).toBe(0);
  });

  it('a directed entry wins over the reverse one', () => {
    const d = parseLabelDistance({ A: { B: 0.2 }, B: { A: 0.6 } });
    expect(d('A', 'B')).toBe(0.2);
    expect(d('B', 'A')).toBe(0.6);
  });

  it('is not fooled by prototype property names', () => {
    const d = parseLabelDistance(JSON.parse('{"constructor": {"toString": 0.3}}'));
    expect(d('constructor', 'toString')).toBe(0.3);
    expect(d('__proto__', 'hasOwnProperty')).toBe(1);
    expect(nested('constructor', 'valueOf')).toBe(1);
  });

  it('accepts an empty table (every distinct pair at distance 1)', () => {
    expect(parseLabelDistance({})('A', 'B')).toBe(1);
  });
});

describe('parseLabelDistance: pairs form', () => {
  it('looks up pairs symmetrically, with a default', () => {
    const d = parseLabelDistance({ pairs: [['ORG', 'LOC', 0.5], ['PER', 'MISC', 0]], default: 0.9 });
    expect(d('ORG', 'LOC')).toBe(0.5);
    expect(d('LOC', 'ORG')).toBe(0.5);
    expect(d('MISC', 'PER')).toBe(0);
    expect(d('ORG', 'PER')).toBe(0.9);
    expect(d('ORG', 'ORG')).toBe(0);
  });

  it('default is 1 when absent', () => {
    expect(parseLabelDistance({ pairs: [] })('A', 'B')).toBe(1);
  });
});

describe('parseLabelDistance: errors name the offending entry', () => {
  it.each<[unknown, RegExp]>([
    [null, /expected a JSON object/],
    [[1, 2], /expected a JSON object/],
    ['ORG', /expected a JSON object/],
    [{ ORG: 0.5 }, /"ORG": expected an object/],
    [{ ORG: ['LOC'] }, /"ORG": expected an object/],
    [{ ORG: { LOC: 1.5 } }, /"ORG" → "LOC": expected a number in \[0, 1\], got 1.5/],
    [{ ORG: { LOC: -0.1 } }, /"ORG" → "LOC"/],
    [{ ORG: { LOC: '0.5' } }, /"ORG" → "LOC": .*got "0.5"/],
    [{ ORG: { LOC: null } }, /"ORG" → "LOC": .*got null/],
    [{ ORG: { ORG: 0.2 } }, /itself must be 0/],
    [{ pairs: [['A', 'B', 0.5], ['A', 'B']] }, /pairs\[1\]: expected \[gold, predicted, distance\]/],
    [{ pairs: [[1, 'B', 0.5]] }, /pairs\[0\]/],
    [{ pairs: ['A-B'] }, /pairs\[0\]/],
    [{ pairs: [['A', 'B', 2]] }, /pairs\[0\] \("A" → "B"\): expected a number in \[0, 1\], got 2/],
    [{ pairs: [['A', 'B', 0.5], ['A', 'B', 0.7]] }, /pairs\[1\].*given twice/],
    [{ pairs: [], default: 3 }, /"default": expected a number in \[0, 1\]/],
    [{ pairs: [], ORG: {} }, /unexpected key "ORG"/],
  ])('rejects %j', (json, message) => {
    expect(() => parseLabelDistance(json)).toThrow(message);
  });
});

describe('gradedPrf', () => {
  it('gives partial credit 1 − d per substitution', () => {
    // C = 6, two substitutions ORG→LOC (credit 0.5) and PER→LOC (credit 0); N = 10, M = 9.
    const r = gradedPrf(6, [{ gold: 'ORG', predicted: 'LOC' }, { gold: 'PER', predicted: 'LOC' }], 10, 9, nested);
    expect(r.precision).toBeCloseTo(6.5 / 9, 12);
    expect(r.recall).toBeCloseTo(6.5 / 10, 12);
    expect(r.f).toBeCloseTo((2 * (6.5 / 9) * 0.65) / (6.5 / 9 + 0.65), 12);
    expect(r.precision).toBeGreaterThan(prf({ tp: 6, fp: 3, fn: 4 }).precision);
  });

  it('a substitution at distance 0 counts as correct', () => {
    const d = parseLabelDistance({ pairs: [['ORG', 'COMPANY', 0]] });
    expect(gradedPrf(3, [{ gold: 'ORG', predicted: 'COMPANY' }], 5, 4, d)).toEqual(prf({ tp: 4, fp: 0, fn: 1 }));
  });

  it('applies β', () => {
    const subs = [{ gold: 'ORG', predicted: 'LOC' }];
    const r = gradedPrf(2, subs, 4, 6, nested, 2);
    const p = 2.5 / 6;
    const rec = 2.5 / 4;
    expect(r.f).toBeCloseTo((5 * p * rec) / (4 * p + rec), 12);
  });

  it('follows the zero-division conventions of prf', () => {
    const none = parseLabelDistance({});
    expect(gradedPrf(0, [], 0, 0, none)).toEqual({ precision: 1, recall: 1, f: 1 });
    expect(gradedPrf(0, [], 0, 0, none, 1, 'zero')).toEqual({ precision: 0, recall: 0, f: 0 });
    expect(gradedPrf(0, [], 3, 0, none, 1, 'one')).toEqual({ precision: 1, recall: 0, f: 0 });
    expect(gradedPrf(0, [], 3, 0, none)).toEqual({ precision: 0, recall: 0, f: 0 });
    // all credit lost to distance-1 substitutions: tp = 0, gerbil → 0
    expect(gradedPrf(0, [{ gold: 'A', predicted: 'B' }], 1, 1, none)).toEqual({ precision: 0, recall: 0, f: 0 });
  });

  it('rejects inconsistent counts and out-of-range distances', () => {
    const subs = [{ gold: 'A', predicted: 'B' }];
    expect(() => gradedPrf(3, subs, 3, 5, nested)).toThrow(RangeError); // C + S > N
    expect(() => gradedPrf(3, subs, 5, 3, nested)).toThrow(RangeError); // C + S > M
    expect(() => gradedPrf(-1, [], 3, 3, nested)).toThrow(RangeError);
    const bad: LabelDistance = () => 1.5;
    expect(() => gradedPrf(1, subs, 3, 3, bad)).toThrow(/must be in \[0, 1\]/);
  });

  const shape = fc
    .record({
      c: fc.integer({ min: 0, max: 200 }),
      s: fc.integer({ min: 0, max: 50 }),
      d: fc.integer({ min: 0, max: 200 }),
      i: fc.integer({ min: 0, max: 200 }),
      labels: fc.array(fc.tuple(fc.constantFrom('ORG', 'LOC', 'PER', 'MISC'), fc.constantFrom('ORG', 'LOC', 'PER', 'MISC')), {
        minLength: 50,
        maxLength: 50,
      }),
    })
    .map(({ c, s, d, i, labels }) => ({
      c,
      n: c + s + d,
      m: c + s + i,
      subs: labels.slice(0, s).map(([gold, predicted]) => ({ gold, predicted })),
    }));
  const zd = fc.constantFrom<ZeroDivision>('gerbil', 'zero', 'one');
  const beta = fc.double({ min: 0.1, max: 10, noNaN: true });

  it('with all distances 1 equals prf(tp = C, fp = M − C, fn = N − C) (property)', () => {
    const far: LabelDistance = (g, p) => (g === p ? 0 : 1);
    const always1: LabelDistance = () => 1;
    fc.assert(
      fc.property(shape, beta, zd, ({ c, n, m, subs }, b, z) => {
        const subsDistinct = subs.filter((x) => x.gold !== x.predicted);
        expect(gradedPrf(c, subs, n, m, always1, b, z)).toEqual(prf({ tp: c, fp: m - c, fn: n - c }, b, z));
        expect(gradedPrf(c, subsDistinct, n, m, far, b, z)).toEqual(prf({ tp: c, fp: m - c, fn: n - c }, b, z));
      }),
    );
  });

  it('with all distances 0 equals prf(tp = C + S, …) and always lies between the two (property)', () => {
    fc.assert(
      fc.property(shape, beta, zd, ({ c, n, m, subs }, b, z) => {
        const s = subs.length;
        const lo = prf({ tp: c, fp: m - c, fn: n - c }, b, z);
        const hi = prf({ tp: c + s, fp: m - c - s, fn: n - c - s }, b, z);
        expect(gradedPrf(c, subs, n, m, () => 0, b, z)).toEqual(hi);
        const mid = gradedPrf(c, subs, n, m, nested, b, z);
        if (c > 0) {
          expect(mid.precision).toBeGreaterThanOrEqual(lo.precision - 1e-12);
          expect(mid.recall).toBeGreaterThanOrEqual(lo.recall - 1e-12);
          expect(mid.precision).toBeLessThanOrEqual(hi.precision + 1e-12);
          expect(mid.recall).toBeLessThanOrEqual(hi.recall + 1e-12);
        }
        for (const v of [mid.precision, mid.recall, mid.f]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
});
