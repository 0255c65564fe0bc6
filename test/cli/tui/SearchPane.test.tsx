/** The Planner view's search pane on its own: the keys before a search, progress, the outcome, the candidates and the cursor. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { SearchPane } from '../../../cli/tui/SearchPane.js';
import type { SearchState } from '../../../cli/tui/search.js';
import { newsModel, plain } from './helpers.js';

afterEach(() => cleanup());

const m = newsModel();
const bit = (name: string) => 1 << m.names.indexOf(name);
const vote = m.ruleNames.indexOf('vote');
const state = (over: Partial<SearchState>): SearchState => ({
  kind: 'exhaustive', objective: 'F1', status: 'done', phase: 'caruana', done: 1, total: 1, evaluated: 124,
  top: [
    { mask: bit('confuser') | bit('crf') | bit('gazetteer'), maskHi: 0, rule: vote, value: 0.9672 },
    { mask: bit('crf'), maskHi: 0, rule: 0, value: 0.8981 },
  ],
  ...over,
});

function lines(search: SearchState | null, width = 60, cursor = -1, rows = 8): string[] {
  return plain(render(<SearchPane model={m} search={search} width={width} rows={rows} cursor={cursor} />).lastFrame()).split('\n');
}

describe('SearchPane', () => {
  it('a refused search: its reason read whole, wrapped between words within the width, not cut', () => {
    const error = 'exhaustive search over 26 systems means 67108863 member sets (more than 16777216): g runs the greedy search';
    const shown = lines(state({ status: 'failed', top: [], error }), 50);
    for (const l of shown) expect(l.length).toBeLessThanOrEqual(50);
    const reason = shown.slice(0, shown.findIndex((l) => l.startsWith('Top candidates'))).map((l) => l.trim()).join(' ');
    expect(reason).toBe(`exhaustive: ${error}`);
  });

  it('before a search: the keys of both searches and of the held-out check', () => {
    const f = lines(null).join('\n');
    expect(f).toContain('g: greedy · e: exhaustive search (objective: actual F1)');
    expect(f).toContain('h: held-out check');
  });

  it('while a search runs: the planner\'s phase and progress, and how to stop it', () => {
    const f = lines(state({ status: 'running', phase: 'exhaustive', done: 62, total: 124, top: [], evaluated: 0 })).join('\n');
    expect(f).toMatch(/exhaustive █+░+ 62\/124 Esc: stop/);
    expect(f).toContain('Top candidates');
    expect(f).not.toContain('Enter loads');
    expect(lines(state({ status: 'running', phase: 'greedy', done: 2, total: 4, top: [] }))[0]).toMatch(/^exhaustive █{10}░{10} greedy 2\/4 Esc: stop$/);
  });

  it('a stopped search lists nothing; a refused one says why', () => {
    const f = lines(state({ status: 'stopped', phase: 'exhaustive', done: 62, total: 124, top: [] }));
    expect(f[0]).toBe('exhaustive stopped at 62/124: nothing listed');
    expect(f[1]).toBe('Top candidates');
    expect(lines(state({ status: 'failed', error: 'too many member sets', top: [] }))[0]).toBe('exhaustive: too many member sets');
  });

  it('when done: the candidates best first, with member names, or their numbers when the names do not fit', () => {
    const wide = lines(state({}));
    expect(wide[0]).toMatch(/done, 124 candidates/);
    expect(wide[1]).toBe('Top candidates, in-sample (→ then Enter loads one)');
    // Narrower, the title keeps that the scores are in-sample as long as it can.
    expect(lines(state({}), 40)[1]).toBe('Top candidates, in-sample');
    expect(wide[2]).toMatch(/^ {2}1 F1 96\.72 vote\s+confuser\+crf\+gazetteer$/);
    // A single system under every rule that keeps its output is one candidate, with no rule (as plan lists it).
    expect(wide[3]).toMatch(/^ {2}2 F1 89\.81 —\s+crf$/);
    expect(lines(state({}), 40)[2]).toMatch(/^ {2}1 F1 96\.72 vote\s+#2 3 4$/);
    expect(lines(state({}), 60, -1, 1)).toHaveLength(3);
  });

  it('marks the candidate under the cursor', () => {
    const f = lines(state({}), 60, 1);
    expect(f[2]).toMatch(/^ {2}1/);
    expect(f[3]).toMatch(/^› 2 F1 89\.81/);
  });
});
