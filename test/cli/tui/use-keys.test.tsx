/** Keys that arrive in one chunk act one by one: `ss` moves the sort two columns, as `s` `s` does. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { App } from '../../../cli/tui/App.js';
import { SystemsView } from '../../../cli/tui/SystemsView.js';
import { SORT_COLUMNS } from '../../../cli/tui/model.js';
import { NO_KEY, splitKeys } from '../../../cli/tui/use-keys.js';
import { KEY, newsModel, plain, settle } from './helpers.js';

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
    await settle();
    burst.stdin.write('ss');
    await settle();
    expect(plain(burst.lastFrame())).toContain(`sorted by ${SORT_COLUMNS[2]}`);
    cleanup();
    const apart = render(<SystemsView model={model} active width={80} height={20} />);
    await settle();
    apart.stdin.write('s');
    await settle();
    apart.stdin.write('s');
    await settle();
    expect(plain(apart.lastFrame())).toContain(`sorted by ${SORT_COLUMNS[2]}`);
  });
});

describe('keys that follow a change of view in one chunk', () => {
  it('act on the view shown, as they would typed apart', async () => {
    // `2 → Enter`: the Complementarity view, the cursor one column right, the pair opened.
    const burst = render(<App model={newsModel()} />);
    await settle();
    burst.stdin.write(`2${KEY.right}${KEY.enter}`);
    await settle(80);
    const together = plain(burst.lastFrame());
    cleanup();
    const apart = render(<App model={newsModel()} />);
    await settle();
    for (const k of ['2', KEY.right, KEY.enter]) {
      apart.stdin.write(k);
      await settle();
    }
    const typed = plain(apart.lastFrame());
    expect(typed).toContain('[2 Complementarity]');
    expect(together).toBe(typed);
  });

  it('act when Enter or Tab comes in the chunk too: 2 Enter opens a pair, Tab Tab moves two views', async () => {
    const burst = render(<App model={newsModel()} />);
    await settle();
    burst.stdin.write('2\r');
    await settle(80);
    const together = plain(burst.lastFrame());
    cleanup();
    const apart = render(<App model={newsModel()} />);
    await settle();
    for (const k of ['2', KEY.enter]) {
      apart.stdin.write(k);
      await settle();
    }
    expect(together).toBe(plain(apart.lastFrame()));
    expect(together).toContain('Pair  A = ');
    cleanup();
    const tabs = render(<App model={newsModel()} />);
    await settle();
    tabs.stdin.write('\t\t');
    await settle(80);
    expect(plain(tabs.lastFrame())).toContain('[3 Planner]');
  });

  it('switch views from an open pair, closing it, as Esc would', async () => {
    const inst = render(<App model={newsModel()} initialView={1} />);
    await settle();
    inst.stdin.write(KEY.enter);
    await settle();
    expect(plain(inst.lastFrame())).toContain('Pair  A = ');
    inst.stdin.write('3');
    await settle(80);
    expect(plain(inst.lastFrame())).toContain('[3 Planner]');
    inst.stdin.write('2');
    await settle(80);
    // Back on view 2: the heatmap, the pair closed.
    const back = plain(inst.lastFrame());
    expect(back).toContain('[2 Complementarity]');
    expect(back).not.toContain('Pair  A = ');
    inst.stdin.write('\t');
    await settle(80);
    expect(plain(inst.lastFrame())).toContain('[3 Planner]');
  });

  it('reach a view shown before, and are not taken by the view left', async () => {
    // From the Complementarity view, `1 s s`: the Systems view sorted twice; view 2's cursor unmoved.
    const inst = render(<App model={newsModel()} initialView={1} />);
    await settle();
    inst.stdin.write(`1ss`);
    await settle(80);
    expect(plain(inst.lastFrame())).toContain(`sorted by ${SORT_COLUMNS[2]}`);
    inst.stdin.write(`2${KEY.down}`);
    await settle(80);
    inst.stdin.write(`3${KEY.down}${KEY.space}1`);
    await settle(80);
    // Back on the Systems view, its sort as it was.
    expect(plain(inst.lastFrame())).toContain(`sorted by ${SORT_COLUMNS[2]}`);
  });
});
