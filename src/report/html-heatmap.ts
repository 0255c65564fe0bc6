/**
 * The complementarity heatmap of the HTML report: a grid with one button per ordered pair
 * (row A, the system complemented; column B, the system offering), each carrying `data-a`,
 * `data-b` and `data-fcomp` (F_Comp(A, B) as a fraction, exactly as compare's JSON gives it, or
 * empty when undefined), coloured by complan's scale; and the data the page shows for a pair:
 * P_Comp, R_Comp, F_Comp, the counts, and example items with their sentence context. Pure.
 */
import type { Comparison, ItemExample, PairExamples } from '../complementarity/matrix.js';
import { pairAt } from '../complementarity/matrix.js';
import { metricInfo } from './compare.js';
import { htmlEscape } from './html-escape.js';
import { fixed, jsonNumber } from './number.js';
import { bandColor, textColorOn } from './palette.js';
import type { ItemContext } from './html-context.js';

/** Bands of the report's heatmaps (0–10%, …, 90–100%). */
export const HTML_HEAT_STEPS = 10;

/** The example lists of a pair, in the order the details show them, with what each holds. */
export const EXAMPLE_LISTS: ReadonlyArray<readonly [keyof PairExamples, string]> = [
  ['bFinds', 'gold items A misses and B finds (raise R_Comp)'],
  ['bAvoids', 'spurious items of A that B does not return (raise P_Comp)'],
  ['bothMiss', 'gold items both miss'],
  ['bothWrong', 'spurious items both return'],
  ['aFinds', 'gold items A finds and B misses'],
  ['bAdds', 'spurious items of B that A avoids'],
];

/** An example item in the page's data: document, sentence, label, and its context. */
export interface HtmlItem {
  doc: string;
  sentence: number;
  label: string | null;
  context: ItemContext;
}

/** A pair in the page's data. */
export interface HtmlPair {
  a: string;
  b: string;
  pComp: number | null;
  rComp: number | null;
  fComp: number | null;
  /** The three as the page shows them (`66.67%`), rounded as every other table rounds (ties to even), not by the browser's toFixed. */
  shown: { pComp: string; rComp: string; fComp: string };
  /** |FN_A|, of which B finds; |FP_A|, of which B avoids. */
  missedByA: number;
  bFindsCount: number;
  spuriousOfA: number;
  bAvoidsCount: number;
  /** Per list, indices into the items. */
  examples: Record<string, number[]>;
}

/** What the page's script needs for the pairs: the pairs in compare's order and the example items they share. */
export interface HeatmapData {
  systems: string[];
  pairs: HtmlPair[];
  items: HtmlItem[];
}

/** The pairs' data; `context` gives an example's sentence context (see html-context.ts). */
export function heatmapData(c: Comparison, context: (e: ItemExample) => ItemContext): HeatmapData {
  const items: HtmlItem[] = [];
  const index = new Map<ItemExample, number>();
  // Examples are shared objects across pairs (compareSystems makes each item once): keyed by identity, then by place.
  const byPlace = new Map<string, number>();
  const idOf = (e: ItemExample) => {
    let k = index.get(e);
    if (k !== undefined) return k;
    const place = `${e.sentence}|${e.start}|${e.end}|${e.label ?? ''}`;
    k = byPlace.get(place);
    if (k === undefined) {
      k = items.length;
      items.push({ doc: e.doc, sentence: e.sentence, label: e.label, context: context(e) });
      byPlace.set(place, k);
    }
    index.set(e, k);
    return k;
  };
  const pairs = c.pairs.map((p): HtmlPair => ({
    a: p.a, b: p.b,
    pComp: jsonNumber(p.pComp), rComp: jsonNumber(p.rComp), fComp: jsonNumber(p.fComp),
    shown: { pComp: shownPercent(p.pComp), rComp: shownPercent(p.rComp), fComp: shownPercent(p.fComp) },
    missedByA: p.onlyBCorrect + p.bothMissed, bFindsCount: p.onlyBCorrect,
    spuriousOfA: p.onlyAWrong + p.bothWrong, bAvoidsCount: p.onlyAWrong,
    examples: Object.fromEntries(EXAMPLE_LISTS.map(([list]) => [list, p.examples[list].map(idOf)])),
  }));
  return { systems: c.systems.map((s) => s.name), pairs, items };
}

/** A fraction as the pair's figures show it: a percentage with two decimals, or `undefined`. */
function shownPercent(v: number | null): string {
  return v === null || !Number.isFinite(v) ? 'undefined' : `${fixed(v * 100, 2)}%`;
}

/** A fraction as the cell shows it: a percentage with one decimal. */
const cellText = (v: number) => fixed(v * 100, 1);

/**
 * The heatmap grid of F_Comp as an HTML table of buttons (see the module comment), with its
 * legend. Cell (A, B) is the pair at index `pairAt`'s position in `c.pairs` (`data-pair`).
 */
export function heatmapHtml(c: Comparison): string {
  const info = metricInfo('fComp', c.beta, c.basis);
  const names = c.systems.map((s) => s.name);
  const n = names.length;
  const out: string[] = [];
  const title = `${info.name}(A, B): ${info.reading} — row A, column B = what B offers A`;
  // A heading rather than a caption: a caption is as narrow as the grid.
  out.push(`<p class="heatmap-title" id="heatmap-title">${htmlEscape(title)}</p>`);
  out.push('<div class="heatmap-wrap"><table class="heatmap" id="heatmap" aria-labelledby="heatmap-title">');
  out.push('<thead><tr><th scope="col" class="corner">A \\ B</th>');
  names.forEach((name, b) => out.push(`<th scope="col" class="col"><span title="${htmlEscape(name)}">${htmlEscape(name)}</span><span class="visually-hidden"> (column ${b + 1})</span></th>`));
  out.push('</tr></thead><tbody>');
  for (let a = 0; a < n; a++) {
    out.push(`<tr><th scope="row">${htmlEscape(names[a])}</th>`);
    for (let b = 0; b < n; b++) {
      if (a === b) {
        out.push('<td class="diag" aria-label="the same system">·</td>');
        continue;
      }
      const p = pairAt(c, a, b);
      const v = jsonNumber(p.fComp);
      const index = a * (n - 1) + (b < a ? b : b - 1);
      const label = `${info.name}(${names[a]}, ${names[b]}) = ${v === null ? 'undefined' : `${cellText(v)}%`}: what ${names[b]} offers ${names[a]}`;
      const common = `type="button" class="cell${v === null ? ' undef' : ''}" data-a="${htmlEscape(names[a])}" data-b="${htmlEscape(names[b])}" data-fcomp="${v === null ? '' : String(v)}" data-pair="${index}" data-row="${a}" data-col="${b}" aria-label="${htmlEscape(label)}"`;
      if (v === null) out.push(`<td><button ${common}>—</button></td>`);
      else {
        const fill = bandColor(v, HTML_HEAT_STEPS);
        out.push(`<td><button ${common} style="background:${fill};color:${textColorOn(fill)}">${cellText(v)}</button></td>`);
      }
    }
    out.push('</tr>');
  }
  out.push('</tbody></table></div>');
  out.push(legendHtml(`${info.name} in %; — undefined: ${info.undefinedWhen}.${blankRows(c)}`));
  return out.join('');
}

/**
 * Rows of the grid that are — throughout, and why: a system with no spurious item (nothing for
 * another to avoid: P_Comp undefined) or no miss (nothing to find: R_Comp undefined), which a
 * type filter makes common; the pair's panel still gives the half that is defined.
 */
function blankRows(c: Comparison): string {
  const n = c.systems.length;
  const said: string[] = [];
  for (let a = 0; a < n && n > 1; a++) {
    let blank = true;
    for (let b = 0; b < n && blank; b++) if (b !== a && pairAt(c, a, b).fComp !== null) blank = false;
    if (!blank) continue;
    const p = pairAt(c, a, a === 0 ? 1 : 0);
    const why = [
      ...(p.onlyAWrong + p.bothWrong === 0 ? ['returns no spurious item (P_Comp undefined)'] : []),
      ...(p.onlyBCorrect + p.bothMissed === 0 ? ['misses no gold item (R_Comp undefined)'] : []),
    ];
    said.push(`${c.systems[a].name} ${why.length > 0 ? why.join(' and ') : 'has every pair undefined'}`);
  }
  return said.length === 0 ? '' : ` A whole row is —: ${said.join('; ')}${c.types === undefined ? '' : ' among the types shown'}; open a pair for the half that is defined.`;
}

/** The colour legend of the report's heatmaps: one swatch per band, labelled with its range in %. */
export function legendHtml(note: string): string {
  const out: string[] = ['<div class="legend" aria-hidden="true">'];
  for (let k = 0; k < HTML_HEAT_STEPS; k++) {
    const fill = bandColor((k + 0.5) / HTML_HEAT_STEPS, HTML_HEAT_STEPS);
    out.push(`<span class="swatch" style="background:${fill};color:${textColorOn(fill)}">${(k * 100) / HTML_HEAT_STEPS}</span>`);
  }
  out.push('<span class="swatch undef">—</span></div>');
  out.push(`<p class="note">${htmlEscape(note)}</p>`);
  return out.join('');
}
