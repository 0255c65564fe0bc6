/**
 * `complan report`: it writes one HTML page, takes plan's options, and refuses bad command lines
 * with one line and exit 1 (a missing --html, an output over an input, one system, an unknown
 * baseline, a match plan cannot score) and bad data with one line naming the file and exit 2.
 */
import { existsSync, readFileSync, rmSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';

const temp = mkdtempSync(join(tmpdir(), 'complan-report-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const GOLD = join(ROOT, 'examples/news/gold.conll');
const SYSTEMS = ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'].map((s) => join(ROOT, `examples/news/systems/${s}.conll`));

describe('complan report', () => {
  it('writes the page, says where on stderr and nothing on stdout, and carries plan\'s settings', async () => {
    const file = join(temp, 'news.html');
    const r = await runCli(['report', '--html', file, '--gold', GOLD, ...SYSTEMS, '--folds', '3', '--top', '4', '--cost', 'crf=2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^complan: wrote the report \\(\\d+ KB\\) to ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n$`));
    const html = readFileSync(file, 'utf8');
    expect(html).toMatch(/<footer>settings: complan:[^|]+\|report\|/);
    expect(html).toContain('|folds:3|');
    expect(html).toContain('|top:4|');
    expect(html).not.toContain('html:');
    // Costs given: the Pareto chart is against cost.
    expect(html).toContain('cost (lower is better)');
    expect(html).toContain('over 3 splits');
  });

  it('heads the procedures\' table by what it holds: held-out figures, or in-sample ones only (--folds 0), or with a test set', async () => {
    const h3 = (page: string) => [...page.matchAll(/<h2[^>]*>([^<]*)<\/h2>|<h3>([^<]*)<\/h3>/g)].map((m) => m[1] ?? m[2]);
    const folds = await runCli(['report', '--html', '-', '--gold', GOLD, ...SYSTEMS, '--samples', '200']);
    expect(h3(folds.stdout)).toEqual(expect.arrayContaining(['Candidates and held-out estimates', 'Held out']));
    const none = await runCli(['report', '--html', '-', '--gold', GOLD, ...SYSTEMS, '--folds', '0']);
    expect(none.code, none.stderr).toBe(0);
    expect(h3(none.stdout)).toEqual(expect.arrayContaining(['Candidates', 'Procedures and baselines (in-sample)']));
    expect(h3(none.stdout)).not.toContain('Held out');
    expect(h3(none.stdout)).not.toContain('Candidates and held-out estimates');
  });

  it('on some --types, says so wherever it says what its figures were measured on', async () => {
    const r = await runCli(['report', '--html', '-', '--gold', GOLD, ...SYSTEMS, '--types', 'PER', '--folds', '0']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/gold\.conll: \d+ gold items of type PER in 8 documents/);
    expect(r.stdout).toMatch(/Scores of the 5 systems \(strict match, \d+ gold items of type PER\)/);
    expect(r.stdout).toContain('so in-sample. Items of type PER only.');
  });

  it('counts a gold standard of texts in records in its heading, as eval\'s title does', async () => {
    // A record of text is often a whole document: "sentences" would miscount what the user gave.
    const rec = (id: string, text: string, spans: Array<[number, number, string]>) => JSON.stringify({ id, doc_id: id, text, spans });
    const gold = join(temp, 'texts-gold.jsonl');
    writeFileSync(gold, `${rec('d1', 'Ann came on Monday. She left on Friday.', [[12, 18, 'DATE'], [32, 38, 'DATE']])}\n${rec('d2', 'The shop opens at 9 a.m. daily.', [[18, 24, 'TIME'], [25, 30, 'SET']])}\n`);
    const a = join(temp, 'texts-a.jsonl');
    writeFileSync(a, `${rec('d1', 'Ann came on Monday. She left on Friday.', [[12, 18, 'DATE']])}\n${rec('d2', 'The shop opens at 9 a.m. daily.', [[18, 24, 'TIME']])}\n`);
    const b = join(temp, 'texts-b.jsonl');
    writeFileSync(b, `${rec('d1', 'Ann came on Monday. She left on Friday.', [[32, 38, 'DATE']])}\n${rec('d2', 'The shop opens at 9 a.m. daily.', [[25, 30, 'SET']])}\n`);
    const r = await runCli(['report', '--html', '-', '--gold', gold, a, b, '--folds', '0']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('texts-gold.jsonl: 4 gold items in 2 documents, 2 records; systems texts-a, texts-b.');
  });

  it('has plan\'s computing options and none of its output ones', async () => {
    const r = await runCli(['report', '--help']);
    expect(r.code).toBe(0);
    for (const o of ['--objective', '--rules', '--search', '--folds', '--samples', '--alpha', '--cost', '--test-gold', '--baseline', '--examples', '--html']) expect(r.stdout).toContain(o);
    for (const o of ['--svg', '--save-plan', '--explain', '--brief', '--format']) expect(r.stdout).not.toContain(`${o} `);
  });

  const usage: Array<[string, string[], RegExp]> = [
    ['no --html', ['--gold', GOLD, ...SYSTEMS], /^complan: required option '--html <file>' not specified; run with --help for usage\n$/],
    ['--html over the gold', ['--html', GOLD, '--gold', GOLD, ...SYSTEMS], /^complan: --html .* is the gold file .*: complan never writes over its inputs; choose another file\n$/],
    ['one system', ['--html', join(temp, 'x.html'), '--gold', GOLD, SYSTEMS[0]], /^complan: report needs at least two systems \(usage: complan report --html FILE --gold GOLD SYSTEM SYSTEM\.\.\.\)\n$/],
    ['an unknown baseline', ['--html', join(temp, 'x.html'), '--baseline', 'nope', '--gold', GOLD, ...SYSTEMS], /^complan: --baseline: no system named "nope" \(systems: cautious, confuser, crf, gazetteer, sloppy\)\n$/],
    ['boundary match', ['--html', join(temp, 'x.html'), '--match', 'boundary', '--gold', GOLD, ...SYSTEMS], /^complan: --match boundary does not apply to report: /],
    ['a --match that is no mode', ['--html', join(temp, 'x.html'), '--match', 'fuzzy', '--gold', GOLD, ...SYSTEMS], /^complan: --match expects strict, the only mode report takes, got "fuzzy"\n$/],
    ['bad --examples', ['--html', join(temp, 'x.html'), '--examples', 'many', '--gold', GOLD, ...SYSTEMS], /^complan: --examples expects a number of items from 0, got "many"\n$/],
    ['bad --folds', ['--html', join(temp, 'x.html'), '--folds', '1', '--gold', GOLD, ...SYSTEMS], /^complan: --folds expects 0 \(no held-out estimate\) or an integer ≥ 2, got "1"/],
  ];
  for (const [what, args, message] of usage) {
    it(`refuses ${what} with one line and exit 1`, async () => {
      const r = await runCli(['report', ...args]);
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.code).toBe(1);
      expect(existsSync(join(temp, 'x.html'))).toBe(false);
    });
  }

  it('refuses a bad data file with one line naming it and its line, and exit 2, writing nothing', async () => {
    const bad = join(temp, 'bad.conll');
    writeFileSync(bad, 'EU B-ORG\nrejects I-ORG I-ORG I-ORG\n');
    const r = await runCli(['report', '--html', join(temp, 'y.html'), '--gold', GOLD, SYSTEMS[0], bad]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(bad);
    expect(r.stderr).toMatch(/:\d+/);
    expect(r.stderr).not.toContain('    at ');
    expect(existsSync(join(temp, 'y.html'))).toBe(false);
  });
});
