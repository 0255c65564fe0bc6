/**
 * Paired tests between every pair of systems: per-unit counts that add up to evaluate's, the
 * planner's tests run on them, pairs in name order, determinism for a seed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_OPTIONS, loadCorpus } from '../../src/formats/load.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import { DEFAULT_PAIRWISE_TEST_OPTIONS, systemCountsByUnit, pairwiseTests } from '../../src/metrics/pairwise-tests.js';
import { prf } from '../../src/metrics/prf.js';
import { pairedTests } from '../../src/plan/significance.js';
import { makeCorpus, span } from '../helpers/corpus.js';
import { unknownOption } from '../helpers/errors.js';

const NEWS = join(import.meta.dirname, '../../examples/news');
const news = loadCorpus({
  ...DEFAULT_LOAD_OPTIONS,
  gold: join(NEWS, 'gold.conll'),
  systems: readdirSync(join(NEWS, 'systems')).filter((f) => f.endsWith('.conll')).sort()
    .map((f) => ({ name: f.replace(/\.conll$/, ''), path: join(NEWS, 'systems', f) })),
});
const OPTIONS = { ...DEFAULT_PAIRWISE_TEST_OPTIONS, samples: 200, seed: 7 };

describe('systemCountsByUnit', () => {
  const report = evaluate(news);

  it('adds up to evaluate\'s counts, by document and over sentences, in every match mode', () => {
    for (const match of ['strict', 'boundary', 'overlap'] as const) {
      const r = evaluate(news, { match });
      news.systems.forEach((sys, k) => {
        const byDoc = systemCountsByUnit(news, news.gold.spans, sys.spans, match, 'document');
        expect(r.systems[k].byDocument.map((d) => [d.tp, d.fp, d.fn])).toEqual(r.systems[k].byDocument.map((_, u) => [byDoc[4 * u], byDoc[4 * u + 1], byDoc[4 * u + 2]]));
        const bySentence = systemCountsByUnit(news, news.gold.spans, sys.spans, match, 'sentence');
        const total = [0, 1, 2, 3].map((c) => bySentence.filter((_, i) => i % 4 === c).reduce((a, b) => a + b, 0));
        expect(total).toEqual([r.systems[k].tp, r.systems[k].fp, r.systems[k].fn, r.systems[k].s]);
      });
    }
    expect(report.systems.length).toBeGreaterThan(2);
  });
});

describe('pairwiseTests', () => {
  const t = pairwiseTests(news, OPTIONS);
  const f = (c: { tp: number; fp: number; fn: number }) => prf(c).f;

  it('tests every pair once, A before B in name order, over documents', () => {
    const names = news.systems.map((s) => s.name);
    expect(t.pairs.map((p) => `${p.a}|${p.b}`)).toEqual(names.flatMap((a, i) => names.slice(i + 1).map((b) => `${a}|${b}`)));
    expect([t.unit, t.units, t.samples, t.seed, t.confidence]).toEqual(['document', news.documents.length, 200, 7, 0.95]);
  });

  it('gives ΔF = F(A) − F(B) as evaluate scores them, and the planner\'s tests on the per-document counts', () => {
    const r = evaluate(news);
    const scores = new Map(r.systems.map((s) => [s.name, s.f]));
    for (const p of t.pairs) {
      expect(p.fA).toBeCloseTo(scores.get(p.a)!, 12);
      expect(p.fB).toBeCloseTo(scores.get(p.b)!, 12);
      expect(p.delta).toBeCloseTo(p.fA - p.fB, 12);
    }
    const [i, j] = [0, 2];
    const units = Array.from({ length: news.documents.length }, (_, u) => u);
    const direct = pairedTests([{
      units,
      a: systemCountsByUnit(news, news.gold.spans, news.systems[i].spans, 'strict', 'document'),
      b: systemCountsByUnit(news, news.gold.spans, news.systems[j].spans, 'strict', 'document'),
    }], f, { samples: 200, seed: 7 });
    const pair = t.pairs.find((p) => p.a === news.systems[i].name && p.b === news.systems[j].name)!;
    expect([pair.low, pair.high, pair.pBootstrap, pair.pRandomization]).toEqual([direct.low, direct.high, direct.pBootstrap, direct.pRandomization]);
  });

  it('is deterministic for a seed, and another seed resamples otherwise', () => {
    expect(pairwiseTests(news, OPTIONS)).toEqual(t);
    const other = pairwiseTests(news, { ...OPTIONS, seed: 8 });
    expect(other.pairs.map((p) => p.delta)).toEqual(t.pairs.map((p) => p.delta));
    expect(other.pairs.map((p) => p.pBootstrap)).not.toEqual(t.pairs.map((p) => p.pBootstrap));
  });

  it('finds no difference between identical systems (p = 1) and a clear one against a system that finds nothing', () => {
    const gold = [span(0, 2, 'PER'), span(3, 4, 'LOC'), span(12, 14, 'ORG'), span(20, 21, 'PER'), span(25, 27, 'LOC'), span(33, 34, 'ORG')];
    const corpus = makeCorpus(gold, [gold, gold, []], ['copy1', 'copy2', 'empty']);
    const r = pairwiseTests(corpus, OPTIONS);
    // One document: the units are its sentences.
    expect([r.unit, r.units]).toEqual(['sentence', 4]);
    const same = r.pairs.find((p) => p.a === 'copy1' && p.b === 'copy2')!;
    expect([same.delta, same.low, same.high, same.pBootstrap, same.pRandomization]).toEqual([0, 0, 0, 1, 1]);
    const far = r.pairs.find((p) => p.a === 'copy1' && p.b === 'empty')!;
    expect(far.delta).toBe(1);
    expect(far.low).toBe(1);
    // Four sentences allow 16 swaps: the smallest randomization p-value is about 2/16.
    expect(far.pRandomization).toBeLessThan(0.2);
    expect(far.pBootstrap).toBeCloseTo(1 / 201, 12);
  });

  it('counts only the --types asked for', () => {
    const loc = pairwiseTests(news, { ...OPTIONS, types: ['LOC'] });
    const r = evaluate(news, { types: ['LOC'] });
    expect(loc.pairs[0].fA).toBeCloseTo(r.systems[0].f, 12);
  });

  it('refuses a misspelt option, naming it and the option meant, and an option of evaluate it does not take', () => {
    unknownOption(() => pairwiseTests(news, { ...OPTIONS, sample: 10 } as never), 'sample', 'samples');
    unknownOption(() => pairwiseTests(news, { ...OPTIONS, kAlpha: 1 } as never), 'kAlpha');
    expect(pairwiseTests(news, { ...OPTIONS, samples: 10 }).samples).toBe(10);
  });
});
