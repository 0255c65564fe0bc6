/**
 * The `?` overlay: every key of every view, in two columns; a description too long for its
 * column wraps under itself, so no line is cut (fits 80×24). Any key closes it.
 */
import { Box, Text } from 'ink';
import { cutEnd, wrap } from './text.js';

type Section = [string, ReadonlyArray<[string, string]>];

export const HELP: readonly Section[] = [
  ['Everywhere', [['1 2 3 4', 'switch view'], ['Tab', 'next view (Shift-Tab: back)'], ['?', 'help (any key closes)'], ['q Ctrl-C', 'quit']]],
  ['1 Systems', [['s', 'next sort column (# P R F SER K TP FP FN)'], ['↑ ↓', 'scroll']]],
  ['2 Complementarity', [['m', 'metric: F/P/R_Comp'], ['arrows', 'cursor (row A, column B)'], ['Enter', 'open the pair'], ['Esc', 'close it']]],
  ['3 Planner', [['↑ ↓', 'move'], ['space', 'toggle the system'], ['r', 'rule: union/inter/maj/vote'], ['g  e', 'greedy / exhaustive search'], ['Esc', 'stop the search'], ['h', 'held-out check (pauses)'], ['p', 'prediction quality (pauses)'], ['← →', 'systems / list below'], ['Enter', 'load candidate/procedure'], ['x', 'explain it (Esc closes)']]],
  ['4 Ablation', [['b  B', 'next / previous baseline'], ['↑ ↓', 'variant (items below)'], ['p', 'groups of runs: pair by position']]],
];

/** Width of the key column (two spaces of indent, the key, a space). */
const KEY_WIDTH = 11;

/** The lines of a column of sections, each description wrapped to the column's width. */
export function helpLines(sections: readonly Section[], width: number): Array<{ text: string; title: boolean }> {
  const lines: Array<{ text: string; title: boolean }> = [];
  for (const [title, keys] of sections) {
    lines.push({ text: title.slice(0, width), title: true });
    for (const [k, what] of keys) {
      wrap(what, Math.max(1, width - KEY_WIDTH)).forEach((part, i) => {
        lines.push({ text: (i === 0 ? `  ${k}`.padEnd(KEY_WIDTH) : ' '.repeat(KEY_WIDTH)) + part, title: false });
      });
    }
  }
  return lines;
}

/** One row of the overlay: a line of each column (either may be absent), the left one padded to its column. */
type Row = [{ text: string; title: boolean } | undefined, { text: string; title: boolean } | undefined];

/**
 * The overlay's rows within `rows` lines: the two columns side by side; when they do not fit,
 * the first rows and a last one saying how many more a taller terminal shows (never a line cut
 * or two drawn over each other).
 */
export function helpRows(col: number, rows: number): { rows: Row[]; hidden: number } {
  const left = helpLines(HELP.slice(0, 3), col);
  const right = helpLines(HELP.slice(3), col);
  const all: Row[] = Array.from({ length: Math.max(left.length, right.length) }, (_, i) => [left[i], right[i]]);
  if (all.length <= rows) return { rows: all, hidden: 0 };
  const shown = Math.max(0, rows - 1);
  return { rows: all.slice(0, shown), hidden: all.length - shown };
}

function Line({ row, col }: { row: Row; col: number }) {
  const [l, r] = row;
  const pad = ' '.repeat(Math.max(0, col - (l?.text.length ?? 0)) + 1);
  return (
    <Text>
      <Text underline={l?.title === true}>{l?.text ?? ''}</Text>{pad}<Text underline={r?.title === true}>{r?.text ?? ''}</Text>
    </Text>
  );
}

/** @param height rows the overlay may take (it needs 18 at 80 columns; a shorter terminal shows the first keys and how many more there are). */
export function HelpOverlay({ width, height }: { width: number; height?: number }) {
  const w = Math.min(width, 100);
  // Border and padding take four columns, one more separates the columns.
  const col = Math.floor((w - 5) / 2);
  // The border and the title take three rows.
  const { rows, hidden } = helpRows(col, height === undefined ? Number.MAX_SAFE_INTEGER : Math.max(1, height - 3));
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1} width={w} flexShrink={0}>
      <Text bold>Keys</Text>
      {rows.map((row, i) => <Line key={i} row={row} col={col} />)}
      {hidden > 0 ? <Text>{cutEnd(`… ${hidden} more lines: a taller terminal shows every key`, w - 4)}</Text> : null}
    </Box>
  );
}
