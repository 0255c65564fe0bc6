/**
 * The gold standard as it is handed to worker threads (gold-handoff.ts): its columns make a
 * reference equal to the one the main thread read, and a gold that columns cannot carry is not
 * sent as such. Loads that hand the gold over are in load-parallel.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Span } from '../../src/model/corpus.js';
import { GoldBuilder } from '../../src/formats/gold-builder.js';
import { goldPartOf, referenceOf, sharedIndices, spansWithShared } from '../../src/formats/gold-handoff.js';
import type { RawSpan, ReadSummary, Segment } from '../../src/formats/segment.js';
import { toColumns } from '../../src/model/span-columns.js';

const SUMMARY: ReadSummary = { segments: 3, hasEmbeddedGold: false, warnings: ['a warning'], lines: 12, scheme: 'iob2', evidence: 1 };

function segment(tokens: string[], spans: RawSpan[], line: number, more: Partial<Segment> = {}): Segment {
  return { tokens, spans, line, tokenPerLine: true, source: 'gold.conll', tagEvidence: 1, ...more };
}

/** A gold of two documents and three sentences, with tags. */
function gold(more: Partial<Segment> = {}): GoldBuilder {
  const g = new GoldBuilder('gold.conll');
  g.add(segment(['EU', 'rejects', 'German', 'call'], [{ start: 0, end: 1, label: 'ORG', line: 1 }, { start: 2, end: 3, label: 'MISC', line: 3 }], 1, { docBreak: true, ...more }), [{ start: 0, end: 1, label: 'ORG', line: 1 }, { start: 2, end: 3, label: 'MISC', line: 3 }], ['B-ORG', 'O', 'B-MISC', 'O']);
  g.add(segment(['Peter', 'Blackburn'], [{ start: 0, end: 2, label: 'PER', line: 6 }], 6), [{ start: 0, end: 2, label: 'PER', line: 6 }], ['B-PER', 'I-PER']);
  g.add(segment(['BRUSSELS', '1996-08-22'], [{ start: 0, end: 1, label: 'LOC', line: 10 }], 10, { docBreak: true }), [{ start: 0, end: 1, label: 'LOC', line: 10 }], ['B-LOC', 'O']);
  g.finish();
  return g;
}

describe('goldPartOf and referenceOf', () => {
  it('make a reference with the documents, sentences, spans, tokens, tags and evidence of the one read', () => {
    const g = gold();
    const part = goldPartOf(g)!;
    // As it travels: cloned, as a message between threads is.
    const r = referenceOf('gold.conll', structuredClone({ part, summary: SUMMARY }));
    const h = r.gold;
    expect(h.documents).toEqual(g.documents);
    expect(h.sentences).toEqual(g.sentences);
    expect(h.spans).toEqual(g.spans);
    expect(h.tokens.slice()).toEqual(g.tokens.slice());
    expect(h.tags!.slice()).toEqual(g.tags!.slice());
    expect([...h.sentenceEnds]).toEqual([...g.sentenceEnds]);
    expect([...h.spanEnds]).toEqual([...g.spanEnds]);
    expect([...h.evidence!]).toEqual([...g.evidence!]);
    expect([h.length, h.unit, h.lineSafe]).toEqual([g.length, g.unit, g.lineSafe]);
    expect(r.summary).toEqual(SUMMARY);
    expect(r.embedded).toBeUndefined();
  });

  it('carry record ids and document ids (JSONL), the ids records are matched by', () => {
    const g = new GoldBuilder('gold.jsonl');
    g.add(segment(['EU', 'rejects'], [], 1, { id: 'r1', docId: 'doc-a' }), [{ start: 0, end: 1, label: 'ORG', line: 1 }]);
    g.add(segment(['Peter'], [], 2, { docId: 'doc-a' }), []);
    g.add(segment(['BRUSSELS'], [], 3, { id: 'r3', docId: 'doc-b' }), [{ start: 0, end: 1, label: 'LOC', line: 3 }]);
    g.finish();
    const part = goldPartOf(g)!;
    expect(part.documents.ids).toEqual(['doc-a', 'doc-b']);
    expect(part.sentences.ids).toEqual(['r1', null, 'r3']);
    const h = referenceOf('gold.jsonl', structuredClone({ part, summary: SUMMARY })).gold;
    expect(h.documents).toEqual(g.documents);
    expect(h.sentences).toEqual(g.sentences);
    expect([...h.idIndex]).toEqual([...g.idIndex]);
    // CoNLL's documents are numbered, and no ids travel.
    const conll = goldPartOf(gold())!;
    expect(conll.documents.ids).toBeUndefined();
    expect(conll.sentences.ids).toBeUndefined();
  });

  it('send no columns for a gold they cannot carry: text, fragments', () => {
    const text = new GoldBuilder('gold.jsonl');
    text.add({ text: 'EU rejects', spans: [], line: 1, source: 'gold.jsonl' }, []);
    expect(goldPartOf(text)).toBeUndefined();
    const fragments = new GoldBuilder('gold.conll');
    fragments.add(segment(['a', 'b', 'c'], [], 1), [{ start: 0, end: 3, label: 'X', line: 1, fragments: [[0, 1], [2, 3]] }]);
    expect(goldPartOf(fragments)).toBeUndefined();
  });
});

describe('sharedIndices and spansWithShared', () => {
  it('send a span that is a gold object as its index, and make it that object again on the other side', () => {
    const g: Span[] = [{ doc: 0, start: 0, end: 1, label: 'ORG' }, { doc: 0, start: 2, end: 3, label: 'MISC' }, { doc: 1, start: 6, end: 7, label: 'LOC' }];
    const copy = { ...g[1] };
    const system = [g[0], copy, { doc: 0, start: 4, end: 5, label: 'PER' }, g[2]];
    const shared = sharedIndices(system, g);
    expect([...shared]).toEqual([0, -1, -1, 2]);
    // The other side's gold: equal objects, not the same ones.
    const other = g.map((s) => ({ ...s }));
    const back = spansWithShared(toColumns(system)!, shared, other);
    expect(back).toEqual(system);
    expect(back[0]).toBe(other[0]);
    expect(back[3]).toBe(other[2]);
    expect(back[1]).not.toBe(other[1]);
  });
});
