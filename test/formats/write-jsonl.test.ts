import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_READ_OPTIONS, type Segment } from '../../src/formats/segment.js';
import { readJsonl } from '../../src/formats/jsonl.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import type { Corpus, Span } from '../../src/model/corpus.js';
import { formatJsonl, unitsToCodePoints } from '../../src/formats/write-jsonl.js';
import { inputError } from '../helpers/errors.js';
import { canonical, fixture, load, NEWS, NEWS_SYSTEMS, text, writeTemp } from './write-helpers.js';

/** Writes `spans` as JSONL and loads the file back as a system against `gold`. */
function roundTrip(gold: string, corpus: Corpus, spans: readonly Span[]): Corpus {
  return load(gold, [writeTemp('out.jsonl', formatJsonl(corpus, spans))]);
}

function records(chunks: Iterable<string>): Array<Record<string, unknown>> {
  return text(chunks).split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('formatJsonl: token mode', () => {
  const CONLL_GOLD = join(NEWS, 'gold.conll');
  const JSONL_GOLD = join(NEWS, 'jsonl/gold.jsonl');
  const news = load(CONLL_GOLD, NEWS_SYSTEMS.map((n) => join(NEWS, 'systems', `${n}.conll`)));
  const newsJsonl = load(JSONL_GOLD, NEWS_SYSTEMS.map((n) => join(NEWS, 'jsonl', `${n}.jsonl`)));

  it('reads back every system exactly against a CoNLL gold (no ids; doc_id from -DOCSTART-)', () => {
    for (const sys of news.systems) {
      const back = roundTrip(CONLL_GOLD, news, sys.spans);
      expect(canonical(back.systems[0].spans)).toEqual(canonical(sys.spans));
    }
    const recs = records(formatJsonl(news, news.systems[0].spans));
    expect(recs).toHaveLength(news.sentences.length);
    expect(Object.keys(recs[0])).toEqual(['doc_id', 'tokens', 'spans']);
    expect(recs[0].doc_id).toBe('#1');
  });

  it('reads back every system exactly against a JSONL gold with ids and doc_ids', () => {
    for (const sys of newsJsonl.systems) {
      const back = roundTrip(JSONL_GOLD, newsJsonl, sys.spans);
      expect(canonical(back.systems[0].spans)).toEqual(canonical(sys.spans));
    }
    const [first] = records(formatJsonl(newsJsonl, newsJsonl.systems[2].spans));
    expect(first).toEqual({
      id: 'd1-s1', doc_id: 'd1', tokens: ['SOCCER', '-', 'CASTLEBRIDGE', 'HOLD', 'LOWMERE', 'ROVERS', 'TO', '2-2', 'DRAW', '.'],
      spans: [{ start: 2, end: 4, label: 'ORG' }, { start: 4, end: 7, label: 'ORG' }],
    });
  });

  it('writes the gold itself back line for line (same records, keys and spans)', () => {
    const written = records(formatJsonl(newsJsonl, newsJsonl.gold.spans));
    const original = readFileSync(JSONL_GOLD, 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as unknown);
    expect(written).toEqual(original);
  });

  it('keeps the documents when the written file is read as a gold standard', () => {
    const asGold = load(writeTemp('g.jsonl', formatJsonl(news, news.gold.spans)), []);
    expect(asGold.documents).toEqual(news.documents);
    expect(canonical(asGold.gold.spans)).toEqual(canonical(news.gold.spans));
  });

  it('writes no doc_id (and no id) when the gold had neither', () => {
    const corpus = load(fixture('load/sys-nodoc.conll'), []);
    const recs = records(formatJsonl(corpus, corpus.gold.spans));
    expect(recs.every((r) => Object.keys(r).join() === 'tokens,spans')).toBe(true);
  });

  it('scores the gold written as a system at P = R = F = 1', () => {
    const s = evaluate(roundTrip(CONLL_GOLD, news, news.gold.spans)).systems[0];
    expect(s).toMatchObject({ tp: news.gold.spans.length, fp: 0, fn: 0, precision: 1, recall: 1, f: 1 });
  });

  it('keeps overlapping, nested and discontinuous spans, sorted by start, end, label', () => {
    const GOLD = fixture('write/gold-frag.jsonl');
    const corpus = load(GOLD, [fixture('write/sys-frag.jsonl')]);
    const spans = corpus.systems[0].spans;
    expect(spans.filter((s) => s.fragments !== undefined)).toHaveLength(2);
    const recs = records(formatJsonl(corpus, spans));
    expect(recs[0]).toEqual({
      doc_id: 'r1', tokens: ['Aspirin', 'and', 'ibuprofen', 'doses', 'were', 'cut', '.'],
      spans: [
        { start: 0, end: 1, label: 'DRUG' },
        { start: 0, end: 3, label: 'DRUG' },
        { start: 0, end: 4, label: 'DOSE', fragments: [[0, 1], [3, 4]] },
      ],
    });
    const back = roundTrip(GOLD, corpus, spans);
    expect(canonical(back.systems[0].spans)).toEqual(canonical(spans));
    const asGold = load(writeTemp('g.jsonl', formatJsonl(corpus, corpus.gold.spans)), []);
    expect(canonical(asGold.gold.spans)).toEqual(canonical(corpus.gold.spans));
    expect(asGold.documents.map((d) => d.id)).toEqual(['r1', 'r2']);
  });

  it('writes identical spans once', () => {
    const corpus = load(fixture('write/gold-frag.jsonl'), []);
    const s: Span = { doc: 0, start: 0, end: 1, label: 'DRUG' };
    expect(records(formatJsonl(corpus, [s, { ...s }]))[0].spans).toEqual([{ start: 0, end: 1, label: 'DRUG' }]);
  });

  it('rejects a span that runs into the next gold sentence', () => {
    const corpus = load(fixture('load/gold.conll'), []);
    expect(inputError(() => formatJsonl(corpus, [{ doc: 0, start: 11, end: 14, label: 'MISC' }])).message).toBe(
      'span [11, 14) "MISC" runs from sentence 2 into sentence 3; JSONL output has one record per gold sentence, so a span must stay inside one',
    );
  });

  it('skips a gold sentence without tokens, so the file aligns by order and reads back', () => {
    const gold = fixture('write/gold-empty-sentence.jsonl');
    const corpus = load(gold, []);
    const recs = records(formatJsonl(corpus, corpus.gold.spans));
    expect(recs.map((r) => r.tokens)).toEqual([['A', 'b'], ['C']]);
    const back = roundTrip(gold, corpus, corpus.gold.spans);
    expect(canonical(back.systems[0].spans)).toEqual(canonical(corpus.gold.spans));
  });

  it('can be iterated twice, one line per record', () => {
    const chunks = formatJsonl(news, news.systems[1].spans);
    const first = [...chunks];
    expect(first).toHaveLength(news.sentences.length);
    expect(first.every((c) => c.endsWith('}\n') && c.indexOf('\n') === c.length - 1)).toBe(true);
    expect([...chunks]).toEqual(first);
  });
});

describe('formatJsonl: character mode', () => {
  const GOLD = fixture('write/gold-emoji.jsonl');
  const corpus = load(GOLD, [fixture('write/sys-emoji.jsonl')]);

  it('reads back a system with nested spans after emoji exactly (offsets in code points)', () => {
    const sys = corpus.systems[0].spans;
    const back = roundTrip(GOLD, corpus, sys);
    expect(canonical(back.systems[0].spans)).toEqual(canonical(sys));
    const recs = records(formatJsonl(corpus, sys));
    expect(Object.keys(recs[0])).toEqual(['id', 'doc_id', 'text', 'spans']);
    // "Tessa 🎉 met Orla Quint at Dunmore Pier 🌊 on Sunday.": "Sunday" is at code point 44 (UTF-16 unit 46).
    expect(recs[0].spans).toContainEqual({ start: 44, end: 50, label: 'DATE' });
    expect(corpus.texts![0].slice(46, 52)).toBe('Sunday');
  });

  it('writes the gold file back exactly, and the gold as a system scores 1', () => {
    const written = records(formatJsonl(corpus, corpus.gold.spans));
    const original = readFileSync(GOLD, 'utf8').split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as unknown);
    expect(written).toEqual(original);
    const s = evaluate(roundTrip(GOLD, corpus, corpus.gold.spans)).systems[0];
    expect(s).toMatchObject({ fp: 0, fn: 0, precision: 1, recall: 1, f: 1 });
  });

  it('writes char-mode records without ids when the gold had none, aligned by order', () => {
    const gold = fixture('load/gold-text.jsonl');
    const c = load(gold, [fixture('load/sys-text.jsonl')]);
    const recs = records(formatJsonl(c, c.systems[0].spans));
    expect(recs.every((r) => Object.keys(r).join() === 'text,spans')).toBe(true);
    expect(canonical(roundTrip(gold, c, c.systems[0].spans).systems[0].spans)).toEqual(canonical(c.systems[0].spans));
  });

  it('round-trips a BRAT gold with discontinuous spans (ids and doc_id = file name)', () => {
    const gold = fixture('brat/corpus');
    const c = load(gold, []);
    expect(c.gold.spans.some((s) => s.fragments !== undefined)).toBe(true);
    const path = writeTemp('brat.jsonl', formatJsonl(c, c.gold.spans));
    const back = load(gold, [path]);
    expect(canonical(back.systems[0].spans)).toEqual(canonical(c.gold.spans));
    expect(evaluate(back).systems[0]).toMatchObject({ fp: 0, fn: 0, f: 1 });
    const asGold = load(path, []);
    expect(asGold.texts).toEqual(c.texts);
    expect(asGold.documents.map((d) => d.id)).toEqual(c.documents.map((d) => d.id));
  });

  it('writes a record with empty text, which aligns like any other', () => {
    const gold = writeTemp('g.jsonl', ['{"id": "a", "text": "Ann"}\n{"id": "b", "text": ""}\n{"id": "c", "text": "Bo"}\n']);
    const c = load(gold, []);
    const spans: Span[] = [{ doc: 0, start: 0, end: 3, label: 'P' }, { doc: 0, start: 3, end: 5, label: 'P' }];
    expect(records(formatJsonl(c, spans)).map((r) => r.text)).toEqual(['Ann', '', 'Bo']);
    expect(canonical(roundTrip(gold, c, spans).systems[0].spans)).toEqual(spans);
  });

  it('rejects an offset inside a surrogate pair', () => {
    // "Tessa 🎉 met": the emoji takes UTF-16 units 6 and 7; "met" is at code points 8-11.
    const err = inputError(() => formatJsonl(corpus, [{ doc: 0, start: 9, end: 12, label: 'Y' }, { doc: 0, start: 0, end: 7, label: 'X' }]));
    expect(err.message).toBe('cannot write JSONL: span X "Tessa \\ud83c" (sentence 1, characters 0-7) has an offset inside a surrogate pair');
    const ok = records(formatJsonl(corpus, [{ doc: 0, start: 9, end: 12, label: 'Y' }]));
    expect(ok[0].spans).toEqual([{ start: 8, end: 11, label: 'Y' }]);
  });
});

describe('unitsToCodePoints', () => {
  it('is the identity without astral characters and counts a pair as one code point', () => {
    expect(unitsToCodePoints('abc')(3)).toBe(3);
    const f = unitsToCodePoints('a😀b😀');
    expect([0, 1, 2, 3, 4, 5, 6].map(f)).toEqual([0, 1, -1, 2, 3, -1, 4]);
  });
});

describe('readJsonl: fragments (read back what the writer writes)', () => {
  const read = (line: string): Segment => {
    const segs: Segment[] = [];
    readJsonl(writeTemp('r.jsonl', [`${line}\n`]), DEFAULT_READ_OPTIONS, (s) => segs.push(s));
    return segs[0];
  };

  it('reads sorted fragments in token and character mode (code points to UTF-16)', () => {
    expect(read('{"tokens": ["a", "b", "c"], "spans": [{"start": 0, "end": 3, "label": "X", "fragments": [[2, 3], [0, 1]]}]}').spans[0])
      .toMatchObject({ start: 0, end: 3, fragments: [[0, 1], [2, 3]] });
    expect(read('{"text": "😀 ab cd", "spans": [{"start": 2, "end": 7, "label": "X", "fragments": [[2, 4], [5, 7]]}]}').spans[0])
      .toMatchObject({ start: 3, end: 8, fragments: [[3, 5], [6, 8]] });
  });

  it('treats a single fragment equal to the span as a contiguous span', () => {
    const span = read('{"tokens": ["a", "b"], "spans": [{"start": 0, "end": 2, "label": "X", "fragments": [[0, 2]]}]}').spans[0];
    expect(span.fragments).toBeUndefined();
  });

  it('rejects fragments whose hull is not the span, or that are malformed', () => {
    const bad = (spans: string) => inputError(() => read(`{"tokens": ["a", "b", "c"], "spans": [${spans}]}`)).message;
    expect(bad('{"start": 0, "end": 3, "label": "X", "fragments": [[0, 1], [1, 2]]}')).toMatch(/:1: span \[0, 3\) "X" has fragments \[\[0,1\],\[1,2\]\] whose hull is not \[start, end\)$/);
    expect(bad('{"start": 0, "end": 3, "label": "X", "fragments": []}')).toContain('not a non-empty array');
    expect(bad('{"start": 0, "end": 3, "label": "X", "fragments": [[0, "1"], [2, 3]]}')).toContain('fragment [0,"1"], expected [start, end] with integer offsets');
    expect(bad('{"start": 0, "end": 3, "label": "X", "fragments": [[2, 1], [0, 3]]}')).toContain('fragment [2, 1] with end ≤ start');
    expect(bad('{"start": 0, "end": 3, "label": "X", "fragments": [[0, 1], [2, 4]]}')).toContain('fragment [2, 4] outside the record (3 tokens)');
  });
});
