/**
 * The TUI at the keystroke level (ink-testing-library, 100 columns): every view and every key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { App } from '../../../cli/tui/App.js';
import { join } from 'node:path';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../../src/formats/load.js';
import { DEFAULT_EVAL_OPTIONS } from '../../../src/metrics/evaluate.js';
import { buildModel } from '../../../cli/tui/model.js';
import { exampleCorpus, KEY, NEWS, NEWS_SYSTEMS, newsModel, press, render, until } from './helpers.js';

afterEach(() => cleanup());

const NAMES = ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'];

function start(initialView = 0) {
  return render(<App model={newsModel()} initialView={initialView} />);
}

/** The system names of the Systems table, top to bottom. */
function tableOrder(frame: string): string[] {
  return frame.split('\n').map((l) => /^\s+\d+ (\S+)/.exec(l)?.[1]).filter((x): x is string => x !== undefined && NAMES.includes(x));
}

describe('tui: tabs, help and quit', () => {
  it('opens on the Systems view with every system and every score column', () => {
    const { lastFrame } = start();
    const f = lastFrame()!;
    expect(f).toContain('[1 Systems]');
    for (const c of ['P', 'R', 'F1', 'SER', 'K', 'TP', 'FP', 'FN']) expect(f).toMatch(new RegExp(`\\b${c}\\b`));
    expect(tableOrder(f)).toEqual(NAMES);
    // crf's scores as eval prints them.
    expect(f).toMatch(/crf\s+91\.06\s+88\.59\s+89\.81\s+16\.85\s+89\.81\s+163\s+16\s+21/);
    // Under another β the F column says which F it is, as eval's header does.
    const m = newsModel();
    const f2 = render(<App model={{ ...m, options: { ...m.options, beta: 2 } }} initialView={0} />).lastFrame()!;
    expect(f2).toMatch(/\bF2\b/);
    expect(f2).not.toMatch(/\bF1\b/);
  });

  it('number keys and Tab switch views; Shift-Tab goes back', async () => {
    const { lastFrame, stdin } = start();
    await press(stdin, '2');
    expect(lastFrame()).toContain('[2 Complementarity]');
    await press(stdin, '3');
    expect(lastFrame()).toContain('[3 Planner]');
    await press(stdin, '4');
    expect(lastFrame()).toContain('[4 Ablation]');
    await press(stdin, '1');
    expect(lastFrame()).toContain('[1 Systems]');
    await press(stdin, KEY.tab);
    expect(lastFrame()).toContain('[2 Complementarity]');
    await press(stdin, KEY.tab, KEY.tab, KEY.tab);
    expect(lastFrame()).toContain('[1 Systems]');
    await press(stdin, KEY.shiftTab);
    expect(lastFrame()).toContain('[4 Ablation]');
  });

  it('? shows the keys of every view; any key closes it', async () => {
    const { lastFrame, stdin } = start();
    await press(stdin, '?');
    const f = lastFrame()!;
    for (const s of ['Keys', 'Everywhere', '1 Systems', '2 Complementarity', '3 Planner', '4 Ablation', 'greedy / exhaustive', 'prediction quality', 'explain it', 'quit']) expect(f).toContain(s);
    await press(stdin, KEY.escape);
    expect(lastFrame()).not.toContain('Everywhere');
    expect(lastFrame()).toContain('[1 Systems]');
    // While help is open, keys do not reach the views.
    await press(stdin, '?', '3');
    expect(lastFrame()).toContain('[1 Systems]');
  });

  it('q quits: the app unmounts and keys no longer change the frame', async () => {
    const { lastFrame, stdin } = start();
    await press(stdin, 'q');
    const f = lastFrame();
    await press(stdin, '2');
    expect(lastFrame()).toBe(f);
    expect(f).not.toContain('[2 Complementarity]');
  });

  it('Ctrl-C quits too', async () => {
    const { lastFrame, stdin } = start();
    await press(stdin, KEY.ctrlC);
    const f = lastFrame();
    await press(stdin, '3');
    expect(lastFrame()).toBe(f);
  });
});

describe('tui: Systems view', () => {
  it('s cycles the sort column: P, R, F (best first), SER (lowest first), … back to # (name order)', async () => {
    const { lastFrame, stdin } = start();
    await press(stdin, 's');
    expect(lastFrame()).toContain('P▼');
    expect(tableOrder(lastFrame()!)).toEqual(['cautious', 'crf', 'confuser', 'sloppy', 'gazetteer']);
    await press(stdin, 's', 's');
    expect(lastFrame()).toContain('F1▼');
    expect(lastFrame()).toContain('sorted by F1');
    expect(tableOrder(lastFrame()!)).toEqual(['crf', 'confuser', 'cautious', 'gazetteer', 'sloppy']);
    await press(stdin, 's');
    expect(lastFrame()).toContain('SER▼');
    expect(tableOrder(lastFrame()!)[0]).toBe('crf');
    for (let i = 0; i < 5; i++) await press(stdin, 's');
    expect(lastFrame()).toContain('sorted by # (by name)');
    expect(tableOrder(lastFrame()!)).toEqual(NAMES);
  });

  it('arrows scroll when the terminal is short (no effect when everything fits)', async () => {
    const { lastFrame, stdin } = start();
    await press(stdin, KEY.down);
    expect(tableOrder(lastFrame()!)).toEqual(NAMES);
    await press(stdin, KEY.up);
    expect(tableOrder(lastFrame()!)).toEqual(NAMES);
  });
});

describe('tui: Complementarity view', () => {
  it('shows the F_Comp heatmap with a cursor; m cycles to P_Comp and R_Comp', async () => {
    const { lastFrame, stdin } = start(1);
    let f = lastFrame()!;
    expect(f).toContain('F_Comp (%) of row A by column B');
    // Row cautious: what each other system offers it (compare's F_Comp, rounded).
    expect(f).toMatch(/1 cautious\s+·\s+\[\s*88\]\s+90\s+63\s+79/);
    expect(f).toContain('A cautious · B confuser: P_Comp 100.0 R_Comp 78.1 F_Comp 87.7');
    await press(stdin, 'm');
    f = lastFrame()!;
    expect(f).toContain('P_Comp (%) of row A');
    await press(stdin, 'm');
    expect(lastFrame()).toContain('R_Comp (%) of row A');
    expect(lastFrame()).toMatch(/1 cautious\s+·\s+\[\s*78\]/);
    await press(stdin, 'm');
    expect(lastFrame()).toContain('F_Comp (%) of row A');
  });

  it('arrows move the cursor', async () => {
    const { lastFrame, stdin } = start(1);
    await press(stdin, KEY.down, KEY.right);
    expect(lastFrame()).toContain('A confuser · B crf');
    await press(stdin, KEY.right, KEY.down, KEY.down, KEY.down);
    expect(lastFrame()).toContain('A sloppy · B gazetteer');
    await press(stdin, KEY.left, KEY.left, KEY.left, KEY.up);
    expect(lastFrame()).toContain('A gazetteer · B cautious');
  });

  it('Enter opens the pair with its counts and examples; Esc closes it, and so does a switch of view', async () => {
    const { lastFrame, stdin } = start(1);
    await press(stdin, KEY.enter);
    const f = lastFrame()!;
    expect(f).toContain('Pair  A = cautious   B = confuser');
    expect(f).toContain('gold items: both find 85 · only A 26 · only B 57 · both miss 16');
    expect(f).toMatch(/B finds, A misses \(57, \d+ shown\)/);
    expect(f).toContain('Castlebridge United ORG');
    expect(f).toMatch(/A finds, B misses \(26, \d+ shown\)/);
    expect(f).toContain('Jonas Feld PER');
    await press(stdin, KEY.escape);
    expect(lastFrame()).toContain('F_Comp (%) of row A');
    await press(stdin, KEY.enter, '3');
    expect(lastFrame()).toContain('[3 Planner]');
    await press(stdin, '2');
    expect(lastFrame()).toContain('F_Comp (%) of row A');
    expect(lastFrame()).not.toContain('Pair  A');
    // On the diagonal Enter does nothing.
    await press(stdin, KEY.left, KEY.enter);
    expect(lastFrame()).toContain('cautious with itself');
    expect(lastFrame()).not.toContain('Pair  A');
  });
});

describe('tui: Planner view', () => {
  it('says it scores strict matches when the other views score boundary ones', async () => {
    const boundary = buildModel(exampleCorpus(NEWS), { ...DEFAULT_EVAL_OPTIONS, match: 'boundary' });
    const { lastFrame, stdin } = render(<App model={boundary} initialView={2} />);
    await press(stdin, KEY.space);
    expect(lastFrame()).toMatch(/Rule \w+ · strict match \(r: /);
    cleanup();
    const strict = start(2);
    expect(strict.lastFrame()).not.toContain('strict match');
  });

  it('space toggles members; the predicted and actual scores follow; r cycles the rule', async () => {
    const { lastFrame, stdin } = start(2);
    expect(lastFrame()).toContain('Systems (0 of 5)');
    expect(lastFrame()).toContain('space: add systems');
    await press(stdin, KEY.down, KEY.down, KEY.space);
    let f = lastFrame()!;
    expect(f).toContain('Systems (1 of 5)');
    expect(f).toMatch(/\[x\] crf/);
    // A single system: predicted = actual = eval's scores.
    expect(f).toMatch(/predicted\s+91\.06\s+88\.59\s+89\.81\s+16\.85/);
    expect(f).toMatch(/actual\s+91\.06\s+88\.59\s+89\.81\s+16\.85/);
    expect(f).toContain('Rule union');
    await press(stdin, KEY.up, KEY.space);
    f = lastFrame()!;
    expect(f).toContain('Systems (2 of 5)');
    const union = /actual\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(f)!.slice(1);
    await press(stdin, 'r');
    f = lastFrame()!;
    expect(f).toContain('Rule intersection');
    expect(/actual\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(f)!.slice(1)).not.toEqual(union);
    await press(stdin, 'r');
    expect(lastFrame()).toContain('Rule majority');
    await press(stdin, 'r');
    expect(lastFrame()).toContain('Rule vote');
    expect(lastFrame()).toContain('prediction: max-entropy');
    await press(stdin, 'r');
    expect(lastFrame()).toContain('Rule union');
    // Space again removes the member.
    await press(stdin, KEY.space);
    expect(lastFrame()).toContain('Systems (1 of 5)');
  });

  it('e runs the exhaustive search to the end and lists the top candidates; → and Enter load one', async () => {
    const { lastFrame, stdin } = start(2);
    await press(stdin, 'e');
    const f = await until(lastFrame, (x) => x.includes('done, 124 candidates'));
    expect(f).toContain('exhaustive');
    expect(f).toMatch(/1 F1 96\.72 vote\s+confuser\+crf\+gazetteer/);
    await press(stdin, KEY.right, KEY.enter);
    const g = lastFrame()!;
    expect(g).toContain('Rule vote');
    expect(g).toContain('Systems (3 of 5)');
    expect(g).toMatch(/\[x\] confuser/);
    expect(g).toMatch(/\[ \] cautious/);
    expect(g).toMatch(/actual\s+[\d.]+\s+[\d.]+\s+96\.72/);
  });

  it('g runs greedy search; ↓ then Enter loads the second candidate; ← returns to the list', async () => {
    const { lastFrame, stdin } = start(2);
    await press(stdin, 'g');
    const f = await until(lastFrame, (x) => x.includes('greedy') && x.includes('done,'));
    expect(f).toContain('greedy ████████████████████ done, 40 candidates');
    // complan plan --search greedy's third candidate.
    expect(f).toMatch(/3 F1 96\.42 majority\s+confuser\+crf\+gazetteer/);
    const second = /\n\s*2 F1 ([\d.]+) (\S+)/.exec(f)!;
    await press(stdin, KEY.right, KEY.down, KEY.enter);
    expect(lastFrame()).toContain(`Rule ${second[2]}`);
    expect(lastFrame()).toMatch(new RegExp(`actual\\s+[\\d.]+\\s+[\\d.]+\\s+${second[1].replace('.', '\\.')}`));
    await press(stdin, KEY.right, KEY.left, KEY.space);
    expect(lastFrame()).toMatch(/Systems \(\d of 5\)/);
  });

  it('Esc stops a running search, and keys are handled while it runs', async () => {
    // Twenty systems (the news systems, four times each): exhaustive search takes seconds.
    const systems = Array.from({ length: 20 }, (_, i) => parseSystemArg(`s${i}=${NEWS_SYSTEMS[i % NEWS_SYSTEMS.length]}`));
    const model = buildModel(loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems }), DEFAULT_EVAL_OPTIONS);
    const { lastFrame, stdin } = render(<App model={model} initialView={2} />);
    // The frame changes with every slice while the search runs: wait for frames, not for stillness (press).
    stdin.write('e');
    const running = await until(lastFrame, (x) => /exhaustive [█░]+ \d+\/4194300 Esc: stop/.test(x));
    expect(running).toContain('Esc: stop');
    // Another view while it runs, and back: the planner kept its search running.
    stdin.write('1');
    expect(await until(lastFrame, (x) => x.includes('[1 Systems]'))).toContain('[1 Systems]');
    stdin.write('3');
    expect(await until(lastFrame, (x) => x.includes('Esc: stop'))).toContain('Esc: stop');
    stdin.write(KEY.escape);
    const f = await until(lastFrame, (x) => x.includes('stopped at'));
    expect(f).toMatch(/exhaustive stopped at (\S+ )?\d+\/\d+: nothing listed/);
    expect(f).toContain('Top candidates');
    expect(f).not.toContain('Esc: stop');
  });
});

describe('tui: Ablation view', () => {
  it('shows the variants of the first baseline with ΔF, F_Comp both ways, and the chosen variant\'s items', async () => {
    const { lastFrame, stdin } = start(3);
    let f = lastFrame()!;
    expect(f).toContain('Baseline cautious  F 74.75');
    expect(f).toMatch(/› confuser\s+77\.17\s+\+2\.43\s+87\.69\s+76\.47/);
    expect(f).toContain('gained by confuser (57)');
    expect(f).toContain('lost (26)');
    expect(f).toContain('introduced, spurious (42)');
    expect(f).toContain('removed, spurious (2)');
    await press(stdin, KEY.down);
    f = lastFrame()!;
    expect(f).toMatch(/› crf\s+89\.81\s+\+15\.06/);
    expect(f).toContain('gained by crf');
    await press(stdin, KEY.up);
    expect(lastFrame()).toContain('gained by confuser');
  });

  it('b and B cycle the baseline', async () => {
    const { lastFrame, stdin } = start(3);
    await press(stdin, 'b');
    expect(lastFrame()).toContain('Baseline confuser');
    expect(lastFrame()).toMatch(/› cautious\s+74\.75\s+-2\.43/);
    await press(stdin, 'B', 'B');
    expect(lastFrame()).toContain('Baseline sloppy');
  });
});
