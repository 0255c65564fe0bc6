/**
 * `complan tui` as a command: input errors, the terminal requirement, the no-command rule of
 * 80×24 and resize, and one run in a real terminal (tmux, when installed).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { App } from '../../../cli/tui/App.js';
import { buildProgram, commandLine, COMMANDS, looksLikeInputs, run } from '../../../cli/program.js';
import type { Io } from '../../../cli/io.js';
import { ROOT, runCli } from '../helpers.js';
import { NEWS, NEWS_SYSTEMS, newsModel, press, render, settle } from './helpers.js';

afterEach(() => cleanup());

const GOLD = join(NEWS, 'gold.conll');

describe('complan tui: command line', () => {
  it('refuses to run without a terminal (exit 1), after checking its inputs', async () => {
    const r = await runCli(['tui', '--gold', GOLD, ...NEWS_SYSTEMS]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('tui needs a terminal');
    const none = await runCli(['tui']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('no system files given (usage: complan tui');
    const overlap = await runCli(['tui', '--match', 'overlap', '--gold', GOLD, ...NEWS_SYSTEMS]);
    expect(overlap.code).toBe(1);
    expect(overlap.stderr).toContain('--match overlap does not apply to tui');
  });

  it('refuses standard input as an input (exit 1): tui reads its keys there, so reading an input from it would wait for the keyboard', async () => {
    for (const [args, what] of [
      [['--gold', GOLD, NEWS_SYSTEMS[0], '-'], 'system "stdin"'],
      [['--gold', '-', ...NEWS_SYSTEMS], '--gold'],
      [['--gold', GOLD, NEWS_SYSTEMS[0], 'crf=/dev/stdin'], 'system "crf"'],
      [['--gold', GOLD, NEWS_SYSTEMS[0], `runs=${NEWS_SYSTEMS[1]},-`], 'system "runs:-"'],
    ] as const) {
      const r = await runCli(['tui', ...args]);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toEqual([`complan: ${what} reads standard input, where tui reads its keys: save it to a file and give its path (eval, compare, plan and ablate read standard input)`]);
    }
  });

  it('is listed in the help', async () => {
    const r = await runCli(['--help']);
    expect(r.stdout).toMatch(/tui \[options\] \[systems\.\.\.\]/);
  });

  it('without a command, inputs on a terminal open the TUI; otherwise nothing changes', async () => {
    const commands = COMMANDS;
    expect(looksLikeInputs(['--gold', GOLD, NEWS_SYSTEMS[0]], commands)).toBe(true);
    expect(looksLikeInputs([`--gold=${GOLD}`], commands)).toBe(true);
    expect(looksLikeInputs([NEWS_SYSTEMS[0]], commands)).toBe(true);
    expect(looksLikeInputs([`crf=${NEWS_SYSTEMS[0]}`], commands)).toBe(true);
    expect(looksLikeInputs(['eval', '--gold', GOLD], commands)).toBe(false);
    expect(looksLikeInputs(['--help'], commands)).toBe(false);
    expect(looksLikeInputs(['--version'], commands)).toBe(false);
    expect(looksLikeInputs(['help'], commands)).toBe(false);
    expect(looksLikeInputs(['no-such-file.conll'], commands)).toBe(false);
    // Every input option, and, given the tui command's options, any of those (not --help).
    for (const option of ['--invalid', '--labels', '--scheme', '--ignore-embedded-gold']) expect(looksLikeInputs([option, 'x', '--gold', GOLD], commands), option).toBe(true);
    const tuiOptions = buildProgram({ stdout: () => {}, stderr: () => {}, isTTY: false, env: {} }).commands.find((c) => c.name() === 'tui')!.options.map((o) => o.long!);
    expect(looksLikeInputs(['--match', 'boundary', '--gold', GOLD], commands)).toBe(false);
    expect(looksLikeInputs(['--match', 'boundary', '--gold', GOLD], commands, tuiOptions)).toBe(true);
    expect(looksLikeInputs(['--beta=2', '--gold', GOLD], commands, tuiOptions)).toBe(true);
    expect(looksLikeInputs(['--help'], commands, tuiOptions)).toBe(false);
    expect(looksLikeInputs(['--top', '3'], commands, tuiOptions)).toBe(false);
    // On a terminal, the inputs reach tui (which then wants a real stdin: not the test's).
    let err = '';
    const io: Io = { stdout: () => {}, stderr: (t) => { err += t; }, isTTY: true, env: {} };
    if (process.stdin.isTTY !== true) {
      expect(await run(['--gold', GOLD, ...NEWS_SYSTEMS], io)).toBe(1);
      expect(err).toContain('tui needs a terminal');
    }
    // Not on a terminal: commander's usual error for an unknown command.
    const r = await runCli(['--gold', GOLD, ...NEWS_SYSTEMS]);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toContain('tui needs a terminal');
    // Whatever option of the TUI comes first, the message says a command is needed, not that the option is unknown.
    for (const first of [['--invalid', 'drop'], ['--labels', 'a,b'], ['--match', 'boundary']]) {
      const p = await runCli([...first, '--gold', GOLD, ...NEWS_SYSTEMS]);
      expect(p.code).toBe(1);
      expect(p.stderr, first[0]).toContain('inputs without a command open the terminal UI');
    }
  });
});

describe('commandLine: which command lines open the TUI', () => {
  const opensTui = (argv: string[], io: { isTTY: boolean }) => commandLine(argv, io)[0] === 'tui';
  const silent: Io = { stdout: () => {}, stderr: () => {}, isTTY: false, env: {} };

  it('knows every command buildProgram registers', () => {
    expect(buildProgram(silent).commands.map((c) => c.name())).toEqual(COMMANDS);
  });

  it('is true for the tui command, and for inputs without a command on a terminal only', () => {
    const tty = { isTTY: true };
    const pipe = { isTTY: false };
    for (const io of [tty, pipe]) {
      expect(opensTui(['tui', '--gold', GOLD, ...NEWS_SYSTEMS], io)).toBe(true);
      expect(opensTui(['tui', '--help'], io)).toBe(true);
      expect(opensTui(['eval', '--gold', GOLD, ...NEWS_SYSTEMS], io)).toBe(false);
      expect(opensTui(['help', 'tui'], io)).toBe(false);
      expect(opensTui(['--help'], io)).toBe(false);
      expect(opensTui([], io)).toBe(false);
    }
    expect(opensTui(['--gold', GOLD, ...NEWS_SYSTEMS], tty)).toBe(true);
    expect(opensTui([NEWS_SYSTEMS[0]], tty)).toBe(true);
    expect(opensTui(['--gold', GOLD, ...NEWS_SYSTEMS], pipe)).toBe(false);
    expect(opensTui(['no-such-file.conll'], tty)).toBe(false);
  });
});

describe('complan tui: a terminal below 80×24', () => {
  it('shows a notice in place of the views, and the views again once it is large enough', async () => {
    const inst = render(<App model={newsModel()} />);
    const out = inst.stdout as unknown as { columns: number; rows?: number; emit: (e: string) => boolean };
    const size = (columns: number, rows: number) => {
      Object.defineProperty(out, 'columns', { value: columns, configurable: true });
      Object.defineProperty(out, 'rows', { value: rows, configurable: true });
      out.emit('resize');
    };
    size(40, 12);
    await settle();
    expect(inst.lastFrame()).toBe('The terminal is 40×12:\ncomplan needs 80×24.\nEnlarge it, or press q.');
    size(100, 20);
    await settle();
    expect(inst.lastFrame()).toContain('The terminal is 100×20:');
    size(80, 24);
    await settle();
    expect(inst.lastFrame()).toContain('1 Systems');
    expect(inst.lastFrame()).not.toContain('Enlarge it');
  });
});

describe('complan tui: size', () => {
  it('fits 80×24 and redraws on resize', async () => {
    const inst = render(<App model={newsModel()} />);
    const out = inst.stdout as unknown as { columns: number; rows?: number; emit: (e: string) => boolean };
    Object.defineProperty(out, 'columns', { value: 80, configurable: true });
    Object.defineProperty(out, 'rows', { value: 24, configurable: true });
    expect(inst.lastFrame()).toContain('2 Complementarity');
    out.emit('resize');
    await settle();
    // Redrawn at the new width: the tab bar abbreviates below 90 columns.
    expect(inst.lastFrame()).toContain('2 Comp ');
    expect(inst.lastFrame()).not.toContain('2 Complementarity');
    for (const key of ['1', '2', '3', '4', '?']) {
      await press(inst.stdin, key);
      if (key === '2') await press(inst.stdin, '\r');
      const lines = inst.lastFrame()!.split('\n');
      expect(lines.length, `view ${key}`).toBeLessThanOrEqual(23);
      // eslint-disable-next-line no-control-regex
      for (const l of lines) expect(l.replace(/\u001B\[[0-9;]*m/g, '').length, `view ${key}: ${l}`).toBeLessThanOrEqual(80);
      if (key === '2') await press(inst.stdin, '\u001B');
    }
  });
});

const hasTmux = spawnSync('which', ['tmux']).status === 0;

describe.skipIf(!hasTmux || !existsSync(join(ROOT, 'dist/cli/main.js')))('complan tui in a real terminal (tmux)', () => {
  it('shows the systems, switches views, toggles a member, and quits with status 0 on a clean screen', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-tui-'));
    const session = `complan-tui-${process.pid}`;
    const status = join(dir, 'status');
    const tmux = (...args: string[]) => execFileSync('tmux', args, { encoding: 'utf8' });
    const capture = () => tmux('capture-pane', '-p', '-t', session);
    const waitFor = async (test: (s: string) => boolean, ms = 15000) => {
      const end = Date.now() + ms;
      let s = capture();
      while (!test(s) && Date.now() < end) { await settle(100); s = capture(); }
      return s;
    };
    // CI=true as on a build server: Ink would draw nothing until exit if tui did not see past it.
    // The installed command, with inputs and no command: on a terminal, inputs alone open the TUI.
    const cmd = `cd ${ROOT} && CI=true node dist/cli/main.js --gold examples/news/gold.conll examples/news/systems/*.conll; echo $? > ${status}; echo SHELL-AFTER-TUI; sleep 60`;
    tmux('new-session', '-d', '-s', session, '-x', '100', '-y', '30', cmd);
    try {
      let screen = await waitFor((s) => s.includes('[1 Systems]') && s.includes('sloppy'));
      for (const name of ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy']) expect(screen).toContain(name);
      tmux('send-keys', '-t', session, '2');
      screen = await waitFor((s) => s.includes('[2 Complementarity]'));
      expect(screen).toContain('F_Comp (%)');
      tmux('send-keys', '-t', session, '3');
      screen = await waitFor((s) => s.includes('[3 Planner]'));
      expect(screen).toContain('Systems (0 of 5)');
      tmux('send-keys', '-t', session, 'Space');
      screen = await waitFor((s) => s.includes('Systems (1 of 5)'));
      expect(screen).toMatch(/\[x\] cautious/);
      expect(screen).toMatch(/actual\s+98\.23\s+60\.33\s+74\.75/);
      tmux('send-keys', '-t', session, 'q');
      screen = await waitFor((s) => s.includes('SHELL-AFTER-TUI'));
      expect(readFileSync(status, 'utf8').trim()).toBe('0');
      // The alternate screen is gone: nothing of the TUI is left on the terminal.
      expect(screen).not.toContain('Planner');
      expect(screen).not.toContain('[x]');
    } finally {
      spawnSync('tmux', ['kill-session', '-t', session]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
