/** The tab bar is one line at every width the TUI draws: what does not fit is shortened, never wrapped. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { TabBar, tabBarParts, VIEWS } from '../../../cli/tui/TabBar.js';
import { plain } from './helpers.js';

afterEach(() => cleanup());

describe('TabBar', () => {
  it('keeps every view on one line from 40 columns up, the name and the keys in full when they fit', () => {
    for (const width of [40, 50, 60, 66, 80, 120]) {
      for (let view = 0; view < VIEWS.length; view++) {
        const frame = plain(render(<TabBar view={view} width={width} />).lastFrame());
        expect(frame.split('\n'), `${width}, view ${view}`).toHaveLength(1);
        expect(frame.length).toBeLessThanOrEqual(width);
        for (let i = 0; i < VIEWS.length; i++) expect(frame).toContain(`${i + 1} `);
        cleanup();
      }
    }
    expect(tabBarParts(0, 120)).toMatchObject({ name: 'complan ', keys: '  ? help  q quit' });
    expect(tabBarParts(0, 80)).toMatchObject({ name: 'complan ', keys: '  ? help  q quit' });
    expect(tabBarParts(0, 60)).toMatchObject({ name: '', keys: '  ? help  q quit' });
    expect(tabBarParts(0, 50)).toMatchObject({ name: '', keys: '  ? q' });
  });
});
