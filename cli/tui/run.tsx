/**
 * Starts the TUI on the terminal, on the alternate screen the command entered (so quitting leaves
 * the terminal as it was) and that the loading screen was drawn on: Ink's raw-mode input, and a
 * promise that resolves when the user quits.
 */
import { render } from 'ink';
import { App } from './App.js';
import { colorWanted } from './color.js';
import type { TuiModel } from './model.js';
import type { AltScreen } from './screen.js';

export async function runTui(model: TuiModel, screen: AltScreen): Promise<void> {
  // Ink draws from the cursor: the loading screen goes, the cursor at the top.
  screen.clear();
  const app = render(<App model={model} color={colorWanted(process.env)} />, { exitOnCtrlC: true, patchConsole: true });
  await app.waitUntilExit();
}
