/**
 * The TUI: a tab bar, the current view, and the help overlay. Number keys and Tab
 * switch views, `?` opens help, `q` quits (Ctrl-C too, through Ink). Every key comes here and
 * the others go on to the view shown (use-keys.ts), so keys typed with a switch act on the view
 * switched to.
 */
import { Box, Text, useApp } from 'ink';
import { KeyRouter, useKeys, ViewKeys } from './use-keys.js';
import { useMemo, useRef, useState } from 'react';
import { AblationView } from './AblationView.js';
import { ColorContext } from './color.js';
import { CompView } from './CompView.js';
import { HelpOverlay } from './HelpOverlay.js';
import type { TuiModel } from './model.js';
import { PlannerView } from './PlannerView.js';
import { SystemsView } from './SystemsView.js';
import { TabBar, VIEWS } from './TabBar.js';
import { useSize } from './use-size.js';

/** The smallest terminal every view fits without wrapping (docs/tui.md); below it, a notice instead. */
export const MIN_COLUMNS = 80;
export const MIN_ROWS = 24;

/** What a terminal below {@link MIN_COLUMNS}×{@link MIN_ROWS} shows, in lines short enough for any. */
export function tooSmallLines(columns: number, rows: number): string[] {
  return [`The terminal is ${columns}×${rows}:`, `complan needs ${MIN_COLUMNS}×${MIN_ROWS}.`, 'Enlarge it, or press q.'];
}

/** @param color whether the heatmap may colour (false under NO_COLOR: see color.ts). */
export function App({ model, initialView = 0, color = true }: { model: TuiModel; initialView?: number; color?: boolean }) {
  const { exit } = useApp();
  const { columns, rows } = useSize();
  const [view, setView] = useState(initialView);
  const [help, setHelp] = useState(false);
  // Views are mounted when first shown and then kept (hidden), so the planner keeps its state.
  const [seen, setSeen] = useState(() => new Set([initialView]));
  const router = useMemo(() => {
    const r = new KeyRouter();
    r.view = initialView;
    return r;
  }, []);
  // What a key decides by, as the keys before it in the same chunk left it (state is drawn later).
  const now = useRef({ help: false, modal: false });
  const show = (v: number) => {
    router.view = v;
    setView(v);
    setSeen((s) => (s.has(v) ? s : new Set([...s, v])));
  };
  const setModal = (open: boolean) => {
    now.current.modal = open;
  };
  const setHelpNow = (open: boolean) => {
    now.current.help = open;
    setHelp(open);
  };
  useKeys((input, key) => {
    if (key.ctrl && input === 'c') {
      exit();
      return;
    }
    if (now.current.help) {
      if (input === 'q') exit();
      else setHelpNow(false);
      return;
    }
    const switching = /^[1-4]$/.test(input) || key.tab;
    // A key that switches views works everywhere, an open pair too: it is closed first, as Esc closes it.
    if (now.current.modal && switching) {
      router.dispatch('', { ...key, escape: true, tab: false, shift: false });
      now.current.modal = false;
    }
    if (input === 'q') exit();
    else if (input === '?') setHelpNow(true);
    else if (now.current.modal) router.dispatch(input, key);
    else if (/^[1-4]$/.test(input)) show(Number(input) - 1);
    else if (key.tab) show((router.view + (key.shift ? VIEWS.length - 1 : 1)) % VIEWS.length);
    else router.dispatch(input, key);
  });
  const width = Math.max(40, columns);
  // One line for the tab bar; one spare so the frame never scrolls the terminal.
  const height = Math.max(10, rows - 2);
  // Views that would wrap on every line are hidden (and kept, as they are) until the terminal grows.
  const small = columns < MIN_COLUMNS || rows < MIN_ROWS;
  const active = !help && !small;
  const slots = useMemo(() => VIEWS.map((_, i) => ({ router, view: i })), [router]);
  const views = [
    (on: boolean) => <SystemsView model={model} active={on} width={width} height={height} />,
    (on: boolean) => <CompView model={model} active={on} width={width} height={height} onModal={setModal} />,
    (on: boolean) => <PlannerView model={model} active={on} width={width} height={height} />,
    (on: boolean) => <AblationView model={model} active={on} width={width} height={height} />,
  ];
  return (
    <ColorContext.Provider value={color}>
      {small ? <Box flexDirection="column">{tooSmallLines(columns, rows).map((l) => <Text key={l}>{l}</Text>)}</Box> : null}
      <Box display={small ? 'none' : 'flex'} flexDirection="column" width={width}>
        <TabBar view={view} width={width} />
        {help && !small ? <HelpOverlay width={width} height={height + 1} /> : null}
        <Box display={help ? 'none' : 'flex'} flexDirection="column" height={height}>
          {views.map((render, i) => (!seen.has(i) ? null :
            <Box key={VIEWS[i]} display={i === view ? 'flex' : 'none'} flexDirection="column">
              <ViewKeys.Provider value={slots[i]}>{render(active && i === view)}</ViewKeys.Provider>
            </Box>
          ))}
        </Box>
      </Box>
    </ColorContext.Provider>
  );
}
