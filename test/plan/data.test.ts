/**
 * buildPlanData's options are refused when misspelt rather than left out.
 */
import { describe, expect, it } from 'vitest';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { buildPlanData } from '../../src/plan/data.js';
import { makeCorpus, span } from '../helpers/corpus.js';
import { unknownOption } from '../helpers/errors.js';

const index = buildEnsembleIndex(makeCorpus([span(0, 2, 'PER'), span(10, 11, 'LOC')], [[span(0, 2, 'PER')], [span(10, 11, 'LOC')]], ['a', 'b']));

describe('buildPlanData: option names', () => {
  it('refuses a misspelt option, naming it and the option meant, and takes it spelt right', () => {
    unknownOption(() => buildPlanData(index, { unit: 'sentence' } as never), 'unit', 'units');
    unknownOption(() => buildPlanData(index, { selected: () => true } as never), 'selected', 'select');
    expect(buildPlanData(index, { units: 'sentence', select: () => true }).n).toBe(2);
    // A selection function alone is still taken.
    expect(buildPlanData(index, () => true).n).toBe(2);
  });
});
