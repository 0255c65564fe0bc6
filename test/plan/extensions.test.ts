/**
 * Every one-member extension of a counted vote in one pass: the counts equal those of the
 * weighted vote of each extension, scored alone.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { buildPlanData, type PlanData } from '../../src/plan/data.js';
import { actualVote } from '../../src/plan/engine.js';
import { extensionCounts } from '../../src/plan/extensions.js';
import { corpusArb } from '../helpers/corpus.js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LOAD_OPTIONS, loadCorpus } from '../../src/formats/load.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const exists = conll03Present('extensions');

/** The weighted vote of counts `c` (the same weight for every label and for O), scored alone. */
function alone(data: PlanData, c: Int32Array) {
  const L = Math.max(1, data.labels.length);
  const label = new Float64Array(data.n * L);
  for (let m = 0; m < data.n; m++) label.fill(c[m], m * L, (m + 1) * L);
  let S = 0;
  for (let m = 0; m < data.n; m++) if (c[m] > 0) S |= 1 << m;
  return actualVote(data, S, 0, { unit: false, label, o: Float64Array.from(c) });
}

function checkAll(data: PlanData, counts: Int32Array): void {
  let S = 0;
  for (let m = 0; m < data.n; m++) if (counts[m] > 0) S |= 1 << m;
  const ext = extensionCounts(data, S, 0, counts);
  for (let m = 0; m < data.n; m++) {
    const c = Int32Array.from(counts);
    c[m]++;
    expect(ext[m], `add ${m} to [${[...counts]}]`).toEqual(alone(data, c));
  }
}

describe('extensionCounts', () => {
  it('gives, for every member, the counts of the vote with that member\'s count one larger', () => {
    fc.assert(
      fc.property(corpusArb(2, 7), fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 7, maxLength: 7 }), (corpus, raw) => {
        const data = buildPlanData(buildEnsembleIndex(corpus));
        const counts = Int32Array.from({ length: data.n }, (_, m) => raw[m]);
        checkAll(data, counts);
        // The empty ensemble's extensions are the systems alone.
        checkAll(data, new Int32Array(data.n));
      }),
      { numRuns: 300 },
    );
  });

  it.skipIf(!exists)('agrees on the CoNLL-2003 systems, for counts as ensemble selection makes them', () => {
    const files = readdirSync(CONLL03_DIR).filter((f) => f.endsWith('.conll') && f !== 'gold.conll').sort();
    const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(CONLL03_DIR, 'gold.conll'), systems: files.map((f) => ({ name: f.replace(/\.conll$/, ''), path: join(CONLL03_DIR, f) })) });
    const data = buildPlanData(buildEnsembleIndex(corpus));
    for (const counts of [[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], [2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1], [3, 2, 1, 1, 1, 0, 1, 0, 0, 2, 0, 1]]) {
      checkAll(data, Int32Array.from(counts.slice(0, data.n)));
    }
  });
});
