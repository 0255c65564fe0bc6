/**
 * Exhaustive search: every member set of `minSize`..`maxSize` systems under every
 * rule, each scored (actual objective) and recorded in the store.
 *
 * Binary rules need, for each member set S, how many items get each number of votes — the
 * histogram h_S(k) = #{items : |mask ∩ S| = k}, for gold and for non-gold items. Rather than
 * walking the subsets in Gray-code order and updating per-item vote counts (the obvious
 * incremental scheme, whose every step costs one member's items), one transform gives the
 * histograms of
 * *all* 2ⁿ subsets at once, at a cost of about n²·2ⁿ⁻¹ additions that does not depend on the
 * number of items: start from the item counts per member pattern, h(pattern)(0) = count, and
 * for each system j turn the index bit j from "the pattern has j" into "S has j":
 *   h'(S without j)(k) = h(pattern without j)(k) + h(pattern with j)(k)
 *   h'(S with j)(k)    = h(pattern without j)(k) + h(pattern with j)(k − 1).
 * Every binary rule and threshold is then a suffix sum of h_S. When the transform would cost
 * more than scoring the wanted subsets one by one over the distinct patterns (few subsets, or
 * more than {@link TRANSFORM_MAX_SYSTEMS} systems), subsets are scored one by one.
 *
 * Typed rules (`vote`, `weighted`) decide per boundary by labels, so each subset is one pass over
 * the boundaries with member bitmasks ({@link actualVote}).
 *
 * Up to {@link TRANSFORM_MAX_SYSTEMS} systems the search runs in disjoint chunks of member sets
 * (exhaustive-chunks.ts), the transform done per chunk, on as many threads as it is given
 * (exhaustive-threads.ts); the values land in one array by (rule, member set) and are recorded
 * in the store afterwards in increasing size, then bitmask order (Gosper's), rules innermost —
 * the same order, and so the same store, whatever the number of threads.
 */
import { isBinaryRule } from '../ensemble/rules.js';
import { actualBinary, actualVote, needOf } from './engine.js';
import { chunkCount, chunkHistogramSteps, chunkScratch, type ChunkJob } from './exhaustive-chunks.js';
import { candidateWork, scoreChunksSteps, threadsFor, valuesArray } from './exhaustive-threads.js';
import { finish, type Steps } from './steps.js';
import type { SearchContext } from './store.js';

/**
 * Chunked search (with or without the transform) up to this many systems: its values are an
 * array of 2ⁿ doubles per rule (32 MiB per rule at 22 systems).
 */
export const TRANSFORM_MAX_SYSTEMS = 22;

/** Number of member sets of size minSize..maxSize among n systems. */
export function subsetCount(n: number, minSize: number, maxSize: number): number {
  let total = 0;
  let c = 1; // C(n, k)
  for (let k = 0; k <= n; k++) {
    if (k >= minSize && k <= maxSize) total += c;
    c = (c * (n - k)) / (k + 1);
  }
  return total;
}

/** The next larger integer with the same number of set bits as S (Gosper's hack). */
function nextSubset(S: number): number {
  const c = S & -S;
  const r = S + c;
  return (((r ^ S) >>> 2) / c) | r;
}

/** Calls `visit` for every bitmask of minSize..maxSize of n bits, in increasing size then value. */
export function forEachSubset(n: number, minSize: number, maxSize: number, visit: (S: number) => void): void {
  for (let k = Math.max(1, minSize); k <= Math.min(n, maxSize); k++) {
    for (let S = (1 << k) - 1; S < 1 << n; S = nextSubset(S)) visit(S);
  }
}

/** Vote-count histograms of every subset (see the module comment): [gold, non-gold], each 2ⁿ·(n+1). */
export function subsetHistograms(ctx: SearchContext): [Int32Array, Int32Array] {
  return finish(subsetHistogramSteps(ctx));
}

/** {@link subsetHistograms}, pausing after each system's pass: the transform as one chunk of every member set. */
function* subsetHistogramSteps(ctx: SearchContext): Steps<[Int32Array, Int32Array]> {
  const lowBits = ctx.data.n;
  const scratch = chunkScratch({ data: ctx.data, lowBits, useTransform: true });
  yield* chunkHistogramSteps(ctx.data, lowBits, 0, scratch);
  const { h } = scratch;
  return [h.filter((_, i) => i % 2 === 0), h.filter((_, i) => i % 2 === 1)];
}

/** Member sets in one chunk of a chunked search: at most 2^14 (see {@link chunkBits}). */
export const CHUNK_BITS = 14;

/**
 * The most bytes a chunk's histograms take. The transform reads and writes them over and over,
 * once per low bit, and runs fastest while they stay in the core's own (L2) cache: 2 MiB on this
 * project's machine, of which this leaves half to the rest. With 20 systems, one thread and 5
 * folds, the six searches took 3.1–3.6 s with chunks of 2^14 sets (2.75 MB of histograms),
 * 2.9–3.1 s with 2^12 (688 KB; docs/performance.md).
 */
export const CHUNK_BYTES = 1 << 20;

/**
 * The low bits of a chunk of n systems' search: the most, up to {@link CHUNK_BITS}, whose two
 * histograms (8·(n + 1) bytes a member set) fit in {@link CHUNK_BYTES}. Each chunk also passes
 * once over the member patterns; up to {@link TRANSFORM_MAX_SYSTEMS} systems that stays a small
 * share of its transform.
 */
export function chunkBits(n: number): number {
  let bits = CHUNK_BITS;
  while (bits > 0 && 8 * (n + 1) * 2 ** bits > CHUNK_BYTES) bits--;
  return bits;
}

/** How an exhaustive search ran. */
export interface ExhaustiveRun {
  /** Threads that scored candidates (1: the main thread alone). */
  threads: number;
}

/**
 * Scores every candidate of the space, on up to `threads` threads (default 1); `onProgress(done,
 * total)` is called now and then with the number of candidates scored.
 */
export function exhaustive(ctx: SearchContext, onProgress?: (done: number, total: number) => void, threads = 1): ExhaustiveRun {
  return finish(exhaustiveSteps(ctx, onProgress, threads));
}

/**
 * {@link exhaustive}, pausing after pieces of work and wherever it reports progress. `meanwhile`
 * is the caller's work that does not depend on the search, run once on the main thread while
 * worker threads score their chunks (see scoreChunksSteps); without workers it runs first.
 * `searches` is how many searches of about this size the caller's run makes (a plan: one on all
 * the data and one per held-out split), which share the workers' start (see threadsFor).
 */
export function* exhaustiveSteps(ctx: SearchContext, onProgress?: (done: number, total: number) => void, threads = 1, meanwhile?: () => Steps<void>, searches = 1): Steps<ExhaustiveRun> {
  const { data, scorer, store, rules } = ctx;
  const n = data.n;
  const minSize = Math.max(1, ctx.minSize);
  const maxSize = Math.min(n, ctx.maxSize);
  const subsets = subsetCount(n, minSize, maxSize);
  const total = subsets * rules.length;
  const binary = rules.map((r) => isBinaryRule(r));
  const useTransform = binary.some((b) => b) && n <= TRANSFORM_MAX_SYSTEMS
    && (n * n * 2 ** n) / 2 < subsets * Math.max(1, data.patterns.count);
  let work = 0;
  for (const b of binary) work += subsets * candidateWork(data, b, useTransform, scorer.withSlots);
  const allowed = n > TRANSFORM_MAX_SYSTEMS ? 1 : threadsFor(scorer, work * Math.max(1, searches), threads);
  // With no worker to overlap, the caller's other work simply comes first.
  if (allowed === 1 && meanwhile !== undefined) yield* meanwhile();
  onProgress?.(0, total);
  if (n > TRANSFORM_MAX_SYSTEMS) {
    yield* oneByOneSteps(ctx, total, onProgress);
    return { threads: 1 };
  }
  // Chunks whose histograms stay in a core's cache; on several threads, at least 64 chunks to share out.
  const lowBits = Math.min(chunkBits(n), allowed > 1 ? Math.max(0, n - 6) : n);
  const job: ChunkJob = { data, rules, weights: ctx.weights, scorer, minSize, maxSize, useTransform, lowBits };
  const chunks = chunkCount(job);
  const used = Math.min(allowed, chunks);
  const values = valuesArray(rules.length, n, used);
  yield* scoreChunksSteps(job, chunks, used, values, (done) => onProgress?.(Math.min(done, total), total), allowed === 1 ? undefined : meanwhile);
  // Recorded in one order whatever the threads (see the module comment).
  const full = 2 ** n;
  store.reserve(total, n, rules.length);
  let sets = 0;
  for (let size = minSize; size <= maxSize; size++) {
    for (let S = (1 << size) - 1; S < full; S = nextSubset(S)) {
      for (let r = 0; r < rules.length; r++) store.add(S, 0, r, values[r * full + S]);
      if (++sets % 65536 === 0) yield;
    }
  }
  onProgress?.(total, total);
  return { threads: used };
}

/**
 * Above {@link TRANSFORM_MAX_SYSTEMS} systems (a few member sets of many systems: the transform
 * and an array by member set would be too large): every candidate scored and recorded one by
 * one, on the main thread.
 */
function* oneByOneSteps(ctx: SearchContext, total: number, onProgress?: (done: number, total: number) => void): Steps<void> {
  const { data, scorer, store, rules } = ctx;
  const n = data.n;
  const minSize = Math.max(1, ctx.minSize);
  const maxSize = Math.min(n, ctx.maxSize);
  const binary = rules.map((r) => isBinaryRule(r));
  let done = 0;
  const step = Math.max(1, Math.floor(200000 / Math.max(1, data.boundaries + data.patterns.count)));
  for (let size = minSize; size <= maxSize; size++) {
    for (let S = (1 << size) - 1; S < 1 << n; S = nextSubset(S)) {
      const cost = scorer.costOf(S, 0);
      for (let r = 0; r < rules.length; r++) {
        const rule = rules[r];
        const need = needOf(rule, size);
        let counts;
        if (!binary[r]) {
          counts = actualVote(data, S, 0, ctx.weights[r]!);
        } else if (need === Infinity) {
          counts = { tp: 0, fp: 0, fn: data.goldSize, s: 0, ties: 0 };
        } else {
          counts = actualBinary(data, S, 0, need, scorer.withSlots);
        }
        store.add(S, 0, r, scorer.value(counts, size, cost));
      }
      done += rules.length;
      if ((done / rules.length) % step === 0) {
        onProgress?.(done, total);
        yield;
      }
    }
  }
  onProgress?.(done, total);
}
