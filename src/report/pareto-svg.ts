/**
 * The Pareto chart of the HTML report: every candidate whose prediction is measured (the
 * scatter's points) placed by size, or by cost when costs are given (x, lower is better), against
 * its actual objective (y), the Pareto front among them drawn as a step line through its points,
 * and the recommendation ringed. A pure, deterministic function returning an SVG element (no XML
 * declaration: it is inlined in the page).
 *
 * The front is {@link paretoFront} (Kung, Luccio & Preparata 1975) over the points drawn: no
 * other point is at most as costly and at least as good with one of the two strictly better.
 * Ticks are {@link niceTicks}; colours come from complan's scale (palette.ts).
 */
import { paretoFront } from '../plan/pareto.js';
import { fixed } from './number.js';
import { niceTicks } from './plan-svg.js';
import { scaleColor } from './palette.js';
import { xmlEscape } from './svg.js';
import { checkOptionKeys, type NoneMissing } from '../metrics/option-keys.js';

export interface ParetoPoint {
  /** Size or cost (x). */
  x: number;
  /** Actual objective (y). */
  value: number;
  /** Shown in the point's tooltip: `rule(a+b+…)`, or empty. */
  label: string;
}

export interface ParetoSvgOptions {
  /** The x axis: `size` (members) or `cost`. */
  axis: 'size' | 'cost';
  /** The objective as shown on the y axis. */
  objective: string;
  /** Lower objective is better. */
  minimise: boolean;
  /** Shows a value on the y axis (e.g. a percentage). */
  format: (v: number) => string;
  /** The recommendation (ringed and labelled); absent when it is not drawn. */
  recommendation?: { x: number; value: number; label: string };
  /** Side of the plot area in px (default 360). */
  plotSize?: number;
}

/** Every option {@link paretoSvg} takes (any other key is refused). */
export const PARETO_SVG_OPTION_KEYS = ['axis', 'objective', 'minimise', 'format', 'recommendation', 'plotSize'] as const satisfies readonly (keyof ParetoSvgOptions)[];
type _ParetoSvgOptionKeysListed = NoneMissing<Exclude<keyof ParetoSvgOptions, (typeof PARETO_SVG_OPTION_KEYS)[number]>>;

const c = (x: number) => String(Math.round(x * 100) / 100 || 0);

/** The chart as an `<svg>` element with a title and description, ending in a newline. */
export function paretoSvg(points: readonly ParetoPoint[], o: ParetoSvgOptions): string {
  checkOptionKeys('options', o, PARETO_SVG_OPTION_KEYS);
  const finite = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.value));
  const all = o.recommendation === undefined ? finite : [...finite, { ...o.recommendation }];
  const front = paretoFront(finite.map((p) => ({ cost: p.x, value: p.value })), !o.minimise);
  const side = o.plotSize ?? 360;
  const xs = all.map((p) => p.x);
  const ys = all.map((p) => p.value);
  const xt = niceTicks(xs.length === 0 ? 0 : Math.min(0, ...xs), xs.length === 0 ? 1 : Math.max(...xs), 6);
  const yt = niceTicks(ys.length === 0 ? 0 : Math.min(...ys), ys.length === 0 ? 1 : Math.max(...ys), 6);
  const [x0, x1] = [xt.ticks[0], xt.ticks[xt.ticks.length - 1]];
  const [y0, y1] = [yt.ticks[0], yt.ticks[yt.ticks.length - 1]];
  const left = 64;
  const top = 16;
  const width = left + side + 24;
  const height = top + side + 52;
  const X = (v: number) => left + ((v - x0) / (x1 - x0 || 1)) * side;
  const Y = (v: number) => top + side - ((v - y0) / (y1 - y0 || 1)) * side;
  const xLabel = o.axis === 'size' ? 'members (size)' : 'cost';
  const xText = (x: number) => fixed(x, o.axis === 'size' ? 0 : 2);
  const out: string[] = [];
  out.push(`<svg class="pareto" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="pareto-title">`);
  // Candidates whose objective is undefined (no item at all) have no place on the chart: counted apart.
  const undrawn = points.length - finite.length;
  const apart = undrawn === 0 ? '' : ` (${undrawn.toLocaleString('en-US')} more, whose ${o.objective} is undefined, not drawn)`;
  out.push(`<title id="pareto-title">${xmlEscape(`Actual ${o.objective} against ${xLabel}: ${finite.length.toLocaleString('en-US')} candidate${finite.length === 1 ? '' : 's'}${apart}, ${front.filter(Boolean).length.toLocaleString('en-US')} on the Pareto front`)}</title>`);
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push('<g class="grid" stroke="#e3e3e3" stroke-width="1">');
  for (const t of xt.ticks) out.push(`<line x1="${c(X(t))}" y1="${top}" x2="${c(X(t))}" y2="${top + side}"/>`);
  for (const t of yt.ticks) out.push(`<line x1="${left}" y1="${c(Y(t))}" x2="${left + side}" y2="${c(Y(t))}"/>`);
  out.push('</g>');
  out.push(`<rect x="${left}" y="${top}" width="${side}" height="${side}" fill="none" stroke="#888888"/>`);
  out.push('<g font-size="11" fill="#333333">');
  for (const t of xt.ticks) out.push(`<text x="${c(X(t))}" y="${top + side + 15}" text-anchor="middle">${fixed(t, xt.decimals)}</text>`);
  for (const t of yt.ticks) out.push(`<text x="${left - 6}" y="${c(Y(t) + 4)}" text-anchor="end">${xmlEscape(o.format(t))}</text>`);
  out.push('</g>');
  out.push(`<text x="${left + side / 2}" y="${top + side + 34}" font-size="12" text-anchor="middle" fill="#111111">${xmlEscape(`${xLabel} (lower is better)`)}</text>`);
  out.push(`<text x="14" y="${top + side / 2}" font-size="12" text-anchor="middle" fill="#111111" transform="rotate(-90 14 ${top + side / 2})">${xmlEscape(`actual ${o.objective}`)}</text>`);
  // The front as a step line, cheapest first.
  const onFront = finite.filter((_, i) => front[i]).sort((a, b) => a.x - b.x || (o.minimise ? a.value - b.value : b.value - a.value));
  if (onFront.length > 1) {
    const path = onFront.map((p, i) => (i === 0 ? `M${c(X(p.x))} ${c(Y(p.value))}` : `H${c(X(p.x))}V${c(Y(p.value))}`)).join('');
    out.push(`<path class="front-line" d="${path}" fill="none" stroke="${scaleColor(0.6)}" stroke-width="1.5"/>`);
  }
  out.push(`<g class="points" fill="${scaleColor(0.25)}" fill-opacity="0.45">`);
  finite.forEach((p, i) => {
    if (!front[i]) out.push(`<circle cx="${c(X(p.x))}" cy="${c(Y(p.value))}" r="2.5">${p.label === '' ? '' : `<title>${xmlEscape(p.label)}</title>`}</circle>`);
  });
  out.push('</g>');
  out.push(`<g class="front" fill="${scaleColor(0.6)}" stroke="#111111" stroke-width="0.8">`);
  finite.forEach((p, i) => {
    if (front[i]) out.push(`<circle cx="${c(X(p.x))}" cy="${c(Y(p.value))}" r="4"><title>${xmlEscape(`${p.label === '' ? 'candidate' : p.label}: ${xLabel} ${xText(p.x)}, ${o.format(p.value)} (Pareto front)`)}</title></circle>`);
  });
  out.push('</g>');
  if (o.recommendation !== undefined) {
    const r = o.recommendation;
    out.push(`<g class="recommendation"><circle cx="${c(X(r.x))}" cy="${c(Y(r.value))}" r="8" fill="none" stroke="#d62728" stroke-width="2.5"/>`
      + `<title>${xmlEscape(`Recommended: ${r.label}, ${xLabel} ${xText(r.x)}, ${o.format(r.value)}`)}</title></g>`);
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}
