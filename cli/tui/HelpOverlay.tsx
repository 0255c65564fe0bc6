/**
 * The `?` overlay: every key of every view, in two columns; a description too long for its
 * column wraps under itself, so no line is cut (fits 80×24). Any key closes it.
 */
import { Box, Text } from 'ink';
import { wrap } from './text.js';

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

function Column({ sections, width }: { sections: readonly Section[]; width: number }) {
  return (
    <Box flexDirection="column" width={width}>
      {helpLines(sections, width).map((l, i) => <Text key={i} underline={l.title}>{l.text}</Text>)}
    </Box>
  );
}

/** @param height rows the overlay may take (it needs 18 at 80 columns; a shorter terminal cuts its end). */
export function HelpOverlay({ width, height }: { width: number; height?: number }) {
  const w = Math.min(width, 100);
  // Border and padding take four columns, one more separates the columns.
  const col = Math.floor((w - 5) / 2);
  // Its own height: the border, the title and the longer column; cut to the rows there are.
  const natural = 3 + Math.max(helpLines(HELP.slice(0, 3), col).length, helpLines(HELP.slice(3), col).length);
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1} width={w} height={height === undefined ? undefined : Math.min(height, natural)} overflow="hidden">
      <Text bold>Keys</Text>
      <Box>
        <Box marginRight={1}><Column sections={HELP.slice(0, 3)} width={col} /></Box>
        <Column sections={HELP.slice(3)} width={col} />
      </Box>
    </Box>
  );
}
