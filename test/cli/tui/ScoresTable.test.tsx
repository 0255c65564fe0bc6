/** The Planner's scores table: one column per figure, values apart, K left out where the width is short. */
import { afterEach, describe, expect, it } from 'vitest';
import { Box } from 'ink';
import { cleanup, render } from 'ink-testing-library';
import { methodLine, ScoresTable, scoresLine, scoreColumns, scoresTableWidth, SCORE_COLUMNS } from '../../../cli/tui/ScoresTable.js';
import type { CandidateScores } from '../../../src/plan/types.js';

afterEach(() => cleanup());

/** Scores as the planner predicts them on the twelve CoNLL-2003 systems (union of three): K next to a fractional TP. */
const predicted = {
  precision: 0.862, recall: 0.94507, f: 0.901745, ser: 0.1806, err: 0.17, k: 0.901745, tp: 5338.04, fp: 854.3, fn: 309.96, s: 0, d: 0, i: 0,
} as unknown as CandidateScores;
const actual = { ...predicted, tp: 5345, fp: 868, fn: 303 } as CandidateScores;

describe('scoresLine', () => {
  it('keeps K and a fractional predicted TP apart: every value is its own whitespace-separated field', () => {
    const line = scoresLine('predicted', predicted, SCORE_COLUMNS);
    expect(line).toContain('90.17 5338.0');
    expect(line.trim().split(/\s+/)).toEqual(['predicted', '86.20', '94.51', '90.17', '18.06', '90.17', '5338.0', '854.3', '310.0']);
    expect(line.length).toBe(scoresTableWidth(8));
  });

  it('lines up the header with the values: each column ends at the same place', () => {
    const head = scoresLine('', null, SCORE_COLUMNS);
    const row = scoresLine('actual', actual, SCORE_COLUMNS);
    expect(head.length).toBe(row.length);
    const ends = (l: string) => [...l.matchAll(/\S+/g)].map((m) => m.index! + m[0].length);
    expect(ends(head)).toEqual(ends(row).slice(1));
  });
});

describe('ScoresTable', () => {
  it('shows all eight columns where they fit, and leaves K out where they do not', () => {
    expect(scoreColumns(80)).toEqual([...SCORE_COLUMNS]);
    expect(scoreColumns(60)).not.toContain('K');
    const wide = render(<ScoresTable scores={{ predicted, actual, method: 'max-entropy' }} width={80} />).lastFrame()!;
    expect(wide).toMatch(/\bK\b/);
    expect(wide).toContain('actual: in-sample (on the data it is chosen on) · prediction: max-entropy');
    const narrow = render(<ScoresTable scores={{ predicted, actual, method: 'max-entropy' }} width={60} />).lastFrame()!;
    expect(narrow).not.toMatch(/\bK\b(?!:)/);
    expect(narrow).toContain('K: view 1');
    // At any width the line says the actual scores are in-sample, first; what follows is shortened, not wrapped.
    expect(narrow).toContain('actual: in-sample · prediction: max-entropy · K: view 1');
    expect(methodLine('exact', true, 80)).toBe('actual: in-sample (on the data it is chosen on) · prediction: exact · K: view 1');
    for (const width of [30, 40, 48]) {
      const line = methodLine('max-entropy', true, width);
      expect(line.length, line).toBeLessThanOrEqual(width);
      expect(line).toMatch(/^actual: in-sample/);
    }
    for (const l of narrow.split('\n')) expect(l.length).toBeLessThanOrEqual(60);
    expect(narrow).toMatch(/predicted\s+86\.20\s+94\.51\s+90\.17\s+18\.06\s+5338\.0\s+854\.3\s+310\.0/);
  });

  it('on a large corpus, predicted counts of 10,000 and more are whole, and a longer value widens every column', () => {
    // Counts as a union predicts them on half a million tokens: 65432.14 would take seven characters.
    const big = { ...predicted, tp: 65432.14, fp: 9876.54, fn: 123456.7 } as CandidateScores;
    const bigActual = { ...actual, tp: 65431, fp: 9880, fn: 1234567 } as CandidateScores;
    const line = scoresLine('predicted', big, SCORE_COLUMNS);
    expect(line.trim().split(/\s+/).slice(-3)).toEqual(['65432', '9876.5', '123457']);
    expect(line.length).toBe(scoresTableWidth(8));
    const table = (width: number) => render(<Box width={width} flexDirection="column"><ScoresTable scores={{ predicted: big, actual: bigActual, method: 'max-entropy' }} width={width} /></Box>).lastFrame()!;
    // Too narrow even without K: cut at the width, never wrapped onto another line.
    expect(table(60).split('\n')).toHaveLength(4);
    for (const l of table(60).split('\n')) expect(l.length).toBeLessThanOrEqual(60);
    for (const width of [80, 120]) {
      const f = table(width);
      const lines = f.split('\n');
      for (const l of lines) expect(l.length, `${width}: ${l}`).toBeLessThanOrEqual(width);
      expect(lines).toHaveLength(4);
      // Seven digits of actual FN: every column a character wider, the header still over its values.
      const ends = (l: string) => [...l.matchAll(/\S+/g)].map((m) => m.index! + m[0].length);
      expect(ends(lines[0])).toEqual(ends(lines[2]).slice(1));
      expect(lines[2]).toMatch(/ 65431 +9880 +1234567$/);
      expect(lines[1]).toMatch(/ 65432 +9876\.5 +123457$/);
    }
  });

  it('without members, asks for them', () => {
    expect(render(<ScoresTable scores={null} width={80} />).lastFrame()).toContain('space: add systems to the ensemble');
  });
});
