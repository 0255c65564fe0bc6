/**
 * The bootstrap of the selection procedure (out-of-bootstrap): each resample draws as many
 * units (documents, or sentences of a one-document corpus) as the planning data has, with
 * replacement; **every procedure chooses again on the resample** (a unit drawn k times weighs k
 * times: its items are repeated), and each choice is scored on the units the resample left out.
 * The spread over resamples says how much what a procedure's choice scores on unseen units
 * varies with the planning data, selection included — unlike resampling a fixed winner's
 * counts, which cannot see the optimism of having chosen it.
 *
 * Resamples that leave no unit out are skipped (with many units they do not happen). Intervals
 * are percentile intervals. Deterministic for a seed.
 *
 * References: B. Efron, R. Tibshirani, "Improvements on cross-validation: the .632+ bootstrap
 * method", JASA 92 (1997) (the out-of-bootstrap estimate); Efron & Tibshirani 1993, ch. 13.
 */
import type { EnsembleIndex } from '../ensemble/simulate.js';
import { choiceCounts } from './choice.js';
import { buildPlanData, type UnitKind } from './data.js';
import { choiceValue, PROCEDURE_NAMES, runProcedures } from './procedures.js';
import type { Scorer } from './scores.js';
import type { Progress, SearchSettings } from './search.js';
import { mulberry32, quantile } from './split.js';
import type { BootstrapResult, ProcedureName } from './types.js';
import { sentenceCount } from '../model/sentence-table.js';

export interface ReselectingBootstrapOptions {
  samples: number;
  seed: number;
  confidence?: number;
  /** The procedure compared with the baselines. */
  procedure: ProcedureName;
  /** The planning units (all units of the corpus when absent). */
  units?: readonly number[];
}

/**
 * The out-of-bootstrap estimate of every procedure (see the module comment).
 * @throws RangeError for a non-positive or fractional number of samples.
 */
export function reselectingBootstrap(
  index: EnsembleIndex, unitKind: UnitKind, scorer: Scorer, s: SearchSettings, o: ReselectingBootstrapOptions, onProgress: Progress,
): BootstrapResult {
  if (!Number.isInteger(o.samples) || o.samples < 1) throw new RangeError(`samples must be a positive integer, got ${o.samples}`);
  const confidence = o.confidence ?? 0.95;
  const total = unitKind === 'sentence' ? sentenceCount(index.corpus) : index.corpus.documents.length;
  const pool = o.units ?? Array.from({ length: total }, (_, u) => u);
  const random = mulberry32(o.seed);
  const values: Record<ProcedureName, number[]> = { selection: [], caruana: [], 'best-single': [], 'majority-all': [], 'vote-all': [] };
  let skipped = 0;
  for (let b = 0; b < o.samples; b++) {
    const copies = new Int32Array(total);
    for (let k = 0; k < pool.length; k++) copies[pool[Math.floor(random() * pool.length)]]++;
    const out = new Uint8Array(total);
    let left = 0;
    for (const u of pool) {
      if (copies[u] === 0) {
        out[u] = 1;
        left++;
      }
    }
    if (left === 0) {
      skipped++;
      continue;
    }
    const procedures = runProcedures(buildPlanData(index, { units: unitKind, copies }), scorer, s, undefined);
    const oob = buildPlanData(index, { units: unitKind, select: (u) => out[u] === 1 });
    for (const name of PROCEDURE_NAMES) {
      const c = procedures.chosen[name].choice;
      values[name].push(choiceValue(oob, scorer, c, choiceCounts(oob, c)));
    }
    onProgress?.('bootstrap', b + 1, o.samples);
  }
  const tail = (1 - confidence) / 2;
  const summary = (xs: number[]) => {
    const finite = Float64Array.from(xs.filter((x) => !Number.isNaN(x))).sort();
    const mean = finite.reduce((a, x) => a + x, 0) / finite.length;
    return { mean, low: quantile(finite, tail), high: quantile(finite, 1 - tail) };
  };
  const sign = scorer.objective.minimise ? -1 : 1;
  return {
    samples: o.samples, seed: o.seed, confidence, units: unitKind, reselected: true, procedure: o.procedure,
    procedures: PROCEDURE_NAMES.map((name) => ({ name, ...summary(values[name]) })),
    vsBaselines: PROCEDURE_NAMES.filter((name) => name !== o.procedure).map((name) => {
      const diffs = values[o.procedure].map((v, k) => sign * (v - values[name][k]));
      const defined = diffs.filter((d) => !Number.isNaN(d));
      return { name, ...summary(diffs), notBetter: defined.filter((d) => d <= 0).length / defined.length };
    }),
    skipped,
  };
}
