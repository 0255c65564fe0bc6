import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Span } from '../../src/model/corpus.js';
import { overlapLength, pairOverlapping, type PairingRules } from '../../src/metrics/pairing.js';
import { alignSlots } from '../../src/metrics/slots.js';

const sp = (start: number, end: number, label: string): Span => ({ doc: 0, start, end, label });
const byStart = (a: Span, b: Span) => a.start - b.start || a.end - b.end || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0);
const RULES: PairingRules = {
  fixed: (a, b) => a.start === b.start && a.end === b.end && a.label === b.label,
  preferred: (a, b) => a.label === b.label,
};

describe('pairOverlapping', () => {
  it('pairs all four spans where a greedy pairing leaves two unpaired', () => {
    // Gold A = [0,2) and B = [2,3); system X = [1,3) overlaps both, Y = [0,1) only A. Taking
    // X–A first (the first overlap, or the largest) leaves Y and B alone.
    const gold = [sp(0, 2, 'MISC'), sp(2, 3, 'MISC')];
    const system = [sp(0, 1, 'LOC'), sp(1, 3, 'MISC')];
    const p = pairOverlapping(gold, system, RULES);
    expect(p.pairs).toEqual([[0, 0], [1, 1]]);
    const a = alignSlots(gold, system, 'overlap');
    expect([a.correct.length, a.substitutions.length, a.deletions.length, a.insertions.length]).toEqual([1, 1, 0, 0]);
  });

  it('takes the fixed pairs first, then prefers pairs of one label, then the larger overlap', () => {
    // The exact pair [0,2) stays even though pairing [0,2) with [1,3) would also pair [0,1).
    const fixed = pairOverlapping([sp(0, 2, 'X')], [sp(0, 2, 'X'), sp(1, 3, 'X')], RULES);
    expect(fixed.pairs).toEqual([[0, 0]]);
    const label = pairOverlapping([sp(0, 4, 'X')], [sp(0, 3, 'Y'), sp(2, 5, 'X')], RULES);
    expect(label.pairs).toEqual([[0, 1]]);
    const size = pairOverlapping([sp(0, 4, 'X')], [sp(0, 1, 'X'), sp(1, 4, 'X')], RULES);
    expect(size.pairs).toEqual([[0, 1]]);
  });

  it('pairs only spans that share a position, fragments included', () => {
    const frag: Span = { doc: 0, start: 0, end: 6, label: 'X', fragments: [[0, 2], [4, 6]] };
    expect(pairOverlapping([frag], [sp(2, 4, 'X')], RULES).pairs).toEqual([]);
    expect(pairOverlapping([frag], [sp(3, 5, 'X')], RULES).pairs).toEqual([[0, 0]]);
    expect(pairOverlapping([sp(0, 2, 'X')], [sp(2, 4, 'X')], RULES).pairs).toEqual([]);
  });

  it('pairs a long chain of overlaps whole, where taking first overlaps in order would not', () => {
    // Gold [2i, 2i+2) and predictions [2i+1, 2i+3), plus one prediction over everything: each
    // gold span can have the prediction that starts inside it, and the long one pairs with none.
    const n = 300;
    const gold = Array.from({ length: n }, (_, i) => sp(2 * i, 2 * i + 2, 'X'));
    const system = [sp(0, 2 * n, 'Y'), ...Array.from({ length: n }, (_, i) => sp(2 * i + 1, 2 * i + 3, 'X'))];
    const p = pairOverlapping(gold, system, RULES);
    expect(p.pairs).toHaveLength(n);
    expect(p.systemMate[0]).toBe(-1);
    expect(p.pairs.every(([gi, si]) => si === gi + 1)).toBe(true);
  });

  it('is maximum, with the most preferred pairs among maximum pairings (brute force)', () => {
    const span = fc.record({ start: fc.integer({ min: 0, max: 8 }), len: fc.integer({ min: 1, max: 4 }), label: fc.constantFrom('X', 'Y') })
      .map((r) => sp(r.start, r.start + r.len, r.label));
    fc.assert(fc.property(fc.array(span, { maxLength: 6 }), fc.array(span, { maxLength: 6 }), (g0, s0) => {
      const gold = [...g0].sort(byStart);
      const system = [...s0].sort(byStart);
      const got = pairOverlapping(gold, system, RULES);
      // Pairs are one to one and overlap.
      const usedS = new Set<number>();
      for (const [gi, si] of got.pairs) {
        expect(overlapLength(gold[gi], system[si])).toBeGreaterThan(0);
        expect(usedS.has(si)).toBe(false);
        usedS.add(si);
        expect(got.goldMate[gi]).toBe(si);
        expect(got.systemMate[si]).toBe(gi);
      }
      // The fixed pass, as documented: gold spans in order, each its first free fixed partner.
      const fixedG = new Int32Array(gold.length).fill(-1);
      const fixedS = new Int32Array(system.length).fill(-1);
      gold.forEach((g, gi) => {
        const si = system.findIndex((s, k) => fixedS[k] < 0 && overlapLength(g, s) > 0 && RULES.fixed(g, s));
        if (si >= 0) {
          fixedG[gi] = si;
          fixedS[si] = gi;
        }
      });
      fixedG.forEach((si, gi) => { if (si >= 0) expect(got.goldMate[gi]).toBe(si); });
      // Brute force over the rest: the best (pairs, preferred pairs), lexicographically.
      let best = [0, 0];
      const search = (gi: number, n: number, pref: number, used: Set<number>) => {
        if (gi === gold.length) {
          if (n > best[0] || (n === best[0] && pref > best[1])) best = [n, pref];
          return;
        }
        search(gi + 1, n, pref, used);
        if (fixedG[gi] >= 0) return;
        system.forEach((s, si) => {
          if (fixedS[si] >= 0 || used.has(si) || overlapLength(gold[gi], s) === 0) return;
          used.add(si);
          search(gi + 1, n + 1, pref + (RULES.preferred(gold[gi], s) ? 1 : 0), used);
          used.delete(si);
        });
      };
      search(0, 0, 0, new Set());
      const rest = got.pairs.filter(([gi]) => fixedG[gi] < 0);
      const restPreferred = rest.filter(([gi, si]) => RULES.preferred(gold[gi], system[si])).length;
      expect([rest.length, restPreferred]).toEqual(best);
    }), { numRuns: 400 });
  });
});
