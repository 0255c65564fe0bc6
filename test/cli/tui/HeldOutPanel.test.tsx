/**
 * The held-out panel on its own: each state of the check (not run, running, failed, done), the
 * cursor and the recommended mark, and what it leaves out when the height is short.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { HeldOutPanel } from '../../../cli/tui/HeldOutPanel.js';
import type { CheckState } from '../../../cli/tui/use-held-out-check.js';
import { exampleModel, examplePlan, figuresLine, HELPS, NEWS, plain } from './helpers.js';
import { recommendationReason } from '../../../src/report/plan-reason.js';

afterEach(() => cleanup());

function done(dir: string): CheckState {
  const { result, ms } = exampleModel(dir).heldOutCheck();
  return { status: 'done', result, ms };
}

function frame(check: CheckState, width: number, height: number, cursor = -1): string[] {
  const { lastFrame } = render(<HeldOutPanel check={check} width={width} height={height} cursor={cursor} />);
  return plain(lastFrame()).split('\n');
}

describe('HeldOutPanel', () => {
  it('before the check: says which key runs it', () => {
    expect(frame({ status: 'idle' }, 80, 15).join('\n')).toContain('Held-out check · h: run it');
  });

  it('while it runs: says so in the panel, and why the screen pauses', () => {
    const f = frame({ status: 'running' }, 80, 15).join('\n');
    expect(f).toContain('running the held-out check…');
    expect(f).toContain('the screen pauses');
    expect(f).not.toContain('procedure');
  });

  it('when it fails: the message', () => {
    expect(frame({ status: 'failed', message: 'no candidate to rank' }, 80, 15).join('\n')).toContain('The held-out check failed: no candidate to rank');
  });

  it('when done: the five procedures, the recommended one marked, what the figures are measured on, and the recommendation', () => {
    const lines = frame(done(NEWS), 100, 22);
    const f = lines.join('\n');
    expect(lines[0]).toMatch(/^Held-out check, [\d.]+ s · \* recommended · → then Enter loads one · h: candidates$/);
    expect(lines[1]).toMatch(/^ {2}procedure\s+chose\s+rule\s+in-sample\s+held-out\s+± sd$/);
    expect(lines.slice(2, 7).map((l) => /^..(\S+)/.exec(l)![1])).toEqual(['selection', 'best-single', 'majority-all', 'vote-all', 'caruana']);
    // vote-all is recommended on the news example: only its row is marked.
    const r = examplePlan(NEWS);
    expect(r.recommendation.procedure).toBe('vote-all');
    expect(lines.slice(2, 7).filter((l) => l[1] === '*')).toEqual([expect.stringMatching(/^ \*vote-all\s/)]);
    expect(f).toContain('In-sample figures: the planning data (all 8 documents, 184 gold items), which chose the candidates');
    expect(f).toContain('held-out: 5-fold cross-validation by document');
    expect(f).toContain(`Recommendation (vote-all): vote(${r.systems.join('+')})`);
    expect(f).toContain(`  ${figuresLine(r)}`);
    // As the command says it: the recommendation's own held-out figures chose it too.
    expect(f).toContain('  (these figures also picked it, so slightly optimistic)');
    // The reason in full: it fits 22 rows at 100 columns.
    expect(f.replace(/\s+/g, ' ')).toContain(recommendationReason(r));
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(99);
  });

  it('puts the cursor on a row when its list has the focus', () => {
    const lines = frame(done(HELPS), 80, 15, 3);
    expect(lines[2]).toMatch(/^ \*selection/);
    expect(lines[5]).toMatch(/^› vote-all/);
    expect(lines.filter((l) => l.startsWith('›'))).toHaveLength(1);
  });

  it('cuts the reason (marked …) to the height, and keeps the table and the recommendation', () => {
    for (const height of [11, 15, 16]) {
      const lines = frame(done(NEWS), 80, height);
      expect(lines.length, `height ${height}`).toBeLessThanOrEqual(height);
      const f = lines.join('\n');
      expect(f).toMatch(/\*vote-all/);
      expect(f).toContain('Recommendation (vote-all)');
      expect(f).toMatch(/^In-sample/m);
      // At 80×24 the panel has 15 rows: two for what the figures were measured on, a line for each kind.
      if (height === 15) expect(f).toMatch(/^In-sample: the planning data \(all 8 documents, 184 gold items\)\nHeld-out: 5-fold cross-validation by document, 1 repeat, seed 1$/m);
      // The reason is cut, marked …, where it starts; at 11 rows there is no room left for it.
      if (height > 11) expect(lines.at(-1)).toMatch(/…$/);
      else expect(f).not.toContain('No selection beats');
      for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(79);
    }
  });
});
