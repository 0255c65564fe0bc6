/**
 * A {@link Table} (the reports' shared table of formatted cells) as an HTML `<table>`: the title
 * as its caption, right-aligned numeric columns, emphasised cells in bold, the note under it.
 * With `sortable`, each header is a button that sorts the rows by that column (the page's
 * script does it; see html-script.ts), and each cell carries its sort key. Pure.
 */
import { htmlEscape } from './html-escape.js';
import type { Table } from './table.js';

export interface HtmlTableOptions {
  /** Headers become buttons that sort the rows by their column. */
  sortable?: boolean;
  /** A class for the `<table>`. */
  className?: string;
  /** An id for the `<table>`. */
  id?: string;
  /** Extra attributes per row (e.g. `data-system`), already escaped. */
  rowAttributes?: (row: number) => string;
}

/**
 * The sort key of a formatted cell: its number when it reads as one (`12.5`, `−3.20`, `+1.5`,
 * `45%`, `1,234`), else empty (sorted last); the page sorts numbers numerically, other text
 * alphabetically.
 */
export function sortKey(cell: string): string {
  const t = cell.trim().replace(/^−/, '-').replace(/^\+/, '').replace(/%$/, '').replace(/,(?=\d{3}\b)/g, '');
  if (t === '∞') return 'Infinity';
  if (t === '-∞') return '-Infinity';
  return /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(t) ? String(Number(t)) : '';
}

/** The table as HTML (one `<figure>` holding the table and its note). */
export function tableHtml(t: Table, o: HtmlTableOptions = {}): string {
  const out: string[] = [];
  const cls = ['data', ...(o.sortable ? ['sortable'] : []), ...(o.className === undefined ? [] : [o.className])].join(' ');
  out.push(`<figure class="table"><table class="${cls}"${o.id === undefined ? '' : ` id="${htmlEscape(o.id)}"`}>`);
  if (t.title !== undefined) out.push(`<caption>${htmlEscape(t.title)}</caption>`);
  out.push('<thead><tr>');
  t.columns.forEach((c, i) => {
    const align = c.align === 'right' ? ' class="num"' : '';
    const label = htmlEscape(c.header);
    out.push(o.sortable
      ? `<th scope="col"${align} aria-sort="none"><button type="button" class="sort" data-column="${i}" title="Sort by ${label}">${label}</button></th>`
      : `<th scope="col"${align}>${label}</th>`);
  });
  out.push('</tr></thead><tbody>');
  t.rows.forEach((row, r) => {
    out.push(`<tr${o.rowAttributes === undefined ? '' : ` ${o.rowAttributes(r)}`}>`);
    row.forEach((cell, c) => {
      const right = t.columns[c]?.align === 'right';
      const strong = t.emphasis?.has(`${r}:${c}`) === true;
      const text = strong ? `<strong>${htmlEscape(cell)}</strong>` : htmlEscape(cell);
      const key = o.sortable ? ` data-sort="${htmlEscape(sortKey(cell))}"` : '';
      out.push(c === 0 ? `<th scope="row"${key}>${text}</th>` : `<td${right ? ' class="num"' : ''}${key}>${text}</td>`);
    });
    out.push('</tr>');
  });
  out.push('</tbody></table>');
  if (t.note !== undefined) for (const line of t.note.split('\n')) out.push(`<p class="note">${htmlEscape(line)}</p>`);
  out.push('</figure>');
  return out.join('');
}
