import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Corpus, Span, SystemOutput } from '../../src/model/corpus.js';
import { spanKey } from '../../src/model/corpus.js';
import { buildUniverse } from '../../src/model/universe.js';

const sys = (name: string, spans: Span[]): SystemOutput => ({ name, source: name, format: 'conll', spans, warnings: [] });
const span = (start: number, end: number, label: string, doc = 0): Span => ({ doc, start, end, label });

function corpus(gold: Span[], systems: Span[][]): Corpus {
  return {
    unit: 'token', documents: [{ index: 0, id: '#1', start: 0, end: 20, firstSentence: 0, endSentence: 1 }],
    sentences: [{ index: 0, doc: 0, start: 0, end: 20, line: 1 }], tokens: Array(20).fill('w'), length: 20,
    gold: sys('gold', gold), systems: systems.map((s, k) => sys(`s${k}`, s)),
  };
}

describe('buildUniverse', () => {
  const c = corpus(
    [span(0, 2, 'PER'), span(5, 6, 'LOC')],
    [[span(0, 2, 'PER'), span(5, 6, 'ORG')], [span(5, 6, 'LOC'), span(8, 9, 'MISC'), span(8, 9, 'MISC')]],
  );

  it('interns gold first, then systems in order, each item once', () => {
    const u = buildUniverse(c, 'strict');
    expect(u.size).toBe(4); // PER 0-2, LOC 5-6, ORG 5-6, MISC 8-9
    expect(u.items.map((s) => `${s.start}-${s.end}:${s.label}`)).toEqual(['0-2:PER', '5-6:LOC', '5-6:ORG', '8-9:MISC']);
    expect([...u.gold]).toEqual([0, 1]);
    expect([...u.systems[0]]).toEqual([0, 2]);
    expect([...u.systems[1]]).toEqual([1, 3]);
  });

  it('gives TP, FP and FN as bitset counts under strict match', () => {
    const u = buildUniverse(c, 'strict');
    const tp = u.systems[0].andCount(u.gold);
    expect([tp, u.systems[0].count() - tp, u.gold.count() - tp]).toEqual([1, 1, 1]);
  });

  it('drops the label under boundary match', () => {
    const u = buildUniverse(c, 'boundary');
    expect(u.size).toBe(3);
    const tp = u.systems[0].andCount(u.gold);
    expect(tp).toBe(2);
  });

  it('filters spans with keep', () => {
    const u = buildUniverse(c, 'strict', (s) => s.label === 'LOC');
    expect(u.size).toBe(1);
    expect(u.systems[0].count()).toBe(0);
    expect(u.systems[1].count()).toBe(1);
  });
});

describe('buildUniverse: interning paths agree', () => {
  /** Ids as string keys give them: each item numbered in the order it is first seen, gold first. */
  function reference(c: Corpus, withLabel: boolean): { items: string[]; sets: number[][] } {
    const ids = new Map<string, number>();
    const sets = [c.gold, ...c.systems].map((o) => {
      const out = new Set<number>();
      for (const s of o.spans) {
        const k = spanKey(s, withLabel);
        if (!ids.has(k)) ids.set(k, ids.size);
        out.add(ids.get(k)!);
      }
      return [...out].sort((a, b) => a - b);
    });
    return { items: [...ids.keys()], sets };
  }

  const arbSpan = (length: number) => fc.record({
    start: fc.integer({ min: 0, max: length - 1 }),
    len: fc.integer({ min: 1, max: 4 }),
    label: fc.constantFrom('PER', 'LOC', 'ORG'),
    gap: fc.option(fc.integer({ min: 1, max: 3 }), { freq: 8 }),
  }).map(({ start, len, label, gap }): Span => {
    const end = Math.min(length, start + len);
    if (gap === null || end + gap + 1 > length) return { doc: 0, start, end, label };
    return { doc: 0, start, end: end + gap + 1, label, fragments: [[start, end], [end + gap, end + gap + 1]] };
  });

  it('gives the ids string keys give, by position (small corpus) and by numeric key (long one)', () => {
    fc.assert(fc.property(
      fc.array(arbSpan(30), { maxLength: 12 }),
      fc.array(fc.array(arbSpan(30), { maxLength: 12 }), { minLength: 1, maxLength: 4 }),
      fc.constantFrom(30, 50_000_000),
      fc.boolean(),
      (gold, systems, length, strict) => {
        const c = { ...corpus(gold, systems), length, tokens: undefined, unit: 'char' as const };
        const u = buildUniverse(c, strict ? 'strict' : 'boundary');
        const r = reference(c, strict);
        expect(u.items.map((s) => spanKey(s, strict))).toEqual(r.items);
        expect([u.gold, ...u.systems].map((b) => [...b])).toEqual(r.sets);
      },
    ), { numRuns: 300 });
  });

  it('gives a system span that is one of the gold\'s own objects the id a copy of it gets (in or out of order, filtered or not)', () => {
    fc.assert(fc.property(
      fc.array(arbSpan(30), { maxLength: 12 }),
      fc.array(fc.array(fc.oneof(arbSpan(30), fc.nat()), { maxLength: 12 }), { minLength: 1, maxLength: 4 }),
      fc.boolean(),
      fc.option(fc.constantFrom<string[]>(['PER'], ['LOC', 'ORG'])),
      (goldUnsorted, picks, strict, types) => {
        const gold = goldUnsorted.slice().sort((a, b) => a.start - b.start);
        // A number picks a gold span itself: the system shares the gold's object, as a loaded one does.
        const systems = picks.map((list) => list.flatMap((p) => (typeof p !== 'number' ? [p] : gold.length > 0 ? [gold[p % gold.length]] : [])));
        const copy = (list: Span[]) => list.map((x) => ({ ...x }));
        const keep = types === null ? undefined : (x: Span) => types.includes(x.label);
        const match = strict ? 'strict' : 'boundary';
        const shared = buildUniverse(corpus(gold, systems), match, keep);
        const copied = buildUniverse(corpus(copy(gold), systems.map(copy)), match, keep);
        expect(shared.items.map((x) => spanKey(x, strict))).toEqual(copied.items.map((x) => spanKey(x, strict)));
        expect([shared.gold, ...shared.systems].map((b) => [...b])).toEqual([copied.gold, ...copied.systems].map((b) => [...b]));
      },
    ), { numRuns: 300 });
  });
  it('lists each side\'s items once, in corpus order (start, end, label, then id), sorted or not, filtered or not', () => {
    fc.assert(fc.property(
      fc.array(fc.array(arbSpan(30), { maxLength: 14 }), { minLength: 2, maxLength: 4 }),
      fc.boolean(),
      fc.boolean(),
      fc.option(fc.constantFrom<string[]>(['PER'], ['LOC', 'ORG'])),
      (sides, strict, sortFirst, types) => {
        const order = (a: Span, b: Span) => a.start - b.start || a.end - b.end || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
        const lists = sides.map((l) => (sortFirst ? l.slice().sort(order) : l));
        const keep = types === null ? undefined : (x: Span) => types.includes(x.label);
        const u = buildUniverse(corpus(lists[0], lists.slice(1)), strict ? 'strict' : 'boundary', keep);
        const sets = [u.gold, ...u.systems];
        // Made once, when first read: a second read gives the same lists.
        expect(u.order).toBe(u.order);
        [u.order.gold, ...u.order.systems].forEach((ids, k) => {
          // The same items as the side's set, each once.
          expect([...ids].sort((x, y) => x - y)).toEqual([...sets[k]]);
          for (let j = 1; j < ids.length; j++) {
            const a = u.items[ids[j - 1]];
            const b = u.items[ids[j]];
            const c = a.start - b.start || a.end - b.end || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0) || ids[j - 1] - ids[j];
            expect(c).toBeLessThan(0);
          }
        });
      },
    ), { numRuns: 300 });
  });
});
