/**
 * The Planner view with forty invented systems (written here): members above 31 — in the
 * member sets' high word — are selected, shown and scored as the planner scores them; `g` lists
 * `complan plan --search greedy`'s candidates by name, and Enter loads one with members above
 * 31; `e` says in its status line that exhaustive search takes at most 30 systems.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { App } from '../../../cli/tui/App.js';
import { buildModel, selectionScores, type TuiModel } from '../../../cli/tui/model.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../../src/formats/load.js';
import { DEFAULT_EVAL_OPTIONS } from '../../../src/metrics/evaluate.js';
import { bitHi, bitLo } from '../../../src/plan/member-set.js';
import { writeManySystems } from '../../helpers/many-systems.js';
import { runCli } from '../helpers.js';
import { KEY, pc, plain, press, render, resize, until } from './helpers.js';

const files = writeManySystems(40, 8, 31);
afterAll(() => {
  cleanup();
  rmSync(files.dir, { recursive: true, force: true });
});

let cached: TuiModel | undefined;
const model = (): TuiModel => (cached ??= buildModel(loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: files.gold, systems: files.systems.map(parseSystemArg) }), DEFAULT_EVAL_OPTIONS));

async function planner(columns = 120) {
  const inst = render(<App model={model()} initialView={2} />);
  await resize(inst, columns, 40);
  return { ...inst, frame: () => plain(inst.lastFrame()) };
}

/** The F (third figure) of the `actual` row. */
const actualF = (f: string) => /actual\s+[\d.]+\s+[\d.]+\s+([\d.]+)/.exec(f)?.[1];

describe('tui Planner with 40 systems', () => {
  it('selects systems above 31 and scores them as the planner does', async () => {
    const { frame, stdin } = await planner();
    expect(frame()).toContain('Systems (0 of 40)');
    // Down to system 34 (index 33), then to 39 (index 38) and system 1 (index 0).
    await press(stdin, ...Array<string>(33).fill(KEY.down), KEY.space);
    let f = frame();
    expect(f).toContain('Systems (1 of 40)');
    expect(f).toMatch(/34 \[x\] sys33/);
    const m = model();
    const alone = selectionScores(m, 0, bitHi(33), 0)!;
    expect(actualF(f)).toBe(pc(alone.actual.f));
    await press(stdin, ...Array<string>(5).fill(KEY.down), KEY.space);
    await press(stdin, ...Array<string>(38).fill(KEY.up), KEY.space, 'r', 'r');
    f = frame();
    expect(f).toContain('Systems (3 of 40)');
    expect(f).toContain('Rule majority');
    expect(f).toMatch(/ 1 \[x\] sys00/);
    const majority = selectionScores(m, bitLo(0), bitHi(33) | bitHi(38), 2)!;
    expect(actualF(f)).toBe(pc(majority.actual.f));
  });

  it('g lists plan --search greedy\'s candidates by name, and Enter loads the first', async () => {
    const cli = await runCli(['plan', '--search', 'greedy', '--folds', '0', '--format', 'json', '--gold', files.gold, ...files.systems]);
    expect(cli.code, cli.stderr).toBe(0);
    const want = JSON.parse(cli.stdout) as { search: { evaluated: number }; candidates: Array<{ members: string[]; rule: string; objective: { actual: number } }> };
    const top = want.candidates[0];
    expect(top.members.some((name) => Number(name.slice(3)) >= 32)).toBe(true);
    const { frame, stdin } = await planner();
    await press(stdin, 'g');
    const f = await until(frame, (x) => x.includes('greedy') && x.includes('done,'), 20000);
    expect(f).toContain(`done, ${want.search.evaluated} candidates`);
    expect(f).toContain(`1 F1 ${pc(top.objective.actual)} ${top.rule}`);
    await press(stdin, KEY.right, KEY.enter);
    const g = frame();
    expect(g).toContain(`Systems (${top.members.length} of 40)`);
    expect(g).toContain(`Rule ${top.rule}`);
    for (const name of top.members) expect(g).toMatch(new RegExp(`\\[x\\] ${name}`));
    expect(actualF(g)).toBe(pc(top.objective.actual));
  });

  it('e ends failed with the planner\'s reason', async () => {
    const { frame, stdin } = await planner(160);
    await press(stdin, 'e');
    const f = await until(frame, (x) => x.includes('30 systems'));
    expect(f).toContain('exhaustive: exhaustive search takes at most 30 systems, got 40: g runs the greedy search');
  });
});
