/**
 * The TUI's loading screen: drawn on the alternate screen from the first moment, before the
 * inputs are read and before Ink (which takes about a second to import) is loaded, then redrawn
 * as each file is read (loadCorpus's onRead) and as each step of the model begins. Plain
 * writes, no Ink or React: the screen is up while they load (and this module imports nothing
 * heavy). The lines are a pure function.
 */
import { basename } from 'node:path';
import type { BytesProgress, ReadProgress } from '../../src/formats/load.js';
import { BYTES_PROGRESS_FROM, progressLine } from '../progress.js';

export interface LoadingState {
  /** Files read so far, of all of them, and the items (gold and predicted spans) they held. */
  files: number;
  total: number;
  items: number;
  /** The file being read, while files are read. */
  reading?: string;
  /** How much of it is read, once a first chunk of a large file is: `120 of 954 MiB`. */
  readingBytes?: string;
  /** The same as MiB read of the file's size, for a bar (absent for a stream, whose size is not known). */
  readingMiB?: { done: number; total: number };
  /** What is being computed once every file is read. */
  step?: string;
}

/** The loading screen's lines, each within `columns`. */
export function loadingLines(s: LoadingState, columns: number): string[] {
  const w = Math.max(10, columns - 1);
  const cut = (l: string) => (l.length <= w ? l : `${l.slice(0, w - 1)}…`);
  const lines = [
    'complan: Loading',
    '',
    progressLine('files', s.files, s.total, Math.max(5, Math.min(30, w - 30))),
    `${s.files} of ${s.total} files read, ${s.items.toLocaleString('en-US')} items`,
  ];
  if (s.step !== undefined) lines.push(`${s.step}…`);
  else if (s.reading !== undefined) {
    lines.push(`reading ${s.reading}…${s.readingBytes === undefined ? '' : ` ${s.readingBytes}`}`);
    // A large file moves the files bar only once read: its own bar moves meanwhile.
    if (s.readingMiB !== undefined) lines.push(progressLine('MiB  ', s.readingMiB.done, s.readingMiB.total, Math.max(5, Math.min(30, w - 30))));
  }
  return lines.map(cut);
}

/** A screen the loading lines are drawn on: the terminal's alternate screen, say. */
export interface LoadingSink {
  columns: number;
  draw: (lines: readonly string[]) => void;
}

export interface LoadingScreen {
  /** loadCorpus's onRead. */
  read: (p: ReadProgress) => void;
  /** loadCorpus's onBytes: how far into a file. */
  bytes: (p: BytesProgress) => void;
  /** buildModel's onStep, and any later step (by name). */
  step: (name: string) => void;
  state: () => LoadingState;
}

/**
 * Draws the loading screen at once (nothing read yet, the first file named) and on every report.
 * @param files the input files in the order loadCorpus reads them (the gold standard first).
 */
export function startLoadingScreen(sink: LoadingSink, files: readonly string[]): LoadingScreen {
  let state: LoadingState = { files: 0, total: files.length, items: 0, reading: files[0] === undefined ? undefined : basename(files[0]) };
  const draw = () => sink.draw(loadingLines(state, sink.columns));
  // Files read on worker threads are reported as they finish, not in input order: the file being
  // read is the first one, in input order, not reported yet.
  const read = new Set<string>();
  draw();
  return {
    read: (p) => {
      read.add(p.path);
      const next = files.find((f) => !read.has(f));
      state = { ...state, files: p.done, total: p.total, items: state.items + p.items, reading: next === undefined ? undefined : basename(next), readingBytes: undefined, readingMiB: undefined };
      draw();
    },
    bytes: (p) => {
      // A small file is read in a moment: its MiB (`0 of 0 MiB`) would only flicker, as on the CLI.
      if ((p.size ?? p.bytes) < BYTES_PROGRESS_FROM) return;
      const whole = (b: number) => Math.floor(b / 2 ** 20);
      const mib = (b: number) => whole(b).toLocaleString('en-US');
      const shown = p.size === undefined ? `${mib(p.bytes)} MiB` : `${mib(p.bytes)} of ${mib(p.size)} MiB`;
      const readingMiB = p.size === undefined ? undefined : { done: whole(p.bytes), total: Math.max(1, whole(p.size)) };
      state = { ...state, reading: basename(p.path), readingBytes: shown, readingMiB };
      draw();
    },
    step: (name) => {
      state = { ...state, reading: undefined, step: name };
      draw();
    },
    state: () => state,
  };
}
