/**
 * Errors of `complan eval`: exit 1 for a wrong command line, 2 for wrong input; one
 * clear line on stderr naming the file (and line), nothing on stdout, never a stack trace.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFiles } from '../helpers/temp.js';
import { fixture, ROOT, runCli, type CliResult } from './helpers.js';

const temp = tempFiles('eval-errors');

const GOLD = fixture('makhoul/gold.conll');
const SILENT = fixture('makhoul/silent.conll');

/** Exit code `code`, no output, no stack trace; returns stderr's lines. */
function failed(r: CliResult, code: number): string[] {
  expect(r.code, r.stderr).toBe(code);
  expect(r.stdout).toBe('');
  expect(r.stderr).not.toMatch(/^\s+at /m);
  expect(r.stderr).not.toMatch(/internal error/);
  expect(r.stderr.endsWith('\n')).toBe(true);
  return r.stderr.slice(0, -1).split('\n');
}

/** complan's own errors: exactly one line, "complan: …". */
function oneLine(r: CliResult, code: number): string {
  const lines = failed(r, code);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^complan: /);
  return lines[0];
}

/** The command-line parser's errors: one complan line ending with the hint to run --help. */
function commanderError(r: CliResult): string {
  const line = oneLine(r, 1);
  expect(line).toMatch(/; run with --help for usage$/);
  return line;
}

describe('input errors (exit 2)', () => {
  it('a missing system file is named', async () => {
    const missing = fixture('makhoul/no-such-system.conll');
    const line = oneLine(await runCli(['eval', '--gold', GOLD, missing]), 2);
    expect(line).toBe(`complan: ${missing}: no such file or directory`);
  });

  it('a missing system file is named before any input is read: before the gold file is found bad, and with no progress', async () => {
    const missing = fixture('makhoul/no-such-system.conll');
    const badGold = temp('Ada B-PER\nleft\n', 'bad-gold.conll');
    expect(oneLine(await runCli(['eval', '--gold', badGold, SILENT]), 2)).toMatch(/bad-gold\.conll:2: /);
    const r = await runCli(['eval', '--progress', '--gold', badGold, SILENT, missing]);
    expect(r.stderr).toBe(`complan: ${missing}: no such file or directory\n`);
    expect(r.code).toBe(2);
  });

  it('a missing gold file is named', async () => {
    const missing = fixture('makhoul/no-such-gold.conll');
    const line = oneLine(await runCli(['eval', '--gold', missing, SILENT]), 2);
    expect(line).toContain(missing);
    expect(line).toContain('no such file');
  });

  it('a missing --label-distance file is named', async () => {
    const missing = fixture('match/no-such-distance.json');
    const line = oneLine(await runCli(['eval', '--gold', GOLD, '--label-distance', missing, SILENT]), 2);
    expect(line).toContain(missing);
  });

  it('a token that differs from the gold names file:line and both tokens', async () => {
    const file = fixture('errors/misspelt.conll');
    const line = oneLine(await runCli(['eval', '--gold', GOLD, file]), 2);
    expect(line).toMatch(new RegExp(`^complan: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:13: token "Karrow" but gold has "Carrow"`));
    expect(line).toContain('(sentence 1)');
  });

  it('a system over other sentences fails on its first token', async () => {
    const line = oneLine(await runCli(['eval', '--gold', fixture('match/gold.conll'), SILENT]), 2);
    expect(line).toBe(`complan: ${SILENT}:3: token "Oskar" but gold has "Captain" (sentence 1)`);
  });

  it('a broken JSONL line names file:line', async () => {
    const file = fixture('errors/broken.jsonl');
    const line = oneLine(await runCli(['eval', '--gold', GOLD, file]), 2);
    expect(line.startsWith(`complan: ${file}:2: `)).toBe(true);
    expect(line).toMatch(/JSON/);
  });

  it('an embedded gold column that disagrees with --gold names file:line', async () => {
    const file = fixture('errors/regolded.conll');
    const line = oneLine(await runCli(['eval', '--gold', GOLD, file]), 2);
    expect(line.startsWith(`complan: ${file}:13: embedded gold lacks LOC "Carrow"`)).toBe(true);
    expect(line).toContain('--ignore-embedded-gold');
  });

  it('--ignore-embedded-gold turns the disagreement into a warning and scores against --gold', async () => {
    const file = fixture('errors/regolded.conll');
    const r = await runCli(['eval', '--format', 'json', '--ignore-embedded-gold', '--gold', GOLD, file]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^complan: warning: .*regolded\.conll:13: embedded gold lacks LOC "Carrow".*\n$/);
    const s = JSON.parse(r.stdout).systems[0];
    expect([s.tp, s.fp, s.fn]).toEqual([4, 6, 6]);
  });

  it('an IOB2 violation under --scheme iob2 --strict-scheme names the line', async () => {
    const file = join(ROOT, 'examples/news/systems/sloppy.conll');
    const r = await runCli(['eval', '--gold', join(ROOT, 'examples/news/gold.conll'), '--scheme', 'iob2', '--strict-scheme', file]);
    const line = oneLine(r, 2);
    // Line 171 is "Brant I-PER" after "Ola O": the first of the three broken predictions.
    expect(line.startsWith(`complan: ${file}:171: `)).toBe(true);
    expect(line).toContain('"I-PER"');
  });

  it('detects IOB2 (with errors) under --strict-scheme alone and names the same line', async () => {
    const file = join(ROOT, 'examples/news/systems/sloppy.conll');
    const r = await runCli(['eval', '--gold', join(ROOT, 'examples/news/gold.conll'), '--strict-scheme', file]);
    expect(oneLine(r, 2)).toMatch(new RegExp(`^complan: .*sloppy\\.conll:171: invalid IOB2 transition: "O" then "I-PER"`));
  });
});

describe('usage errors (exit 1)', () => {
  it('an unknown option', async () => {
    const line = commanderError(await runCli(['eval', '--gold', GOLD, '--frobnicate', SILENT]));
    expect(line).toContain("unknown option '--frobnicate'");
    expect(line).not.toContain('does not take it');
  });

  it('an option of other commands only: says which take it (ablate and tui show no weighted SER or graded scores)', async () => {
    const ablate = await runCli(['ablate', '--baseline', 'crf', '--gold', GOLD, '--ser-weights', '1,1,0.5', SILENT, SILENT]);
    expect(ablate.code).toBe(1);
    expect(ablate.stderr).toBe("complan: unknown option '--ser-weights' (ablate does not take it; eval does); run with --help for usage\n");
    const tui = await runCli(['tui', '--gold', GOLD, '--label-distance', 'd.json', SILENT]);
    expect(tui.stderr).toBe("complan: unknown option '--label-distance' (tui does not take it; eval does); run with --help for usage\n");
    // The TUI shows loading on its own screen: --progress, which did nothing there, is refused.
    const progress = await runCli(['tui', '--gold', GOLD, '--progress', SILENT]);
    expect(progress.stderr).toBe("complan: unknown option '--progress' (tui does not take it; eval, compare, plan, combine, ablate, report do); run with --help for usage\n");
    const evalBaseline = await runCli(['eval', '--gold', GOLD, '--baseline', 'crf', SILENT]);
    expect(evalBaseline.stderr).toContain('(eval does not take it; ablate, report do)');
    const evalRule = await runCli(['eval', '--gold', GOLD, '--rule', 'vote', SILENT]);
    expect(evalRule.stderr).toContain('(eval does not take it; combine does)');
  });

  it('an option of one value given twice, naming both values (commander kept the last without a word)', async () => {
    const r = await runCli(['eval', '--gold', GOLD, SILENT, '--gold', SILENT]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`complan: --gold is given twice (${GOLD}, then ${SILENT}): give it once\n`);
    const out = await runCli(['combine', '--gold', GOLD, SILENT, '--out', 'a.conll', '--out=b.conll']);
    expect(out.stderr).toBe('complan: --out is given twice (a.conll, then b.conll): give it once\n');
    // Options of several values, options that collect their values, and flags, may be given as usual.
    expect((await runCli(['eval', '--gold', GOLD, SILENT, '--confusion', '--confusion'])).code).toBe(0);
    const news = (n: string) => join(ROOT, 'examples/news/systems', `${n}.conll`);
    const costs = await runCli(['plan', '--folds', '0', '--gold', join(ROOT, 'examples/news/gold.conll'), news('crf'), news('sloppy'), '--cost', 'crf=2', '--cost', 'sloppy=3']);
    expect(costs.code, costs.stderr).toBe(0);
    expect(costs.stdout).toContain('cost:crf=2,sloppy=3');
  });

  it('commander\'s errors write a line break in the value they quote as \\n, not drop it', async () => {
    expect((await runCli(['ev\nal', SILENT])).stderr).toBe("complan: unknown command 'ev\\nal' (did you mean eval?); run with --help for usage\n");
    expect((await runCli(['eval', '--format', 'x\ny', SILENT])).stderr).toContain("'x\\ny'");
  });

  it('an unknown command', async () => {
    expect(commanderError(await runCli(['evaluate', SILENT]))).toContain("unknown command 'evaluate'");
  });

  it('a bad --match value lists the choices', async () => {
    const line = commanderError(await runCli(['eval', '--gold', GOLD, '--match', 'fuzzy', SILENT]));
    expect(line).toContain("'fuzzy'");
    expect(line).toContain('strict, boundary, overlap');
  });

  it('a choice in other letters, or by another tool\'s name (BIO, BIOES, json), is told the choice it means', async () => {
    const said = async (option: string, value: string) => (await runCli(['eval', '--gold', GOLD, option, value, SILENT])).stderr;
    expect(await said('--scheme', 'bio')).toBe("complan: option '--scheme <scheme>' argument 'bio' is invalid. Allowed choices are auto, iob1, iob2, ioe1, ioe2, iobes, bilou, io (did you mean iob2?); run with --help for usage\n");
    expect(await said('--scheme', 'IOB2')).toContain('(did you mean iob2?); run with --help');
    expect(await said('--scheme', 'BIOES')).toContain('(did you mean iobes?); run with --help');
    expect(await said('--input-format', 'json')).toContain('(did you mean jsonl?); run with --help');
    expect(await said('--format', 'JSON')).toContain('(did you mean json?); run with --help');
    // A value that means none of them is given the list alone.
    expect(await said('--scheme', 'bmes')).toBe("complan: option '--scheme <scheme>' argument 'bmes' is invalid. Allowed choices are auto, iob1, iob2, ioe1, ioe2, iobes, bilou, io; run with --help for usage\n");
  });

  it('a bad --format or --zero-division value', async () => {
    expect(commanderError(await runCli(['eval', '--gold', GOLD, '--format', 'xml', SILENT]))).toContain("'xml'");
    expect(commanderError(await runCli(['eval', '--gold', GOLD, '--zero-division', 'nan', SILENT]))).toContain("'nan'");
  });

  it.each(['0', '-1', 'abc', 'Infinity', ''])('--beta %j', async (beta) => {
    const line = oneLine(await runCli(['eval', '--gold', GOLD, '--beta', beta, SILENT]), 1);
    expect(line).toBe(`complan: --beta expects a positive number, got "${beta}"`);
  });

  it('--k-alpha 0', async () => {
    expect(oneLine(await runCli(['eval', '--gold', GOLD, '--k-alpha', '0', SILENT]), 1)).toContain('--k-alpha');
  });

  it.each(['1,2', '1,1,-1', 'a,b,c', 's=1,x=2', 's=1,s=2', '1,d=1,1', ''])('--ser-weights %j', async (w) => {
    const line = oneLine(await runCli(['eval', '--gold', GOLD, '--ser-weights', w, SILENT]), 1);
    expect(line).toMatch(/^complan: --ser-weights: invalid SER weights/);
  });

  it('--gold-column 0', async () => {
    expect(oneLine(await runCli(['eval', '--gold', GOLD, '--gold-column', '0', SILENT]), 1)).toContain('--gold-column');
  });

  it('--gold-column naming the token or the prediction column, without --gold: says so, not that the file has no gold column', async () => {
    const file = join(ROOT, 'examples/news/systems/crf.conll');
    for (const column of ['1', '3', '9']) {
      expect(oneLine(await runCli(['eval', '--gold-column', column, file]), 1)).toBe(`complan: no --gold given, and --gold-column ${column} is no gold column of ${file}: `
        + 'one is neither column 1 (the token) nor the prediction\'s (--pred-column, or the last), and within the line; pass --gold FILE, or the gold tag\'s column');
    }
    const right = await runCli(['eval', '--gold-column', '2', file]);
    expect(right.code, right.stderr).toBe(0);
  });

  it('--gold-column past a conlleval-style system file\'s columns, with --gold: a warning that its embedded gold is not checked', async () => {
    const gold4 = temp('EU NNP B-NP B-ORG\nrejects VBZ B-VP O\nGerman JJ B-NP B-MISC\n\n', 'gold4.conll');
    // Column 2, the embedded gold conlleval reads, is wrong on line 1: read by default, it would be an error.
    const sys3 = temp('EU O B-ORG\nrejects O O\nGerman B-MISC O\n\n', 'sys3.conll');
    const r = await runCli(['eval', '--gold', gold4, '--gold-column', '4', sys3]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(`complan: warning: ${sys3}: --gold-column 4 is past its 3 columns, so its embedded gold (column 2, before the prediction, as conlleval reads it) is not checked against the gold standard: --gold-column names one column for every file\n`);
    // Asked not to check it, nothing to warn of; a file that has column 4 is checked there.
    expect((await runCli(['eval', '--gold', gold4, '--gold-column', '4', '--ignore-embedded-gold', sys3])).stderr).toBe('');
    const sys5 = temp('EU NNP B-NP B-ORG B-ORG\nrejects VBZ B-VP O O\nGerman JJ B-NP B-MISC O\n\n', 'sys5.conll');
    const five = await runCli(['eval', '--gold', gold4, '--gold-column', '4', sys5]);
    expect(five.code, five.stderr).toBe(0);
    expect(five.stderr).toBe('');
    const wrong5 = temp('EU NNP B-NP O B-ORG\nrejects VBZ B-VP O O\nGerman JJ B-NP B-MISC O\n\n', 'wrong5.conll');
    expect((await runCli(['eval', '--gold', gold4, '--gold-column', '4', wrong5])).code).toBe(2);
  });

  it('--samples or --seed without --significance, whose resamples they set', async () => {
    for (const [args, named] of [[['--samples', '50'], '--samples applies'], [['--seed', '3'], '--seed applies'], [['--samples', '50', '--seed', '3'], '--samples and --seed apply']] as const) {
      const r = await runCli(['eval', '--gold', GOLD, ...args, SILENT]);
      expect(oneLine(r, 1)).toBe(`complan: ${named} to --significance (the paired tests' resamples): add --significance, or leave ${args.length === 2 ? 'it' : 'them'} out`);
    }
  });

  it('an empty --types list', async () => {
    expect(oneLine(await runCli(['eval', '--gold', GOLD, '--types', ' , ', SILENT]), 1)).toContain('--types');
  });

  it('duplicate system names', async () => {
    const line = oneLine(await runCli(['eval', '--gold', GOLD, SILENT, SILENT]), 1);
    expect(line).toContain('two systems are named "silent"');
    expect(line).toContain('name=path');
  });

  it('duplicate names given with name=path', async () => {
    const line = oneLine(await runCli(['eval', '--gold', GOLD, `a=${SILENT}`, `a=${fixture('makhoul/spurious.conll')}`]), 1);
    expect(line).toContain('two systems are named "a"');
  });

  it('name= with an empty path', async () => {
    expect(oneLine(await runCli(['eval', '--gold', GOLD, 'x=']), 1)).toContain('"x="');
  });

  it('no system files', async () => {
    const line = oneLine(await runCli(['eval', '--gold', GOLD]), 1);
    expect(line).toContain('no system files');
  });

  it('no --gold with a 2-column system file (no embedded gold)', async () => {
    const file = fixture('gerbil/silent.conll');
    const line = oneLine(await runCli(['eval', file]), 1);
    expect(line).toContain(file);
    expect(line).toContain('--gold');
  });
});

describe('help', () => {
  it('eval --help prints usage and exits 0', async () => {
    const r = await runCli(['eval', '--help']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Usage: complan eval \[options\] \[systems\.\.\.\]/);
    for (const o of ['--gold', '--match', '--beta', '--zero-division', '--k-alpha', '--ser-weights', '--label-distance', '--types', '--format']) {
      expect(r.stdout).toContain(o);
    }
  });

  it('--help prints the program usage and exits 0', async () => {
    const r = await runCli(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: complan /);
    expect(r.stdout).toContain('eval');
  });

  it('no arguments prints help and exits 0', async () => {
    const r = await runCli([]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^Usage: complan /);
    expect(r.stdout).toMatch(/Commands:[\s\S]*eval/);
  });

  it('--version prints the version and exits 0', async () => {
    const r = await runCli(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });
});
