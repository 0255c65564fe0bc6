/** The first line: the views by number, the current one highlighted, and the keys for help and quit. */
import { Box, Text } from 'ink';

export const VIEWS = ['Systems', 'Complementarity', 'Planner', 'Ablation'] as const;
export type ViewName = (typeof VIEWS)[number];

/**
 * The parts of the tab bar that fit `width`: every view's tab always; the program's name and the
 * help and quit keys in full when there is room, shorter or left out when not, so the bar is one
 * line at any width the TUI draws (40 columns and up).
 */
export function tabBarParts(view: number, width: number): { name: string; tabs: string[]; keys: string } {
  const short = width < 90;
  const tabs = VIEWS.map((name, i) => {
    const label = `${i + 1} ${short && name === 'Complementarity' ? 'Comp' : name}`;
    return i === view ? `[${label}]` : ` ${label} `;
  });
  const views = tabs.join('').length;
  for (const [name, keys] of [['complan ', '  ? help  q quit'], ['', '  ? help  q quit'], ['', '  ? q']] as const) {
    if (name.length + views + keys.length <= width) return { name, tabs, keys };
  }
  return { name: '', tabs, keys: '' };
}

export function TabBar({ view, width }: { view: number; width: number }) {
  const { name, tabs, keys } = tabBarParts(view, width);
  return (
    <Box width={width}>
      <Text wrap="truncate-end">
        <Text bold>{name}</Text>
        {tabs.map((t, i) => (i === view ? <Text key={VIEWS[i]} inverse bold>{t}</Text> : <Text key={VIEWS[i]}>{t}</Text>))}
        {keys}
      </Text>
    </Box>
  );
}
