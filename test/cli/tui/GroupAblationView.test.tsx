/**
 * The Ablation view with groups of runs: the baseline group with its mean F, each variant group
 * with its mean ΔF ± sd, p and verdict as the library computes them, the items gained and lost
 * in every comparison, `b` to change the baseline, `p` to pair runs (only when the groups have
 * as many runs), and a frame that keeps within the terminal.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { AblationView } from '../../../cli/tui/AblationView.js';
import { stableHeading } from '../../../cli/tui/GroupAblationView.js';
import { buildModel, type TuiModel } from '../../../cli/tui/model.js';
import { pText } from '../../../src/report/number.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus } from '../../../src/formats/load.js';
import { DEFAULT_EVAL_OPTIONS } from '../../../src/metrics/evaluate.js';
import { NEWS, plain, press, render } from './helpers.js';

afterEach(() => cleanup());

const run = (group: string, system: string) => ({ name: `${group}:${system}`, path: join(NEWS, 'systems', `${system}.conll`) });

/** The news systems as groups a (cautious, sloppy), b (crf, gazetteer) and, optionally, c (confuser). */
function groupsModel(withC: boolean): TuiModel {
  const groups = [
    { name: 'a', runs: [run('a', 'cautious'), run('a', 'sloppy')] },
    { name: 'b', runs: [run('b', 'crf'), run('b', 'gazetteer')] },
    ...(withC ? [{ name: 'c', runs: [{ name: 'c', path: join(NEWS, 'systems', 'confuser.conll') }] }] : []),
  ];
  const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems: groups.flatMap((g) => g.runs) });
  return buildModel(corpus, DEFAULT_EVAL_OPTIONS, undefined, groups.map((g) => ({ name: g.name, runs: g.runs.map((r) => r.name) })));
}

const points = (x: number) => `${x < 0 ? '-' : '+'}${(Math.abs(x) * 100).toFixed(2)}`;

describe('AblationView with groups of runs', () => {
  it('shows each variant group\'s mean ΔF ± sd, p and verdict, and the items gained and lost in every run', () => {
    const m = groupsModel(true);
    const f = plain(render(<AblationView model={m} active={false} width={100} height={28} />).lastFrame());
    const a = m.groupAblation(0, false);
    const b = a.variants[0];
    expect(f.split('\n')[0]).toMatch(/^Baseline a \(2 runs\)\s+F \d+\.\d\d ± \d+\.\d\d\s+unpaired \(groups differ in size\)/);
    const row = `› ${'b'.padEnd(20)}${'2'.padStart(5)}${`${points(b.meanDelta.f)} ± ${(b.sdDelta.f! * 100).toFixed(2)}`.padStart(16)}${pText(b.test.pRandomization).padStart(9)}  ${b.verdict.text.split(', ')[1]}`;
    expect(f).toContain(row);
    expect(f).toMatch(/\n {2}c\s+1\s+[+-]\d+\.\d\d ± \d+\.\d\d/);
    expect(f).toContain(`gained in all 4 (${b.stable.gained.count}; +${b.unstable.gained.count} in some)`);
    expect(f).toContain(`lost in all 4 (${b.stable.lost.count}; +${b.unstable.lost.count} in some)`);
    expect(b.stable.gained.count).toBeGreaterThan(0);
    expect(f).toContain(`  ${b.stable.gained.items[0].text} ${b.stable.gained.items[0].label} (`);
    const lines = f.split('\n');
    expect(lines.length).toBeLessThanOrEqual(28);
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(100);
  });

  it('p pairs runs by position when the groups have as many, and b changes the baseline', async () => {
    const m = groupsModel(false);
    const inst = render(<AblationView model={m} active width={100} height={28} />);
    expect(plain(inst.lastFrame())).toContain('unpaired (p: pair)');
    expect(plain(inst.lastFrame())).toContain('4 comparisons');
    await press(inst.stdin, 'p');
    let f = plain(inst.lastFrame());
    expect(f).toContain('paired by position');
    expect(f).toContain('2 comparisons');
    expect(f).toContain(`gained in all 2 (${m.groupAblation(0, true).variants[0].stable.gained.count};`);
    await press(inst.stdin, 'b');
    f = plain(inst.lastFrame());
    expect(f.split('\n')[0]).toMatch(/^Baseline b \(2 runs\)/);
    expect(f).toMatch(/› a\s+2\s+-/);
  });

  it('heads a list of one comparison with its count alone: no "in all 1", no "in some"', () => {
    expect(stableHeading('gained', 1, 60, 0)).toBe('gained (60)');
    expect(stableHeading('lost', 4, 3, 12)).toBe('lost in all 4 (3; +12 in some)');
  });

  for (const [w, h] of [[80, 22], [160, 48]] as const) {
    it(`fits ${w}×${h + 2}: no line past the width, no more lines than the height`, () => {
      const f = plain(render(<AblationView model={groupsModel(true)} active={false} width={w} height={h} />).lastFrame());
      const lines = f.split('\n');
      expect(lines.length).toBeLessThanOrEqual(h);
      for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(w);
      expect(f).toMatch(/^Baseline a/);
    });
  }

  it('keeps the one-system view when every group has one run', () => {
    const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems: [run('x', 'cautious'), run('y', 'crf')] });
    const m = buildModel(corpus, DEFAULT_EVAL_OPTIONS, undefined, [{ name: 'x:cautious', runs: ['x:cautious'] }, { name: 'y:crf', runs: ['y:crf'] }]);
    const f = plain(render(<AblationView model={m} active={false} width={100} height={28} />).lastFrame());
    expect(f).toMatch(/^\s+variant\s+F\s+ΔF\s+V→B\s+B→V\s+flag$/m);
  });
});
