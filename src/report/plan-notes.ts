/** A plan's notes in words (the planner records them as facts, see `PlanNote`). */
import type { PlanNote } from '../plan/types.js';

/** One note as a sentence fragment, as the plan's reports print it. */
export function noteText(n: PlanNote): string {
  switch (n.kind) {
    case 'no-held-out': return `no held-out estimate: the data has ${n.units} ${n.unit} (at least 2 are needed to split)`;
    case 'fewer-folds': return `held-out estimate with ${n.folds} folds: the data has only ${n.units} ${n.unit}s`;
    case 'by-sentence': return 'the corpus has one document: held-out splits and tests are by sentence';
    case 'holdout': return `planned on ${n.train} of ${n.units} ${n.unit}s; the other ${n.test} are held out (seed ${n.seed})`;
    case 'alpha-unreachable':
      return `with ${n.samples} resamples no p-value is below ${Number((1 / (n.samples + 1)).toPrecision(3))}, so no selection can reach --alpha ${n.alpha}: raise --samples`;
    case 'test-set': return 'test figures come from the test set, which took no part in any choice';
  }
}
