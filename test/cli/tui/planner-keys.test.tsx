/**
 * The Planner's keys as one pure function of the latest state, and in the app: keys written
 * together (no render between them, as a slow link delivers them) act on the cursor each one
 * leaves; with one system, the keys that plan start nothing and the pane says why.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { App } from '../../../cli/tui/App.js';
import { INITIAL_PLANNER, NOTHING_TO_PLAN, plannerKey, type PlannerContext, type PlannerState } from '../../../cli/tui/planner-keys.js';
import { KEY, namedModel, newsModel, plain, press, render, resize, settle, until } from './helpers.js';

afterEach(() => cleanup());

const context: PlannerContext = {
  systems: 5, rules: 4, candidates: [{ mask: 0b110, maskHi: 0, rule: 3, value: 0.9 }, { mask: 0b11, maskHi: 0, rule: 0, value: 0.8 }], procedures: [],
  searchRunning: false, checkRunning: false, selectionOf: () => null,
  explain: () => { throw new Error('not asked'); },
};

/** The state after the keys, each handed the state the one before left. */
function after(keys: Array<Parameters<typeof plannerKey>[1]>, s: PlannerState = INITIAL_PLANNER): PlannerState {
  return keys.reduce((st, k) => plannerKey(st, k, context).state, s);
}

describe('plannerKey', () => {
  it('↓ ↓ space toggles the third system, where the cursor is', () => {
    const s = after([{ input: '', down: true }, { input: '', down: true }, { input: ' ' }]);
    expect(s.cursor).toBe(2);
    expect(s.selected).toBe(0b100);
  });

  it('the cursor stays within the systems; space twice toggles back', () => {
    expect(after([{ input: '', up: true }]).cursor).toBe(0);
    expect(after(Array.from({ length: 9 }, () => ({ input: '', down: true }))).cursor).toBe(4);
    expect(after([{ input: ' ' }, { input: ' ' }]).selected).toBe(0);
  });

  it('→ moves to the candidates, ↓ Enter loads the second one, back on the systems', () => {
    const s = after([{ input: '', right: true }, { input: '', down: true }, { input: '', enter: true }]);
    expect(s).toMatchObject({ selected: 0b11, rule: 0, focus: 'systems', pick: 1 });
  });

  it('r cycles the rules and drops weights; g, e, h and Esc name the work they start', () => {
    expect(after([{ input: 'r' }, { input: 'r' }, { input: 'r' }, { input: 'r' }]).rule).toBe(0);
    expect(plannerKey({ ...INITIAL_PLANNER, weights: { a: 2 } }, { input: 'r' }, context).state.weights).toBeUndefined();
    expect(plannerKey(INITIAL_PLANNER, { input: 'g' }, context).effect).toBe('greedy');
    expect(plannerKey(INITIAL_PLANNER, { input: 'e' }, context).effect).toBe('exhaustive');
    expect(plannerKey(INITIAL_PLANNER, { input: 'h' }, context)).toMatchObject({ effect: 'check', state: { pane: 'heldout' } });
    expect(plannerKey(INITIAL_PLANNER, { input: '', escape: true }, context).effect).toBeUndefined();
    expect(plannerKey(INITIAL_PLANNER, { input: '', escape: true }, { ...context, searchRunning: true }).effect).toBe('stop');
  });

  it('p or h pressed again goes back to the pane it was opened from', () => {
    expect(after([{ input: 'h' }, { input: 'h' }]).pane).toBe('search');
    expect(after([{ input: 'h' }, { input: 'p' }]).pane).toBe('quality');
    // Held out, then quality, then p again: back to the held-out panel, and h from there to the candidates.
    expect(after([{ input: 'h' }, { input: 'p' }, { input: 'p' }]).pane).toBe('heldout');
    expect(after([{ input: 'h' }, { input: 'p' }, { input: 'p' }, { input: 'h' }]).pane).toBe('search');
    expect(after([{ input: 'p' }, { input: 'h' }, { input: 'h' }]).pane).toBe('quality');
  });

  it('with one system, g, e, h and p start nothing and leave the pane as it is', () => {
    for (const input of ['g', 'e', 'h', 'p']) {
      const step = plannerKey(INITIAL_PLANNER, { input }, { ...context, systems: 1, candidates: [] });
      expect(step.effect, input).toBeUndefined();
      expect(step.state.pane, input).toBe('search');
    }
    // Two systems are enough to plan.
    expect(plannerKey(INITIAL_PLANNER, { input: 'h' }, { ...context, systems: 2 }).effect).toBe('check');
  });
});

describe('tui Planner: one system', () => {
  it('says, as complan plan does, why there is nothing to plan, in place of the search and the check', async () => {
    const model = namedModel(['solo']);
    expect(model.names).toHaveLength(1);
    const inst = render(<App model={model} initialView={2} />);
    await resize(inst, 100, 30);
    const frame = () => plain(inst.lastFrame());
    // The reason, wrapped beside the systems list, in place of the keys that start a search.
    const said = () => frame().split('\n').map((l) => l.slice(32).trim()).filter((l) => l !== '').join(' ');
    expect(said()).toContain(NOTHING_TO_PLAN);
    expect(NOTHING_TO_PLAN).toContain('plan needs at least two systems');
    expect(frame()).not.toContain('g: greedy');
    const frames: string[] = [];
    for (const key of ['g', 'e', 'h', 'p']) {
      await press(inst.stdin, key);
      await settle(150);
      frames.push(frame());
      expect(said(), key).toContain(NOTHING_TO_PLAN);
      expect(frame(), key).not.toMatch(/Top candidates|Held-out check|Prediction quality|running/);
    }
    // Every view, and the help: no count of one reads `all 1 …`.
    for (const key of ['1', '2', '4', '?', KEY.escape, '3', KEY.space, 'x']) {
      await press(inst.stdin, key);
      frames.push(frame());
    }
    expect(frames.at(-1)).toContain('Explanation of solo');
    for (const f of frames) expect(f).not.toMatch(/\ball 1 /);
  });
});

describe('tui Planner: keys that arrive together', () => {
  it('↓ ↓ space written with no render between them toggles the system under the cursor', async () => {
    const inst = render(<App model={newsModel()} initialView={2} />);
    await settle(50);
    // Three writes in one go: React has no chance to render between them.
    inst.stdin.write(KEY.down);
    inst.stdin.write(KEY.down);
    inst.stdin.write(KEY.space);
    const f = plain(await until(inst.lastFrame, (x) => plain(x).includes('Systems (1 of 5)')));
    expect(f).toContain('Systems (1 of 5)');
    // The cursor and the toggled system are the same: the third, crf.
    expect(f).toMatch(/› 3 \[x\] crf/);
    expect(f).not.toMatch(/\[x\] (cautious|confuser)/);
  });

  it('→ ↓ Enter written together after a search load the second candidate', async () => {
    const model = newsModel();
    const inst = render(<App model={model} initialView={2} />);
    await settle(50);
    inst.stdin.write('e');
    await until(inst.lastFrame, (x) => plain(x).includes('done'));
    const second = /\n\s+2 F1 (\d+\.\d\d) (\w+)\s+(\S+)/.exec(plain(inst.lastFrame()))!;
    inst.stdin.write(KEY.right);
    inst.stdin.write(KEY.down);
    inst.stdin.write(KEY.enter);
    const f = plain(await until(inst.lastFrame, (x) => plain(x).includes(`Rule ${second[2]}`)));
    expect(f).toContain(`Rule ${second[2]}`);
    expect(f).toMatch(new RegExp(`actual\\s+[\\d.]+\\s+[\\d.]+\\s+${second[1].replace('.', '\\.')}`));
    for (const name of second[3].split('+')) expect(f).toMatch(new RegExp(`\\[x\\] ${name}`));
  });
});

describe('tui Complementarity: keys that arrive together', () => {
  it('↓ Enter written with no render between them sees the cursor on the diagonal, and opens nothing', async () => {
    const inst = render(<App model={newsModel()} initialView={1} />);
    await settle(50);
    // The cursor starts on row 1, column 2; ↓ makes it the diagonal (2, 2), which has no pair.
    inst.stdin.write(KEY.down);
    inst.stdin.write(KEY.enter);
    await settle(300);
    expect(plain(inst.lastFrame())).toContain('confuser with itself');
    expect(plain(inst.lastFrame())).not.toContain('Pair');
    // ← Enter then opens (2, 1).
    inst.stdin.write(KEY.left);
    inst.stdin.write(KEY.enter);
    const f = plain(await until(inst.lastFrame, (x) => plain(x).includes('Pair')));
    expect(f).toContain('Pair  A = confuser   B = cautious');
  });
});
