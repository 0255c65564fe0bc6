/**
 * The predicted-versus-actual scatter of `plan --svg FILE`: one point per candidate,
 * x = objective predicted from the pairwise statistics, y = objective obtained by simulation,
 * the line y = x dashed (points on it were predicted exactly), one colour and marker shape per
 * rule, the top candidates highlighted and numbered, with a key of their labels beside the plot.
 *
 * A pure, deterministic function: the same points give the same bytes (no dates, no random ids,
 * no locale-dependent formatting, coordinates rounded to 0.01). Both axes share one domain and
 * one scale, so the diagonal runs corner to corner at 45°. Ticks are "nice" numbers (1, 2 or 5
 * times a power of ten; Heckbert, "Nice numbers for graph labels", Graphics Gems, 1990).
 * Colours are sampled from viridis (van der Walt & Smith 2015) through the heatmap's
 * {@link scaleColor}, and paired with distinct marker shapes, so rules stay distinguishable in
 * greyscale and for colour-blind readers.
 *
 * Large inputs: at most `maxPoints` markers (default 5,000) are drawn — every highlighted point,
 * then, for the rest, the first point (in input order) of each rule in each square cell of a grid
 * over the plot, the cell side growing until the budget is met. Dense regions keep their look,
 * isolated points (the interesting ones) are kept, and the caption says how many were drawn.
 * Points whose predicted or actual value is not a finite number are left out and counted in a note.
 */
import { fixed } from './number.js';
import { scaleColor, textWidth, xmlEscape } from './svg.js';
import { checkOptionKeys, type NoneMissing } from '../metrics/option-keys.js';

/**
 * A plan's candidates as scatter points: a highlighted candidate is labelled `rule(a+b+…)`
 * (its members as listed), the others carry no label.
 */
export function candidatePoints(points: ReadonlyArray<{ predicted: number; actual: number; rule: string; members: readonly string[]; highlight: boolean }>): ScatterPoint[] {
  return points.map((p) => ({
    predicted: p.predicted, actual: p.actual, rule: p.rule, highlight: p.highlight,
    label: p.highlight ? `${p.rule}(${p.members.join('+')})` : '',
  }));
}

export interface ScatterPoint {
  /** Objective predicted from the pairwise statistics (x). */
  predicted: number;
  /** Objective obtained by simulation (y). */
  actual: number;
  /** The rule (`union`, `vote`, …): one colour and marker per rule. */
  rule: string;
  /** The text of a highlighted point in the key (e.g. the members and rule). */
  label: string;
  /** Drawn on top, larger, outlined and numbered, its label in the key (the top candidates). */
  highlight?: boolean;
}

export interface PlanScatterOptions {
  /** The objective as shown on the axes ("predicted <objective>", "actual <objective>"). */
  objective: string;
  /** Lower is better (changes only the reading hint under the title). */
  minimise?: boolean;
  /** Replaces the title. */
  title?: string;
  /** The values are fractions of a rate (P, R, F, SER, K): drawn, ticked and shown in % (two decimals); else as given (four). */
  percent?: boolean;
  /** How many highlighted points get a number and a key entry (the first in input order; default 10). */
  maxLabels?: number;
  /** Most markers drawn (default 5,000; at least the number of highlighted points). */
  maxPoints?: number;
  /** CSS font-family list (default Helvetica, Arial, DejaVu Sans, sans-serif, as the heatmap). */
  fontFamily?: string;
  /** Side of the square plot area in px (default 440). */
  plotSize?: number;
  /** A point to ring in red (the plan's recommendation), named in a note under the plot. */
  ring?: { predicted: number; actual: number; label: string };
  /** What the actual values were measured on (`in-sample: the planning data (…)`), said under the title and in the description. */
  data?: string;
}

/** Every option {@link planScatterSvg} takes (any other key is refused). */
export const PLAN_SCATTER_OPTION_KEYS = ['objective', 'minimise', 'title', 'percent', 'maxLabels', 'maxPoints', 'fontFamily', 'plotSize', 'ring', 'data'] as const satisfies readonly (keyof PlanScatterOptions)[];
type _PlanScatterOptionKeysListed = NoneMissing<Exclude<keyof PlanScatterOptions, (typeof PLAN_SCATTER_OPTION_KEYS)[number]>>;

/** A coordinate with at most two decimals, no trailing zeros, never "-0". */
const c = (x: number) => String(Math.round(x * 100) / 100 || 0);

/** An integer with thin-space-free, locale-independent thousands separators: 1,234,567. */
export function grouped(x: number): string {
  return String(Math.round(x)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * "Nice" tick values covering [min, max]: a step of 1, 2 or 5 × 10^k giving about `target`
 * intervals, and the domain widened to multiples of the step. A zero-width range is padded
 * first (±5 % of the value, at least ±0.05). Returns the ticks (ascending, rounded to the
 * step's decimals) and the number of decimals to print.
 *
 * Source: P. Heckbert, "Nice numbers for graph labels", Graphics Gems, 1990 (the 1-2-5 rule).
 */
export function niceTicks(min: number, max: number, target = 6): { ticks: number[]; decimals: number } {
  let lo = min;
  let hi = max;
  if (!(hi > lo)) {
    const pad = Math.max(Math.abs(lo) * 0.05, 0.05);
    lo -= pad;
    hi += pad;
  }
  const raw = (hi - lo) / target;
  const power = Math.floor(Math.log10(raw));
  const mag = 10 ** power;
  const norm = raw / mag;
  const unit = norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10;
  const decimals = Math.max(0, -(unit === 10 ? power + 1 : power));
  const step = unit * mag;
  const first = Math.floor(lo / step + 1e-9);
  const last = Math.ceil(hi / step - 1e-9);
  const ticks: number[] = [];
  for (let i = first; i <= last; i++) ticks.push(Number((i * step).toFixed(decimals)));
  return { ticks, decimals };
}

/** Marker paths relative to the centre, for a radius r: circle, square, triangles, diamond, plus. */
function markerPath(shape: number, r: number): string {
  const q = (x: number) => c(x);
  switch (shape % 6) {
    case 0:
      return `m${q(-r)} 0a${q(r)} ${q(r)} 0 1 0 ${q(2 * r)} 0a${q(r)} ${q(r)} 0 1 0 ${q(-2 * r)} 0z`;
    case 1: {
      const s = r * 0.88;
      return `m${q(-s)} ${q(-s)}h${q(2 * s)}v${q(2 * s)}h${q(-2 * s)}z`;
    }
    case 2:
      return `m0 ${q(-1.2 * r)}l${q(1.1 * r)} ${q(2 * r)}h${q(-2.2 * r)}z`;
    case 3:
      return `m0 ${q(-1.3 * r)}l${q(1.3 * r)} ${q(1.3 * r)}l${q(-1.3 * r)} ${q(1.3 * r)}l${q(-1.3 * r)} ${q(-1.3 * r)}z`;
    case 4:
      return `m0 ${q(1.2 * r)}l${q(1.1 * r)} ${q(-2 * r)}h${q(-2.2 * r)}z`;
    default: {
      const w = r * 0.42;
      const a = r * 1.25 - w;
      return `m${q(-w)} ${q(-r * 1.25)}h${q(2 * w)}v${q(a)}h${q(a)}v${q(2 * w)}h${q(-a)}v${q(a)}h${q(-2 * w)}v${q(-a)}h${q(-a)}v${q(-2 * w)}h${q(a)}z`;
    }
  }
}

/** The colour of rule i of `count`: viridis from dark purple to green, avoiding the pale yellow end. */
function ruleColor(i: number, count: number): string {
  return scaleColor(count === 1 ? 0.3 : 0.02 + (0.8 * i) / (count - 1));
}

/** A number for a tick label: fixed decimals, a true minus sign. */
const tickText = (v: number, decimals: number) => fixed(v, decimals).replace(/^-/, '−');

/**
 * Chooses which points to draw: every highlighted one, then for the others the first point (in
 * input order) of each (rule, cell) on a grid of square cells over the `area`-px plot, with the
 * smallest cell side (found by bisection between 0.25 px and twice the plot) that keeps at most
 * `budget` points. When even one cell per rule is too many, the first points in input order fill
 * the budget. Returns the indices (ascending) and the cell side (0 when nothing was thinned).
 */
function thin(xs: Float64Array, ys: Float64Array, rules: Int32Array, ruleCount: number, highlighted: Uint8Array, budget: number, area: number): { keep: number[]; cell: number } {
  const n = xs.length;
  if (n <= budget) return { keep: Array.from({ length: n }, (_, i) => i), cell: 0 };
  const select = (cell: number, collect: boolean): { count: number; keep: number[] } => {
    const cols = Math.floor(area / cell) + 2;
    const cells = ruleCount * cols * cols;
    const marks = cells <= 1 << 26 ? new Uint8Array(cells) : null;
    const seen = marks === null ? new Set<number>() : null;
    const keep: number[] = [];
    let count = 0;
    for (let i = 0; i < n; i++) {
      if (!highlighted[i]) {
        const key = (rules[i] * cols + Math.floor(ys[i] / cell)) * cols + Math.floor(xs[i] / cell);
        if (marks !== null) {
          if (marks[key]) continue;
          marks[key] = 1;
        } else {
          if (seen!.has(key)) continue;
          seen!.add(key);
        }
      }
      count++;
      if (collect) keep.push(i);
    }
    return { count, keep };
  };
  let lo = 0.25;
  let hi = 2 * area;
  if (select(hi, false).count > budget) {
    let pinned = 0;
    for (let i = 0; i < n; i++) pinned += highlighted[i];
    const keep: number[] = [];
    let others = 0;
    for (let i = 0; i < n; i++) if (highlighted[i] || others++ < budget - pinned) keep.push(i);
    return { keep, cell: hi };
  }
  if (select(lo, false).count <= budget) hi = lo;
  else {
    for (let step = 0; step < 16; step++) {
      const mid = Math.sqrt(lo * hi); // bisection on a log scale
      if (select(mid, false).count <= budget) hi = mid;
      else lo = mid;
    }
  }
  return { keep: select(hi, true).keep, cell: hi };
}

/**
 * The predicted-versus-actual scatter as a complete standalone SVG document (with XML
 * declaration), ending in a newline.
 *
 * Content: title and a reading hint (above or below the diagonal is better than predicted,
 * depending on `minimise`); a square plot with a light grid at nice ticks on both axes (shared
 * domain), the dashed diagonal y = x, one marker per drawn point (colour and shape by rule, in
 * order of first appearance), highlighted points on top, larger, with a dark outline and a
 * number (1, 2, … in input order, for the first `maxLabels`; placed beside the point where it
 * overlaps no other number, with a leader line when it had to move away); axis titles
 * "predicted <objective>" and "actual <objective>"; on the right, the legend of rules with their
 * number of candidates and the key of the numbers, each with its label text (labels longer than
 * 60 characters are shortened with "…"; the full text is in the marker's tooltip); notes on
 * undefined and thinned points. Numbers in a key rather than labels on the plot because the top
 * candidates cluster by construction, and long member lists would cover each other.
 *
 * Edge cases: no drawable point gives the axes over [0, 1] ([0, 100] in %) and a "no candidates" note; a single
 * point or all-equal values get a padded domain; non-finite values are skipped and counted.
 */
export function planScatterSvg(given: readonly ScatterPoint[], options: PlanScatterOptions): string {
  checkOptionKeys('options', options, PLAN_SCATTER_OPTION_KEYS);
  // A rate objective is drawn and labelled in %, as every table shows it.
  const scale = options.percent === true ? 100 : 1;
  const points = scale === 1 ? given : given.map((p) => ({ ...p, predicted: p.predicted * scale, actual: p.actual * scale }));
  const value = (x: number) => fixed(x, scale === 1 ? 4 : 2);
  const font = options.fontFamily ?? 'Helvetica, Arial, \'DejaVu Sans\', sans-serif';
  const side = options.plotSize ?? 440;
  const maxLabels = Math.max(0, options.maxLabels ?? 10);
  const objective = options.objective;
  const margin = 16;
  const titleSize = 15;
  const subSize = 12;
  const tickSize = 11;
  const axisSize = 13;
  const legendSize = 12;
  const labelSize = 11;

  // Finite points, rules in order of first appearance.
  const ruleIndex = new Map<string, number>();
  const ruleCount: number[] = [];
  const ids: number[] = [];
  let undefinedCount = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < points.length; i++) {
    const p = points[i];
    if (!ruleIndex.has(p.rule)) {
      ruleIndex.set(p.rule, ruleIndex.size);
      ruleCount.push(0);
    }
    if (!Number.isFinite(p.predicted) || !Number.isFinite(p.actual)) {
      undefinedCount++;
      continue;
    }
    ruleCount[ruleIndex.get(p.rule)!]++;
    ids.push(i);
    lo = Math.min(lo, p.predicted, p.actual);
    hi = Math.max(hi, p.predicted, p.actual);
  }
  const ringGiven = options.ring !== undefined && Number.isFinite(options.ring.predicted) && Number.isFinite(options.ring.actual) ? options.ring : undefined;
  const ring = ringGiven === undefined ? undefined : { ...ringGiven, predicted: ringGiven.predicted * scale, actual: ringGiven.actual * scale };
  if (ring !== undefined && ids.length > 0) {
    lo = Math.min(lo, ring.predicted, ring.actual);
    hi = Math.max(hi, ring.predicted, ring.actual);
  }
  const rules = [...ruleIndex.keys()];
  const empty = ids.length === 0;
  const { ticks, decimals } = empty ? niceTicks(0, scale, 5) : niceTicks(lo, hi);
  const dLo = ticks[0];
  const dHi = ticks[ticks.length - 1];
  const tickLabels = ticks.map((t) => tickText(t, decimals));

  // Layout.
  const title = options.title ?? `Predicted versus actual ${objective}`;
  const reading = options.minimise
    ? 'Below the dashed line y = x: better than predicted (lower is better); above: worse.'
    : 'Above the dashed line y = x: better than predicted; below: worse.';
  const data = options.data === undefined ? '' : `Actual values ${options.data}. `;
  const hint = `${data}${reading}`;
  const titleY = margin + titleSize;
  const hintY = titleY + 6 + subSize;
  const plotTop = hintY + 18;
  const tickW = Math.max(...tickLabels.map((s) => textWidth(s, tickSize)));
  const yAxisX = margin + axisSize; // baseline of the rotated y-axis title
  const plotLeft = yAxisX + 10 + tickW + 8;
  const plotRight = plotLeft + side;
  const plotBottom = plotTop + side;
  const xAxisY = plotBottom + 8 + tickSize + 10 + axisSize;
  const X = (v: number) => plotLeft + ((v - dLo) / (dHi - dLo)) * side;
  const Y = (v: number) => plotBottom - ((v - dLo) / (dHi - dLo)) * side;

  const legendX = plotRight + 28;
  const legendRows = rules.map((r, i) => `${r} (${grouped(ruleCount[i])})`);
  const legendHeader = 'Rule (candidates)';
  const keyHeader = 'Highlighted';
  const legendRowY = (i: number) => plotTop + legendSize + 8 + (i + 1) * 20;

  // Points to draw.
  const n = ids.length;
  const xs = new Float64Array(n);
  const ys = new Float64Array(n);
  const rs = new Int32Array(n);
  const hl = new Uint8Array(n);
  for (let j = 0; j < n; j++) {
    const p = points[ids[j]];
    xs[j] = X(p.predicted) - plotLeft;
    ys[j] = Y(p.actual) - plotTop;
    rs[j] = ruleIndex.get(p.rule)!;
    hl[j] = p.highlight ? 1 : 0;
  }
  const highlightedCount = hl.reduce((s, v) => s + v, 0);
  const budget = Math.max(options.maxPoints ?? 5000, highlightedCount);
  const { keep, cell } = thin(xs, ys, rs, rules.length, hl, budget, side);
  const radius = keep.length > 2000 ? 2.2 : keep.length > 300 ? 2.8 : 3.6;
  const bigRadius = Math.max(4.5, radius * 1.5);

  const notes: string[] = [];
  if (empty) notes.push(points.length === 0 ? 'No candidates to show.' : 'No candidate has both a predicted and an actual value to show.');
  if (undefinedCount > 0) {
    notes.push(`${grouped(undefinedCount)} candidate${undefinedCount === 1 ? '' : 's'} with an undefined predicted or actual ${objective} not shown.`);
  }
  if (keep.length < n) {
    notes.push(`${grouped(keep.length)} of ${grouped(n)} candidates drawn: all highlighted ones, the rest thinned to the first of each rule in each ${c(cell)}-px cell.`);
  }
  const labelled = keep.filter((j) => hl[j]).slice(0, maxLabels);
  if (highlightedCount > labelled.length) {
    notes.push(`Numbers on the first ${grouped(labelled.length)} of ${grouped(highlightedCount)} highlighted candidates.`);
  }
  const short = (label: string) => (label.length > 60 ? `${label.slice(0, 59)}…` : label);
  if (ring !== undefined) notes.push(`Ringed in red: ${short(ring.label)}.`);
  const notesY = xAxisY + 10;
  const keyRows = labelled.map((j, k) => ({ number: String(k + 1), text: short(points[ids[j]].label) }));
  const keyTop = legendRowY(rules.length) + 22;
  const keyRowY = (k: number) => keyTop + legendSize + 6 + (k + 1) * 17;
  const keyNumberW = Math.max(0, ...keyRows.map((r) => textWidth(r.number, legendSize)));
  const legendW = Math.max(textWidth(legendHeader, legendSize) * 1.1, ...legendRows.map((row) => 22 + textWidth(row, legendSize)),
    ...(keyRows.length > 0 ? [textWidth(keyHeader, legendSize) * 1.1] : []), ...keyRows.map((r) => keyNumberW + 10 + textWidth(r.text, legendSize)));

  const right = Math.max(legendX + legendW, plotRight + 8);
  const width = Math.ceil(Math.max(right + margin, margin * 2 + textWidth(title, titleSize) * 1.1, margin * 2 + textWidth(hint, subSize),
    ...notes.map((t) => margin * 2 + textWidth(t, subSize - 1))));
  const height = Math.ceil(Math.max(notesY + notes.length * 16 + 4, keyRows.length > 0 ? keyRowY(keyRows.length - 1) + 6 : legendRowY(rules.length - 1) + 6) + margin);

  const out: string[] = [];
  out.push('<?xml version="1.0" encoding="UTF-8"?>');
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${xmlEscape(font)}">`);
  out.push(`<title>${xmlEscape(title)}</title>`);
  out.push(`<desc>${xmlEscape(`${data}x: predicted ${objective}; y: actual ${objective}; dashed line y = x. ${grouped(points.length)} candidates, ${grouped(keep.length)} drawn.`)}</desc>`);
  out.push('<defs>');
  out.push(`<clipPath id="complan-plot"><rect x="${c(plotLeft - 6)}" y="${c(plotTop - 6)}" width="${side + 12}" height="${side + 12}"/></clipPath>`);
  out.push('</defs>');
  out.push(`<rect class="background" width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${margin}" y="${c(titleY)}" font-size="${titleSize}" font-weight="bold" fill="#111111">${xmlEscape(title)}</text>`);
  out.push(`<text x="${margin}" y="${c(hintY)}" font-size="${subSize}" fill="#444444">${xmlEscape(hint)}</text>`);

  // Grid, frame, ticks.
  out.push(`<g class="grid" stroke="#e4e4e4" stroke-width="1">`);
  for (const t of ticks) {
    out.push(`<line x1="${c(X(t))}" y1="${c(plotTop)}" x2="${c(X(t))}" y2="${c(plotBottom)}"/>`);
    out.push(`<line x1="${c(plotLeft)}" y1="${c(Y(t))}" x2="${c(plotRight)}" y2="${c(Y(t))}"/>`);
  }
  out.push('</g>');
  out.push(`<rect class="frame" x="${c(plotLeft)}" y="${c(plotTop)}" width="${side}" height="${side}" fill="none" stroke="#888888" stroke-width="1"/>`);
  out.push(`<g class="ticks" font-size="${tickSize}" fill="#333333">`);
  ticks.forEach((t, i) => {
    out.push(`<text x="${c(X(t))}" y="${c(plotBottom + 8 + tickSize)}" text-anchor="middle">${tickLabels[i]}</text>`);
    out.push(`<text x="${c(plotLeft - 8)}" y="${c(Y(t) + tickSize * 0.35)}" text-anchor="end">${tickLabels[i]}</text>`);
  });
  out.push('</g>');
  out.push(`<text class="axis-x" x="${c(plotLeft + side / 2)}" y="${c(xAxisY)}" font-size="${axisSize}" text-anchor="middle" fill="#111111">${xmlEscape(`predicted ${objective}`)}</text>`);
  out.push(`<text class="axis-y" x="${c(yAxisX)}" y="${c(plotTop + side / 2)}" font-size="${axisSize}" text-anchor="middle" fill="#111111" transform="rotate(-90 ${c(yAxisX)} ${c(plotTop + side / 2)})">${xmlEscape(`actual ${objective}`)}</text>`);

  // The diagonal.
  out.push(`<line class="diagonal" x1="${c(plotLeft)}" y1="${c(plotBottom)}" x2="${c(plotRight)}" y2="${c(plotTop)}" stroke="#555555" stroke-width="1.2" stroke-dasharray="6 4"/>`);

  // Points in input order (so that no rule hides another wholesale), highlighted ones on top.
  const colors = rules.map((_, i) => ruleColor(i, rules.length));
  const shapes = rules.map((_, i) => markerPath(i, radius));
  const top: number[] = [];
  out.push('<g class="points" clip-path="url(#complan-plot)" fill-opacity="0.75" stroke="#ffffff" stroke-width="0.5">');
  for (const j of keep) {
    if (hl[j]) top.push(j);
    else out.push(`<path d="M${c(plotLeft + xs[j])} ${c(plotTop + ys[j])}${shapes[rs[j]]}" fill="${colors[rs[j]]}"/>`);
  }
  out.push('</g>');

  // Highlighted points, then their numbers.
  if (top.length > 0) {
    out.push('<g class="highlighted" stroke="#111111" stroke-width="1.2">');
    for (const j of top) {
      const p = points[ids[j]];
      const r = rs[j];
      out.push(`<path d="M${c(plotLeft + xs[j])} ${c(plotTop + ys[j])}${markerPath(r, bigRadius)}" fill="${colors[r]}" data-rule="${xmlEscape(rules[r])}">`
        + `<title>${xmlEscape(`${p.label} (${p.rule}): predicted ${value(p.predicted)}, actual ${value(p.actual)}`)}</title></path>`);
    }
    out.push('</g>');
  }
  if (ring !== undefined) {
    out.push(`<g class="ring"><circle cx="${c(X(ring.predicted))}" cy="${c(Y(ring.actual))}" r="${c(bigRadius + 4)}" fill="none" stroke="#d62728" stroke-width="2.5"/>`
      + `<title>${xmlEscape(`${ring.label}: predicted ${value(ring.predicted)}, actual ${value(ring.actual)}`)}</title></g>`);
  }
  if (labelled.length > 0) {
    out.push(`<g class="numbers" font-size="${labelSize}" font-weight="bold" fill="#111111">`);
    const placed: Array<{ x0: number; x1: number; y0: number; y1: number }> = [];
    const gap = bigRadius + 2;
    labelled.forEach((j, k) => {
      const label = keyRows[k].number;
      const w = textWidth(label, labelSize);
      const h = labelSize;
      const px = plotLeft + xs[j];
      const py = plotTop + ys[j];
      // Candidate boxes (left, top): right, left, above, below, then further out on a ring.
      const spots: Array<[number, number]> = [[px + gap, py - h / 2], [px - gap - w, py - h / 2], [px - w / 2, py - gap - h], [px - w / 2, py + gap]];
      for (let ring = 1; ring <= 6; ring++) {
        const d = gap + ring * 13;
        for (let a = 0; a < 12; a++) {
          const t = (a * Math.PI) / 6;
          spots.push([px + Math.cos(t) * d - w / 2, py - Math.sin(t) * d - h / 2]);
        }
      }
      const inside = ([x0, y0]: [number, number]) => x0 >= plotLeft + 1 && x0 + w <= plotRight - 1 && y0 >= plotTop + 1 && y0 + h <= plotBottom - 1;
      const free = ([x0, y0]: [number, number]) => !placed.some((b) => b.x0 < x0 + w + 4 && x0 - 4 < b.x1 && b.y0 < y0 + h + 2 && y0 - 2 < b.y1);
      const spot = spots.find((s) => inside(s) && free(s)) ?? spots.find(inside) ?? spots[0];
      const [x0, y0] = spot;
      placed.push({ x0, x1: x0 + w, y0, y1: y0 + h });
      const cx = x0 + w / 2;
      const cy = y0 + h / 2;
      if (Math.hypot(cx - px, cy - py) > gap + w + 2) {
        out.push(`<line x1="${c(px)}" y1="${c(py)}" x2="${c(cx)}" y2="${c(cy)}" stroke="#666666" stroke-width="0.7"/>`);
      }
      out.push(`<text x="${c(cx)}" y="${c(y0 + h * 0.82)}" text-anchor="middle" stroke="#ffffff" stroke-width="3" stroke-linejoin="round" paint-order="stroke">${label}</text>`);
    });
    out.push('</g>');
  }

  // Legend and key.
  out.push(`<g class="legend" font-size="${legendSize}" fill="#333333">`);
  out.push(`<text x="${c(legendX)}" y="${c(plotTop + legendSize)}" font-weight="bold">${legendHeader}</text>`);
  rules.forEach((rule, i) => {
    const y = legendRowY(i);
    out.push(`<path d="M${c(legendX + 6)} ${c(y - legendSize * 0.35)}${markerPath(i, 4)}" fill="${colors[i]}" stroke="#ffffff" stroke-width="0.5"/>`);
    out.push(`<text x="${c(legendX + 18)}" y="${c(y)}" data-rule="${xmlEscape(rule)}">${xmlEscape(legendRows[i])}</text>`);
  });
  out.push('</g>');
  if (keyRows.length > 0) {
    out.push(`<g class="key" font-size="${legendSize}" fill="#333333">`);
    out.push(`<text x="${c(legendX)}" y="${c(keyTop + legendSize)}" font-weight="bold">${keyHeader}</text>`);
    keyRows.forEach((r, k) => {
      const y = keyRowY(k);
      out.push(`<text x="${c(legendX + keyNumberW)}" y="${c(y)}" text-anchor="end" font-weight="bold" fill="#111111">${r.number}</text>`);
      out.push(`<text x="${c(legendX + keyNumberW + 10)}" y="${c(y)}">${xmlEscape(r.text)}</text>`);
    });
    out.push('</g>');
  }

  // Notes.
  if (notes.length > 0) {
    out.push(`<g class="notes" font-size="${subSize - 1}" fill="#555555">`);
    notes.forEach((s, i) => out.push(`<text x="${margin}" y="${c(notesY + 12 + i * 16)}">${xmlEscape(s)}</text>`));
    out.push('</g>');
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}
