/**
 * Progress on stderr for long work (reading the inputs, searching, held-out splits). On a
 * terminal, a bar redrawn at most ten times a second and erased when the work ends, so piped
 * output never sees it. `--progress` forces it where stderr is not a terminal (a log, a CI job):
 * then one line a second at most, and one as each phase completes (once, however often it is told).
 */
import { basename } from 'node:path';
import type { BytesProgress, ReadProgress } from '../src/formats/load.js';
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

/**
 * The bar's text within `columns` (pure: tested): a line as long as the terminal or longer
 * wraps, and the carriage return that redraws it goes back to its last row only, leaving the rest
 * on the screen. The bar narrows first (to ten cells), then the phase gives up characters to `…`:
 * from the part before its last clause first (a file name: `re…ll; 169,440 items in all:`),
 * then all of that part (`…169,440 items in all:`), then from its middle.
 */
export function fittedProgressLine(phase: string, done: number, total: number, columns: number): string {
  const room = Math.max(20, columns - 1);
  const bare = progressLine(phase, done, total, 0).length;
  const line = progressLine(phase, done, total, Math.max(10, Math.min(WIDTH, room - bare)));
  if (line.length <= room) return line;
  // What the phase may keep, less the `…`. Its last clause (from the last `; ` or `, `: a count,
  // a unit) is kept whole while the part before it can give up the characters; else a third
  // comes from the phase's start and the rest from its end.
  const keep = phase.length - (line.length - room) - 1;
  if (keep >= 4) {
    const sep = Math.max(phase.lastIndexOf('; '), phase.lastIndexOf(', '));
    const first = sep > 0 && keep - (phase.length - sep) >= 1 ? sep : phase.length;
    const fromStart = first < phase.length ? Math.ceil((keep - (phase.length - first)) / 2) : Math.max(1, Math.floor(keep / 3));
    // The last clause alone, when the part before it cannot give up enough: the count and unit stay.
    const clause = sep > 0 ? phase.slice(sep + 2) : '';
    const cut = first === phase.length && clause !== '' && clause.length <= keep
      ? `…${clause}`
      : `${phase.slice(0, fromStart)}…${phase.slice(fromStart + (phase.length - keep))}`;
    const shorter = progressLine(cut, done, total, 10);
    if (shorter.length <= room) return shorter;
  }
  const shortest = progressLine(`${phase.slice(0, 1)}…`, done, total, 10);
  return shortest.length <= room ? shortest : `${shortest.slice(0, room - 1)}…`;
}

/** The progress that shows nothing: callers may skip making its phases' text. */
export const NO_PROGRESS: Progress = { update: () => {}, end: () => {} };

/**
 * A progress bar when stderr is a terminal; progress lines when `force` is set and it is not;
 * else {@link NO_PROGRESS}.
 */
export function createProgress(io: Io, now: () => number = () => performance.now(), force = false): Progress {
  if (io.stderrIsTTY !== true) return force ? progressLines(io, now) : NO_PROGRESS;
  let last = -Infinity;
  let shown = 0;
  const bar: Progress = {
    update(phase, done, total) {
      const t = now();
      if (t - last < 100 && done < total) return;
      last = t;
      const line = fittedProgressLine(phase, done, total, io.stderrColumns ?? io.columns ?? 80);
      io.stderr(`\r${line}${' '.repeat(Math.max(0, shown - line.length))}`);
      shown = line.length;
      drawn.add(bar);
    },
    end() {
      if (shown > 0) io.stderr(`\r${' '.repeat(shown)}\r`);
      shown = 0;
      drawn.delete(bar);
    },
  };
  return bar;
}

/** The bars on the terminal now (drawn and not yet erased). */
const drawn = new Set<Progress>();

/**
 * Erases every bar still drawn: called before an error is written, which would otherwise
 * continue the bar's row (`… 100% 38/38complan: sys.conll:…`) when the work stopped half way.
 */
export function endAllProgress(): void {
  for (const bar of [...drawn]) bar.end();
}

/** Progress as lines, for a stderr that is not a terminal: one a second at most, and one as a phase completes. */
function progressLines(io: Io, now: () => number): Progress {
  let last = -Infinity;
  // The line last written: a phase reported complete twice (as a search and then as its end) is written once.
  let written = '';
  return {
    update(phase, done, total) {
      const t = now();
      const complete = done >= total;
      if (!complete && t - last < 1000) return;
      const line = `complan: ${phase} ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}${complete ? ' (done)' : ''}\n`;
      if (line === written) return;
      last = t;
      written = line;
      io.stderr(line);
    },
    end() {},
  };
}

/**
 * loadCorpus's onRead for a progress display: one step per file, naming the file just read and
 * the items of all the files read so far (not that file's alone, which the wording makes plain);
 * the display is ended with the last file.
 */
export function readingProgress(progress: Progress): (p: ReadProgress) => void {
  let items = 0;
  return (p) => {
    items += p.items;
    progress.update(`read ${basename(p.path)}; ${items.toLocaleString('en-US')} items in all:`, p.done, p.total);
    if (p.done >= p.total) progress.end();
  };
}

/** Files (or streams) below this size show no progress within them: they are read in a moment. */
export const BYTES_PROGRESS_FROM = 16 << 20;

/**
 * loadCorpus's onBytes for a progress display: within a large file (from
 * {@link BYTES_PROGRESS_FROM} bytes), the MiB read of its size (or read so far, from a stream),
 * between the steps of {@link readingProgress}.
 */
export function bytesProgress(progress: Progress): (p: BytesProgress) => void {
  const mib = (b: number) => Math.floor(b / 2 ** 20);
  return (p) => {
    if ((p.size ?? p.bytes) < BYTES_PROGRESS_FROM) return;
    if (p.size !== undefined) progress.update(`reading ${basename(p.path)} (file ${p.done + 1} of ${p.total}), MiB:`, mib(p.bytes), Math.max(1, mib(p.size)));
    else progress.update(`reading ${basename(p.path)}, ${mib(p.bytes).toLocaleString('en-US')} MiB so far:`, p.done, p.total);
  };
}
