/**
 * Progress while reading inputs (every command but tui, which has its loading screen): a bar on
 * a terminal, lines with --progress elsewhere, nothing otherwise; and a named FIFO is announced.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { terminalWidth, type Io } from '../../cli/io.js';
import { loadOptions } from '../../cli/options.js';
import { createProgress, fittedProgressLine, NO_PROGRESS, progressLine, readingProgress } from '../../cli/progress.js';
import { run } from '../../cli/program.js';
import { ROOT, runCli } from './helpers.js';

const NEWS = join(ROOT, 'examples/news');
const SYSTEMS = ['cautious', 'confuser', 'crf'].map((s) => join(NEWS, 'systems', `${s}.conll`));

function io(stderrIsTTY: boolean): { io: Io; err: string[] } {
  const err: string[] = [];
  return { io: { stdout: () => {}, stderr: (t) => err.push(t), isTTY: false, stderrIsTTY, env: {} }, err };
}

describe('no progress (stderr not a terminal, no --progress)', () => {
  it('is the progress that shows nothing, and a load then reports no file to it', () => {
    expect(createProgress(io(false).io)).toBe(NO_PROGRESS);
    expect(createProgress(io(false).io, undefined, true)).not.toBe(NO_PROGRESS);
    expect(createProgress(io(true).io)).not.toBe(NO_PROGRESS);
    const quiet = loadOptions(SYSTEMS, {} as Parameters<typeof loadOptions>[1], 'eval', io(false).io);
    expect([quiet.onRead, quiet.onBytes]).toEqual([undefined, undefined]);
    const shown = loadOptions(SYSTEMS, { progress: true } as Parameters<typeof loadOptions>[1], 'eval', io(false).io);
    expect(typeof shown.onRead).toBe('function');
  });
});

describe('progress lines (--progress where stderr is not a terminal)', () => {
  it('one line a second at most, and one when a phase completes', () => {
    const { io: o, err } = io(false);
    let t = 0;
    const p = createProgress(o, () => t, true);
    p.update('search', 1, 10);
    t += 500;
    p.update('search', 2, 10);
    t += 600;
    p.update('search', 3, 10);
    p.update('search', 10, 10);
    // A phase reported complete again (an exhaustive search then its end) is not written twice.
    p.update('search', 10, 10);
    expect(err).toEqual(['complan: search 1/10\n', 'complan: search 3/10\n', 'complan: search 10/10 (done)\n']);
  });

  it('readingProgress names each file read with the items of all files so far, and ends the display with the last', () => {
    const calls: string[] = [];
    const on = readingProgress({ update: (phase, done, total) => calls.push(`${phase} ${done}/${total}`), end: () => calls.push('end') });
    on({ path: '/x/gold.conll', done: 1, total: 2, items: 1000 });
    on({ path: '/x/sys.conll', done: 2, total: 2, items: 1500 });
    expect(calls).toEqual(['read gold.conll; 1,000 items in all: 1/2', 'read sys.conll; 2,500 items in all: 2/2', 'end']);
  });
});

describe('the progress bar on a terminal', () => {
  const phase = 'read spanner-lendecode.jsonl; 72,561 items in all:';

  it('keeps within the terminal: the bar narrows first, then the phase loses its middle (its count and unit stay)', () => {
    expect(fittedProgressLine('exhaustive', 5, 10, 120)).toBe(progressLine('exhaustive', 5, 10));
    const at80 = fittedProgressLine(phase, 13, 13, 80);
    expect(at80).toMatch(/^read spanner-lendecode\.jsonl; 72,561 items in all: \[#{10,29}\] 100% 13\/13$/);
    expect(at80.length).toBeLessThanOrEqual(79);
    const at60 = fittedProgressLine(phase, 13, 13, 60);
    expect(at60.length).toBe(59);
    expect(at60).toBe(`read s….jsonl; 72,561 items in all: [${'#'.repeat(10)}] 100% 13/13`);
    expect(fittedProgressLine('reading gold200.conll (file 1 of 4), MiB:', 4, 72, 50)).toBe('reading gol…le 1 of 4), MiB: [#.........] 5% 4/72');
    // The last clause (a count and what it counts) is kept whole: the file name gives way first, then goes.
    expect(fittedProgressLine('read gold200.conll; 169,440 items in all:', 1, 3, 50)).toBe('re…ll; 169,440 items in all: [###.......] 33% 1/3');
    expect(fittedProgressLine('read gold200.conll; 169,440 items in all:', 1, 3, 45)).toBe('…169,440 items in all: [###.......] 33% 1/3');
    for (let columns = 1; columns <= 140; columns++) {
      expect(fittedProgressLine(phase, 7, 13, columns).length).toBeLessThanOrEqual(Math.max(20, columns - 1));
    }
  });

  it('at 80 columns never writes a line that would wrap (a redraw would leave its first rows behind)', () => {
    const err: string[] = [];
    let t = 0;
    const p = createProgress({ stdout: () => {}, stderr: (x) => err.push(x), isTTY: false, stderrIsTTY: true, stderrColumns: 80, env: {} }, () => (t += 200));
    for (let k = 1; k <= 13; k++) p.update(phase, k, 13);
    p.end();
    expect(err.length).toBeGreaterThan(10);
    for (const w of err) for (const l of w.split('\r')) expect(l.length, l).toBeLessThanOrEqual(79);
  });
});

describe('the width of a terminal', () => {
  it('is what the terminal reports; COLUMNS when it reports none; nothing for a stream that is not a terminal', () => {
    expect(terminalWidth({ isTTY: true, columns: 120 }, { COLUMNS: '60' })).toBe(120);
    expect(terminalWidth({ isTTY: true, columns: 0 }, { COLUMNS: '60' })).toBe(60);
    expect(terminalWidth({ isTTY: true }, { COLUMNS: ' 72 ' })).toBe(72);
    expect(terminalWidth({ isTTY: true, columns: 0 }, {})).toBeUndefined();
    for (const bad of ['', '0', '-5', '80x', '1e2', 'wide']) expect(terminalWidth({ isTTY: true, columns: 0 }, { COLUMNS: bad }), bad).toBeUndefined();
    expect(terminalWidth({ isTTY: false, columns: 120 }, { COLUMNS: '60' })).toBeUndefined();
    expect(terminalWidth({ columns: 120 }, {})).toBeUndefined();
  });
});

/** util-linux `script`, which runs a command on a pseudo-terminal: with no terminal around it, one of no size. */
const hasScript = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;
if (!hasScript) console.log('progress: util-linux script is not installed here; the bar on a terminal that reports no size is not drawn');

describe.skipIf(!hasScript)('the bar on a real terminal that reports no size', () => {
  /** The rows the bar drew (split at its carriage returns) while eval ran on a pseudo-terminal of no size. */
  function barRows(env: Record<string, string | undefined>): string[] {
    const cmd = [process.execPath, join(ROOT, 'dist/cli/main.js'), 'eval', '--gold', join(NEWS, 'gold.conll'), ...SYSTEMS]
      .map((w) => `'${w}'`).join(' ');
    const r = spawnSync('script', ['-qec', `${cmd} > /dev/null`, '/dev/null'], { encoding: 'utf8', env: { ...env, TERM: 'dumb' } });
    expect(r.status, r.stderr).toBe(0);
    return r.stdout.split(/[\r\n]+/).filter((l) => /\] \d+% \d\/4/.test(l));
  }

  it('keeps to 80 columns rather than squeezing the line to 20, and to COLUMNS when that is set', () => {
    const { COLUMNS: _, ...env } = process.env;
    const rows = barRows(env);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((l) => l.startsWith('read gold.conll; ') && /\[[#.]{10,30}\] \d+% \d\/4/.test(l)), rows.join('\n')).toBe(true);
    for (const l of rows) expect(l.length, l).toBeLessThanOrEqual(79);
    const narrow = barRows({ ...env, COLUMNS: '40' });
    expect(narrow.length).toBeGreaterThan(0);
    for (const l of narrow) expect(l.length, l).toBeLessThanOrEqual(39);
    expect(narrow.some((l) => l.includes('…'))).toBe(true);
  });
});

describe('the commands', () => {
  it('eval --progress reports each file read on stderr; without it, nothing', async () => {
    const forced = await runCli(['eval', '--progress', '--gold', join(NEWS, 'gold.conll'), ...SYSTEMS]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toMatch(/^complan: read gold\.conll; \d+ items in all: 1\/4\n/);
    expect(forced.stderr).toMatch(/complan: read crf\.conll; [\d,]+ items in all: 4\/4 \(done\)\n/);
    const quiet = await runCli(['eval', '--gold', join(NEWS, 'gold.conll'), ...SYSTEMS]);
    expect(quiet.stderr).toBe('');
    expect(quiet.stdout).toBe(forced.stdout.replace(/\|progress:true/, ''));
  });

  it('plan --progress writes each phase of its search once as it completes', async () => {
    const r = await runCli(['plan', '--progress', '--folds', '2', '--gold', join(NEWS, 'gold.conll'), ...SYSTEMS]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stderr.split('\n').filter((l) => l.endsWith('(done)'));
    expect(lines).toContain('complan: exhaustive 28/28 (done)');
    expect(lines).toContain('complan: split 1.2: exhaustive 28/28 (done)');
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('on a terminal, compare draws a bar while reading and erases it', async () => {
    const { io: o, err } = io(true);
    const code = await run(['compare', '--gold', join(NEWS, 'gold.conll'), ...SYSTEMS], o);
    expect(code).toBe(0);
    const text = err.join('');
    expect(text).toContain('\rread gold.conll');
    expect(text).toMatch(/\r +\r$/);
  });

  it('on a terminal, an error that stops the work half way is written on a row of its own, the bar erased first', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-bar-error-'));
    const bad = join(dir, 'bad.conll');
    writeFileSync(bad, 'Zorbo B-PER\n\n');
    const { io: o, err } = io(true);
    const code = await run(['eval', '--gold', join(NEWS, 'gold.conll'), SYSTEMS[0], bad], o);
    expect(code).toBe(2);
    const text = err.join('');
    // The bar was drawn (the gold and a system read), then erased, then the error.
    expect(text).toContain('\rread gold.conll');
    expect(text).toMatch(/\r +\rcomplan: [^\r]*bad\.conll:1: token "Zorbo" but gold has [^\r]*\n$/);
  });

  it('on a terminal, combine names its steps after reading, each erased before a line is written', async () => {
    const { io: o, err } = io(true);
    let t = 0;
    const clock = performance.now;
    // Each step drawn (the bar redraws at most ten times a second): a clock that moves on.
    performance.now = () => (t += 1000);
    let code: number;
    try {
      code = await run(['combine', '--gold', join(NEWS, 'gold.conll'), ...SYSTEMS, '--out', join(mkdtempSync(join(tmpdir(), 'complan-bar-combine-')), 'vote.conll')], o);
    } finally {
      performance.now = clock;
    }
    expect(code).toBe(0);
    const text = err.join('');
    expect(text).toMatch(/\rcombine: vote \[\.+\] 0% 0\/1/);
    expect(text).toMatch(/\rwrite \/[^\r]* \[\.+\] 0% 0\/1/);
    expect(text).toMatch(/\rscore the output \[\.+\] 0% 0\/1/);
    // Every line written starts at the row's start: after an erased bar, never inside one.
    for (const line of text.split('\n').slice(0, -1)) {
      const row = line.slice(line.lastIndexOf('\r') + 1);
      if (row !== '') expect(row, row).toMatch(/^complan: /);
    }
  });

  it('off a terminal, combine --progress writes a line as each of its steps completes', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'complan-lines-combine-')), 'vote.conll');
    const r = await runCli(['combine', '--gold', join(NEWS, 'gold.conll'), ...SYSTEMS, '--out', out, '--progress']);
    expect(r.code, r.stderr).toBe(0);
    const done = r.stderr.split('\n').filter((l) => l.endsWith('(done)') && !l.startsWith('complan: read '));
    expect(done).toEqual(['complan: combine: vote 1/1 (done)', `complan: write ${out} 1/1 (done)`, 'complan: score the output 1/1 (done)']);
  });

  it('announces a named FIFO on a terminal, since reading it waits for a writer', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-fifo-'));
    const fifo = join(dir, 'sys.conll');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const writer = spawn('sh', ['-c', `sleep 0.3; cat ${JSON.stringify(SYSTEMS[0])} > ${JSON.stringify(fifo)}`]);
    const { io: o, err } = io(true);
    const code = await run(['eval', '--gold', join(NEWS, 'gold.conll'), fifo], o);
    await new Promise((resolve) => writer.on('close', resolve));
    expect(code, err.join('')).toBe(0);
    expect(err.join('')).toContain(`complan: ${fifo} is a FIFO: reading it waits until a program writes to it\n`);
  });
});
