/**
 * The Planner view's scores of the selection: predicted (pairwise statistics) and actual
 * (simulated on gold), one column per figure, each at least seven characters with a space before
 * its value, so fractional predicted counts never run into their neighbours. Where the width is
 * short of all eight columns, K (the Systems view has it) is left out.
 */
import { Text } from 'ink';
import type { CandidateScores } from '../../src/plan/types.js';
import type { SelectionScores } from './model.js';
import { count, pct } from './text.js';

export const SCORE_COLUMNS = ['P', 'R', 'F', 'SER', 'K', 'TP', 'FP', 'FN'] as const;
type Column = (typeof SCORE_COLUMNS)[number];

/** The row label's width (`predicted` and a space). */
const LABEL = 10;
/** A column: a space and six characters (100.00, 5338.0). */
const CELL = 7;

/** The width of the table with `columns` columns. */
export function scoresTableWidth(columns: number): number {
  return LABEL + columns * CELL;
}

/** The columns shown in `width` characters: all, or all but K. */
export function scoreColumns(width: number): Column[] {
  return width > scoresTableWidth(SCORE_COLUMNS.length) ? [...SCORE_COLUMNS] : SCORE_COLUMNS.filter((c) => c !== 'K');
}

function value(s: CandidateScores, c: Column): string {
  switch (c) {
    case 'P': return pct(s.precision);
    case 'R': return pct(s.recall);
    case 'F': return pct(s.f);
    case 'SER': return pct(s.ser);
    case 'K': return pct(s.k);
    case 'TP': return count(s.tp);
    case 'FP': return count(s.fp);
    case 'FN': return count(s.fn);
  }
}

const cells = (values: readonly string[]) => values.map((v) => ` ${v.padStart(CELL - 1)}`).join('');

/** One line of the table: the label, then each column's value (the header when `s` is null). */
export function scoresLine(label: string, s: CandidateScores | null, columns: readonly Column[]): string {
  return label.padEnd(LABEL) + cells(columns.map((c) => (s === null ? c : value(s, c))));
}

/** The header, the predicted and actual rows and the prediction's method; a hint without members. */
export function ScoresTable({ scores, width }: { scores: SelectionScores | null; width: number }) {
  const columns = scoreColumns(width);
  return (
    <>
      <Text bold>{scoresLine('', null, columns)}</Text>
      {scores === null
        ? <Text>space: add systems to the ensemble</Text>
        : <>
            <Text>{scoresLine('predicted', scores.predicted, columns)}</Text>
            <Text bold>{scoresLine('actual', scores.actual, columns)}</Text>
            <Text>{`prediction: ${scores.method}${columns.length < SCORE_COLUMNS.length ? ' · K: view 1' : ''}`}</Text>
          </>}
    </>
  );
}
