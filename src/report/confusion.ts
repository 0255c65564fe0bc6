/**
 * Renderings of the type-confusion matrices of an {@link EvalReport} (`eval --confusion`, and
 * `systems[].confusion` in its JSON): one table per system, a long-format CSV, and SVG heatmaps
 * drawn with the heatmap grid of svg.ts. Pure functions of the report.
 *
 * Rows are gold types and a last `spurious` row (predictions with no gold item on their
 * boundaries); columns are predicted types and a last `missed` column (gold items with no
 * prediction on their boundaries). Shading is the cell's share of its row.
 */
import type { EvalReport, SystemScores } from '../metrics/evaluate.js';
import type { ConfusionMatrix } from '../metrics/confusion.js';
import { HEATMAP_OPTION_KEYS, heatmapDocument, heatmapPanel, type HeatmapCell, type HeatmapOptions } from './svg.js';
import type { Table } from './table.js';
import { renderCsv } from './table.js';
import { csvTypeName, typeName } from './type-name.js';
import { matchTypesSuffix } from './table-context.js';
import { clip, MAX_CELL } from './terminal-text.js';
import { checkOptionKeys } from '../metrics/option-keys.js';
import { checkReport, EVAL_REPORT, EVAL_REPORT_KEYS } from './report-check.js';

/** A label or name from the inputs as a picture shows it: at most a table cell's length. */
const cut = (s: string) => clip(s, MAX_CELL);

export const MISSED = 'missed';
export const SPURIOUS = 'spurious';

const NOTE = `${MISSED}: gold items with no prediction on their boundaries; ${SPURIOUS}: predictions with no gold item on theirs.`;

/**
 * The rows of a matrix as counts: one per gold type (then missed), and the spurious row (no
 * missed cell). `label` is what a table shows: the untyped type as `(untyped)`.
 */
function rowsOf(m: ConfusionMatrix): { label: string; spurious: boolean; counts: number[] }[] {
  return [
    ...m.types.map((t, g) => ({ label: typeName(t), spurious: false, counts: [...m.matrix[g], m.missed[g]] })),
    { label: SPURIOUS, spurious: true, counts: m.spurious },
  ];
}

/** Each count's share of its row's total; null where the row is empty. */
function shares(counts: readonly number[]): (number | null)[] {
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((c) => (total === 0 ? null : c / total));
}

/** The JSON of one matrix: types, the matrix (rows gold, columns predicted), missed and spurious per type. */
export function confusionJson(m: ConfusionMatrix): object {
  return { types: m.types, matrix: m.matrix, missed: m.missed, spurious: m.spurious };
}

/** One table per system: gold type × predicted type, with the missed column and the spurious row. */
export function confusionTables(r: EvalReport): Table[] {
  checkReport(r, EVAL_REPORT_KEYS, EVAL_REPORT);
  return r.systems.map((s, k): Table => {
    const m = s.confusion;
    const rows = rowsOf(m);
    return {
      title: `Type confusion — ${s.name}: rows gold type, columns predicted type, items with the same boundaries${matchTypesSuffix('strict', r.options.types)}`,
      columns: [{ header: 'gold \\ predicted' }, ...m.types.map((t) => ({ header: typeName(t), align: 'right' as const })), { header: MISSED, align: 'right' }],
      rows: rows.map((row) => [row.label, ...row.counts.map(String), ...(row.spurious && row.counts.length === m.types.length ? [''] : [])]),
      shade: rows.map((row) => [null, ...shares(row.counts), ...(row.counts.length === m.types.length ? [null] : [])]),
      note: k === r.systems.length - 1 ? NOTE : undefined,
    };
  });
}

/**
 * Long-format CSV of every system's matrix: `system,gold,predicted,count`, one row per cell
 * (zeros included); `predicted` is empty for missed gold items, `gold` empty for spurious
 * predictions, so the untyped type is written `(untyped)` here rather than as an empty field.
 */
export function confusionCsv(r: EvalReport): string {
  checkReport(r, EVAL_REPORT_KEYS, EVAL_REPORT);
  const rows: string[][] = [];
  for (const s of r.systems) {
    const m = s.confusion;
    m.types.forEach((g, i) => {
      m.types.forEach((p, j) => rows.push([s.name, csvTypeName(g), csvTypeName(p), String(m.matrix[i][j])]));
      rows.push([s.name, csvTypeName(g), '', String(m.missed[i])]);
    });
    m.types.forEach((p, j) => rows.push([s.name, '', csvTypeName(p), String(m.spurious[j])]));
  }
  return renderCsv(['system', 'gold', 'predicted', 'count'], rows);
}

function panelOf(s: SystemScores, goldItems: number, options: HeatmapOptions, title?: string) {
  const m = s.confusion;
  const rows = rowsOf(m);
  const cols = [...m.types.map(typeName), MISSED];
  const cells = rows.map((row) => {
    const share = shares(row.counts);
    return cols.map((col, j): HeatmapCell | undefined => {
      if (j >= row.counts.length) return undefined;
      const count = row.counts[j];
      const missed = j === m.types.length;
      const what = row.spurious ? `spurious ${cut(col)} predictions` : missed ? `${cut(row.label)} gold items missed` : `${cut(row.label)} gold items predicted ${cut(col)}`;
      return {
        t: share[j],
        text: String(count),
        tooltip: `${cut(s.name)}: ${what} = ${count}`,
        data: [['gold', row.spurious ? '' : row.label], ['predicted', missed ? '' : col], ['count', String(count)]],
      };
    });
  });
  return heatmapPanel({
    title: title ?? `Type confusion of ${cut(s.name)}`,
    lines: [
      `rows: gold type, then ${SPURIOUS} predictions; columns: predicted type, then ${MISSED} gold items`,
      `items with the same boundaries; colour: share of the row   (${goldItems} gold items)`,
    ],
    rowLabels: rows.map((row) => row.label),
    colLabels: cols,
    rowAxis: 'gold',
    colAxis: 'predicted',
    cells,
    ticks: [[1, '1'], [0.5, '0.5'], [0, '0']],
    nullLabel: '— a row without items (its shares are undefined)',
  }, options);
}

/** Every system's matrix as an SVG heatmap, one under the other, in one document. */
export function confusionSvg(r: EvalReport, options: HeatmapOptions = {}): string {
  checkOptionKeys('options', options, HEATMAP_OPTION_KEYS);
  // A title given replaces a lone system's panel title; over several panels, whose titles name
  // their systems, the document's title only.
  const panels = r.systems.map((s) => panelOf(s, r.gold.items, options, r.systems.length === 1 ? options.title : undefined));
  const names = r.systems.map((s) => s.name).join(', ');
  return heatmapDocument(
    panels,
    options.title ?? `Type confusion heatmaps: ${names}`,
    `For each system, gold type × predicted type over items with the same boundaries, with ${MISSED} gold items and ${SPURIOUS} predictions; colour is the share of the row.`,
    options,
  );
}
