/**
 * The TUI on the twelve CoNLL-2003 systems (ten CoNLL files and two JSONL, read from ../shared,
 * never copied): whole screens at 80×24, 100×30 and 160×50 keep within the terminal with nothing
 * wrapped, names stay distinct, lists grow with the height, and the planner's greedy search is
 * `complan plan --search greedy`'s.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { App } from '../../../cli/tui/App.js';
import { buildModel, membersOf, type TuiModel } from '../../../cli/tui/model.js';
import { startSearch, type SearchState } from '../../../cli/tui/search.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../../src/formats/load.js';
import { DEFAULT_EVAL_OPTIONS } from '../../../src/metrics/evaluate.js';
import { CONLL03_DIR, conll03Present } from '../../helpers/conll03.js';
import { runCli } from '../helpers.js';
import { KEY, plain, press, render, resize, until } from './helpers.js';

const present = conll03Present('test/cli/tui/conll03.test.tsx');

afterAll(() => cleanup());

const GOLD = join(CONLL03_DIR, 'gold.conll');
const systemFiles = () => readdirSync(CONLL03_DIR)
  .filter((f) => (f.endsWith('.conll') && f !== 'gold.conll') || f.endsWith('.jsonl')).sort().map((f) => join(CONLL03_DIR, f));

let cached: TuiModel | undefined;
function twelve(): TuiModel {
  cached ??= buildModel(loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: GOLD, systems: systemFiles().map(parseSystemArg) }), DEFAULT_EVAL_OPTIONS);
  return cached;
}

/** Every line within the width, and fewer lines than the terminal's rows (the last one stays free). */
function fits(frame: string, columns: number, rows: number, what: string): string[] {
  const lines = plain(frame).split('\n');
  expect(lines.length, `${what}: lines`).toBeLessThanOrEqual(rows - 1);
  for (const l of lines) expect(l.length, `${what}: ${l}`).toBeLessThanOrEqual(columns);
  return lines;
}

/** The app at a size, on a view. */
async function at(columns: number, rows: number, view = 0) {
  const inst = render(<App model={twelve()} initialView={view} />);
  await resize(inst, columns, rows);
  return inst;
}

describe.skipIf(!present)('tui on the twelve CoNLL-2003 systems', () => {
  it('greedy (g) is plan --search greedy: 185 candidates evaluated, the same ranked list, 93.84 first', async () => {
    const cli = await runCli(['plan', '--search', 'greedy', '--folds', '0', '--format', 'json', '--gold', GOLD, ...systemFiles()]);
    expect(cli.code).toBe(0);
    const want = JSON.parse(cli.stdout) as { search: { evaluated: number }; candidates: Array<{ members: string[]; rule: string; objective: { actual: number } }> };
    const m = twelve();
    let last: SearchState | undefined;
    await startSearch(m, 'greedy', (s) => { last = s; }).finished;
    expect(last!.status).toBe('done');
    expect(last!.evaluated).toBe(want.search.evaluated);
    expect(last!.evaluated).toBe(185);
    const got = last!.top.map((c) => ({ members: membersOf(c.mask, c.maskHi).map((i) => m.names[i]), rule: m.ruleNames[c.rule], value: c.value }));
    expect(got).toEqual(want.candidates.map((c) => ({ members: c.members, rule: c.rule, value: c.objective.actual })));
    expect(got[0].value * 100).toBeCloseTo(93.84, 2);
  });

  it('g in the Planner lists that search: the pane says 185 candidates and lists 93.84 first', async () => {
    const inst = await at(100, 30, 2);
    await press(inst.stdin, 'g');
    const f = plain(await until(inst.lastFrame, (x) => plain(x).includes('done'), 20000));
    expect(f).toContain('done, 185 candidates');
    expect(f).toMatch(/ 1 F1 93\.84 vote/);
  });

  for (const [columns, rows] of [[80, 24], [100, 30], [160, 50]] as const) {
    it(`${columns}×${rows}: every view and panel fits, nothing wraps`, async () => {
      const inst = await at(columns, rows);
      const frame = () => inst.lastFrame() ?? '';
      const systems = fits(frame(), columns, rows, '1');
      expect(systems.filter((l) => /^\s+\d+ \S/.test(l))).toHaveLength(12);
      expect(systems.join('\n')).toContain('12 systems, strict match; sorted by # (by name)');
      await press(inst.stdin, '2');
      const comp = fits(frame(), columns, rows, '2');
      expect(comp[1]).toMatch(/^F_Comp \(%\) of row A by column B/);
      await press(inst.stdin, KEY.enter);
      fits(frame(), columns, rows, '2 pair');
      await press(inst.stdin, KEY.escape, '3', KEY.space, KEY.down, KEY.space, KEY.down, KEY.space);
      const planner = fits(frame(), columns, rows, '3');
      // Fractional predicted counts stand apart from K and from each other.
      const predicted = planner.find((l) => l.includes('predicted'))!;
      const fields = predicted.slice(predicted.indexOf('predicted')).trim().split(/\s+/);
      expect(fields.length).toBeGreaterThanOrEqual(8);
      for (const v of fields.slice(1)) expect(v).toMatch(/^\d+\.\d{1,2}$/);
      await press(inst.stdin, 'g');
      await until(frame, (x) => plain(x).includes('done'), 20000);
      fits(frame(), columns, rows, '3 g');
      await press(inst.stdin, 'h');
      await until(frame, (x) => plain(x).includes('Recommendation'), 30000);
      fits(frame(), columns, rows, '3 h');
      await press(inst.stdin, 'h', '4');
      const ablation = fits(frame(), columns, rows, '4');
      expect(ablation[1]).toMatch(/^Baseline bert-glove-lstmcrf\s+F 92\.01/);
      expect(ablation[2]).toMatch(/^\s+variant\s+F\s+ΔF\s+V→B\s+B→V\s+flag$/);
      // The flag stays on its variant's line.
      expect(ablation.filter((l) => l.includes('same F, different') && !l.startsWith('V→B')).every((l) => /^[ ›] \S/.test(l))).toBe(true);
      expect(ablation.filter((l) => l.startsWith('V→B'))).toHaveLength(1);
      expect(ablation.some((l) => /^\s*different\s*$/.test(l))).toBe(false);
      await press(inst.stdin, '?');
      const help = fits(frame(), columns, rows, '?');
      expect(help.join('\n')).toContain('next sort column (# P R F');
      inst.unmount();
    }, 120_000);
  }

  it('80×24: the shortened names in the Planner and the matrix are twelve different ones', async () => {
    const inst = await at(80, 24, 2);
    const names = plain(inst.lastFrame()).split('\n').map((l) => /^[ ›]\s*\d+ \[[ x]\] (\S+)/.exec(l)?.[1]).filter((x) => x !== undefined);
    expect(names).toHaveLength(12);
    expect(new Set(names).size).toBe(12);
    expect(names.filter((n) => n.startsWith('flair'))).toHaveLength(2);
    await press(inst.stdin, '2');
    const rows = plain(inst.lastFrame()).split('\n').map((l) => /^\s+\d+ (\S+)/.exec(l)?.[1]).filter((x) => x !== undefined && !/^\d+$/.test(x));
    expect(new Set(rows).size).toBe(12);
  });

  it('160×50 lists more than 80×24: example items in the pair and the ablation, and planner candidates', async () => {
    const items = async (columns: number, rows: number) => {
      const inst = await at(columns, rows, 1);
      await press(inst.stdin, KEY.enter);
      const pair = (plain(inst.lastFrame()).match(/\(#\d+ s\d+\)/g) ?? []).length;
      await press(inst.stdin, KEY.escape, '4');
      const ablation = (plain(inst.lastFrame()).match(/\(#\d+ s\d+\)/g) ?? []).length;
      await press(inst.stdin, '3', 'g');
      const planner = plain(await until(inst.lastFrame, (x) => plain(x).includes('done'), 20000)).split('\n').filter((l) => / F1 \d+\.\d\d /.test(l)).length;
      inst.unmount();
      return { pair, ablation, planner };
    };
    const small = await items(80, 24), large = await items(160, 50);
    expect(large.pair).toBeGreaterThan(2 * small.pair);
    expect(large.ablation).toBeGreaterThan(2 * small.ablation);
    expect(small.planner).toBe(24 - 2 - 8);
    // As many as the rows below the scores hold: the height (rows less the tab bar and a spare line) less eight.
    expect(large.planner).toBe(50 - 2 - 8);
  }, 120_000);
});
