/**
 * The renderings of `complan compare`: matrices (rows A, columns B, diagonal ·, undefined —),
 * the JSON document, the CSV and the terminal shading.
 */
import { describe, expect, it } from 'vitest';
import { compareSystems, pairAt } from '../../src/complementarity/matrix.js';
import {
  COMPARE_CSV_FIELDS, COMPARE_METRICS, compareCsv, compareJson, compareTables, matrixTable, metricInfo,
} from '../../src/report/compare.js';
import { renderLatex, renderMarkdown, renderText } from '../../src/report/table.js';
import { makeCorpus, span } from '../helpers/corpus.js';

// Gold has four items. a: finds PER 0-2, mistypes LOC 3-4 as ORG, adds LOC 25-26.
// b: finds LOC 3-4 and ORG 12-14, adds LOC 25-26 and PER 30-31. p: perfect (nothing to fix).
const gold = [span(0, 2, 'PER'), span(3, 4, 'LOC'), span(12, 14, 'ORG'), span(20, 21, 'PER')];
const a = [span(0, 2, 'PER'), span(3, 4, 'ORG'), span(25, 26, 'LOC')];
const b = [span(3, 4, 'LOC'), span(12, 14, 'ORG'), span(25, 26, 'LOC'), span(30, 31, 'PER')];
const c = compareSystems(makeCorpus(gold, [a, b, gold], ['a', 'b', 'p']), { match: 'strict', beta: 1, examples: 2 });

describe('compareTables', () => {
  const tables = compareTables(c, ['rComp', 'pComp', 'fComp']);

  it('shows a numbered matrix still wider than the terminal in blocks of columns, every block with all the rows', () => {
    const many = compareSystems(makeCorpus(gold, Array.from({ length: 20 }, (_, k) => (k % 3 === 0 ? a : k % 3 === 1 ? b : gold)), Array.from({ length: 20 }, (_, k) => `system-${k}`)), { match: 'strict', beta: 1 });
    const [whole] = compareTables(many, ['rComp']).slice(1);
    const shown = compareTables(many, ['rComp'], 100);
    // The legend, then the matrix in blocks.
    expect(shown[0].columns[0].header).toBe('#');
    const blocks = shown.slice(1);
    expect(blocks.length).toBeGreaterThan(1);
    // Two even blocks: ten columns each.
    expect(blocks.map((t) => t.title!.replace(/^.* — /, ''))).toEqual(['columns 1–10 of 20', 'columns 11–20 of 20']);
    for (const t of blocks) {
      expect(t.rows).toHaveLength(20);
      expect(Math.max(...renderText([t], { color: false }).split('\n').filter((l) => !l.startsWith('Row A')).map((l) => l.length))).toBeLessThanOrEqual(100);
    }
    // Side by side, the blocks are the whole matrix (numbered), and only the last has the note.
    const numbered = compareTables(many, ['rComp'], 60).slice(1);
    expect(numbered.flatMap((t) => t.columns.slice(1).map((x) => x.header))).toEqual(Array.from({ length: 20 }, (_, k) => String(k + 1)));
    for (let r = 0; r < 20; r++) expect(blocks.flatMap((t) => t.rows[r].slice(1))).toEqual(whole.rows[r].slice(1));
    expect(blocks.map((t) => t.note !== undefined)).toEqual(blocks.map((_, k) => k === blocks.length - 1));
  });

  it('starts with the per-system summary: counts and conlleval-style P/R/F', () => {
    expect(tables).toHaveLength(4);
    expect(tables[0].title).toBe('Systems — 4 gold items in 1 document, 3 systems; strict match, F1');
    expect(tables[0].columns.map((x) => x.header)).toEqual(['system', 'TP', 'FP', 'FN', 'P', 'R', 'F1']);
    expect(tables[0].rows).toEqual([
      ['a', '1', '2', '3', '33.33', '25.00', '28.57'],
      ['b', '2', '2', '2', '50.00', '50.00', '50.00'],
      ['p', '4', '0', '0', '100.00', '100.00', '100.00'],
    ]);
  });

  it('puts metric(A, B) in row A, column B, the diagonal as ·, undefined as —', () => {
    const r = tables[1];
    expect(r.columns.map((x) => x.header)).toEqual(['A \\ B', 'a', 'b', 'p']);
    // R_Comp(a, b): a misses LOC 3-4, ORG 12-14, PER 20-21; b finds two → 2/3.
    // R_Comp(b, a): b misses PER 0-2 and PER 20-21; a finds one → 1/2. p misses nothing → —.
    expect(r.rows).toEqual([
      ['a', '·', '66.67', '100.00'],
      ['b', '50.00', '·', '100.00'],
      ['p', '—', '—', '·'],
    ]);
    expect(tables[2].rows[0]).toEqual(['a', '·', '50.00', '100.00']); // P_Comp(a, b): b also returns LOC 25-26.
    expect(tables[3].rows[0]).toEqual(['a', '·', '57.14', '100.00']); // 2·(1/2)(2/3)/(1/2 + 2/3) = 4/7.
  });

  it('says how to read each matrix in its title and note', () => {
    expect(tables[1].title).toBe('R_Comp (%) — row A, column B = what B offers A');
    expect(tables[1].note).toBe("Row A, column B: share of A's misses that B finds (R_Comp(A,B) = 1 - |FN_A ∩ FN_B| / |FN_A|), in %. "
      + '· diagonal; — undefined: A has nothing to fix (A misses no gold item).');
    expect(matrixTable(c, 'kappa').title).toBe('kappa (×100) — row A, column B');
    expect(matrixTable(c, 'comp').note).toContain('over tokens');
  });

  it('shows symmetric measures as symmetric matrices', () => {
    for (const m of ['kappa', 'jaccard'] as const) {
      const rows = matrixTable(c, m).rows;
      for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) expect(rows[i][j + 1], `${m} ${i},${j}`).toBe(rows[j][i + 1]);
      expect(metricInfo(m).symmetric).toBe(true);
    }
    // Jaccard(a, b) = |{LOC 25-26}| / |a ∪ b| = 1/6.
    expect(matrixTable(c, 'jaccard').rows[0][2]).toBe('16.67');
  });

  it('shades defined cells only, mapping kappa from [-1, 1] onto [0, 1]', () => {
    const r = matrixTable(c, 'rComp');
    expect(r.shade).toEqual([
      [null, null, 1 - 1 / 3, 1],
      [null, 0.5, null, 1],
      [null, null, null, null],
    ]);
    const k = matrixTable(c, 'kappa');
    const kab = pairAt(c, 0, 1).kappa!;
    expect(k.shade![0][2]).toBeCloseTo((kab + 1) / 2, 15);
  });

  it('colours the shaded cells on a terminal only when colour is on', () => {
    const plain = renderText([matrixTable(c, 'rComp')], { color: false });
    expect(plain).not.toContain('\u001b[');
    expect(plain).toContain('a          ·  66.67  100.00\nb      50.00      ·  100.00\np          —      —       ·\n');
    const coloured = renderText([matrixTable(c, 'rComp')], { color: true });
    // Four defined cells, each painted with a 256-colour background; undefined cells are dimmed.
    // eslint-disable-next-line no-control-regex
    expect(coloured.match(/\u001b\[48;5;\d+;38;5;\d+m/g)).toHaveLength(4);
    expect(coloured).toContain('\u001b[48;5;184;38;5;16m100.00\u001b[0m'); // 1 → the top of the scale, black on yellow (xterm 184, the cube colour nearest viridis there)
    expect(coloured).toContain('\u001b[2m    —\u001b[22m');
    // Without the escapes it is the plain rendering.
    // eslint-disable-next-line no-control-regex
    expect(coloured.replace(/\u001b\[[\d;]*m/g, '')).toBe(plain);
  });

  it('renders as Markdown and LaTeX, which ignore the shading', () => {
    const md = renderMarkdown(compareTables(c, ['rComp']));
    expect(md).toContain('| a | · | 66.67 | 100.00 |');
    expect(md).toContain('| p | — | — | · |');
    expect(md).not.toContain('\u001b[');
    const tex = renderLatex(compareTables(c, ['rComp']));
    expect(tex).toContain('p & --- & --- & $\\cdot$ \\\\');
    expect(tex).toContain('A \\textbackslash{} B & a & b & p \\\\');
    expect(tex).toContain('$\\cap$');
  });
});

describe('compareJson', () => {
  const doc = JSON.parse(JSON.stringify(compareJson(c))) as {
    schemaVersion: number; match: string; beta: number; basis: string; systems: string[];
    counts: Array<Record<string, number | string | null>>; pairs: Array<Record<string, unknown>>;
  };

  it('has the header, the systems and their counts', () => {
    expect(doc).toMatchObject({ schemaVersion: 1, match: 'strict', beta: 1, basis: 'tokens', documents: 1, systems: ['a', 'b', 'p'] });
    expect(doc.counts[0]).toMatchObject({ name: 'a', tp: 1, fp: 2, fn: 3, precision: 1 / 3, recall: 0.25 });
    expect(doc.counts[0].f).toBeCloseTo(2 / 7, 15);
  });

  it('has every ordered pair, A-major, with every key, unrounded, and null where undefined', () => {
    expect(doc.pairs.map((p) => `${p.a}>${p.b}`)).toEqual(['a>b', 'a>p', 'b>a', 'b>p', 'p>a', 'p>b']);
    for (const p of doc.pairs) {
      expect(Object.keys(p)).toEqual(['a', 'b', 'pComp', 'rComp', 'fComp', 'fBetaComp', 'comp', 'jaccard', 'kappa',
        'bothCorrect', 'onlyACorrect', 'onlyBCorrect', 'bothMissed', 'bothWrong', 'onlyAWrong', 'onlyBWrong', 'itemComp', 'examples']);
    }
    // Unrounded: exactly what the engine computed (1 − 1/3 is one ulp above 2/3).
    expect(doc.pairs[0].rComp).toBe(1 - 1 / 3);
    expect(doc.pairs[0].fComp).toBeCloseTo(4 / 7, 15);
    expect(doc.pairs[0].fBetaComp).toBe(doc.pairs[0].fComp);
    expect(doc.pairs[0]).toMatchObject({
      pComp: 0.5,
      bothCorrect: 0, onlyACorrect: 1, onlyBCorrect: 2, bothMissed: 1, bothWrong: 1, onlyAWrong: 1, onlyBWrong: 1,
    });
    // p has nothing to fix: every gold-based measure of (p, ·) is undefined; kappa and Jaccard are not.
    for (const p of doc.pairs.slice(4)) {
      expect([p.pComp, p.rComp, p.fComp, p.fBetaComp, p.comp, p.itemComp]).toEqual([null, null, null, null, null, null]);
      expect(typeof p.jaccard).toBe('number');
    }
  });

  it('keeps the example items of each pair', () => {
    const ex = doc.pairs[0].examples as Record<string, Array<{ text: string; label: string }>>;
    expect(Object.keys(ex)).toEqual(['bFinds', 'bAvoids', 'bothMiss', 'bothWrong', 'aFinds', 'bAdds']);
    expect(ex.bFinds.map((e) => `${e.text}/${e.label}`)).toEqual(['w3/LOC', 'w12 w13/ORG']);
  });
});

describe('compareCsv', () => {
  it('has one row per ordered pair with every numeric field, undefined values empty', () => {
    const lines = compareCsv(c).trimEnd().split('\n').map((l) => l.split(','));
    expect(lines[0]).toEqual(['a', 'b', ...COMPARE_CSV_FIELDS]);
    expect(lines).toHaveLength(1 + 6);
    const row = Object.fromEntries(lines[0].map((h, i) => [h, lines[1][i]]));
    expect(row).toMatchObject({ a: 'a', b: 'b', rComp: String(1 - 1 / 3), pComp: '0.5', bothMissed: '1', onlyBCorrect: '2' });
    const pRow = Object.fromEntries(lines[0].map((h, i) => [h, lines[5][i]]));
    expect(pRow).toMatchObject({ a: 'p', b: 'a', rComp: '', pComp: '', fComp: '', bothCorrect: '1' });
  });

  it('names every measure of --metric among its columns', () => {
    for (const m of COMPARE_METRICS) expect(COMPARE_CSV_FIELDS).toContain(m);
  });
});
