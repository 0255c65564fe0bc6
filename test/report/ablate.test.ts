/**
 * Renderers of an ablation (src/report/ablate.ts) on a hand-built corpus: signed deltas, the
 * four kinds of table, undefined values, the JSON document, CSV, Markdown and LaTeX.
 */
import { describe, expect, it } from 'vitest';
import { ablate } from '../../src/ablation/ablate.js';
import {
  ABLATE_CSV_FIELDS, ablateCsv, ablateJson, ablateLatex, ablateTables, changesTable, complementarityTable, examplesTable,
  flagText, scoresTable, signedPoints,
} from '../../src/report/ablate.js';
import { renderMarkdown, renderText } from '../../src/report/table.js';
import { makeCorpus, span } from '../helpers/corpus.js';

const A = span(0, 2, 'PER');
const B = span(10, 11, 'LOC');
const C = span(20, 22, 'ORG');
const D = span(30, 31, 'PER');
const X = span(5, 6, 'ORG');
const Y = span(25, 26, 'LOC');
const Z = span(35, 37, 'PER');
const corpus = makeCorpus([A, B, C, D], [[A, B, X, Y], [A, C, X, Z], [A]], ['base', 'swap', 'precise']);
const a = ablate(corpus, 'base');

describe('signedPoints and flagText', () => {
  it.each([
    [0.0123, '+1.23'], [-0.004, '-0.40'], [0, '0.00'], [-0.00001, '0.00'], [0.00001, '0.00'], [1, '+100.00'],
    [null, '—'], [Infinity, '—'], [Number.NaN, '—'],
  ] as const)('%s → %s', (x, s) => {
    expect(signedPoints(x)).toBe(s);
  });

  it('shows the flag as yes, no or —', () => {
    expect([flagText(true), flagText(false), flagText(null)]).toEqual(['yes', 'no', '—']);
  });
});

describe('ablation tables', () => {
  it('scores: the baseline first, then the variants, as eval prints them', () => {
    const t = scoresTable(a);
    expect(t.title).toBe('Scores — 2 variants of base, 4 gold items; strict match, F1');
    expect(t.rows).toEqual([
      ['base', '2', '2', '2', '50.00', '50.00', '50.00', '100.00', '50.00'],
      ['swap', '2', '2', '2', '50.00', '50.00', '50.00', '100.00', '50.00'],
      ['precise', '1', '0', '3', '100.00', '25.00', '40.00', '75.00', '40.00'],
    ]);
  });

  it('changes: signed deltas in points, Jaccard, the flag emphasised', () => {
    const t = changesTable(a);
    expect(t.columns.map((c) => c.header)).toEqual(['variant', 'ΔP', 'ΔR', 'ΔF1', 'ΔSER', 'ΔK', 'Jaccard', 'flagged']);
    expect(t.rows).toEqual([
      ['swap', '0.00', '0.00', '0.00', '0.00', '0.00', '33.33', 'yes'],
      ['precise', '+50.00', '-25.00', '-10.00', '-25.00', '-10.00', '25.00', 'no'],
    ]);
    expect([...t.emphasis!]).toEqual(['0:7']);
    expect(t.note).toContain('|ΔF1| < 0.50 points and F_Comp > 25.00% in either direction');
  });

  it('complementarity: two rows per variant, counts as numerators, — where undefined', () => {
    const t = complementarityTable(a);
    expect(t.rows).toEqual([
      ['swap', 'variant → baseline', '1', '50.00', '1', '50.00', '50.00'],
      ['', 'baseline → variant', '1', '50.00', '1', '50.00', '50.00'],
      ['precise', 'variant → baseline', '0', '0.00', '2', '100.00', '0.00'],
      ['', 'baseline → variant', '1', '33.33', '0', '—', '—'],
    ]);
    expect(t.shade![3]).toEqual([null, null, null, 1 - 2 / 3, null, null, null]);
  });

  it('examples: one table per variant with changes, counts in the title', () => {
    const t = examplesTable(a, a.variants[0])!;
    expect(t.title).toBe('Examples — swap against base: gained 1, lost 1, introduced 1, removed 1 (first 5 of each)');
    expect(t.rows).toEqual([
      ['gained', 'd1', '3', '0-2', 'ORG', 'w20 w21'],
      ['lost', 'd1', '2', '0-1', 'LOC', 'w10'],
      ['introduced', 'd1', '4', '5-7', 'PER', 'w35 w36'],
      ['removed', 'd1', '3', '5-6', 'LOC', 'w25'],
    ]);
    // No examples asked for: the counts alone, which are always complete.
    const none = ablate(corpus, 'base', { examples: 0 });
    const counts = examplesTable(none, none.variants[0])!;
    expect(counts.title).toBe('Changed items — swap against base');
    expect(counts.rows).toEqual([['gained', '1'], ['lost', '1'], ['introduced', '1'], ['removed', '1']]);
  });

  it('puts the tables in order and explains the lists under the last one', () => {
    const tables = ablateTables(a);
    expect(tables.map((t) => t.title!.split(' — ')[0])).toEqual(['Scores', 'Changes against base', 'Complementarity (%)', 'Examples', 'Examples']);
    expect(tables[4].note).toMatch(/^gained: gold items the variant finds and the baseline misses; lost: /);
    // Sentences are numbered over the corpus, so the note says so beside the document column.
    expect(tables[4].note).toContain('. Sentences count from 1 over the whole corpus, not within the document, offsets within the sentence, end exclusive.');
    expect(tables[3].note).toBeUndefined();
    expect(ablateTables(ablate(corpus, 'base', { examples: 0 })).map((t) => t.title!.split(' — ')[0])).toEqual(['Scores', 'Changes against base', 'Complementarity (%)', 'Changed items', 'Changed items']);
    const text = renderText(tables);
    expect(text).toContain('swap     variant → baseline      1   50.00       1   50.00   50.00\n');
    expect(renderText(tables)).toBe(text);
  });
});

describe('ablation JSON and CSV', () => {
  const doc = ablateJson(a) as Record<string, unknown> & { variants: Array<Record<string, unknown>> };

  it('has the documented shape, nulls for undefined values and full counts', () => {
    expect(Object.keys(doc)).toEqual([
      'schemaVersion', 'baseline', 'match', 'beta', 'kAlpha', 'zeroDivision', 'types', 'goldItems', 'sameF', 'different', 'examples',
      'baselineScores', 'variants',
    ]);
    expect(doc).toMatchObject({ schemaVersion: 1, baseline: 'base', types: null, goldItems: 4, sameF: 0.005, different: 0.25, examples: 5 });
    expect(Object.keys(doc.variants[0])).toEqual([
      'name', 'deltaP', 'deltaR', 'deltaF', 'deltaSer', 'deltaK', 'fromVariant', 'fromBaseline', 'jaccard', 'sameScoreDifferentBehaviour',
      'gainedCount', 'lostCount', 'introducedCount', 'removedCount', 'gained', 'lost', 'introduced', 'removed', 'scores',
    ]);
    expect(doc.variants[1]).toMatchObject({
      name: 'precise', deltaP: 0.5, deltaR: -0.25,
      fromBaseline: { pComp: null, rComp: 1 - 2 / 3, fComp: null, fBetaComp: null },
      sameScoreDifferentBehaviour: false, gainedCount: 0, lostCount: 1, introducedCount: 0, removedCount: 2,
      scores: { tp: 1, fp: 0, fn: 3, precision: 1, recall: 0.25, c: 1, s: 0, d: 3, i: 0, ser: 0.75 },
    });
    expect(doc.variants[0].gained).toEqual([{ doc: 'd1', sentence: 3, start: 0, end: 2, label: 'ORG', text: 'w20 w21' }]);
    // Round-trips through JSON unchanged (no undefined, NaN or Infinity).
    expect(JSON.parse(JSON.stringify(doc))).toEqual(doc);
  });

  it('writes SER of an empty gold standard as null', () => {
    const empty = ablateJson(ablate(makeCorpus([], [[X], [X, Y]], ['base', 'more']), 'base')) as { variants: Array<{ deltaSer: unknown; scores: { ser: unknown } }> };
    expect(empty.variants[0].deltaSer).toBeNull();
    expect(empty.variants[0].scores.ser).toBeNull();
  });

  it('CSV: one row per variant, unrounded numbers, empty where undefined', () => {
    const lines = ablateCsv(a).trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(['variant', 'baseline', ...ABLATE_CSV_FIELDS].join(','));
    const row = Object.fromEntries(lines[2].split(',').map((v, i) => [lines[0].split(',')[i], v]));
    expect(row).toMatchObject({
      variant: 'precise', baseline: 'base', deltaP: '0.5', fromBaselinePComp: '', fromBaselineFComp: '',
      fromBaselineRComp: String(1 - 2 / 3), sameScoreDifferentBehaviour: 'false', removedCount: '2', tp: '1',
    });
  });
});

describe('ablation Markdown and LaTeX', () => {
  it('Markdown escapes the bars of |ΔF1|', () => {
    const md = renderMarkdown(ablateTables(a));
    expect(md).toContain('### Changes against base — variant − baseline, in points');
    expect(md).toContain('| swap | 0.00 | 0.00 | 0.00 | 0.00 | 0.00 | 33.33 | **yes** |');
    expect(md).toContain('\\|ΔF1\\| < 0.50 points');
  });

  it('LaTeX puts Δ, →, | and < in math mode', () => {
    const tex = ablateLatex(a);
    expect(tex).toContain('variant & \\ensuremath{\\Delta}P & \\ensuremath{\\Delta}R & \\ensuremath{\\Delta}F1 &');
    expect(tex).toContain('swap & variant \\ensuremath{\\rightarrow} baseline & 1 & 50.00 & 1 & 50.00 & 50.00 \\\\');
    expect(tex).toContain('\\ensuremath{|}\\ensuremath{\\Delta}F1\\ensuremath{|} \\ensuremath{<} 0.50');
    expect(tex).not.toMatch(/[Δ→]/);
  });
});
