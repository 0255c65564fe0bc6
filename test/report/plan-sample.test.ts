/** combine --plan's sentence on whether its score is in-sample: pure text from the plan file. */
import { describe, expect, it } from 'vitest';
import type { PlanFile } from '../../src/plan/plan-file.js';
import { planSampleNote } from '../../src/report/plan-sample.js';

const plan = (patch: Partial<PlanFile>): PlanFile => ({
  schemaVersion: 1, kind: 'complan-plan', rule: 'vote', members: ['a', 'b'], objective: 'f1',
  planning: { objective: 0.9, f: 0.9, precision: 0.9, recall: 0.9 }, systems: ['a', 'b'],
  chosenOn: { fingerprint: 'f', unit: 'document', planned: 8, of: 8 }, ...patch,
});

describe('planSampleNote', () => {
  it('calls a score on the planning gold in-sample, in part when some units were held out, with the held-out estimate', () => {
    expect(planSampleNote(plan({ heldOut: { objective: 0.9123, sd: 0.0201, splits: 5 } }), true))
      .toBe('in-sample: the plan was chosen on this gold standard (all 8 documents), so this score may flatter the plan; held out it scored 91.23 ± 2.01 (f1, sd over 5 splits)');
    expect(planSampleNote(plan({ chosenOn: { fingerprint: 'f', unit: 'sentence', planned: 1, of: 4 }, heldOut: { objective: 0.5, sd: null, splits: 1 } }), true))
      .toBe('partly in-sample: the plan was chosen on 1 of this gold standard\'s 4 sentences, so this score may flatter the plan; held out it scored 50.00 (f1, over 1 split)');
    // An objective that is not a rate keeps its own units; no estimate, nothing said of one.
    expect(planSampleNote(plan({ objective: 'tp - fp', heldOut: { objective: 12.5, sd: 1.25, splits: 2 } }), true)).toContain('held out it scored 12.5000 ± 1.2500 (tp - fp, sd over 2 splits)');
    expect(planSampleNote(plan({}), true)).toBe('in-sample: the plan was chosen on this gold standard (all 8 documents), so this score may flatter the plan');
  });

  it('does not say that a score flatters a plan that selects nothing (vote-all, majority-all)', () => {
    expect(planSampleNote(plan({ chosenBy: 'vote-all', heldOut: { objective: 0.9495, sd: 0.0467, splits: 5, pooled: 0.9516 } }), true))
      .toBe('in-sample: the plan was chosen on this gold standard (all 8 documents), but the plan (vote-all) combines every system and selects none, so this score is not flattered by a selection; '
        + 'held out it scored 94.95 ± 4.67 (f1, sd over 5 splits; 95.16 pooled over them)');
    expect(planSampleNote(plan({ chosenBy: 'selection' }), true)).toContain('so this score may flatter the plan');
  });

  it('names the procedure whose estimate a top candidate carries: the search\'s top candidate, chosen again on each training part', () => {
    expect(planSampleNote(plan({ chosenBy: 'top', heldOut: { objective: 0.9592, sd: 0.0437, splits: 5, pooled: 0.9615 } }), true))
      .toBe('in-sample: the plan was chosen on this gold standard (all 8 documents), so this score may flatter the plan; '
        + 'held out the search\'s top candidate (selection, chosen again on each training part) scored 95.92 ± 4.37 (f1, sd over 5 splits; 96.15 pooled over them)');
  });

  it('says that an objective of counts held out on a part counts that part only, not the whole', () => {
    const held = plan({ objective: 'min:fp+fn', chosenOn: { fingerprint: 'f', unit: 'document', planned: 4, of: 8 }, heldOut: { objective: 8, sd: null, splits: 1 } });
    expect(planSampleNote(held, true, true)).toContain('held out it scored 8 (min:fp+fn, over 1 split; counts of the 4 documents held out, not comparable with a score on all of them)');
    // Pooled over folds, the counts are on the whole's scale: nothing to add.
    const pooled = plan({ objective: 'min:fp+fn', heldOut: { objective: 3.4, sd: 2.3, splits: 5, pooled: 17 } });
    expect(planSampleNote(pooled, true, true)).toContain('(min:fp+fn, sd over 5 splits; 17 pooled over them)');
  });

  it('does not call a score on another gold standard in-sample', () => {
    expect(planSampleNote(plan({}), false)).toBe('the plan was chosen on another gold standard: this score is not in-sample, unless the two share documents');
  });

  it('does not call a score on a gold standard of one document not in-sample, as its text may be the planning documents\'', () => {
    const keyed = plan({ chosenOn: { fingerprint: 'f', unit: 'document', planned: 8, of: 8, documents: ['a', 'b', 'c'] } });
    expect(planSampleNote(keyed, false, false, { shared: 0, compared: 1, documents: 1 })).toBe(
      'the plan was chosen on another gold standard, whose documents this one, a single document (no document markers), cannot match: this score is not in-sample only if it holds none of their text',
    );
    // With the keys of its sentences, they are compared: none, some or all of them.
    const sentenced = plan({ chosenOn: { fingerprint: 'f', unit: 'document', planned: 8, of: 8, documents: ['a', 'b'], sentences: ['c', 'd', 'e'] } });
    expect(planSampleNote(sentenced, false, false, { shared: 0, compared: 40, unit: 'sentence' }))
      .toBe('the plan was chosen on another gold standard, which has none of this one\'s 40 sentences (of 10 tokens or more): this score is not in-sample');
    expect(planSampleNote(sentenced, false, false, { shared: 1, compared: 40, unit: 'sentence' }))
      .toBe('partly in-sample: 1 of this gold standard\'s 40 sentences (of 10 tokens or more) is a sentence the plan was chosen on, so this score may flatter the plan');
    expect(planSampleNote(sentenced, false, false, { shared: 40, compared: 40, unit: 'sentence' }))
      .toBe('in-sample: the plan was chosen on another gold standard that holds every one of this one\'s 40 sentences (of 10 tokens or more), so this score may flatter the plan');
    // Counts of sentences with a plan that has no keys of them: nothing to say of them.
    expect(planSampleNote(keyed, false, false, { shared: 3, compared: 40, unit: 'sentence' })).toBe('the plan was chosen on another gold standard: this score is not in-sample, unless the two share documents');
    // Several documents, none of them the plan's: not in-sample.
    expect(planSampleNote(keyed, false, false, { shared: 0, compared: 2, documents: 2 })).toContain('which has none of this one\'s 2 documents (of 10 tokens or more): this score is not in-sample');
  });
});
