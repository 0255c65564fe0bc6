import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Bitset, popcount } from '../../src/model/bitset.js';

describe('popcount', () => {
  it('counts the set bits of 32-bit words', () => {
    expect(popcount(0)).toBe(0);
    expect(popcount(1)).toBe(1);
    expect(popcount(0xffffffff)).toBe(32);
    expect(popcount(0x80000001)).toBe(2);
    expect(popcount(0b1011_0110)).toBe(5);
  });
});

describe('Bitset', () => {
  const sets = fc.tuple(fc.integer({ min: 1, max: 200 })).chain(([n]) =>
    fc.tuple(fc.constant(n), fc.uniqueArray(fc.nat(n - 1)), fc.uniqueArray(fc.nat(n - 1))));

  it('agrees with JavaScript sets on and, or, andNot and counts', () => {
    fc.assert(fc.property(sets, ([n, xs, ys]) => {
      const a = Bitset.from(n, xs);
      const b = Bitset.from(n, ys);
      const sa = new Set(xs);
      const sb = new Set(ys);
      const inter = xs.filter((x) => sb.has(x)).sort((p, q) => p - q);
      const union = [...new Set([...xs, ...ys])].sort((p, q) => p - q);
      const diff = xs.filter((x) => !sb.has(x)).sort((p, q) => p - q);
      expect([...a.and(b)]).toEqual(inter);
      expect([...a.or(b)]).toEqual(union);
      expect([...a.andNot(b)]).toEqual(diff);
      expect(a.andCount(b)).toBe(inter.length);
      expect(a.count()).toBe(sa.size);
      for (let k = 0; k < n; k++) expect(a.has(k)).toBe(sa.has(k));
    }));
  });

  it('iterates members in increasing order, including bit 31 of a word', () => {
    const b = Bitset.from(70, [69, 31, 0, 32, 63]);
    expect([...b]).toEqual([0, 31, 32, 63, 69]);
  });

  it('refuses to combine bitsets of different sizes', () => {
    expect(() => new Bitset(10).and(new Bitset(40))).toThrow(/sizes differ/);
  });
});

describe('Bitset.toArray', () => {
  it('lists the members in increasing order, as iteration does', () => {
    const ids = [0, 1, 31, 32, 33, 63, 64, 95, 200, 255];
    const b = Bitset.from(256, [...ids].reverse());
    expect([...b.toArray()]).toEqual(ids);
    expect([...b.toArray()]).toEqual([...b]);
    expect(new Bitset(70).toArray()).toHaveLength(0);
  });
});
