/**
 * The Planner view's held-out panel: `complan plan`'s five procedures (the search's choice and
 * the four baselines) with what each chose, its rule, its in-sample and held-out figures, the
 * recommended one marked `*`; what each kind of figure was measured on; and the recommendation
 * with its reason, wrapped to the width as far as the height allows. While the check runs it
 * says so (the check blocks the screen for about a second on twelve systems).
 */
import { Box, Text } from 'ink';
import { recommendationReason } from '../../src/report/plan-reason.js';
import { dataLines, MARKS, procedureLines, recommendationSummary } from './heldout.js';
import { clip, truncate, wrap, wrapKeepingFigures } from './text.js';
import type { CheckState } from './use-held-out-check.js';

/** Rows besides the explanation and the reason: title, header, five procedures, the recommendation (two lines). */
const FIXED = 9;

function Title({ extra, width }: { extra: string; width: number }) {
  const title = 'Held-out check';
  return (
    <Text>
      <Text bold>{title}</Text>
      <Text>{truncate(extra, Math.max(0, width - title.length))}</Text>
    </Text>
  );
}

/** What the panel says while the check runs. */
const RUNNING = 'running the held-out check… (complan plan: the search, four baselines, and all of them again in each of five folds by document; the screen pauses until it ends)';

/**
 * The rows the panel shows at `width` when the height leaves it everything: the Planner gives the
 * rows it does not need to the systems list above it.
 */
export function heldOutPanelRows(check: CheckState, width: number): number {
  const w = Math.max(20, width - 1);
  if (check.status === 'idle') return 1;
  if (check.status === 'running') return 1 + wrap(RUNNING, w).length;
  if (check.status === 'failed') return 1 + wrap(`The held-out check failed: ${check.message}`, w).length;
  const r = check.result;
  return FIXED + recommendationSummary(r, w).length - 1 + dataLines(r, w, Infinity).length + wrapKeepingFigures(recommendationReason(r), w - 2).length;
}

/**
 * @param cursor the procedure row under the cursor, or −1 when the list does not have the focus.
 */
export function HeldOutPanel({ check, width, height, cursor }: { check: CheckState; width: number; height: number; cursor: number }) {
  const w = Math.max(20, width - 1);
  if (check.status === 'idle') return <Title extra=" · h: run it (plan's baselines, 5 folds by document, the recommendation)" width={w} />;
  if (check.status === 'running') {
    return (
      <Box flexDirection="column">
        <Title extra="" width={w} />
        {clip(wrap(RUNNING, w), Math.max(1, height - 1), w)
          .map((l, i) => <Text key={i} bold>{l}</Text>)}
      </Box>
    );
  }
  if (check.status === 'failed') {
    return (
      <Box flexDirection="column">
        <Title extra="" width={w} />
        {clip(wrap(`The held-out check failed: ${check.message}`, w), Math.max(1, height - 1), w).map((l, i) => <Text key={i} bold>{l}</Text>)}
      </Box>
    );
  }
  const r = check.result;
  const table = procedureLines(r, w);
  // The summary's last line, that its figures are slightly optimistic, when the panel has a row for it.
  const full = recommendationSummary(r, w);
  const summary = FIXED + full.length - 2 + 1 <= height ? full : full.slice(0, -1);
  const fixed = FIXED + summary.length - 2;
  // What the figures were measured on first (at least a line), then as much of the reason as fits.
  const shownAbout = dataLines(r, w, Math.max(1, height - fixed - 2));
  const reason = clip(wrapKeepingFigures(recommendationReason(r), w - 2), Math.max(0, height - fixed - shownAbout.length), w - 2);
  const seconds = (check.ms / 1000).toFixed(check.ms < 1000 ? 2 : 1);
  return (
    <Box flexDirection="column">
      <Title extra={`, ${seconds} s · * recommended · → then Enter loads one · h: candidates`} width={w} />
      <Text bold>{' '.repeat(MARKS) + truncate(table.header, w - MARKS)}</Text>
      {table.rows.map((row, i) => {
        const here = i === cursor;
        const mark = row.name === r.recommendation.procedure ? '*' : ' ';
        return (
          <Text key={row.name} inverse={here} bold={mark === '*'}>
            {(here ? '›' : ' ') + mark + row.text.slice(0, w - MARKS)}
          </Text>
        );
      })}
      {shownAbout.map((l, i) => <Text key={`a${i}`}>{l}</Text>)}
      {summary.map((l, i) => <Text key={`s${i}`} bold={i === 0}>{truncate(l, w)}</Text>)}
      {reason.map((l, i) => <Text key={`r${i}`}>{`  ${l}`}</Text>)}
    </Box>
  );
}
