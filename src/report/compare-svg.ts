/**
 * The complementarity matrix of `compare --svg` as a standalone SVG heatmap, drawn with the grid
 * of svg.ts: apart from it, so that what draws every heatmap (eval's confusion matrices too) does
 * not load the comparison.
 */
import type { Comparison } from '../complementarity/matrix.js';
import { pairAt } from '../complementarity/matrix.js';
import { metricInfo, metricValue, type CompareMetric } from './compare.js';
import { fixed } from './number.js';
import { COMPARE_METRICS } from './compare-metrics.js';
import { checkChoice } from '../metrics/options-check.js';
import { HEATMAP_OPTION_KEYS, heatmapDocument, heatmapPanel, type HeatmapCell, type HeatmapOptions } from './svg.js';
import { checkOptionKeys } from '../metrics/option-keys.js';

/** A value ×100, as the text matrices show it (one decimal in a cell, two in a tooltip), with a true minus sign. */
const shown = (v: number, digits: number) => fixed(v * 100, digits).replace(/^-/, '−');

/**
 * The heatmap of `metric` over every ordered pair of `c`: row A, column B = metric(A, B), what
 * B offers A. Returns a complete SVG document (with XML declaration), ending in a newline.
 */
export function heatmapSvg(c: Comparison, metric: CompareMetric, options: HeatmapOptions = {}): string {
  checkChoice('metric', metric, COMPARE_METRICS);
  checkOptionKeys('options', options, HEATMAP_OPTION_KEYS);
  const info = metricInfo(metric, c.beta, c.basis, c.match);
  const names = c.systems.map((s) => s.name);
  // In % as compare's text matrices are (kappa ×100): one figure for one measure.
  const unit = metric === 'kappa' ? '×100' : '%';
  const title = options.title ?? `${info.name}(A, B) (${unit}): ${info.reading}`;
  const direction = info.symmetric
    ? 'row A, column B (symmetric: the matrix mirrors its diagonal)'
    : 'row A, column B = what B offers A';
  // What the figure was computed on, as the text report's header says: the match, and the types when only some count.
  const context = `${info.formula}   (${c.match} match${c.types === undefined ? '' : `, types ${c.types.join(',')}`}, ${c.goldItems} gold items)`;
  const ticks = info.min < 0 ? [[1, '100'], [0.5, '0'], [0, '−100']] as const : [[1, '100'], [0.5, '50'], [0, '0']] as const;
  const cells = names.map((_, a) => names.map((__, b): HeatmapCell | undefined => {
    if (a === b) return undefined;
    const v = metricValue(pairAt(c, a, b), metric);
    return {
      t: v === null ? null : (v - info.min) / (1 - info.min),
      text: v === null ? '—' : shown(v, 1),
      tooltip: `${info.name}(${names[a]}, ${names[b]}) = ${v === null ? 'undefined' : `${shown(v, 2)}${metric === 'kappa' ? ' (×100)' : '%'}`}`,
      data: [['a', names[a]], ['b', names[b]], ['value', v === null ? '' : String(v)]],
    };
  }));
  const panel = heatmapPanel({
    title, lines: [direction, context], rowLabels: names, colLabels: names,
    rowAxis: info.symmetric ? 'A' : 'A: system complemented', colAxis: info.symmetric ? 'B' : 'B: system offering',
    cells, ticks, nullLabel: `— undefined: ${info.undefinedWhen}`,
  }, options);
  return heatmapDocument([panel], `${info.name} heatmap: ${direction}`, `${title}. ${info.formula}. Undefined (—): ${info.undefinedWhen}.`, options);
}
