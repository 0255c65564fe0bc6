/**
 * Exhaustive search on several threads: the chunks of exhaustive-chunks.ts (disjoint ranges of
 * member sets, by their high bits) are handed out one at a time from a shared counter to the
 * main thread and to worker threads, which all write the values of their chunks into one
 * shared array indexed by (rule, member set). The caller records them in the store afterwards
 * in its own fixed order, so the result does not depend on which thread scored what.
 *
 * Sharing: the read-only inputs (member patterns, and for typed rules or substitutions the
 * boundaries and item masks) are copied once per search into SharedArrayBuffers that every
 * thread reads; the values array and a small control array (next chunk, chunks done, candidates
 * scored, failure) are shared too. Nothing is copied per candidate, and no message is exchanged
 * per chunk.
 *
 * Waiting: the search stays synchronous (plan() is a synchronous function, and the TUI runs it
 * in slices): once the main thread has no chunk left to take, it waits on the control array
 * with Atomics.wait in short steps, reporting progress and pausing (yield) between them. A
 * worker that throws reports the error through a message port and the search throws it; a
 * worker that never starts takes no chunk, so the others do its share; a worker that stops
 * without a word is noticed when nothing moves for {@link STALL_MS}.
 *
 * Workers are kept in a small pool across searches (a plan searches once more in every fold)
 * and do not keep the process alive (unref).
 *
 * The worker's file: exhaustive-worker.js beside this module once compiled (dist/src/plan/, what
 * the command and the package run). Under vitest this module is the TypeScript source, which a
 * worker thread cannot load, so the compiled worker of dist/ is used (`npm run build`, run by
 * `npm install`, makes it); without it, the search runs on the main thread alone.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { isBinaryRule, type Rule } from '../ensemble/rules.js';
import type { ScoringData, VoteWeights } from './engine.js';
import { chunkScratch, scoreChunkSteps, type ChunkJob } from './exhaustive-chunks.js';
import { objectiveSource, type ObjectiveOptions } from './objective.js';
import type { Scorer, ScoreSettings } from './scores.js';
import type { Steps } from './steps.js';

import { MAX_DEFAULT_THREADS, MAX_THREADS } from './thread-limits.js';

export { MAX_DEFAULT_THREADS, MAX_THREADS };

/** The default number of threads of an exhaustive search: the available parallelism, 1 to {@link MAX_DEFAULT_THREADS}. */
export function defaultThreads(): number {
  return Math.max(1, Math.min(MAX_DEFAULT_THREADS, availableParallelism()));
}

/**
 * A run's exhaustive searches stay on the main thread while their work, all together, is under
 * this many binary candidates' worth ({@link candidateWork}; a binary candidate costs 0.5–1.5 µs
 * on one thread at a million tokens). A worker takes 50–85 ms to start and answer (busy machine;
 * see docs/performance.md) and then runs its code cold: the twelve CoNLL-2003 systems' one search
 * under the four base rules (about 127,000 candidates' worth, most of it `vote`) took 1.10–1.19 s
 * on one thread and 1.12–1.53 s with a worker, while the whole default plan, six such searches,
 * took a median 2.09 s on one thread and 1.75 s with one. So a run needs about three times the
 * work of one search of 65,536 binary candidates (16 systems under three binary rules stay, under
 * four go; with held-out folds, under one).
 */
export const PARALLEL_MIN_WORK = 3 * 65536;

/** Nothing scored and no chunk done for this long while waiting on workers: one stopped. */
export const STALL_MS = 60000;

// Slots of the control array (the worker's are the same).
const NEXT = 0;
const DONE = 1;
const SCORED = 2;
const FAILED = 3;
const STARTED = 4;

/** What a worker is sent for one search. */
export interface WorkerJob {
  control: Int32Array;
  values: Float64Array;
  data: ScoringData;
  rules: readonly Rule[];
  weights: ReadonlyArray<VoteWeights | undefined>;
  objective: { text: string; options: ObjectiveOptions };
  settings: ScoreSettings;
  costs: Float64Array;
  minSize: number;
  maxSize: number;
  useTransform: boolean;
  lowBits: number;
  chunks: number;
  port: MessagePort;
}

/** The compiled worker's path, or undefined when there is none (see the module comment). */
export function workerFile(): string | undefined {
  const here = fileURLToPath(import.meta.url);
  const file = here.endsWith('.ts')
    ? join(resolve(dirname(here), '../..'), 'dist/src/plan/exhaustive-worker.js')
    : join(dirname(here), 'exhaustive-worker.js');
  return existsSync(file) ? file : undefined;
}

const pool: Worker[] = [];

/** `count` workers from the pool, started as needed. */
function workers(file: string, count: number): Worker[] {
  while (pool.length < count) {
    const w = new Worker(file);
    w.unref();
    const drop = () => {
      const at = pool.indexOf(w);
      if (at >= 0) pool.splice(at, 1);
    };
    // A worker that fails outside a search, or exits, leaves the pool; a search never waits on it.
    w.on('error', drop);
    w.on('exit', drop);
    pool.push(w);
  }
  return pool.slice(0, count);
}

/** Ends the pool's workers (tests; a process that ends needs not). */
export async function stopWorkers(): Promise<void> {
  const all = pool.splice(0, pool.length);
  await Promise.all(all.map((w) => w.terminate()));
}

function shared<T extends Int32Array | Uint8Array>(a: T): T {
  const buffer = new SharedArrayBuffer(a.byteLength);
  const out = new (a.constructor as new (b: SharedArrayBuffer) => T)(buffer);
  out.set(a);
  return out;
}

/** The scoring data in shared memory: what the job's rules and objective read, empty arrays for the rest. */
export function sharedScoringData(job: Pick<ChunkJob, 'data' | 'rules' | 'scorer'>): ScoringData {
  const d = job.data;
  const typed = job.rules.some((r) => !isBinaryRule(r));
  const slots = job.scorer.withSlots && job.rules.some((r) => isBinaryRule(r));
  const none = new Int32Array(0);
  // Exhaustive search runs with at most 30 systems, where every high word is 0 and never read.
  const p = d.patterns;
  const vp = d.votePatterns;
  const boundaryData = typed || slots;
  return {
    n: d.n, goldSize: d.goldSize, labels: [...d.labels], rank: shared(d.rank), boundaries: d.boundaries,
    patterns: { mask: shared(p.mask), maskHi: none, gold: shared(p.gold), neg: shared(p.neg), count: p.count },
    votePatterns: typed
      ? { mask: shared(vp.mask), maskHi: none, label: shared(vp.label), gold: shared(vp.gold), neg: shared(vp.neg), sub: shared(vp.sub), count: vp.count }
      : { mask: none, maskHi: none, label: none, gold: none, neg: none, sub: none, count: 0 },
    contested: typed ? shared(d.contested) : none,
    bStart: boundaryData ? shared(d.bStart) : none,
    bItems: boundaryData ? shared(d.bItems) : none,
    isGold: boundaryData ? shared(d.isGold) : new Uint8Array(0),
    bGold: boundaryData ? shared(d.bGold) : none,
    voteMask: typed ? shared(d.voteMask) : none,
    voteMaskHi: none,
    bVoteOr: typed ? shared(d.bVoteOr) : none,
    bVoteOrHi: none,
    label: typed ? shared(d.label) : none,
    mask: slots ? shared(d.mask) : none,
    maskHi: none,
    xBoundaries: slots ? shared(d.xBoundaries) : none,
  };
}

/**
 * Whether a search may use the `threads` allowed, given `work`, the work of all the run's
 * searches of its size (in binary candidates' worth: see {@link candidateWork}): not below
 * {@link PARALLEL_MIN_WORK}, for an objective that cannot be sent to a worker (not made by
 * parseObjective), or without the compiled worker. Workers are kept across a run's searches, so
 * their start is shared.
 */
export function threadsFor(scorer: Scorer, work: number, threads: number): number {
  if (threads <= 1 || work < PARALLEL_MIN_WORK) return 1;
  if (objectiveSource(scorer.objective) === undefined || workerFile() === undefined) return 1;
  return threads;
}

/** Nanoseconds a typed vote spends on each vote pattern, contested boundary and contested item. */
const TYPED_NS = 9;
/** Nanoseconds a binary candidate scored without the transform spends on each member pattern, or with a slot-based objective on each X boundary. */
const PASS_NS = 2;

/**
 * What one candidate under a rule costs, in binary candidates' worth: a binary rule's candidate
 * read from the subset transform's histograms is 1. A typed rule's candidate (`vote`,
 * `weighted`) is a pass over the vote patterns and over the contested boundaries and their
 * items, about {@link TYPED_NS} ns each (twelve CoNLL-2003 systems: 3,158 of them, 28 µs a
 * candidate, so about 28). Without the transform a binary candidate is a pass over the member
 * patterns, and a slot-based objective adds one over the X boundaries ({@link PASS_NS} ns each).
 */
export function candidateWork(data: ScoringData, binary: boolean, useTransform: boolean, withSlots: boolean): number {
  if (!binary) {
    let items = 0;
    for (let k = 0; k < data.contested.length; k++) items += data.bStart[data.contested[k] + 1] - data.bStart[data.contested[k]];
    return Math.max(1, (TYPED_NS * (data.votePatterns.count + data.contested.length + items)) / 1000);
  }
  const passes = (useTransform ? 0 : data.patterns.count) + (withSlots ? data.xBoundaries.length : 0);
  return Math.max(1, (PASS_NS * passes) / 1000);
}

/** An array of values for a job: shared between threads when `threads` > 1. */
export function valuesArray(rules: number, n: number, threads: number): Float64Array {
  const length = rules * 2 ** n;
  return threads > 1 ? new Float64Array(new SharedArrayBuffer(8 * length)) : new Float64Array(length);
}

/**
 * Scores the job's `chunks` chunks into `values` (from {@link valuesArray}) on `threads` threads
 * (the main thread and threads − 1 workers), telling `scored` the candidates scored so far now
 * and then. Pauses between pieces of work and while it waits.
 *
 * `meanwhile`, when given, is other work of the caller's that does not depend on the search: the
 * main thread runs it once the workers have their job and before it takes chunks itself, so
 * that it overlaps the workers' chunks instead of following the search (with no worker it
 * simply runs first).
 * @throws Error when a worker fails, or stops.
 */
export function* scoreChunksSteps(job: ChunkJob, chunks: number, threads: number, values: Float64Array, scored: (total: number) => void, meanwhile?: () => Steps<void>): Steps<void> {
  const control = new Int32Array(new SharedArrayBuffer(20));
  const scratch = chunkScratch(job);
  const file = threads > 1 ? workerFile() : undefined;
  const helpers = file === undefined ? [] : workers(file, threads - 1);
  const channels = helpers.map(() => new MessageChannel());
  try {
    if (helpers.length > 0) {
      const data = sharedScoringData(job);
      const source = objectiveSource(job.scorer.objective)!;
      helpers.forEach((w, i) => {
        const port = channels[i].port2;
        const message: WorkerJob = {
          control, values, data, rules: job.rules, weights: job.weights, objective: source,
          settings: job.scorer.settings, costs: job.scorer.costs, minSize: job.minSize, maxSize: job.maxSize,
          useTransform: job.useTransform, lowBits: job.lowBits, chunks, port,
        };
        w.postMessage(message, [port]);
      });
    }
    const failed = () => {
      if (Atomics.load(control, FAILED) === 0) return;
      let text = 'unknown error';
      for (const ch of channels) {
        const m = receiveMessageOnPort(ch.port1);
        if (typeof m?.message === 'string') text = m.message;
      }
      throw new Error(`exhaustive search failed in a worker thread: ${text}`);
    };
    const tell = (k: number) => {
      scored(Atomics.add(control, SCORED, k) + k);
    };
    if (meanwhile !== undefined) {
      yield* meanwhile();
      failed();
    }
    for (let c = Atomics.add(control, NEXT, 1); c < chunks; c = Atomics.add(control, NEXT, 1)) {
      yield* scoreChunkSteps(job, c, scratch, values, tell);
      Atomics.add(control, DONE, 1);
      failed();
    }
    // Every chunk done, and every worker started on this search (so that an error of a worker
    // is always reported, even when the other threads did all the chunks).
    let last = '';
    let since = performance.now();
    for (;;) {
      const done = Atomics.load(control, DONE);
      failed();
      const started = Atomics.load(control, STARTED);
      if (done >= chunks && started >= helpers.length) break;
      const now = Atomics.load(control, SCORED);
      const state = `${done} ${started} ${now}`;
      if (state !== last) {
        last = state;
        since = performance.now();
        scored(now);
      } else if (performance.now() - since > STALL_MS) {
        throw new Error(`exhaustive search stopped: a worker thread has not started or answered for ${STALL_MS / 1000} s`);
      }
      Atomics.wait(control, DONE, done, 20);
      yield;
    }
  } finally {
    // Stopped early (an error, or the caller stopped the search): no chunk is taken any more.
    Atomics.store(control, NEXT, chunks);
    // A worker might still report; the ports close with the search.
    for (const ch of channels) ch.port1.close();
  }
}
