/**
 * Paired significance tests between two ensembles scored on the same units (documents or
 * sentences) that took no part in choosing them: held-out folds, or a test set.
 *
 * The statistic is the **mean over splits of the difference of corpus-level objectives**:
 * T = (1/J)·Σ_j [metric(Σ_{u∈split j} A_u) − metric(Σ_{u∈split j} B_u)], with A_u, B_u the
 * counts (TP, FP, FN, S) of each side on unit u and J the number of splits (the folds of every
 * repeat; 1 for a hold-out part or a test set). Positive means A is better (the difference is
 * negated for objectives where lower is better). With one split, T is the plain difference.
 * The choices stay as they were made: nothing is re-selected per resample, so the tests measure
 * how much the comparison could move with other units of the same kind, given those choices.
 *
 * - **Paired bootstrap** (Efron & Tibshirani 1993; Koehn 2004; Berg-Kirkpatrick, Burkett &
 *   Klein 2012): draw as many units as there are, with replacement, from the units the splits
 *   hold; a unit drawn k times counts k times in every split that holds it, for both sides
 *   (paired). The percentile interval of T* is the confidence interval, its standard
 *   deviation the standard error, and the two-sided p-value is the share of resamples that
 *   move at least |T| away from T: p = (1 + #{|T* − T| ≥ |T|}) / (1 + B) (the bootstrap
 *   distribution shifted to the null hypothesis of no difference).
 * - **Approximate randomization** (Noreen 1989; Riezler & Maxwell 2005): under the null
 *   hypothesis the two sides' outputs on a unit are exchangeable; each resample swaps them on
 *   every unit with probability ½ (the same swap in every split holding the unit) and
 *   recomputes T; p = (1 + #{|T_swapped| ≥ |T|}) / (1 + B), two-sided.
 *
 * Both draw from {@link mulberry32}(seed): the same seed gives the same figures. Resamples where
 * the metric is undefined (NaN) are left out and counted. Reference for the choice of tests in
 * NLP: Dror, Baumer, Shlomov & Reichart, "The hitchhiker's guide to testing statistical
 * significance in natural language processing", ACL 2018.
 */
import { mulberry32, quantile, type SummedCounts } from './split.js';

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
  /** Two-sided level of the interval, in (0, 1); default 0.95. */
  confidence?: number;
  /** When true the difference is metric(B) − metric(A), so that positive still means A is better. */
  lowerIsBetter?: boolean;
  /** The metric of side B when it differs from A's (e.g. an objective reading the number of members). */
  metricB?: (c: SummedCounts) => number;
}

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
}

interface Packed {
  /** Position of each of the split's units among all units. */
  at: Int32Array;
  a: Float64Array;
  b: Float64Array;
  metricA: (c: SummedCounts) => number;
  metricB: (c: SummedCounts) => number;
}

/**
 * Paired bootstrap and approximate randomization of the difference between A and B over the
 * units of one or more splits (see the module comment).
 * @throws RangeError when there is no split or no unit, a split's counts are too short for its
 *   units, `samples` is not a positive integer, or `confidence` is not in (0, 1).
 */
export function pairedTests(splits: readonly PairedSplit[], metric: (c: SummedCounts) => number, options: PairedTestOptions): PairedTest {
  const { samples, seed } = options;
  const confidence = options.confidence ?? 0.95;
  if (!Number.isInteger(samples) || samples < 1) throw new RangeError(`samples must be a positive integer, got ${String(samples)}`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${String(confidence)}`);
  if (splits.length === 0) throw new RangeError('the tests need at least one split');
  const metricB = options.metricB ?? metric;
  const sign = options.lowerIsBetter ? -1 : 1;
  // Every unit some split holds, once.
  const position = new Map<number, number>();
  for (const s of splits) {
    for (let k = 0; k < s.units.length; k++) if (!position.has(s.units[k])) position.set(s.units[k], position.size);
  }
  const U = position.size;
  if (U === 0) throw new RangeError('the tests need at least one unit');
  const packed: Packed[] = splits.map((s) => {
    const len = s.units.length;
    const at = new Int32Array(len);
    const a = new Float64Array(4 * len);
    const b = new Float64Array(4 * len);
    for (let k = 0; k < len; k++) {
      const u = s.units[k];
      if (4 * u + 4 > s.a.length || 4 * u + 4 > s.b.length) throw new RangeError(`no counts for unit ${u}`);
      at[k] = position.get(u)!;
      for (let c = 0; c < 4; c++) {
        a[4 * k + c] = s.a[4 * u + c];
        b[4 * k + c] = s.b[4 * u + c];
      }
    }
    return { at, a, b, metricA: s.metricA ?? metric, metricB: s.metricB ?? metricB };
  });
  const weight = new Float64Array(U);
  const swap = new Uint8Array(U);
  const sa = { tp: 0, fp: 0, fn: 0, s: 0 };
  const sb = { tp: 0, fp: 0, fn: 0, s: 0 };
  const splitDiff = (p: Packed): number => {
    sa.tp = sa.fp = sa.fn = sa.s = 0;
    sb.tp = sb.fp = sb.fn = sb.s = 0;
    for (let k = 0; k < p.at.length; k++) {
      const w = weight[p.at[k]];
      if (w === 0) continue;
      const swapped = swap[p.at[k]] === 1;
      const x = swapped ? p.b : p.a;
      const y = swapped ? p.a : p.b;
      const base = 4 * k;
      sa.tp += w * x[base]; sa.fp += w * x[base + 1]; sa.fn += w * x[base + 2]; sa.s += w * x[base + 3];
      sb.tp += w * y[base]; sb.fp += w * y[base + 1]; sb.fn += w * y[base + 2]; sb.s += w * y[base + 3];
    }
    return sign * (p.metricA(sa) - p.metricB(sb));
  };
  const statistic = (): number => {
    let t = 0;
    for (const p of packed) t += splitDiff(p);
    return t / packed.length;
  };

  weight.fill(1);
  const perSplit = packed.map(splitDiff);
  const observed = perSplit.reduce((x, y) => x + y, 0) / perSplit.length;
  let sd: number | null = null;
  if (perSplit.length > 1) {
    const m = observed;
    sd = Math.sqrt(perSplit.reduce((acc, d) => acc + (d - m) ** 2, 0) / (perSplit.length - 1));
  }

  const random = mulberry32(seed);
  let undefinedSamples = 0;
  // Paired bootstrap.
  const boot = new Float64Array(samples);
  let kept = 0;
  let far = 0;
  let total = 0;
  const eps = 1e-12 * Math.max(1, Math.abs(observed));
  for (let r = 0; r < samples; r++) {
    weight.fill(0);
    for (let k = 0; k < U; k++) weight[Math.floor(random() * U)]++;
    const t = statistic();
    if (Number.isNaN(t)) {
      undefinedSamples++;
      continue;
    }
    boot[kept++] = t;
    total += t;
    if (Math.abs(t - observed) >= Math.abs(observed) - eps) far++;
  }
  const sorted = boot.subarray(0, kept).sort();
  const mean = kept === 0 ? Number.NaN : total / kept;
  let ss = 0;
  for (let k = 0; k < kept; k++) ss += (sorted[k] - mean) ** 2;
  // Approximate randomization.
  weight.fill(1);
  let extreme = 0;
  let valid = 0;
  for (let r = 0; r < samples; r++) {
    for (let k = 0; k < U; k++) swap[k] = random() < 0.5 ? 1 : 0;
    const t = statistic();
    if (Number.isNaN(t)) {
      undefinedSamples++;
      continue;
    }
    valid++;
    if (Math.abs(t) >= Math.abs(observed) - eps) extreme++;
  }
  swap.fill(0);
  const tail = (1 - confidence) / 2;
  return {
    observed,
    perSplit,
    sd,
    se: kept > 1 ? Math.sqrt(ss / (kept - 1)) : Number.NaN,
    low: quantile(sorted, tail),
    high: quantile(sorted, 1 - tail),
    confidence,
    pBootstrap: kept === 0 ? Number.NaN : (1 + far) / (1 + kept),
    pRandomization: valid === 0 ? Number.NaN : (1 + extreme) / (1 + valid),
    samples,
    undefinedSamples,
  };
}
