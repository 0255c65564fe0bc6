/**
 * Exhaustive search in chunks and on worker threads: the chunked transform gives every member
 * set its histogram, and any number of threads records the same candidates, in the same order,
 * with the same values, as one thread — in the store and in the whole plan.
 *
 * Worker threads run the compiled worker of dist/ (see exhaustive-threads.ts): `npm run build`
 * first, as for the other tests of the build.
 */
import fc from 'fast-check';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { parseRule, type Rule } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../src/formats/load.js';
import type { Corpus } from '../../src/model/corpus.js';
import { popcount } from '../../src/model/bitset.js';
import { buildPlanData } from '../../src/plan/data.js';
import { CHUNK_BITS, CHUNK_BYTES, chunkBits, exhaustive, exhaustiveSteps, TRANSFORM_MAX_SYSTEMS } from '../../src/plan/exhaustive.js';
import { chunkCount, chunkHistogramSteps, chunkScratch } from '../../src/plan/exhaustive-chunks.js';
import { candidateWork, PARALLEL_MIN_WORK, stopWorkers, workerFile } from '../../src/plan/exhaustive-threads.js';
import { objectiveSource, parseObjective, type Objective } from '../../src/plan/objective.js';
import { plan, searchSetup } from '../../src/plan/plan.js';
import { search } from '../../src/plan/search.js';
import { Scorer } from '../../src/plan/scores.js';
import { finish, type Steps } from '../../src/plan/steps.js';
import { makeContext, scoreCandidate, type SearchContext } from '../../src/plan/store.js';
import { corpusArb } from '../helpers/corpus.js';
import { writeManySystems } from '../helpers/many-systems.js';

const ROOT = join(import.meta.dirname, '../..');
const settings = { beta: 1, kAlpha: 1, zeroDivision: 'gerbil' as const };
const ALL_RULES: Rule[] = ['union', 'intersection', 'majority', 'kofn:3', 'vote', 'weighted'].map((r) => parseRule(r));

let corpus: Corpus;
beforeAll(() => {
  const files = writeManySystems(14);
  corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: files.gold, systems: files.systems.map(parseSystemArg) });
});
afterAll(async () => {
  await stopWorkers();
});

function context(c: Corpus, objective: Objective, rules: Rule[], minSize = 1, maxSize = 99): SearchContext {
  const data = buildPlanData(buildEnsembleIndex(c));
  return makeContext(data, rules, new Scorer(objective, settings, Float64Array.from({ length: data.n }, (_, m) => 1 + (m % 3))), minSize, Math.min(maxSize, data.n));
}

/** The store's candidates as lists, values as their bits (NaN included). */
function storeOf(ctx: SearchContext) {
  const { store } = ctx;
  return {
    length: store.length,
    masks: Array.from(store.masks.subarray(0, store.length)),
    rules: Array.from(store.rules.subarray(0, store.length)),
    actual: Array.from(new BigUint64Array(Float64Array.from(store.actual.subarray(0, store.length)).buffer), String),
  };
}

describe('chunk size', () => {
  it('takes the most member sets whose histograms fit in CHUNK_BYTES, up to CHUNK_BITS', () => {
    for (let n = 1; n <= TRANSFORM_MAX_SYSTEMS; n++) {
      const bits = chunkBits(n);
      const bytes = (b: number) => chunkScratch({ data: { n } as never, lowBits: b, useTransform: true }).h.byteLength;
      expect(bits).toBeLessThanOrEqual(CHUNK_BITS);
      expect(bytes(bits)).toBeLessThanOrEqual(CHUNK_BYTES);
      if (bits < CHUNK_BITS) expect(bytes(bits + 1)).toBeGreaterThan(CHUNK_BYTES);
    }
    // 20 systems: chunks of 4,096 sets (688 KB of histograms), 256 of them.
    expect(chunkBits(20)).toBe(12);
    expect(chunkCount({ data: { n: 20 } as never, lowBits: chunkBits(20) })).toBe(256);
  });
});

describe('chunked subset transform', () => {
  it('gives every member set of every chunk its vote-count histogram, whatever the chunk size', () => {
    fc.assert(
      fc.property(corpusArb(2, 6), fc.nat(), (c, pick) => {
        const data = buildPlanData(buildEnsembleIndex(c));
        const n = data.n;
        const lowBits = pick % (n + 1);
        const scratch = chunkScratch({ data, lowBits, useTransform: true });
        const K2 = 2 * (n + 1);
        for (let chunk = 0; chunk < 2 ** (n - lowBits); chunk++) {
          finish(chunkHistogramSteps(data, lowBits, chunk, scratch));
          for (let idx = 0; idx < 2 ** lowBits; idx++) {
            const S = chunk * 2 ** lowBits + idx;
            const want = new Array<number>(K2).fill(0);
            for (let i = 0; i < data.u; i++) want[2 * popcount(data.mask[i] & S) + (data.isGold[i] ? 0 : 1)]++;
            expect(Array.from(scratch.h.subarray(idx * K2, (idx + 1) * K2))).toEqual(want);
          }
        }
      }),
      { numRuns: 60 },
    );
  });
});

describe('exhaustive search on worker threads', () => {
  it('has the compiled worker (npm run build)', () => {
    expect(existsSync(join(ROOT, 'dist/src/plan/exhaustive-worker.js')), 'dist/ is missing: run npm run build').toBe(true);
    expect(workerFile()).toBe(join(ROOT, 'dist/src/plan/exhaustive-worker.js'));
  });

  it('records the same candidates in the same order with the same values as one thread (14 systems, every rule, three objectives)', () => {
    for (const text of ['f1', 'ser', 'f - 0.002*cost']) {
      const one = context(corpus, parseObjective(text), ALL_RULES);
      const many = context(corpus, parseObjective(text), ALL_RULES);
      expect(exhaustive(one, undefined, 1).threads).toBe(1);
      expect(exhaustive(many, undefined, 2).threads).toBe(2);
      expect(many.store.length).toBe((2 ** 14 - 1) * ALL_RULES.length);
      expect(storeOf(many)).toEqual(storeOf(one));
      // The values are those of scoring each candidate on its own (spot checks).
      const alone = context(corpus, parseObjective(text), ALL_RULES);
      for (const S of [1, 0b10110010011, 2 ** 14 - 1, 0b11000000000110]) {
        for (let r = 0; r < ALL_RULES.length; r++) {
          const k = scoreCandidate(alone, S, 0, r);
          expect(Object.is(many.store.actual[many.store.find(S, 0, r)], alone.store.actual[k])).toBe(true);
        }
      }
    }
  });

  it('takes a size range and three or four threads alike', () => {
    const one = context(corpus, parseObjective('f1'), ALL_RULES, 3, 9);
    exhaustive(one, undefined, 1);
    for (const threads of [3, 4]) {
      const many = context(corpus, parseObjective('f1'), ALL_RULES, 3, 9);
      expect(exhaustive(many, undefined, threads).threads).toBe(threads);
      expect(storeOf(many)).toEqual(storeOf(one));
    }
  });

  it('runs the caller\'s other work once on the main thread while a worker scores chunks, with the same store', () => {
    const one = context(corpus, parseObjective('f1'), ALL_RULES);
    exhaustive(one, undefined, 1);
    const many = context(corpus, parseObjective('f1'), ALL_RULES);
    let runs = 0;
    const reports: number[] = [];
    let afterWork = -1;
    const meanwhile = function* (): Steps<void> {
      runs++;
      // A second of other work, during which the main thread takes no chunk.
      const until = performance.now() + 1000;
      while (performance.now() < until) yield;
      afterWork = reports.length;
    };
    const run = finish(exhaustiveSteps(many, (done) => reports.push(done), 2, meanwhile));
    expect(run.threads).toBe(2);
    expect(runs).toBe(1);
    // The first count after the work holds the chunks the worker scored meanwhile (a chunk is 2^8
    // sets × 6 rules; with the work before the workers start, it is about one chunk).
    expect(afterWork).toBe(1);
    expect(reports[afterWork]).toBeGreaterThan(8 * 256 * ALL_RULES.length);
    expect(storeOf(many)).toEqual(storeOf(one));
    // Without a worker, the work comes first, once.
    const alone = context(corpus, parseObjective('f1'), ALL_RULES);
    let order = '';
    finish(exhaustiveSteps(alone, (done) => { if (order === 'work') order += done === 0 ? ' search' : ''; }, 1, function* () { order = 'work'; yield; }));
    expect(order).toBe('work search');
    expect(storeOf(alone)).toEqual(storeOf(one));
  });

  it('reports progress from every thread, rising to the total', () => {
    const ctx = context(corpus, parseObjective('f1'), ALL_RULES.slice(0, 5));
    const seen: Array<[number, number]> = [];
    expect(exhaustive(ctx, (done, total) => seen.push([done, total]), 2).threads).toBe(2);
    const total = (2 ** 14 - 1) * 5;
    expect(seen[0]).toEqual([0, total]);
    expect(seen.at(-1)).toEqual([total, total]);
    for (let i = 1; i < seen.length; i++) expect(seen[i][0]).toBeGreaterThanOrEqual(seen[i - 1][0]);
    expect(seen.some(([done]) => done > 0 && done < total)).toBe(true);
  });

  it('stays on the main thread below the threshold (a run\'s work under 196,608 binary candidates\' worth), and for an objective it cannot send to a worker', () => {
    expect(PARALLEL_MIN_WORK).toBe(196608);
    // One search under four binary rules: 65,532 candidates of work 1 each.
    const binary = context(corpus, parseObjective('f1'), ALL_RULES.slice(0, 4));
    expect(candidateWork(binary.data, true, true, false)).toBe(1);
    expect(finish(exhaustiveSteps(binary, undefined, 2)).threads).toBe(1);
    // The same search as one of a plan's six (all the data and five folds) shares the workers' start.
    expect(finish(exhaustiveSteps(context(corpus, parseObjective('f1'), ALL_RULES.slice(0, 4)), undefined, 2, undefined, 6)).threads).toBe(2);
    // A typed rule's candidate weighs a pass over the contested boundaries: 16,383 vote
    // candidates alone are more work than the four binary rules' 65,532.
    const typed = candidateWork(binary.data, false, true, false);
    expect(typed).toBeGreaterThan(4);
    expect(16383 * typed).toBeGreaterThan(65532);
    const small = context(corpus, parseObjective('f1'), [parseRule('majority')], 1, 3);
    expect(exhaustive(small, undefined, 2).threads).toBe(1);
    expect(small.store.length).toBeLessThan(PARALLEL_MIN_WORK);
    const own: Objective = { text: 'mine', minimise: false, description: 'mine', usesSlots: false, value: (x) => x.f };
    expect(objectiveSource(own)).toBeUndefined();
    expect(exhaustive(context(corpus, own, ALL_RULES), undefined, 2).threads).toBe(1);
  });

  it('turns an error in a worker into an error of the search, not a hang', () => {
    const objective = parseObjective('f1');
    // Only the worker parses the objective again: make that parse fail.
    objectiveSource(objective)!.text = 'f1 +';
    const ctx = context(corpus, objective, ALL_RULES);
    expect(() => exhaustive(ctx, undefined, 2)).toThrow(/^exhaustive search failed in a worker thread: objective "f1 \+": unexpected end of expression at column 5$/);
    // The pool still works afterwards.
    const again = context(corpus, parseObjective('f1'), ALL_RULES);
    expect(exhaustive(again, undefined, 2).threads).toBe(2);
  });

  it('gives the same plan, number for number, on 1 and 2 threads (held-out folds included)', () => {
    const options = { objective: parseObjective('f1'), rules: ALL_RULES.slice(0, 5), search: 'exhaustive' as const, samples: 200 };
    const one = plan(corpus, { ...options, threads: 1 });
    const two = plan(corpus, { ...options, threads: 2 });
    expect(one.search.evaluated).toBe((2 ** 14 - 1) * 5);
    expect(JSON.stringify(two)).toBe(JSON.stringify(one));
    // The caller's work alongside the search runs once, on workers' time.
    const { settings, scorer } = searchSetup(corpus.systems.map((x) => x.name), { ...options, threads: 2 });
    let calls = 0;
    const data = buildPlanData(buildEnsembleIndex(corpus));
    search(data, scorer, settings, undefined, '', () => calls++);
    expect(calls).toBe(1);
  });

  it('refuses a number of threads that is not a positive integer up to 64', () => {
    for (const threads of [0, -1, 1.5, 65]) {
      let err: unknown;
      try {
        plan(corpus, { objective: parseObjective('f1'), search: 'greedy', threads, folds: 0 });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(UsageError);
      expect((err as UsageError).param).toBe('threads');
    }
  });
});
