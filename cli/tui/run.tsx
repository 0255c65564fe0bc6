/**
 * Starts the TUI on the terminal: the alternate screen while it runs (so quitting leaves the
 * terminal as it was), Ink's raw-mode input, and a promise that resolves when the user quits.
 */
import { render } from 'ink';
import { App } from './App.js';
import { colorWanted } from './color.js';
import type { TuiModel } from './model.js';

const ENTER_ALT = '\u001B[?1049h\u001B[H';
const LEAVE_ALT = '\u001B[?1049l';

export async function runTui(model: TuiModel): Promise<void> {
  const out = process.stdout;
  out.write(ENTER_ALT);
  const restore = () => out.write(LEAVE_ALT);
  process.once('exit', restore);
  try {
    const app = render(<App model={model} color={colorWanted(process.env)} />, { exitOnCtrlC: true, patchConsole: true });
    await app.waitUntilExit();
  } finally {
    process.off('exit', restore);
    restore();
  }
}
