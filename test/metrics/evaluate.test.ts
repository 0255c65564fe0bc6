import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Corpus, Span, SystemOutput } from '../../src/model/corpus.js';
import { buildUniverse } from '../../src/model/universe.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import type { MatchMode } from '../../src/metrics/slots.js';
import { unknownOption } from '../helpers/errors.js';

const out = (name: string, spans: Span[]): SystemOutput => ({ name, source: name, format: 'conll', spans, warnings: [] });

/** A token corpus of `docs` documents of 10 tokens each (one sentence per document). */
function corpus(docs: number, gold: Span[], systems: Span[][]): Corpus {
  return {
    unit: 'token',
    documents: Array.from({ length: docs }, (_, k) => ({ index: k, id: `#${k + 1}`, start: 10 * k, end: 10 * k + 10, firstSentence: k, endSentence: k + 1 })),
    sentences: Array.from({ length: docs }, (_, k) => ({ index: k, doc: k, start: 10 * k, end: 10 * k + 10, line: 1 + 11 * k })),
    tokens: Array(10 * docs).fill('w'),
    length: 10 * docs,
    gold: out('gold', gold),
    systems: systems.map((s, k) => out(`s${k}`, s)),
  };
}

const spanIn = (docs: number) => fc.tuple(fc.nat(docs - 1), fc.nat(8), fc.integer({ min: 1, max: 2 }), fc.constantFrom('PER', 'LOC', 'ORG'))
  .map(([doc, s, len, label]): Span => ({ doc, start: 10 * doc + s, end: 10 * doc + Math.min(10, s + len), label }));

const corpusArb = fc.integer({ min: 1, max: 4 }).chain((docs) => fc.tuple(
  fc.constant(docs),
  fc.array(spanIn(docs), { maxLength: 12 }),
  fc.array(fc.array(spanIn(docs), { maxLength: 12 }), { minLength: 1, maxLength: 3 }),
)).map(([docs, gold, systems]) => corpus(docs, gold, systems));

describe('evaluate', () => {
  it('scores a hand-made case: counts, P/R/F, errors and per type', () => {
    const c = corpus(2,
      [{ doc: 0, start: 0, end: 2, label: 'PER' }, { doc: 0, start: 4, end: 5, label: 'LOC' }, { doc: 1, start: 12, end: 13, label: 'ORG' }],
      [[{ doc: 0, start: 0, end: 2, label: 'PER' }, { doc: 0, start: 4, end: 5, label: 'ORG' }, { doc: 1, start: 15, end: 16, label: 'PER' }]]);
    const s = evaluate(c).systems[0];
    expect([s.tp, s.fp, s.fn]).toEqual([1, 2, 2]);
    expect([s.c, s.s, s.d, s.i]).toEqual([1, 1, 1, 1]);
    expect(s.precision).toBeCloseTo(1 / 3, 12);
    expect(s.recall).toBeCloseTo(1 / 3, 12);
    expect(s.ser).toBeCloseTo(1, 12);
    expect(s.err).toBeCloseTo(3 / 4, 12);
    expect(s.byType.PER).toMatchObject({ tp: 1, fp: 1, fn: 0 });
    expect(s.byType.LOC).toMatchObject({ tp: 0, fp: 0, fn: 1 });
    expect(s.byType.ORG).toMatchObject({ tp: 0, fp: 1, fn: 1 });
    expect(s.byDocument.map((d) => [d.tp, d.fp, d.fn])).toEqual([[1, 1, 1], [0, 1, 1]]);
    // Token view: gold covers tokens 0,1,4,12; system covers 0,1,4,15.
    expect(s.indicators).toMatchObject({ basis: 'tokens', a: 3, b: 1, c: 1, d: 15 });
  });

  it('reproduces GERBIL\'s three-document example: micro 0, macro 1/3', () => {
    const c = corpus(3, [{ doc: 0, start: 1, end: 2, label: 'PER' }, { doc: 1, start: 11, end: 12, label: 'PER' }], [[]]);
    const s = evaluate(c).systems[0];
    expect([s.precision, s.recall, s.f]).toEqual([0, 0, 0]);
    expect(s.macro.doc!.precision).toBeCloseTo(1 / 3, 12);
    expect(s.macro.doc!.recall).toBeCloseTo(1 / 3, 12);
    expect(s.macro.doc!.f).toBeCloseTo(1 / 3, 12);
  });

  it('restricts every count to --types', () => {
    const c = corpus(1, [{ doc: 0, start: 0, end: 1, label: 'PER' }, { doc: 0, start: 2, end: 3, label: 'LOC' }],
      [[{ doc: 0, start: 0, end: 1, label: 'PER' }, { doc: 0, start: 5, end: 6, label: 'LOC' }]]);
    const r = evaluate(c, { types: ['PER'] });
    expect(r.gold.items).toBe(1);
    expect([r.systems[0].tp, r.systems[0].fp, r.systems[0].fn]).toEqual([1, 0, 0]);
    expect(Object.keys(r.systems[0].byType)).toEqual(['PER']);
  });

  const modes: MatchMode[] = ['strict', 'boundary', 'overlap'];

  it('holds SER ≥ ERR ≥ E and keeps every rate within its bounds, under every match mode', () => {
    fc.assert(fc.property(corpusArb, fc.constantFrom(...modes), fc.double({ min: 0.25, max: 4, noNaN: true }), (c, match, beta) => {
      for (const s of evaluate(c, { match, beta }).systems) {
        expect(s.ser + 1e-12).toBeGreaterThanOrEqual(s.err);
        expect(s.err + 1e-12).toBeGreaterThanOrEqual(s.e);
        for (const v of [s.precision, s.recall, s.f, s.k, s.e, s.err]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(1);
        }
        for (const [k, v] of Object.entries(s.indicators)) {
          if (typeof v === 'number' && !['a', 'b', 'c', 'd'].includes(k)) {
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(1);
          }
        }
      }
    }), { numRuns: 300 });
  });

  it('counts the token contingency as masks of covered tokens would, overlapping spans and fragments once', () => {
    const mask = (c: Corpus, spans: readonly Span[]) => {
      const m = new Uint8Array(c.length);
      for (const s of spans) for (const [a, b] of s.fragments ?? [[s.start, s.end]]) m.fill(1, a, b);
      return m;
    };
    const expected = (c: Corpus, k: number) => {
      const g = mask(c, c.gold.spans);
      const m = mask(c, c.systems[k].spans);
      const n = { a: 0, b: 0, c: 0, d: 0 };
      for (let t = 0; t < c.length; t++) n[g[t] ? (m[t] ? 'a' : 'c') : m[t] ? 'b' : 'd']++;
      return n;
    };
    fc.assert(fc.property(corpusArb, (c) => {
      evaluate(c).systems.forEach((s, k) => expect(s.indicators).toMatchObject(expected(c, k)));
    }), { numRuns: 300 });
    // Fragments, one overlapping a contiguous span of the same system.
    const c = corpus(1, [{ doc: 0, start: 0, end: 3, label: 'PER' }], [[
      { doc: 0, start: 0, end: 5, label: 'PER', fragments: [[0, 1], [3, 5]] },
      { doc: 0, start: 4, end: 6, label: 'LOC' },
    ]]);
    expect(expected(c, 0)).toEqual({ a: 1, b: 3, c: 2, d: 4 });
    expect(evaluate(c).systems[0].indicators).toMatchObject({ a: 1, b: 3, c: 2, d: 4 });
    // Systems as a tagger gives them, in order and apart, sharing the gold's span objects as a
    // loaded system does (counted by length) or holding copies of them (counted token by token).
    const apart = (spans: Span[]) => {
      const kept: Span[] = [];
      for (const x of spans.slice().sort((p, q) => p.start - q.start)) if (kept.length === 0 || x.start >= kept[kept.length - 1].end) kept.push(x);
      return kept;
    };
    fc.assert(fc.property(corpusArb, fc.array(fc.array(fc.oneof(fc.nat(), spanIn(4)), { maxLength: 12 }), { minLength: 1, maxLength: 3 }), (c0, picks) => {
      const gold = c0.gold.spans.slice().sort((p, q) => p.start - q.start);
      const systems = picks.map((list) => apart(list.flatMap((p) => {
        if (typeof p !== 'number') return p.end <= c0.length ? [p] : [];
        return gold.length === 0 ? [] : p % 3 === 0 ? [{ ...gold[p % gold.length] }] : [gold[p % gold.length]];
      })));
      const c = corpus(c0.documents.length, gold, systems);
      evaluate(c).systems.forEach((s, k) => expect(s.indicators).toMatchObject(expected(c, k)));
    }), { numRuns: 300 });
  });

  it('agrees with the universe bitsets: TP = |S ∧ G|, FP = |S| − TP, FN = |G| − TP', () => {
    fc.assert(fc.property(corpusArb, fc.constantFrom<'strict' | 'boundary'>('strict', 'boundary'), (c, match) => {
      const u = buildUniverse(c, match);
      evaluate(c, { match }).systems.forEach((s, k) => {
        const tp = u.systems[k].andCount(u.gold);
        expect([s.tp, s.fp, s.fn]).toEqual([tp, u.systems[k].count() - tp, u.gold.count() - tp]);
      });
    }), { numRuns: 300 });
  });

  it('splits counts exactly across types and across documents', () => {
    fc.assert(fc.property(corpusArb, fc.constantFrom(...modes), (c, match) => {
      for (const s of evaluate(c, { match }).systems) {
        const sum = (xs: Array<{ tp: number; fp: number; fn: number }>) =>
          xs.reduce((a, x) => [a[0] + x.tp, a[1] + x.fp, a[2] + x.fn], [0, 0, 0]);
        expect(sum(s.byDocument)).toEqual([s.tp, s.fp, s.fn]);
        expect(sum(Object.values(s.byType))).toEqual([s.tp, s.fp, s.fn]);
      }
    }), { numRuns: 200 });
  });
});

describe('evaluate: option names', () => {
  // One gold item, found with a boundary off by one: strict misses it, overlap finds it.
  const c = corpus(1, [{ doc: 0, start: 0, end: 2, label: 'PER' }], [[{ doc: 0, start: 0, end: 1, label: 'PER' }]]);

  it('refuses a misspelt option, naming it and the option meant, where it scored strict without a word', () => {
    unknownOption(() => evaluate(c, { mtach: 'overlap' } as never), 'mtach', 'match');
    unknownOption(() => evaluate(c, { Beta: undefined } as never), 'Beta', 'beta');
    // An optional option the defaults leave out is known.
    unknownOption(() => evaluate(c, { schema: true } as never), 'schema', 'schemas');
    expect(evaluate(c, { match: 'overlap' }).systems[0].tp).toBe(1);
    expect(evaluate(c, { types: ['PER'], labelDistance: undefined, schemas: false }).systems[0].tp).toBe(0);
  });
});
