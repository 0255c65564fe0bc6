/**
 * The manual keeps up with the command: every command and every option that `--help` lists is
 * documented in docs/ (on the command's page, or, for the input and metric options every command
 * shares, on inputs.md and metrics.md, which the command's page links to), and every shell
 * example in README.md and docs/ that runs complan on examples/ still runs (with its output files
 * sent to a temporary folder).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Io } from '../cli/io.js';
import { addInputOptions, addMetricOptions } from '../cli/options.js';
import { buildProgram, COMMANDS } from '../cli/program.js';
import { Command } from 'commander';
import { indicators, type Indicators } from '../src/metrics/indicators.js';
import { CONLL03_DIR, conll03Present } from './helpers/conll03.js';

const ROOT = join(import.meta.dirname, '..');
const DOCS = join(ROOT, 'docs');
const page = (name: string) => readFileSync(join(DOCS, name), 'utf8');
const PAGE_OF: Record<string, string> = { eval: 'eval.md', compare: 'compare.md', plan: 'planning.md', combine: 'combine.md', ablate: 'ablate.md', report: 'report.md', tui: 'tui.md', completion: 'completion.md' };

const silent: Io = { stdout: () => {}, stderr: () => {}, isTTY: false, env: {} };
const longs = (cmd: Command) => cmd.options.map((o) => o.long).filter((l): l is string => l !== undefined);
const INPUT = new Set(longs(addInputOptions(new Command('x'))));
const METRIC = new Set(longs(addMetricOptions(new Command('x'))));

describe('every command and option is documented', () => {
  const program = buildProgram(silent);

  it('has a page per command, listed in the manual\'s index', () => {
    const index = page('README.md');
    expect(program.commands.map((c) => c.name())).toEqual(COMMANDS);
    for (const name of COMMANDS) expect(index).toContain(`(${PAGE_OF[name]})`);
  });

  it('documents each option of each command where its page says', () => {
    const inputs = page('inputs.md');
    const metrics = page('metrics.md');
    const missing: string[] = [];
    for (const cmd of program.commands) {
      const own = page(PAGE_OF[cmd.name()]);
      for (const flag of longs(cmd)) {
        const documented = own.includes(`\`${flag}`)
          || (INPUT.has(flag) && inputs.includes(`\`${flag}`) && own.includes('(inputs.md)'))
          || (METRIC.has(flag) && metrics.includes(`\`${flag}`) && own.includes('(metrics.md)'));
        if (!documented) missing.push(`${cmd.name()} ${flag}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives the defaults --help gives, where an option table states one', () => {
    // A row `| \`--samples N\` | ... (default 1000; ...) |` on the command's page, or on
    // inputs.md or metrics.md for the options every command shares.
    const rows = (name: string) => [...page(name).matchAll(/^\| `(--[a-z0-9-]+)[^|]*\|(.*)\|$/gm)]
      .flatMap(([, flag, meaning]) => {
        const d = /\bdefault:? (\d[\d,.]*\d|\d)/.exec(meaning);
        return d ? [{ flag, stated: Number(d[1].replaceAll(',', '')) }] : [];
      });
    const shared = [...rows('inputs.md'), ...rows('metrics.md')];
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const cmd of program.commands) {
      const options = new Map(cmd.options.map((o) => [o.long, o]));
      for (const { flag, stated } of [...rows(PAGE_OF[cmd.name()]), ...shared]) {
        const option = options.get(flag);
        if (option === undefined) continue;
        checked.push(`${cmd.name()} ${flag}`);
        // What --help shows: the default value, or the one its description states (--folds has
        // no default value, since --holdout replaces it).
        const shown = option.defaultValueDescription ?? option.defaultValue as unknown ?? /\(default: ([^)]*)\)/.exec(option.description)?.[1];
        if (Number(shown) !== stated) wrong.push(`${cmd.name()} ${flag}: the manual says ${stated}, --help ${String(shown)}`);
      }
    }
    expect(checked).toEqual(expect.arrayContaining(['eval --samples', 'eval --beta', 'ablate --same-f', 'ablate --different', 'ablate --examples', 'plan --folds', 'report --examples']));
    expect(wrong).toEqual([]);
  });
});

describe('the formulas of metrics.md', () => {
  it('states each contingency indicator as indicators() computes it', () => {
    const bullet = /\*\*Contingency indicators\*\*[\s\S]*?(?=\n- \*\*)/.exec(page('metrics.md'));
    expect(bullet).not.toBeNull();
    const formulas = [...bullet![0].matchAll(/(\w+)\s+`([abcdN()+/]+)`/g)].map(([, name, formula]) => ({ name, formula }));
    expect(formulas.map((f) => f.name).sort()).toEqual(['error', 'fallout', 'generality', 'noise', 'overlap', 'pertinence', 'precision', 'recall', 'silence', 'specificity']);
    for (const t of [{ a: 40, b: 10, c: 20, d: 30 }, { a: 3, b: 1, c: 1, d: 4 }, { a: 7, b: 0, c: 2, d: 11 }]) {
      const got = indicators(t);
      const cells: Record<string, number> = { ...t, N: t.a + t.b + t.c + t.d };
      for (const { name, formula } of formulas) {
        // The formulas use only the cells, N, parentheses, + and /: JavaScript reads them as written.
        const value = Function(`return ${formula.replace(/[abcdN]/g, (v) => String(cells[v]))};`)() as number;
        expect(got[name as keyof Indicators], `${name} = ${formula} on ${JSON.stringify(t)}`).toBeCloseTo(value, 12);
      }
    }
  });

  it('works the example out as eval scores it', () => {
    const section = /## A worked example\n([\s\S]*?)\n## /.exec(page('metrics.md'));
    expect(section).not.toBeNull();
    const data = /```\n([\s\S]*?)```/.exec(section![1]);
    expect(data).not.toBeNull();
    const dir = mkdtempSync(join(temp, 'worked-'));
    writeFileSync(join(dir, 'worked.conll'), data![1]);
    const p = spawnSync('node', [join(ROOT, 'dist/cli/main.js'), 'eval', 'worked.conll', '--schemas', '--format', 'json'], { cwd: dir, encoding: 'utf8' });
    expect(p.status, p.stderr).toBe(0);
    const system = (JSON.parse(p.stdout) as { systems: unknown[] }).systems[0];
    const at = (path: string): unknown => path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], system);
    const rows = [...section![1].matchAll(/^\| [^|]+ \| (`[^|]+`) \| ([^|]+) \|$/gm)];
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const [, fields, values] of rows) {
      const paths = fields.split(', ').map((f) => f.replaceAll('`', ''));
      const stated = values.trim().split(', ').map((v) => v.split('/').map(Number).reduce((x, y) => x / y));
      expect(paths.length, fields).toBe(stated.length);
      paths.forEach((path, k) => expect(at(path), path).toBeCloseTo(stated[k], 12));
    }
  });
});

/** The shell examples of a Markdown file: each fenced block's lines, with the folder its `cd` lines lead to. */
function shellExamples(file: string): Array<{ file: string; block: number; cwd: string; line: string }> {
  const text = readFileSync(file, 'utf8');
  const out: Array<{ file: string; block: number; cwd: string; line: string }> = [];
  let block = 0;
  // Every fence is matched, whatever its language, so that a ```json block's closing fence is
  // not taken for the opening of a shell block (which skipped the blocks after it); only the
  // shell blocks, and those without a language, are read.
  for (const m of text.matchAll(/```(\w*)\n([\s\S]*?)```/g)) {
    block++;
    if (!['', 'sh', 'bash', 'shell'].includes(m[1])) continue;
    let cwd = '.';
    for (const raw of m[2].split('\n')) {
      const line = raw.replace(/\s+#.*$/, '').trim();
      const cd = /^cd (\S+)$/.exec(line);
      if (cd) cwd = cd[1];
      else if (/^complan (eval|compare|combine|plan|ablate|report) /.test(line)) out.push({ file: basename(file), block, cwd, line });
    }
  }
  return out;
}

const temp = mkdtempSync(join(tmpdir(), 'complan-docs-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe('the shell examples of README.md and docs/ that run on examples/', () => {
  const files = [join(ROOT, 'README.md'), ...readdirSync(DOCS).filter((f) => f.endsWith('.md')).sort().map((f) => join(DOCS, f))];
  const examples = files.flatMap(shellExamples).filter((e) => e.cwd.startsWith('examples') || /(^|\s)examples\//.test(e.line));

  it('finds them (eval, compare, combine, plan, ablate and report among them)', () => {
    const commands = new Set(examples.map((e) => e.line.split(' ')[1]));
    expect([...commands].sort()).toEqual(['ablate', 'combine', 'compare', 'eval', 'plan', 'report']);
  });

  it('runs each one with exit status 0, output files sent to a temporary folder', () => {
    // Within a block, a file one example writes is the file a later one reads.
    const moved = new Map<string, string>();
    const failures: string[] = [];
    for (const e of examples) {
      const key = `${e.file}#${e.block}`;
      const args = e.line.replace(/^complan /, '').replace(/(--out|--svg|--save-plan|--html) (\S+)/g, (_, flag: string, path: string) => {
        const to = join(temp, `${key.replace(/[^\w]/g, '_')}-${basename(path)}`);
        moved.set(`${key}|${path}`, to);
        return `${flag} ${to}`;
      }).split(' ').map((w) => moved.get(`${key}|${w}`) ?? w).join(' ');
      const p = spawnSync('bash', ['-c', `node ${JSON.stringify(join(ROOT, 'dist/cli/main.js'))} ${args} > /dev/null`], { cwd: join(ROOT, e.cwd), encoding: 'utf8' });
      if (p.status !== 0) failures.push(`${e.file}: ${e.line} → exit ${p.status}: ${p.stderr.trim()}`);
    }
    expect(failures).toEqual([]);
  });

  it('draws the figures docs/ shows as the examples that write them draw them now', () => {
    const drawn = examples.filter((e) => /--svg docs\/\S+\.svg/.test(e.line));
    expect(drawn.map((e) => e.file).sort()).toEqual(['compare.md', 'eval.md']);
    for (const e of drawn) {
      const figure = /--svg (docs\/\S+\.svg)/.exec(e.line)![1];
      const to = join(temp, `figure-${basename(figure)}`);
      const p = spawnSync('bash', ['-c', `node ${JSON.stringify(join(ROOT, 'dist/cli/main.js'))} ${e.line.replace(/^complan /, '').replace(figure, to)} > /dev/null`], { cwd: join(ROOT, e.cwd), encoding: 'utf8' });
      expect(p.status, p.stderr).toBe(0);
      expect(readFileSync(to, 'utf8') === readFileSync(join(ROOT, figure), 'utf8'), `${figure} is not what ${e.file}'s command draws now: run it again`).toBe(true);
    }
  });
});

/** Where the manual's examples on the CoNLL-2003 data run from (the folder beside the checkout). */
const CONLL03_CD = '../shared/data/conll03-12sys';

/**
 * The outputs the manual shows: a plain fenced block that follows, within a short paragraph, a
 * shell block running one complan command on examples/ or on the CoNLL-2003 data (not the TUI,
 * which needs a terminal).
 */
function shownOutputs(file: string): Array<{ file: string; cwd: string; line: string; shown: string[] }> {
  const text = readFileSync(file, 'utf8');
  const out: Array<{ file: string; cwd: string; line: string; shown: string[] }> = [];
  let last: { cwd: string; lines: string[]; end: number } | undefined;
  for (const m of text.matchAll(/```(\w*)\n([\s\S]*?)```/g)) {
    if (['sh', 'bash', 'shell'].includes(m[1])) {
      let cwd = '.';
      const lines: string[] = [];
      for (const raw of m[2].split('\n')) {
        const line = raw.replace(/\s+#.*$/, '').trim();
        const cd = /^cd (\S+)$/.exec(line);
        if (cd) cwd = cd[1];
        else if (/^complan /.test(line)) lines.push(line);
      }
      last = { cwd, lines, end: m.index + m[0].length };
      continue;
    }
    const before = last;
    last = undefined;
    if (m[1] !== '' || before === undefined || before.lines.length !== 1) continue;
    const [line] = before.lines;
    if (text.slice(before.end, m.index).trim().length > 500 || /^complan tui /.test(line)) continue;
    if (!before.cwd.startsWith('examples') && before.cwd !== CONLL03_CD && !/(^|\s)examples\//.test(line)) continue;
    out.push({ file: basename(file), cwd: before.cwd, line, shown: m[2].replace(/\n$/, '').split('\n') });
  }
  return out;
}

/**
 * How the output of `o.line`, run in `cwd`, differs from what the manual shows: each line shown
 * must be printed, in order, and lines shown together printed together unless a `...` line marks
 * a cut. Files written go to a temporary folder, and their names back in the output.
 */
function differencesFromShown(o: { file: string; line: string; shown: string[] }, cwd: string, n: number): string[] {
  const moved: Array<[string, string]> = [];
  const args = o.line.replace(/^complan /, '').replace(/(--out|--svg|--save-plan|--html) (\S+)/g, (_, flag: string, path: string) => {
    const to = join(temp, `shown-${n}-${basename(path)}`);
    moved.push([to, path]);
    return `${flag} ${to}`;
  });
  const p = spawnSync('bash', ['-c', `node ${JSON.stringify(join(ROOT, 'dist/cli/main.js'))} ${args} 2>&1`], { cwd, encoding: 'utf8' });
  const printed = moved.reduce((t, [to, path]) => t.replaceAll(to, path), p.stdout).split('\n');
  const differences: string[] = [];
  let at = 0;
  let next = false;
  for (const line of o.shown) {
    if (line.trim() === '...') {
      next = false;
      continue;
    }
    const found: number = next && printed[at] === line ? at : printed.indexOf(line, at);
    if (found < 0) differences.push(`${o.file}: ${o.line}: not printed (in this order): ${line}`);
    else if (next && found !== at) differences.push(`${o.file}: ${o.line}: printed, but after lines the block leaves out without "...": ${line}`);
    if (found >= 0) at = found + 1;
    next = found >= 0;
  }
  return differences;
}

describe('the outputs README.md and docs/ show', () => {
  const files = [join(ROOT, 'README.md'), ...readdirSync(DOCS).filter((f) => f.endsWith('.md')).sort().map((f) => join(DOCS, f))];
  const outputs = files.flatMap(shownOutputs);
  const onExamples = outputs.filter((o) => o.cwd !== CONLL03_CD);
  const onConll03 = outputs.filter((o) => o.cwd === CONLL03_CD);

  it('finds them (eval, compare, combine, plan, ablate and report on examples/, eval on CoNLL-2003)', () => {
    expect(new Set(onExamples.map((o) => o.line.split(' ')[1]))).toEqual(new Set(['eval', 'compare', 'combine', 'plan', 'ablate', 'report']));
    expect(onConll03.map((o) => `${o.file} ${o.line.split(' ')[1]}`)).toContain('conll03.md eval');
  });

  it('are what the command prints on examples/: each line as shown, consecutive lines consecutive unless `...` marks a cut', () => {
    expect(onExamples.flatMap((o, n) => differencesFromShown(o, join(ROOT, o.cwd), n))).toEqual([]);
  });

  it.runIf(conll03Present('docs.test.ts (outputs on CoNLL-2003)'))('are what the command prints on the CoNLL-2003 data', () => {
    expect(onConll03.flatMap((o, n) => differencesFromShown(o, CONLL03_DIR, 1000 + n))).toEqual([]);
  });
});

/** The backticked keys of the first column of the Markdown table whose header starts with `| head`. */
function tableKeys(doc: string, head: string): string[] {
  const start = doc.indexOf(`\n${head}`);
  expect(start, head).toBeGreaterThan(0);
  const rows = doc.slice(start + 1).split('\n\n')[0].split('\n').slice(2);
  return rows.flatMap((r) => [...r.split('|')[1].matchAll(/`(\w+)`/g)].map((m) => m[1]));
}

describe('the JSON keys planning.md lists for scripts', () => {
  const NEWS = join(ROOT, 'examples/news');
  const NAMES = ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'];
  // A test set: the news documents but the first (partly in-sample, which a test set may be).
  const rest = (file: string) => readFileSync(file, 'utf8').split(/(?=^-DOCSTART-)/m).slice(1).join('');
  const testDir = join(temp, 'json-keys');
  const run = (args: string[]) => spawnSync('node', [join(ROOT, 'dist/cli/main.js'), 'plan', '--gold', join(NEWS, 'gold.conll'), ...NAMES.map((n) => join(NEWS, 'systems', `${n}.conll`)), ...args], { encoding: 'utf8' });

  it('are every top-level key of plan --format json with every optional part, in order', () => {
    mkdirSync(testDir, { recursive: true });
    writeFileSync(join(testDir, 'gold.conll'), rest(join(NEWS, 'gold.conll')));
    for (const n of NAMES) writeFileSync(join(testDir, `${n}.conll`), rest(join(NEWS, 'systems', `${n}.conll`)));
    const r = run(['--cost', 'crf=2', '--explain', '1', '--bootstrap', '3', '--samples', '50', '--format', 'json', '--test-gold', join(testDir, 'gold.conll'), '--test', ...NAMES.map((n) => join(testDir, `${n}.conll`))]);
    expect(r.status, r.stderr).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual(tableKeys(page('planning.md'), '| `plan --format json` key |'));
  });

  it('are every key of a saved plan with every optional part, in order', () => {
    const file = join(temp, 'json-keys.plan.json');
    const r = run(['--rules', 'weighted', '--save-plan-choice', 'top', '--types', 'PER,LOC', '--save-plan', file]);
    expect(r.status, r.stderr).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object)).toEqual(tableKeys(page('planning.md'), '| plan file key |'));
  });
});

describe('the JSON keys eval.md names', () => {
  it('name every key of eval --format json and of each of its systems', () => {
    const news = join(ROOT, 'examples/news');
    const r = spawnSync('node', [join(ROOT, 'dist/cli/main.js'), 'eval', '--gold', join(news, 'gold.conll'), join(news, 'systems/crf.conll'), '--format', 'json'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { systems: object[] } & Record<string, unknown>;
    const text = page('eval.md');
    const named = (k: string) => text.includes(`"${k}"`) || text.includes(`\`${k}\``);
    expect([...Object.keys(doc), ...Object.keys(doc.systems[0])].filter((k) => !named(k))).toEqual([]);
  });
});

describe('the catalogue of errors (docs/errors.md)', () => {
  const doc = page('errors.md');
  const BAD = join(ROOT, 'test/fixtures/bad');
  const cases = readdirSync(BAD).filter((d) => !d.startsWith('.')).sort();

  it('counts the cases test/fixtures/bad holds', () => {
    const stated = /There are (\d+) cases/.exec(doc);
    expect(stated, 'errors.md states the number of cases').not.toBeNull();
    expect(Number(stated![1])).toBe(cases.length);
  });

  it('quotes messages the cases expect, word for word', () => {
    const block = /```\n(complan: [\s\S]*?)```/.exec(doc);
    expect(block).not.toBeNull();
    const expected = cases.map((d) => (JSON.parse(readFileSync(join(BAD, d, 'case.json'), 'utf8')) as { stderr?: string }).stderr ?? '')
      .map((s) => s.replaceAll('{dir}/', ''));
    const quoted = block![1].trim().split('\n');
    expect(quoted.length).toBeGreaterThanOrEqual(5);
    for (const line of quoted) expect(expected.some((e) => e.split('\n').includes(line)), line).toBe(true);
  });
});

describe('the shape of the manual', () => {
  it('keeps the README short, the manual in at least six pages, and the performance page within 150 lines', () => {
    const lines = (f: string) => readFileSync(f, 'utf8').split('\n').length;
    expect(lines(join(ROOT, 'README.md'))).toBeLessThanOrEqual(250);
    expect(readdirSync(DOCS).filter((f) => f.endsWith('.md') && f !== 'README.md').length).toBeGreaterThanOrEqual(6);
    expect(lines(join(DOCS, 'performance.md'))).toBeLessThanOrEqual(150);
  });
});
