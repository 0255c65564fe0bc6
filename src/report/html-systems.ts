/**
 * The systems part of the HTML report: one sortable table of every system's scores (P, R, F_β,
 * SER, K, and F_β per entity type), the per-type table, and each system's type-confusion matrix
 * when the evaluation gives one. Pure functions of an {@link EvalReport}.
 */
import type { EvalReport } from '../metrics/evaluate.js';
import { htmlEscape } from './html-escape.js';
import { HTML_HEAT_STEPS } from './html-heatmap.js';
import { tableHtml } from './html-table.js';
import { percent } from './number.js';
import { bandColor, textColorOn } from './palette.js';
import type { Column, Table } from './table.js';
import { typeName } from './type-name.js';
import { typesPhrase } from './plan-procedures.js';

/**
 * A type-confusion matrix: gold type × predicted type over items with the same boundaries, with
 * the gold items no prediction shares boundaries with (missed) and the predictions no gold item
 * shares boundaries with (spurious).
 */
export interface TypeConfusion {
  types: string[];
  /** matrix[g][p]: gold items of types[g] predicted as types[p] on the same boundaries. */
  matrix: number[][];
  missed: number[];
  spurious: number[];
}

/** The scores table: a row per system, a column per score and per type's F_β. */
export function systemsScoreTable(r: EvalReport): Table {
  const o = r.options;
  const F = o.beta === 1 ? 'F1' : `F${o.beta}`;
  const K = o.kAlpha === 1 ? 'K' : `K(α=${o.kAlpha})`;
  const types = [...new Set(r.systems.flatMap((s) => Object.keys(s.byType)).concat(Object.keys(r.gold.byType)))].sort();
  const columns: Column[] = [
    { header: 'system' }, { header: 'TP', align: 'right' }, { header: 'FP', align: 'right' }, { header: 'FN', align: 'right' },
    { header: 'P', align: 'right' }, { header: 'R', align: 'right' }, { header: F, align: 'right' }, { header: 'SER', align: 'right' },
    { header: K, align: 'right' }, ...types.map((t) => ({ header: `${typeName(t)} ${F}`, align: 'right' as const })),
  ];
  const rows = r.systems.map((s) => [
    s.name, String(s.tp), String(s.fp), String(s.fn), percent(s.precision), percent(s.recall), percent(s.f), percent(s.ser), percent(s.k),
    ...types.map((t) => percent(s.byType[t]?.f)),
  ]);
  const emphasis = new Set<string>();
  const bestF = Math.max(...r.systems.map((s) => s.f).filter((x) => Number.isFinite(x)));
  r.systems.forEach((s, i) => { if (s.f === bestF && r.systems.length > 1) emphasis.add(`${i}:6`); });
  return {
    title: `Scores of the ${r.systems.length} systems (${o.match} match, ${r.gold.items} gold items${typesPhrase(o.types)})`,
    columns, rows, emphasis,
    note: `P, R, ${F}, SER and ${K} in %, as eval computes them; SER = (S+D+I)/N may exceed 100. Press a header to sort by it.`,
  };
}

/** The per-type table: a row per system and type. */
export function systemsTypeTable(r: EvalReport): Table {
  const F = r.options.beta === 1 ? 'F1' : `F${r.options.beta}`;
  const rows: string[][] = [];
  for (const s of r.systems) {
    for (const [type, t] of Object.entries(s.byType)) {
      rows.push([s.name, typeName(type), String(r.gold.byType[type] ?? 0), String(t.tp), String(t.fp), String(t.fn), percent(t.precision), percent(t.recall), percent(t.f)]);
    }
  }
  return {
    title: 'Per entity type',
    columns: [
      { header: 'system' }, { header: 'type' }, { header: 'gold', align: 'right' }, { header: 'TP', align: 'right' }, { header: 'FP', align: 'right' },
      { header: 'FN', align: 'right' }, { header: 'P', align: 'right' }, { header: 'R', align: 'right' }, { header: F, align: 'right' },
    ],
    rows,
  };
}

/**
 * One system's confusion matrix as an HTML table: rows gold types (and `spurious`), columns
 * predicted types (and `missed`); each count shaded by its share of its row.
 */
export function confusionHtml(system: string, m: TypeConfusion): string {
  const out: string[] = [];
  out.push(`<figure class="table confusion" data-system="${htmlEscape(system)}"><table class="data confusion-matrix">`);
  out.push(`<caption>${htmlEscape(`Type confusion of ${system}: gold type (rows) × predicted type (columns), same boundaries`)}</caption>`);
  out.push('<thead><tr><th scope="col">gold \\ predicted</th>');
  for (const t of m.types) out.push(`<th scope="col" class="num">${htmlEscape(typeName(t))}</th>`);
  out.push('<th scope="col" class="num">missed</th></tr></thead><tbody>');
  const cell = (v: number, total: number) => {
    if (v === 0 || total === 0) return `<td class="num">${v}</td>`;
    const fill = bandColor(v / total, HTML_HEAT_STEPS);
    return `<td class="num" style="background:${fill};color:${textColorOn(fill)}">${v}</td>`;
  };
  m.types.forEach((t, g) => {
    const total = m.matrix[g].reduce((a, b) => a + b, 0) + m.missed[g];
    out.push(`<tr><th scope="row">${htmlEscape(typeName(t))}</th>${m.matrix[g].map((v) => cell(v, total)).join('')}${cell(m.missed[g], total)}</tr>`);
  });
  const spurious = m.spurious.reduce((a, b) => a + b, 0);
  out.push(`<tr><th scope="row">spurious</th>${m.spurious.map((v) => cell(v, spurious)).join('')}<td class="num">·</td></tr>`);
  out.push('</tbody></table></figure>');
  return out.join('');
}

/** The systems section's body: scores, per type, and the confusion matrices (or a note saying why there are none). */
export function systemsHtml(r: EvalReport, confusion: ReadonlyMap<string, TypeConfusion> | undefined): string {
  const out = [tableHtml(systemsScoreTable(r), { sortable: true, id: 'systems-table' })];
  out.push('<details><summary>Per entity type</summary>');
  out.push(tableHtml(systemsTypeTable(r), { sortable: true, id: 'types-table' }));
  out.push('</details>');
  out.push('<h3 id="confusion">Type confusion</h3>');
  if (confusion === undefined || confusion.size === 0) {
    out.push('<p class="note">No type-confusion matrices: this evaluation does not compute them.</p>');
    return out.join('');
  }
  const names = r.systems.map((s) => s.name).filter((n) => confusion.has(n));
  out.push('<p><label for="confusion-system">System: </label><select id="confusion-system">');
  for (const n of names) out.push(`<option value="${htmlEscape(n)}">${htmlEscape(n)}</option>`);
  out.push('</select></p>');
  for (const n of names) out.push(confusionHtml(n, confusion.get(n)!));
  out.push('<p class="note">Each count is shaded by its share of its row. The diagonal is the strict match\'s correct items, the other cells substitutions (same boundaries, another type); missed: gold items no prediction shares boundaries with; spurious: predictions no gold item shares boundaries with.</p>');
  return out.join('');
}
