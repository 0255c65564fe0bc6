/**
 * Exhaustive search cut into disjoint chunks of member sets: chunk c holds every bitmask S whose
 * bits from `lowBits` up equal c, so the chunks of one search share nothing but read-only inputs
 * and can be scored in any order, on any thread, into one array of values indexed by (rule, S).
 *
 * Binary rules read the vote-count histograms h_S(k) = #{items : |mask ∩ S| = k} (gold and
 * non-gold). Within a chunk the high bits H of S are fixed, so each pattern's votes from them,
 * |pattern ∩ H|, are known at once: the chunk starts from h(pattern's low bits)(|pattern ∩ H|)
 * += count and runs the subset transform over the low bits only (for each low bit j, turn index
 * bit j from "the pattern has j" into "S has j"):
 *   h'(S without j)(k) = h(pattern without j)(k) + h(pattern with j)(k)
 *   h'(S with j)(k)    = h(pattern without j)(k) + h(pattern with j)(k − 1).
 * A chunk costs about lowBits·(n + 1)·2^lowBits additions, whatever the number of items, and
 * needs two histograms of 2^lowBits·(n + 1) counts; with `lowBits` = n it is the whole search
 * in one piece. Every binary rule is then a suffix sum of h_S. Without the transform (few member
 * sets for the patterns) a binary candidate is one pass over the patterns, and a typed rule
 * (`vote`, `weighted`) one pass over the boundaries ({@link actualVote}).
 *
 * The same functions run on the main thread and in the worker threads of
 * exhaustive-threads.ts, so a value is computed by the same code wherever it runs.
 */
import { isBinaryRule, type Rule } from '../ensemble/rules.js';
import { popcount } from '../model/bitset.js';
import { substitutionsOf } from './data.js';
import { actualBinary, actualVote, needOf, type ScoringData, type VoteWeights } from './engine.js';
import type { Scorer } from './scores.js';
import type { Steps } from './steps.js';

/** A chunked exhaustive search: what every chunk needs, on any thread. */
export interface ChunkJob {
  data: ScoringData;
  rules: readonly Rule[];
  weights: ReadonlyArray<VoteWeights | undefined>;
  scorer: Scorer;
  minSize: number;
  maxSize: number;
  /** Whether binary rules read the subset transform's histograms (else one pass over the patterns each). */
  useTransform: boolean;
  /** Bits of a member set that vary within a chunk; chunk c is the sets with S >>> lowBits = c. */
  lowBits: number;
}

/** Chunks of a job: 2^(n − lowBits). */
export function chunkCount(job: Pick<ChunkJob, 'data' | 'lowBits'>): number {
  return 2 ** (job.data.n - job.lowBits);
}

/**
 * A thread's working memory for chunks of one job: the histograms, gold and non-gold
 * interleaved (entry 2·(idx·(n + 1) + k) gold, the next non-gold), reused from chunk to chunk.
 */
export interface ChunkScratch {
  h: Int32Array;
}

export function chunkScratch(job: Pick<ChunkJob, 'data' | 'lowBits' | 'useTransform'>): ChunkScratch {
  return { h: new Int32Array(job.useTransform ? 2 * 2 ** job.lowBits * (job.data.n + 1) : 0) };
}

/**
 * The vote-count histograms of chunk c (see the module comment) into `scratch`: for S =
 * c·2^lowBits + idx, h_S(k) of gold items at 2·(idx·(n + 1) + k), of non-gold items next to it.
 * Pauses after each low bit's pass.
 */
export function* chunkHistogramSteps(data: Pick<ScoringData, 'n' | 'patterns'>, lowBits: number, c: number, scratch: ChunkScratch): Steps<void> {
  const n = data.n;
  const K2 = 2 * (n + 1);
  const size = 2 ** lowBits;
  const low = size - 1;
  const H = lowBits >= 31 ? 0 : c << lowBits;
  const { h } = scratch;
  h.fill(0, 0, size * K2);
  const p = data.patterns;
  for (let k = 0; k < p.count; k++) {
    const m = p.mask[k];
    const at = (m & low) * K2 + 2 * popcount(m & H);
    h[at] += p.gold[k];
    h[at + 1] += p.neg[k];
  }
  const fromHigh = popcount(H);
  for (let j = 0; j < lowBits; j++) {
    const bit = 1 << j;
    const below = bit - 1;
    for (let idx = 0; idx < size; idx++) {
      if (idx & bit) continue;
      // Before this pass an entry counts votes from the high bits and the low bits below j that
      // S has: at most `top` − 1 of them, and one more once j is in S.
      const top = 2 * Math.min(fromHigh + popcount(idx & below) + 1, n);
      const i0 = idx * K2;
      const i1 = (idx | bit) * K2;
      for (let k = top; k >= 2; k -= 2) {
        const ag = h[i0 + k];
        const an = h[i0 + k + 1];
        const bg = h[i1 + k];
        const bn = h[i1 + k + 1];
        h[i0 + k] = ag + bg;
        h[i0 + k + 1] = an + bn;
        h[i1 + k] = ag + h[i1 + k - 2];
        h[i1 + k + 1] = an + h[i1 + k - 1];
      }
      const ag = h[i0];
      const an = h[i0 + 1];
      h[i0] = ag + h[i1];
      h[i0 + 1] = an + h[i1 + 1];
      h[i1] = ag;
      h[i1 + 1] = an;
    }
    yield;
  }
}

/** Candidates scored between two pauses of a chunk: about 200,000 pattern or boundary visits, at least one set. */
function setsPerPause(job: ChunkJob): number {
  const perSet = job.useTransform && job.rules.every((r) => isBinaryRule(r)) && !job.scorer.withSlots
    ? job.data.n
    : job.data.boundaries + job.data.patterns.count;
  return Math.max(1, Math.floor(200000 / Math.max(1, perSet)));
}

/**
 * Scores every member set of chunk c within the size range under every rule, writing the value
 * of (S, rules[r]) to `values[r·2ⁿ + S]`; `scored(count)` is told of the candidates scored at
 * each pause. Returns the number of candidates scored.
 */
export function* scoreChunkSteps(job: ChunkJob, c: number, scratch: ChunkScratch, values: Float64Array, scored?: (count: number) => void): Steps<number> {
  const { data, rules, scorer } = job;
  const n = data.n;
  const full = 2 ** n;
  const K = n + 1;
  const size = 2 ** job.lowBits;
  const H = job.lowBits >= 31 ? 0 : c << job.lowBits;
  const minSize = Math.max(1, job.minSize);
  const maxSize = Math.min(n, job.maxSize);
  const binary = rules.map((r) => isBinaryRule(r));
  const transform = job.useTransform && binary.some((b) => b);
  if (transform) yield* chunkHistogramSteps(data, job.lowBits, c, scratch);
  const { h } = scratch;
  const K2 = 2 * K;
  const pause = setsPerPause(job);
  let sets = 0;
  let told = 0;
  let total = 0;
  for (let idx = 0; idx < size; idx++) {
    const S = H | idx;
    const members = popcount(S);
    if (members < minSize || members > maxSize) continue;
    const cost = scorer.costOf(S, 0);
    for (let r = 0; r < rules.length; r++) {
      const need = needOf(rules[r], members);
      let counts;
      if (!binary[r]) {
        counts = actualVote(data, S, 0, job.weights[r]!);
      } else if (need === Infinity) {
        counts = { tp: 0, fp: 0, fn: data.goldSize, s: 0, ties: 0 };
      } else if (transform) {
        let tp = 0;
        let fp = 0;
        const base = idx * K2;
        for (let k = need; k <= members; k++) {
          tp += h[base + 2 * k];
          fp += h[base + 2 * k + 1];
        }
        counts = { tp, fp, fn: data.goldSize - tp, s: scorer.withSlots ? substitutionsOf(data, S, 0, need) : NaN, ties: 0 };
      } else {
        counts = actualBinary(data, S, 0, need, scorer.withSlots);
      }
      values[r * full + S] = scorer.value(counts, members, cost);
    }
    total += rules.length;
    if (++sets % pause === 0) {
      scored?.(total - told);
      told = total;
      yield;
    }
  }
  if (total > told) scored?.(total - told);
  return total;
}
