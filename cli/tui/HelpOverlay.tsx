/** The `?` overlay: every key of every view, in two columns (fits 80×24). Any key closes it. */
import { Box, Text } from 'ink';

type Section = [string, ReadonlyArray<[string, string]>];

export const HELP: readonly Section[] = [
  ['Everywhere', [['1 2 3 4', 'switch view'], ['Tab', 'next view (Shift-Tab: back)'], ['?', 'help (any key closes)'], ['q Ctrl-C', 'quit']]],
  ['1 Systems', [['s', 'next sort column (P R F SER…)'], ['↑ ↓', 'scroll']]],
  ['2 Complementarity', [['m', 'metric: F/P/R_Comp'], ['arrows', 'cursor (row A, column B)'], ['Enter', 'open the pair'], ['Esc', 'close it']]],
  ['3 Planner', [['↑ ↓', 'move'], ['space', 'toggle the system'], ['r', 'rule: union/inter/maj/vote'], ['g  e', 'greedy / exhaustive search'], ['Esc', 'stop the search'], ['h', 'held-out check (pauses)'], ['p', 'prediction quality (pauses)'], ['← →', 'systems / list below'], ['Enter', 'load candidate/procedure'], ['x', 'explain it (Esc closes)']]],
  ['4 Ablation', [['b  B', 'next / previous baseline'], ['↑ ↓', 'variant (items below)']]],
];

function Column({ sections, width }: { sections: readonly Section[]; width: number }) {
  return (
    <Box flexDirection="column" width={width}>
      {sections.map(([title, keys]) => (
        <Box key={title} flexDirection="column">
          <Text underline>{title}</Text>
          {keys.map(([k, what]) => <Text key={k}>{`  ${k.padEnd(9)}${what}`.slice(0, width)}</Text>)}
        </Box>
      ))}
    </Box>
  );
}

export function HelpOverlay({ width }: { width: number }) {
  const w = Math.min(width, 80);
  const col = Math.floor((w - 4) / 2);
  return (
    <Box flexDirection="column" borderStyle="round" paddingX={1} width={w}>
      <Text bold>Keys</Text>
      <Box>
        <Column sections={HELP.slice(0, 3)} width={col} />
        <Column sections={HELP.slice(3)} width={col} />
      </Box>
    </Box>
  );
}
