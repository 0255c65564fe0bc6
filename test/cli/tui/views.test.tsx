/**
 * The Systems, Ablation and pair views and the help overlay on their own: counts and order
 * labels say what they are, nothing wraps or runs past the width, shortened names stay apart,
 * and the example lists grow with the terminal's height; at 80 to 120 columns a pair's headings
 * keep whole words and counts, and the heatmap's pair line its figures.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Box } from 'ink';
import { cleanup, render } from 'ink-testing-library';
import { AblationView, legend } from '../../../cli/tui/AblationView.js';
import { HELP, HelpOverlay, helpLines, helpRows } from '../../../cli/tui/HelpOverlay.js';
import { buildModel } from '../../../cli/tui/model.js';
import { listTitle, pairHeading, PairDetail } from '../../../cli/tui/PairDetail.js';
import { SystemsView } from '../../../cli/tui/SystemsView.js';
import { CompView, pairLine } from '../../../cli/tui/CompView.js';
import { App } from '../../../cli/tui/App.js';
import { shortNames } from '../../../cli/tui/text.js';
import { pairAt } from '../../../src/complementarity/matrix.js';
import { PlannerView } from '../../../cli/tui/PlannerView.js';
import { displayWidth } from '../../../src/report/display-width.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../../src/formats/load.js';
import { DEFAULT_EVAL_OPTIONS } from '../../../src/metrics/evaluate.js';
import { esc, KEY, LONG_NAMES, namedModel, NEWS, NEWS_SYSTEMS, newsModel, plain, press, render as renderApp, resize } from './helpers.js';
import { tempFiles } from '../../helpers/temp.js';
import { writeManySystems } from '../../helpers/many-systems.js';

const temp = tempFiles('tui-views');

afterEach(() => cleanup());


const frameOf = (el: React.ReactElement) => plain(render(el).lastFrame());

/** Checks that a frame keeps within `width` columns and `height` rows. */
function fits(frame: string, width: number, height: number): void {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(height);
  for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(width);
}

describe('SystemsView', () => {
  it('# is the order by name, whatever order the files came in, and says so', () => {
    const m = namedModel(['zeta', 'alpha', 'mid', 'beta', 'omega']);
    const f = frameOf(<SystemsView model={m} active={false} width={80} height={22} />);
    const order = f.split('\n').map((l) => /^\s+\d+ (\S+)/.exec(l)?.[1]).filter((x) => x !== undefined);
    expect(order).toEqual(['alpha', 'beta', 'mid', 'omega', 'zeta']);
    expect(f).toContain('5 systems, strict match; sorted by # (by name)');
    expect(f).not.toContain('input order');
  });

  it('keeps counts of seven digits apart (a corpus of millions of items), every value its own field', () => {
    const m = newsModel();
    const big = { ...m, systems: m.systems.map((s, k) => ({ ...s, tp: 1234567 + k, fp: 7654321, fn: 99 })) };
    const f = frameOf(<Box width={80} flexDirection="column"><SystemsView model={big} active={false} width={80} height={22} /></Box>);
    fits(f, 80, 22);
    const row = f.split('\n').find((l) => /^\s+1 /.test(l))!;
    expect(row.trim().split(/\s+/).slice(-3)).toEqual(['1234567', '7654321', '99']);
    const head = f.split('\n')[0];
    const ends = (l: string) => [...l.matchAll(/\S+/g)].map((x) => x.index! + x[0].length);
    expect(ends(head).slice(-3)).toEqual(ends(row).slice(-3));
  });

  it('one system is "1 system"', () => {
    const m = namedModel(['solo']);
    expect(frameOf(<SystemsView model={m} active={false} width={80} height={22} />)).toContain('1 system, strict match');
  });

  it('names that share their start and end stay apart in a narrow table', () => {
    const m = namedModel(['flair-glove-lstmcrf', 'flair-lstmcrf', 'bert-glove-lstmcrf', 'bert-lstmcrf', 'spanner-lendecode']);
    // 8 columns of 7 and the index leave the names 8 characters at 68 columns.
    const f = frameOf(<SystemsView model={m} active={false} width={68} height={22} />);
    const shown = f.split('\n').slice(1, 6).map((l) => l.slice(4, 12).trim());
    expect(new Set(shown).size).toBe(5);
    fits(f, 68, 22);
  });
});

describe('AblationView', () => {
  for (const [w, h] of [[80, 22], [100, 28], [160, 48]] as const) {
    it(`fits ${w}×${h + 2}: the baseline line first, no line past the width, no more lines than the height`, () => {
      const f = frameOf(<Box width={w} flexDirection="column"><AblationView model={newsModel()} active={false} width={w} height={h} /></Box>);
      fits(f, w, h);
      expect(f.split('\n')[0]).toMatch(/^Baseline cautious\s+F 74\.75/);
      expect(f).toMatch(/^\s+variant\s+F\s+ΔF\s+V→B\s+B→V\s+flag$/m);
    });
  }

  it('says when the flag is raised, with the thresholds, in the longest form the width holds', () => {
    const flag = 'same F, different: |ΔF| < 0.5, F_Comp > 25 one way';
    expect(legend(0.005, 0.25, 159)).toBe(`V→B: F_Comp of what the variant offers the baseline; B→V: the other way; ${flag}`);
    expect(legend(0.005, 0.25, 99)).toBe(`V→B, B→V: F_Comp each way; ${flag}`);
    expect(legend(0.005, 0.25, 79)).toBe(`V→B, B→V: F_Comp each way; ${flag}`);
    expect(legend(0.01, 0.3, 159)).toContain('|ΔF| < 1, F_Comp > 30 one way');
    for (const w of [80, 100, 160]) {
      const f = frameOf(<Box width={w} flexDirection="column"><AblationView model={newsModel()} active={false} width={w} height={22} /></Box>);
      expect(f).toContain(flag);
      fits(f, w, 22);
    }
  });

  it('shows an open flag as — and says so under the table, when the baseline has no error for a variant to fix', () => {
    // The gold, and the gold without its first entity (CASTLEBRIDGE, one token): F 99.73.
    const gold = join(NEWS, 'gold.conll');
    const minus = temp(readFileSync(gold, 'utf8').replace('CASTLEBRIDGE B-ORG\n', 'CASTLEBRIDGE O\n'), 'minus-one.conll');
    const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold, systems: [{ name: 'perfect', path: gold }, parseSystemArg(minus)] });
    const m = buildModel(corpus, DEFAULT_EVAL_OPTIONS);
    // The first system, minus-one, is the view's baseline: the perfect system has no error it could fix.
    expect(m.ablation(0).variants[0].sameScoreDifferentBehaviour).toBeNull();
    const f = frameOf(<AblationView model={m} active={false} width={100} height={22} />);
    expect(f).toMatch(/^› perfect\s+100\.00\s+\+0\.27\s+\S+\s+\S+\s+—$/m);
    expect(f).not.toContain('?');
    expect(f).toContain('one way; —: F_Comp undefined');
    expect(legend(0.005, 0.25, 99)).not.toContain('undefined');
    expect(legend(0.005, 0.25, 79, true)).toBe('V→B, B→V: F_Comp each way; same F, different: |ΔF| < 0.5, F_Comp > 25 one way');
  });

  it('lists more example items on a taller terminal: all it has room for', () => {
    const items = (h: number) => frameOf(<AblationView model={newsModel()} active={false} width={100} height={h} />)
      .split('\n').filter((l) => /^\s+\S.*\(#\d+ s\d+\)/.test(l)).length;
    const short = items(22), tall = items(48);
    // confuser against cautious: 57 gained, 26 lost, 42 introduced, 2 removed; each line holds an item of
    // two lists side by side, and the short screen has room for six lines of each pair of lists.
    expect(short).toBe(6 + 6);
    expect(tall).toBeGreaterThan(2 * short);
  });
});

describe('PairDetail', () => {
  it('lists more example items on a taller terminal, and fits both', () => {
    const m = newsModel();
    const f24 = frameOf(<PairDetail model={m} a={0} b={1} width={80} height={22} />);
    const f50 = frameOf(<PairDetail model={m} a={0} b={1} width={160} height={48} />);
    fits(f24, 80, 22);
    fits(f50, 160, 48);
    const count = (f: string) => (f.match(/\(#\d+ s\d+\)/g) ?? []).length;
    expect(count(f50)).toBeGreaterThan(2 * count(f24));
    // B finds, A misses: 57 items, of which the tall screen shows 19.
    expect(f50).toContain('B finds, A misses (57, 19 shown)');
    expect(count(f24)).toBeGreaterThan(10);
    // Kappa ×100, as every other figure here and as compare gives it.
    expect(f24).toContain('Jaccard 40.1  kappa 61.2  (both ×100, as compare scales them)');
  });
});

describe('a pair\'s headings at 80 to 120 columns', () => {
  const TITLES = ['B finds, A misses', 'A returns wrongly, B avoids', 'A finds, B misses', 'B returns wrongly, A avoids'];

  it('each list\'s heading keeps its whole title and count, saying how many are shown in a shorter form where the longer does not fit', async () => {
    for (const m of [newsModel(), namedModel(LONG_NAMES)]) {
      for (const columns of [80, 90, 100, 120]) {
        const inst = renderApp(<App model={m} initialView={1} />);
        await resize(inst, columns, 24);
        await press(inst.stdin, KEY.enter);
        const lines = plain(inst.lastFrame()).split('\n');
        const ab = pairAt(m.comparison, 0, 1);
        const counts = [ab.onlyBCorrect, ab.onlyAWrong, ab.onlyACorrect, ab.onlyBWrong];
        for (const [k, title] of TITLES.entries()) {
          const heading = new RegExp(`${esc(title)} \\((?:(\\d+)|(\\d+), (\\d+) shown|(\\d+) of (\\d+))\\)(?:\\s|$)`);
          const found = lines.map((l) => heading.exec(l)).find((x) => x !== null);
          expect(found, `${columns}: ${title}\n${lines.join('\n')}`).toBeDefined();
          const [, alone, count, shown, shownOf, countOf] = found!;
          expect(Number(alone ?? count ?? countOf), `${columns}: ${title}`).toBe(counts[k]);
          if (alone === undefined) expect(Number(shown ?? shownOf)).toBeLessThan(counts[k]);
        }
        for (const l of lines) expect(l, String(columns)).not.toMatch(/\S…\S/);
        inst.unmount();
      }
    }
  });

  it('listTitle: the longest form that fits, the title cut only after a whole word', () => {
    expect(listTitle('B returns wrongly, A avoids', 42, 6, 60)).toBe('B returns wrongly, A avoids (42, 6 shown)');
    expect(listTitle('B returns wrongly, A avoids', 42, 6, 38)).toBe('B returns wrongly, A avoids (6 of 42)');
    expect(listTitle('B returns wrongly, A avoids', 1042, 16, 38)).toBe('B returns wrongly, A avoids (1042)');
    expect(listTitle('B returns wrongly, A avoids', 2, 2, 38)).toBe('B returns wrongly, A avoids (2)');
    expect(listTitle('B returns wrongly, A avoids', 42, 6, 24)).toBe('B returns wrongly, A…');
  });

  it('pairHeading: names shortened, kept apart, so the heading fits', () => {
    const names = ['flair-glove-lstmcrf-with-a-long-tail-x', 'flair-glove-lstmcrf-with-a-long-tail-y'];
    expect(pairHeading(names, 0, 1, 120)).toBe(`Pair  A = ${shortNames(names, 28)[0]}   B = ${shortNames(names, 28)[1]}`);
    const narrow = pairHeading(names, 0, 1, 60);
    expect(narrow.length).toBeLessThanOrEqual(60);
    const [, a, b] = /^Pair {2}A = (\S+) {3}B = (\S+)$/.exec(narrow)!;
    expect(a).not.toBe(b);
  });
});

describe('the heatmap\'s pair line', () => {
  it('shortens the names, not the figures, where the line would run past the width', async () => {
    const m = namedModel(LONG_NAMES);
    // The two longest names: their line is 81 columns with names whole.
    const a = m.names.indexOf('flair-glove-lstmcrf'), b = m.names.indexOf('elmo-glove-lstmcrf');
    const ab = pairAt(m.comparison, a, b);
    const figures = `P_Comp ${(ab.pComp! * 100).toFixed(1)} R_Comp ${(ab.rComp! * 100).toFixed(1)} F_Comp ${(ab.fComp! * 100).toFixed(1)}`;
    const whole = `A ${m.names[a]} · B ${m.names[b]}: ${figures}`;
    expect(whole.length).toBeGreaterThan(79);
    for (const columns of [80, 90, 100, 120]) {
      const inst = renderApp(<App model={m} initialView={1} />);
      await resize(inst, columns, 24);
      // The cursor starts on row 1, column 2.
      await press(inst.stdin, ...Array<string>(a).fill(KEY.down), ...Array<string>(Math.abs(b - 1)).fill(b > 1 ? KEY.right : KEY.left));
      const line = plain(inst.lastFrame()).split('\n').find((l) => l.startsWith('A '))!;
      expect(line.length, line).toBeLessThanOrEqual(columns - 1);
      if (whole.length <= columns - 1) expect(line).toBe(whole);
      else {
        const [, A, B] = new RegExp(`^A (\\S+) · B (\\S+): ${esc(figures)}$`).exec(line) ?? [];
        expect(A, line).toMatch(/…/);
        expect(B, line).toMatch(/…/);
        expect(A).not.toBe(B);
      }
      inst.unmount();
    }
    expect(pairLine(m.names, a, b, ab, 119)).toBe(whole);
    expect(pairLine(m.names, a, a, null, 79)).toBe(`${m.names[a]} with itself`);
  });
});

describe('the Systems view\'s footer', () => {
  it('names the types scored and K\'s α when they are not the defaults, as eval\'s title does', () => {
    const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems: NEWS_SYSTEMS.map(parseSystemArg) });
    const m = buildModel(corpus, { ...DEFAULT_EVAL_OPTIONS, types: ['PER', 'ORG'], kAlpha: 2 });
    expect(frameOf(<SystemsView model={m} active={false} width={100} height={22} />)).toContain('5 systems, strict match, types PER,ORG, K(α=2); sorted by');
    expect(frameOf(<SystemsView model={newsModel()} active={false} width={100} height={22} />)).toContain('5 systems, strict match; sorted by');
  });
});

describe('names of double-width characters', () => {
  it('keep every view within the width and its columns in line, a CJK name taking two columns a character', async () => {
    const m = namedModel(['日本語のシステム名前', 'beta', 'crf', 'delta', '한국어시스템이름이너무길다']);
    const views: Array<[string, React.ReactElement]> = [
      ['systems', <SystemsView key="s" model={m} active={false} width={80} height={22} />],
      ['complementarity', <CompView key="c" model={m} active={false} width={80} height={22} onModal={() => {}} />],
      ['ablation', <AblationView key="a" model={m} active={false} width={80} height={22} />],
      ['planner', <PlannerView key="p" model={m} active={false} width={80} height={22} />],
    ];
    for (const [name, el] of views) {
      const lines = frameOf(el).split('\n');
      expect(lines.length, name).toBeLessThanOrEqual(22);
      for (const l of lines) expect(displayWidth(l), `${name}: ${l}`).toBeLessThanOrEqual(80);
    }
    // In the Systems table, each figure of a CJK-named row ends in the column its header's does.
    const table = frameOf(views[0][1]).split('\n');
    const header = table.find((l) => /\bF1\b/.test(l))!;
    const ends = (l: string, at: number) => displayWidth(l.slice(0, at));
    const f1End = ends(header, header.indexOf('F1') + 2);
    for (const row of table.filter((l) => /日本|한국|\bbeta\b/.test(l))) {
      const figures = [...row.matchAll(/\d+\.\d\d/g)];
      expect(figures.some((f) => ends(row, f.index! + f[0].length) === f1End), row).toBe(true);
    }
  });
});

describe('the heatmap with more systems than columns', () => {
  it('shows the columns around the cursor, says which, and keeps every line within the width', async () => {
    const files = writeManySystems(26, 4);
    try {
      const m = buildModel(loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: files.gold, systems: files.systems.map(parseSystemArg) }), DEFAULT_EVAL_OPTIONS);
      // (ink-testing-library's terminal is 100 columns wide.)
      for (const width of [60, 80, 100]) {
        const lines = frameOf(<CompView model={m} active={false} width={width} height={30} onModal={() => {}} />).split('\n');
        for (const l of lines) expect(displayWidth(l), `${width}: ${l}`).toBeLessThanOrEqual(width);
        const header = lines[1].trim().split(/\s+/).map(Number);
        expect(header[0], String(width)).toBe(1);
        expect(header.length).toBeLessThan(26);
        expect(lines.at(-1)).toContain(`columns 1–${header.length} of 26`);
        // Every row has as many cells as the header has numbers.
        const row = lines[2];
        expect(row, String(width)).toMatch(/^\s+1 \S/);
        expect(row.slice(row.indexOf('·')).replace(/[[\]]/g, ' ').trim().split(/\s+/)).toHaveLength(header.length);
      }
      // Moving right past the last column shown scrolls the columns with the cursor.
      const inst = render(<CompView model={m} active width={80} height={30} onModal={() => {}} />);
      for (let k = 0; k < 20; k++) inst.stdin.write('\u001B[C');
      await new Promise((r) => setTimeout(r, 80));
      const after = plain(inst.lastFrame()).split('\n');
      const cols = after[1].trim().split(/\s+/).map(Number);
      expect(cols).toContain(21);
      expect(cols[0]).toBeGreaterThan(1);
      expect(after.at(-1)).toMatch(new RegExp(`columns ${cols[0]}–${cols.at(-1)} of 26`));
    } finally {
      rmSync(files.dir, { recursive: true, force: true });
    }
  });
});

describe('HelpOverlay', () => {
  it('wraps a description too long for its column under itself: every line of both columns is shown whole', () => {
    for (const width of [80, 100]) {
      const f = frameOf(<HelpOverlay width={width} height={22} />);
      fits(f, width, 22);
      const col = Math.floor((width - 5) / 2);
      for (const l of [...helpLines(HELP.slice(0, 3), col), ...helpLines(HELP.slice(3), col)]) expect(f, `${width}: ${l.text}`).toContain(l.text.trimEnd());
    }
    // At 80 columns the longest descriptions take two lines.
    const f = frameOf(<HelpOverlay width={80} height={22} />);
    expect(f).toContain('next sort column (# P R F');
    expect(f).toMatch(/^│\s+SER K TP FP FN\)/m);
  });

  it('in a terminal too short for it, shows its first rows whole, each under its heading, and how many more there are', () => {
    for (const [width, height] of [[80, 19], [60, 19], [60, 10], [100, 12]]) {
      const f = frameOf(<HelpOverlay width={width} height={height} />);
      fits(f, width, height);
      const col = Math.floor((Math.min(width, 100) - 5) / 2);
      const { rows, hidden } = helpRows(col, height - 3);
      expect(hidden, `${width}×${height}`).toBeGreaterThan(0);
      const inside = f.split('\n').slice(2, -1).map((l) => l.replace(/^│ /, '').replace(/ *│$/, ''));
      // Each row as it is: the left column padded, the right one after it; nothing drawn over another.
      rows.forEach(([l, r], i) => expect(inside[i].trimEnd(), `${width}×${height} row ${i}`).toBe(`${(l?.text ?? '').padEnd(col)} ${r?.text ?? ''}`.trimEnd()));
      expect(inside[rows.length]).toMatch(new RegExp(`^… ${hidden} more lines: a taller terminal shows`));
      // A heading is never left out above its keys: the left column's shown lines are its first ones.
      const left = rows.map(([l]) => l?.text).filter((t) => t !== undefined);
      expect(left).toEqual(helpLines(HELP.slice(0, 3), col).slice(0, left.length).map((l) => l.text));
    }
  });

  it('helpLines keeps every line within the column, and each description whole, in order, across its lines', () => {
    for (const width of [37, 47]) {
      const lines = helpLines(HELP, width);
      for (const l of lines) expect(l.text.length).toBeLessThanOrEqual(width);
      const got: string[] = [];
      for (const l of lines.filter((x) => !x.title)) {
        if (l.text.startsWith(' '.repeat(11))) got[got.length - 1] += ` ${l.text.trim()}`;
        else got.push(l.text.slice(11));
      }
      expect(got).toEqual(HELP.flatMap(([, keys]) => keys.map(([, what]) => what)));
      expect(lines.filter((x) => x.title).map((x) => x.text)).toEqual(HELP.map(([t]) => t));
    }
  });
});
