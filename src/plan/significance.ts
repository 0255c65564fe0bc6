/**
 * Paired significance tests between two ensembles scored on the same units (documents or
 * sentences) that took no part in choosing them: held-out folds, or a test set.
 *
 * The statistic is the **mean over splits of the difference of corpus-level objectives**:
 * T = (1/J)·Σ_j [metric(Σ_{u∈split j} A_u) − metric(Σ_{u∈split j} B_u)], with A_u, B_u the
 * counts (TP, FP, FN, S) of each side on unit u and J the number of splits (the folds of every
 * repeat; 1 for a hold-out part or a test set). Positive means A is better (the difference is
 * negated for objectives where lower is better). With one split, T is the plain difference.
 * A split none of whose units counts is left out of the mean (J counts only the others): in a
 * bootstrap resample that draws none of a small fold's units, that fold would otherwise add the
 * difference of two empty outputs — 0 where the metric of nothing is 1 (GERBIL's convention) —
 * and pull every resample's T, and so the interval, the standard error and the p-value, toward 0.
 * The choices stay as they were made: nothing is re-selected per resample, so the tests measure
 * how much the comparison could move with other units of the same kind, given those choices.
 *
 * - **Paired bootstrap** (Efron & Tibshirani 1993; Koehn 2004; Berg-Kirkpatrick, Burkett &
 *   Klein 2012): draw as many units as there are, with replacement, from the units the splits
 *   hold; a unit drawn k times counts k times in every split that holds it, for both sides
 *   (paired). The percentile interval of T* is the confidence interval, its standard
 *   deviation the standard error, and the two-sided p-value is the share of resamples that
 *   move at least |T| away from T: p = (1 + #{|T* − T| ≥ |T|}) / (1 + B) (the bootstrap
 *   distribution shifted to the null hypothesis of no difference). With a single unit every
 *   resample is the data itself: the interval, standard error and p are then undefined (NaN),
 *   not a zero-width interval with p = 1/(1 + B).
 * - **Approximate randomization** (Noreen 1989; Riezler & Maxwell 2005): under the null
 *   hypothesis the two sides' outputs on a unit are exchangeable; each resample swaps them on
 *   every unit with probability ½ (the same swap in every split holding the unit) and
 *   recomputes T; p = (1 + #{|T_swapped| ≥ |T|}) / (1 + B), two-sided. Only the k units in
 *   which the two sides differ change T when swapped, so there are 2^k distinct swaps, two of
 *   them (none, all) as extreme as T when the metric is the same for both sides: p cannot
 *   truly fall below 2/2^k. When 2^k ≤ B every swap is counted once instead, and
 *   p = #{|T_swapped| ≥ |T|} / 2^k is exact (a drawn p near that bound scattered around it, even
 *   below it). When the two sides' metrics differ — an objective that reads the number of
 *   members or their cost, such as F − 0.002·size — each side keeps its own penalty whatever
 *   is swapped, so the swapped T gather around the difference of the penalties, not around 0,
 *   and |T_swapped| ≥ |T| would test the outputs' difference instead of T (a smaller ensemble
 *   that wins by its penalty would never be significant, however certain its lead). The swapped
 *   T are then measured from their centre c = (T_none + T_all)/2, the part of T no swap moves
 *   (for an additive penalty exactly the penalties' difference; 0, as before, for one metric):
 *   p = (1 + #{|T_swapped − c| ≥ |T|}) / (1 + swaps), counted or drawn, and never below 2/2^k,
 *   the floor of a test with one metric: with few differing units the centred count alone can
 *   reject a true null more often than α. This p is an approximation whether its swaps are
 *   counted or drawn.
 *
 * Both draw from {@link mulberry32}(seed): the same seed gives the same figures. `eval
 * --significance` runs the same tests between every two systems (metrics/pairwise-tests.ts),
 * and the planner between every two procedures, both through {@link pairedTestsOfPairs}, which
 * serves many pairs with one pass a resample.
 * {@link pairedBootstrap} is the bootstrap alone, over documents, with the share of resamples
 * where A is not better. Resamples where
 * the metric is undefined (NaN) are left out and counted. Reference for the choice of tests in
 * NLP: Dror, Baumer, Shlomov & Reichart, "The hitchhiker's guide to testing statistical
 * significance in natural language processing", ACL 2018.
 */
import { mulberry32, quantile, type SummedCounts } from './split.js';
import { checkOptionKeys, type NoneMissing } from '../metrics/option-keys.js';

export type { SummedCounts };

export interface PairedSplit {
  /** The units the split scores (its held-out part). */
  units: ArrayLike<number>;
  /** Counts per unit of side A and side B: four numbers (TP, FP, FN, S) at 4·unit. */
  a: Float64Array;
  b: Float64Array;
  /** The metrics of this split's sides, when they differ from the test's (e.g. an objective reading size or cost). */
  metricA?: (c: SummedCounts) => number;
  metricB?: (c: SummedCounts) => number;
}

export interface PairedTestOptions {
  /** Resamples of each test (a positive integer). */
  samples: number;
  seed: number;
  /**
   * False when the metric reads TP, FP and FN only (F, P, R, K), not S: a unit whose sides differ
   * in S alone then changes nothing when swapped, and is not counted in `differing`. Default true.
   */
  readsS?: boolean;
  /** Two-sided level of the interval, in (0, 1); default 0.95. */
  confidence?: number;
  /** When true the difference is metric(B) − metric(A), so that positive still means A is better. */
  lowerIsBetter?: boolean;
  /** The metric of side B when it differs from A's (e.g. an objective reading the number of members). */
  metricB?: (c: SummedCounts) => number;
}

/** Every option {@link pairedTests} ({@link pairedTestsOfPairs} all but `metricB`) takes (any other key is refused). */
export const PAIRED_TEST_OPTION_KEYS = ['samples', 'seed', 'readsS', 'confidence', 'lowerIsBetter', 'metricB'] as const satisfies readonly (keyof PairedTestOptions)[];
type _PairedTestOptionKeysListed = NoneMissing<Exclude<keyof PairedTestOptions, (typeof PAIRED_TEST_OPTION_KEYS)[number]>>;
/** Every option {@link pairedTestsOfPairs} takes: {@link pairedTests}'s but `metricB`. */
const PAIRS_OPTION_KEYS: readonly (keyof PairedTestOptions & string)[] = PAIRED_TEST_OPTION_KEYS.filter((k) => k !== 'metricB');

export interface PairedTest {
  /** T on the data as it is: the mean over splits of the (signed) difference. */
  observed: number;
  /** The difference in each split. */
  perSplit: number[];
  /** Standard deviation of the per-split differences (n − 1); null with one split. */
  sd: number | null;
  /** Bootstrap standard error of T. */
  se: number;
  /** Percentile interval of T at `confidence`. */
  low: number;
  high: number;
  confidence: number;
  /** Two-sided p-values: paired bootstrap (null-shifted) and approximate randomization. */
  pBootstrap: number;
  pRandomization: number;
  samples: number;
  /** Resamples left out because the metric was undefined (bootstrap and randomization together). */
  undefinedSamples: number;
  /**
   * Units in which the two sides' counts differ (in some split that holds the unit): the only
   * units a randomization swap changes, so its exact p-value is at least 2/2^differing.
   */
  differing: number;
  /**
   * Whether randomization counted all 2^differing swaps, as it does when there are no more of
   * them than `samples`: then p = (swaps at least as extreme) / (defined swaps), exact.
   */
  exact: boolean;
  /**
   * Randomization's centre (see the module comment): 0 when both sides are scored by one metric;
   * otherwise the mean of T unswapped and T with every unit swapped, the part of T that no swap moves.
   */
  centre: number;
  /**
   * The lowest p randomization can give over the differing units: 2/2^differing (with a centre of
   * 0, no swap and every swap are as extreme as T; away from 0, p is kept at or above it); 1 when
   * the sides differ nowhere.
   */
  floor: number;
}

function checkOptions(samples: number, confidence: number): void {
  if (!Number.isInteger(samples) || samples < 1) throw new RangeError(`samples must be a positive integer, got ${String(samples)}`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${String(confidence)}`);
}

/**
 * Paired bootstrap and approximate randomization of the difference between A and B over the
 * units of one or more splits (see the module comment).
 * @throws RangeError when there is no split or no unit, a split's counts are too short for its
 *   units, `samples` is not a positive integer, or `confidence` is not in (0, 1).
 */
export function pairedTests(splits: readonly PairedSplit[], metric: (c: SummedCounts) => number, options: PairedTestOptions): PairedTest {
  checkOptionKeys('options', options, PAIRED_TEST_OPTION_KEYS);
  const { metricB: givenB, ...rest } = options;
  const metricB = givenB ?? metric;
  const sides = splits.map((s) => ({ units: s.units, counts: [s.a, s.b], metrics: [s.metricA ?? metric, s.metricB ?? metricB] }));
  return pairedTestsOfPairs(sides, [[0, 1]], rest)[0];
}

/** Sample standard deviation (n − 1), null for fewer than two values. */
export function sampleSd(xs: readonly number[]): number | null {
  if (xs.length < 2) return null;
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}

/**
 * Counts of one document for {@link pairedBootstrap}: TP, FP, FN and optionally S (substitutions,
 * for SER and ERR; missing means 0). Any non-negative numbers (predicted counts may be fractional).
 */
export interface DocCounts {
  tp: number;
  fp: number;
  fn: number;
  s?: number;
}

export interface BootstrapOptions {
  /** Number of resamples (a positive integer). */
  samples: number;
  seed: number;
  /** Two-sided level of the percentile interval, in (0, 1); default 0.95. */
  confidence?: number;
  /** When true the gain is metric(B) − metric(A), so that positive is still better (e.g. SER). */
  lowerIsBetter?: boolean;
  /**
   * The metric of side B when it differs from A's (e.g. an objective that reads the number of
   * members or their cost, which differ between an ensemble and a single system); default `metric`.
   */
  metricB?: (c: SummedCounts) => number;
}

/** Every option {@link pairedBootstrap} takes (any other key is refused). */
export const BOOTSTRAP_OPTION_KEYS = ['samples', 'seed', 'confidence', 'lowerIsBetter', 'metricB'] as const satisfies readonly (keyof BootstrapOptions)[];
type _BootstrapOptionKeysListed = NoneMissing<Exclude<keyof BootstrapOptions, (typeof BOOTSTRAP_OPTION_KEYS)[number]>>;

export interface BootstrapSummary {
  /** The gain on all documents (no resampling). */
  observed: number;
  /** Mean gain over the resamples. */
  mean: number;
  /** Percentile interval of the gain at `confidence`. */
  low: number;
  high: number;
  /** Share of resamples whose gain is ≤ 0 (a one-sided bootstrap p-value for "A is better"). */
  notBetter: number;
  /** Resamples whose gain was NaN (metric undefined on that resample), left out of the above. */
  undefinedSamples: number;
}

/**
 * Paired bootstrap over documents of the gain of system A over system B.
 *
 * Procedure: with n documents and one {@link mulberry32}(seed) stream, each of the `samples`
 * resamples draws n document indices ⌊u·n⌋ with replacement (in sequence from the stream), sums
 * the counts of those documents for A and for B separately — the same documents for both
 * sides: paired — and records gain = metric(ΣA) − metric(ΣB) (metric(ΣB) − metric(ΣA) with
 * `lowerIsBetter`). Then: observed = the gain on all documents once; mean = the mean gain;
 * [low, high] = the (1−c)/2 and (1+c)/2 quantiles of the gains (percentile interval,
 * Efron & Tibshirani 1993 §13.3; linear interpolation between order statistics);
 * notBetter = #{gain ≤ 0}/#resamples.
 *
 * Edge cases: resamples whose gain is NaN are left out of mean, interval and notBetter and
 * counted in `undefinedSamples`; when all are NaN those four are NaN. With one document every
 * resample is that document, so the interval and notBetter are NaN (no spread to measure). RangeError when the two
 * lists differ in length or are empty, `samples` is not a positive integer, or `confidence` is
 * not in (0, 1). Deterministic for a seed. O(samples·n).
 *
 * Source: Efron & Tibshirani 1993; Koehn 2004 (paired bootstrap resampling).
 */
export function pairedBootstrap(
  perDocA: ReadonlyArray<DocCounts>,
  perDocB: ReadonlyArray<DocCounts>,
  metric: (c: SummedCounts) => number,
  options: BootstrapOptions,
): BootstrapSummary {
  checkOptionKeys('options', options, BOOTSTRAP_OPTION_KEYS);
  const n = perDocA.length;
  if (n !== perDocB.length) throw new RangeError(`both sides need one entry per document, got ${n} and ${perDocB.length}`);
  if (n === 0) throw new RangeError('the bootstrap needs at least one document');
  const confidence = options.confidence ?? 0.95;
  checkOptions(options.samples, confidence);
  const pack = (docs: ReadonlyArray<DocCounts>) => Float64Array.from(docs.flatMap((d) => [d.tp, d.fp, d.fn, d.s ?? 0]));
  const units = Array.from({ length: n }, (_, d) => d);
  const sides = [{ units, counts: [pack(perDocA), pack(perDocB)], metrics: [metric, options.metricB ?? metric] }];
  const [r] = resample(sides, [[0, 1]], { ...options, randomization: false });
  const tail = (1 - confidence) / 2;
  let notBetter = 0;
  for (let k = 0; k < r.kept; k++) if (r.sorted[k] <= 0) notBetter++;
  // One document: every resample is that document alone, so there is no spread to measure.
  const none = n < 2;
  return {
    observed: r.observed,
    mean: r.mean,
    low: none ? Number.NaN : quantile(r.sorted, tail),
    high: none ? Number.NaN : quantile(r.sorted, 1 - tail),
    notBetter: r.kept === 0 || none ? Number.NaN : notBetter / r.kept,
    undefinedSamples: options.samples - r.kept,
  };
}

/** The sides of several paired tests over the same splits: per split, its units and each side's counts and metric. */
export interface PairedSidesSplit {
  units: ArrayLike<number>;
  /** Per side: counts per unit (TP, FP, FN, S at 4·unit). */
  counts: readonly Float64Array[];
  /** Per side: its metric on this split. */
  metrics: ReadonlyArray<(c: SummedCounts) => number>;
}

/**
 * {@link pairedTests} for several pairs of sides at once: entry k of the result is the test of
 * side pairs[k][0] (A) against side pairs[k][1] (B) over `splits`, with the same samples, seed
 * and options, and equals {@link pairedTests} on that pair alone (which runs through here).
 * Every test draws the same resamples (each starts its own generator from the seed), so one
 * pass a resample over the sides' counts serves every pair: each side's sums per split are made
 * once (for randomization, over the units kept and the units swapped apart), instead of once
 * per pair. A side's swapped and kept sums are added at the end, which with whole-number counts
 * (counts of items) is exact; with fractional counts the last bits may depend on that order.
 * @throws RangeError as {@link pairedTests} does, or for a pair naming no side.
 */
export function pairedTestsOfPairs(splits: readonly PairedSidesSplit[], pairs: ReadonlyArray<readonly [number, number]>, options: Omit<PairedTestOptions, 'metricB'>): PairedTest[] {
  checkOptionKeys('options', options, PAIRS_OPTION_KEYS);
  const confidence = options.confidence ?? 0.95;
  checkOptions(options.samples, confidence);
  const tail = (1 - confidence) / 2;
  return resample(splits, pairs, { ...options, randomization: true }).map((r) => {
    let ss = 0;
    for (let k = 0; k < r.kept; k++) ss += (r.sorted[k] - r.mean) ** 2;
    // One unit: every resample draws it alone, so the bootstrap has no spread to measure (its p
    // would be 1/(1 + B) for any difference at all).
    const none = r.units < 2;
    return {
      observed: r.observed,
      perSplit: r.perSplit,
      sd: sampleSd(r.perSplit),
      se: r.kept > 1 && !none ? Math.sqrt(ss / (r.kept - 1)) : Number.NaN,
      low: none ? Number.NaN : quantile(r.sorted, tail),
      high: none ? Number.NaN : quantile(r.sorted, 1 - tail),
      confidence,
      pBootstrap: r.kept === 0 || none ? Number.NaN : (1 + r.far) / (1 + r.kept),
      // Drawn swaps count the observed assignment once more (it is one of the possible ones);
      // counted swaps hold it already, as extreme as itself, when the centre is 0. Away from 0 it
      // need not be (it is the outputs' difference, not T): it is counted once more too, and p is
      // kept at or above 2/2^k, the floor of a test with one metric, so that few differing units
      // never make a penalised comparison easier to call (measured from the centre alone, a few
      // units can reject a true null more often than alpha).
      pRandomization: r.valid === 0 ? Number.NaN
        : r.exact && r.centre === 0 ? r.extreme / r.valid
        : r.centre === 0 ? (1 + r.extreme) / (1 + r.valid)
        : Math.max((1 + r.extreme) / (1 + r.valid), Math.min(1, 2 / 2 ** r.differing)),
      centre: r.centre,
      floor: r.differing === 0 ? 1 : Math.min(1, 2 / 2 ** r.differing),
      samples: options.samples,
      undefinedSamples: options.samples - r.kept + r.swaps - r.valid,
      differing: r.differing,
      exact: r.exact,
    };
  });
}

/** What the resamples of one pair gave: T and its parts, the bootstrap's sorted T*, and the tallies of both tests. */
interface Resampled {
  /** The distinct units the splits hold: with one, every bootstrap resample is the data itself. */
  units: number;
  /** Randomization's centre: the mean of T with no unit swapped and with every unit swapped (0 when both sides have one metric). */
  centre: number;
  observed: number;
  perSplit: number[];
  /** Bootstrap T* that were defined, ascending, and their mean. */
  sorted: Float64Array;
  kept: number;
  mean: number;
  /** Bootstrap T* at least |T| away from T. */
  far: number;
  /** Randomization: T that were defined, and those at least as extreme as the observed. */
  valid: number;
  extreme: number;
  /** Units whose two sides differ in some split (see PairedTest.differing). */
  differing: number;
  /** Whether randomization counted every distinct swap (2^differing of them) rather than drawing `samples`. */
  exact: boolean;
  /** Swaps tallied: 2^differing when exact, else the resamples drawn. */
  swaps: number;
}

interface Packed {
  /** Each unit's position among all the splits' units. */
  at: Int32Array;
  /** Per side, the counts of the split's units in order, four a unit. */
  counts: Float64Array[];
  metrics: ReadonlyArray<(c: SummedCounts) => number>;
}

/** The units (positions) in which sides a and b differ in some split, each once, in order of first appearance. */
function differingIn(packed: readonly Packed[], a: number, b: number, units: number, withS: boolean): number[] {
  const marked = new Uint8Array(units);
  const out: number[] = [];
  for (const p of packed) {
    for (let k = 0; k < p.at.length; k++) {
      if (marked[p.at[k]] === 0 && countsDifferAt(p.counts[a], p.counts[b], 4 * k, withS)) {
        marked[p.at[k]] = 1;
        out.push(p.at[k]);
      }
    }
  }
  return out;
}

/**
 * Exact randomization of sides a and b: T under each of the 2^k swaps of the k units in which
 * they differ (a unit swapped in every split that holds it), and how many of those were defined
 * and at least as far from `centre` as the observed T is from 0. A split's sums are made afresh for each swap, from
 * its unswapped sums and the differences of its swapped units, so no rounding accumulates.
 */
function enumerateSwaps(packed: readonly Packed[], units: readonly number[], a: number, b: number, sign: number, observed: number, centre: number, eps: number): { valid: number; extreme: number } {
  const J = packed.length;
  const base = new Float64Array(J * 8);
  // Where each differing unit stands in each split: [split, index in it], per unit.
  const where: Array<Array<[number, number]>> = units.map(() => []);
  const slot = new Map(units.map((u, t) => [u, t]));
  for (let j = 0; j < J; j++) {
    const p = packed[j];
    for (let k = 0; k < p.at.length; k++) {
      for (let x = 0; x < 4; x++) {
        base[8 * j + x] += p.counts[a][4 * k + x];
        base[8 * j + 4 + x] += p.counts[b][4 * k + x];
      }
      const t = slot.get(p.at[k]);
      if (t !== undefined) where[t].push([j, k]);
    }
  }
  const sums = new Float64Array(J * 8);
  const sa = { tp: 0, fp: 0, fn: 0, s: 0 };
  const sb = { tp: 0, fp: 0, fn: 0, s: 0 };
  let valid = 0;
  let extreme = 0;
  for (let m = 0; m < 2 ** units.length; m++) {
    sums.set(base);
    for (let t = 0; t < units.length; t++) {
      if ((m & (1 << t)) === 0) continue;
      for (const [j, k] of where[t]) {
        const ca = packed[j].counts[a];
        const cb = packed[j].counts[b];
        for (let x = 0; x < 4; x++) {
          const d = cb[4 * k + x] - ca[4 * k + x];
          sums[8 * j + x] += d;
          sums[8 * j + 4 + x] -= d;
        }
      }
    }
    let total = 0;
    let used = 0;
    for (let j = 0; j < J; j++) {
      if (packed[j].at.length === 0) continue;
      const o = 8 * j;
      sa.tp = sums[o]; sa.fp = sums[o + 1]; sa.fn = sums[o + 2]; sa.s = sums[o + 3];
      sb.tp = sums[o + 4]; sb.fp = sums[o + 5]; sb.fn = sums[o + 6]; sb.s = sums[o + 7];
      total += sign * (packed[j].metrics[a](sa) - packed[j].metrics[b](sb));
      used++;
    }
    const t = used === 0 ? Number.NaN : total / used;
    if (Number.isNaN(t)) continue;
    valid++;
    if (Math.abs(t - centre) >= Math.abs(observed) - eps) extreme++;
  }
  return { valid, extreme };
}

/** Whether two sides' counts (four a unit, from `base`) differ at one unit: in TP, FP or FN, or also in S when `withS`. */
function countsDifferAt(x: ArrayLike<number>, y: ArrayLike<number>, base: number, withS: boolean): boolean {
  return x[base] !== y[base] || x[base + 1] !== y[base + 1] || x[base + 2] !== y[base + 2] || (withS && x[base + 3] !== y[base + 3]);
}

/**
 * The resampling behind every test here: `samples` bootstrap resamples, then (with
 * `randomization`) as many swaps, all from one {@link mulberry32}(seed) stream; per resample each
 * side's sums per split are made once and serve every pair.
 */
function resample(
  splits: readonly PairedSidesSplit[], pairs: ReadonlyArray<readonly [number, number]>,
  options: { samples: number; seed: number; lowerIsBetter?: boolean; readsS?: boolean; randomization: boolean },
): Resampled[] {
  const { samples, seed } = options;
  if (splits.length === 0) throw new RangeError('the tests need at least one split');
  const sides = splits[0].counts.length;
  for (const [a, b] of pairs) {
    if (!(a >= 0 && a < sides && b >= 0 && b < sides)) throw new RangeError(`no side ${a} or ${b} among ${sides}`);
  }
  const sign = options.lowerIsBetter === true ? -1 : 1;
  // Every unit some split holds, once, numbered in order of first appearance.
  const position = new Map<number, number>();
  for (const s of splits) for (let k = 0; k < s.units.length; k++) if (!position.has(s.units[k])) position.set(s.units[k], position.size);
  if (position.size === 0) throw new RangeError('the tests need at least one unit');
  const U = position.size;
  const J = splits.length;
  const packed: Packed[] = splits.map((s) => {
    const len = s.units.length;
    const at = new Int32Array(len);
    const counts = s.counts.map((c) => {
      const out = new Float64Array(4 * len);
      for (let k = 0; k < len; k++) {
        const u = s.units[k];
        if (4 * u + 4 > c.length) throw new RangeError(`no counts for unit ${u}`);
        for (let x = 0; x < 4; x++) out[4 * k + x] = c[4 * u + x];
      }
      return out;
    });
    for (let k = 0; k < len; k++) at[k] = position.get(s.units[k])!;
    return { at, counts, metrics: s.metrics };
  });
  // Sums per split, side and kind (kept, or swapped for randomization), four counts each.
  const sums = new Float64Array(J * sides * 2 * 4);
  const at = (j: number, side: number, swapped: number) => ((j * sides + side) * 2 + swapped) * 4;
  const weight = new Float64Array(U).fill(1);
  const swap = new Uint8Array(U);
  // Units of each split that count (drawn, in a bootstrap resample): a split with none is left
  // out of T, as its difference would be that of two empty outputs (0, or undefined).
  const present = new Float64Array(J);
  const fill = () => {
    sums.fill(0);
    for (let j = 0; j < J; j++) {
      const p = packed[j];
      let n = 0;
      for (let k = 0; k < p.at.length; k++) n += weight[p.at[k]];
      present[j] = n;
      for (let side = 0; side < sides; side++) {
        const c = p.counts[side];
        for (let k = 0; k < p.at.length; k++) {
          const w = weight[p.at[k]];
          if (w === 0) continue;
          const o = at(j, side, swap[p.at[k]]);
          const base = 4 * k;
          sums[o] += w * c[base];
          sums[o + 1] += w * c[base + 1];
          sums[o + 2] += w * c[base + 2];
          sums[o + 3] += w * c[base + 3];
        }
      }
    }
  };
  const sa = { tp: 0, fp: 0, fn: 0, s: 0 };
  const sb = { tp: 0, fp: 0, fn: 0, s: 0 };
  /** Side A's sums in split j: its kept units and B's swapped ones (and the converse for B). */
  const load = (into: SummedCounts, j: number, mine: number, other: number) => {
    const k = at(j, mine, 0);
    const s = at(j, other, 1);
    into.tp = sums[k] + sums[s];
    into.fp = sums[k + 1] + sums[s + 1];
    into.fn = sums[k + 2] + sums[s + 2];
    into.s = sums[k + 3] + sums[s + 3];
  };
  const splitDiff = (j: number, a: number, b: number) => {
    load(sa, j, a, b);
    load(sb, j, b, a);
    return sign * (packed[j].metrics[a](sa) - packed[j].metrics[b](sb));
  };
  const statistic = (a: number, b: number) => {
    let t = 0;
    let used = 0;
    for (let j = 0; j < J; j++) {
      if (present[j] === 0) continue;
      t += splitDiff(j, a, b);
      used++;
    }
    return used === 0 ? Number.NaN : t / used;
  };
  fill();
  const perSplit = pairs.map(([a, b]) => Array.from({ length: J }, (_, j) => splitDiff(j, a, b)));
  const observed = pairs.map(([a, b]) => statistic(a, b));
  const eps = observed.map((v) => 1e-12 * Math.max(1, Math.abs(v)));
  const random = mulberry32(seed);
  // Bootstrap: units drawn with replacement.
  const gains = pairs.map(() => new Float64Array(samples));
  const kept = new Array<number>(pairs.length).fill(0);
  const total = new Array<number>(pairs.length).fill(0);
  const far = new Array<number>(pairs.length).fill(0);
  for (let k = 0; k < samples; k++) {
    weight.fill(0);
    for (let j = 0; j < U; j++) weight[Math.floor(random() * U)]++;
    fill();
    pairs.forEach(([a, b], i) => {
      const t = statistic(a, b);
      if (Number.isNaN(t)) return;
      gains[i][kept[i]++] = t;
      total[i] += t;
      if (Math.abs(t - observed[i]) >= Math.abs(observed[i]) - eps[i]) far[i]++;
    });
  }
  weight.fill(1);
  // Randomization's centre per pair: with one metric for both sides, T with every unit swapped
  // is −T exactly, and the centre 0. Sides whose metrics differ (an objective reading size or
  // cost) keep their own penalty whatever is swapped, so the swapped T gather around that
  // difference of penalties, not around 0; measured from the centre, they are the spread of
  // the outputs' difference alone, against which T is set.
  // (Only for randomization: the bootstrap alone needs none. The swaps drawn below set every
  // unit's swap and sum afresh, so nothing is reset here.)
  let centre = pairs.map(() => 0);
  if (options.randomization) {
    swap.fill(1);
    fill();
    centre = pairs.map(([a, b], i) => {
      const c = (observed[i] + statistic(a, b)) / 2;
      return Math.abs(c) <= eps[i] || Number.isNaN(c) ? 0 : c;
    });
  }
  // Units in which a pair's sides differ: a swap of any other unit leaves T as it is. With k of
  // them there are 2^k distinct swaps; when that is no more than the resamples asked for, every
  // one is counted once (exact) instead of drawn.
  const differing = pairs.map(([a, b]) => differingIn(packed, a, b, U, options.readsS !== false));
  const exact = differing.map((d) => options.randomization && d.length <= 30 && 2 ** d.length <= samples);
  const extreme = new Array<number>(pairs.length).fill(0);
  const valid = new Array<number>(pairs.length).fill(0);
  pairs.forEach(([a, b], i) => {
    if (!exact[i]) return;
    const tally = enumerateSwaps(packed, differing[i], a, b, sign, observed[i], centre[i], eps[i]);
    extreme[i] = tally.extreme;
    valid[i] = tally.valid;
  });
  // Approximate randomization: each unit's sides swapped with probability ½.
  const drawn = options.randomization && exact.some((e) => !e);
  for (let k = 0; drawn && k < samples; k++) {
    for (let j = 0; j < U; j++) swap[j] = random() < 0.5 ? 1 : 0;
    fill();
    pairs.forEach(([a, b], i) => {
      if (exact[i]) return;
      const t = statistic(a, b);
      if (Number.isNaN(t)) return;
      valid[i]++;
      if (Math.abs(t - centre[i]) >= Math.abs(observed[i]) - eps[i]) extreme[i]++;
    });
  }
  return pairs.map((_, i) => ({
    units: U, centre: centre[i], differing: differing[i].length, exact: exact[i], swaps: exact[i] ? 2 ** differing[i].length : samples,
    observed: observed[i], perSplit: perSplit[i], sorted: gains[i].subarray(0, kept[i]).sort(), kept: kept[i],
    mean: kept[i] === 0 ? Number.NaN : total[i] / kept[i], far: far[i], valid: valid[i], extreme: extreme[i],
  }));
}
