/** A plan's notes in words (the planner records them as facts, see `PlanNote`). */
import type { PlanNote } from '../plan/types.js';

/** One note as a sentence fragment, as the plan's reports print it. */
export function noteText(n: PlanNote): string {
  switch (n.kind) {
    case 'no-held-out': return `no held-out estimate: the data has ${n.units} ${n.unit} (at least 2 are needed to split)`;
    case 'fewer-folds': return `held-out estimate with ${n.folds} folds: the data has only ${n.units} ${n.unit}s`;
    case 'by-sentence': return 'the corpus has one document: held-out splits and tests are by sentence';
    case 'holdout': return `planned on ${n.train} of ${n.units} ${n.unit}s; the other ${n.test === 1 ? `${n.unit} is` : `${n.test} are`} held out (seed ${n.seed})`;
    case 'alpha-unreachable':
      return `with ${n.samples} resamples no p-value is below ${Number((1 / (n.samples + 1)).toPrecision(3))}, so no selection can reach --alpha ${n.alpha}: raise --samples`;
    case 'few-held-out':
      return `only ${n.units === 1 ? `one ${n.unit} is` : `${n.units} ${n.unit}s are`} held out: approximate randomization swaps the two sides' outputs ${n.units === 1 ? 'on it' : 'on each'}, which it can do in only ${2 ** n.units} ways, ${n.units === 1 ? 'both' : 'two'} of which give the observed difference, so its p-value stays near or above ${Number((2 / 2 ** n.units).toPrecision(3))} and no selection can be shown better than the baselines at --alpha ${n.alpha}; the bootstrap's intervals and p-values rest on as few ${n.unit}s and say as little: hold out more ${n.unit}s`;
    case 'test-set': return 'test figures come from the test set, which took no part in any choice';
    case 'test-shares-documents':
    {
      // Compared by sentence where either side is one document (no document markers).
      const unit = n.unit ?? 'document';
      const oneDocument = n.unit === 'sentence' ? ' (sentences compared, as one of the two has a single document, which no document of the other can match)' : '';
      return `${n.shared} of the test set's ${n.of} ${unit}s ${n.shared === 1 ? `is a ${unit}` : `are ${unit}s`} of the planning data (the same tokens; the first, test ${unit} ${n.first.other}, is planning ${unit} ${n.first.base})${oneDocument}: `
        + `the test figures are ${n.shared === n.of ? 'in-sample, no test at all' : 'partly in-sample, not a clean test'}; keep the test ${unit}s out of the planning data`;
    }
    case 'test-by-sentence': return `the test set has one document: its paired tests are over its ${n.sentences} sentences, which share one document and are less independent than documents: read its p-values and intervals with care`;
    case 'objective-flat': {
      const at = (x: number) => (n.rate ? (100 * x).toFixed(3) : x.toPrecision(6));
      return `the five procedures' in-sample objectives all lie between ${at(n.low)} and ${at(n.high)}, within ${n.rate ? '0.1 points' : '0.001'} of each other: `
        + 'the choice among them rests on very small differences'
        + (n.k ? ' (K with α below 1 is near its maximum whenever P and R are close, whatever their level: an objective such as f1 tells systems apart better)' : '');
    }
    case 'counts-objective': {
      const parts = [...(n.heldOut ? [`held-out ones on ${n.pooled ? 'each' : 'the'} part held out`] : []), ...(n.test ? ['test ones on the test set'] : [])];
      const pooled = n.pooled ? `; pooled ones count every ${n.unit} once (per repeat), as in-sample ones do, so those two compare and their difference is the optimism` : '';
      const inSample = n.planned === undefined ? `all ${n.units} ${n.unit}s` : `the ${n.planned} of ${n.units} ${n.unit}s planned on`;
      return `the objective reads counts (tp, fp, fn), which grow with the data: in-sample figures are on ${inSample}, ${parts.join(' and ')}, `
        + `so figures of these columns are not comparable${!n.pooled && n.heldOut ? ' and no optimism is given' : ''}${pooled}: `
        + 'compare procedures within one column, or use rates (p, r, f)';
    }
  }
}
