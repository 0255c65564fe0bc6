/**
 * Reading one large reference file on every core: the file is cut into parts at sentence
 * boundaries, worker threads read every part but the first, and the main thread reads the first
 * while they work; each worker sends its part back as columns (reference.ts), which the main
 * thread adds after its own, so the corpus is the one a single pass gives.
 *
 * A part starts after a blank line that follows a token line other than a document marker:
 * nothing a reader carries from line to line (a sentence being read, a marker waiting for its
 * sentence) crosses a cut. What does — the columns of the token lines, the numbering of lines —
 * is checked and adjusted where the parts meet. Anything unusual falls back to one pass: when a
 * worker fails (bad input in its part, or anything else) or its lines have other columns, the
 * main thread reads on past its part to the end of the file itself, so every error is the one,
 * on the line, that a single pass meets first.
 *
 * Only regular CoNLL files of at least twice {@link splitInternals}.minBytes are split, read with
 * invalid tags repaired (other modes read the file twice, to detect its scheme first).
 */
import { availableParallelism } from 'node:os';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { MessageChannel, receiveMessageOnPort, type MessagePort, type Worker } from 'node:worker_threads';
import type { InputFormat } from '../model/corpus.js';
import { readListener } from './lines.js';
import { errorOf, parallelInternals, startWorker, waitFor, type WorkerMessage, type WorkerTask } from './load-parallel.js';
import type { LoadOptions } from './load.js';
import type { ReferencePart } from './reference.js';
import { invalidTags, type PartState, type ReadPart } from './segment.js';
import { inputKind } from './source.js';

/**
 * Switches: every part is at least `minBytes`, so smaller files are read in one pass (a worker
 * starts in about 60 ms, and the main thread must still make objects of what it sends); `parts`
 * caps the parts (default: the cores, or one more than `parallelInternals.workers` when that is
 * set); `window` is the bytes searched for a cut, from where the share ends; `started` counts
 * the parts handed to workers; `mainShare` is the main thread's part as a share of an even one.
 */
export const splitInternals = { minBytes: 32 << 20, parts: -1, window: 1 << 20, started: 0, mainShare: 0.95 };

/** A reference file being read in parts. */
export interface SplitRead {
  /** The main thread's part: the file's start up to the first cut (read on to the end when a worker fails). */
  readonly main: ReadPart;
  /** The workers' parts in file order, once the main thread has read its part and every worker succeeded; else undefined. */
  results: Array<ReferencePart | undefined> | undefined;
  /** Stops the workers (done with, or after an error). */
  stop(): void;
}

const DOCSTART = '-DOCSTART-';

/**
 * The first cut at or after byte `from` of the open file `fd` (of `size` bytes): the start of the
 * line after a blank line that follows a token line (not a document marker), searched for in
 * {@link splitInternals}.window bytes; undefined when there is none there.
 */
export function findCut(fd: number, from: number, size: number): number | undefined {
  // From the byte before: a line that starts at `from` is then seen whole.
  const start = Math.max(0, from - 1);
  const length = Math.min(splitInternals.window, size - start);
  if (length <= 0) return undefined;
  const buf = Buffer.allocUnsafe(length);
  const n = readSync(fd, buf, 0, length, start);
  for (let i = buf.indexOf(10); i >= 0 && i < n; i = buf.indexOf(10, i + 1)) {
    // Line end at i: is the next line blank (LF or CRLF), and the line ending here a token line?
    let after = i + 1;
    if (buf[after] === 13) after++;
    if (after >= n || buf[after] !== 10) continue;
    const lineStart = i === 0 ? 0 : buf.lastIndexOf(10, i - 1) + 1;
    if (lineStart === 0 && start > 0) continue; // the line began before the window
    let a = lineStart;
    while (a < i && (buf[a] === 32 || buf[a] === 9)) a++;
    let b = a;
    while (b < i && buf[b] !== 32 && buf[b] !== 9 && buf[b] !== 13) b++;
    if (b === a) continue; // a blank line
    if (buf.toString('latin1', a, b) === DOCSTART) continue;
    const cut = start + after + 1;
    return cut < size ? cut : undefined;
  }
  return undefined;
}

/**
 * Starts reading `path`, the reference of a load, in parts when that is worth it (see the module
 * comment); undefined otherwise. Progress through the file (`readListener`) counts every
 * part's bytes.
 */
export function startSplit(opts: LoadOptions, path: string, format: InputFormat): SplitRead | undefined {
  if (format !== 'conll' || invalidTags(opts) !== 'repair') return undefined;
  const cores = splitInternals.parts > 0 ? splitInternals.parts : parallelInternals.workers >= 0 ? parallelInternals.workers + 1 : availableParallelism();
  let size: number;
  try {
    if (inputKind(path) !== 'file') return undefined;
    size = statSync(path).size;
  } catch {
    return undefined;
  }
  const parts = Math.min(cores, Math.floor(size / splitInternals.minBytes));
  if (parts < 2) return undefined;
  const cuts: number[] = [];
  const fd = openSync(path, 'r');
  try {
    // The main thread's part is a little smaller than the workers': it makes objects where they
    // fill columns, and adds their parts to its own when they are done.
    const first = (splitInternals.mainShare * size) / parts;
    for (let k = 1; k < parts; k++) {
      const at = first + ((size - first) * (k - 1)) / (parts - 1);
      const cut = findCut(fd, Math.max(Math.floor(at), (cuts[cuts.length - 1] ?? 0) + 1), size);
      if (cut !== undefined && cut > (cuts[cuts.length - 1] ?? 0)) cuts.push(cut);
    }
  } finally {
    closeSync(fd);
  }
  if (cuts.length === 0) return undefined;
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const { onRead: _, onBytes: __, ...options } = opts;
  const listening = readListener.onChunk;
  const running = cuts.map((start, k) => {
    const { port1, port2 } = new MessageChannel();
    const task: WorkerTask = { options, verifyInPlace: false, bytes: listening !== undefined, port: port2, signal, part: { start, end: cuts[k + 1] ?? size } };
    splitInternals.started++;
    return { worker: startWorker(task), port: port1, bytes: 0, done: false, result: undefined as ReferencePart | undefined, error: undefined as Error | undefined };
  });
  const drain = () => {
    for (const r of running) {
      for (let m = receiveMessageOnPort(r.port); m !== undefined; m = receiveMessageOnPort(r.port)) {
        const msg = m.message as WorkerMessage;
        if (msg.kind === 'bytes') r.bytes = msg.bytes;
        else if (msg.kind === 'part') {
          r.done = true;
          r.result = msg.part;
        } else if (msg.kind === 'error') {
          r.done = true;
          r.error = errorOf(msg.error);
        }
      }
    }
  };
  const workerBytes = () => running.reduce((n, r) => n + r.bytes, 0);
  // Progress through the file counts the workers' bytes with the main thread's.
  let mainBytes = 0;
  if (listening !== undefined) {
    readListener.onChunk = (p, bytes) => {
      drain();
      if (p === path) mainBytes = bytes;
      listening(p, p === path ? bytes + workerBytes() : bytes);
    };
  }
  let stopped = false;
  const split: SplitRead = {
    results: undefined,
    stop() {
      if (stopped) return;
      stopped = true;
      readListener.onChunk = listening;
      for (const r of running) stopWorker(r.worker, r.port);
    },
    main: {
      start: 0,
      end: cuts[0],
      resume(state: PartState): number {
        const ok = waitFor(signal, () => {
          const before = workerBytes();
          drain();
          if (listening !== undefined && workerBytes() !== before) listening(path, mainBytes + workerBytes());
          return running.every((r) => r.done);
        });
        const columns = state.columns;
        const agree = ok && columns >= 0 && running.every((r) => {
          const theirs = r.result?.summary.columns;
          return r.error === undefined && theirs !== undefined && (theirs < 0 || theirs === columns);
        });
        split.stop();
        if (!agree) return Infinity;
        // Handed over, not kept here too (this object lives as long as the load).
        split.results = running.map((r) => {
          const part = r.result;
          r.result = undefined;
          return part;
        });
        return cuts[0];
      },
    },
  };
  return split;
}

function stopWorker(worker: Worker, port: MessagePort): void {
  port.close();
  void worker.terminate();
}
