/** The first line: the views by number, the current one highlighted, and the keys for help and quit. */
import { Box, Text } from 'ink';

export const VIEWS = ['Systems', 'Complementarity', 'Planner', 'Ablation'] as const;
export type ViewName = (typeof VIEWS)[number];

export function TabBar({ view, width }: { view: number; width: number }) {
  const short = width < 90;
  return (
    <Box width={width}>
      <Text bold>complan </Text>
      {VIEWS.map((name, i) => {
        const label = `${i + 1} ${short && name === 'Complementarity' ? 'Comp' : name}`;
        return i === view
          ? <Text key={name} inverse bold>{`[${label}]`}</Text>
          : <Text key={name}>{` ${label} `}</Text>;
      })}
      <Text>{'  ? help  q quit'}</Text>
    </Box>
  );
}
