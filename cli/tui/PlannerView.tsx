/**
 * View 3: choose members (space) and a rule (`r`) and watch the ensemble's predicted (pairwise
 * statistics) and actual (simulated on gold) scores; `g` and `e` run greedy and exhaustive
 * search off the render path, listing the top candidates; Enter loads one into the selection.
 */
import { Box, Text, useInput } from 'ink';
import { useEffect, useRef, useState } from 'react';
import { membersOf, selectionScores, type TuiModel } from './model.js';
import { startSearch, type SearchHandle, type SearchState } from './search.js';
import { bar, count, padEnd, padStart, pct, truncate } from './text.js';

export function PlannerView({ model, active, width, height }: { model: TuiModel; active: boolean; width: number; height: number }) {
  const n = model.names.length;
  const [selected, setSelected] = useState(0);
  const [cursor, setCursor] = useState(0);
  const [rule, setRule] = useState(0);
  const [focus, setFocus] = useState<'systems' | 'candidates'>('systems');
  const [pick, setPick] = useState(0);
  const [search, setSearch] = useState<SearchState | null>(null);
  const handle = useRef<SearchHandle | null>(null);
  useEffect(() => () => handle.current?.stop(), []);
  const run = (kind: 'greedy' | 'exhaustive') => {
    handle.current?.stop();
    setPick(0);
    handle.current = startSearch(model, kind, setSearch);
  };
  const candidates = search?.top ?? [];
  useInput((input, key) => {
    if (input === 'g') run('greedy');
    else if (input === 'e') run('exhaustive');
    else if (input === 'r') setRule((r) => (r + 1) % model.rules.length);
    else if (key.escape && search?.running) handle.current?.stop();
    else if (key.rightArrow && candidates.length > 0) setFocus('candidates');
    else if (key.leftArrow) setFocus('systems');
    else if (focus === 'systems' || candidates.length === 0) {
      if (key.upArrow) setCursor((c) => Math.max(0, c - 1));
      else if (key.downArrow) setCursor((c) => Math.min(n - 1, c + 1));
      else if (input === ' ') setSelected((s) => s ^ (1 << cursor));
    } else {
      if (key.upArrow) setPick((p) => Math.max(0, p - 1));
      else if (key.downArrow) setPick((p) => Math.min(candidates.length - 1, p + 1));
      else if (key.return && candidates[pick] !== undefined) {
        setSelected(candidates[pick].mask);
        setRule(candidates[pick].rule);
        setFocus('systems');
      }
    }
  }, { isActive: active });
  const scores = selectionScores(model, selected, rule);
  const listWidth = Math.max(14, Math.min(30, Math.floor(width * 0.25)));
  const rightWidth = Math.max(30, width - listWidth - 2);
  const visible = Math.max(3, height - 2);
  const first = Math.max(0, Math.min(cursor - Math.floor(visible / 2), n - visible));
  const size = membersOf(selected).length;
  const sysFocus = focus === 'systems' || candidates.length === 0;
  const row = (label: string, s: NonNullable<typeof scores>['actual']) =>
    padEnd(label, 10) + [pct(s.precision), pct(s.recall), pct(s.f), pct(s.ser), pct(s.k), count(s.tp), count(s.fp), count(s.fn)].map((v) => padStart(v, 6)).join('');
  const topRows = Math.max(1, height - 11);
  return (
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
          <Text bold>{`Rule ${model.ruleNames[rule]}`}</Text>
          <Text dimColor>{` (r: ${model.ruleNames.join('/')})`}</Text>
        </Text>
        <Text bold>{padEnd('', 10) + ['P', 'R', 'F', 'SER', 'K', 'TP', 'FP', 'FN'].map((c) => padStart(c, 6)).join('')}</Text>
        {scores === null
          ? <Text dimColor>space: add systems to the ensemble</Text>
          : <>
              <Text>{row('predicted', scores.predicted)}</Text>
              <Text bold>{row('actual', scores.actual)}</Text>
              <Text dimColor>{`prediction: ${scores.method}`}</Text>
            </>}
        <Box marginTop={1} flexDirection="column">
          {search === null
            ? <Text dimColor>g: greedy search · e: exhaustive search (objective: actual F)</Text>
            : <>
                <Text>
                  {`${search.kind} ${bar(search.done, search.total, 20)} ${search.running ? `${search.done}/${search.total}` : `done, ${search.evaluated} candidates`}`}
                  {search.running ? <Text dimColor> Esc: stop</Text> : null}
                </Text>
                <Text bold underline={!sysFocus}>{`Top candidates${candidates.length > 0 ? ' (→ then Enter loads one)' : ''}`}</Text>
                {candidates.slice(0, topRows).map((c, i) => {
                  const here = !sysFocus && i === pick;
                  const head = `${padStart(String(i + 1), 2)} F ${pct(c.f)} ${padEnd(model.ruleNames[c.rule], 12)} `;
                  const members = membersOf(c.mask);
                  const names = members.map((m) => model.names[m]).join('+');
                  // Member names when they fit, else their numbers in the list.
                  const text = head + (head.length + names.length < rightWidth ? names : `#${members.map((m) => m + 1).join(' ')}`);
                  return <Text key={`${c.mask}-${c.rule}`} inverse={here}>{(here ? '›' : ' ') + truncate(text, rightWidth - 1)}</Text>;
                })}
              </>}
        </Box>
      </Box>
    </Box>
  );
}
