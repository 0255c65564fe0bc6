/**
 * The terminal's alternate screen for the TUI: entered before anything is loaded (so the loading
 * screen shows at once), left when the TUI ends or fails, and on process exit, so quitting or an
 * input error leaves the terminal as it was. No Ink or React.
 */
export const ENTER_ALT = '\u001B[?1049h\u001B[H';
export const LEAVE_ALT = '\u001B[?1049l';
/** Cursor home, screen cleared. */
export const CLEAR = '\u001B[H\u001B[2J';

export interface AltScreen {
  columns: number;
  /** Clears the screen and writes the lines from the top. */
  draw: (lines: readonly string[]) => void;
  /** Clears the screen, the cursor at the top (where Ink then draws). */
  clear: () => void;
  /** Leaves the alternate screen (once; later calls do nothing). */
  leave: () => void;
}

export function enterAltScreen(out: { write: (s: string) => unknown; columns?: number }): AltScreen {
  out.write(ENTER_ALT);
  let left = false;
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  // A signal (Ctrl-C before Ink takes the keyboard, or a kill) would end the process without its
  // exit event, leaving the terminal on the alternate screen: leave it first, then let the
  // signal end the process as it would have.
  const onSignal = (signal: NodeJS.Signals) => {
    leave();
    process.kill(process.pid, signal);
  };
  const leave = () => {
    if (left) return;
    left = true;
    process.off('exit', leave);
    for (const s of signals) process.off(s, onSignal);
    out.write(LEAVE_ALT);
  };
  process.once('exit', leave);
  for (const s of signals) process.on(s, onSignal);
  return {
    columns: out.columns || 80,
    draw: (lines) => { out.write(CLEAR + lines.join('\r\n')); },
    clear: () => { out.write(CLEAR); },
    leave,
  };
}
