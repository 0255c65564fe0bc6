/**
 * The loading screen: up before anything is read, then the files read and their items, then the
 * model's steps; the alternate screen it is drawn on; and in a real terminal (tmux), the word
 * Loading on the screen before the Systems view.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadingLines, startLoadingScreen } from '../../../cli/tui/loading.js';
import { buildModel, MODEL_STEPS } from '../../../cli/tui/model.js';
import { enterAltScreen, ENTER_ALT, LEAVE_ALT } from '../../../cli/tui/screen.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../../src/formats/load.js';
import { DEFAULT_EVAL_OPTIONS } from '../../../src/metrics/evaluate.js';
import { ROOT } from '../helpers.js';
import { NEWS, NEWS_SYSTEMS, settle } from './helpers.js';

const GOLD = join(NEWS, 'gold.conll');

describe('loadingLines', () => {
  it('says Loading, the files read of all, and the items they held', () => {
    const l = loadingLines({ files: 6, total: 13, items: 33689, reading: 'elmo-glove-lstmcrf.conll' }, 80);
    expect(l[0]).toBe('complan: Loading');
    expect(l.join('\n')).toContain('6 of 13 files read, 33,689 items');
    expect(l.join('\n')).toContain('reading elmo-glove-lstmcrf.conll…');
    expect(l.join('\n')).toMatch(/files \[#+\.+\] 46% 6\/13/);
  });

  it('keeps every line within the width', () => {
    for (const w of [20, 40, 80]) {
      for (const l of loadingLines({ files: 1, total: 2, items: 5, reading: 'a-very-long-file-name-of-a-system-output.conll' }, w)) expect(l.length).toBeLessThan(w);
    }
  });
});

describe('startLoadingScreen', () => {
  it('draws at once, before anything is read, then on every file and every step of the model', () => {
    const frames: string[][] = [];
    const files = [GOLD, ...NEWS_SYSTEMS];
    const screen = startLoadingScreen({ columns: 80, draw: (l) => frames.push([...l]) }, files);
    expect(frames).toHaveLength(1);
    expect(frames[0].join('\n')).toContain('Loading');
    expect(frames[0].join('\n')).toContain('0 of 6 files read, 0 items');
    expect(frames[0].join('\n')).toContain('reading gold.conll…');
    const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: GOLD, systems: NEWS_SYSTEMS.map(parseSystemArg), onRead: screen.read });
    expect(frames).toHaveLength(7);
    expect(frames[1].join('\n')).toContain('1 of 6 files read, 184 items');
    expect(frames[1].join('\n')).toContain('reading cautious.conll…');
    const all = 184 + corpus.systems.reduce((a, s) => a + s.spans.length, 0);
    expect(frames[6].join('\n')).toContain(`6 of 6 files read, ${all.toLocaleString('en-US')} items`);
    buildModel(corpus, DEFAULT_EVAL_OPTIONS, (_, name) => screen.step(name));
    expect(frames.slice(7).map((f) => f.at(-1))).toEqual(MODEL_STEPS.map((s) => `${s}…`));
  });

  it('names the first file not read yet, when files read on worker threads finish out of input order', () => {
    const frames: string[][] = [];
    const screen = startLoadingScreen({ columns: 80, draw: (l) => frames.push([...l]) }, ['/x/gold.conll', '/x/a.conll', '/x/b.conll', '/x/c.conll']);
    screen.read({ path: '/x/gold.conll', done: 1, total: 4, items: 5 });
    expect(frames.at(-1)).toContain('reading a.conll…');
    // c was a worker's, and finished before the main thread's a.
    screen.read({ path: '/x/c.conll', done: 2, total: 4, items: 5 });
    expect(frames.at(-1)).toContain('reading a.conll…');
    screen.read({ path: '/x/a.conll', done: 3, total: 4, items: 5 });
    expect(frames.at(-1)).toContain('reading b.conll…');
    screen.read({ path: '/x/b.conll', done: 4, total: 4, items: 5 });
    expect(frames.at(-1)!.some((l) => l.startsWith('reading'))).toBe(false);
  });
});

describe('enterAltScreen', () => {
  it('enters the alternate screen at once, draws from the top, and leaves it once', () => {
    let out = '';
    const screen = enterAltScreen({ write: (s) => { out += s; }, columns: 100 });
    expect(out).toBe(ENTER_ALT);
    expect(screen.columns).toBe(100);
    screen.draw(['a', 'b']);
    expect(out.endsWith('a\r\nb')).toBe(true);
    screen.leave();
    screen.leave();
    expect(out.split(LEAVE_ALT)).toHaveLength(2);
  });

  it('leaves the alternate screen before a signal ends the process (Ctrl-C while loading)', () => {
    const lib = join(ROOT, 'dist/cli/tui/screen.js');
    expect(existsSync(lib), 'npm run build makes dist/').toBe(true);
    const script = `
      const { enterAltScreen } = await import(${JSON.stringify(lib)});
      const screen = enterAltScreen(process.stdout);
      process.kill(process.pid, 'SIGINT');
      setTimeout(() => process.stdout.write('not reached'), 2000);
    `;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.signal).toBe('SIGINT');
    expect(r.stdout).toBe(ENTER_ALT + LEAVE_ALT);
    const before = process.listenerCount('SIGINT');
    enterAltScreen({ write: () => {} }).leave();
    expect(process.listenerCount('SIGINT')).toBe(before);
  });
});

const hasTmux = spawnSync('which', ['tmux']).status === 0;

describe.skipIf(!hasTmux || !existsSync(join(ROOT, 'dist/cli/main.js')))('complan tui in a real terminal (tmux): the loading screen', () => {
  it('shows Loading with the files read before the Systems view, and an input error leaves a clean terminal with exit 2', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-loading-'));
    const session = `complan-loading-${process.pid}`;
    const status = join(dir, 'status');
    const tmux = (...args: string[]) => execFileSync('tmux', args, { encoding: 'utf8' });
    const capture = () => tmux('capture-pane', '-p', '-t', session);
    const screens: string[] = [];
    const waitFor = async (test: (s: string) => boolean, ms = 15000) => {
      const end = Date.now() + ms;
      let s = capture();
      while (!test(s) && Date.now() < end) { screens.push(s); await settle(20); s = capture(); }
      return s;
    };
    const cmd = `cd ${ROOT} && node dist/cli/main.js tui --gold examples/news/gold.conll examples/news/systems/*.conll; echo $? > ${status}; echo SHELL-AFTER-TUI; sleep 60`;
    tmux('new-session', '-d', '-s', session, '-x', '80', '-y', '24', cmd);
    try {
      const ready = await waitFor((s) => s.includes('[1 Systems]'));
      expect(ready).toContain('sloppy');
      const loading = screens.filter((s) => s.includes('Loading'));
      expect(loading.length, 'a loading screen before the Systems view').toBeGreaterThan(0);
      expect(loading.at(-1)).toMatch(/\d of 6 files read, [\d,]+ items/);
      tmux('send-keys', '-t', session, 'q');
      await waitFor((s) => s.includes('SHELL-AFTER-TUI'));
      expect(readFileSync(status, 'utf8').trim()).toBe('0');
    } finally {
      spawnSync('tmux', ['kill-session', '-t', session]);
    }
    // A bad input: the error on the normal screen, one line, exit 2; no loading screen left behind.
    const bad = `cd ${ROOT} && node dist/cli/main.js tui --gold examples/news/gold.conll no-such-file.conll; echo $? > ${status}; echo SHELL-AFTER-TUI; sleep 60`;
    tmux('new-session', '-d', '-s', session, '-x', '80', '-y', '24', bad);
    try {
      const after = await waitFor((s) => s.includes('SHELL-AFTER-TUI'));
      expect(after).not.toContain('Loading');
      expect(after).toMatch(/no-such-file\.conll/);
      expect(readFileSync(status, 'utf8').trim()).toBe('2');
      expect(after).toContain('complan: no-such-file.conll: no such file or directory');
    } finally {
      spawnSync('tmux', ['kill-session', '-t', session]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
