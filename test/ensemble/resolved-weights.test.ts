/**
 * Resolved weights (what a saved plan stores): `f1` and `label-f1` turned into fixed `given`
 * and `table` weights simulate exactly like the originals, also on an index without gold.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Rule, WeightSpec } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex, ensembleSpans, resolvedWeights, simulate, type EnsembleIndex, type EnsembleResult } from '../../src/ensemble/simulate.js';
import type { Corpus } from '../../src/model/corpus.js';
import { corpusArb, makeCorpus, span } from '../helpers/corpus.js';

/** The ensemble's spans as keys (item ids differ between universes built with and without gold). */
const keys = (index: EnsembleIndex, r: EnsembleResult) => ensembleSpans(index, r).map((s) => `${s.start}-${s.end}:${s.label}`);

/** A member's later labels at a boundary dropped: one label per boundary and member. */
function dedupe(c: Corpus): Corpus {
  return {
    ...c,
    systems: c.systems.map((s) => {
      const seen = new Set<string>();
      return { ...s, spans: s.spans.filter((x) => !seen.has(`${x.start}-${x.end}`) && seen.add(`${x.start}-${x.end}`) !== undefined) };
    }),
  };
}

/** Random corpora, four in five with one label per boundary and member. */
const corpora = fc.tuple(corpusArb(2, 6), fc.nat(4)).map(([c, n]) => (n === 0 ? c : dedupe(c)));

const onePerBoundary = (c: Corpus) => c.systems.every((s) => new Set(s.spans.map((x) => `${x.start}-${x.end}`)).size === new Set(s.spans.map((x) => `${x.start}-${x.end}:${x.label}`)).size);

const members = (pick: boolean[], n: number) => {
  const m = Array.from({ length: n }, (_, k) => k).filter((k) => pick[k]);
  return m.length === 0 ? [0] : m;
};

describe('resolvedWeights', () => {
  it('f1 → given and label-f1 → table simulate identically, with gold and without (ties broken by the same ranking)', () => {
    fc.assert(
      fc.property(corpora, fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }), fc.constantFrom<WeightSpec['kind']>('f1', 'label-f1'), (corpus, pick, kind) => {
        const index = buildEnsembleIndex(corpus);
        const m = members(pick, corpus.systems.length);
        const rule: Rule = { kind: 'weighted', weights: kind === 'f1' ? { kind: 'f1' } : { kind: 'label-f1' } };
        const spec = resolvedWeights(index, m, rule)!;
        expect(spec.kind).toBe(kind === 'f1' ? 'given' : 'table');
        const original = simulate(index, m, rule);
        const resolved = simulate(index, m, { kind: 'weighted', weights: spec });
        expect(resolved.items.toArray()).toEqual(original.items.toArray());
        expect(resolved.ties).toBe(original.ties);
        // Without gold, with the planning ranking for ties: still the same ensemble — where each
        // member proposes one label per boundary. (A member proposing several votes for the first
        // in universe order, which puts gold items first: without gold the order can differ.)
        if (!onePerBoundary(corpus)) return;
        const noGold = { ...buildEnsembleIndex({ ...corpus, gold: { ...corpus.gold, spans: [] } }, { noGold: true }), rank: index.rank };
        const applied = simulate(noGold, m, { kind: 'weighted', weights: spec });
        expect(keys(noGold, applied)).toEqual(keys(index, original));
        expect(applied.ties).toBe(original.ties);
      }),
      { numRuns: 200 },
    );
  });

  it('stores one weight per member (f1) and every label plus the overall F1 per member (label-f1)', () => {
    const gold = [span(0, 1, 'PER'), span(2, 3, 'LOC')];
    const corpus = makeCorpus(gold, [[span(0, 1, 'PER'), span(2, 3, 'ORG')], [span(0, 1, 'PER')], [span(2, 3, 'LOC')]], ['a', 'b', 'c']);
    const index = buildEnsembleIndex(corpus);
    const given = resolvedWeights(index, [0, 2], { kind: 'weighted', weights: { kind: 'f1' } });
    expect(given).toEqual({ kind: 'given', weights: new Map([['a', index.f1[0]], ['c', index.f1[2]]]) });
    const table = resolvedWeights(index, [1], { kind: 'weighted', weights: { kind: 'label-f1' } });
    expect(table?.kind).toBe('table');
    const b = (table as Extract<WeightSpec, { kind: 'table' }>).weights.get('b')!;
    expect(b.overall).toBeCloseTo(2 / 3);
    expect([...b.byLabel.keys()].sort()).toEqual([...index.labels].sort());
    expect(b.byLabel.get('PER')).toBe(1);
    // Given weights are kept, restricted to the members; other rules have no weights.
    const fixed = resolvedWeights(index, [0], { kind: 'weighted', weights: { kind: 'given', weights: new Map([['a', 2], ['b', 3]]) } });
    expect(fixed).toEqual({ kind: 'given', weights: new Map([['a', 2]]) });
    expect(resolvedWeights(index, [0, 1], { kind: 'vote' })).toBeUndefined();
    expect(() => resolvedWeights(buildEnsembleIndex(corpus, { noGold: true }), [0], { kind: 'weighted', weights: { kind: 'f1' } }))
      .toThrow('f1 needs a gold standard');
  });
});

describe('table weights', () => {
  // Three members at one boundary: a says PER, b says LOC, c abstains (votes O).
  const corpus = makeCorpus([], [[span(0, 1, 'PER')], [span(0, 1, 'LOC')], []], ['a', 'b', 'c']);
  const index = buildEnsembleIndex(corpus, { noGold: true });
  const table = (rows: Record<string, [number, Record<string, number>]>): Rule => ({
    kind: 'weighted',
    weights: { kind: 'table', weights: new Map(Object.entries(rows).map(([n, [overall, by]]) => [n, { overall, byLabel: new Map(Object.entries(by)) }])) },
  });
  const labels = (rule: Rule) => Array.from(simulate(index, [0, 1, 2], rule).items.toArray(), (id) => index.universe.items[id].label);

  it('weighs a label vote by its label weight, O votes and labels missing from the table by overall', () => {
    // PER .9 vs LOC .5 vs O 1 → nothing wins over O.
    expect(labels(table({ a: [0.1, { PER: 0.9 }], b: [0.1, { LOC: 0.5 }], c: [1, {}] }))).toEqual([]);
    // PER .9 vs LOC .5 vs O .2 → PER.
    expect(labels(table({ a: [0.1, { PER: 0.9 }], b: [0.1, { LOC: 0.5 }], c: [0.2, {}] }))).toEqual(['PER']);
    // b has no LOC weight: its vote weighs its overall .95, which beats PER .9.
    expect(labels(table({ a: [0.1, { PER: 0.9 }], b: [0.95, { PER: 0.1 }], c: [0.2, {}] }))).toEqual(['LOC']);
  });

  it('needs an entry for every member and names systems only, and needs no gold', () => {
    expect(() => labels(table({ a: [1, {}], b: [1, {}] }))).toThrow('no weight for system "c"');
    expect(() => labels(table({ a: [1, {}], b: [1, {}], c: [1, {}], zz: [1, {}] }))).toThrow('"zz" is not a system');
  });
});
