/**
 * View 4: `complan ablate` interactively — a baseline (`b`/`B` cycle it), each other system as a
 * variant with ΔF and F_Comp both ways and the flag "same score, different behaviour", and the
 * items the chosen variant gained, lost, introduced and removed. When groups of runs were given,
 * the groups instead ({@link GroupAblationView}).
 */
import { Box, Text } from 'ink';
import { useKeys } from './use-keys.js';
import { useState } from 'react';
import { GroupAblationView } from './GroupAblationView.js';
import type { TuiModel } from './model.js';
import { cutEnd, exampleLine, padEnd, padStart, pct, shortNames, signedPct, truncate } from './text.js';

/** The flag of a variant with the baseline's F but different items. */
const SAME_F = 'same F, different';
/** The flag when an F_Comp it needs is undefined (a system with nothing to fix): left open, as the command's `—`. */
const OPEN = '—';

/** Points, without trailing zeros (0.5, 25). */
const points = (x: number) => String(Number((x * 100).toFixed(2)));

/**
 * The line under the table: what V→B and B→V are and when the flag is raised (with `open`, what
 * the open flag means), the longest form that fits `width` (the flag's two words alone say little).
 */
export function legend(sameF: number, different: number, width: number, open = false): string {
  const flag = `${SAME_F}: |ΔF| < ${points(sameF)}, F_Comp > ${points(different)} one way`;
  const flags = open ? [`${flag}; ${OPEN}: F_Comp undefined`, flag] : [flag];
  const forms = [
    ...flags.flatMap((f) => [
      `V→B: F_Comp of what the variant offers the baseline; B→V: the other way; ${f}`,
      `V→B: F_Comp the variant offers the baseline, B→V the reverse; ${f}`,
      `V→B, B→V: F_Comp each way; ${f}`,
    ]),
    'V→B: F_Comp of what the variant offers the baseline; B→V: the other way',
  ];
  return forms.find((f) => f.length <= width) ?? forms[forms.length - 1];
}

type ViewProps = { model: TuiModel; active: boolean; width: number; height: number };

/** The groups' view when a group has several runs, else one system against another. */
export function AblationView(props: ViewProps) {
  return props.model.groups.some((g) => g.runs.length > 1) ? <GroupAblationView {...props} /> : <SystemAblationView {...props} />;
}

function SystemAblationView({ model, active, width, height }: ViewProps) {
  const n = model.names.length;
  const [baseline, setBaseline] = useState(0);
  const [cursor, setCursor] = useState(0);
  useKeys((input, key) => {
    if (n < 2) return;
    if (input === 'b') { setBaseline((b) => (b + 1) % n); setCursor(0); }
    else if (input === 'B') { setBaseline((b) => (b + n - 1) % n); setCursor(0); }
    else if (key.upArrow) setCursor((c) => Math.max(0, c - 1));
    else if (key.downArrow) setCursor((c) => Math.min(n - 2, c + 1));
  }, { isActive: active && n >= 2 });
  if (n < 2) return <Text>Ablation needs a baseline and at least one variant.</Text>;
  const a = model.ablation(baseline);
  // The row: cursor, name, four figures of 8, two spaces and the flag, within the width.
  const nameWidth = Math.max(8, Math.min(28, width - 1 - 2 - 4 * 8 - 2 - SAME_F.length));
  const short = shortNames(model.names, nameWidth);
  const shortOf = (name: string) => short[model.names.indexOf(name)] ?? truncate(name, nameWidth);
  const tableRows = Math.max(2, Math.min(n - 1, Math.floor((height - 5) / 2)));
  const first = Math.max(0, Math.min(cursor - Math.floor(tableRows / 2), n - 1 - tableRows));
  const v = a.variants[Math.min(cursor, a.variants.length - 1)];
  const half = Math.max(20, Math.floor((width - 1) / 2));
  // Rows left for the two lists of each column: the table, the lines around it, and their two titles.
  const listRows = Math.max(1, Math.floor((height - 6 - tableRows) / 2));
  return (
    <Box flexDirection="column">
      <Text wrap="truncate">
        <Text bold>{`Baseline ${truncate(a.baseline, Math.max(8, width - 50))}`}</Text>
        <Text>{`  F ${pct(a.baselineScores.f)}  b/B: baseline · ↑↓: variant`}</Text>
      </Text>
      <Text bold>{'  ' + padEnd('variant', nameWidth) + ['F', 'ΔF', 'V→B', 'B→V'].map((c) => padStart(c, 8)).join('') + '  flag'}</Text>
      {a.variants.slice(first, first + tableRows).map((x, k) => {
        const i = first + k;
        const flag = x.sameScoreDifferentBehaviour === true ? SAME_F : x.sameScoreDifferentBehaviour === null ? OPEN : '';
        return (
          <Text key={x.name} inverse={i === cursor}>
            {cutEnd((i === cursor ? '› ' : '  ') + padEnd(shortOf(x.name), nameWidth)
              + [pct(x.scores.f), signedPct(x.deltaF), pct(x.fromVariant.fComp), pct(x.fromBaseline.fComp)].map((c) => padStart(c, 8)).join('')
              + '  ' + flag, width - 1)}
          </Text>
        );
      })}
      <Text wrap="truncate">{cutEnd(legend(a.sameF, a.different, width - 1, a.variants.some((x) => x.sameScoreDifferentBehaviour === null)), width - 1)}</Text>
      <Box marginTop={1}>
        <Box flexDirection="column" width={half} marginRight={1}>
          <Text underline>{truncate(`gained by ${v.name} (${v.gainedCount})`, half)}</Text>
          {v.gained.slice(0, listRows).map((e, i) => <Text key={i}>{exampleLine(e, half)}</Text>)}
          <Text underline>{truncate(`lost (${v.lostCount})`, half)}</Text>
          {v.lost.slice(0, listRows).map((e, i) => <Text key={i}>{exampleLine(e, half)}</Text>)}
        </Box>
        <Box flexDirection="column" width={half}>
          <Text underline>{truncate(`introduced, spurious (${v.introducedCount})`, half)}</Text>
          {v.introduced.slice(0, listRows).map((e, i) => <Text key={i}>{exampleLine(e, half)}</Text>)}
          <Text underline>{truncate(`removed, spurious (${v.removedCount})`, half)}</Text>
          {v.removed.slice(0, listRows).map((e, i) => <Text key={i}>{exampleLine(e, half)}</Text>)}
        </Box>
      </Box>
    </Box>
  );
}
