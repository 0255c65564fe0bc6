/**
 * A progress bar on stderr for long work: drawn only when stderr is a terminal,
 * redrawn at most ten times a second, and erased when the work ends, so piped output and logs
 * never see it.
 */
import type { Io } from './io.js';

export interface Progress {
  update(phase: string, done: number, total: number): void;
  /** Erases the bar. */
  end(): void;
}

const WIDTH = 30;

/** The bar's text for a phase at done/total (pure: tested). */
export function progressLine(phase: string, done: number, total: number, width = WIDTH): string {
  const share = total > 0 ? Math.min(1, done / total) : 1;
  const full = Math.round(share * width);
  return `${phase} [${'#'.repeat(full)}${'.'.repeat(width - full)}] ${Math.floor(share * 100)}% ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`;
}

/** A progress bar when stderr is a terminal, else one that does nothing. */
export function createProgress(io: Io, now: () => number = () => performance.now()): Progress {
  if (io.stderrIsTTY !== true) return { update: () => {}, end: () => {} };
  let last = -Infinity;
  let shown = 0;
  return {
    update(phase, done, total) {
      const t = now();
      if (t - last < 100 && done < total) return;
      last = t;
      const line = progressLine(phase, done, total);
      io.stderr(`\r${line}${' '.repeat(Math.max(0, shown - line.length))}`);
      shown = line.length;
    },
    end() {
      if (shown > 0) io.stderr(`\r${' '.repeat(shown)}\r`);
      shown = 0;
    },
  };
}
