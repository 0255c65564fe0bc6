/**
 * The Planner view's search pane: before a search, the keys that start one (and the held-out
 * check); then the search's progress and its top candidates, best first, with the cursor when
 * the list has the focus. Member names when they fit, else their numbers in the systems list.
 */
import { Text } from 'ink';
import type { TuiModel } from './model.js';
import { membersOf } from './model.js';
import type { SearchState } from './search.js';
import { bar, padEnd, padStart, pct, truncate } from './text.js';

/**
 * @param cursor the candidate under the cursor, or −1 when the list does not have the focus.
 * @param rows how many candidates to list at most.
 */
export function SearchPane({ model, search, width, rows, cursor }: { model: TuiModel; search: SearchState | null; width: number; rows: number; cursor: number }) {
  if (search === null) {
    return (
      <>
        <Text dimColor>g: greedy · e: exhaustive search (objective: actual F)</Text>
        <Text dimColor>h: held-out check (baselines, 5 folds, recommendation)</Text>
      </>
    );
  }
  const candidates = search.top;
  return (
    <>
      <Text>
        {`${search.kind} ${bar(search.done, search.total, 20)} ${search.running ? `${search.done}/${search.total}` : `done, ${search.evaluated} candidates`}`}
        {search.running ? <Text dimColor> Esc: stop</Text> : null}
      </Text>
      <Text bold underline={cursor >= 0}>{`Top candidates${candidates.length > 0 ? ' (→ then Enter loads one)' : ''}`}</Text>
      {candidates.slice(0, rows).map((c, i) => {
        const here = i === cursor;
        const head = `${padStart(String(i + 1), 2)} F ${pct(c.f)} ${padEnd(model.ruleNames[c.rule], 12)} `;
        const members = membersOf(c.mask);
        const names = members.map((m) => model.names[m]).join('+');
        const text = head + (head.length + names.length < width ? names : `#${members.map((m) => m + 1).join(' ')}`);
        return <Text key={`${c.mask}-${c.rule}`} inverse={here}>{(here ? '›' : ' ') + truncate(text, width - 1)}</Text>;
      })}
    </>
  );
}
