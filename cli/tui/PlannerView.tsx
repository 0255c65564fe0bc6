/**
 * View 3: choose members (space) and a rule (`r`) and watch the ensemble's predicted (pairwise
 * statistics) and actual (simulated on gold) scores; `g` and `e` run the planner's greedy and
 * exhaustive search (`complan plan`'s) in slices off the render path, listing the plan's
 * candidates; `h` runs the held-out check (`complan plan`'s baselines, five folds and
 * recommendation) and shows it below, `p` the same plan's prediction quality; Enter loads a
 * candidate or a procedure into the selection, and the candidate under the list's cursor marks its
 * members (•) in the systems list; `x` explains the highlighted candidate (the list's, else the
 * selection). What each key does is planner-keys.ts.
 */
import { Box, Text } from 'ink';
import { useKeys } from './use-keys.js';
import { useEffect, useRef, useState } from 'react';
import { hasMember } from '../../src/plan/member-set.js';
import { procedures } from '../../src/report/plan-procedures.js';
import { abbreviateMembers, weightedMembers } from '../../src/report/plan-values.js';
import { displayWidth } from '../../src/report/display-width.js';
import { ExplainPanel } from './ExplainPanel.js';
import { HeldOutPanel, heldOutPanelRows } from './HeldOutPanel.js';
import { explainSelection, membersOf, selectionOf, selectionScores, type TuiModel } from './model.js';
import { INITIAL_PLANNER, plannerKey, systemsFocused, type PlannerContext, type PlannerState } from './planner-keys.js';
import { QualityPanel } from './QualityPanel.js';
import { SCORE_COLUMNS, ScoresTable, scoresTableWidth } from './ScoresTable.js';
import { SEARCH_TOP, startSearch, type SearchHandle, type SearchState } from './search.js';
import { SearchPane } from './SearchPane.js';
import { padStart, shortNames, wrap } from './text.js';
import { useHeldOutCheck } from './use-held-out-check.js';

/** Rows the held-out panel needs below the systems list (its table, notes and recommendation). */
const PANEL_ROWS = 28;
/** Systems listed above a panel at least (the list scrolls with the cursor). */
const MIN_SYSTEMS_ABOVE_PANEL = 5;
/** Rows of the right side above the candidates: rule, table (header and two rows), method, a blank line, status and title. */
const ABOVE_CANDIDATES = 8;

export function PlannerView({ model, active, width, height }: { model: TuiModel; active: boolean; width: number; height: number }) {
  const n = model.names.length;
  const [state, setState] = useState<PlannerState>(INITIAL_PLANNER);
  const [search, setSearch] = useState<SearchState | null>(null);
  const [check, startCheck] = useHeldOutCheck(model);
  // The latest state and search, for keys that arrive before React renders again.
  const latest = useRef(state);
  const searchNow = useRef(search);
  const handle = useRef<SearchHandle | null>(null);
  useEffect(() => () => handle.current?.stop(), []);
  const procs = check.status === 'done' ? procedures(check.result) : [];
  const context = (): PlannerContext => ({
    systems: n,
    rules: model.rules.length,
    candidates: searchNow.current?.top ?? [],
    procedures: procs,
    searchRunning: searchNow.current?.status === 'running',
    checkRunning: check.status === 'running',
    selectionOf: (p) => selectionOf(model, p),
    explain: (s) => explainSelection(model, s.mask, s.maskHi, s.rule, s.weights),
  });
  // The systems list takes what the scores leave, all eight columns if names keep ten characters, else seven.
  const listFor = (columns: number) => Math.max(14, Math.min(30, width - 3 - scoresTableWidth(columns)));
  const listWidth = listFor(SCORE_COLUMNS.length) >= 18 ? listFor(SCORE_COLUMNS.length) : listFor(SCORE_COLUMNS.length - 1);
  const rightWidth = Math.max(30, width - listWidth - 2);
  const candidateRows = Math.max(1, height - ABOVE_CANDIDATES);
  useKeys((input, key) => {
    const step = plannerKey(latest.current, {
      input, up: key.upArrow, down: key.downArrow, left: key.leftArrow, right: key.rightArrow, enter: key.return, escape: key.escape,
    }, context());
    latest.current = step.state;
    setState(step.state);
    if (step.effect === 'check') startCheck();
    else if (step.effect === 'stop') handle.current?.stop();
    else if (step.effect === 'greedy' || step.effect === 'exhaustive') {
      handle.current?.stop();
      handle.current = startSearch(model, step.effect, (s) => { searchNow.current = s; setSearch(s); }, undefined, Math.max(SEARCH_TOP, candidateRows));
    }
  }, { isActive: active });
  const { selected, selectedHi, rule, weights, cursor, notice, pane, explained, pick, procPick } = state;
  const sysFocus = systemsFocused(state, context());
  const scores = selectionScores(model, selected, selectedHi, rule, weights);
  const panel = pane !== 'search';
  // Above a panel, the systems take the rows it leaves: PANEL_ROWS, or fewer for the held-out panel
  // when it needs fewer at this width (with the list's title and the blank line above the panel).
  const reserved = pane === 'heldout' ? Math.min(PANEL_ROWS, 2 + heldOutPanelRows(check, width)) : PANEL_ROWS;
  const visible = panel ? Math.min(n, Math.max(MIN_SYSTEMS_ABOVE_PANEL, height - reserved)) : Math.min(n, Math.max(3, height - 2));
  const first = Math.max(0, Math.min(cursor - Math.floor(visible / 2), n - visible));
  const size = membersOf(selected, selectedHi).length;
  // The candidate under the list's cursor marks its members (•) in the systems list: the list shortens
  // large candidates alike (bert-…mcrf+bert-…ncrf+5 more), and this names them all without a key.
  const lit = !sysFocus && pane === 'search' ? search?.top[pick] : undefined;
  const names = shortNames(model.names, listWidth - 8);
  // The planner scores strict matches only: under --match boundary (views 1, 2 and 4) it says so.
  const strictOnly = model.options.match === 'strict' ? '' : ' · strict match';
  const ruleLine = strictOnly + (weights === undefined
    ? ` (r: ${model.ruleNames.join('/')})`
    : ` (${abbreviateMembers(weightedMembers(membersOf(selected, selectedHi).map((m) => model.names[m]), weights), Math.max(8, rightWidth - 33 - strictOnly.length))}; r: unweighted)`);
  const noticeLines = notice === null ? [] : wrap(notice, rightWidth - 1);
  // The list's title, and the rows it shows when it scrolls: the title shortens (`Systems 0/12`,
  // then `0/12`) rather than the range be cut off where the list is narrow (80 columns).
  const range = visible < n ? ` ${first + 1}–${first + visible}` : '';
  const title = [`Systems (${size} of ${n})`, `Systems ${size}/${n}`, `${size}/${n}`]
    .find((t) => displayWidth(t + range) <= listWidth) ?? `${size}/${n}`;
  // Rows above the panel: the taller of the systems list and the selection's scores.
  const above = Math.max(1 + visible, (scores === null ? 3 : 5) + noticeLines.length);
  return (
    <Box flexDirection="column">
      <Box>
        <Box flexDirection="column" width={listWidth} marginRight={2}>
          <Text wrap="truncate">
            <Text bold underline={sysFocus}>{title}</Text>
            {/* A list scrolled to fit says which rows it shows. */}
            <Text>{range}</Text>
          </Text>
          {names.slice(first, first + visible).map((name, k) => {
            const i = first + k;
            const on = hasMember(selected, selectedHi, i);
            const here = sysFocus && i === cursor;
            const mark = here ? '›' : lit !== undefined && hasMember(lit.mask, lit.maskHi, i) ? '•' : ' ';
            return (
              <Text key={model.names[i]} inverse={here} bold={on}>
                {mark + padStart(String(i + 1), 2) + (on ? ' [x] ' : ' [ ] ') + name}
              </Text>
            );
          })}
        </Box>
        <Box flexDirection="column" width={rightWidth}>
          <Text wrap="truncate">
            <Text bold>{`Rule ${weights === undefined ? model.ruleNames[rule] : 'weighted'}`}</Text>
            <Text>{ruleLine}</Text>
          </Text>
          <ScoresTable scores={scores} width={rightWidth} />
          {noticeLines.map((l, i) => <Text key={i} bold>{l}</Text>)}
          {panel ? null : (
            <Box marginTop={1} flexDirection="column">
              <SearchPane model={model} search={search} width={rightWidth} rows={candidateRows} cursor={sysFocus ? -1 : pick} names={names} />
            </Box>
          )}
        </Box>
      </Box>
      {panel
        ? (
          <Box marginTop={1}>
            {pane === 'explain' && explained !== null
              ? <ExplainPanel explanation={explained.e} format={{ objective: 'f', beta: model.options.beta }} width={width} height={height - above - 1} />
              : pane === 'quality'
                ? <QualityPanel check={check} width={width} height={height - above - 1} />
                : <HeldOutPanel check={check} width={width} height={height - above - 1} cursor={sysFocus ? -1 : procPick} />}
          </Box>
        )
        : null}
    </Box>
  );
}
