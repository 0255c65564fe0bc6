/**
 * What `combine --plan` says of the score it prints beside a plan: whether the gold standard it
 * scored against is the one the plan was chosen on (in-sample, in whole or in part), with the
 * plan's held-out estimate to set beside it, or another. Pure: the caller compares fingerprints.
 */
import type { PlanFile } from '../plan/plan-file.js';
import { objectiveText } from './plan-values.js';

/**
 * One sentence on the score's sample, for a plan that records where it was chosen (`chosenOn`).
 * `counts`: the plan's objective reads raw counts, whose held-out figure on a part is on that part's scale.
 */
export function planSampleNote(
  plan: PlanFile, sameGold: boolean, counts = false, among?: { shared: number; compared: number; documents?: number; unit?: 'document' | 'sentence' },
): string {
  const on = plan.chosenOn!;
  const units = (n: number) => `${n} ${on.unit}${n === 1 ? '' : 's'}`;
  if (!sameGold) {
    // The plan knows its documents or sentences (among: how many of this gold standard's are theirs), or only its gold standard.
    const unit = among?.unit ?? 'document';
    const keys = unit === 'document' ? on.documents : on.sentences;
    if (among === undefined || keys === undefined) return `the plan was chosen on another gold standard: this score is not in-sample, unless the two share ${on.unit}s`;
    const of = `${among.compared} ${unit}${among.compared === 1 ? '' : 's'} (of 10 tokens or more)`;
    // One document (a file without document markers) is no document of the plan's, whatever text it holds.
    if (unit === 'document' && among.shared === 0 && among.documents === 1 && keys.length > 1) {
      return `the plan was chosen on another gold standard, whose documents this one, a single document (no document markers), cannot match: this score is not in-sample only if it holds none of their text`;
    }
    if (among.shared === 0) return `the plan was chosen on another gold standard, which has none of this one's ${of}: this score is not in-sample`;
    const flatters = plan.chosenBy === 'vote-all' || plan.chosenBy === 'majority-all'
      ? `, but the plan (${plan.chosenBy}) combines every system and selects none, so this score is not flattered by a selection`
      : ', so this score may flatter the plan';
    return among.shared === among.compared
      ? `in-sample: the plan was chosen on another gold standard that holds every one of this one's ${of}${flatters}`
      : `partly in-sample: ${among.shared} of this gold standard's ${of} ${among.shared === 1 ? `is a ${unit}` : `are ${unit}s`} the plan was chosen on${flatters}`;
  }
  const value = (x: number) => objectiveText(plan.objective, x);
  const h = plan.heldOut;
  const held = h === undefined
    ? ''
    : `; held out ${plan.chosenBy === 'top' ? 'the search\'s top candidate (selection, chosen again on each training part)' : 'it'} scored ${value(h.objective)}${h.sd === null ? '' : ` ± ${value(h.sd)}`} (${plan.objective}, ${h.sd === null ? '' : 'sd '}over ${h.splits} split${h.splits === 1 ? '' : 's'}`
      // Pooled over the splits: for a choice of nothing (vote-all) this is the in-sample score.
      + `${h.pooled === undefined || Number.isNaN(h.pooled) || h.splits === 1 ? '' : `; ${value(h.pooled)} pooled over them`}`
      // An objective of counts held out on a part (no pooled figure) counts a part of the data: not the whole's scale.
      + `${counts && (h.pooled === undefined || Number.isNaN(h.pooled)) ? `; counts of the ${on.of - on.planned} ${on.unit}${on.of - on.planned === 1 ? '' : 's'} held out, not comparable with a score on all of them` : ''})`;
  const part = on.planned >= on.of ? `in-sample: the plan was chosen on this gold standard (all ${units(on.of)})` : `partly in-sample: the plan was chosen on ${on.planned} of this gold standard's ${units(on.of)}`;
  // A baseline that combines every system selects nothing: its score on the data is no selection's luck.
  if (plan.chosenBy === 'vote-all' || plan.chosenBy === 'majority-all') {
    return `${part}, but the plan (${plan.chosenBy}) combines every system and selects none, so this score is not flattered by a selection${held}`;
  }
  return `${part}, so this score may flatter the plan${held}`;
}
