import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareSystems, pairAt } from '../../src/complementarity/matrix.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import type { Span } from '../../src/model/corpus.js';
import { corpusArb, makeCorpus, span } from '../helpers/corpus.js';
import { unknownOption } from '../helpers/errors.js';

describe('compareSystems', () => {
  const gold = [span(0, 2, 'PER'), span(3, 4, 'LOC'), span(12, 14, 'ORG'), span(20, 21, 'PER')];
  const a = [span(0, 2, 'PER'), span(3, 4, 'ORG'), span(25, 26, 'LOC')];
  const b = [span(3, 4, 'LOC'), span(12, 14, 'ORG'), span(25, 26, 'LOC'), span(30, 31, 'PER')];
  const corpus = makeCorpus(gold, [a, b], ['a', 'b']);
  const c = compareSystems(corpus, { match: 'strict', beta: 1, examples: 5 });

  it('covers every ordered pair, A-major, and pairAt finds them', () => {
    expect(c.pairs.map((p) => `${p.a}>${p.b}`)).toEqual(['a>b', 'b>a']);
    expect(pairAt(c, 1, 0).a).toBe('b');
    expect(() => pairAt(c, 0, 0)).toThrow(expect.objectContaining({ name: 'UsageError', message: 'b: a system is not paired with itself' }));
    // An index that is no system is an error, not an undefined pair typed as one.
    expect(() => pairAt(c, 0, 99)).toThrow(expect.objectContaining({ name: 'UsageError', param: 'b', message: 'b: no system 99: systems are indices 0 to 1' }));
    expect(() => pairAt(c, -1, 1)).toThrow(expect.objectContaining({ param: 'a' }));
  });

  it('says what B offers A, with example items for each cell', () => {
    const ab = pairAt(c, 0, 1);
    // FN_a = {LOC 3-4, ORG 12-14, PER 20-21}; b finds LOC and ORG → R_Comp = 2/3.
    expect(ab.rComp).toBeCloseTo(2 / 3, 15);
    // FP_a = {ORG 3-4, LOC 25-26}; b returns LOC 25-26 too → P_Comp = 1/2.
    expect(ab.pComp).toBeCloseTo(1 / 2, 15);
    expect(ab.examples.bFinds.map((e) => e.text)).toEqual(['w3', 'w12 w13']);
    expect(ab.examples.bothMiss).toEqual([{ doc: 'd1', sentence: 3, start: 0, end: 1, label: 'PER', text: 'w20' }]);
    expect(ab.examples.bothWrong.map((e) => e.label)).toEqual(['LOC']);
    expect(ab.examples.bAvoids.map((e) => `${e.text}/${e.label}`)).toEqual(['w3/ORG']);
    expect(ab.examples.aFinds.map((e) => e.text)).toEqual(['w0 w1']);
    expect(ab.examples.bAdds.map((e) => e.text)).toEqual(['w30']);
  });

  it('agrees with eval on each system’s counts', () => {
    const e = evaluate(corpus);
    c.systems.forEach((s, k) => {
      expect([s.tp, s.fp, s.fn]).toEqual([e.systems[k].tp, e.systems[k].fp, e.systems[k].fn]);
      expect(s.f).toBeCloseTo(e.systems[k].f, 15);
    });
  });

  it('drops labels under boundary match, where a mislabelled span is correct', () => {
    const bc = compareSystems(corpus, { match: 'boundary', beta: 1 });
    expect(bc.systems[0].tp).toBe(2);
    expect(pairAt(bc, 0, 1).examples.bFinds.every((x) => x.label === null)).toBe(true);
  });

  it('uses items as the basis without tokens', () => {
    const chars = { ...corpus, unit: 'char' as const, tokens: undefined, texts: corpus.sentences.map(() => 'abcdefghij') };
    const cc = compareSystems(chars, { match: 'strict', beta: 1 });
    expect(cc.basis).toBe('items');
    expect(pairAt(cc, 0, 1).comp).toBe(pairAt(cc, 0, 1).itemComp);
  });

  it('gives the first items of each cell in corpus order, whatever other systems are compared (random corpora)', () => {
    const key = (e: { sentence: number; start: number; end: number; label: string | null }) => `${e.sentence}:${e.start}-${e.end}:${e.label}`;
    const inOrder = (spans: Span[]) => [...new Map(spans.map((s) => [`${s.start}-${s.end}:${s.label}`, s])).values()]
      .sort((x, y) => x.start - y.start || x.end - y.end || (x.label < y.label ? -1 : x.label > y.label ? 1 : 0));
    const has = (spans: Span[], s: Span) => spans.some((t) => t.start === s.start && t.end === s.end && t.label === s.label);
    fc.assert(
      fc.property(corpusArb(3, 4), fc.integer({ min: 1, max: 4 }), (corpus, limit) => {
        const r = compareSystems(corpus, { match: 'strict', beta: 1, examples: limit });
        const g = corpus.gold.spans;
        const [A, B] = [corpus.systems[0].spans, corpus.systems[1].spans];
        const first = (side: Span[], keep: (s: Span) => boolean) => inOrder(side.filter(keep)).slice(0, limit)
          .map((s) => key({ sentence: Math.floor(s.start / 10) + 1, start: s.start % 10, end: s.end - 10 * Math.floor(s.start / 10), label: s.label }));
        const p = pairAt(r, 0, 1);
        expect(p.examples.bFinds.map(key)).toEqual(first(B, (s) => has(g, s) && !has(A, s)));
        expect(p.examples.bAvoids.map(key)).toEqual(first(A, (s) => !has(g, s) && !has(B, s)));
        expect(p.examples.bothMiss.map(key)).toEqual(first(g, (s) => !has(A, s) && !has(B, s)));
        expect(p.examples.bothWrong.map(key)).toEqual(first(A, (s) => !has(g, s) && has(B, s)));
        expect(p.examples.aFinds.map(key)).toEqual(first(A, (s) => has(g, s) && !has(B, s)));
        expect(p.examples.bAdds.map(key)).toEqual(first(B, (s) => !has(g, s) && !has(A, s)));
        // The pair alone, without the other systems: the same examples.
        const alone = compareSystems({ ...corpus, systems: corpus.systems.slice(0, 2) }, { match: 'strict', beta: 1, examples: limit });
        expect(pairAt(alone, 0, 1).examples).toEqual(p.examples);
      }),
      { numRuns: 100 },
    );
  });

  it('holds symmetric measures symmetric, caps examples and counts every cell consistently (random corpora)', () => {
    fc.assert(
      fc.property(corpusArb(2, 4), fc.integer({ min: 0, max: 3 }), (corpus, limit) => {
        const r = compareSystems(corpus, { match: 'strict', beta: 2, examples: limit });
        const n = corpus.systems.length;
        expect(r.pairs).toHaveLength(n * (n - 1));
        for (let i = 0; i < n; i++) {
          for (let j = 0; j < n; j++) {
            if (i === j) continue;
            const p = pairAt(r, i, j);
            const q = pairAt(r, j, i);
            expect(p.jaccard).toBe(q.jaccard);
            expect(p.kappa).toBe(q.kappa);
            expect(p.bothCorrect + p.onlyACorrect).toBe(r.systems[i].tp);
            expect(p.onlyAWrong + p.bothWrong).toBe(r.systems[i].fp);
            expect(p.bothMissed + p.onlyBCorrect).toBe(r.systems[i].fn);
            expect(p.examples.bFinds).toHaveLength(Math.min(limit, p.onlyBCorrect));
            expect(p.examples.bothMiss).toHaveLength(Math.min(limit, p.bothMissed));
            expect(p.examples.bothWrong).toHaveLength(Math.min(limit, p.bothWrong));
            expect(p.examples.bAvoids).toHaveLength(Math.min(limit, p.onlyAWrong));
            expect(p.examples.aFinds).toHaveLength(Math.min(limit, p.onlyACorrect));
            expect(p.examples.bAdds).toHaveLength(Math.min(limit, p.onlyBWrong));
            if (p.kappa !== null) expect(Math.abs(p.kappa)).toBeLessThanOrEqual(1 + 1e-12);
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('compareSystems: option names', () => {
  const corpus = makeCorpus([span(0, 2, 'PER')], [[span(0, 2, 'PER')], [span(0, 1, 'PER')]], ['a', 'b']);

  it('refuses a misspelt option, naming it and the option meant', () => {
    unknownOption(() => compareSystems(corpus, { example: 0 } as never), 'example', 'examples');
    unknownOption(() => compareSystems(corpus, { type: ['PER'] } as never), 'type', 'types');
    expect(compareSystems(corpus, { types: ['PER'], examples: 0 }).systems).toHaveLength(2);
  });
});
