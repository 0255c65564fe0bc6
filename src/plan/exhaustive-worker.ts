/**
 * A worker thread of exhaustive search (see exhaustive-threads.ts): for each search it is sent,
 * it takes chunks from the shared counter until none is left, scores each into the shared
 * values with the main thread's code (exhaustive-chunks.ts), and counts it done. An error is
 * sent back through the search's port and flagged in the control array, which also stops the
 * other threads taking chunks.
 */
import { parentPort } from 'node:worker_threads';
import { chunkScratch, scoreChunkSteps, type ChunkJob } from './exhaustive-chunks.js';
import type { WorkerJob } from './exhaustive-threads.js';
import { parseObjective } from './objective.js';
import { Scorer } from './scores.js';
import { finish } from './steps.js';

// Slots of the control array (as in exhaustive-threads.ts).
const NEXT = 0;
const DONE = 1;
const SCORED = 2;
const FAILED = 3;
const STARTED = 4;

function run(w: WorkerJob): void {
  const { control } = w;
  let started = false;
  try {
    const scorer = new Scorer(parseObjective(w.objective.text, w.objective.options), w.settings, w.costs);
    const job: ChunkJob = {
      data: w.data, rules: w.rules, weights: w.weights, scorer, minSize: w.minSize, maxSize: w.maxSize,
      useTransform: w.useTransform, lowBits: w.lowBits,
    };
    const scratch = chunkScratch(job);
    Atomics.add(control, STARTED, 1);
    started = true;
    Atomics.notify(control, DONE);
    const tell = (k: number) => {
      Atomics.add(control, SCORED, k);
    };
    for (let c = Atomics.add(control, NEXT, 1); c < w.chunks; c = Atomics.add(control, NEXT, 1)) {
      finish(scoreChunkSteps(job, c, scratch, w.values, tell));
      Atomics.add(control, DONE, 1);
      Atomics.notify(control, DONE);
    }
  } catch (err) {
    // One line: the search's error message quotes it.
    w.port.postMessage((err instanceof Error ? err.message : String(err)).split('\n')[0]);
    Atomics.store(control, NEXT, w.chunks);
    Atomics.store(control, FAILED, 1);
    if (!started) Atomics.add(control, STARTED, 1);
    Atomics.notify(control, DONE);
  } finally {
    w.port.close();
  }
}

parentPort?.on('message', run);
