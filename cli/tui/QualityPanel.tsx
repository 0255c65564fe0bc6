/**
 * The Planner view's prediction-quality panel (`p`): the table `complan plan` prints after its
 * rank agreement — per rule, MAE, bias and ρ of the predicted F against the actual F beside the
 * best-member and mean-member predictors, in-sample on the data — from the held-out check's plan
 * (run on first use), cut to the panel's size.
 */
import { Box, Text } from 'ink';
import { predictionQualityTable } from '../../src/report/plan-quality.js';
import { renderText } from '../../src/report/table.js';
import { displayWidth } from '../../src/report/display-width.js';
import { clip, cutAtWord, cutEnd, wrapKeepingFigures } from './text.js';

/** `a`, `a and b`, `a, b and c`. */
const listed = (xs: readonly string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);
import type { CheckState } from './use-held-out-check.js';

/** The panel's lines for a check state, at most `height`, each within `width`. */
export function qualityLines(check: CheckState, width: number, height: number): string[] {
  const w = Math.max(20, width - 1);
  // Text wraps keeping each figure on the line of its label (`74 estimated candidates`, `p: close`).
  const wrapped = (text: string) => wrapKeepingFigures(text, w);
  const max = Math.max(1, height);
  if (check.status === 'idle') return ['Prediction quality · p: measure it (runs complan plan on these inputs)'];
  if (check.status === 'running') return clip(wrapped('measuring prediction quality… (complan plan on these inputs; the screen pauses until it ends)'), max, w);
  if (check.status === 'failed') return clip(wrapped(`Prediction quality could not be measured: ${check.message}`), max, w);
  const table = predictionQualityTable(check.result);
  // The TUI's objective is F: the measure column says nothing, so it goes.
  const keep = table.columns.map((_, j) => j).filter((j) => table.columns[j].header !== 'measure');
  // Columns that do not fit are left out whole, from the right, and a line says which: a figure
  // is shown whole or not at all, and no header is cut (`mean bias` as `m…`).
  const lines = (k: number) => renderText([{ columns: keep.slice(0, k).map((j) => table.columns[j]), rows: table.rows.map((row) => keep.slice(0, k).map((j) => row[j])) }])
    .trimEnd().split('\n');
  let k = keep.length;
  while (k > 2 && lines(k).some((l) => displayWidth(l) > w)) k--;
  const rows = lines(k).map((l) => cutEnd(l, w));
  const dropped = keep.slice(k).map((j) => table.columns[j].header);
  const told = dropped.length === 0 ? [] : [
    `… ${dropped.length === 1 ? 'column' : 'columns'} ${listed(dropped)}: a wider terminal shows ${dropped.length === 1 ? 'it' : 'them'}`,
    `… ${dropped.length === 1 ? 'column' : 'columns'} ${listed(dropped)}`,
  ];
  const toldLine = told.length === 0 ? [] : [told.find((f) => displayWidth(f) <= w) ?? cutAtWord(told[1], w)];
  const notes = (table.note ?? '').split('\n').flatMap((l) => wrapped(l));
  return clip([...wrapped(`${table.title ?? ''} · p: close`), ...rows, ...toldLine, ...notes], max, w);
}

export function QualityPanel({ check, width, height }: { check: CheckState; width: number; height: number }) {
  const lines = qualityLines(check, width, height);
  return (
    <Box flexDirection="column">
      {lines.map((l, i) => <Text key={i} bold={check.status !== 'done' || i === 0}>{l}</Text>)}
    </Box>
  );
}
