/**
 * Reading system files in parallel: {@link loadCorpus} hands a tail of its system files to
 * worker threads, which read them while it reads the first ones itself.
 *
 * Each worker is the loader itself (load-worker.ts). With a gold file it starts up while the
 * main thread reads the gold, and is then handed the gold as columns (gold-handoff.ts), or told
 * to read it itself when columns cannot carry it (text with character offsets); with the first
 * system's embedded gold as the reference it reads that again on its own. It then reads and
 * aligns its files exactly as the main thread would, so every result, warning and error is the
 * one a sequential load gives. Spans come back as columns (span-columns.ts) whose buffers are
 * transferred, not cloned object by object; those that are the gold's own objects as the gold
 * span's index.
 *
 * {@link loadCorpus} is synchronous, and stays so: the main thread waits for its workers with
 * `Atomics.wait` on a shared counter the workers bump after each message, and reads their
 * messages with `receiveMessageOnPort`, so no event loop turn is needed. Workers report each file
 * read (for {@link LoadOptions.onRead}) as they go.
 *
 * Files go to workers only when they are worth a thread: regular CoNLL or JSONL files (not
 * standard input, directories or BRAT), with enough work to share out next to the gold standard
 * each worker is handed or reads again (see {@link parallelInternals}: in practice many system
 * files, or large ones, beside the gold); the main thread keeps the first files (so an error it
 * meets is always the first in input order), the workers take the rest in contiguous runs of
 * about equal work.
 *
 * The worker entry is load-worker.js beside this module in the build, started by a small script
 * that reports an entry that fails to load. Run from the TypeScript
 * sources (as under vitest, whose transform does not reach worker threads), the worker is started
 * with a module hook that compiles `.ts` files with the TypeScript compiler (a development
 * dependency) and resolves the sources' `.js` imports to their `.ts` files: the same code runs in
 * the worker as in the main thread, with no build step.
 */
import { availableParallelism } from 'node:os';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { InputError, UsageError } from '../errors.js';
import type { InputFormat, Span, SystemOutput } from '../model/corpus.js';
import { fromColumns, type SpanColumns } from '../model/span-columns.js';
import { inputKind } from './source.js';
import { checkHeapRoom, type FilePart } from './lines.js';
import type { InputSpec, LoadOptions } from './load.js';
import { spanObjectsBytes, type ReferencePart } from './reference.js';
import type { GoldBuilder } from './gold-builder.js';
import { goldPartOf, spansWithShared, type HandedGold } from './gold-handoff.js';
import { recordTypes, type TypePlace } from './unknown-types.js';
import type { ReadSummary } from './segment.js';

/**
 * Switches. The work of a system file is its size, times {@link JSONL_WORK} for JSONL. Everything
 * is read on the main thread when the system files' work is under `minBytes` (starting a worker
 * costs more than it saves on small inputs: see docs/performance.md) or when a worker's share
 * would be under `handoffShare` times the size of the gold file it is handed, or `goldShare`
 * times the size of a reference it must read again (reading a gold standard costs about eight
 * times what reading a CoNLL system file verified against it does). Handed the gold, a worker
 * still starts cold, makes its own reference of the gold's columns, learns the expected
 * sentences again (see expected.ts), and its spans must be made objects on the main thread: on
 * 1M-token corpora with gold-sized CoNLL files it pays from about 16 systems on (2 threads).
 * `workers` caps the worker threads (default: one less than the cores); `started` counts the
 * workers started, `handedOff` the golds handed to workers; `entry` replaces the worker's entry
 * module (a URL).
 */
export const parallelInternals = {
  minBytes: 24 << 20, goldShare: 16, handoffShare: 8, workers: -1, started: 0, handedOff: 0, entry: undefined as string | undefined,
  /**
   * How long the main thread waits for a word from a worker before giving up on it. A worker
   * reports every 4 MiB it reads, well under a second apart; one that has died (out of memory,
   * killed) says nothing, and without an event loop the main thread would never hear of its exit.
   */
  stallMs: 60_000,
};

/**
 * How much more a byte of JSONL costs to read than a byte of CoNLL verified against the gold:
 * with token arrays compared as text, about 100 MiB/s against about 140 MiB/s (30 synthetic
 * systems of 250,000 tokens, the gold's reading left out: docs/performance.md).
 */
export const JSONL_WORK = 1.5;

/** What a worker is given. */
export interface WorkerTask {
  /** The load options without `onRead`, `systems` being the reference (when no gold) and the worker's files. */
  options: Omit<LoadOptions, 'onRead'>;
  verifyInPlace: boolean;
  /** Whether to report the bytes read of each of its files (not of the reference, which the main thread reads too). */
  bytes: boolean;
  port: MessagePort;
  signal: Int32Array;
  /** Read this part of the reference file instead, and send it back (see load-split.ts). */
  part?: FilePart;
  /**
   * Wait for the gold standard from the main thread (a {@link MainMessage} on `port`) rather than
   * read it: `inbox[0]` is bumped after each message the main thread sends, `inbox[1]` set when
   * the load stops.
   */
  goldFromMain?: boolean;
  inbox?: Int32Array;
}

/** Messages to a worker waiting for the gold: the gold as columns, or word to read the gold file itself. */
export type MainMessage = { kind: 'gold'; gold: HandedGold } | { kind: 'read-gold' };

/** A system output as it travels back: its spans as columns. */
export type SystemColumns = Omit<SystemOutput, 'spans'> & {
  columns: SpanColumns;
  /** With a gold handed over: for each span, the index of the gold span it is, or -1 (see gold-handoff.ts). */
  shared?: Int32Array;
  /** Where the first item of each type of the system's own spans stands (see unknown-types.ts). */
  places?: ReadonlyMap<string, TypePlace>;
};

/** An error as it travels back. */
export interface ErrorInfo {
  kind: 'input' | 'usage' | 'other';
  message: string;
  detail?: string;
  file?: string;
  line?: number;
  template?: string;
  param?: string;
}

/** Messages from a worker. */
export type WorkerMessage =
  | { kind: 'read'; path: string; items: number }
  | { kind: 'bytes'; path: string; bytes: number }
  | { kind: 'done'; systems: SystemColumns[] }
  | { kind: 'part'; part: ReferencePart }
  | { kind: 'error'; error: ErrorInfo };

export function errorInfo(err: unknown): ErrorInfo {
  if (err instanceof InputError) return { kind: 'input', message: err.message, detail: err.detail, file: err.file, line: err.line, template: err.template };
  if (err instanceof UsageError) return { kind: 'usage', message: err.message, param: err.param, template: err.template };
  return { kind: 'other', message: err instanceof Error ? err.message : String(err) };
}

export function errorOf(info: ErrorInfo): Error {
  if (info.kind === 'input') return new InputError(info.detail!, info.file, info.line, { template: info.template });
  if (info.kind === 'usage') return new UsageError(info.message, { param: info.param, template: info.template });
  return new Error(info.message);
}

/** The workers reading a tail of the system files. */
export interface ParallelRead {
  /** The system files the main thread reads (the first ones), the others being the workers'. */
  readonly mainCount: number;
  /** Reports the files workers have read so far, without waiting (between the main thread's files). */
  poll(onRead: (path: string, items: number) => void): void;
  /** Waits for every worker; their systems in input order. Throws the first error in input order. */
  collect(onRead: (path: string, items: number) => void): SystemOutput[];

  /** Stops the workers (after an error on the main thread). */
  stop(): void;

  /** Hands the gold standard, read and finished, to the workers that wait for it (when they do). */
  handOff(gold: GoldBuilder, summary: ReadSummary): void;
}

/** The work of each file (see {@link parallelInternals}), or undefined when one may not go to a worker. */
function sizes(specs: readonly InputSpec[], formatOf: (path: string) => InputFormat): number[] | undefined {
  const out: number[] = [];
  for (const s of specs) {
    if (inputKind(s.path) !== 'file') return undefined;
    const format = formatOf(s.path);
    if (format === 'brat') return undefined;
    out.push(statSync(s.path).size * (format === 'jsonl' ? JSONL_WORK : 1));
  }
  return out;
}

/**
 * Starts workers for a tail of `opts.systems` when that is worth it; undefined otherwise (and
 * whenever anything about the inputs is unusual, which the sequential load then reports).
 * `first` is the number of leading systems that must stay on the main thread (the reference
 * system when there is no gold file).
 */
export function startParallel(opts: LoadOptions, first: number, formatOf: (path: string) => InputFormat, verifyInPlace: boolean, onBytes?: (path: string, bytes: number) => void): ParallelRead | undefined {
  const cores = availableParallelism();
  const max = parallelInternals.workers >= 0 ? parallelInternals.workers : cores - 1;
  const candidates = opts.systems.slice(first);
  if (max < 1 || candidates.length < 2) return undefined;
  if (opts.gold !== undefined && inputKind(opts.gold) !== 'file') return undefined;
  let sized: number[] | undefined;
  try {
    sized = sizes(opts.systems, formatOf);
  } catch {
    return undefined;
  }
  if (sized === undefined) return undefined;
  const own = sized.slice(first);
  const total = own.reduce((a, b) => a + b, 0);
  if (total < parallelInternals.minBytes) return undefined;
  let reference: number;
  try {
    reference = statSync(opts.gold ?? opts.systems[0].path).size;
  } catch {
    return undefined;
  }
  // A CoNLL or JSONL gold file is handed to the workers once read (gold-handoff.ts); the first
  // system's embedded gold each worker reads again.
  const handoff = opts.gold !== undefined && formatOf(opts.gold) !== 'brat';
  const share = handoff ? parallelInternals.handoffShare : parallelInternals.goldShare;
  // Threads share the files in contiguous runs of about equal size; the main thread's run first.
  const threads = Math.min(max + 1, candidates.length, Math.floor(total / Math.max(1, share * reference)));
  if (threads < 2) return undefined;
  const cuts: number[] = [];
  let acc = 0;
  let k = 0;
  for (let t = 1; t < threads; t++) {
    while (k < own.length && acc + own[k] / 2 < (total * t) / threads) acc += own[k++];
    cuts.push(Math.max(k, (cuts[cuts.length - 1] ?? 0) + 1));
  }
  const mainCount = first + cuts[0];
  const groups: InputSpec[][] = [];
  for (let t = 0; t < cuts.length; t++) {
    const group = candidates.slice(cuts[t], t + 1 < cuts.length ? cuts[t + 1] : candidates.length);
    if (group.length > 0) groups.push(group);
  }
  if (groups.length === 0) return undefined;
  const signal = new Int32Array(new SharedArrayBuffer(4));
  const inbox = handoff ? new Int32Array(new SharedArrayBuffer(8)) : undefined;
  const referenceSpec = opts.gold === undefined ? [opts.systems[0]] : [];
  const { onRead: _, onBytes: __, ...rest } = opts;
  /** The main thread's gold spans, once handed over: a worker's spans that are the gold's become these objects. */
  let goldSpans: readonly Span[] | undefined;
  const running = groups.map((group) => {
    const { port1, port2 } = new MessageChannel();
    const task: WorkerTask = {
      options: { ...rest, systems: [...referenceSpec, ...group] }, verifyInPlace, bytes: opts.onBytes !== undefined, port: port2, signal,
      ...(inbox === undefined ? {} : { goldFromMain: true, inbox }),
    };
    const worker = startWorker(task);
    parallelInternals.started++;
    return { worker, port: port1, group, result: undefined as SystemOutput[] | undefined, error: undefined as Error | undefined, done: false };
  });
  const stop = () => {
    if (inbox !== undefined) {
      Atomics.store(inbox, 1, 1);
      Atomics.notify(inbox, 0);
    }
    for (const r of running) {
      r.port.close();
      void r.worker.terminate();
    }
  };
  /** Takes every message waiting; progress goes to `onRead`. */
  const drain = (onRead: (path: string, items: number) => void) => {
    for (const r of running) {
      for (let m = receiveMessageOnPort(r.port); m !== undefined; m = receiveMessageOnPort(r.port)) {
        const msg = m.message as WorkerMessage;
        if (msg.kind === 'read') onRead(msg.path, msg.items);
        else if (msg.kind === 'bytes') onBytes?.(msg.path, msg.bytes);
        else if (msg.kind === 'done') {
          r.done = true;
          // Their spans become objects here: too many for the heap is one clear line, not V8 aborting half way.
          if (msg.systems.length > 0) {
            let need = 0;
            for (const { columns, shared } of msg.systems) need += spanObjectsBytes(columns, shared !== undefined && goldSpans !== undefined ? shared : undefined);
            const what = msg.systems.length === 1 ? 'its items, read on another thread,' : `the items of ${msg.systems.length} systems read on another thread`;
            checkHeapRoom(msg.systems[0].source, need, what);
          }
          // In the key order of the main thread's outputs, so that they serialise alike.
          r.result = msg.systems.map(({ columns, shared, places, name, source, format, scheme, warnings, ...more }) => {
            const system: SystemOutput = { name, source, format, scheme, spans: shared !== undefined && goldSpans !== undefined ? spansWithShared(columns, shared, goldSpans) : fromColumns(columns), warnings, ...more };
            // The columns' labels are every type the system has, known without a pass over its spans.
            recordTypes(system, columns.labels, places);
            return system;
          });
        } else if (msg.kind === 'error') {
          r.done = true;
          r.error = errorOf(msg.error);
        }
      }
    }
  };
  return {
    mainCount,
    stop,
    poll: drain,
    handOff(gold, summary) {
      if (inbox === undefined) return;
      const part = goldPartOf(gold);
      const message: MainMessage = part === undefined ? { kind: 'read-gold' } : { kind: 'gold', gold: { part, summary } };
      if (part !== undefined) {
        goldSpans = gold.spans;
        parallelInternals.handedOff++;
      }
      for (const r of running) r.port.postMessage(message);
      Atomics.add(inbox, 0, 1);
      Atomics.notify(inbox, 0);
    },
    collect(onRead) {
      try {
        const heard = waitFor(signal, () => {
          drain(onRead);
          // The first error in input order: a worker's files come after those of the workers before it.
          for (const r of running) {
            if (!r.done) break;
            if (r.error !== undefined) throw r.error;
          }
          return running.every((r) => r.done);
        });
        if (!heard) throw new Error(`loading stopped: a loading thread has sent nothing for ${parallelInternals.stallMs / 1000} s (it may have run out of memory)`);
        return running.flatMap((r) => r.result!);
      } finally {
        stop();
      }
    },
  };
}

/**
 * Waits, without an event loop, until `done` (called whenever workers may have sent something:
 * each bumps `signal` after a message) is true; false when no worker sent anything for
 * {@link parallelInternals}.stallMs (one may have died, which the main thread would never hear of).
 */
export function waitFor(signal: Int32Array, done: () => boolean): boolean {
  let last = -1;
  let since = performance.now();
  for (;;) {
    const seen = Atomics.load(signal, 0);
    if (seen !== last) {
      last = seen;
      since = performance.now();
    } else if (performance.now() - since > parallelInternals.stallMs) return false;
    if (done()) return true;
    Atomics.wait(signal, 0, seen, Math.min(1000, parallelInternals.stallMs));
  }
}

/**
 * Starts one worker on `task`, from the build or, run from the sources, through the TypeScript
 * hook. A small script starts it, so that an entry that fails to load is reported as an error
 * message like any other (the main thread, waiting without an event loop, would never hear of
 * the worker's error event).
 */
export function startWorker(task: WorkerTask): Worker {
  const here = import.meta.url;
  const fromSources = here.endsWith('.ts');
  const entry = parallelInternals.entry ?? new URL(fromSources ? './load-worker.ts' : './load-worker.js', here).href;
  // Dynamic imports only: the script runs as CommonJS, or as a module when the process was
  // started with --input-type=module (a worker inherits the process's options), and both have them.
  const steps = ["const { workerData } = await import('node:worker_threads');", 'try {'];
  if (fromSources) {
    const typescript = pathToFileURL(createRequire(here).resolve('typescript')).href;
    steps.push(
      "const { register } = await import('node:module');",
      `register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(TS_HOOKS)}), { data: { typescript: ${JSON.stringify(typescript)} } });`,
    );
  }
  steps.push(
    `  await import(${JSON.stringify(entry)});`,
    '} catch (err) {',
    "  workerData.port.postMessage({ kind: 'error', error: { kind: 'other', message: 'a loading thread failed to start: ' + (err && err.message) } });",
    '  Atomics.add(workerData.signal, 0, 1);',
    '  Atomics.notify(workerData.signal, 0);',
    '}',
  );
  const script = `(async () => {\n${steps.join('\n')}\n})();`;
  return new Worker(script, { workerData: task, transferList: [task.port], eval: true });
}

/**
 * Module hooks for a worker run from the sources: `.ts` files compiled by TypeScript's
 * transpileModule (types dropped, nothing checked: the sources are type-checked on their own),
 * and a `.js` import from a `.ts` file resolved to the `.ts` file beside it when there is no `.js`.
 */
const TS_HOOKS = `
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
let ts;
export async function initialize(data) { ts = (await import(data.typescript)).default; }
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (err) {
    if (specifier.endsWith('.js') && context.parentURL !== undefined && context.parentURL.endsWith('.ts')) {
      return next(specifier.slice(0, -3) + '.ts', context);
    }
    throw err;
  }
}
export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const file = fileURLToPath(url);
  const source = await readFile(file, 'utf8');
  const out = ts.transpileModule(source, {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: false },
  });
  return { format: 'module', source: out.outputText, shortCircuit: true };
}
`;
