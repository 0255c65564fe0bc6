/** Small corpora for property tests: one document of 4 sentences × 10 tokens, random spans. */
import fc from 'fast-check';
import type { Corpus, Span, SystemOutput } from '../../src/model/corpus.js';

export const LABELS = ['PER', 'LOC', 'ORG'] as const;
const SENTENCES = 4;
const WIDTH = 10;
export const LENGTH = SENTENCES * WIDTH;

export const span = (start: number, end: number, label: string, doc = 0): Span => ({ doc, start, end, label });

export const output = (name: string, spans: Span[]): SystemOutput => ({ name, source: `${name}.conll`, format: 'conll', spans, warnings: [] });

/** A token corpus of one document over LENGTH tokens (`w0`, `w1`, …) with the given spans. */
export function makeCorpus(gold: Span[], systems: Span[][], names?: string[]): Corpus {
  return {
    unit: 'token',
    documents: [{ index: 0, id: 'd1', start: 0, end: LENGTH, firstSentence: 0, endSentence: SENTENCES }],
    sentences: Array.from({ length: SENTENCES }, (_, i) => ({ index: i, doc: 0, start: i * WIDTH, end: (i + 1) * WIDTH, line: 1 + i * (WIDTH + 1) })),
    tokens: Array.from({ length: LENGTH }, (_, t) => `w${t}`),
    length: LENGTH,
    gold: output('gold', gold),
    systems: systems.map((s, k) => output(names?.[k] ?? `s${k}`, s)),
  };
}

/** A random span inside one sentence. */
export const spanArb: fc.Arbitrary<Span> = fc
  .record({ sentence: fc.integer({ min: 0, max: SENTENCES - 1 }), at: fc.integer({ min: 0, max: WIDTH - 1 }), len: fc.integer({ min: 1, max: 3 }), label: fc.constantFrom(...LABELS) })
  .map(({ sentence, at, len, label }) => span(sentence * WIDTH + at, sentence * WIDTH + Math.min(WIDTH, at + len), label));

/**
 * A random corpus with `min`..`max` systems. Systems copy a random share of the gold spans (so
 * they agree often, as real systems do) and add random spans of their own.
 */
export function corpusArb(min = 2, max = 5): fc.Arbitrary<Corpus> {
  return fc
    .record({
      gold: fc.array(spanArb, { maxLength: 12 }),
      systems: fc.array(fc.record({ keep: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), extra: fc.array(spanArb, { maxLength: 8 }) }), { minLength: min, maxLength: max }),
    })
    .map(({ gold, systems }) => makeCorpus(gold, systems.map((s) => [...gold.filter((_, i) => s.keep[i]), ...s.extra])));
}
