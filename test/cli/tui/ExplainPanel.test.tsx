/**
 * The explanation panel on its own (what `x` opens in the Planner view): the candidate's actual
 * and predicted F, each member's F alone, without it and its leave-one-out gain, the pairs, cut
 * to the panel's size (rows and columns left out whole, and said); and the keys that open and
 * close it in the Planner view, on the news example; at 80 to 120 columns, it and the prediction-quality panel keep each figure on its label's line.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render as inkRender } from 'ink-testing-library';
import { parseRule } from '../../../src/ensemble/rules.js';
import { maskOf } from '../../../src/plan/data.js';
import { explainCandidate } from '../../../src/plan/explain.js';
import { parseObjective } from '../../../src/plan/objective.js';
import { App } from '../../../cli/tui/App.js';
import { ExplainPanel } from '../../../cli/tui/ExplainPanel.js';
import { explainSelection } from '../../../cli/tui/model.js';
import { exampleModel, HELPS, KEY, NEWS, newsModel, pc, plain, press, render, resize, until } from './helpers.js';

afterEach(() => cleanup());

const FORMAT = { objective: 'f', beta: 1 };

describe('ExplainPanel', () => {
  const model = newsModel();
  const e = explainCandidate(model.plan, ['confuser', 'crf', 'gazetteer'], parseRule('vote'), { objective: parseObjective('f') });

  function frame(width: number, height: number): string[] {
    const { lastFrame } = inkRender(<ExplainPanel explanation={e} format={FORMAT} width={width} height={height} />);
    return plain(lastFrame()).split('\n');
  }

  it('shows the candidate, its members with their leave-one-out gains, and the pairs', () => {
    const all = frame(100, 30);
    // The headline wraps rather than losing its middle.
    expect(`${all[0]} ${all[1]}`).toBe(`Explanation of vote(confuser+crf+gazetteer): F1 actual ${pc(e.f.actual)}, predicted ${pc(e.f.predicted)} (pairwise maximum entropy; in-sample)`);
    const lines = all.slice(1);
    expect(lines[1]).toMatch(/^#\s+member\s+F1 alone\s+without it\s+leave-one-out gain$/);
    e.contributions.forEach((c, i) => {
      const gain = (c.marginal! * 100).toFixed(2);
      expect(lines[3 + i].trim().split(/\s+/)).toEqual([String(i + 1), c.name, pc(c.alone.f), pc(c.without!.f), c.marginal! >= 0 ? `+${gain}` : gain]);
    });
    const f = lines.join('\n');
    expect(f).toContain('The pairs behind the prediction (members numbered as above; 3 pairs)');
    expect(f).toMatch(/^1–2\s+126\s+5\s+1\s+1\s+/m);
    expect(lines[lines.length - 1]).toBe('x or Esc: close');
  });

  it('fits the panel: no line wider than the width, no more lines than the height, what is left out said', () => {
    const lines = frame(60, 8);
    expect(lines).toHaveLength(8);
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(59);
    // The members' rows shown and those said to be left out are all of them; the pairs and notes are left out whole.
    const shown = lines.filter((l) => /^\d\s{2}\S/.test(l)).length;
    expect(shown).toBeGreaterThan(0);
    expect(lines[6]).toMatch(new RegExp(`^… ${e.contributions.length - shown} more members?, the pairs and the notes`));
    expect(lines[7]).toBe('x or Esc: close');
  });
});

describe('tui Planner: x explains the highlighted candidate', () => {
  it('explains the selection, or the list\'s candidate under the cursor, and x or Esc closes the panel', async () => {
    const model = newsModel();
    const inst = render(<App model={model} initialView={2} />);
    await resize(inst, 100, 30);
    const frame = () => plain(inst.lastFrame());
    // Nothing selected: a notice says what x needs.
    await press(inst.stdin, 'x');
    expect(frame()).toContain('x explains: select systems, or highlight a candidate in the list');
    // crf and gazetteer (systems 3 and 4) under union.
    await press(inst.stdin, KEY.down, KEY.down, KEY.space, KEY.down, KEY.space, 'x');
    const want = explainSelection(model, maskOf([2, 3]), 0, 0);
    expect(frame()).toContain(`Explanation of union(crf+gazetteer): F1 actual ${pc(want.f.actual)}, predicted ${pc(want.f.predicted)} (exact; in-sample)`);
    expect(frame()).toMatch(/^1–2\s+/m);
    await press(inst.stdin, KEY.escape);
    expect(frame()).not.toContain('Explanation of');
    expect(frame()).toContain('g: greedy');
    // The exhaustive search's top candidate, under the list's cursor.
    await press(inst.stdin, 'e');
    await until(frame, (f) => f.includes('done, '));
    await press(inst.stdin, KEY.right, 'x');
    expect(frame()).toContain('Explanation of vote(confuser+crf+gazetteer): F1 actual 96.72');
    await press(inst.stdin, 'x');
    expect(frame()).not.toContain('Explanation of');
    expect(frame()).toContain('Top candidates');
  });
});

describe('tui Planner: an explanation too large for the terminal', () => {
  /** A pair's row: the pair, its four counts, then Comp cells, each a whole P/R/F. */
  const PAIR_ROW = /^\d+–\d+(\s+\d+){4}((\s+(\d+\.\d|—)\/(\d+\.\d|—)\/(\d+\.\d|—))*)$/;

  for (const [columns, rows] of [[80, 24], [100, 30], [120, 40]]) {
    it(`${columns}×${rows}: leaves pairs and columns out whole and says how many`, async () => {
      // All five news systems under vote: ten pairs.
      const model = newsModel();
      const e = explainSelection(model, maskOf([0, 1, 2, 3, 4]), 0, 3);
      const inst = render(<App model={model} initialView={2} />);
      await resize(inst, columns, rows);
      await press(inst.stdin, KEY.space, KEY.down, KEY.space, KEY.down, KEY.space, KEY.down, KEY.space, KEY.down, KEY.space, 'r', 'r', 'r', 'x');
      const lines = plain(inst.lastFrame()).split('\n');
      const panel = lines.slice(lines.findIndex((l) => l.startsWith('Explanation of vote(')));
      expect(panel.length).toBeGreaterThan(1);
      const header = panel.find((l) => l.startsWith('pair '))!;
      const comps = header.match(/Comp\(\w,\w\) P\/R\/F/g) ?? [];
      const pairRows = panel.filter((l) => /^\d+–\d+ /.test(l));
      for (const row of pairRows) {
        const m = PAIR_ROW.exec(row);
        expect(m, row).not.toBeNull();
        // As many whole Comp figures as the header has Comp columns.
        expect(m![2].trim().split(/\s+/).filter((x) => x !== '')).toHaveLength(comps.length);
      }
      // No figure or row cut: the only `…` begins the line that says what is left out.
      const told = panel.filter((l) => l.includes('…'));
      expect(told.every((l) => l.startsWith('… ')), told.join('\n')).toBe(true);
      const more = /(\d+) more pairs?/.exec(told.join(' '));
      expect(pairRows.length + (more === null ? 0 : Number(more[1]))).toBe(e.pairs.length);
      expect(comps.length === 2 || told.some((l) => l.includes('column Comp(b,a) P/R/F'))).toBe(true);
      for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(columns);
      expect(lines).toHaveLength(rows - 1);
      inst.unmount();
    });
  }
});

describe('tui Planner: p shows the prediction quality of the plan', () => {
  it('runs the plan once and shows its prediction-quality table; p again goes back', async () => {
    const model = newsModel();
    const r = model.heldOutCheck().result;
    const inst = render(<App model={model} initialView={2} />);
    await resize(inst, 100, 30);
    const frame = () => plain(inst.lastFrame());
    await press(inst.stdin, 'p');
    const f = await until(frame, (x) => x.includes('mean ρ'));
    expect(f).toContain('Prediction quality (predicted against actual, in-sample on the planning data');
    expect(f).toMatch(/^rule\s+n\s+MAE\s+bias\s+ρ\s+best MAE\s+best bias\s+best ρ\s+mean MAE\s+mean bias\s+mean ρ$/m);
    for (const g of r.predictionQuality.byRule) {
      expect(f).toMatch(new RegExp(`^${g.rule}\\s+${g.candidates}\\s+${pc(g.f.predicted.mae!)}\\s`, 'm'));
    }
    await press(inst.stdin, 'p');
    expect(frame()).not.toContain('Prediction quality');
  });

  it('at 80 columns leaves out whole columns from the right, and says which, rather than cut a header or a figure', async () => {
    const r = newsModel().heldOutCheck().result;
    const inst = render(<App model={newsModel()} initialView={2} />);
    await resize(inst, 80, 24);
    const frame = () => plain(inst.lastFrame());
    await press(inst.stdin, 'p');
    const lines = (await until(frame, (x) => /^rule\s+n\s+MAE/m.test(x))).split('\n');
    const header = lines.find((l) => /^rule\s+n\s+MAE/.test(l))!;
    expect(header).not.toContain('…');
    const headers = header.trim().split(/ {2,}/);
    const all = ['rule', 'n', 'MAE', 'bias', 'ρ', 'best MAE', 'best bias', 'best ρ', 'mean MAE', 'mean bias', 'mean ρ'];
    expect(all.slice(0, headers.length)).toEqual(headers);
    expect(headers.length).toBeLessThan(all.length);
    // Every rule's row has a whole figure under each header shown, and nothing cut.
    for (const g of r.predictionQuality.byRule) {
      const row = lines.find((l) => l.startsWith(`${g.rule} `))!;
      expect(row, g.rule).not.toContain('…');
      expect(row.trim().split(/\s+/), g.rule).toHaveLength(headers.length);
    }
    const left = all.slice(headers.length);
    const listed = left.length === 1 ? left[0] : `${left.slice(0, -1).join(', ')} and ${left.at(-1)}`;
    expect(lines).toContain(`… ${left.length === 1 ? 'column' : 'columns'} ${listed}: a wider terminal shows ${left.length === 1 ? 'it' : 'them'}`);
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(80);
    inst.unmount();
  });
});

describe('tui Planner: the explanation and prediction-quality panels at 80 to 120 columns', () => {
  /** A word that is a figure or begins one (`95.35`, `+6.23`, `(95%`), and one that joins a figure to its label or to another. */
  const FIGURE = /^[([]?[-+±<>]?\d/;
  const JOINER = /^[=±<>≤≥]$/;
  /** A table's line (its columns apart by two spaces or more, or its rule), as against the panel's wrapped text. */
  const tableLine = (l: string) => /\S {2,}\S|^-+ /.test(l);

  /**
   * The places where the panel's text (below `from`) breaks a figure from its label: a line that
   * ends with a label (`p:`), a figure or a joiner, or a next line that begins with a figure or a
   * joiner, where no clause ends between them (after `,`, `;` or `.`).
   */
  function brokenFigures(frame: string, from: RegExp): { text: string[]; broken: string[] } {
    const lines = frame.split('\n');
    const text = lines.slice(lines.findIndex((l) => from.test(l))).filter((l) => l !== 'x or Esc: close');
    const broken: string[] = [];
    for (let i = 0; i + 1 < text.length; i++) {
      const [a, b] = [text[i], text[i + 1]];
      if (tableLine(a) || tableLine(b) || a.trim() === '' || b.trim() === '') continue;
      const last = a.trim().split(' ').at(-1)!;
      const first = b.trim().split(' ')[0];
      const clause = /[,;.]$/.test(last);
      if (last.endsWith(':') || JOINER.test(last) || JOINER.test(first) || (!clause && (FIGURE.test(last) || FIGURE.test(first)))) broken.push(`${a} / ${b}`);
    }
    return { text: text.filter((l) => !tableLine(l)), broken };
  }

  for (const columns of [80, 90, 100, 120]) {
    it(`${columns} columns: no line of either panel ends beside a figure with its label on the next`, async () => {
      for (const dir of [NEWS, HELPS]) {
        for (const rows of [24, 30]) {
          const what = `${dir} at ${columns}×${rows}`;
          const inst = render(<App model={exampleModel(dir)} initialView={2} />);
          await resize(inst, columns, rows);
          const frame = () => plain(inst.lastFrame());
          // The exhaustive search's top candidate explained, then the plan's prediction quality.
          await press(inst.stdin, 'e');
          await until(frame, (f) => f.includes('done, '));
          await press(inst.stdin, KEY.right, 'x');
          const explained = brokenFigures(frame(), /^Explanation of /);
          expect(explained.text.length, what).toBeGreaterThanOrEqual(3);
          expect(explained.broken, what).toEqual([]);
          await press(inst.stdin, 'x', 'p');
          const quality = brokenFigures(await until(frame, (f) => /^rule\s+n\s+MAE/m.test(f)), /^Prediction quality /);
          expect(quality.text.length, what).toBeGreaterThanOrEqual(4);
          expect(quality.broken, what).toEqual([]);
          for (const l of frame().split('\n')) expect(l.length, `${what}: ${l}`).toBeLessThanOrEqual(columns);
          inst.unmount();
        }
      }
    });
  }
});
