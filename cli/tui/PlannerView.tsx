/**
 * View 3: choose members (space) and a rule (`r`) and watch the ensemble's predicted (pairwise
 * statistics) and actual (simulated on gold) scores; `g` and `e` run the planner's greedy and
 * exhaustive search (`complan plan`'s) in slices off the render path, listing the plan's candidates; `h` runs the held-out check
 * (`complan plan`'s baselines, five folds and recommendation) and shows it below, `p` the same
 * plan's prediction quality; Enter loads a candidate or a procedure into the selection; `x`
 * explains the highlighted candidate (the list's, else the selection).
 */
import { Box, Text, useInput } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { procedures } from '../../src/report/plan-procedures.js';
import { abbreviateMembers, weightedMembers } from '../../src/report/plan-values.js';
import type { CandidateExplanation } from '../../src/plan/types.js';
import { ExplainPanel } from './ExplainPanel.js';
import { HeldOutPanel } from './HeldOutPanel.js';
import { explainSelection, membersOf, selectionOf, selectionScores, type MemberWeights, type Selection, type TuiModel } from './model.js';
import { QualityPanel } from './QualityPanel.js';
import { startSearch, type SearchHandle, type SearchState } from './search.js';
import { SearchPane } from './SearchPane.js';
import { count, padEnd, padStart, pct, truncate } from './text.js';
import { useHeldOutCheck } from './use-held-out-check.js';

/** Systems listed above the held-out panel (the list scrolls with the cursor). */
const SYSTEMS_ABOVE_PANEL = 5;

export function PlannerView({ model, active, width, height }: { model: TuiModel; active: boolean; width: number; height: number }) {
  const n = model.names.length;
  const [selected, setSelected] = useState(0);
  const [cursor, setCursor] = useState(0);
  const [rule, setRule] = useState(0);
  // Ensemble selection's counts, while its weighted vote is loaded (the rule is then vote).
  const [weights, setWeights] = useState<MemberWeights | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  // The lower part: the search's candidates or the held-out panel; the focus is on the systems or its list.
  const [pane, setPane] = useState<'search' | 'heldout' | 'quality' | 'explain'>('search');
  // The explained candidate while its panel is open, and the pane to go back to.
  const [explained, setExplained] = useState<{ e: CandidateExplanation; back: 'search' | 'heldout' | 'quality' } | null>(null);
  const [focus, setFocus] = useState<'systems' | 'list'>('systems');
  const [pick, setPick] = useState(0);
  const [procPick, setProcPick] = useState(0);
  const [search, setSearch] = useState<SearchState | null>(null);
  const [check, startCheck] = useHeldOutCheck(model);
  const handle = useRef<SearchHandle | null>(null);
  useEffect(() => () => handle.current?.stop(), []);
  const run = (kind: 'greedy' | 'exhaustive') => {
    handle.current?.stop();
    setPick(0);
    setPane('search');
    handle.current = startSearch(model, kind, setSearch);
  };
  const load = (s: Selection) => {
    setSelected(s.mask);
    setRule(s.rule);
    setWeights(s.weights);
    setNotice(null);
    setFocus('systems');
  };
  const candidates = search?.top ?? [];
  const procs = check.status === 'done' ? procedures(check.result) : [];
  const listLength = pane === 'search' ? candidates.length : pane === 'heldout' ? procs.length : 0;
  const sysFocus = focus === 'systems' || listLength === 0;
  // The candidate `x` explains: the list's under the cursor, else the selection.
  const highlighted = (): Selection | null => {
    if (!sysFocus && pane === 'search' && candidates[pick] !== undefined) return { mask: candidates[pick].mask, rule: candidates[pick].rule };
    if (!sysFocus && pane === 'heldout' && procs[procPick] !== undefined) return selectionOf(model, procs[procPick]);
    return selected === 0 ? null : { mask: selected, rule, weights };
  };
  useInput((input, key) => {
    if (pane === 'explain') {
      if (input === 'x' || key.escape) {
        setPane(explained?.back ?? 'search');
        setExplained(null);
      }
      return;
    }
    if (input === 'x') {
      const s = highlighted();
      if (s === null) setNotice('x explains a candidate: select systems, or highlight one in the list');
      else {
        setExplained({ e: explainSelection(model, s.mask, s.rule, s.weights), back: pane });
        setPane('explain');
        setNotice(null);
      }
    } else if (input === 'p') {
      if (pane === 'quality' && check.status !== 'running') setPane('search');
      else { setPane('quality'); startCheck(); }
      setFocus('systems');
      setNotice(null);
    } else if (input === 'g') run('greedy');
    else if (input === 'e') run('exhaustive');
    else if (input === 'h') {
      if (pane === 'heldout' && check.status !== 'running') setPane('search');
      else { setPane('heldout'); startCheck(); }
      setFocus('systems');
      setNotice(null);
    } else if (input === 'r') {
      setRule((r) => (r + 1) % model.rules.length);
      setWeights(undefined);
    } else if (key.escape && search?.status === 'running') handle.current?.stop();
    else if (key.rightArrow && listLength > 0) setFocus('list');
    else if (key.leftArrow) setFocus('systems');
    else if (sysFocus) {
      if (key.upArrow) setCursor((c) => Math.max(0, c - 1));
      else if (key.downArrow) setCursor((c) => Math.min(n - 1, c + 1));
      else if (input === ' ') {
        setSelected((s) => s ^ (1 << cursor));
        setWeights(undefined);
      }
    } else if (key.upArrow) (pane === 'search' ? setPick : setProcPick)((p) => Math.max(0, p - 1));
    else if (key.downArrow) (pane === 'search' ? setPick : setProcPick)((p) => Math.min(listLength - 1, p + 1));
    else if (key.return && pane === 'search' && candidates[pick] !== undefined) load({ mask: candidates[pick].mask, rule: candidates[pick].rule });
    else if (key.return && pane === 'heldout' && procs[procPick] !== undefined) {
      const p = procs[procPick];
      const s = selectionOf(model, p);
      if (s === null) setNotice(`${p.name} chose ${p.rule}, which the planner cannot score: not loaded`);
      else load(s);
    }
  }, { isActive: active });
  const scores = selectionScores(model, selected, rule, weights);
  const listWidth = Math.max(14, Math.min(30, Math.floor(width * 0.25)));
  const rightWidth = Math.max(30, width - listWidth - 2);
  const panel = pane !== 'search';
  const visible = panel ? Math.min(SYSTEMS_ABOVE_PANEL, n) : Math.max(3, height - 2);
  const first = Math.max(0, Math.min(cursor - Math.floor(visible / 2), n - visible));
  const size = membersOf(selected).length;
  const row = (label: string, s: NonNullable<typeof scores>['actual']) =>
    padEnd(label, 10) + [pct(s.precision), pct(s.recall), pct(s.f), pct(s.ser), pct(s.k), count(s.tp), count(s.fp), count(s.fn)].map((v) => padStart(v, 6)).join('');
  const topRows = Math.max(1, height - 11);
  const ruleLine = weights === undefined
    ? ` (r: ${model.ruleNames.join('/')})`
    : ` (${abbreviateMembers(weightedMembers(membersOf(selected).map((m) => model.names[m]), weights), Math.max(8, rightWidth - 33))}; r: unweighted)`;
  // Rows above the held-out panel: the taller of the systems list and the selection's scores.
  const above = Math.max(1 + visible, (scores === null ? 3 : 5) + (notice === null ? 0 : 1));
  return (
    <Box flexDirection="column">
      <Box>
        <Box flexDirection="column" width={listWidth} marginRight={2}>
          <Text bold underline={sysFocus}>{`Systems (${size} of ${n})`}</Text>
          {model.names.slice(first, first + visible).map((name, k) => {
            const i = first + k;
            const on = ((selected >> i) & 1) === 1;
            const here = sysFocus && i === cursor;
            return (
              <Text key={name} inverse={here} color={on ? 'green' : undefined}>
                {(here ? '›' : ' ') + padStart(String(i + 1), 2) + (on ? ' [x] ' : ' [ ] ') + truncate(name, listWidth - 8)}
              </Text>
            );
          })}
        </Box>
        <Box flexDirection="column" width={rightWidth}>
          <Text>
            <Text bold>{`Rule ${weights === undefined ? model.ruleNames[rule] : 'weighted'}`}</Text>
            <Text dimColor>{ruleLine}</Text>
          </Text>
          <Text bold>{padEnd('', 10) + ['P', 'R', 'F', 'SER', 'K', 'TP', 'FP', 'FN'].map((c) => padStart(c, 6)).join('')}</Text>
          {scores === null
            ? <Text dimColor>space: add systems to the ensemble</Text>
            : <>
                <Text>{row('predicted', scores.predicted)}</Text>
                <Text bold>{row('actual', scores.actual)}</Text>
                <Text dimColor>{`prediction: ${scores.method}`}</Text>
              </>}
          {notice === null ? null : <Text color="yellow">{truncate(notice, rightWidth - 1)}</Text>}
          {panel ? null : (
            <Box marginTop={1} flexDirection="column">
              <SearchPane model={model} search={search} width={rightWidth} rows={topRows} cursor={sysFocus ? -1 : pick} />
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
