import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Span } from '../../src/model/corpus.js';
import { alignSlots, overlapLength, type MatchMode } from '../../src/metrics/slots.js';

const sp = (start: number, end: number, label: string): Span => ({ doc: 0, start, end, label });
const show = (s: Span) => `${s.start}-${s.end}:${s.label}`;
const pairs = (ps: Array<[Span, Span]>) => ps.map(([g, h]) => `${show(g)}=${show(h)}`);

describe('alignSlots, strict', () => {
  const gold = [sp(0, 2, 'PER'), sp(4, 5, 'LOC'), sp(7, 9, 'ORG'), sp(12, 13, 'MISC')];
  const system = [sp(0, 2, 'PER'), sp(4, 5, 'ORG'), sp(7, 8, 'ORG'), sp(15, 16, 'PER')];

  it('counts exact matches as C and same boundaries with another label as S', () => {
    const a = alignSlots(gold, system, 'strict');
    expect(pairs(a.correct)).toEqual(['0-2:PER=0-2:PER']);
    expect(pairs(a.substitutions)).toEqual(['4-5:LOC=4-5:ORG']);
    expect(a.deletions.map(show)).toEqual(['7-9:ORG', '12-13:MISC']);
    expect(a.insertions.map(show)).toEqual(['7-8:ORG', '15-16:PER']);
  });

  it('pairs at most one substitution per gold item at a boundary', () => {
    const a = alignSlots([sp(0, 1, 'LOC')], [sp(0, 1, 'ORG'), sp(0, 1, 'PER')], 'strict');
    expect(a.substitutions).toHaveLength(1);
    expect(a.insertions).toHaveLength(1);
  });

  it('counts a repeated system item once', () => {
    const a = alignSlots([sp(0, 1, 'LOC')], [sp(0, 1, 'LOC'), sp(0, 1, 'LOC')], 'strict');
    expect(a.correct).toHaveLength(1);
    expect(a.insertions).toHaveLength(0);
  });

  it('keeps nested and overlapping predictions as separate items', () => {
    const a = alignSlots([sp(0, 3, 'LOC')], [sp(0, 3, 'LOC'), sp(1, 2, 'LOC')], 'strict');
    expect(a.correct).toHaveLength(1);
    expect(a.insertions.map(show)).toEqual(['1-2:LOC']);
  });
});

describe('alignSlots, boundary', () => {
  it('ignores labels, so there are no substitutions', () => {
    const a = alignSlots([sp(0, 2, 'PER'), sp(4, 5, 'LOC')], [sp(0, 2, 'ORG'), sp(4, 6, 'LOC')], 'boundary');
    expect(a.correct).toHaveLength(1);
    expect(a.substitutions).toHaveLength(0);
    expect(a.deletions.map(show)).toEqual(['4-5:LOC']);
    expect(a.insertions.map(show)).toEqual(['4-6:LOC']);
  });
});

describe('alignSlots, overlap', () => {
  it('matches overlapping spans of the same label, then pairs the rest as substitutions', () => {
    const gold = [sp(0, 3, 'ORG'), sp(5, 7, 'PER'), sp(10, 11, 'LOC')];
    const system = [sp(1, 3, 'ORG'), sp(6, 8, 'LOC'), sp(12, 13, 'LOC')];
    const a = alignSlots(gold, system, 'overlap');
    expect(pairs(a.correct)).toEqual(['0-3:ORG=1-3:ORG']);
    expect(pairs(a.substitutions)).toEqual(['5-7:PER=6-8:LOC']);
    expect(a.deletions.map(show)).toEqual(['10-11:LOC']);
    expect(a.insertions.map(show)).toEqual(['12-13:LOC']);
  });

  it('pairs by greatest overlap, one to one', () => {
    const gold = [sp(0, 4, 'ORG')];
    const system = [sp(0, 1, 'ORG'), sp(1, 4, 'ORG')];
    const a = alignSlots(gold, system, 'overlap');
    expect(pairs(a.correct)).toEqual(['0-4:ORG=1-4:ORG']);
    expect(a.insertions.map(show)).toEqual(['0-1:ORG']);
  });

  it('measures overlap fragment by fragment for discontinuous spans', () => {
    const a: Span = { doc: 0, start: 0, end: 10, label: 'X', fragments: [[0, 2], [8, 10]] };
    expect(overlapLength(a, sp(1, 9, 'X'))).toBe(2);
    expect(overlapLength(a, sp(3, 7, 'X'))).toBe(0);
  });
});

describe('alignSlots invariants', () => {
  const spanArb = fc.tuple(fc.nat(30), fc.integer({ min: 1, max: 4 }), fc.constantFrom('PER', 'LOC', 'ORG'))
    .map(([s, len, label]) => sp(s, s + len, label));
  const modes: MatchMode[] = ['strict', 'boundary', 'overlap'];

  it('accounts for every distinct item exactly once: N = C+S+D and M = C+S+I', () => {
    fc.assert(fc.property(fc.array(spanArb, { maxLength: 15 }), fc.array(spanArb, { maxLength: 15 }), fc.constantFrom(...modes),
      (gold, system, mode) => {
        const a = alignSlots(gold, system, mode);
        const key = (s: Span) => (mode === 'boundary' ? `${s.start}-${s.end}` : show(s));
        const n = new Set(gold.map(key)).size;
        const m = new Set(system.map(key)).size;
        expect(a.correct.length + a.substitutions.length + a.deletions.length).toBe(n);
        expect(a.correct.length + a.substitutions.length + a.insertions.length).toBe(m);
        if (mode === 'strict') {
          const g = new Set(gold.map(show));
          expect(a.correct.length).toBe(new Set(system.map(show).filter((k) => g.has(k))).size);
        }
      }));
  });

  it('gives the correct pairs both as pairs and as their two sides, in the same order', () => {
    fc.assert(fc.property(fc.array(spanArb, { maxLength: 15 }), fc.array(spanArb, { maxLength: 15 }), fc.constantFrom(...modes),
      (gold, system, mode) => {
        const a = alignSlots(gold, system, mode);
        expect(a.correctGold).toHaveLength(a.correctSystem.length);
        expect(a.correct).toEqual(a.correctGold.map((g, k) => [g, a.correctSystem[k]]));
        // The pairs are the spans given, not copies, and the same array on every read.
        for (const [g, h] of a.correct) {
          expect(gold).toContain(g);
          expect(system).toContain(h);
          if (mode !== 'boundary') expect(g.label).toBe(h.label);
          if (mode !== 'overlap') expect([g.start, g.end]).toEqual([h.start, h.end]);
        }
        expect(a.correct).toBe(a.correct);
      }));
  });

  it('aligns a system holding the gold\'s own span objects as one holding copies of them', () => {
    // A loaded system's span the gold has too is the gold's object; repeats and items with the
    // same boundaries sit next to them.
    fc.assert(fc.property(fc.array(spanArb, { maxLength: 15 }), fc.array(fc.oneof(spanArb, fc.nat()), { maxLength: 15 }), fc.constantFrom(...modes),
      (gold, picks, mode) => {
        const system = picks.flatMap((p) => (typeof p !== 'number' ? [p] : gold.length > 0 ? [gold[p % gold.length]] : []));
        const shown = (a: ReturnType<typeof alignSlots>) => ({
          correct: pairs(a.correct), substitutions: pairs(a.substitutions), deletions: a.deletions.map(show), insertions: a.insertions.map(show),
        });
        expect(shown(alignSlots(gold, system, mode))).toEqual(shown(alignSlots(gold, system.map((x) => ({ ...x })), mode)));
      }), { numRuns: 500 });
  });

  it("never counts fewer correct items under overlap than under strict", () => {
    fc.assert(fc.property(fc.array(spanArb, { maxLength: 15 }), fc.array(spanArb, { maxLength: 15 }), (gold, system) => {
      expect(alignSlots(gold, system, 'overlap').correct.length)
        .toBeGreaterThanOrEqual(alignSlots(gold, system, 'strict').correct.length);
    }), { numRuns: 500 });
  });

  it('prefers the exact match when a longer span overlaps as much', () => {
    const gold = [sp(0, 3, 'PER'), sp(1, 3, 'PER')];
    const a = alignSlots(gold, [sp(1, 3, 'PER')], 'overlap');
    expect(pairs(a.correct)).toEqual(['1-3:PER=1-3:PER']);
  });
});
