/**
 * The TUI: a tab bar, the current view, and the help overlay. Number keys and Tab
 * switch views, `?` opens help, `q` quits (Ctrl-C too, through Ink).
 */
import { Box, useApp } from 'ink';
import { useKeys } from './use-keys.js';
import { useState } from 'react';
import { AblationView } from './AblationView.js';
import { ColorContext } from './color.js';
import { CompView } from './CompView.js';
import { HelpOverlay } from './HelpOverlay.js';
import type { TuiModel } from './model.js';
import { PlannerView } from './PlannerView.js';
import { SystemsView } from './SystemsView.js';
import { TabBar, VIEWS } from './TabBar.js';
import { useSize } from './use-size.js';

/** @param color whether the heatmap may colour (false under NO_COLOR: see color.ts). */
export function App({ model, initialView = 0, color = true }: { model: TuiModel; initialView?: number; color?: boolean }) {
  const { exit } = useApp();
  const { columns, rows } = useSize();
  const [view, setView] = useState(initialView);
  const [help, setHelp] = useState(false);
  const [modal, setModal] = useState(false);
  // Views are mounted when first shown and then kept (hidden), so the planner keeps its state.
  const [seen, setSeen] = useState(() => new Set([initialView]));
  const show = (v: number) => {
    setView(v);
    setSeen((s) => (s.has(v) ? s : new Set([...s, v])));
  };
  useKeys((input, key) => {
    if (key.ctrl && input === 'c') {
      exit();
      return;
    }
    if (help) {
      if (input === 'q') exit();
      else setHelp(false);
      return;
    }
    if (input === 'q') exit();
    else if (input === '?') setHelp(true);
    else if (modal) return;
    else if (/^[1-4]$/.test(input)) show(Number(input) - 1);
    else if (key.tab) show((view + (key.shift ? VIEWS.length - 1 : 1)) % VIEWS.length);
  });
  const width = Math.max(40, columns);
  // One line for the tab bar; one spare so the frame never scrolls the terminal.
  const height = Math.max(10, rows - 2);
  const active = !help;
  const views = [
    (on: boolean) => <SystemsView model={model} active={on} width={width} height={height} />,
    (on: boolean) => <CompView model={model} active={on} width={width} height={height} onModal={setModal} />,
    (on: boolean) => <PlannerView model={model} active={on} width={width} height={height} />,
    (on: boolean) => <AblationView model={model} active={on} width={width} height={height} />,
  ];
  return (
    <ColorContext.Provider value={color}>
      <Box flexDirection="column" width={width}>
        <TabBar view={view} width={width} />
        {help ? <HelpOverlay width={width} height={height + 1} /> : null}
        <Box display={help ? 'none' : 'flex'} flexDirection="column" height={height}>
          {views.map((render, i) => (!seen.has(i) ? null :
            <Box key={VIEWS[i]} display={i === view ? 'flex' : 'none'} flexDirection="column">
              {render(active && i === view)}
            </Box>
          ))}
        </Box>
      </Box>
    </ColorContext.Provider>
  );
}
