/**
 * The Planner view's held-out check at the keystroke level: `h` shows a running line, then plan's
 * five procedures with runPlan's own figures and the recommendation; Enter loads a procedure's
 * choice into the selection; the panel fits 80×24 and 100×30 and follows a resize.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { DEFAULT_EVAL_OPTIONS } from '../../../src/metrics/evaluate.js';
import type { PlanResult, Procedure } from '../../../src/plan/types.js';
import { App } from '../../../cli/tui/App.js';
import { buildModel, type TuiModel } from '../../../cli/tui/model.js';
import { abbreviateMembers, weightedMembers } from '../../../src/report/plan-values.js';
import { choiceCounts, choiceOf } from '../../../src/plan/choice.js';
import { buildPlanData } from '../../../src/plan/data.js';
import { buildEnsembleIndex } from '../../../src/ensemble/simulate.js';
import { esc, exampleCorpus, exampleModel, examplePlan, figuresLine, HELPS, KEY, NEWS, pc, plain, press, render, resize, until } from './helpers.js';
import { recommendationReason } from '../../../src/report/plan-reason.js';
import { dataLine, planningDataPhrase, splitsPhrase } from '../../../src/report/plan-procedures.js';

afterEach(() => cleanup());

const ORDER = ['selection', 'best-single', 'majority-all', 'vote-all', 'caruana'] as const;
const procedure = (r: PlanResult, name: string): Procedure => [r.selection, ...r.baselines].find((p) => p.name === name)!;

/** The Planner view of `model`, at a size, with the held-out panel shown (the check done). */
async function planner(model: TuiModel, columns = 100, rows = 30) {
  const inst = render(<App model={model} initialView={2} />);
  await resize(inst, columns, rows);
  await press(inst.stdin, 'h');
  const frame = () => plain(inst.lastFrame());
  await until(frame, (f) => f.includes('Recommendation ('));
  return { ...inst, frame };
}

/** The row of procedure `p` as the panel must show it: rule, in-sample F, held-out mean and sd, on one line. */
function rowPattern(p: Procedure): RegExp {
  const rule = p.members.length === 1 ? '—' : p.rule;
  return new RegExp(`^[ ›][ *]${esc(p.name)} .*\\s${esc(rule)}\\s+${esc(pc(p.planning.objective))}\\s+${esc(pc(p.heldOut!.mean))}\\s+${esc(pc(p.heldOut!.sd!))}\\s*$`, 'm');
}

/** The F of the live `actual` row. */
const actualF = (f: string) => /actual\s+[\d.]+\s+[\d.]+\s+([\d.]+)/.exec(f)?.[1];

/**
 * Goes to the procedures list, moves its cursor from row `from` to row `to` (the list keeps its
 * cursor between loads: a fresh panel's is on row 0) and presses Enter.
 */
async function loadRow(stdin: { write: (s: string) => void }, to: number, from = 0) {
  const moves = Array<string>(Math.abs(to - from)).fill(to > from ? KEY.down : KEY.up);
  await press(stdin, KEY.right, ...moves, KEY.enter);
}

describe('tui Planner: the held-out check', () => {
  it('h shows a running line first, then the five procedures with runPlan\'s figures and the recommendation', async () => {
    // A model of its own, so that the check really runs.
    const model = buildModel(exampleCorpus(NEWS), DEFAULT_EVAL_OPTIONS);
    const inst = render(<App model={model} initialView={2} />);
    const frame = () => plain(inst.lastFrame());
    expect(frame()).toContain('h: held-out check');
    await press(inst.stdin, 'h');
    const f = await until(frame, (x) => x.includes('Recommendation ('));
    expect(f).not.toContain('running');
    // The running line had a frame of its own before the figures (read from the frames drawn,
    // not the last one after the key: on a busy machine the check may be done by then).
    const drawn = inst.frames.map((x) => plain(x));
    const running = drawn.findIndex((x) => x.includes('running the held-out check…'));
    expect(running).toBeGreaterThan(0);
    expect(drawn[running]).not.toContain('Recommendation');
    expect(drawn.findIndex((x) => x.includes('Recommendation ('))).toBeGreaterThan(running);
    const r = examplePlan(NEWS);
    for (const name of ORDER) expect(f, name).toMatch(rowPattern(procedure(r, name)));
    expect(f).toMatch(/^\s+procedure\s+chose\s+rule\s+in-sample\s+held-out\s+± sd\s*$/m);
    expect(f).toContain('In-sample figures: the planning data');
    const rec = r.recommendation;
    // Only the recommended procedure's row is marked.
    expect(f).toMatch(new RegExp(`^ \\*${esc(rec.procedure)} `, 'm'));
    expect(f.match(/^[ ›]\*/gm)).toHaveLength(1);
    expect(f).toContain(`Recommendation (${rec.procedure}): ${rec.rule}(`);
    expect(f).toContain(figuresLine(r));
    // The reason's opening words, as the reports give them (the panel wraps it).
    expect(f.replace(/\s+/g, ' ')).toContain(recommendationReason(r).split(' ').slice(0, 8).join(' '));
  });

  it('on examples/selection/helps: the search\'s choice is recommended, far ahead of vote-all', async () => {
    const { frame } = await planner(exampleModel(HELPS));
    const f = frame();
    const r = examplePlan(HELPS);
    for (const name of ORDER) expect(f, name).toMatch(rowPattern(procedure(r, name)));
    expect(f).toMatch(/^ \*selection\s+strong-a\+strong-b\+strong-c\s+majority/m);
    const vs = r.recommendation.vsBaselines.find((c) => c.name === 'vote-all')!;
    expect(vs.p).toBeLessThan(0.001);
    expect(f).toContain(`Recommendation (selection): majority(strong-a+strong-b+strong-c)`);
    expect(f).toContain(`+${pc(vs.meanDiff)} points over vote-all (p < 0.001)`);
  });

  it('Enter on a procedure loads its members and rule: the live actual F is its in-sample figure', async () => {
    const r = examplePlan(NEWS);
    const { frame, stdin } = await planner(exampleModel(NEWS));
    for (const [i, name] of ORDER.entries()) {
      const p = procedure(r, name);
      await loadRow(stdin, i, Math.max(0, i - 1));
      const f = frame();
      expect(f, name).toContain(`Systems (${p.members.length} of 5)`);
      for (const s of exampleModel(NEWS).names) expect(f, `${name}: ${s}`).toMatch(new RegExp(`\\[${p.members.includes(s) ? 'x' : ' '}\\] ${s}`));
      expect(actualF(f), name).toBe(pc(p.planning.objective));
      expect(f, name).toMatch(new RegExp(`Rule ${p.rule === 'weighted' ? 'weighted \\(' : p.members.length === 1 ? 'union' : p.rule}`));
    }
  });

  it('caruana\'s weights go when a member is toggled or the rule changes: the selection is then a plain vote', async () => {
    const { frame, stdin } = await planner(exampleModel(NEWS));
    const caruana = procedure(examplePlan(NEWS), 'caruana');
    expect(caruana.rule).toBe('weighted');
    await loadRow(stdin, 4);
    expect(frame()).toContain('Rule weighted');
    expect(actualF(frame())).toBe(pc(caruana.planning.objective));
    await press(stdin, 'r', 'r', 'r', 'r');
    expect(frame()).toContain('Rule vote (r: ');
    // The plain vote of the same members.
    const data = buildPlanData(buildEnsembleIndex(exampleCorpus(NEWS)));
    const S = caruana.members.reduce((m, name) => m | (1 << data.names.indexOf(name)), 0);
    const c = choiceCounts(data, choiceOf(data, S, { kind: 'vote' }));
    expect(actualF(frame())).toBe(pc((2 * c.tp) / (2 * c.tp + c.fp + c.fn)));
    await loadRow(stdin, 4, 4);
    await press(stdin, KEY.space);
    expect(frame()).not.toContain('Rule weighted');
  });

  it('on the helps example Enter loads the recommended selection: three strong systems under majority', async () => {
    const { frame, stdin } = await planner(exampleModel(HELPS));
    await loadRow(stdin, 0);
    const f = frame();
    expect(f).toContain('Systems (3 of 7)');
    expect(f).toMatch(/\[x\] strong-a[\s\S]*\[x\] strong-b[\s\S]*\[x\] strong-c[\s\S]*\[ \] weak-bloc-1/);
    expect(f).toContain('Rule majority');
    expect(actualF(f)).toBe(pc(examplePlan(HELPS).selection.planning.objective));
  });

  it('h again returns to the candidates, a second check shows the kept result at once, and g leaves the panel', async () => {
    const { frame, stdin } = await planner(exampleModel(NEWS));
    await press(stdin, 'h');
    expect(frame()).not.toContain('Held-out check');
    expect(frame()).toContain('g: greedy · e: exhaustive search');
    await press(stdin, 'h');
    expect(frame()).not.toContain('running');
    expect(frame()).toContain(`Recommendation (${examplePlan(NEWS).recommendation.procedure})`);
    await press(stdin, 'g');
    const f = await until(frame, (x) => x.includes('greedy') && x.includes('done,'));
    expect(f).toContain('Top candidates');
    expect(f).not.toContain('Held-out check');
  });

  it('keys pressed while the check runs are not lost', async () => {
    const model = buildModel(exampleCorpus(HELPS), DEFAULT_EVAL_OPTIONS);
    const inst = render(<App model={model} initialView={2} />);
    const frame = () => plain(inst.lastFrame());
    await press(inst.stdin, 'h');
    expect(frame()).toContain('running the held-out check…');
    inst.stdin.write('1');
    expect(await until(frame, (f) => f.includes('[1 Systems]'))).toContain('[1 Systems]');
    await press(inst.stdin, '3');
    expect(await until(frame, (f) => f.includes('Recommendation ('))).toContain('Recommendation (selection)');
  });

  it('? lists the key', async () => {
    const inst = render(<App model={exampleModel(NEWS)} initialView={2} />);
    await press(inst.stdin, '?');
    expect(plain(inst.lastFrame())).toMatch(/h\s+held-out check/);
    expect(plain(inst.lastFrame())).toContain('load candidate/procedure');
  });
});

describe('tui Planner: the held-out panel\'s size', () => {
  for (const [columns, rows] of [[80, 24], [100, 30]] as const) {
    it(`fits ${columns}×${rows}: every line within the width, each procedure on one line`, async () => {
      for (const dir of [NEWS, HELPS]) {
        const { frame, stdin } = await planner(exampleModel(dir), columns, rows);
        // With the procedures list focused and a procedure loaded, too.
        await loadRow(stdin, 3);
        await press(stdin, KEY.right);
        const lines = frame().split('\n');
        expect(lines.length, dir).toBeLessThanOrEqual(rows - 1);
        for (const l of lines) expect(l.length, `${dir}: ${l}`).toBeLessThanOrEqual(columns);
        const r = examplePlan(dir);
        for (const name of ORDER) expect(frame(), `${dir} ${name}`).toMatch(rowPattern(procedure(r, name)));
        expect(frame()).toMatch(/^Recommendation \(/m);
        expect(frame()).toMatch(/^ {2}held-out [\d.]+ ± [\d.]+ \(sd over 5 splits\)/m);
        expect(frame()).toMatch(/^›[ *]vote-all /m);
      }
    });
  }

  it('leaves the systems list the rows the panel does not need: all seven systems above the whole panel at 120×32', async () => {
    const model = exampleModel(HELPS);
    const { frame } = await planner(model, 120, 32);
    const lines = frame().split('\n');
    expect(lines.length).toBeLessThanOrEqual(31);
    const listed = model.names.filter((name) => lines.some((l) => new RegExp(`^. ?\\d+ \\[[ x]\\] ${esc(name)}\\b`).test(l)));
    expect(listed).toEqual(model.names);
    expect(frame()).toMatch(/^Systems \(\d of 7\) {2,}/m);
    // Shorter, the list scrolls and its title says which systems it shows.
    const short = await planner(model, 120, 24);
    expect(short.frame()).toMatch(/^Systems \(\d of 7\) 1–5 /m);
    // The panel is whole: the reason's last words end the frame's text.
    const reason = recommendationReason(examplePlan(HELPS)).split(' ').slice(-3).join(' ');
    expect(frame().replace(/\s+/g, ' ')).toContain(reason);
  });

  it('says which systems a scrolled list shows at 80 columns too, its title shortened to leave room for them', async () => {
    const inst = await planner(exampleModel(HELPS), 80, 24);
    const title = inst.frame().split('\n')[1];
    const shown = /^Systems (\d)\/7 (\d)–(\d) /.exec(title);
    expect(shown, title).not.toBeNull();
    expect(title).not.toContain('…');
    // The rows it names are the rows listed.
    const [from, to] = [Number(shown![2]), Number(shown![3])];
    const numbers = inst.frame().split('\n').map((l) => /^. ?(\d+) \[[ x]\] /.exec(l)?.[1]).filter((x) => x !== undefined).map(Number);
    expect(numbers).toEqual(Array.from({ length: to - from + 1 }, (_, i) => from + i));
    await press(inst.stdin, KEY.down, KEY.down, KEY.down, KEY.down, KEY.down, KEY.down, KEY.space);
    expect(inst.frame().split('\n')[1]).toMatch(/^Systems 1\/7 \d–7 /);
  });

  it('redraws at the new width on resize: caruana\'s members abbreviated to fit, longer at 100 columns than at 80', async () => {
    const inst = await planner(exampleModel(NEWS), 100, 30);
    const members = weightedMembers(procedure(examplePlan(NEWS), 'caruana').members, procedure(examplePlan(NEWS), 'caruana').weights);
    const caruana = () => /^[ ›][ *]caruana\s+(.+?)\s+weighted/m.exec(inst.frame())?.[1];
    const wide = caruana()!;
    expect(abbreviateMembers(members, wide.length)).toBe(wide);
    await resize(inst, 80, 24);
    await until(inst.frame, (f) => f.includes('2 Comp '));
    const narrow = caruana()!;
    expect(abbreviateMembers(members, narrow.length)).toBe(narrow);
    expect(narrow.length).toBeLessThan(wide.length);
    expect(inst.frame().split('\n').length).toBeLessThanOrEqual(23);
    await resize(inst, 100, 30);
    await until(inst.frame, (f) => f.includes('2 Complementarity'));
    expect(caruana()).toBe(wide);
  });
});

describe('tui Planner: the held-out panel\'s figures at 80 to 120 columns', () => {
  /** Figures and their labels, as the panel's lines must keep them together. */
  const PHRASES = [/[-+]\d+\.\d+ points/g, /95% interval [-+]\d+\.\d+ to [-+]\d+\.\d+/g, /p = \d\.\d+/g, /held-out [\d.]+ ± [\d.]+/g];

  for (const [columns, rows] of [[80, 24], [90, 24], [100, 24], [120, 24], [80, 30], [90, 30], [100, 30], [120, 30]] as const) {
    it(`${columns}×${rows}: each figure on the line of its label, and what each kind was measured on whole`, async () => {
      for (const dir of [NEWS, HELPS]) {
        const r = examplePlan(dir);
        const { frame, unmount } = await planner(exampleModel(dir), columns, rows);
        const lines = frame().split('\n');
        const what = `${dir} at ${columns}×${rows}`;
        // Plan's sentence on what the figures were measured on, or a line for each kind.
        const from = lines.findIndex((l) => l.startsWith('In-sample'));
        const to = lines.findIndex((l) => l.startsWith('Recommendation ('));
        const about = lines.slice(from, to);
        if (about.join(' ') !== dataLine(r)) expect(about, what).toEqual([`In-sample: ${planningDataPhrase(r)}`, `Held-out: ${splitsPhrase(r.heldOut!)}`]);
        // Below the recommendation: every figure shown whole is on one line with its label.
        const below = lines.slice(to + 1).map((l) => l.trim());
        const text = below.join(' ');
        let phrases = 0;
        for (const re of PHRASES) {
          for (const m of text.matchAll(re)) {
            phrases++;
            expect(below.some((l) => l.includes(m[0])), `${what}: ${m[0]}\n${below.join('\n')}`).toBe(true);
          }
        }
        expect(phrases, what).toBeGreaterThanOrEqual(2);
        // The difference from the baseline says it is held out, on its own line as on the figures' line.
        const vs = below.find((l) => / points over (vote-all|majority-all)/.test(l) && !l.includes('interval'))!;
        expect(vs, what).toMatch(/^held-out .*; [-+][\d.]+ points over|^[-+][\d.]+ points over \S+ on the same held-out splits \(/);
        unmount();
      }
    });
  }
});
