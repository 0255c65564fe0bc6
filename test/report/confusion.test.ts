/**
 * The renderings of the type-confusion matrices: one table per system (missed column, spurious
 * row, row shares as shading), a long CSV with every cell, and SVG heatmaps drawn with the
 * heatmap grid, one panel per system.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/metrics/evaluate.js';
import { confusionCsv, confusionSvg, confusionTables } from '../../src/report/confusion.js';
import { confusionHtml, systemsScoreTable, systemsTypeTable } from '../../src/report/html-systems.js';
import { schemasTables } from '../../src/report/schemas.js';
import { renderText } from '../../src/report/table.js';
import { makeCorpus, span } from '../helpers/corpus.js';
import { all, parseXml } from '../helpers/xml.js';
import { unknownOption } from '../helpers/errors.js';

const gold = [span(0, 2, 'PER'), span(3, 4, 'LOC'), span(5, 6, 'ORG'), span(12, 14, 'ORG')];
const a = [span(0, 2, 'PER'), span(3, 4, 'ORG'), span(5, 7, 'ORG'), span(20, 21, 'LOC')];
const b = [span(0, 2, 'LOC'), span(3, 4, 'LOC'), span(12, 14, 'ORG')];
const report = evaluate(makeCorpus(gold, [a, b], ['a&b', 'plain']));

describe('confusionTables', () => {
  const tables = confusionTables(report);

  it('has one table per system: gold types then spurious as rows, predicted types then missed as columns', () => {
    expect(tables).toHaveLength(2);
    const t = tables[0];
    expect(t.columns.map((c) => c.header)).toEqual(['gold \\ predicted', 'LOC', 'ORG', 'PER', 'missed']);
    expect(t.rows).toEqual([
      ['LOC', '0', '1', '0', '0'],
      ['ORG', '0', '0', '0', '2'],
      ['PER', '0', '0', '1', '0'],
      ['spurious', '1', '1', '0', ''],
    ]);
    expect(tables[1].rows[2]).toEqual(['PER', '1', '0', '0', '0']);
    expect(tables[0].title).toContain('a&b');
    expect(tables[1].note).toContain('missed');
  });

  it('shades each cell by its share of the row, and leaves labels and the corner unshaded', () => {
    const shade = tables[0].shade!;
    expect(shade[1]).toEqual([null, 0, 0, 0, 1]);
    expect(shade[3]).toEqual([null, 0.5, 0.5, 0, null]);
    expect(renderText(tables, { color: true })).toContain('\u001b[');
  });
});

describe('confusionCsv', () => {
  it('lists every cell of every system, missed with no predicted type and spurious with no gold type', () => {
    const lines = confusionCsv(report).trimEnd().split('\n');
    expect(lines[0]).toBe('system,gold,predicted,count');
    // Per system: 3 types × (3 + missed) + 3 spurious.
    expect(lines).toHaveLength(1 + 2 * (3 * 4 + 3));
    expect(lines).toContain('a&b,LOC,ORG,1');
    expect(lines).toContain('a&b,ORG,,2');
    expect(lines).toContain('a&b,,LOC,1');
    expect(lines).toContain('plain,PER,LOC,1');
  });
});

describe('confusionSvg', () => {
  const svg = confusionSvg(report);
  const doc = parseXml(svg);

  it('draws one panel per system, each with its cells (no corner cell) holding the counts', () => {
    const panels = all(doc, (e) => e.name === 'g' && e.attrs.class === 'panel');
    expect(panels).toHaveLength(2);
    const cells = all(doc, (e) => e.name === 'rect' && e.attrs.class === 'cell');
    expect(cells).toHaveLength(2 * (3 * 4 + 3));
    const first = cells.slice(0, 15).map((e) => `${e.attrs['data-gold']}>${e.attrs['data-predicted']}=${e.attrs['data-count']}`);
    expect(first).toContain('LOC>ORG=1');
    expect(first).toContain('ORG>=2');
    expect(first).toContain('>LOC=1');
    expect(svg).toContain('Type confusion of a&amp;b');
    expect(Number(doc.attrs.height)).toBeGreaterThan(2 * 200);
  });

  it('is deterministic', () => {
    expect(confusionSvg(report)).toBe(svg);
  });

  it('takes a title: the document\'s, and a lone system\'s panel title; several panels keep their systems\' titles', () => {
    const titled = confusionSvg(report, { title: 'Confusions, dev set' });
    expect(titled).toContain('<title>Confusions, dev set</title>');
    expect(titled).toContain('Type confusion of a&amp;b');
    expect(titled).toContain('Type confusion of plain');
    const one = evaluate(makeCorpus(gold, [a], ['a']));
    const lone = confusionSvg(one, { title: 'Confusions, dev set' });
    expect(lone).not.toContain('Type confusion of a');
    expect(lone.split('Confusions, dev set').length - 1).toBeGreaterThanOrEqual(2);
    expect(confusionSvg(one)).toContain('Type confusion of a');
  });
});

describe('the untyped type (bare B, I tags) in the renderings', () => {
  const untyped = evaluate(makeCorpus([span(0, 2, ''), span(3, 4, 'LOC')], [[span(0, 2, 'LOC'), span(3, 4, '')]], ['sys']), { schemas: true });

  it('is named (untyped) in the matrix table, the CSV and the SVG, never an empty label', () => {
    const [t] = confusionTables(untyped);
    expect(t.columns.map((c) => c.header)).toEqual(['gold \\ predicted', '(untyped)', 'LOC', 'missed']);
    expect(t.rows.map((r) => r[0])).toEqual(['(untyped)', 'LOC', 'spurious']);
    // In the CSV an empty gold or predicted field means spurious or missed: the type is named.
    expect(confusionCsv(untyped).split('\n')).toContain('sys,(untyped),LOC,1');
    const cells = all(parseXml(confusionSvg(untyped)), (e) => e.name === 'rect' && e.attrs.class === 'cell');
    expect(cells.map((e) => `${e.attrs['data-gold']}>${e.attrs['data-predicted']}=${e.attrs['data-count']}`)).toContain('(untyped)>LOC=1');
  });

  it('is named (untyped) in the per-type table of the SemEval schemas and of the HTML report', () => {
    const rows = schemasTables(untyped)[1].rows.map((r) => r[1]);
    expect(new Set(rows)).toEqual(new Set(['(untyped)', 'LOC']));
    expect(systemsTypeTable(untyped).rows.map((r) => r[1])).toContain('(untyped)');
    expect(systemsScoreTable(untyped).columns.map((c) => c.header)).toContain('(untyped) F1');
    expect(confusionHtml('sys', untyped.systems[0].confusion)).toContain('<th scope="row">(untyped)</th>');
  });
});

describe('confusionSvg with hostile labels', () => {
  it('escapes control characters (XML cannot hold them) and clips a label of a million characters', () => {
    const long = 'L'.repeat(1_000_000);
    const hostile = 'X\u001b[2J\nY\u0007';
    const r = evaluate(makeCorpus([span(0, 2, hostile), span(3, 4, long)], [[span(0, 2, long), span(3, 4, hostile)]], ['a']));
    const svg = confusionSvg(r);
    // eslint-disable-next-line no-control-regex
    expect(svg).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(svg).toContain('X\\e[2J\\nY\\x07');
    expect(svg).toContain('…(999800 more characters)');
    expect(svg.length).toBeLessThan(60_000);
    expect(all(parseXml(svg), (e) => e.name === 'rect' && e.attrs.class === 'cell').length).toBeGreaterThan(0);
  });
});

describe('confusionSvg: option names', () => {
  it('refuses a misspelt option, naming it and the option meant', () => {
    unknownOption(() => confusionSvg(report, { cellsize: 40 } as never), 'cellsize', 'cellSize');
    expect(confusionSvg(report, { fontFamily: 'serif' })).toContain('font-family="serif"');
  });
});
