import { describe, expect, it } from 'vitest';
import { binaryKappa, cohenKappa, LabelIndex, tokenComp, tokenTags } from '../../src/complementarity/tokens.js';
import { span } from '../helpers/corpus.js';

describe('tokenTags', () => {
  it('writes B as 2l+1 and I as 2l+2, outside as 0', () => {
    const labels = new LabelIndex();
    const t = tokenTags([span(1, 3, 'PER'), span(4, 5, 'LOC')], 6, labels);
    expect([...t]).toEqual([0, 1, 2, 0, 3, 0]);
  });

  it('keeps the outermost of nested spans and skips any span that overlaps a taken token', () => {
    const labels = new LabelIndex();
    labels.id('PER');
    labels.id('ORG');
    const t = tokenTags([span(2, 3, 'PER'), span(1, 4, 'ORG'), span(3, 5, 'PER')], 6, labels);
    expect([...t]).toEqual([0, 3, 4, 4, 0, 0]);
  });

  it('writes each fragment of a discontinuous span as its own run', () => {
    const labels = new LabelIndex();
    const t = tokenTags([{ doc: 0, start: 0, end: 4, label: 'X', fragments: [[0, 1], [2, 4]] }], 5, labels);
    expect([...t]).toEqual([1, 0, 1, 2, 0]);
  });
});

describe('tokenComp (Brill & Wu)', () => {
  const gold = Int32Array.from([0, 1, 2, 0, 3]);
  it('is 1 − shared errors / A errors', () => {
    const a = Int32Array.from([0, 1, 0, 1, 0]); // wrong on tokens 2, 3, 4
    const b = Int32Array.from([0, 0, 2, 1, 0]); // wrong on tokens 1, 3, 4
    const r = tokenComp(gold, a, b);
    expect(r).toEqual({ comp: 1 - 2 / 3, aWrong: 3, bothWrong: 2 });
  });
  it('is 1 when B makes no error, null when A makes none', () => {
    const a = Int32Array.from([0, 1, 0, 1, 0]);
    expect(tokenComp(gold, a, gold).comp).toBe(1);
    expect(tokenComp(gold, gold, a).comp).toBeNull();
  });
});

describe("Cohen's kappa", () => {
  it('matches the hand computation (p_o = 3/4, p_e = 1/2 → κ = 1/2)', () => {
    expect(cohenKappa(Int32Array.from([0, 1, 1, 0]), Int32Array.from([0, 1, 0, 0]), 2)).toBeCloseTo(0.5, 15);
    expect(binaryKappa(1, 1, 0, 2)).toBeCloseTo(0.5, 15);
  });
  it('is 1 for identical non-constant labellings, negative for systematic disagreement, symmetric', () => {
    const a = Int32Array.from([0, 1, 2, 0, 1]);
    expect(cohenKappa(a, a, 3)).toBeCloseTo(1, 15);
    const x = Int32Array.from([0, 1, 0, 1]);
    const y = Int32Array.from([1, 0, 1, 0]);
    expect(cohenKappa(x, y, 2)).toBeCloseTo(-1, 15);
    const b = Int32Array.from([0, 1, 1, 0, 2]);
    expect(cohenKappa(a, b, 3)).toBeCloseTo(cohenKappa(b, a, 3)!, 15);
  });
  it('is null when chance agreement is 1 or there are no units', () => {
    const c = Int32Array.from([0, 0, 0]);
    expect(cohenKappa(c, c, 1)).toBeNull();
    expect(cohenKappa(new Int32Array(0), new Int32Array(0), 1)).toBeNull();
    expect(binaryKappa(0, 0, 0, 0)).toBeNull();
  });
});

describe('TokenViews', () => {
  it('equals tokenComp and cohenKappa on the full views (random views)', async () => {
    const fc = (await import('fast-check')).default;
    const { TokenViews } = await import('../../src/complementarity/tokens.js');
    const tagArb = fc.array(fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 0, max: 4 })), { minLength: 12, maxLength: 12 });
    fc.assert(
      fc.property(tagArb, fc.array(tagArb, { minLength: 2, maxLength: 4 }), (g, vs) => {
        const gold = Int32Array.from(g);
        const views = vs.map((v) => Int32Array.from(v));
        const tv = new TokenViews(12, gold, views, 2);
        for (let a = 0; a < views.length; a++) {
          for (let b = 0; b < views.length; b++) {
            if (a === b) continue;
            expect(tv.comp(a, b)).toBe(tokenComp(gold, views[a], views[b]).comp);
            const k = cohenKappa(views[a], views[b], 5);
            if (k === null) expect(tv.kappa(a, b)).toBeNull();
            else expect(tv.kappa(a, b)).toBeCloseTo(k, 12);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('fromSpans equals the views made by tokenTags over the whole corpus (overlaps, fragments, empty spans, the gold\'s own spans)', async () => {
    const fc = (await import('fast-check')).default;
    const { TokenViews } = await import('../../src/complementarity/tokens.js');
    const L = 16;
    const spanArb = fc.oneof(
      fc.tuple(fc.integer({ min: 0, max: L }), fc.integer({ min: 0, max: 4 }), fc.constantFrom('PER', 'LOC', 'ORG'))
        .map(([start, len, label]) => ({ doc: 0, start, end: Math.min(L, start + len), label })),
      fc.tuple(fc.integer({ min: 0, max: L - 5 }), fc.integer({ min: 1, max: 2 }), fc.integer({ min: 1, max: 2 }), fc.constantFrom('PER', 'LOC'))
        .map(([start, a, gap, label]) => ({ doc: 0, start, end: start + a + gap + 1, label, fragments: [[start, start + a], [start + a + gap, start + a + gap + 1]] as Array<[number, number]> })),
    );
    const listArb = fc.array(spanArb, { maxLength: 6 });
    fc.assert(
      fc.property(listArb, fc.array(fc.array(fc.oneof(spanArb, fc.nat()), { maxLength: 6 }), { minLength: 2, maxLength: 4 }), (g0, picks) => {
        // A number picks one of the gold's span objects itself, as a loaded system shares them.
        const g = g0.slice().sort((p, q) => p.start - q.start);
        const systems = picks.map((list) => list.flatMap((p) => (typeof p !== 'number' ? [p] : g.length > 0 ? [g[p % g.length]] : [])));
        const full = new LabelIndex();
        const want = new TokenViews(L, tokenTags(g, L, full), systems.map((s) => tokenTags(s, L, full)), full.size);
        const compact = new LabelIndex();
        const got = TokenViews.fromSpans(L, g, systems, compact);
        expect(compact.size).toBe(full.size);
        for (let a = 0; a < systems.length; a++) {
          for (let b = 0; b < systems.length; b++) {
            if (a === b) continue;
            expect(got.comp(a, b)).toBe(want.comp(a, b));
            const k = want.kappa(a, b);
            if (k === null) expect(got.kappa(a, b)).toBeNull();
            else expect(got.kappa(a, b)).toBeCloseTo(k, 12);
          }
        }
      }),
      { numRuns: 500 },
    );
  });
});
