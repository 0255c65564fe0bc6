/** Keys that arrive in one chunk act one by one: `ss` moves the sort two columns, as `s` `s` does. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { App } from '../../../cli/tui/App.js';
import { SystemsView } from '../../../cli/tui/SystemsView.js';
import { SORT_COLUMNS } from '../../../cli/tui/model.js';
import { NO_KEY, splitKeys } from '../../../cli/tui/use-keys.js';
import { KEY, newsModel, plain, press, render, until } from './helpers.js';

afterEach(() => cleanup());

describe('splitKeys', () => {
  const inputs = (input: string, key = NO_KEY) => splitKeys(input, key).map((k) => k.input);
  it('splits printable text into its characters, and leaves control keys and single keys whole', () => {
    expect(inputs('ss')).toEqual(['s', 's']);
    expect(inputs('rr ')).toEqual(['r', 'r', ' ']);
    expect(inputs('s')).toEqual(['s']);
    expect(inputs('c', { ...NO_KEY, ctrl: true })).toEqual(['c']);
    expect(inputs('\u001b[B')).toEqual(['\u001b[B']);
  });

  it('splits a chunk with Enter or Tab into keys as Ink reads each typed alone', () => {
    const [two, enter] = splitKeys('2\r', NO_KEY);
    expect(two).toEqual({ input: '2', key: NO_KEY });
    expect(enter.input).toBe('\r');
    expect(enter.key.return).toBe(true);
    const tabs = splitKeys('\t\t', NO_KEY);
    expect(tabs.map((k) => [k.input, k.key.tab])).toEqual([['', true], ['', true]]);
    expect(splitKeys('m\u0003', NO_KEY)[1]).toEqual({ input: 'c', key: { ...NO_KEY, ctrl: true } });
    expect(splitKeys('aB', NO_KEY)[1].key.shift).toBe(true);
  });
});

describe('a burst of keys in a view', () => {
  it('ss in one chunk sorts by the second column after #, as two presses do', async () => {
    const model = newsModel();
    const burst = render(<SystemsView model={model} active width={80} height={20} />);
    await until(burst.lastFrame, (f) => f.length > 0);
    await press(burst.stdin, 'ss');
    expect(plain(burst.lastFrame())).toContain(`sorted by ${SORT_COLUMNS[2]}`);
    cleanup();
    const apart = render(<SystemsView model={model} active width={80} height={20} />);
    await until(apart.lastFrame, (f) => f.length > 0);
    await press(apart.stdin, 's');
    await press(apart.stdin, 's');
    expect(plain(apart.lastFrame())).toContain(`sorted by ${SORT_COLUMNS[2]}`);
  });
});

describe('keys that follow a change of view in one chunk', () => {
  it('act on the view shown, as they would typed apart', async () => {
    // `2 → Enter`: the Complementarity view, the cursor one column right, the pair opened.
    const apart = render(<App model={newsModel()} />);
    await until(apart.lastFrame, (f) => f.length > 0);
    await press(apart.stdin, '2', KEY.right, KEY.enter);
    const typed = plain(apart.lastFrame());
    expect(typed).toContain('[2 Complementarity]');
    cleanup();
    const burst = render(<App model={newsModel()} />);
    await until(burst.lastFrame, (f) => f.length > 0);
    burst.stdin.write(`2${KEY.right}${KEY.enter}`);
    // The frame the burst ends on (waited for: a loaded machine may draw the view first).
    expect(plain(await until(burst.lastFrame, (f) => plain(f) === typed))).toBe(typed);
  });

  it('act when Enter or Tab comes in the chunk too: 2 Enter opens a pair, Tab Tab moves two views', async () => {
    const apart = render(<App model={newsModel()} />);
    await until(apart.lastFrame, (f) => f.length > 0);
    await press(apart.stdin, '2', KEY.enter);
    const typed = plain(apart.lastFrame());
    expect(typed).toContain('Pair  A = ');
    cleanup();
    const burst = render(<App model={newsModel()} />);
    await until(burst.lastFrame, (f) => f.length > 0);
    burst.stdin.write('2\r');
    expect(plain(await until(burst.lastFrame, (f) => plain(f) === typed))).toBe(typed);
    cleanup();
    const tabs = render(<App model={newsModel()} />);
    await until(tabs.lastFrame, (f) => f.length > 0);
    tabs.stdin.write('\t\t');
    expect(plain(await until(tabs.lastFrame, (f) => plain(f).includes('[3 Planner]')))).toContain('[3 Planner]');
  });

  it('switch views from an open pair, closing it, as Esc would', async () => {
    const inst = render(<App model={newsModel()} initialView={1} />);
    await until(inst.lastFrame, (f) => f.length > 0);
    await press(inst.stdin, KEY.enter);
    expect(plain(inst.lastFrame())).toContain('Pair  A = ');
    await press(inst.stdin, '3');
    expect(plain(inst.lastFrame())).toContain('[3 Planner]');
    await press(inst.stdin, '2');
    // Back on view 2: the heatmap, the pair closed.
    const back = plain(inst.lastFrame());
    expect(back).toContain('[2 Complementarity]');
    expect(back).not.toContain('Pair  A = ');
    await press(inst.stdin, '\t');
    expect(plain(inst.lastFrame())).toContain('[3 Planner]');
  });

  it('reach a view shown before, and are not taken by the view left', async () => {
    // From the Complementarity view, `1 s s`: the Systems view sorted twice; view 2's cursor unmoved.
    const inst = render(<App model={newsModel()} initialView={1} />);
    await until(inst.lastFrame, (f) => f.length > 0);
    const sorted = `sorted by ${SORT_COLUMNS[2]}`;
    inst.stdin.write('1ss');
    expect(plain(await until(inst.lastFrame, (f) => plain(f).includes(sorted)))).toContain(sorted);
    inst.stdin.write(`2${KEY.down}`);
    await until(inst.lastFrame, (f) => plain(f).includes('[2 Complementarity]'));
    inst.stdin.write(`3${KEY.down}${KEY.space}1`);
    // Back on the Systems view, its sort as it was.
    const back = plain(await until(inst.lastFrame, (f) => plain(f).includes('[1 Systems]')));
    expect(back).toContain('[1 Systems]');
    expect(back).toContain(sorted);
  });
});
