/**
 * The planner's search run in slices: the same result as run at once, progress between slices,
 * and a stop that ends it.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../src/formats/load.js';
import { buildPlanData } from '../../src/plan/data.js';
import { parseObjective } from '../../src/plan/objective.js';
import { searchSetup } from '../../src/plan/plan.js';
import { search, searchSteps, type SearchStrategy } from '../../src/plan/search.js';
import { finish, runInSlices, type Steps } from '../../src/plan/steps.js';

const NEWS = join(import.meta.dirname, '../../examples/news');
const corpus = loadCorpus({
  ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'),
  systems: ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'].map((s) => parseSystemArg(join(NEWS, 'systems', `${s}.conll`))),
});
const data = buildPlanData(buildEnsembleIndex(corpus));

function setup(strategy: SearchStrategy) {
  return searchSetup(data.names, { objective: parseObjective('f1'), search: strategy });
}

/** What a search lists, comparably. */
const listedOf = (p: ReturnType<typeof search>) => p.listed.map((l) => [l.S, l.ruleIndex, l.value]);

describe('steps', () => {
  it('finish runs a computation to its result; runInSlices gives the same, with a slice after each yield at sliceMs 0', async () => {
    function* count(): Steps<number> {
      let x = 0;
      for (let i = 0; i < 5; i++) { x += i; yield; }
      return x;
    }
    expect(finish(count())).toBe(10);
    let slices = 0;
    expect(await runInSlices(count(), { sliceMs: 0, onSlice: () => slices++ })).toEqual({ status: 'done', value: 10 });
    expect(slices).toBe(5);
  });

  it('an abort stops the computation at its next yield and runs its finally block', async () => {
    const stop = new AbortController();
    let steps = 0;
    let closed = false;
    function* endless(): Steps<never> {
      try {
        for (;;) { steps++; yield; }
      } finally {
        closed = true;
      }
    }
    const outcome = runInSlices(endless(), { sliceMs: 0, signal: stop.signal, onSlice: () => { if (steps === 3) stop.abort(); } });
    expect(await outcome).toEqual({ status: 'stopped' });
    expect(steps).toBe(3);
    expect(closed).toBe(true);
  });

  it('an error thrown by the computation rejects', async () => {
    // eslint-disable-next-line require-yield
    function* failing(): Steps<void> { throw new Error('no'); }
    await expect(runInSlices(failing())).rejects.toThrow('no');
  });
});

describe('the search in slices', () => {
  for (const strategy of ['greedy', 'exhaustive', 'beam', 'auto'] as const) {
    it(`${strategy}: the same candidates as search(), and progress reported between slices`, async () => {
      const { settings, scorer } = setup(strategy);
      const once = search(data, scorer, settings, undefined);
      const seen: string[] = [];
      let slices = 0;
      const outcome = await runInSlices(searchSteps(data, scorer, settings, (phase, done, total) => seen.push(`${phase} ${done}/${total}`)), { sliceMs: 0, onSlice: () => slices++ });
      expect(outcome.status).toBe('done');
      if (outcome.status !== 'done') return;
      expect(listedOf(outcome.value)).toEqual(listedOf(once));
      expect(outcome.value.ctx.store.length).toBe(once.ctx.store.length);
      expect(slices).toBeGreaterThan(4);
      expect(seen).toContain('greedy 4/4');
      expect(seen.at(-1)).toBe('caruana 1/1');
      if (strategy === 'exhaustive') expect(seen.slice(0, 2)).toEqual(['exhaustive 0/124', 'exhaustive 124/124']);
    });

    it(`${strategy}: runs the caller's work alongside once, and lists the same`, () => {
      const { settings, scorer } = setup(strategy);
      let calls = 0;
      const with_ = search(data, scorer, settings, undefined, '', () => calls++);
      expect(calls).toBe(1);
      expect(listedOf(with_)).toEqual(listedOf(search(data, scorer, settings, undefined)));
    });
  }
});
