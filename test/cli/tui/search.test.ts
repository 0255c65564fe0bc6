/**
 * The planner view's searches are `complan plan`'s: the list they end with equals plan()'s
 * candidates for the same strategy (members, rules, order, values), their progress advances
 * while they run in slices, and a running search stops.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../../src/formats/load.js';
import { DEFAULT_EVAL_OPTIONS } from '../../../src/metrics/evaluate.js';
import { parseObjective } from '../../../src/plan/objective.js';
import { plan } from '../../../src/plan/plan.js';
import { buildModel, membersOf } from '../../../cli/tui/model.js';
import { refusal, SEARCH_TOP, startSearch, type SearchKind, type SearchState } from '../../../cli/tui/search.js';
import { exampleCorpus, exampleModel, HELPS, NEWS, NEWS_SYSTEMS } from './helpers.js';

/** Runs a search to its end, keeping every state it reported. */
async function run(dir: string, kind: SearchKind, sliceMs?: number): Promise<SearchState[]> {
  const states: SearchState[] = [];
  await startSearch(exampleModel(dir), kind, (s) => states.push(s), sliceMs).finished;
  return states;
}

describe('tui searches', () => {
  for (const dir of [NEWS, HELPS]) {
    for (const kind of ['greedy', 'exhaustive'] as const) {
      it(`${kind} on ${dir.split('/').slice(-2).join('/')}: the list of plan({ search: '${kind}', folds: 0 })`, async () => {
        const m = exampleModel(dir);
        const want = plan(exampleCorpus(dir), { objective: parseObjective('f1'), search: kind, folds: 0, top: SEARCH_TOP });
        const last = (await run(dir, kind)).at(-1)!;
        expect(last.status).toBe('done');
        expect(last.objective).toBe(want.objective.description);
        expect(last.evaluated).toBe(want.search.evaluated);
        const got = last.top.map((c) => ({ members: membersOf(c.mask, c.maskHi).map((i) => m.names[i]), rule: m.ruleNames[c.rule], value: c.value }));
        expect(got).toEqual(want.candidates.map((c) => ({ members: c.members, rule: c.rule, value: c.objective.actual })));
      });
    }
  }

  it('greedy on the news example finds what plan --search greedy finds: majority(confuser+crf+gazetteer) third', async () => {
    const m = exampleModel(NEWS);
    const third = (await run(NEWS, 'greedy')).at(-1)!.top[2];
    expect(m.ruleNames[third.rule]).toBe('majority');
    expect(membersOf(third.mask, third.maskHi).map((i) => m.names[i])).toEqual(['confuser', 'crf', 'gazetteer']);
    expect(third.value).toBeCloseTo(0.9642, 4);
  });

  it('progress advances between slices: the planner\'s phases in order, each counting up', async () => {
    const states = await run(NEWS, 'exhaustive', 0);
    const running = states.filter((s) => s.status === 'running');
    expect(running.length).toBeGreaterThan(5);
    expect([...new Set(running.map((s) => s.phase))]).toEqual(['exhaustive', 'greedy']);
    const greedy = running.filter((s) => s.phase === 'greedy').map((s) => s.done);
    expect(greedy).toEqual([...greedy].sort((a, b) => a - b));
    expect(new Set(greedy).size).toBeGreaterThan(1);
    // Before the planner's first report the state counts nothing; exhaustive search then reports its 124 candidates.
    expect(running[0]).toMatchObject({ phase: 'exhaustive', done: 0 });
    expect(running.filter((s) => s.phase === 'exhaustive').at(-1)).toMatchObject({ done: 124, total: 124 });
    expect(states.at(-1)).toMatchObject({ status: 'done', phase: 'caruana', done: 1, total: 1 });
  });

  it('stop ends a running search: it reports stopped, lists nothing, and reports no more', async () => {
    const states: SearchState[] = [];
    const handle = startSearch(exampleModel(NEWS), 'exhaustive', (s) => {
      states.push(s);
      if (states.length === 3) handle.stop();
    }, 0);
    await handle.finished;
    expect(states.at(-1)).toMatchObject({ status: 'stopped', top: [] });
    expect(states.filter((s) => s.status === 'running')).toHaveLength(3);
    const count = states.length;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(states).toHaveLength(count);
  });

  it('a search the planner refuses ends failed, with its message', async () => {
    // 25 systems (the news systems, five times each) are more member sets than exhaustive search takes.
    const systems = Array.from({ length: 25 }, (_, i) => parseSystemArg(`s${i}=${NEWS_SYSTEMS[i % NEWS_SYSTEMS.length]}`));
    const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems });
    const states: SearchState[] = [];
    await startSearch(buildModel(corpus, DEFAULT_EVAL_OPTIONS), 'exhaustive', (s) => states.push(s)).finished;
    expect(states.at(-1)!.status).toBe('failed');
    // In the TUI's terms: the key that runs a search it takes, not the planner's options (maxSize, search), which the TUI has not.
    expect(states.at(-1)!.error).toBe('exhaustive search over 25 systems means 33554431 member sets (more than 16777216): g runs the greedy search');
    expect(refusal(new Error('boom'))).toBe('boom');
  });
});
