/**
 * A complementarity matrix as a standalone SVG heatmap, for papers and slides
 * (`compare --svg`). A pure, deterministic function of the comparison: the same input gives the
 * same bytes (no dates, no random ids, coordinates rounded to 0.01).
 *
 * Layout: row labels (A, the system complemented) on the left, column labels (B, the system
 * offering) on top rotated by 45°, one square per ordered pair holding metric(A, B) with two
 * decimals, a blank diagonal, hatched grey with `—` for an undefined value, a colour legend bar
 * on the right, and a title naming the measure and the reading direction. Colours follow a
 * sequential scale interpolated between stops of viridis (van der Walt & Smith 2015), which is
 * perceptually ordered, prints legibly in greyscale and is safe for colour-blind readers; the
 * text in each cell is white on dark colours and near-black on light ones.
 *
 * Label widths are estimated from per-character advance widths (generous ones, close to DejaVu
 * Sans, the widest common fallback), so names of up to ~25 characters are never clipped.
 */
import type { Comparison } from '../complementarity/matrix.js';
import { pairAt } from '../complementarity/matrix.js';
import { metricInfo, metricValue, type CompareMetric } from './compare.js';
import { fixed } from './number.js';
import { scaleColor, textColorOn, VIRIDIS } from './palette.js';

export { scaleColor, textColorOn };

export interface HeatmapOptions {
  /** Side of a cell in px (default 52). */
  cellSize?: number;
  /** Replaces the first line of the title. */
  title?: string;
  /** CSS font-family list (default Helvetica, Arial, DejaVu Sans, sans-serif). */
  fontFamily?: string;
}

/** Escapes the five XML special characters. */
export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
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
const shown = (v: number) => fixed(v, 2).replace(/^-/, '−');

const SIN45 = Math.SQRT1_2;

/**
 * The heatmap of `metric` over every ordered pair of `c`: row A, column B = metric(A, B), what
 * B offers A. Returns a complete SVG document (with XML declaration), ending in a newline.
 */
export function heatmapSvg(c: Comparison, metric: CompareMetric, options: HeatmapOptions = {}): string {
  const info = metricInfo(metric, c.beta, c.basis);
  const names = c.systems.map((s) => s.name);
  const count = names.length;
  const cell = options.cellSize ?? 52;
  const font = options.fontFamily ?? 'Helvetica, Arial, \'DejaVu Sans\', sans-serif';
  const margin = 16;
  const labelSize = 13;
  const valueSize = Math.min(13, Math.max(8, Math.round(cell * 0.26)));
  const titleSize = 15;
  const subSize = 12;
  const legendSize = 11;

  const title = options.title ?? `${info.name}(A, B): ${info.reading}`;
  const direction = info.symmetric
    ? 'row A, column B (symmetric: the matrix mirrors its diagonal)'
    : 'row A, column B = what B offers A';
  const context = `${info.formula}   (${c.match} match, ${c.goldItems} gold items)`;

  const labelW = Math.max(0, ...names.map((s) => textWidth(s, labelSize)));
  const axisA = info.symmetric ? 'A' : 'A: system complemented';
  const axisB = info.symmetric ? 'B' : 'B: system offering';

  // Vertical layout.
  let y = margin;
  const titleY = y + titleSize;
  y = titleY + 6;
  const dirY = y + subSize;
  y = dirY + 4;
  const ctxY = y + subSize;
  y = ctxY + 14;
  const axisBY = y + labelSize;
  y = axisBY + 6;
  const colLabelH = SIN45 * (labelW + labelSize) + 8;
  const gridTop = y + colLabelH;
  const grid = count * cell;
  const gridBottom = gridTop + grid;

  // Horizontal layout.
  const axisAX = margin + labelSize; // baseline of the rotated axis label
  const gridLeft = axisAX + 10 + labelW + 8;
  const gridRight = gridLeft + grid;
  const legendX = gridRight + 28;
  const legendW = 14;
  const legendH = Math.max(100, Math.min(240, grid));
  const ticks = info.min < 0 ? [[1, '1'], [0.5, '0'], [0, '−1']] as const : [[1, '1'], [0.5, '0.5'], [0, '0']] as const;
  const tickW = Math.max(...ticks.map(([, s]) => textWidth(s, legendSize)));

  const values: (number | null)[][] = names.map((_, a) => names.map((__, b) => (a === b ? null : metricValue(pairAt(c, a, b), metric))));
  const anyNull = values.some((row, a) => row.some((v, b) => a !== b && v === null));
  const nullLabel = `— undefined: ${info.undefinedWhen}`;
  const nullY = Math.max(gridBottom, gridTop + legendH) + 14;

  const right = Math.max(
    legendX + legendW + 6 + tickW,
    anyNull ? gridLeft + 18 + textWidth(nullLabel, legendSize) : 0,
    gridLeft + (count - 0.5) * cell + 4 + SIN45 * labelW + labelSize,
  );
  const width = Math.ceil(Math.max(right + margin, margin * 2 + textWidth(title, titleSize) * 1.1, // bold runs wider
    margin * 2 + textWidth(direction, subSize), margin * 2 + textWidth(context, subSize)));
  const height = Math.ceil(Math.max(gridBottom, gridTop + legendH + 10, anyNull ? nullY + 14 : 0) + margin);

  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${xmlEscape(font)}">`);
  out.push(`<title>${xmlEscape(`${info.name} heatmap: ${direction}`)}</title>`);
  out.push(`<desc>${xmlEscape(`${title}. ${info.formula}. Undefined (—): ${info.undefinedWhen}.`)}</desc>`);
  out.push('<defs>');
  out.push('<pattern id="complan-hatch" patternUnits="userSpaceOnUse" width="6" height="6" patternTransform="rotate(45)">'
    + '<rect width="6" height="6" fill="#e6e6e6"/><line x1="0" y1="0" x2="0" y2="6" stroke="#b3b3b3" stroke-width="2"/></pattern>');
  const stops = VIRIDIS.map((col, i) => `<stop offset="${n((1 - i / (VIRIDIS.length - 1)) * 100)}%" stop-color="${col}"/>`).reverse();
  out.push(`<linearGradient id="complan-scale" x1="0" y1="0" x2="0" y2="1">${stops.join('')}</linearGradient>`);
  out.push('</defs>');
  out.push(`<rect class="background" width="${width}" height="${height}" fill="#ffffff"/>`);

  // Titles.
  out.push(`<text x="${margin}" y="${n(titleY)}" font-size="${titleSize}" font-weight="bold" fill="#111111">${xmlEscape(title)}</text>`);
  out.push(`<text x="${margin}" y="${n(dirY)}" font-size="${subSize}" fill="#333333">${xmlEscape(direction)}</text>`);
  out.push(`<text x="${margin}" y="${n(ctxY)}" font-size="${subSize}" fill="#555555">${xmlEscape(context)}</text>`);

  // Axis labels.
  out.push(`<text x="${n(gridLeft + grid / 2)}" y="${n(axisBY)}" font-size="${labelSize}" font-style="italic" text-anchor="middle" fill="#333333">${xmlEscape(axisB)}</text>`);
  out.push(`<text x="${n(axisAX)}" y="${n(gridTop + grid / 2)}" font-size="${labelSize}" font-style="italic" text-anchor="middle" fill="#333333" transform="rotate(-90 ${n(axisAX)} ${n(gridTop + grid / 2)})">${xmlEscape(axisA)}</text>`);

  // Column labels (B), rotated; row labels (A), right-aligned.
  out.push(`<g class="columns" font-size="${labelSize}" fill="#111111">`);
  names.forEach((name, b) => {
    const x = gridLeft + (b + 0.5) * cell;
    const yy = gridTop - 6;
    out.push(`<text x="${n(x)}" y="${n(yy)}" transform="rotate(-45 ${n(x)} ${n(yy)})">${xmlEscape(name)}</text>`);
  });
  out.push('</g>');
  out.push(`<g class="rows" font-size="${labelSize}" fill="#111111" text-anchor="end">`);
  names.forEach((name, a) => {
    out.push(`<text x="${n(gridLeft - 8)}" y="${n(gridTop + (a + 0.5) * cell + labelSize * 0.35)}">${xmlEscape(name)}</text>`);
  });
  out.push('</g>');

  // Cells.
  out.push(`<g class="cells" font-size="${valueSize}" text-anchor="middle">`);
  for (let a = 0; a < count; a++) {
    for (let b = 0; b < count; b++) {
      if (a === b) continue;
      const v = values[a][b];
      const x = gridLeft + b * cell;
      const yy = gridTop + a * cell;
      const label = `${info.name}(${names[a]}, ${names[b]}) = ${v === null ? 'undefined' : String(v)}`;
      const fill = v === null ? 'url(#complan-hatch)' : scaleColor((v - info.min) / (1 - info.min));
      const ink = v === null ? '#444444' : textColorOn(fill);
      out.push(`<rect class="cell" x="${n(x)}" y="${n(yy)}" width="${cell}" height="${cell}" fill="${fill}" stroke="#ffffff" stroke-width="1"`
        + ` data-a="${xmlEscape(names[a])}" data-b="${xmlEscape(names[b])}" data-value="${v === null ? '' : String(v)}"><title>${xmlEscape(label)}</title></rect>`);
      out.push(`<text x="${n(x + cell / 2)}" y="${n(yy + cell / 2 + valueSize * 0.35)}" fill="${ink}">${v === null ? '—' : shown(v)}</text>`);
    }
  }
  out.push('</g>');

  // Legend.
  out.push(`<g class="legend" font-size="${legendSize}" fill="#333333">`);
  out.push(`<rect class="scale" x="${n(legendX)}" y="${n(gridTop)}" width="${legendW}" height="${n(legendH)}" fill="url(#complan-scale)" stroke="#999999" stroke-width="0.5"/>`);
  for (const [t, s] of ticks) {
    const ty = gridTop + (1 - t) * legendH;
    out.push(`<line x1="${n(legendX + legendW)}" y1="${n(ty)}" x2="${n(legendX + legendW + 3)}" y2="${n(ty)}" stroke="#999999" stroke-width="0.5"/>`);
    out.push(`<text x="${n(legendX + legendW + 6)}" y="${n(ty + legendSize * 0.35)}">${s}</text>`);
  }
  if (anyNull) {
    out.push(`<rect class="undefined" x="${n(gridLeft)}" y="${n(nullY)}" width="${legendW}" height="${legendW}" fill="url(#complan-hatch)" stroke="#999999" stroke-width="0.5"/>`);
    out.push(`<text x="${n(gridLeft + 18)}" y="${n(nullY + legendW / 2 + legendSize * 0.35)}">${xmlEscape(nullLabel)}</text>`);
  }
  out.push('</g>');
  out.push('</svg>');
  return out.join('\n') + '\n';
}
