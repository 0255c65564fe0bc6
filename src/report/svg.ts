/**
 * Matrices as standalone SVG heatmaps, for papers and slides: the grid every heatmap is drawn
 * with ({@link heatmapPanel}, {@link heatmapDocument}), which `compare --svg` uses for its
 * complementarity matrix (compare-svg.ts) and `eval --svg` for its type-confusion matrices. Pure, deterministic functions: the same input gives the same bytes (no dates, no
 * random ids, coordinates rounded to 0.01).
 *
 * Layout: row labels on the left, column labels on top rotated by 45°, one square per cell
 * holding its value, blank cells where there is none (the diagonal of a comparison), hatched
 * grey with `—` for an undefined value, a colour legend bar on the right, and a title with
 * lines of context above. Colours follow a
 * sequential scale interpolated between stops of viridis (van der Walt & Smith 2015), which is
 * perceptually ordered, prints legibly in greyscale and is safe for colour-blind readers; the
 * text in each cell is white on dark colours and near-black on light ones.
 *
 * Label widths are estimated from per-character advance widths (generous ones, close to DejaVu
 * Sans, the widest common fallback), so names of up to ~25 characters are never clipped.
 */
import { scaleColor, textColorOn, VIRIDIS } from './palette.js';
import { clip, MAX_CELL, visible } from './terminal-text.js';
import { checkOptionKeys, type NoneMissing } from '../metrics/option-keys.js';

export { scaleColor, textColorOn };

export interface HeatmapOptions {
  /** Side of a cell in px (default 52). */
  cellSize?: number;
  /** Replaces the first line of the title (confusionSvg: the document's title, and a lone system's panel title; each of several panels keeps its system's). */
  title?: string;
  /** CSS font-family list (default Helvetica, Arial, DejaVu Sans, sans-serif). */
  fontFamily?: string;
}

/** Every option {@link heatmapPanel}, {@link heatmapDocument} and the heatmaps made with them takes (any other key is refused). */
export const HEATMAP_OPTION_KEYS = ['cellSize', 'title', 'fontFamily'] as const satisfies readonly (keyof HeatmapOptions)[];
type _HeatmapOptionKeysListed = NoneMissing<Exclude<keyof HeatmapOptions, (typeof HEATMAP_OPTION_KEYS)[number]>>;

/**
 * Escapes the five XML special characters, after writing control characters and bidirectional
 * marks from the inputs as escapes ({@link visible}): XML 1.0 cannot hold most control characters.
 */
export function xmlEscape(s: string): string {
  return visible(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** An advance width in em, erring wide so that labels are never clipped. */
function charWidth(ch: string): number {
  if ('ijl.,:;\'!|`'.includes(ch)) return 0.34;
  if ('frt()[]{} -/\\'.includes(ch)) return 0.44;
  if ('mwMW@%'.includes(ch)) return 0.98;
  if (/[A-Z]/.test(ch)) return 0.76;
  if (/[0-9]/.test(ch)) return 0.64;
  if (/[a-z_#$&*+<=>?^~"]/.test(ch)) return 0.64;
  const cp = ch.codePointAt(0)!;
  return cp >= 0x1100 ? 1.05 : 0.8; // CJK and other wide scripts; accented Latin and the rest
}

/** Estimated width in px of `s` at `size` px. */
export function textWidth(s: string, size: number): number {
  let w = 0;
  for (const ch of s) w += charWidth(ch);
  return w * size;
}

/** A coordinate with at most two decimals, no trailing zeros. */
const n = (x: number) => String(Math.round(x * 100) / 100);

/** A value for display: two decimals, a true minus sign. */

const SIN45 = Math.SQRT1_2;

/** One cell of a heatmap. */
export interface HeatmapCell {
  /** Position on the colour scale, in [0, 1]; null: undefined (hatched). */
  t: number | null;
  /** The text in the cell. */
  text: string;
  /** The cell's tooltip. */
  tooltip: string;
  /** `data-*` attributes of the cell, in order (name without `data-`, value). */
  data: ReadonlyArray<readonly [string, string]>;
}

/** What a heatmap shows: a title, lines of context, labelled rows and columns, and the cells. */
export interface HeatmapSpec {
  title: string;
  /** Lines under the title (the first darker than the others). */
  lines: readonly string[];
  rowLabels: readonly string[];
  colLabels: readonly string[];
  /** The axes' names: rows on the left (rotated), columns on top. */
  rowAxis: string;
  colAxis: string;
  /** cells[row][col]; undefined leaves the square blank. */
  cells: ReadonlyArray<ReadonlyArray<HeatmapCell | undefined>>;
  /** Legend ticks: position on the scale and label. */
  ticks: ReadonlyArray<readonly [number, string]>;
  /** The legend entry of undefined cells, shown when there are any. */
  nullLabel: string;
}

/** A heatmap laid out from (0, 0): its size and its SVG elements. */
export interface HeatmapPanel {
  width: number;
  height: number;
  elements: string[];
}

const FONT = 'Helvetica, Arial, \'DejaVu Sans\', sans-serif';

/**
 * Lays out a heatmap (see the module comment) from (0, 0), margins included. Its hatching and
 * scale refer to the definitions {@link heatmapDocument} writes.
 */
export function heatmapPanel(given: HeatmapSpec, options: HeatmapOptions = {}): HeatmapPanel {
  checkOptionKeys('options', options, HEATMAP_OPTION_KEYS);
  // Labels come from the inputs (names, entity types): clipped as a table cell is, so a label of
  // millions of characters neither widens the picture without bound nor repeats in every copy.
  const spec = { ...given, rowLabels: given.rowLabels.map((s) => clip(s, MAX_CELL)), colLabels: given.colLabels.map((s) => clip(s, MAX_CELL)) };
  const rows = spec.rowLabels.length;
  const cols = spec.colLabels.length;
  const cell = options.cellSize ?? 52;
  const margin = 16;
  const labelSize = 13;
  const valueSize = Math.min(13, Math.max(8, Math.round(cell * 0.26)));
  const titleSize = 15;
  const subSize = 12;
  const legendSize = 11;
  const title = spec.title;

  const rowLabelW = Math.max(0, ...spec.rowLabels.map((s) => textWidth(s, labelSize)));
  const colLabelW = Math.max(0, ...spec.colLabels.map((s) => textWidth(s, labelSize)));

  // Vertical layout.
  let y = margin;
  const titleY = y + titleSize;
  y = titleY + 6;
  const lineYs: number[] = [];
  spec.lines.forEach((_, k) => {
    lineYs.push(y + subSize);
    y = lineYs[k] + (k < spec.lines.length - 1 ? 4 : 14);
  });
  const axisBY = y + labelSize;
  y = axisBY + 6;
  const colLabelH = SIN45 * (colLabelW + labelSize) + 8;
  const gridTop = y + colLabelH;
  const gridH = rows * cell;
  const gridW = cols * cell;
  const gridBottom = gridTop + gridH;

  // Horizontal layout.
  const axisAX = margin + labelSize; // baseline of the rotated axis label
  const gridLeft = axisAX + 10 + rowLabelW + 8;
  const gridRight = gridLeft + gridW;
  const legendX = gridRight + 28;
  const legendW = 14;
  const legendH = Math.max(100, Math.min(240, gridH));
  const tickW = Math.max(...spec.ticks.map(([, s]) => textWidth(s, legendSize)));

  const anyNull = spec.cells.some((row) => row.some((c) => c !== undefined && c.t === null));
  const nullLabel = spec.nullLabel;
  const nullY = Math.max(gridBottom, gridTop + legendH) + 14;

  const right = Math.max(
    legendX + legendW + 6 + tickW,
    anyNull ? gridLeft + 18 + textWidth(nullLabel, legendSize) : 0,
    gridLeft + (cols - 0.5) * cell + 4 + SIN45 * colLabelW + labelSize,
  );
  const width = Math.ceil(Math.max(right + margin, margin * 2 + textWidth(title, titleSize) * 1.1, // bold runs wider
    ...spec.lines.map((l) => margin * 2 + textWidth(l, subSize))));
  const height = Math.ceil(Math.max(gridBottom, gridTop + legendH + 10, anyNull ? nullY + 14 : 0) + margin);

  const out: string[] = [];
  // Titles.
  out.push(`<text x="${margin}" y="${n(titleY)}" font-size="${titleSize}" font-weight="bold" fill="#111111">${xmlEscape(title)}</text>`);
  spec.lines.forEach((l, k) => {
    out.push(`<text x="${margin}" y="${n(lineYs[k])}" font-size="${subSize}" fill="${k === 0 ? '#333333' : '#555555'}">${xmlEscape(l)}</text>`);
  });

  // Axis labels.
  out.push(`<text x="${n(gridLeft + gridW / 2)}" y="${n(axisBY)}" font-size="${labelSize}" font-style="italic" text-anchor="middle" fill="#333333">${xmlEscape(spec.colAxis)}</text>`);
  out.push(`<text x="${n(axisAX)}" y="${n(gridTop + gridH / 2)}" font-size="${labelSize}" font-style="italic" text-anchor="middle" fill="#333333" transform="rotate(-90 ${n(axisAX)} ${n(gridTop + gridH / 2)})">${xmlEscape(spec.rowAxis)}</text>`);

  // Column labels, rotated; row labels, right-aligned.
  out.push(`<g class="columns" font-size="${labelSize}" fill="#111111">`);
  spec.colLabels.forEach((name, b) => {
    const x = gridLeft + (b + 0.5) * cell;
    const yy = gridTop - 6;
    out.push(`<text x="${n(x)}" y="${n(yy)}" transform="rotate(-45 ${n(x)} ${n(yy)})">${xmlEscape(name)}</text>`);
  });
  out.push('</g>');
  out.push(`<g class="rows" font-size="${labelSize}" fill="#111111" text-anchor="end">`);
  spec.rowLabels.forEach((name, a) => {
    out.push(`<text x="${n(gridLeft - 8)}" y="${n(gridTop + (a + 0.5) * cell + labelSize * 0.35)}">${xmlEscape(name)}</text>`);
  });
  out.push('</g>');

  // Cells.
  out.push(`<g class="cells" font-size="${valueSize}" text-anchor="middle">`);
  for (let a = 0; a < rows; a++) {
    for (let b = 0; b < cols; b++) {
      const c = spec.cells[a][b];
      if (c === undefined) continue;
      const x = gridLeft + b * cell;
      const yy = gridTop + a * cell;
      const fill = c.t === null ? 'url(#complan-hatch)' : scaleColor(c.t);
      const ink = c.t === null ? '#444444' : textColorOn(fill);
      const data = c.data.map(([k, v]) => ` data-${k}="${xmlEscape(clip(v, MAX_CELL))}"`).join('');
      out.push(`<rect class="cell" x="${n(x)}" y="${n(yy)}" width="${cell}" height="${cell}" fill="${fill}" stroke="#ffffff" stroke-width="1"`
        + `${data}><title>${xmlEscape(c.tooltip)}</title></rect>`);
      out.push(`<text x="${n(x + cell / 2)}" y="${n(yy + cell / 2 + valueSize * 0.35)}" fill="${ink}">${xmlEscape(c.text)}</text>`);
    }
  }
  out.push('</g>');

  // Legend.
  out.push(`<g class="legend" font-size="${legendSize}" fill="#333333">`);
  out.push(`<rect class="scale" x="${n(legendX)}" y="${n(gridTop)}" width="${legendW}" height="${n(legendH)}" fill="url(#complan-scale)" stroke="#999999" stroke-width="0.5"/>`);
  for (const [t, s] of spec.ticks) {
    const ty = gridTop + (1 - t) * legendH;
    out.push(`<line x1="${n(legendX + legendW)}" y1="${n(ty)}" x2="${n(legendX + legendW + 3)}" y2="${n(ty)}" stroke="#999999" stroke-width="0.5"/>`);
    out.push(`<text x="${n(legendX + legendW + 6)}" y="${n(ty + legendSize * 0.35)}">${xmlEscape(s)}</text>`);
  }
  if (anyNull) {
    out.push(`<rect class="undefined" x="${n(gridLeft)}" y="${n(nullY)}" width="${legendW}" height="${legendW}" fill="url(#complan-hatch)" stroke="#999999" stroke-width="0.5"/>`);
    out.push(`<text x="${n(gridLeft + 18)}" y="${n(nullY + legendW / 2 + legendSize * 0.35)}">${xmlEscape(nullLabel)}</text>`);
  }
  out.push('</g>');
  return { width, height, elements: out };
}

/**
 * A complete SVG document (with XML declaration, ending in a newline) of panels stacked from
 * the top, with the hatching and colour scale they refer to. `title` and `desc` describe it
 * for screen readers.
 */
export function heatmapDocument(panels: readonly HeatmapPanel[], title: string, desc: string, options: HeatmapOptions = {}): string {
  checkOptionKeys('options', options, HEATMAP_OPTION_KEYS);
  const font = options.fontFamily ?? FONT;
  const width = Math.max(0, ...panels.map((p) => p.width));
  const height = panels.reduce((h, p) => h + p.height, 0);
  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${xmlEscape(font)}">`);
  out.push(`<title>${xmlEscape(title)}</title>`);
  out.push(`<desc>${xmlEscape(desc)}</desc>`);
  out.push('<defs>');
  out.push('<pattern id="complan-hatch" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">'
    + '<rect width="6" height="6" fill="#e6e6e6"/><line x1="0" y1="0" x2="0" y2="6" stroke="#b3b3b3" stroke-width="2"/></pattern>');
  const stops = VIRIDIS.map((col, i) => `<stop offset="${n((1 - i / (VIRIDIS.length - 1)) * 100)}%" stop-color="${col}"/>`).reverse();
  out.push(`<linearGradient id="complan-scale" x1="0" y1="0" x2="0" y2="1">${stops.join('')}</linearGradient>`);
  out.push('</defs>');
  out.push(`<rect class="background" width="${width}" height="${height}" fill="#ffffff"/>`);
  if (panels.length === 1) out.push(...panels[0].elements);
  else {
    let y = 0;
    for (const p of panels) {
      out.push(`<g class="panel" transform="translate(0 ${n(y)})">`, ...p.elements, '</g>');
      y += p.height;
    }
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}
