/**
 * The Planner view's search pane: before a search, the keys that start one (and the held-out
 * check), or, with one system, why there is nothing to plan; then the planner's progress and,
 * once it ends, the plan's candidates, best first, with the cursor when the list has the focus.
 * Member names when they fit, else as the systems list beside it shortens them, as many as fit
 * and how many more (the candidate under the cursor marks every member in the systems list,
 * PlannerView.tsx; `x` explains it member by member).
 */
import { Text } from 'ink';
import type { TuiModel } from './model.js';
import { heldOutOptions, membersOf } from './model.js';
import type { SearchState } from './search.js';
import { NOTHING_TO_PLAN } from './planner-keys.js';
import { bar, clip, padEnd, padStart, pct, truncate, wrap } from './text.js';
import { keepsLoneMember } from '../../src/ensemble/rules.js';
import { abbreviateMembers } from '../../src/report/plan-values.js';
import { displayWidth } from '../../src/report/display-width.js';

/** The line of a search's progress or outcome (without the hint to stop it). */
function statusLine(s: SearchState): string {
  const at = s.total === 0 ? 'starting' : `${s.phase === s.kind ? '' : `${s.phase} `}${s.done}/${s.total}`;
  switch (s.status) {
    case 'running': return `${s.kind} ${bar(s.done, s.total, 20)} ${at}`;
    case 'done': return `${s.kind} ${bar(1, 1, 20)} done, ${s.evaluated} candidates`;
    case 'stopped': return `${s.kind} stopped at ${at}: nothing listed`;
    case 'failed': return `${s.kind}: ${s.error ?? 'failed'}`;
  }
}

/**
 * The list's title: the scores are in-sample (measured on the data that ranked them), and, when
 * there are candidates, how to load one — the longest form that fits `width`.
 */
export function candidatesTitle(any: boolean, width: number): string {
  if (!any) return 'Top candidates';
  const forms = ['Top candidates, in-sample (→ then Enter loads one)', 'Top candidates, in-sample (→, Enter: load)', 'Top candidates, in-sample', 'Top candidates'];
  return forms.find((f) => f.length < width) ?? forms[forms.length - 1];
}

/**
 * A candidate's members in at most `room` columns: their names joined with `+` when they fit,
 * `all N systems` when it takes every one of `systems` (as plan's procedures table writes it), else
 * their names as the systems list shows them (`short`, cut in the middle), all of them when they
 * fit, else the first ones and how many more (`bert-…mcrf+cnn-g…ncrf+2 more`).
 */
export function candidateMembers(names: readonly string[], short: readonly string[], systems: number, room: number): string {
  const full = names.join('+');
  if (displayWidth(full) <= room) return full;
  const all = `all ${systems} systems`;
  if (names.length === systems && systems > 1 && all.length <= room) return all;
  return abbreviateMembers(short, room);
}

/**
 * @param cursor the candidate under the cursor, or −1 when the list does not have the focus.
 * @param rows how many candidates to list at most.
 * @param names the systems' names as the systems list beside the pane shows them (the full names when not given).
 */
export function SearchPane({ model, search, width, rows, cursor, names = model.names }: {
  model: TuiModel; search: SearchState | null; width: number; rows: number; cursor: number; names?: readonly string[];
}) {
  if (search === null) {
    if (model.names.length < 2) return <>{wrap(NOTHING_TO_PLAN, width - 1).map((l, i) => <Text key={i}>{l}</Text>)}</>;
    return (
      <>
        <Text>{`g: greedy · e: exhaustive search (objective: actual ${heldOutOptions(model.options).objective.description})`}</Text>
        <Text>h: held-out check (baselines, 5 folds, recommendation)</Text>
      </>
    );
  }
  const candidates = search.top;
  const running = search.status === 'running';
  // A refusal is read whole, wrapped over up to three lines; a progress line is one, cut.
  const status = search.status === 'failed'
    ? clip(wrap(statusLine(search), width - 1), 3, width - 1).map((l, i) => <Text key={i} bold>{l}</Text>)
    : (
      <Text>
        {truncate(statusLine(search), width - (running ? 11 : 1))}
        {running ? <Text> Esc: stop</Text> : null}
      </Text>
    );
  return (
    <>
      {status}
      <Text bold underline={cursor >= 0}>{candidatesTitle(candidates.length > 0, width)}</Text>
      {candidates.slice(0, rows).map((c, i) => {
        const here = i === cursor;
        const members = membersOf(c.mask, c.maskHi);
        // A single system is one candidate under every rule that keeps its output, as plan lists it.
        const rule = members.length === 1 && keepsLoneMember(model.ruleNames[c.rule]) ? '—' : model.ruleNames[c.rule];
        const head = `${padStart(String(i + 1), 2)} ${search.objective} ${pct(c.value)} ${padEnd(rule, 12)} `;
        const text = head + candidateMembers(members.map((m) => model.names[m]), members.map((m) => names[m]), model.names.length, width - 1 - head.length);
        return <Text key={`${c.mask}-${c.maskHi}-${c.rule}`} inverse={here}>{(here ? '›' : ' ') + truncate(text, width - 1)}</Text>;
      })}
    </>
  );
}
