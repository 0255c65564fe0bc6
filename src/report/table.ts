/**
 * Abstract tables and their renderers. Every report builds `Table`s of already-formatted cells;
 * these pure functions lay them out as aligned text (optionally coloured), Markdown, LaTeX or CSV.
 */
import { bandColor, textColorOn, xtermIndex } from './palette.js';
import { MAX_CELL, terminalLine, terminalText, visible, visibleData, visibleLines, wrapWords } from './terminal-text.js';
import { displayWidth } from './display-width.js';

export type Align = 'left' | 'right';

export interface Column {
  header: string;
  align?: Align;
}

export interface Table {
  title?: string;
  columns: Column[];
  rows: string[][];
  /** Cells to emphasise, as "row:col" (e.g. the best score of a column). */
  emphasis?: Set<string>;
  /** A line printed under the table. */
  note?: string;
  /**
   * Heatmap shading, one value in [0, 1] per cell (`null`: unshaded). Only {@link renderText}
   * uses it, and only when colour is on: the cell gets a background from complan's colour scale
   * (palette.ts: viridis, dark purple for 0 to yellow for 1) with a readable foreground.
   */
  shade?: ReadonlyArray<ReadonlyArray<number | null>>;
}

export interface TextStyle {
  color: boolean;
  /** When given, titles and notes are wrapped at spaces to this many characters. */
  width?: number;
}

const ESC = '\u001b[';
const bold = (s: string, on: boolean) => (on ? `${ESC}1m${s}${ESC}22m` : s);
const green = (s: string, on: boolean) => (on ? `${ESC}32m${s}${ESC}39m` : s);
const dim = (s: string, on: boolean) => (on ? `${ESC}2m${s}${ESC}22m` : s);

/** Bands of the heatmap in text: complan's colour scale (palette.ts) in the xterm 256-colour cube. */
const SHADE_STEPS = 14;

/** `s` painted with the scale colour of `x` in [0, 1] (clamped); bold when emphasised. */
export function shadeCell(s: string, x: number, emphasised = false): string {
  const colour = bandColor(x, SHADE_STEPS);
  // xterm 15 is white, 16 black: the readable one on the band's colour.
  const fg = textColorOn(colour) === '#ffffff' ? 15 : 16;
  return `${ESC}48;5;${xtermIndex(colour)};38;5;${fg}${emphasised ? ';1' : ''}m${s}${ESC}0m`;
}

/** Display width of a string (code points; the tables hold no wide characters). */
/** The columns a cell takes (a CJK character two, a combining mark none). */
const width = displayWidth;

function pad(s: string, w: number, align: Align): string {
  const gap = ' '.repeat(Math.max(0, w - width(s)));
  return align === 'right' ? gap + s : s + gap;
}

/** Aligned plain text, two spaces between columns, a rule under the header. */
export function renderText(tables: readonly Table[], style: TextStyle = { color: false }): string {
  const out: string[] = [];
  for (const t of tables) {
    // Cells come from the inputs too (names, types): escaped and clipped, so that a control
    // character or a very long value cannot garble the terminal or the layout.
    const headers = t.columns.map((c) => terminalLine(c.header, MAX_CELL));
    const rows = t.rows.map((r) => r.map((c) => terminalLine(c, MAX_CELL)));
    const widths = t.columns.map((_, j) => Math.max(width(headers[j]), ...rows.map((r) => width(r[j] ?? ''))));
    const line = (cells: string[], fmt: (s: string, i: number, j: number) => string, i: number) =>
      cells.map((c, j) => fmt(pad(c, widths[j], t.columns[j].align ?? 'left'), i, j)).join('  ').trimEnd();
    if (out.length > 0) out.push('');
    const wrap = (s: string) => (style.width === undefined ? s : wrapWords(s, style.width));
    if (t.title !== undefined) out.push(bold(wrap(terminalText(t.title)), style.color));
    out.push(line(headers, (s) => bold(s, style.color), -1));
    out.push(widths.map((w) => '-'.repeat(w)).join('  '));
    rows.forEach((r, i) => {
      out.push(line(r, (s, row, col) => {
        const shade = style.color ? t.shade?.[row]?.[col] : undefined;
        if (typeof shade === 'number' && Number.isFinite(shade)) return shadeCell(s, shade, t.emphasis?.has(`${row}:${col}`));
        if (t.emphasis?.has(`${row}:${col}`)) return green(s, style.color);
        return s.trim() === '—' ? dim(s, style.color) : s;
      }, i));
    });
    if (t.note !== undefined) out.push(wrap(terminalText(t.note)));
  }
  return out.join('\n') + '\n';
}

/** Markdown text: control characters escaped (line breaks kept), `|` escaped. */
function mdEscape(s: string): string {
  return visibleLines(s).replace(/\|/g, '\\|');
}

/**
 * A Markdown table cell: as {@link mdEscape}, a line break escaped too (it would end the row),
 * and the characters that would turn a cell's text (a token, a name) into markup: backslash,
 * `*`, backtick, a `<` that could open raw HTML, `~` and an `_` at the edge of a word (GitHub leaves `P_Comp`
 * alone but reads `_u_` as emphasis).
 */
function mdCell(s: string): string {
  return visible(s)
    .replace(/[\\*`~|]/g, (c) => `\\${c}`)
    .replace(/<(?=[A-Za-z/!?])/g, '\\<')
    .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, '\\_');
}

/** GitHub-flavoured Markdown tables, each under a level-3 heading when titled. */
export function renderMarkdown(tables: readonly Table[]): string {
  const out: string[] = [];
  for (const t of tables) {
    if (out.length > 0) out.push('');
    if (t.title !== undefined) out.push(`### ${mdEscape(t.title)}`, '');
    out.push(`| ${t.columns.map((c) => mdCell(c.header)).join(' | ')} |`);
    out.push(`|${t.columns.map((c) => (c.align === 'right' ? '---:' : ':---')).join('|')}|`);
    t.rows.forEach((r, i) => {
      out.push(`| ${r.map((c, j) => (t.emphasis?.has(`${i}:${j}`) ? `**${mdCell(c)}**` : mdCell(c))).join(' | ')} |`);
    });
    if (t.note !== undefined) out.push('', mdEscape(t.note));
  }
  return out.join('\n') + '\n';
}

const LATEX_SPECIAL: Record<string, string> = {
  '\\': '\\textbackslash{}', '&': '\\&', '%': '\\%', $: '\\$', '#': '\\#', _: '\\_', '{': '\\{', '}': '\\}',
  '~': '\\textasciitilde{}', '^': '\\textasciicircum{}', '—': '---', '·': '$\\cdot$', '×': '$\\times$', '∩': '$\\cap$', '²': '$^2$', 'κ': '$\\kappa$', '∞': '$\\infty$', 'β': '$\\beta$', 'α': '$\\alpha$',
  // The other symbols reports print, in math mode or as text commands: pdflatex rejects them as
  // Unicode, and prints |, < and > in text mode as other glyphs under its default font encoding.
  'Δ': '\\ensuremath{\\Delta}', 'ρ': '$\\rho$', 'τ': '$\\tau$', '±': '\\ensuremath{\\pm}', '−': '\\ensuremath{-}',
  '√': '\\ensuremath{\\surd}', '∪': '\\ensuremath{\\cup}', '≈': '$\\approx$', '≤': '\\ensuremath{\\leq}', '≥': '\\ensuremath{\\geq}',
  '→': '\\ensuremath{\\rightarrow}', '↕': '\\ensuremath{\\updownarrow}', '|': '\\ensuremath{|}', '<': '\\ensuremath{<}', '>': '\\ensuremath{>}',
  '–': '--', '…': '\\ldots{}', '†': '\\textsuperscript{\\dag}', '‡': '\\textsuperscript{\\ddag}',
};

/** Greek exponents as formulas write them (`(P·R)^α`), set as superscripts. */
const EXPONENT: Record<string, string> = { '^α': '$^{\\alpha}$', '^β': '$^{\\beta}$' };

/**
 * Text as LaTeX sets it: control characters and bidirectional marks escaped as in a terminal,
 * then LaTeX's specials; a caret before α or β is an exponent, any other a caret.
 */
export function latexEscape(s: string): string {
  return visible(s).replace(/\^[αβ]|[\\&%$#_{}~^—·×∩²κ∞βαΔρτ±−√∪≈≤≥→↕|<>–…†‡]/g, (c) => EXPONENT[c] ?? LATEX_SPECIAL[c]);
}

/** LaTeX `tabular`s using booktabs rules, each in a `table` float captioned by its title. */
export function renderLatex(tables: readonly Table[]): string {
  const out: string[] = ['% requires \\usepackage{booktabs}'];
  for (const t of tables) {
    out.push('\\begin{table}[htbp]', '\\centering');
    if (t.title !== undefined) out.push(`\\caption{${latexEscape(t.title)}}`);
    out.push(`\\begin{tabular}{${t.columns.map((c) => (c.align === 'right' ? 'r' : 'l')).join('')}}`, '\\toprule');
    out.push(`${t.columns.map((c) => latexEscape(c.header)).join(' & ')} \\\\`, '\\midrule');
    t.rows.forEach((r, i) => {
      out.push(`${r.map((c, j) => (t.emphasis?.has(`${i}:${j}`) ? `\\textbf{${latexEscape(c)}}` : latexEscape(c))).join(' & ')} \\\\`);
    });
    out.push('\\bottomrule', '\\end{tabular}');
    // A note of several lines (one per remark) keeps them as paragraphs: a line break escaped
    // as text would print as \n.
    if (t.note !== undefined) out.push(`\\par\\smallskip{\\footnotesize ${t.note.split('\n').map(latexEscape).join('\\par ')}}`);
    out.push('\\end{table}');
  }
  return out.join('\n') + '\n';
}

/** A CSV cell: quoted when it holds a quote, comma or line break; other control characters escaped ({@link visibleData}). */
function csvCell(cell: string): string {
  const s = visibleData(cell);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** RFC 4180 CSV of one table (header row first, CRLF-free: lines end with \n). */
export function renderCsv(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string>>): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\n') + '\n';
}

/** Whether to colour output: NO_COLOR wins, then FORCE_COLOR, then whether stdout is a TTY. */
export function useColor(env: Readonly<Record<string, string | undefined>>, isTTY: boolean): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return isTTY;
}
