/**
 * View 1: every system's scores as `complan eval` computes them, sorted by a column (`s` cycles
 * it; `#` is the systems' order, which is by name, as every command orders them).
 */
import { Box, Text } from 'ink';
import { useKeys } from './use-keys.js';
import { useState } from 'react';
import { SORT_COLUMNS, sortedSystems, type TuiModel } from './model.js';
import { count, padEnd, padStart, pct, plural, shortNames } from './text.js';

const NUM = 7;

export function SystemsView({ model, active, width, height }: { model: TuiModel; active: boolean; width: number; height: number }) {
  const [sort, setSort] = useState(0);
  const [top, setTop] = useState(0);
  const column = SORT_COLUMNS[sort];
  const order = sortedSystems(model.systems, column);
  const visible = Math.max(1, height - 3);
  const maxTop = Math.max(0, order.length - visible);
  useKeys((input, key) => {
    if (input === 's') setSort((s) => (s + 1) % SORT_COLUMNS.length);
    else if (key.downArrow) setTop((t) => Math.min(maxTop, t + 1));
    else if (key.upArrow) setTop((t) => Math.max(0, t - 1));
  }, { isActive: active });
  // A column a space wider than its longest value: a count of seven digits would meet the one before it.
  const num = Math.max(NUM, 1 + Math.max(0, ...model.systems.flatMap((s) => [s.tp, s.fp, s.fn].map((x) => count(x).length))));
  const nameWidth = Math.max(8, Math.min(28, width - 4 - 8 * num - 1));
  // F is F at the command's beta: the header says which (F2 under --beta 2), as eval's does.
  const label = (c: string) => (c === 'F' ? (model.options.beta === 1 ? 'F1' : `F${model.options.beta}`) : c);
  const head = (c: string) => (c === column ? `${label(c)}▼` : label(c));
  const cells = (values: string[]) => values.map((v) => padStart(v, num)).join('');
  const from = Math.min(top, maxTop);
  const names = shortNames(model.names, nameWidth);
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>{padStart(head('#'), 3) + ' ' + padEnd('system', nameWidth)}</Text>
        <Text bold>{cells(SORT_COLUMNS.slice(1).map(head))}</Text>
      </Text>
      {order.slice(from, from + visible).map((i) => {
        const s = model.systems[i];
        return (
          <Text key={s.name}>
            {padStart(String(i + 1), 3) + ' ' + padEnd(names[i], nameWidth)
              + cells([pct(s.precision), pct(s.recall), pct(s.f), pct(s.ser), pct(s.k), count(s.tp), count(s.fp), count(s.fn)])}
          </Text>
        );
      })}
      <Text wrap="truncate">
        {`${plural(model.systems.length, 'system')}, ${model.options.match} match${filters(model)}; sorted by ${label(column)}${column === '#' ? ' (by name)' : ' (best first)'}`
          + ` · s: sort${order.length > visible ? ` · ↑↓ scroll (${from + 1}–${Math.min(order.length, from + visible)})` : ''}`}
      </Text>
    </Box>
  );
}

/** The scoring options the header does not show when they are not the defaults, as eval's title gives them: the types scored, K's α. */
export function filters(model: TuiModel): string {
  const o = model.options;
  return (o.types === undefined ? '' : `, types ${o.types.join(',')}`) + (o.kAlpha === 1 ? '' : `, K(α=${o.kAlpha})`);
}
