/**
 * Renderings of a {@link Comparison}: one square matrix per complementarity
 * measure for text, Markdown and LaTeX, the JSON document (schemaVersion 1) and a CSV with one
 * row per ordered pair. Pure functions of the comparison.
 *
 * Reading a matrix: row A, column B holds metric(A, B) — what B offers A (Derczynski 2016). The
 * complementarity measures are asymmetric, so cell (A, B) and cell (B, A) differ; kappa and
 * Jaccard are symmetric. The diagonal is `·`; an undefined value (A has nothing to fix: a zero
 * denominator) is `—` in tables, `null` in JSON and empty in CSV, never a made-up number.
 */
import type { Comparison, PairStats, SystemCounts } from '../complementarity/matrix.js';
import { pairAt } from '../complementarity/matrix.js';
import { conllevalPercent, fixed, jsonNumber, percent } from './number.js';
import type { Column, Table } from './table.js';
import { renderCsv } from './table.js';
import { typeName } from './type-name.js';
import { matchTypesSuffix } from './table-context.js';
import { DEFAULT_COMPARE_METRICS, type CompareMetric } from './compare-metrics.js';
import { checkReport, COMPARISON, COMPARISON_KEYS } from './report-check.js';

export const COMPARE_SCHEMA_VERSION = 1;

export { COMPARE_METRICS, DEFAULT_COMPARE_METRICS, type CompareMetric } from './compare-metrics.js';

export interface MetricInfo {
  /** Short name, e.g. "R_Comp". */
  name: string;
  /** What cell (A, B) says, completing "row A, column B: …". */
  reading: string;
  /** The formula, for notes and captions. */
  formula: string;
  /** Why a cell can be undefined. */
  undefinedWhen: string;
  /** Whether metric(A, B) = metric(B, A). */
  symmetric: boolean;
  /** The smallest value the measure can take (kappa can be negative). */
  min: number;
}

/** Name, reading and formula of each measure; `beta` and `basis` complete some of them. */
export function metricInfo(metric: CompareMetric, beta = 1, basis: 'tokens' | 'items' = 'tokens', match: 'strict' | 'boundary' = 'strict'): MetricInfo {
  const nothing = 'A has nothing to fix';
  switch (metric) {
    case 'rComp':
      return {
        name: 'R_Comp', reading: "share of A's misses that B finds", formula: 'R_Comp(A,B) = 1 - |FN_A ∩ FN_B| / |FN_A|',
        undefinedWhen: `${nothing} (A misses no gold item)`, symmetric: false, min: 0,
      };
    case 'pComp':
      return {
        name: 'P_Comp', reading: "share of A's spurious items that B avoids", formula: 'P_Comp(A,B) = 1 - |FP_A ∩ FP_B| / |FP_A|',
        undefinedWhen: `${nothing} (A returns no spurious item)`, symmetric: false, min: 0,
      };
    case 'fComp':
      return {
        name: 'F_Comp', reading: 'harmonic mean of P_Comp(A,B) and R_Comp(A,B)', formula: 'F_Comp = 2·P_Comp·R_Comp / (P_Comp + R_Comp)',
        undefinedWhen: 'P_Comp or R_Comp is undefined', symmetric: false, min: 0,
      };
    case 'fBetaComp':
      return {
        name: `F_${beta}Comp`, reading: `F_β of P_Comp(A,B) and R_Comp(A,B), β = ${beta}`,
        formula: 'F_βComp = (1+β²)·P_Comp·R_Comp / (β²·P_Comp + R_Comp)',
        undefinedWhen: 'P_Comp or R_Comp is undefined', symmetric: false, min: 0,
      };
    case 'comp':
      return basis === 'tokens'
        ? {
          name: 'Comp', reading: "share of the tokens A tags wrongly that B tags right (Brill & Wu)",
          formula: 'Comp(A,B) = 1 - |A_wrong ∩ B_wrong| / |A_wrong| over tokens',
          undefinedWhen: `${nothing} (A tags every token right)`, symmetric: false, min: 0,
        }
        : {
          name: 'Comp', reading: "share of A's wrong items (misses and spurious) that B gets right (Brill & Wu, on items)",
          formula: 'Comp(A,B) = 1 - (|FN_A ∩ FN_B| + |FP_A ∩ FP_B|) / (|FN_A| + |FP_A|)',
          undefinedWhen: `${nothing} (A makes no error)`, symmetric: false, min: 0,
        };
    case 'kappa':
      return {
        name: 'kappa',
        reading: basis === 'tokens'
          ? (match === 'boundary'
            ? "Cohen's kappa of the two systems' tags over tokens (each token's tag without its type, boundary match: B-, I- or O; symmetric, needs no gold)"
            : "Cohen's kappa of the two systems' tags over tokens (each token's IOB2 tag: B- or I- and its type, or O; symmetric, needs no gold)")
          : `Cohen's kappa of the two selections over ${basis} (symmetric, needs no gold)`,
        formula: 'κ = (p_o - p_e) / (1 - p_e)', undefinedWhen: 'p_e = 1 (both select the same single category everywhere)',
        symmetric: true, min: -1,
      };
    case 'jaccard':
      return {
        name: 'Jaccard', reading: 'overlap of the two selections, whatever gold says (symmetric)', formula: 'J = |A ∩ B| / |A ∪ B|',
        undefinedWhen: 'both select nothing', symmetric: true, min: 0,
      };
  }
}

/** The value of `metric` in a pair. */
export function metricValue(p: PairStats, metric: CompareMetric): number | null {
  return jsonNumber(p[metric]);
}

/** The diagonal of a matrix: a system is not compared with itself. */
export const DIAGONAL = '·';

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** Describes the comparison in one line, for table titles. */
export function compareHeadline(c: Comparison): string {
  const types = c.types ? `, types ${c.types.map(typeName).join(',')}` : '';
  const beta = c.beta === 1 ? 'F1' : `F${c.beta}`;
  return `${count(c.goldItems, 'gold item')} in ${count(c.documents, 'document')}, ${count(c.systems.length, 'system')}; ${c.match} match, ${beta}${types}`;
}

/** P/R/F as `eval` prints them: conlleval's percentages at β = 1, else the fractions ×100. */
function shownPrf(s: SystemCounts, beta: number): [string, string, string] {
  if (beta === 1 && s.tp > 0) {
    const p = conllevalPercent(s.tp, s.tp + s.fp);
    const r = conllevalPercent(s.tp, s.tp + s.fn);
    return [fixed(p), fixed(r), fixed(p + r === 0 ? 0 : (2 * p * r) / (p + r))];
  }
  return [percent(s.precision), percent(s.recall), percent(s.f)];
}

/**
 * The per-system summary: the counts the matrices are made of. `numbered`: a first column `#`
 * gives each system the number the matrices use for it.
 */
export function systemsTable(c: Comparison, numbered = false): Table {
  const fName = c.beta === 1 ? 'F1' : `F${c.beta}`;
  const columns: Column[] = [
    { header: 'system' }, { header: 'TP', align: 'right' }, { header: 'FP', align: 'right' }, { header: 'FN', align: 'right' },
    { header: 'P', align: 'right' }, { header: 'R', align: 'right' }, { header: fName, align: 'right' },
  ];
  const rows = c.systems.map((s) => [s.name, String(s.tp), String(s.fp), String(s.fn), ...shownPrf(s, c.beta)]);
  return {
    title: `Systems — ${compareHeadline(c)}`,
    columns: numbered ? [{ header: '#', align: 'right' }, ...columns] : columns,
    rows: numbered ? rows.map((r, k) => [String(k + 1), ...r]) : rows,
    note: 'FN: gold items the system misses; FP: spurious items it returns. The matrices below compare these errors.'
      + (numbered ? ' The matrices name each system by its number (#).' : ''),
  };
}

/**
 * The matrix of one measure: rows A (the system complemented), columns B (the system offering),
 * cell (A, B) = metric(A, B) as a percentage with two decimals, like `eval`'s scores. Each
 * defined cell carries a shade in [0, 1] (kappa's [-1, 1] is mapped onto it) for the terminal.
 */
export function matrixTable(c: Comparison, metric: CompareMetric, numbered = false): Table {
  const info = metricInfo(metric, c.beta, c.basis, c.match);
  const n = c.systems.length;
  const rows: string[][] = [];
  const shade: (number | null)[][] = [];
  for (let a = 0; a < n; a++) {
    const row = [numbered ? String(a + 1) : c.systems[a].name];
    const sh: (number | null)[] = [null];
    for (let b = 0; b < n; b++) {
      if (a === b) {
        row.push(DIAGONAL);
        sh.push(null);
        continue;
      }
      const v = metricValue(pairAt(c, a, b), metric);
      row.push(percent(v));
      sh.push(v === null ? null : (v - info.min) / (1 - info.min));
    }
    rows.push(row);
    shade.push(sh);
  }
  const direction = info.symmetric ? 'row A, column B' : 'row A, column B = what B offers A';
  const unit = metric === 'kappa' ? '×100' : 'in %';
  return {
    // Like eval's later tables, a matrix repeats a match mode or types other than the defaults.
    title: `${info.name} (${metric === 'kappa' ? '×100' : '%'}) — ${direction}${matchTypesSuffix(c.match, c.types)}`,
    columns: [{ header: 'A \\ B' }, ...c.systems.map((s, b) => ({ header: numbered ? String(b + 1) : s.name, align: 'right' as const }))],
    rows,
    shade,
    note: `Row A, column B: ${info.reading} (${info.formula}), ${unit}. ${DIAGONAL} diagonal; — undefined: ${info.undefinedWhen}.`,
  };
}

/** Characters of a matrix row with systems named: the widest name, then a column per system. */
function namedMatrixWidth(c: Comparison): number {
  const cell = 6; // 100.00
  const names = c.systems.map((s) => [...s.name].length);
  return Math.max(5, ...names) + names.reduce((sum, w) => sum + 2 + Math.max(cell, w), 0);
}

/** The width of each column of `t` as text: its widest cell or header, in characters. */
function columnWidths(t: Table): number[] {
  return t.columns.map((c, k) => Math.max([...c.header].length, ...t.rows.map((r) => [...r[k]].length)));
}

/**
 * A matrix in blocks of columns of B, each with every row and within `width` (two spaces between
 * columns, as text tables have), as even as they can be: as many blocks as the widest columns
 * need, the columns shared out among them. The first block is titled as the matrix with the
 * columns it holds, the note is under the last.
 */
function columnBlocks(t: Table, width: number): Table[] {
  const w = columnWidths(t);
  const n = t.columns.length - 1;
  const widest = Math.max(...w.slice(1));
  const fit = Math.max(1, Math.floor((width - w[0]) / (2 + widest)));
  const blocks = Math.ceil(n / fit);
  const out: Table[] = [];
  for (let k = 0; k < blocks; k++) {
    const from = Math.floor((k * n) / blocks);
    const to = Math.floor(((k + 1) * n) / blocks);
    const pick = <T>(row: readonly T[]) => [row[0], ...row.slice(1 + from, 1 + to)];
    const which = to - from === 1 ? `column ${to}` : `columns ${from + 1}–${to}`;
    out.push({
      title: `${t.title} — ${which} of ${n}`,
      columns: pick(t.columns),
      rows: t.rows.map(pick),
      ...(t.shade === undefined ? {} : { shade: t.shade.map(pick) }),
      ...(to === n && t.note !== undefined ? { note: t.note } : {}),
    });
  }
  return out;
}

/**
 * The tables of `complan compare`: the per-system summary, then one matrix per measure. When
 * `width` is given and matrices naming the systems would be wider, the systems are numbered
 * (the summary's `#` column is the legend): thirteen systems then fit 100 columns. A numbered
 * matrix still wider (from fourteen systems at 100 columns) is shown in blocks of columns,
 * every block with all the rows.
 */
export function compareTables(c: Comparison, metrics: readonly CompareMetric[] = DEFAULT_COMPARE_METRICS, width?: number): Table[] {
  checkReport(c, COMPARISON_KEYS, COMPARISON);
  const numbered = width !== undefined && namedMatrixWidth(c) > width;
  const matrices = metrics.map((m) => matrixTable(c, m, numbered));
  const wide = (t: Table) => columnWidths(t).reduce((sum, x) => sum + x, 0) + 2 * (t.columns.length - 1) > width!;
  return [systemsTable(c, numbered), ...(numbered ? matrices.flatMap((t) => (wide(t) ? columnBlocks(t, width!) : [t])) : matrices)];
}

/**
 * The JSON document of `complan compare`: every raw count, every measure as an unrounded
 * fraction, `null` where undefined, and the example items of each pair.
 */
export function compareJson(c: Comparison): object {
  checkReport(c, COMPARISON_KEYS, COMPARISON);
  return {
    schemaVersion: COMPARE_SCHEMA_VERSION,
    match: c.match,
    beta: c.beta,
    basis: c.basis,
    types: c.types ?? null,
    goldItems: c.goldItems,
    documents: c.documents,
    systems: c.systems.map((s) => s.name),
    counts: c.systems.map((s) => ({
      name: s.name, tp: s.tp, fp: s.fp, fn: s.fn,
      precision: jsonNumber(s.precision), recall: jsonNumber(s.recall), f: jsonNumber(s.f),
    })),
    pairs: c.pairs.map((p) => ({
      a: p.a,
      b: p.b,
      pComp: jsonNumber(p.pComp),
      rComp: jsonNumber(p.rComp),
      fComp: jsonNumber(p.fComp),
      fBetaComp: jsonNumber(p.fBetaComp),
      comp: jsonNumber(p.comp),
      jaccard: jsonNumber(p.jaccard),
      kappa: jsonNumber(p.kappa),
      bothCorrect: p.bothCorrect,
      onlyACorrect: p.onlyACorrect,
      onlyBCorrect: p.onlyBCorrect,
      bothMissed: p.bothMissed,
      bothWrong: p.bothWrong,
      onlyAWrong: p.onlyAWrong,
      onlyBWrong: p.onlyBWrong,
      itemComp: jsonNumber(p.itemComp),
      examples: p.examples,
    })),
  };
}

/** The CSV columns, after `a` and `b`. */
export const COMPARE_CSV_FIELDS = [
  'pComp', 'rComp', 'fComp', 'fBetaComp', 'comp', 'itemComp', 'jaccard', 'kappa',
  'bothCorrect', 'onlyACorrect', 'onlyBCorrect', 'bothMissed', 'bothWrong', 'onlyAWrong', 'onlyBWrong',
] as const;

/** CSV with one row per ordered pair (A-major), every numeric field; undefined values are empty. */
export function compareCsv(c: Comparison): string {
  checkReport(c, COMPARISON_KEYS, COMPARISON);
  const num = (x: number | null) => {
    const v = jsonNumber(x);
    return v === null ? '' : String(v);
  };
  return renderCsv(['a', 'b', ...COMPARE_CSV_FIELDS], c.pairs.map((p) => [p.a, p.b, ...COMPARE_CSV_FIELDS.map((k) => num(p[k]))]));
}
