/** Text helpers of the TUI: truncation, padding, percentages and the heatmap's colour scale. */
import { visible } from '../../src/report/terminal-text.js';
import { displayWidth, headWithin, padEndTo, padStartTo, tailWithin } from '../../src/report/display-width.js';
import { bandColor, textColorOn } from '../../src/report/palette.js';
import { percent } from '../../src/report/number.js';
import { typeName } from '../../src/report/type-name.js';

/**
 * `s` in at most `width` characters: long names lose their middle, so that both the start and
 * the distinguishing end stay visible (`bert-glo…lstmcrf`).
 */
export function truncate(text: string, width: number): string {
  // Names and labels come from the inputs: their control characters are shown as escapes.
  const s = visible(text);
  if (width <= 0) return '';
  if (displayWidth(s) <= width) return s;
  if (width === 1) return '…';
  const head = Math.ceil((width - 1) / 2);
  return cutMiddle(s, width, head);
}

/** `s` cut at `width` columns, the cut marked with `…` (for table rows, whose start matters). */
export function cutEnd(s: string, width: number): string {
  if (displayWidth(s) <= width) return s;
  return width <= 0 ? '' : `${headWithin(s, width - 1)}…`;
}

/** `s` in exactly `width` columns: cut in the middle when longer, else followed by spaces. */
export function padEnd(s: string, width: number): string {
  return padEndTo(truncate(s, width), width);
}

/** `s` in exactly `width` columns: its start when longer, else after spaces. */
export function padStart(s: string, width: number): string {
  return padStartTo(headWithin(s, width), width);
}

/** A fraction as a percentage with two decimals (— when undefined). */
export function pct(x: number | null | undefined): string {
  return percent(x === null || x === undefined || !Number.isFinite(x) ? null : x);
}

/** A signed difference of fractions in points (+0.42, −1.10). */
export function signedPct(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  const s = percent(Math.abs(x));
  return (x < 0 && s !== '0.00' ? '-' : '+') + s;
}

/** A count: integers as they are, fractional (predicted) ones with one decimal. */
export function count(x: number): string {
  if (!Number.isFinite(x)) return '—';
  return Number.isInteger(x) ? String(x) : x.toFixed(1);
}

/** Bands of the TUI's heatmap (0–20%, …, 80–100%), in complan's colour scale (src/report/palette.ts). */
export const HEAT_STEPS = 5;
export const HEAT: readonly string[] = Array.from({ length: HEAT_STEPS }, (_, k) => bandColor(k / HEAT_STEPS, HEAT_STEPS));

/** The heatmap colour of a fraction in [0, 1] (undefined values get none). */
export function heatColor(x: number | null): string | undefined {
  if (x === null || !Number.isFinite(x)) return undefined;
  return bandColor(x, HEAT_STEPS);
}

/** The readable text colour on a heatmap colour. */
export function heatText(background: string): string {
  return textColorOn(background);
}

/** A progress bar of `width` cells. */
export function bar(done: number, total: number, width: number): string {
  const f = total <= 0 ? 1 : Math.min(1, done / total);
  const full = Math.round(f * width);
  return '█'.repeat(full) + '░'.repeat(width - full);
}

/**
 * `text` in lines of at most `width` columns, broken at spaces; a longer word (a candidate's
 * `rule(a+b+c)`) is broken after its last `+`, `,` or `(` that fits, else cut.
 */
export function wrap(text: string, width: number): string[] {
  const w = Math.max(1, width);
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(/\s+/).filter((x) => x !== '')) {
    while (displayWidth(word) > w) {
      if (line !== '') { lines.push(line); line = ''; }
      // At least one character a line, even one wider than the line (a CJK character in one column).
      const fits = headWithin(word, w) || [...word][0];
      const at = Math.max(fits.lastIndexOf('+'), fits.lastIndexOf(','), fits.lastIndexOf('('));
      const part = at > 0 ? fits.slice(0, at + 1) : fits;
      lines.push(part);
      word = word.slice(part.length);
    }
    if (line === '') line = word;
    else if (displayWidth(line) + 1 + displayWidth(word) <= w) line += ` ${word}`;
    else { lines.push(line); line = word; }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** A word that is a figure or begins one: `94.95`, `+0.98`, `(95%`, `0.0625;`, `1/16:`. */
const FIGURE = /^[([]?[-+±<>]?\d/;
/** A word that joins a figure to its label or to another figure, or the terms of a formula: `p = 0.25`, `94.95 ± 4.67`, `(predicted − actual)`. */
const JOINER = /^[=±<>≤≥−×÷]$/;

/**
 * {@link wrap}, but no line ends beside a figure unless a clause ends there (after `,` or `;`): a
 * figure stays on the line of the words on either side of it (`p = 0.0625`, `+0.98 points`,
 * `95% interval +0.20 to +2.27`), so that it is never left at a line's end with what it measures
 * on the next; nor does a line end with a label (`held-out:`) and leave what it labels to the next.
 * A run of words held together that is longer than the width is wrapped as `wrap` does.
 */
export function wrapKeepingFigures(text: string, width: number): string[] {
  const w = Math.max(1, width);
  const words = text.split(/\s+/).filter((x) => x !== '');
  const runs: string[] = [];
  words.forEach((word, i) => {
    const prev = words[i - 1];
    const held = prev !== undefined
      && (prev.endsWith(':') || (!/[,;]$/.test(prev) && [prev, word].some((x) => FIGURE.test(x) || JOINER.test(x))));
    if (held) runs[runs.length - 1] += ` ${word}`;
    else runs.push(word);
  });
  const lines: string[] = [];
  let line = '';
  for (const run of runs) {
    if (line !== '' && displayWidth(line) + 1 + displayWidth(run) <= w) {
      line += ` ${run}`;
      continue;
    }
    if (line !== '') lines.push(line);
    const parts = displayWidth(run) <= w ? [run] : wrap(run, w);
    lines.push(...parts.slice(0, -1));
    line = parts[parts.length - 1];
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** `s` in at most `width` columns: cut after the last whole word that fits, the cut marked `…` (mid-word only when the first word does not fit). */
export function cutAtWord(s: string, width: number): string {
  if (displayWidth(s) <= width) return s;
  if (width <= 0) return '';
  const head = headWithin(s, width - 1);
  // Cut where the next character is a space (a whole word), else at the last space within.
  const whole = s[head.length] === ' ' ? head : head.slice(0, Math.max(0, head.lastIndexOf(' ')));
  const kept = whole.replace(/[\s,;:(]+$/, '');
  return `${kept === '' ? head : kept}…`;
}

/** At most `max` of `lines`; when some are left out, the last one shown ends with `…` within `width`. */
export function clip(lines: readonly string[], max: number, width: number): string[] {
  if (lines.length <= max) return [...lines];
  if (max <= 0) return [];
  const kept = lines.slice(0, max);
  const last = kept[max - 1];
  kept[max - 1] = (displayWidth(last) < width ? last : headWithin(last, width - 1)) + '…';
  return kept;
}

/** `n` and the noun, plural unless `n` is 1 (`1 system`, `12 systems`). */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** `s` in at most `width` columns: its start within `head` and its end within `width − 1 − head`, joined by `…`. */
function cutMiddle(s: string, width: number, head: number): string {
  return headWithin(s, head) + '…' + tailWithin(s, width - 1 - head);
}

/**
 * Display forms of `names` in at most `width` characters each, distinct when the names are.
 * Names that fit are kept; longer ones lose their middle (`bert-glo…lstmcrf`). The cut is chosen
 * over the whole set: the split of the width between start and end nearest to an even one that
 * keeps every shortened name apart from every other (so `flair-glove-lstmcrf` and
 * `flair-lstmcrf` do not both become `flair-…tmcrf`). When no single split does, each name
 * takes the split nearest to even that no other name has taken.
 */
export function shortNames(given: readonly string[], width: number): string[] {
  const names = given.map(visible);
  if (width < 3 || names.every((s) => displayWidth(s) <= width)) return names.map((s) => truncate(s, width));
  const even = Math.ceil((width - 1) / 2);
  // Heads of the start part, nearest to even first (ties: the longer start).
  const heads = Array.from({ length: width }, (_, h) => h).sort((a, b) => Math.abs(a - even) - Math.abs(b - even) || b - a);
  const distinct = new Set(names).size === names.length;
  for (const h of heads) {
    const out = names.map((s) => (displayWidth(s) <= width ? s : cutMiddle(s, width, h)));
    if (!distinct || new Set(out).size === out.length) return out;
  }
  const taken = new Set(names.filter((s) => displayWidth(s) <= width));
  return names.map((s) => {
    if (displayWidth(s) <= width) return s;
    const pick = heads.map((h) => cutMiddle(s, width, h)).find((c) => !taken.has(c)) ?? cutMiddle(s, width, even);
    taken.add(pick);
    return pick;
  });
}

/**
 * One example item of the Ablation views, indented: its text, its type (`(untyped)` for the
 * empty type; none when the item has no type to show) and where it is (`doc s3`).
 */
export function exampleLine(e: { text: string; label: string | null; doc: string | number; sentence: number }, width: number): string {
  return truncate(`  ${e.text}${e.label === null ? '' : ` ${typeName(e.label)}`} (${e.doc} s${e.sentence})`, width);
}
