/**
 * A loaded corpus keeps its sentences as columns: the table answers what the array of objects
 * would (start, end, document, line, id, which sentence holds a position), and `corpus.sentences`
 * is made from it only when read, with the objects a corpus built by hand would have.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareSystems } from '../../src/complementarity/matrix.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus } from '../../src/formats/load.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import { sentenceAt, type Corpus, type Sentence } from '../../src/model/corpus.js';
import { attachSentenceTable, SentenceTable, sentenceCount, sentenceOf, sentenceTable } from '../../src/model/sentence-table.js';
import { tempFiles } from '../helpers/temp.js';

const NEWS = join(import.meta.dirname, '../../examples/news');
const SYSTEMS = readdirSync(join(NEWS, 'systems')).filter((f) => f.endsWith('.conll')).sort()
  .map((f) => ({ name: f.replace(/\.conll$/, ''), path: join(NEWS, 'systems', f) }));
const temp = tempFiles('sentence-table');

function loadNews(): Corpus {
  return loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems: SYSTEMS });
}

/** The sentence holding `pos`, by looking at every sentence: the last whose start is at most `pos`. */
function holding(sentences: readonly Sentence[], pos: number): number {
  let k = 0;
  for (let i = 0; i < sentences.length; i++) if (sentences[i].start <= pos) k = i;
  return k;
}

function emptyCorpus(): Corpus {
  return { unit: 'token', documents: [], sentences: [], length: 0, gold: { name: 'gold', source: 'g', format: 'conll', spans: [], warnings: [] }, systems: [] };
}

describe('SentenceTable', () => {
  it('gives each sentence its start (the end before), end, document, line and id', () => {
    const t = new SentenceTable();
    t.push(3, 0, 2, undefined);
    t.push(3, 0, 6, 'r2');
    t.push(8, 1, 9, undefined);
    expect(t.length).toBe(3);
    expect([t.start(0), t.end(0), t.start(1), t.end(1), t.start(2), t.end(2)]).toEqual([0, 3, 3, 3, 3, 8]);
    expect([t.doc(2), t.line(1), t.id(1), t.id(0)]).toEqual([1, 6, 'r2', undefined]);
    expect(t.idList()).toEqual([undefined, 'r2', undefined]);
    expect(t.toArray()).toEqual([
      { index: 0, doc: 0, start: 0, end: 3, line: 2, id: undefined },
      { index: 1, doc: 0, start: 3, end: 3, line: 6, id: 'r2' },
      { index: 2, doc: 1, start: 3, end: 8, line: 9, id: undefined },
    ]);
    // The empty sentence 1 starts where sentence 2 does: the last of them holds the position.
    expect([0, 2, 3, 7, 8].map((p) => t.find(p))).toEqual([0, 0, 2, 2, 2]);
    expect(t.find(4, 0, 1)).toBe(1);
  });

  it('makes corpus.sentences only when it is read, then forgets the table; an array assigned replaces both', () => {
    const t = new SentenceTable();
    t.push(2, 0, 1, undefined);
    t.push(5, 0, 4, undefined);
    const corpus = emptyCorpus();
    attachSentenceTable(corpus, t);
    expect(sentenceCount(corpus)).toBe(2);
    expect(sentenceOf(corpus, 1)).toEqual({ index: 1, doc: 0, start: 2, end: 5, line: 4, id: undefined });
    expect(sentenceAt(corpus, 3)).toBe(1);
    expect(sentenceTable(corpus)).toBe(t);
    // Out of range is an error, before and after the sentences are made.
    for (const k of [2, -1, 0.5]) expect(() => sentenceOf(corpus, k)).toThrow(RangeError);
    const made = corpus.sentences;
    for (const k of [2, -1, 0.5]) expect(() => sentenceOf(corpus, k)).toThrow(RangeError);
    expect(made).toEqual(t.toArray());
    expect(sentenceTable(corpus)).toBeUndefined();
    expect(corpus.sentences).toBe(made);
    expect(sentenceOf(corpus, 0)).toBe(made[0]);

    const other = emptyCorpus();
    attachSentenceTable(other, t);
    const own: Sentence[] = [{ index: 0, doc: 0, start: 0, end: 5, line: 1 }];
    other.sentences = own;
    expect(other.sentences).toBe(own);
    expect(sentenceCount(other)).toBe(1);
    // Spread or serialised, the corpus has its sentences as a plain field.
    const third = emptyCorpus();
    attachSentenceTable(third, t);
    expect(JSON.parse(JSON.stringify(third)).sentences).toEqual(t.toArray());
  });
});

describe('a loaded corpus\'s sentences', () => {
  it('are not made by loading, scoring or comparing, and read as the objects sentence by sentence', () => {
    const corpus = loadNews();
    const table = sentenceTable(corpus);
    expect(table).toBeInstanceOf(SentenceTable);
    const scores = evaluate(corpus, {});
    compareSystems(corpus, { match: 'strict', beta: 1, examples: 3 });
    expect(sentenceTable(corpus)).toBe(table);
    expect(scores.gold.sentences).toBe(table!.length);

    const n = sentenceCount(corpus);
    const one = Array.from({ length: n }, (_, k) => sentenceOf(corpus, k));
    const at = Array.from({ length: corpus.length + 1 }, (_, p) => sentenceAt(corpus, p));
    const sentences = corpus.sentences;
    expect(sentences).toHaveLength(n);
    expect(one).toEqual(sentences);
    expect(at).toEqual(Array.from({ length: corpus.length + 1 }, (_, p) => holding(sentences, p)));
    // Contiguous, in order, each in a document that holds it.
    sentences.forEach((s, k) => {
      expect(s.index).toBe(k);
      expect(s.start).toBe(k === 0 ? 0 : sentences[k - 1].end);
      const d = corpus.documents[s.doc];
      expect(k >= d.firstSentence && k < d.endSentence).toBe(true);
    });
  });

  it('keep the lines and record ids of a JSONL gold standard', () => {
    const gold = temp([
      '{"id": "a", "tokens": ["Rain", "in", "Oslo"], "ner_tags": ["O", "O", "B-LOC"]}',
      '{"id": "b", "tokens": ["Ok"], "ner_tags": ["O"]}',
      '',
      '{"id": "c", "tokens": ["Bo", "Li"], "ner_tags": ["B-PER", "I-PER"]}',
      '',
    ].join('\n'), 'gold.jsonl');
    const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold, systems: [{ name: 's', path: gold }] });
    expect(sentenceCount(corpus)).toBe(3);
    expect([0, 1, 2].map((k) => sentenceOf(corpus, k))).toEqual([
      { index: 0, doc: 0, start: 0, end: 3, line: 1, id: 'a' },
      { index: 1, doc: 0, start: 3, end: 4, line: 2, id: 'b' },
      { index: 2, doc: 0, start: 4, end: 6, line: 4, id: 'c' },
    ]);
    expect(corpus.sentences.map((s) => s.id)).toEqual(['a', 'b', 'c']);
  });
});
