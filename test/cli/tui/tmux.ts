/**
 * A real terminal for whole-screen tests of the built command: a detached tmux session of a given
 * size running one command line, its screen read back as text (colours kept or not), keys sent
 * as tmux names them (`Down`, `Space`, `Enter`, or plain letters).
 */
import { execFileSync, spawnSync } from 'node:child_process';

export const hasTmux = spawnSync('sh', ['-c', 'command -v tmux']).status === 0;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface TmuxSession {
  /** The screen, each terminal-wrapped line joined back into one (so a wrapped line shows as one too long). */
  screen: (colours?: boolean) => string;
  /** Sends keys in one tmux command: they reach the program together, as over a slow link. */
  keys: (...keys: string[]) => void;
  /** Waits until `test` holds for the screen, unchanged over two reads; returns it, and every screen seen before. */
  waitFor: (test: (s: string) => boolean, ms?: number, every?: number) => Promise<{ screen: string; seen: string[] }>;
  kill: () => void;
}

let sessions = 0;

/** Starts `command` (a shell line) in a new tmux session of `columns`×`rows`. */
export function startTmux(command: string, columns: number, rows: number): TmuxSession {
  const name = `complan-test-${process.pid}-${++sessions}`;
  const tmux = (...args: string[]) => execFileSync('tmux', args, { encoding: 'utf8' });
  // A fixed size: a session started detached keeps -x/-y whatever clients there are.
  tmux('new-session', '-d', '-s', name, '-x', String(columns), '-y', String(rows), command);
  const screen = (colours = false) => tmux('capture-pane', '-p', '-J', ...(colours ? ['-e'] : []), '-t', name);
  return {
    screen,
    keys: (...keys) => { tmux('send-keys', '-t', name, ...keys); },
    async waitFor(test, ms = 30000, every = 50) {
      const end = Date.now() + ms;
      const seen: string[] = [];
      let before = '';
      let s = screen();
      // Held for two reads: a frame being written is caught half old, half new.
      while (!(test(s) && s === before) && Date.now() < end) {
        seen.push(s);
        await pause(every);
        before = s;
        s = screen();
      }
      return { screen: s, seen };
    },
    kill: () => { spawnSync('tmux', ['kill-session', '-t', name]); },
  };
}
