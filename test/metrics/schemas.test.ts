import { describe, expect, it } from 'vitest';
import type { Span } from '../../src/model/corpus.js';
import { semevalSchemas, type SchemaCounts } from '../../src/metrics/schemas.js';

const sp = (start: number, end: number, label: string): Span => ({ doc: 0, start, end, label });
const counts = (c: SchemaCounts) => [c.cor, c.inc, c.par, c.mis, c.spu, c.possible, c.actual];

describe('semevalSchemas', () => {
  // One of each of the six cases of SemEval-2013's schemas, worked out by hand.
  const gold = [sp(0, 2, 'PER'), sp(3, 4, 'LOC'), sp(5, 8, 'ORG'), sp(9, 11, 'MISC'), sp(15, 16, 'LOC')];
  const system = [
    sp(0, 2, 'PER'), // exact match
    sp(3, 4, 'ORG'), // same boundaries, another type
    sp(6, 8, 'ORG'), // overlap, same type
    sp(10, 12, 'PER'), // overlap, another type
    sp(13, 14, 'PER'), // spurious; gold [15,16) LOC is missed
  ];
  const r = semevalSchemas(gold, system);

  it('counts COR/INC/PAR/MIS/SPU as each schema defines them', () => {
    expect(counts(r.strict)).toEqual([1, 3, 0, 1, 1, 5, 5]);
    expect(counts(r.exact)).toEqual([2, 2, 0, 1, 1, 5, 5]);
    expect(counts(r.partial)).toEqual([2, 0, 2, 1, 1, 5, 5]);
    expect(counts(r.ent_type)).toEqual([2, 2, 0, 1, 1, 5, 5]);
  });

  it('P = (COR + PAR/2)/ACT, R = (COR + PAR/2)/POS, F their harmonic mean', () => {
    expect([r.strict.precision, r.strict.recall]).toEqual([0.2, 0.2]);
    expect(r.strict.f).toBeCloseTo(0.2, 15);
    expect([r.exact.precision, r.exact.recall]).toEqual([0.4, 0.4]);
    expect([r.partial.precision, r.partial.recall]).toEqual([0.6, 0.6]);
    expect(r.partial.f).toBeCloseTo(0.6, 15);
    expect([r.ent_type.precision, r.ent_type.recall]).toEqual([0.4, 0.4]);
  });

  it('by type: COR/INC/PAR/MIS under the gold type, SPU under the predicted type', () => {
    expect(Object.keys(r.byType)).toEqual(['LOC', 'MISC', 'ORG', 'PER']);
    expect(counts(r.byType.PER.strict)).toEqual([1, 0, 0, 0, 1, 1, 2]);
    expect(counts(r.byType.LOC.strict)).toEqual([0, 1, 0, 1, 0, 2, 1]);
    expect(counts(r.byType.LOC.exact)).toEqual([1, 0, 0, 1, 0, 2, 1]);
    expect(counts(r.byType.MISC.partial)).toEqual([0, 0, 1, 0, 0, 1, 1]);
    expect(counts(r.byType.ORG.ent_type)).toEqual([1, 0, 0, 0, 0, 1, 1]);
    expect(r.byType.MISC.partial.precision).toBe(0.5);
  });

  it('pairs as many overlapping spans as possible, one to one', () => {
    // A greedy pairing (the prediction [1,3) takes gold [0,2) first) would leave [0,1) and [2,3).
    const m = semevalSchemas([sp(0, 2, 'X'), sp(2, 3, 'X')], [sp(0, 1, 'Y'), sp(1, 3, 'X')]);
    expect(counts(m.strict)).toEqual([0, 2, 0, 0, 0, 2, 2]);
    expect(counts(m.ent_type)).toEqual([1, 1, 0, 0, 0, 2, 2]);
    // Two predictions inside one gold span: one pairs, the other is spurious.
    const two = semevalSchemas([sp(0, 3, 'X')], [sp(0, 1, 'X'), sp(2, 3, 'X')]);
    expect(counts(two.strict)).toEqual([0, 1, 0, 0, 1, 1, 2]);
  });

  it('0/0 follows the zero-division rule: 1 under gerbil, 0 (nervaluate) under zero', () => {
    const none = semevalSchemas([], []);
    expect([none.strict.precision, none.strict.recall, none.strict.f]).toEqual([1, 1, 1]);
    const zero = semevalSchemas([], [], 1, 'zero');
    expect([zero.strict.precision, zero.strict.recall, zero.strict.f]).toEqual([0, 0, 0]);
    const missed = semevalSchemas([sp(0, 1, 'X')], []);
    expect(counts(missed.partial)).toEqual([0, 0, 0, 1, 0, 1, 0]);
    expect([missed.partial.precision, missed.partial.recall]).toEqual([0, 0]);
  });
});
