/**
 * Output options given process substitution and /dev/stdout, as a shell user gives them: written
 * through as streams (no "directory /dev/fd does not exist", no file put in place of the pipe).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

const BIN = join(ROOT, 'dist/cli/main.js');
const hasBash = spawnSync('bash', ['--norc', '-c', 'cat <(echo x)'], { stdio: ['ignore', 'pipe', 'pipe'] }).stdout?.toString() === 'x\n';

/** Whether the built command can be run as nobody (root, and a checkout nobody may read). */
const nobodyCanRun = process.getuid?.() === 0
  && spawnSync('su', ['nobody', '-s', '/bin/bash', '-c', `test -r '${BIN}' && test -x '${process.execPath}'`], { stdio: 'ignore' }).status === 0;
if (!nobodyCanRun) process.stderr.write('special-outputs: the unprivileged /dev/stdout test is skipped: it runs as root only, with the build readable by the user nobody\n');

/** A readable copy of the news example (run as nobody, the checkout may be out of reach). */
function examples(): string {
  const dir = mkdtempSync(join(tmpdir(), 'complan-special-out-'));
  chmodSync(dir, 0o755);
  cpSync(join(ROOT, 'examples/news/gold.conll'), join(dir, 'gold.conll'));
  for (const s of ['crf', 'sloppy', 'gazetteer']) cpSync(join(ROOT, `examples/news/systems/${s}.conll`), join(dir, `${s}.conll`));
  return dir;
}

function sh(script: string, cwd: string) {
  expect(existsSync(BIN), `${BIN} is missing: run npm run build`).toBe(true);
  const p = spawnSync('bash', ['--norc', '--noprofile', '-c', `complan() { "${process.execPath}" "${BIN}" "$@"; }\n${script}`], {
    cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: p.status, stdout: p.stdout, stderr: p.stderr };
}

describe.runIf(hasBash)('outputs through process substitution', () => {
  it('combine --out, compare --svg and plan --save-plan write through >(cmd) what a file would get', () => {
    const dir = examples();
    const files = sh([
      'complan combine --gold gold.conll crf.conll sloppy.conll gazetteer.conll --out file.conll 2>/dev/null',
      'complan compare --gold gold.conll crf.conll sloppy.conll --svg file.svg >/dev/null',
      'complan plan --gold gold.conll crf.conll sloppy.conll --save-plan file.json >/dev/null 2>&1',
    ].join('\n'), dir);
    expect(files.code, files.stderr).toBe(0);
    const piped = sh([
      'complan combine --gold gold.conll crf.conll sloppy.conll gazetteer.conll --out >(cat > piped.conll) 2>/dev/null || exit 1',
      'complan compare --gold gold.conll crf.conll sloppy.conll --svg >(cat > piped.svg) >/dev/null || exit 1',
      'complan plan --gold gold.conll crf.conll sloppy.conll --save-plan >(cat > piped.json) >/dev/null 2>&1 || exit 1',
      'wait; sleep 0.2',
    ].join('\n'), dir);
    expect(piped.code, piped.stderr).toBe(0);
    for (const ext of ['conll', 'svg', 'json']) expect(readFileSync(join(dir, `piped.${ext}`), 'utf8'), ext).toBe(readFileSync(join(dir, `file.${ext}`), 'utf8'));
  });

  it.runIf(nobodyCanRun)('--out /dev/stdout works for an unprivileged user, on a pipe and on a file', () => {
    const dir = examples();
    const r = sh([
      'su nobody -s /bin/bash -c "$(declare -f complan); complan combine --gold gold.conll crf.conll sloppy.conll --out /dev/stdout 2>/dev/null | wc -c; complan combine --gold gold.conll crf.conll sloppy.conll 2>/dev/null | wc -c"',
    ].join('\n'), dir);
    expect(r.code, r.stderr).toBe(0);
    const [through, plain] = r.stdout.trim().split('\n').map(Number);
    expect(through).toBeGreaterThan(1000);
    expect(through).toBe(plain);
  });
});

describe.runIf(hasBash)('an input read through a redirection is never written over', () => {
  const refused = (what: string, option: string) => `complan: ${option} is standard input, which complan reads as ${what}: choose another file\n`;

  it('refuses /dev/stdin and /proc/self/fd/0 as outputs when standard input, an input, is a file', () => {
    const dir = examples();
    for (const [script, err] of [
      ['complan combine --gold gold.conll crf=- sloppy.conll --out /dev/stdin < in.conll', refused('the system "crf"', '--out /dev/stdin')],
      ['complan plan --gold gold.conll crf=- sloppy.conll gazetteer.conll --save-plan /proc/self/fd/0 < in.conll', refused('the system "crf"', '--save-plan /proc/self/fd/0')],
      ['complan eval --gold - crf.conll --svg /dev/stdin < in.conll', refused('the gold file', '--svg /dev/stdin')],
    ] as const) {
      const input = script.includes('--gold -') ? 'gold.conll' : 'crf.conll';
      const r = sh(`cp ${input} in.conll\n${script}`, dir);
      expect(r.code, script).toBe(1);
      expect(r.stderr, script).toBe(err);
      expect(readFileSync(join(dir, 'in.conll'), 'utf8'), script).toBe(readFileSync(join(dir, input), 'utf8'));
    }
  });

  it('refuses standard output appended to an input file, in every command that writes there', () => {
    const dir = examples();
    for (const script of [
      'complan combine --gold gold.conll sloppy.conll in.conll >> in.conll',
      'complan combine --gold gold.conll sloppy.conll in.conll --out - >> in.conll',
      'complan report --gold gold.conll sloppy.conll in.conll --html - >> in.conll',
      'complan eval --gold gold.conll sloppy.conll in.conll >> in.conll',
      'complan compare --gold gold.conll sloppy.conll in.conll >> in.conll',
      'complan plan --gold gold.conll sloppy.conll in.conll >> in.conll',
      'complan ablate --baseline sloppy --gold gold.conll sloppy.conll in.conll >> in.conll',
    ]) {
      const r = sh(`cp crf.conll in.conll\n${script}`, dir);
      expect(r.code, script).toBe(1);
      expect(r.stderr, script).toBe('complan: standard output is the system "in" (in.conll): complan never writes over its inputs; redirect it elsewhere\n');
      expect(readFileSync(join(dir, 'in.conll'), 'utf8'), script).toBe(readFileSync(join(dir, 'crf.conll'), 'utf8'));
    }
    // An output file where standard output, which carries the report, is redirected: one would replace the other.
    for (const [script, option, file] of [
      ['complan plan --gold gold.conll sloppy.conll crf.conll --folds 0 --format json --save-plan p.json > p.json', '--save-plan', 'p.json'],
      ['complan eval --gold gold.conll sloppy.conll crf.conll --svg c.svg >> c.svg', '--svg', 'c.svg'],
      ['complan compare --gold gold.conll sloppy.conll crf.conll --svg h.svg > h.svg', '--svg', 'h.svg'],
    ]) {
      const r = sh(script, dir);
      expect(r.code, script).toBe(1);
      expect(r.stderr, script).toBe(`complan: ${option} ${file} is where standard output is redirected, which carries the command's report: `
        + 'the file written would replace the report, or the report the file; choose another file for one of them\n');
    }
    // combine and report print nothing on standard output beside their file.
    const quiet = sh('complan combine --gold gold.conll sloppy.conll crf.conll --out v.conll > v.conll 2>/dev/null && grep -c . v.conll', dir);
    expect(quiet.code, quiet.stderr).toBe(0);
    expect(Number(quiet.stdout)).toBeGreaterThan(100);
    // Standard input read from a pipe is never an output either: writing into it would wait on the command's own reading.
    const piped = sh('cat crf.conll | complan combine --gold gold.conll a=- sloppy.conll --out /dev/stdin', dir);
    expect(piped.code).toBe(1);
    expect(piped.stderr).toBe('complan: --out /dev/stdin is standard input, which complan reads as the system "a": choose another file\n');
    // With > the shell has emptied the file already: the message says so, not only that complan kept off it.
    const emptied = sh('cp crf.conll in.conll\ncomplan eval --gold gold.conll sloppy.conll in.conll > in.conll', dir);
    expect(emptied.code).toBe(1);
    expect(emptied.stderr).toBe('complan: standard output is the system "in" (in.conll): complan never writes over its inputs; redirect it elsewhere; '
      + 'it is empty now: the shell\'s > emptied it before complan started, so restore it from elsewhere\n');
    // However standard input is spelt.
    for (const spelling of ['//dev/stdin', '/dev/./stdin']) {
      const other = sh(`cat crf.conll | complan combine --gold gold.conll a=- sloppy.conll --out ${spelling}`, dir);
      expect(other.code, spelling).toBe(1);
      expect(other.stderr, spelling).toBe(`complan: --out ${spelling} is standard input, which complan reads as the system "a": choose another file\n`);
    }
    // ablate's --labels file is an input too; a directory's README, which is not read, is not.
    const labels = sh('printf "O\\nB-PER\\n" > labels.txt\ncomplan ablate --baseline crf --gold gold.conll crf.conll sloppy.conll --labels labels.txt >> labels.txt', dir);
    expect(labels.code).toBe(1);
    expect(labels.stderr).toBe('complan: standard output is the --labels file (labels.txt): complan never writes over its inputs; redirect it elsewhere\n');
    const readme = sh('mkdir -p part && cp crf.conll part/a.conll && complan eval --gold gold.conll part > part/README.md', dir);
    expect(readme.code, readme.stderr).toBe(0);
    // Standard output to another file, or on a pipe, is written as before.
    const ok = sh('cp crf.conll in.conll\ncomplan combine --gold gold.conll sloppy.conll in.conll > out.conll 2>/dev/null', dir);
    expect(ok.code, ok.stderr).toBe(0);
    expect(readFileSync(join(dir, 'out.conll'), 'utf8').length).toBeGreaterThan(1000);
  });
});
