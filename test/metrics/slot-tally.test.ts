import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Span } from '../../src/model/corpus.js';
import { SlotTally } from '../../src/metrics/slot-tally.js';
import { alignSlots, walkSlots, type MatchMode } from '../../src/metrics/slots.js';

const sp = (doc: number, start: number, end: number, label: string): Span => ({ doc, start, end, label });

describe('SlotTally', () => {
  it('counts C, S, D and I, and TP/FP/FN by type and by document, as Makhoul pairs them', () => {
    const gold = [sp(0, 0, 2, 'PER'), sp(0, 4, 5, 'LOC'), sp(1, 7, 9, 'ORG'), sp(1, 12, 13, 'PER')];
    const system = [sp(0, 0, 2, 'PER'), sp(0, 4, 5, 'ORG'), sp(1, 7, 8, 'ORG'), sp(1, 12, 13, 'PER'), sp(1, 15, 16, 'LOC')];
    const t = new SlotTally(2, true);
    walkSlots(gold, system, 'strict', t);
    expect([t.c, t.s, t.d, t.i]).toEqual([2, 1, 1, 2]);
    expect(Object.fromEntries(t.types)).toEqual({
      PER: { tp: 2, fp: 0, fn: 0 },
      LOC: { tp: 0, fp: 1, fn: 1 },
      ORG: { tp: 0, fp: 2, fn: 1 },
    });
    expect([...t.docTp]).toEqual([1, 1]);
    expect([...t.docFp]).toEqual([1, 2]);
    expect([...t.docFn]).toEqual([1, 1]);
    expect(t.substituted).toEqual([{ gold: 'LOC', predicted: 'ORG' }]);
  });

  it('keeps no substitution pairs unless asked', () => {
    const t = new SlotTally(1, false);
    walkSlots([sp(0, 0, 1, 'LOC')], [sp(0, 0, 1, 'ORG')], 'strict', t);
    expect(t.s).toBe(1);
    expect(t.substituted).toBeUndefined();
  });

  it('counts what alignSlots lists, in every match mode', () => {
    const spanArb = fc.tuple(fc.nat(2), fc.nat(30), fc.integer({ min: 1, max: 4 }), fc.constantFrom('PER', 'LOC', 'ORG'))
      .map(([doc, s, len, label]) => sp(doc, s, s + len, label));
    const modes: MatchMode[] = ['strict', 'boundary', 'overlap'];
    fc.assert(fc.property(fc.array(spanArb, { maxLength: 15 }), fc.array(spanArb, { maxLength: 15 }), fc.constantFrom(...modes),
      (gold, system, mode) => {
        const a = alignSlots(gold, system, mode);
        const t = new SlotTally(3, true);
        walkSlots(gold, system, mode, t);
        expect([t.c, t.s, t.d, t.i]).toEqual([a.correctGold.length, a.substitutions.length, a.deletions.length, a.insertions.length]);
        const tp = new Int32Array(3);
        const fp = new Int32Array(3);
        const fn = new Int32Array(3);
        for (const g of a.correctGold) tp[g.doc]++;
        for (const [g, h] of a.substitutions) {
          fn[g.doc]++;
          fp[h.doc]++;
        }
        for (const g of a.deletions) fn[g.doc]++;
        for (const h of a.insertions) fp[h.doc]++;
        expect([...t.docTp, ...t.docFp, ...t.docFn]).toEqual([...tp, ...fp, ...fn]);
        expect(t.substituted).toEqual(a.substitutions.map(([g, h]) => ({ gold: g.label, predicted: h.label })));
      }));
  });
});
