/**
 * Untyped tags (a bare B, I, E, S, L or U, as conlleval reads a tag without a hyphen: type "")
 * are chunked as conlleval chunks them, scored, reported as `(untyped)` in tables and `""` in
 * JSON and CSV, and written back as bare tags.
 */
import { describe, expect, it } from 'vitest';
import { formatConll } from '../../src/formats/write-conll.js';
import { formatJsonl } from '../../src/formats/write-jsonl.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import { evalCsv, evalJson, evalTables } from '../../src/report/eval.js';
import { renderText } from '../../src/report/table.js';
import { canonical, load, text, writeTemp } from './write-helpers.js';

// Invented sentences; gold and system tags side by side.
const GOLD = [
  'Ada B', 'Lovelace I', 'met O', 'Bo B', '.', '',
  'In O', 'Lund B-LOC', 'Cy I', 'Dee I', 'sang O', '',
].map((l) => (l === '.' ? '. O' : l)).join('\n');
const SYS = [
  // B I O B: both chunks right.
  'Ada B', 'Lovelace I', 'met O', 'Bo B', '. O', '',
  // conlleval: I after B-LOC is a new (untyped) chunk "Cy Dee": the gold has the same.
  'In O', 'Lund B-LOC', 'Cy I', 'Dee O', 'sang I', '',
].join('\n');

describe('untyped tags', () => {
  const gold = writeTemp('gold.conll', [`${GOLD}\n`]);
  const sys = writeTemp('sys.conll', [`${SYS}\n`]);
  const corpus = load(gold, [sys]);

  it('read as spans with the empty type, chunked as conlleval chunks them', () => {
    expect(corpus.gold.spans.map((s) => [s.start, s.end, s.label])).toEqual([[0, 2, ''], [3, 4, ''], [6, 7, 'LOC'], [7, 9, '']]);
    expect(corpus.systems[0].spans.map((s) => [s.start, s.end, s.label])).toEqual([[0, 2, ''], [3, 4, ''], [6, 7, 'LOC'], [7, 8, ''], [9, 10, '']]);
  });

  it('scored per type under the empty type: (untyped) in tables, "" in JSON and CSV', () => {
    const report = evaluate(corpus);
    const s = report.systems[0];
    expect([s.tp, s.fp, s.fn]).toEqual([3, 2, 1]);
    expect(s.byType['']).toMatchObject({ tp: 2, fp: 2, fn: 1 });
    const json = evalJson(report) as { systems: Array<{ byType: Record<string, { tp: number }> }> };
    expect(Object.keys(json.systems[0].byType).sort()).toEqual(['', 'LOC']);
    expect(json.systems[0].byType[''].tp).toBe(2);
    const table = renderText(evalTables(report), { color: false });
    expect(table).toMatch(/^s0\s+\(untyped\)\s+2\s+2\s+1\s/m);
    expect(evalCsv(report).split('\n')).toContain('s0,,2,2,1,0.5,0.6666666666666666,0.5714285714285715,,,,,,,,,,,');
  });

  it('written back as bare tags (IOB2 and IOBES), which read back as the same spans', () => {
    const spans = corpus.systems[0].spans;
    const iob2 = text(formatConll(corpus, spans).chunks);
    expect(iob2.split('\n').slice(0, 4)).toEqual(['Ada B', 'Lovelace I', 'met O', 'Bo B']);
    const iobes = text(formatConll(corpus, spans, { scheme: 'iobes' }).chunks);
    expect(iobes.split('\n').slice(0, 4)).toEqual(['Ada B', 'Lovelace E', 'met O', 'Bo S']);
    expect(iobes).toContain('Lund S-LOC\nCy S\nDee O\nsang S\n');
    for (const [name, out] of [['back.conll', iob2], ['back-iobes.conll', iobes]]) {
      const back = load(gold, [writeTemp(name, [out])]);
      expect(canonical(back.systems[0].spans)).toEqual(canonical(spans));
    }
  });

  it('written to JSONL with the label "", which reads back as untyped', () => {
    const spans = corpus.systems[0].spans;
    const jsonl = text(formatJsonl(corpus, spans));
    expect(jsonl).toContain('"label":""');
    const back = load(gold, [writeTemp('back.jsonl', [jsonl])]);
    expect(canonical(back.systems[0].spans)).toEqual(canonical(spans));
  });

  it('read from JSONL ner_tags too', () => {
    const rec = JSON.stringify({ tokens: ['Ada', 'Lovelace', 'met', 'Bo', '.'], ner_tags: ['B', 'I', 'O', 'B', 'O'] });
    const back = load(undefined, [writeTemp('tags.jsonl', [`${rec}\n`])], { allowNoGold: true });
    expect(back.systems[0].spans.map((s) => [s.start, s.end, s.label])).toEqual([[0, 2, ''], [3, 4, '']]);
  });
});
