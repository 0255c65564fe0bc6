/**
 * The guard that keeps every output off every input: each command's output options against each
 * file it reads (the gold, systems, --plan, --labels, --label-distance, --test, --test-gold),
 * however the path is spelt, and outputs against each other.
 */
import { existsSync, linkSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandInputs, refuseOtherFigureFormat, refuseOutputsOverInputs } from '../../cli/outputs.js';
import { UsageError } from '../../src/errors.js';
import { runCli } from './helpers.js';

const GOLD = '-DOCSTART- O\n\nZorbo B-PER\nKlant I-PER\nwent O\nto O\nVelmar B-LOC\n. O\n\nQuoll B-ORG\nhired O\nBrimm B-PER\n. O\n';
const SYS = '-DOCSTART- O\n\nZorbo B-PER\nKlant I-PER\nwent O\nto O\nVelmar B-ORG\n. O\n\nQuoll B-ORG\nhired O\nBrimm O\n. O\n';
const LABELS = 'O\nB-PER\nI-PER\nB-ORG\nI-ORG\nB-LOC\nI-LOC\n';

function setup() {
  const dir = mkdtempSync(join(tmpdir(), 'complan-outputs-'));
  const at = (name: string, content: string) => {
    writeFileSync(join(dir, name), content);
    return join(dir, name);
  };
  return { dir, gold: at('gold.conll', GOLD), sys: at('sys.conll', SYS), other: at('other.conll', SYS), labels: at('labels.txt', LABELS) };
}

describe('refuseOutputsOverInputs', () => {
  it('catches an input under another spelling, a symbolic link and a hard link', () => {
    const { dir, gold, sys } = setup();
    symlinkSync(sys, join(dir, 'link.conll'));
    linkSync(gold, join(dir, 'hard.conll'));
    const inputs = commandInputs(['a=' + sys], gold);
    for (const [path, what] of [[`${dir}/./sys.conll`, 'the system "a"'], [join(dir, 'link.conll'), 'the system "a"'], [join(dir, 'hard.conll'), 'the gold file']]) {
      expect(() => refuseOutputsOverInputs([{ option: '--out', path }], inputs)).toThrow(new UsageError(`--out ${path} is ${what} (${what === 'the gold file' ? gold : sys}): complan never writes over its inputs; choose another file`));
    }
  });

  it('catches a file inside a directory input, and two outputs naming one file', () => {
    const { dir, gold } = setup();
    expect(() => refuseOutputsOverInputs([{ option: '--svg', path: join(dir, 'other.conll') }], commandInputs([dir], gold))).toThrow(/is the system ".*" \(.*other\.conll\)/);
    const out = join(dir, 'new.json');
    expect(() => refuseOutputsOverInputs([{ option: '--svg', path: out }, { option: '--save-plan', path: out }], [])).toThrow(`--svg and --save-plan name the same file (${out}); choose two files`);
  });

  it('lets new files, standard input and special files through, and a --labels list that is no file', () => {
    const { dir, gold, sys } = setup();
    const inputs = commandInputs([sys], gold, [{ what: 'the --labels file', path: 'O,B-PER,I-PER' }, { what: 'x', path: '-' }]);
    expect(() => refuseOutputsOverInputs([{ option: '--out', path: join(dir, 'new.conll') }, { option: '--svg', path: '/dev/null' }, { option: '--save-plan', path: '/dev/null' }], inputs)).not.toThrow();
  });
});

describe('an --svg file named as another figure format', () => {
  it('is refused before any work, in every command that writes one; .svg, no extension and others are written', async () => {
    for (const name of ['fig.png', 'fig.PDF', 'fig.jpeg', 'report.html']) {
      const ext = name.slice(name.lastIndexOf('.') + 1).toUpperCase();
      expect(() => refuseOtherFigureFormat('--svg', name)).toThrow(new UsageError(`--svg ${name}: the figure is written as SVG, not ${ext}; name the file .svg (and convert it to ${ext} afterwards if you need one)`));
    }
    for (const name of ['fig.svg', 'fig.SVG', 'fig', '/dev/fd/63', 'fig.v2', undefined]) expect(() => refuseOtherFigureFormat('--svg', name)).not.toThrow();
    const dir = mkdtempSync(join(tmpdir(), 'complan-svg-'));
    const gold = 'examples/news/gold.conll';
    const systems = ['examples/news/systems/crf.conll', 'examples/news/systems/sloppy.conll'];
    for (const command of ['eval', 'compare', 'plan']) {
      const target = join(dir, `${command}.png`);
      const r = await runCli([command, '--gold', gold, ...systems, '--svg', target]);
      expect(r.code, command).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`complan: --svg ${target}: the figure is written as SVG, not PNG; name the file .svg (and convert it to PNG afterwards if you need one)\n`);
      expect(existsSync(target)).toBe(false);
    }
  });
});

describe('outputs that cannot be written', () => {
  it('fail the command before any work and before any other output is written (exit 2)', async () => {
    const p = setup();
    const svg = join(p.dir, 'ok.svg');
    const r = await runCli(['plan', '--gold', p.gold, p.sys, p.other, '--folds', '0', '--svg', svg, '--save-plan', join(p.dir, 'nodir', 'p.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`complan: --save-plan ${join(p.dir, 'nodir', 'p.json')}: cannot write: the directory ${join(p.dir, 'nodir')} does not exist\n`);
    expect(r.stdout).toBe('');
    expect(existsSync(svg)).toBe(false);
    const intoDir = await runCli(['combine', '--gold', p.gold, p.sys, '--out', p.dir]);
    expect(intoDir.code).toBe(2);
    expect(intoDir.stderr).toBe(`complan: --out ${p.dir}: cannot write: it is a directory\n`);
  });

  it.runIf(existsSync('/proc/self'))('fail it before any other output is written when only making the file would fail (/proc, as root too)', async () => {
    const p = setup();
    const svg = join(p.dir, 'ok.svg');
    const r = await runCli(['plan', '--gold', p.gold, p.sys, p.other, '--folds', '0', '--svg', svg, '--save-plan', '/proc/complan-p.json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('complan: --save-plan /proc/complan-p.json: cannot write: no file can be created in /proc\n');
    expect(existsSync(svg)).toBe(false);
  });
});

describe('an output whose write fails midway', () => {
  it.runIf(existsSync('/dev/full'))('is named with its option, as the check before any work names it, in every command (exit 2)', async () => {
    const p = setup();
    for (const [args, option] of [
      [['combine', '--gold', p.gold, p.sys, p.other], '--out'],
      [['eval', '--gold', p.gold, p.sys], '--svg'],
      [['compare', '--gold', p.gold, p.sys, p.other], '--svg'],
      [['plan', '--gold', p.gold, p.sys, p.other, '--folds', '0'], '--svg'],
      [['plan', '--gold', p.gold, p.sys, p.other, '--folds', '0'], '--save-plan'],
      [['report', '--gold', p.gold, p.sys, p.other, '--folds', '0'], '--html'],
    ] as const) {
      const r = await runCli([...args, option, '/dev/full']);
      expect(r.code, `${args[0]} ${option}`).toBe(2);
      // (Before it, only the warning that the two systems are copies.)
      expect(r.stderr.trimEnd().split('\n').at(-1), `${args[0]} ${option}`).toBe(`complan: ${option} /dev/full: cannot write: no space left on the device`);
    }
  });
});

describe('every command refuses to write over its --labels file', () => {
  const cases: Array<[string, (p: ReturnType<typeof setup>) => string[], string]> = [
    ['combine --out', (p) => ['combine', '--gold', p.gold, '--labels', p.labels, '--out', p.labels, p.sys], '--out'],
    ['compare --svg', (p) => ['compare', '--gold', p.gold, '--labels', p.labels, '--svg', p.labels, p.sys, p.other], '--svg'],
    ['plan --save-plan', (p) => ['plan', '--gold', p.gold, '--labels', p.labels, '--save-plan', p.labels, p.sys, p.other], '--save-plan'],
    ['plan --svg', (p) => ['plan', '--gold', p.gold, '--labels', p.labels, '--svg', p.labels, p.sys, p.other], '--svg'],
    ['report --html', (p) => ['report', '--gold', p.gold, '--labels', p.labels, '--html', p.labels, p.sys, p.other], '--html'],
    ['eval --svg', (p) => ['eval', '--gold', p.gold, '--labels', p.labels, '--svg', p.labels, p.sys], '--svg'],
  ];
  it.each(cases)('%s', async (_, args, option) => {
    const p = setup();
    const r = await runCli(args(p));
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`complan: ${option} ${p.labels} is the --labels file (${p.labels}): complan never writes over its inputs; choose another file\n`);
    expect(r.stdout).toBe('');
    expect(readFileSync(p.labels, 'utf8')).toBe(LABELS);
  });
});

describe('- as an output path', () => {
  it('is standard output for combine --out: exactly what no --out gives, and no file named "-"', async () => {
    const p = setup();
    const dash = await runCli(['combine', '--gold', p.gold, '--out', '-', p.sys, p.other]);
    const plain = await runCli(['combine', '--gold', p.gold, p.sys, p.other]);
    expect(dash.code, dash.stderr).toBe(0);
    expect(dash.stdout).toBe(plain.stdout);
    expect(dash.stderr).toBe(plain.stderr);
    expect(dash.stdout).toContain('Zorbo');
    expect(existsSync(join(process.cwd(), '-'))).toBe(false);
  });

  it('is standard output for report --html: the page there, and one line saying so', async () => {
    const p = setup();
    const r = await runCli(['report', '--gold', p.gold, '--html', '-', p.sys, p.other]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^<!DOCTYPE html>/i);
    expect(r.stdout.trimEnd()).toMatch(/<\/html>$/);
    expect(r.stderr).toMatch(/^complan: wrote the report \(\d+ KB\) to standard output$/m);
    expect(existsSync(join(process.cwd(), '-'))).toBe(false);
  });

  it.each([
    ['eval', '--svg'], ['compare', '--svg'], ['plan', '--svg'], ['plan', '--save-plan'],
  ])('is refused in one line by %s %s, whose report is on standard output', async (command, option) => {
    const p = setup();
    const r = await runCli([command, '--gold', p.gold, option, '-', p.sys, p.other]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`complan: ${option} -: standard output carries the command's report; name a file for ${option} (or ./- for a file named "-")\n`);
    expect(existsSync(join(process.cwd(), '-'))).toBe(false);
  });
});
