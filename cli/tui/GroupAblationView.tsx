/**
 * View 4 when groups of runs were given (`NAME=PATH,PATH,...`): a baseline group (`b`/`B` cycle
 * it), each other group as a variant with its mean ΔF ± sd over runs, p and verdict, and the
 * chosen variant's items gained and lost in every comparison; `p` pairs runs by position when
 * every group has as many runs.
 */
import { Box, Text } from 'ink';
import { useState } from 'react';
import { pText } from '../../src/report/number.js';
import type { TuiModel } from './model.js';
import { cutEnd, exampleLine, padEnd, padStart, pct, signedPct, truncate } from './text.js';
import { useKeys } from './use-keys.js';

/** `x ± sd` in points, or `x` alone when the sd is undefined. */
function meanSd(x: number, sd: number | null): string {
  return sd === null ? signedPct(x) : `${signedPct(x)} ± ${pct(sd)}`;
}

/** The p column: `< 0.001` and two spaces before it, apart from ΔF ± sd. */
const P_WIDTH = 9;

/** A list's heading: `gained in all 4 (3; +12 in some)`, or `gained (3)` with one comparison. */
export function stableHeading(kind: string, comparisons: number, stable: number, unstable: number): string {
  return comparisons === 1 ? `${kind} (${stable})` : `${kind} in all ${comparisons} (${stable}; +${unstable} in some)`;
}

export function GroupAblationView({ model, active, width, height }: { model: TuiModel; active: boolean; width: number; height: number }) {
  const groups = model.groups;
  const n = groups.length;
  const [baseline, setBaseline] = useState(0);
  const [cursor, setCursor] = useState(0);
  const [pairedAsked, setPaired] = useState(false);
  const canPair = groups.every((g) => g.runs.length === groups[0].runs.length);
  const paired = pairedAsked && canPair;
  useKeys((input, key) => {
    if (n < 2) return;
    if (input === 'b') { setBaseline((b) => (b + 1) % n); setCursor(0); }
    else if (input === 'B') { setBaseline((b) => (b + n - 1) % n); setCursor(0); }
    else if (input === 'p') setPaired((p) => !p);
    else if (key.upArrow) setCursor((c) => Math.max(0, c - 1));
    else if (key.downArrow) setCursor((c) => Math.min(n - 2, c + 1));
  }, { isActive: active && n >= 2 });
  if (n < 2) return <Text>Ablation needs a baseline group and at least one variant.</Text>;
  const a = model.groupAblation(baseline, paired);
  const nameWidth = Math.max(8, Math.min(24, Math.floor(width / 5)));
  const fixedWidth = 2 + nameWidth + 5 + 16 + P_WIDTH + 2;
  const verdictWidth = Math.max(10, width - 1 - fixedWidth);
  const tableRows = Math.max(2, Math.min(n - 1, Math.floor((height - 7) / 2)));
  const first = Math.max(0, Math.min(cursor - Math.floor(tableRows / 2), n - 1 - tableRows));
  const v = a.variants[Math.min(cursor, a.variants.length - 1)];
  const half = Math.max(20, Math.floor((width - 1) / 2));
  const listRows = Math.max(1, height - 7 - tableRows);
  const comparisons = v.comparisons.length;
  const pairing = paired ? 'paired by position' : canPair ? 'unpaired (p: pair)' : 'unpaired (groups differ in size)';
  return (
    <Box flexDirection="column">
      <Text bold>{cutEnd(`Baseline ${truncate(a.baseline, Math.max(8, width - 70))} (${a.baselineRuns.length} runs)  `
        + `F ${pct(a.baselineMean.f)}${a.baselineSd.f === null ? '' : ` ± ${pct(a.baselineSd.f)}`}  ${pairing}  b/B · ↑↓ · p`, width - 1)}</Text>
      <Text bold>{cutEnd('  ' + padEnd('variant', nameWidth) + padStart('runs', 5) + padStart('ΔF ± sd', 16) + padStart('p', P_WIDTH) + '  verdict', width - 1)}</Text>
      {a.variants.slice(first, first + tableRows).map((x, k) => {
        const i = first + k;
        const words = x.verdict.text.replace(/^[^,]*, /, '').replace(/, p = [^,]*$/, '');
        return (
          <Text key={x.name} inverse={i === cursor}>
            {cutEnd((i === cursor ? '› ' : '  ') + padEnd(x.name, nameWidth) + padStart(String(x.runs.length), 5)
              + padStart(meanSd(x.meanDelta.f, x.sdDelta.f), 16) + padStart(pText(x.test.pRandomization), P_WIDTH)
              + '  ' + truncate(words, verdictWidth), width - 1)}
          </Text>
        );
      })}
      <Text>{cutEnd(`${comparisons} comparison${comparisons === 1 ? '' : 's'}; p: approximate randomization over ${a.units} ${a.unit}s`, width - 1)}</Text>
      <Box marginTop={1}>
        <Box flexDirection="column" width={half} marginRight={1}>
          <Text underline>{truncate(stableHeading('gained', comparisons, v.stable.gained.count, v.unstable.gained.count), half)}</Text>
          {v.stable.gained.items.slice(0, listRows).map((e, i) => <Text key={i}>{exampleLine(e, half)}</Text>)}
        </Box>
        <Box flexDirection="column" width={half}>
          <Text underline>{truncate(stableHeading('lost', comparisons, v.stable.lost.count, v.unstable.lost.count), half)}</Text>
          {v.stable.lost.items.slice(0, listRows).map((e, i) => <Text key={i}>{exampleLine(e, half)}</Text>)}
        </Box>
      </Box>
    </Box>
  );
}
