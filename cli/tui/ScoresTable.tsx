/**
 * The Planner view's scores of the selection: predicted (pairwise statistics) and actual
 * (simulated on gold), one column per figure, each at least seven characters with a space before
 * its value, so fractional predicted counts never run into their neighbours: from 10,000 on they
 * are rounded to whole items (65432.1 would take seven characters), and a value longer still widens
 * every column rather than meet the one before it. Where the width is short of all eight columns,
 * K (the Systems view has it) is left out.
 */
import { Text } from 'ink';
import type { CandidateScores } from '../../src/plan/types.js';
import type { SelectionScores } from './model.js';
import { count, cutEnd, pct } from './text.js';

export const SCORE_COLUMNS = ['P', 'R', 'F', 'SER', 'K', 'TP', 'FP', 'FN'] as const;
type Column = (typeof SCORE_COLUMNS)[number];

/** The row label's width (`predicted` and a space). */
const LABEL = 10;
/** A column: a space and six characters (100.00, 5338.0). */
const CELL = 7;

/** The width of the table with `columns` columns of `cell` characters. */
export function scoresTableWidth(columns: number, cell = CELL): number {
  return LABEL + columns * cell;
}

/** The columns shown in `width` characters: all, or all but K. */
export function scoreColumns(width: number, cell = CELL): Column[] {
  return width > scoresTableWidth(SCORE_COLUMNS.length, cell) ? [...SCORE_COLUMNS] : SCORE_COLUMNS.filter((c) => c !== 'K');
}

/** A count in a cell: as `count` writes it while that fits six characters, else whole. */
export function countCell(x: number): string {
  const s = count(x);
  return s.length < CELL || !Number.isFinite(x) ? s : String(Math.round(x));
}

function value(s: CandidateScores, c: Column): string {
  switch (c) {
    case 'P': return pct(s.precision);
    case 'R': return pct(s.recall);
    case 'F': return pct(s.f);
    case 'SER': return pct(s.ser);
    case 'K': return pct(s.k);
    case 'TP': return countCell(s.tp);
    case 'FP': return countCell(s.fp);
    case 'FN': return countCell(s.fn);
  }
}

const cells = (values: readonly string[], cell: number) => values.map((v) => ` ${v.padStart(cell - 1)}`).join('');

/** The width of a column for these rows: seven, or a space more than the longest value. */
export function cellWidth(rows: readonly (CandidateScores | null)[], columns: readonly Column[]): number {
  let widest = CELL - 1;
  for (const s of rows) if (s !== null) for (const c of columns) widest = Math.max(widest, value(s, c).length);
  return widest + 1;
}

/** One line of the table: the label, then each column's value (the header when `s` is null), in cells of `cell` characters. */
export function scoresLine(label: string, s: CandidateScores | null, columns: readonly Column[], cell = CELL): string {
  return label.padEnd(LABEL) + cells(columns.map((c) => (s === null ? c : value(s, c))), cell);
}

/**
 * The line under the scores: that the actual scores are in-sample, always (every figure says what
 * it was measured on), then the prediction's method and where K went when it does not fit; at
 * the width there is, the longer wording first, then shorter ones.
 */
export function methodLine(method: string, noK: boolean, width: number): string {
  const k = noK ? ' · K: view 1' : '';
  const forms = [
    `actual: in-sample (on the data it is chosen on) · prediction: ${method}${k}`,
    `actual: in-sample · prediction: ${method}${k}`,
    `actual: in-sample · predicted: ${method}${k}`,
    `actual: in-sample · ${method}${k}`,
  ];
  return forms.find((f) => f.length <= width) ?? cutEnd(forms.at(-1)!, width);
}

/** The header, the predicted and actual rows, the prediction's method and that the actual scores are in-sample; a hint without members. */
export function ScoresTable({ scores, width }: { scores: SelectionScores | null; width: number }) {
  const cell = scores === null ? CELL : cellWidth([scores.predicted, scores.actual], SCORE_COLUMNS);
  const columns = scoreColumns(width, cell);
  return (
    <>
      <Text bold wrap="truncate">{scoresLine('', null, columns, cell)}</Text>
      {scores === null
        ? <Text>space: add systems to the ensemble</Text>
        : <>
            <Text wrap="truncate">{scoresLine('predicted', scores.predicted, columns, cell)}</Text>
            <Text bold wrap="truncate">{scoresLine('actual', scores.actual, columns, cell)}</Text>
            <Text>{methodLine(scores.method, columns.length < SCORE_COLUMNS.length, width - 1)}</Text>
          </>}
    </>
  );
}
