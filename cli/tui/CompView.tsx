/**
 * View 2: the complementarity heatmap, row A and column B showing what B offers A (P_Comp,
 * R_Comp or F_Comp; `m` cycles). Arrows move the cursor; Enter opens the pair, Esc closes it.
 */
import { Box, Text } from 'ink';
import { useKeys } from './use-keys.js';
import { useRef, useState } from 'react';
import { pairAt, type PairStats } from '../../src/complementarity/matrix.js';
import { useColorOn } from './color.js';
import type { TuiModel } from './model.js';
import { PairDetail } from './PairDetail.js';
import { cutAtWord, cutEnd, HEAT, heatColor, heatText, padEnd, padStart, shortNames } from './text.js';
import { displayWidth } from '../../src/report/display-width.js';

export const METRICS = [['fComp', 'F_Comp'], ['pComp', 'P_Comp'], ['rComp', 'R_Comp']] as const;

const CELL = 5;

export function CompView({ model, active, width, height, onModal }: {
  model: TuiModel; active: boolean; width: number; height: number; onModal: (open: boolean) => void;
}) {
  const n = model.names.length;
  const [metric, setMetric] = useState(0);
  // The cursor, kept also outside React's render cycle so keys that arrive together each move the latest one.
  const [{ row, col }, setCursor] = useState({ row: 0, col: Math.min(1, n - 1) });
  const latest = useRef({ row, col });
  const [open, setOpen] = useState(false);
  const color = useColorOn();
  useKeys((input, key) => {
    if (open) {
      if (key.escape || key.return) { setOpen(false); onModal(false); }
      return;
    }
    const p = latest.current;
    const move = (r: number, c: number) => {
      latest.current = { row: Math.min(n - 1, Math.max(0, r)), col: Math.min(n - 1, Math.max(0, c)) };
      setCursor(latest.current);
    };
    if (input === 'm') setMetric((m) => (m + 1) % METRICS.length);
    else if (key.upArrow) move(p.row - 1, p.col);
    else if (key.downArrow) move(p.row + 1, p.col);
    else if (key.leftArrow) move(p.row, p.col - 1);
    else if (key.rightArrow) move(p.row, p.col + 1);
    else if (key.return && p.row !== p.col) { setOpen(true); onModal(true); }
  }, { isActive: active });
  if (n < 2) return <Text>Complementarity needs at least two systems.</Text>;
  if (open) return <PairDetail model={model} a={row} b={col} width={width} height={height} />;
  const [field, label] = METRICS[metric];
  // Names keep ten columns at least; the columns that do not fit then scroll with the cursor.
  const labelWidth = Math.max(10, Math.min(24, width - 1 - 4 - n * CELL));
  const visibleCols = Math.max(1, Math.min(n, Math.floor((width - 1 - 4 - labelWidth) / CELL)));
  const firstCol = Math.max(0, Math.min(col - Math.floor(visibleCols / 2), n - visibleCols));
  const shownCols = Array.from({ length: visibleCols }, (_, k) => firstCol + k);
  const visibleRows = Math.max(1, height - 4);
  const first = Math.max(0, Math.min(row - Math.floor(visibleRows / 2), n - visibleRows));
  const here = row === col ? null : pairAt(model.comparison, row, col);
  const names = shortNames(model.names, labelWidth);
  const long = ` (%) of row A by column B: what B offers A · m: metric (${METRICS.map((x) => x[1]).join('/')})`;
  const hint = label.length + long.length < width ? long : ' (%) of row A by column B: what B offers A · m: metric';
  // The keys, which columns are shown when not all fit, and the colour scale where there is room for it.
  const keys = cutEnd(`arrows: move · Enter: open the pair${visibleCols < n ? ` · columns ${firstCol + 1}–${firstCol + visibleCols} of ${n}` : ''}`, width - 1);
  const scale = color && keys.length + ' · scale '.length + HEAT.map((_, i) => ` ${i * 20}+ `).join('').length < width;
  return (
    <Box flexDirection="column">
      <Text>
        <Text bold>{label}</Text>
        <Text>{cutEnd(hint, width - 1 - label.length)}</Text>
      </Text>
      <Text bold>{' '.repeat(4 + labelWidth) + shownCols.map((j) => padStart(String(j + 1), CELL - 1) + ' ').join('')}</Text>
      {model.names.slice(first, first + visibleRows).map((name, k) => {
        const i = first + k;
        return (
          <Box key={name}>
            <Text bold={i === row}>{padStart(String(i + 1), 3) + ' ' + padEnd(names[i], labelWidth)}</Text>
            {shownCols.map((j) => {
              const v = i === j ? null : pairAt(model.comparison, i, j)[field];
              const text = i === j ? '·' : v === null ? '—' : String(Math.round(v * 100));
              const cursor = i === row && j === col;
              const cell = cursor ? `[${padStart(text, CELL - 2)}]` : padStart(text, CELL - 1) + ' ';
              return (
                <Text key={j} backgroundColor={cursor || !color ? undefined : heatColor(v)} color={cursor || !color || v === null ? undefined : heatText(heatColor(v)!)} inverse={cursor} bold={cursor}>
                  {cell}
                </Text>
              );
            })}
          </Box>
        );
      })}
      <Text>{pairLine(model.names, row, col, here, width - 1)}</Text>
      <Text>
        <Text>{`${keys}${scale ? ' · scale ' : ''}`}</Text>
        {scale ? HEAT.map((c, i) => <Text key={c} backgroundColor={c} color={heatText(c)}>{` ${i * 20}+ `}</Text>) : null}
      </Text>
    </Box>
  );
}

function fmt(x: number | null): string {
  return x === null ? '—' : (x * 100).toFixed(1);
}

/**
 * The line under the heatmap for the cursor's cell, in at most `width` columns: the pair and what
 * B offers A. The names give way (shortened, kept apart, 24 columns at most) so the three
 * figures keep their labels; a cut at a whole word only where even short names leave no room.
 */
export function pairLine(names: readonly string[], row: number, col: number, here: Pick<PairStats, 'pComp' | 'rComp' | 'fComp'> | null, width: number): string {
  const line = (short: readonly string[]) => (here === null
    ? `${short[row]} with itself`
    : `A ${short[row]} · B ${short[col]}: P_Comp ${fmt(here.pComp)} R_Comp ${fmt(here.rComp)} F_Comp ${fmt(here.fComp)}`);
  for (let w = 24; w > 3; w--) {
    const text = line(shortNames(names, w));
    if (displayWidth(text) <= width) return text;
  }
  return cutAtWord(line(shortNames(names, 3)), width);
}
