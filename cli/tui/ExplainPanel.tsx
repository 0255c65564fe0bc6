/**
 * The Planner view's explanation panel (`x`): what `plan --explain` prints for the highlighted
 * candidate — its actual and predicted F, each member's F alone and the candidate without it
 * (the leave-one-out gain), and the pairs behind the prediction — cut to the panel's size.
 */
import { Box, Text } from 'ink';
import type { CandidateExplanation } from '../../src/plan/types.js';
import { explanationTables, type ExplainFormat } from '../../src/report/plan-explain.js';
import { renderText } from '../../src/report/table.js';
import { clip, cutEnd, wrapKeepingFigures } from './text.js';

/** The panel's lines, at most `height` (the last says how to close it), each within `width`. */
export function explainLines(e: CandidateExplanation, fmt: ExplainFormat, width: number, height: number): string[] {
  const w = Math.max(20, width - 1);
  // Titles and notes wrap, table rows are cut at the width; the notes come last, as room allows.
  // A figure keeps its label on its line (`predicted 95.35`, `ρ = Spearman's ρ`).
  const tables = explanationTables(e, fmt);
  const body = [
    ...tables.flatMap((t) => [
      ...wrapKeepingFigures(t.title ?? '', w),
      ...renderText([{ ...t, title: undefined, note: undefined }]).trimEnd().split('\n').map((l) => cutEnd(l, w)),
    ]),
    ...tables.flatMap((t) => (t.note ?? '').split('\n').flatMap((l) => wrapKeepingFigures(l, w))),
  ];
  return [...clip(body, Math.max(1, height - 1), w), 'x or Esc: close'];
}

export function ExplainPanel({ explanation, format, width, height }: { explanation: CandidateExplanation; format: ExplainFormat; width: number; height: number }) {
  const lines = explainLines(explanation, format, width, height);
  return (
    <Box flexDirection="column">
      {lines.map((l, i) => (
        <Text key={i} bold={i === 0}>{l}</Text>
      ))}
    </Box>
  );
}
