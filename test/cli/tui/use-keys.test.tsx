/** Keys that arrive in one chunk act one by one: `ss` moves the sort two columns, as `s` `s` does. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { App } from '../../../cli/tui/App.js';
import { SystemsView } from '../../../cli/tui/SystemsView.js';
import { SORT_COLUMNS } from '../../../cli/tui/model.js';
import { splitKeys } from '../../../cli/tui/use-keys.js';
import { KEY, newsModel, plain, settle } from './helpers.js';

afterEach(() => cleanup());

describe('splitKeys', () => {
  it('splits printable text into its characters, and leaves control keys and single keys whole', () => {
    expect(splitKeys('ss', { ctrl: false, meta: false })).toEqual(['s', 's']);
    expect(splitKeys('rr ', { ctrl: false, meta: false })).toEqual(['r', 'r', ' ']);
    expect(splitKeys('s', { ctrl: false, meta: false })).toEqual(['s']);
    expect(splitKeys('c', { ctrl: true, meta: false })).toEqual(['c']);
    expect(splitKeys('\u001b[B', { ctrl: false, meta: false })).toEqual(['\u001b[B']);
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
