/** Keys that arrive in one chunk act one by one: `ss` moves the sort two columns, as `s` `s` does. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { SystemsView } from '../../../cli/tui/SystemsView.js';
import { SORT_COLUMNS } from '../../../cli/tui/model.js';
import { splitKeys } from '../../../cli/tui/use-keys.js';
import { newsModel, plain, settle } from './helpers.js';

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
