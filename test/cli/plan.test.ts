/**
 * `complan plan` on examples/news (five systems): the table and the JSON document
 * (deterministic, with predicted == actual where prediction is exact), the other formats,
 * usage errors (exit 1) that show where an objective goes wrong, input errors (exit 2), the
 * honest numbers (--holdout, --folds, --bootstrap), --budget, --svg, --save-plan applied by
 * `combine --plan` without gold, and a progress bar drawn on stderr only when it is a terminal.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Io } from '../../cli/io.js';
import { run } from '../../cli/program.js';
import { createProgress, progressLine } from '../../cli/progress.js';
import type { PlanResult } from '../../src/plan/types.js';
import { ROOT, runCli } from './helpers.js';
import { parseXml } from '../helpers/xml.js';
import { noteText } from '../../src/report/plan-notes.js';
import { recommendationReason } from '../../src/report/plan-reason.js';

const NEWS = join(ROOT, 'examples/news');
const GOLD = join(NEWS, 'gold.conll');
const GOLD_JSONL = join(NEWS, 'jsonl', 'gold.jsonl');
const NAMES = ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'];
const CONLL = NAMES.map((n) => join(NEWS, 'systems', `${n}.conll`));
const JSONL = NAMES.map((n) => join(NEWS, 'jsonl', `${n}.jsonl`));
const dir = mkdtempSync(join(tmpdir(), 'complan-plan-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const out = (name: string) => join(dir, name);
const read = (path: string) => readFileSync(path, 'utf8');

/** The keys each score block must have. */
const SCORE_KEYS = ['precision', 'recall', 'f', 'ser', 'k', 'tp', 'fp', 'fn'] as const;

/** `complan plan --gold gold.conll <five systems> <args>`. */
const plan = (args: string[]) => runCli(['plan', '--gold', GOLD, ...CONLL, ...args]);

/** `plan … --format json <args>`, which must succeed with nothing on stderr. */
async function planJson(args: string[]): Promise<PlanResult & { raw: string }> {
  const r = await plan([...args, '--format', 'json']);
  if (r.code !== 0) throw new Error(`complan plan exited ${r.code}: ${r.stderr}`);
  expect(r.stderr).toBe('');
  return { ...(JSON.parse(r.stdout) as PlanResult), raw: r.stdout };
}

/** A usage or input error: the exit code, nothing on stdout, one message on stderr. */
async function planError(args: string[], code: 1 | 2): Promise<string> {
  const r = await plan(args);
  expect(r.code, r.stderr).toBe(code);
  expect(r.stdout).toBe('');
  expect(r.stderr.startsWith('complan: ')).toBe(true);
  return r.stderr;
}

const key = (c: { members: string[]; rule: string }) => `${c.rule}(${c.members.join('+')})`;

/** Well-formed SVG: parses as strict XML with one root, `<svg>`. */
function expectWellFormedSvg(text: string): void {
  expect(parseXml(text).name).toBe('svg');
}

describe('complan plan: output', () => {
  it('prints a table of the candidates, the greedy path and the rank agreement by default', async () => {
    const r = await plan([]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const doc = await planJson([]);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('Plan — objective f1: F1 (higher is better)');
    expect(r.stdout).toContain('124 candidates evaluated (109 distinct) over 5 systems');
    expect(r.stdout).toContain('Best single system: crf, objective 89.81 (in-sample)');
    // 124 scored, 109 distinct: each of the 5 single systems is one candidate under the 4 rules.
    expect(r.stdout).toContain('Candidates (top 10 of 109, by actual objective, in-sample)');
    expect(r.stdout).toContain('In-sample figures: the planning data (all 8 documents, 184 gold items), which chose the candidates; held-out: 5-fold cross-validation by document, 1 repeat, seed 1');
    expect(r.stdout).toMatch(/#\s+members\s+rule\s+size\s+pred F1\s+F1\s+SER\s+K\s+gap\s+gain/);
    // One row per listed candidate (ten by default), in rank order, as in the JSON.
    const rows = lines.filter((l) => /^\s*\d+\s+\S+\s+(union|intersection|majority|vote)\s+\d+\s/.test(l));
    expect(rows).toHaveLength(10);
    expect(doc.candidates).toHaveLength(10);
    rows.forEach((row, i) => {
      const [rank, members, rule, size] = row.trim().split(/\s+/);
      const c = doc.candidates[i];
      expect([Number(rank), members, rule, Number(size)]).toEqual([c.rank, c.members.join('+'), c.rule, c.size]);
      expect(row).toContain((100 * c.actual.f).toFixed(2));
    });
    expect(r.stdout).toContain('Greedy path');
    expect(r.stdout).toMatch(/Rank agreement \(predicted against actual objective, in-sample\) over 74 candidates whose prediction is an estimate \(50 exact by construction left out\): Spearman ρ -?\d\.\d{3}, Kendall τ -?\d\.\d{3}, D-measure@10 \d\.\d{3}/);
    expect(r.stdout).toMatch(/^ {2}by rule: vote ρ -?\d\.\d{3}, τ -?\d\.\d{3} \(26 candidates\);/m);
    expect(r.stdout).toMatch(/^ {2}among candidates that beat the best single system: ρ -?\d\.\d{3}, τ -?\d\.\d{3} \(\d+ candidates\)$/m);
    // Beside the candidates: the search's choice and the four baselines, in-sample and held out.
    expect(r.stdout).toContain("The search's choice and the baselines, each chosen on the planning data only");
    const table = lines.slice(lines.findIndex((l) => l.startsWith('procedure ')));
    expect(table[0]).toMatch(/^procedure\s+chose\s+rule\s+in-sample\s+held-out\s+± sd\s+pooled\s+optimism$/);
    for (const p of [doc.selection, ...doc.baselines]) {
      const row = table.find((l) => l.startsWith(`${p.name} `))!;
      expect(row, p.name).toContain((100 * p.planning.objective).toFixed(2));
      expect(row, p.name).toContain((100 * p.heldOut!.mean).toFixed(2));
    }
    expect(table.find((l) => l.startsWith('vote-all '))).toContain('all 5 systems');
    // The report ends with the recommendation and its reason.
    const at = lines.findIndex((l) => l.startsWith('Recommendation ('));
    const w = doc.recommendation.weights;
    const members = doc.recommendation.members.map((m) => (w === undefined || w[m] === 1 ? m : `${m}×${w[m]}`));
    expect(lines[at]).toBe(`Recommendation (${doc.recommendation.procedure}): ${doc.recommendation.rule}(${members.join('+')})`);
    expect(lines.slice(at).join('\n')).toContain(recommendationReason(doc));
    // ...then the settings it ran with, on the last line.
    const rest = lines.slice(at + 4).filter((l) => l !== '');
    expect(rest).toHaveLength(1);
    expect(rest[0]).toMatch(/^settings: complan:\d+\.\d+\.\d+\|plan\|.*\|objective:f1\|rules:union,intersection,majority,vote\|.*\|folds:5\|.*\|seed:1\|match:strict\|beta:1\|k-alpha:1\|zero-division:gerbil\|types:all\|/);
    // --top limits the rows.
    const top3 = await plan(['--top', '3']);
    expect(top3.stdout).toContain('Candidates (top 3 of 109, by actual objective, in-sample)');
    expect(top3.stdout.split('\n').filter((l) => /^\s*\d+\s+\S+\s+(union|intersection|majority|vote)\s+\d+\s/.test(l))).toHaveLength(3);
  });

  it('--format json has the required keys and is byte-identical from run to run', async () => {
    const a = await plan(['--format', 'json']);
    const b = await plan(['--format', 'json']);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    expect(a.stdout.endsWith('\n')).toBe(true);
    const doc = JSON.parse(a.stdout) as PlanResult;
    expect(Object.keys(doc)).toEqual(expect.arrayContaining(['schemaVersion', 'objective', 'rules', 'search', 'candidates', 'greedyPath', 'rankAgreement']));
    expect(doc.schemaVersion).toBe(1);
    expect(doc.objective).toMatchObject({ text: 'f1', minimise: false });
    expect(doc.rules).toEqual(['union', 'intersection', 'majority', 'vote']);
    expect(doc.search).toMatchObject({ requested: 'auto', minSize: 1, maxSize: 5, evaluated: 124 });
    expect(doc.search.strategies).toContain('exhaustive');
    expect(doc.systems).toEqual(NAMES);
    expect(doc.candidates).toHaveLength(10);
    doc.candidates.forEach((c, i) => {
      expect(Object.keys(c)).toEqual(expect.arrayContaining(['rank', 'members', 'rule', 'size', 'cost', 'gain', 'actual', 'predicted']));
      expect(c.rank).toBe(i + 1);
      expect(c.size).toBe(c.members.length);
      expect(c.cost).toBe(c.size);
      expect(doc.rules).toContain(c.rule);
      expect(c.members.every((m) => NAMES.includes(m))).toBe(true);
      // Members in input order.
      expect(c.members).toEqual(NAMES.filter((n) => c.members.includes(n)));
      for (const block of [c.actual, c.predicted]) {
        expect(Object.keys(block)).toEqual(expect.arrayContaining([...SCORE_KEYS]));
        for (const k of SCORE_KEYS) expect(typeof block[k], k).toBe('number');
      }
      expect(Object.keys(c.predicted).sort()).toEqual(Object.keys(c.actual).sort());
      // Actual counts are integers over the 184 gold items; the objective is the actual F1.
      expect(Number.isInteger(c.actual.tp) && Number.isInteger(c.actual.fp) && Number.isInteger(c.actual.fn)).toBe(true);
      expect(c.actual.tp + c.actual.fn).toBe(184);
      expect(c.objective.actual).toBe(c.actual.f);
      if (i > 0) expect(c.actual.f).toBeLessThanOrEqual(doc.candidates[i - 1].actual.f);
    });
    // The winner beats the best single system (crf, 89.81).
    expect(doc.bestSingle.name).toBe('crf');
    expect(doc.candidates[0].actual.f).toBeGreaterThan(doc.bestSingle.objective);
    expect(doc.candidates[0].gain).toBeCloseTo(doc.candidates[0].actual.f - doc.bestSingle.objective, 12);
    // The greedy path of every rule starts from the best single system.
    expect(doc.greedyPath.length).toBeGreaterThan(0);
    for (const rule of doc.rules) {
      const steps = doc.greedyPath.filter((s) => s.rule === rule);
      expect(steps[0]).toMatchObject({ step: 1, added: 'crf', members: ['crf'] });
      steps.forEach((s, i) => expect(s.members).toHaveLength(i + 1));
    }
    const ra = doc.rankAgreement;
    expect(Object.keys(ra)).toEqual(expect.arrayContaining(['spearman', 'kendall', 'dMeasure', 'excluded', 'byRule', 'beatingBestSingle']));
    expect(ra.candidates + ra.excluded.exact + ra.excluded.duplicates).toBe(124);
    expect(ra.topK).toBe(10);
    expect(Object.keys(doc)).toEqual(expect.arrayContaining(['planningData', 'selection', 'baselines', 'heldOut', 'recommendation']));
    expect(doc.baselines.map((b) => b.name)).toEqual(['best-single', 'majority-all', 'vote-all', 'caruana']);
    const rec = doc.recommendation;
    expect(Object.keys(rec)).toEqual(expect.arrayContaining(['members', 'rule', 'reason', 'heldOut', 'vsBaselines']));
    expect(rec.heldOut!.folds).toBe(5);
    // The search's choice first when it is not the recommendation, then the baselines, never the recommendation itself.
    const baselines = ['best-single', 'majority-all', 'vote-all', 'caruana'];
    expect(rec.vsBaselines.map((v) => v.name)).toEqual(['selection', ...baselines].filter((n) => n !== rec.procedure));
    for (const v of rec.vsBaselines) {
      expect(v.ci95[0]).toBeLessThanOrEqual(v.ci95[1]);
      expect(v.p).toBeGreaterThan(0);
      expect(v.p).toBeLessThanOrEqual(1);
    }
    for (const v of [ra.spearman, ra.kendall, ra.dMeasure]) {
      expect(typeof v).toBe('number');
      expect(Math.abs(v!)).toBeLessThanOrEqual(1);
    }
  });

  it('lists a single system once under the rules that keep its output (kofn:1 among them), and apart under kofn:K ≥ 2, which keeps nothing of it', async () => {
    const one = await planJson(['--rules', 'kofn:1,union', '--max-size', '1', '--top', '1000', '--folds', '0']);
    expect(one.candidates).toHaveLength(5);
    expect(one.search).toMatchObject({ evaluated: 10, distinct: 5 });
    const table = await plan(['--rules', 'kofn:1,union', '--max-size', '1', '--folds', '0']);
    const rules = table.stdout.split('\n').filter((l) => /^\s*\d+\s+\S+\s+\S+\s+1\s/.test(l)).map((l) => l.trim().split(/\s+/)[2]);
    expect(rules).toEqual(new Array<string>(5).fill('—'));
    // 5 singles and 10 pairs under each rule: a single under kofn:2 is empty, a candidate of its own.
    const two = await planJson(['--rules', 'kofn:2,union', '--max-size', '2', '--top', '1000', '--folds', '0']);
    expect(two.candidates).toHaveLength(30);
    expect(two.search).toMatchObject({ evaluated: 30, distinct: 30 });
    const emptySingles = two.candidates.filter((c) => c.rule === 'kofn:2' && c.size === 1);
    expect(emptySingles).toHaveLength(5);
    expect(emptySingles.every((c) => c.actual.tp + c.actual.fp === 0)).toBe(true);
    const twoTable = await plan(['--rules', 'kofn:2,union', '--max-size', '2', '--top', '1000', '--folds', '0']);
    expect(twoTable.stdout).toMatch(/\n\s*\d+\s+crf\s+kofn:2\s+1\s/);
  });

  it('--rules union,intersection --max-size 2: every single system and pair is predicted exactly (predicted == actual)', async () => {
    const doc = await planJson(['--rules', 'union,intersection', '--max-size', '2', '--top', '1000']);
    // 5 singles + 10 pairs, under two rules: a single system is one candidate under both (the same items).
    expect(doc.candidates).toHaveLength(25);
    expect(doc.search.evaluated).toBe(30);
    expect(new Set(doc.candidates.map(key)).size).toBe(25);
    for (const c of doc.candidates) {
      expect(c.predictedVia, key(c)).toBe('exact');
      expect(c.predicted, key(c)).toEqual(c.actual);
      for (const k of SCORE_KEYS) expect(c.predicted[k], `${key(c)} ${k}`).toBe(c.actual[k]);
      expect(c.objective.gap).toBe(0);
    }
    // Exact by construction, so left out of the rank agreement, which has nothing left to compare.
    expect(doc.rankAgreement).toMatchObject({ candidates: 0, excluded: { exact: 30, duplicates: 0 }, spearman: null, kendall: null });
  });

  it('--beta 2 without --objective ranks by F_2, as every other figure and the TUI read it; an --objective given is kept', async () => {
    const f2 = await planJson(['--beta', '2', '--folds', '0']);
    expect(f2.objective).toMatchObject({ text: 'f:2', description: 'F_2' });
    expect(f2.candidates[0].objective.actual).toBe(f2.candidates[0].actual.f);
    expect((JSON.parse(f2.raw) as { settings: { objective: string } }).settings.objective).toBe('f:2');
    const f1 = await planJson(['--beta', '2', '--objective', 'f1', '--folds', '0']);
    expect(f1.objective).toMatchObject({ text: 'f1', description: 'F1' });
    expect((await planJson(['--folds', '0'])).objective).toMatchObject({ text: 'f1' });
  });

  it('notes an objective that puts every procedure within 0.001 of the others, and no other', async () => {
    const flat = await planJson(['--objective', 'f / 1000', '--folds', '2', '--samples', '99']);
    const note = flat.notes.find((n) => n.kind === 'objective-flat') as { low: number; high: number; rate: boolean; k: boolean; text: string } | undefined;
    expect(note).toMatchObject({ rate: false, k: false });
    const values = [flat.selection, ...flat.baselines].map((p) => p.planning.objective);
    expect([note!.low, note!.high]).toEqual([Math.min(...values), Math.max(...values)]);
    expect(note!.text).toMatch(/^the five procedures' in-sample objectives all lie between 0\.000\d+ and 0\.000\d+, within 0\.001 of each other: the choice among them rests on very small differences$/);
    // F1 on the same data spreads the procedures over points.
    expect((await planJson(['--folds', '2', '--samples', '99'])).notes.some((n) => n.kind === 'objective-flat')).toBe(false);
    expect(noteText({ kind: 'objective-flat', low: 0.99987, high: 1, rate: true, k: true }))
      .toBe("the five procedures' in-sample objectives all lie between 99.987 and 100.000, within 0.1 points of each other: the choice among them rests on very small differences "
        + '(K with α below 1 is near its maximum whenever P and R are close, whatever their level: an objective such as f1 tells systems apart better)');
  });

  it('an objective of counts (tp - fp): pooled per repeat on the in-sample scale, with optimism; none on a part held out once', async () => {
    for (const extra of [[], ['--repeats', '2']]) {
      const r = await planJson(['--objective', 'tp - fp', '--folds', '2', '--samples', '99', ...extra]);
      for (const p of [r.selection, ...r.baselines]) {
        // Each split's figure is on half the documents; the pooled one on all of them, once.
        expect(p.heldOut!.mean).toBeLessThan(p.planning.objective);
        expect(p.heldOut!.pooled).toBeGreaterThan(p.heldOut!.mean);
        expect(p.heldOut!.optimism).toBeCloseTo(p.planning.objective - p.heldOut!.pooled!, 9);
      }
      for (const name of ['vote-all', 'majority-all']) {
        const b = r.baselines.find((x) => x.name === name)!;
        expect(b.heldOut!.pooled, name).toBeCloseTo(b.planning.objective, 9);
        expect(b.heldOut!.optimism, name).toBeCloseTo(0, 9);
      }
      expect(r.notes.find((n) => n.kind === 'counts-objective')).toMatchObject({ heldOut: true, pooled: true, test: false });
    }
    const f = await planJson(['--folds', '2', '--samples', '99']);
    expect(f.notes.some((n) => n.kind === 'counts-objective')).toBe(false);
    expect(typeof f.selection.heldOut!.optimism).toBe('number');
    const table = await plan(['--objective', 'tp - fp', '--folds', '2', '--samples', '99']);
    expect(table.stdout).toContain('the objective reads counts (tp, fp, fn), which grow with the data: in-sample figures are on all 8 documents, held-out ones on each part held out, '
      + 'so figures of these columns are not comparable; pooled ones count every document once (per repeat), as in-sample ones do, so those two compare and their difference is the optimism: '
      + 'compare procedures within one column, or use rates (p, r, f)');
    // The recommendation's line sets the pooled figure, on the in-sample scale, beside the others.
    const doc = await planJson(['--objective', 'tp - fp', '--folds', '2', '--samples', '99']);
    const recommended = [doc.selection, ...doc.baselines].find((x) => x.name === doc.recommendation.procedure)!;
    expect(table.stdout).toContain(` (sd over 2 splits; ${Number.isInteger(recommended.heldOut!.pooled!) ? recommended.heldOut!.pooled! : recommended.heldOut!.pooled!.toFixed(4)} pooled over them) (these figures also picked it`);
    const once = await planJson(['--objective', 'tp - fp', '--holdout', '0.5', '--samples', '99']);
    for (const p of [once.selection, ...once.baselines]) {
      expect(p.heldOut!.pooled).toBeNull();
      expect(p.heldOut!.optimism).toBeNull();
    }
    expect(once.notes.find((n) => n.kind === 'counts-objective')).toMatchObject({ heldOut: true, pooled: false, units: 8, planned: 4 });
    expect((await plan(['--objective', 'tp - fp', '--holdout', '0.5', '--samples', '99'])).stdout).toContain('in-sample figures are on the 4 of 8 documents planned on, held-out ones on the part held out');
  });

  it('--format csv puts what qualifies its figures and why its recommended row is recommended on standard error', async () => {
    const doc = await planJson(['--top', '2', '--seed', '3']);
    const csv = await plan(['--top', '2', '--seed', '3', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stderr.trimEnd().split('\n');
    expect(lines.at(-1)).toMatch(/^complan: settings: /);
    expect(lines.slice(0, -1)).toEqual([
      ...doc.notes.map((n) => `complan: note: ${noteText(n)}`),
      `complan: recommendation (${doc.recommendation.procedure}, the row with recommended true): ${recommendationReason(doc)}`,
    ]);
    expect(csv.stdout).not.toContain('complan:');
    // What one table cannot hold, asked for, is said to be left out.
    const left = await plan(['--top', '1', '--bootstrap', '3', '--explain', '1', '--format', 'csv']);
    expect(left.code, left.stderr).toBe(0);
    expect(left.stderr).toContain('complan: warning: --bootstrap and --explain are not in the CSV, which holds one table (the candidates, then the procedures); --format json, table, markdown or latex give them\n');
    expect(csv.stderr).not.toContain('warning');
    const none = await plan(['--top', '1', '--folds', '0', '--format', 'csv']);
    expect(none.stderr).toContain('complan: recommendation (vote-all, the row with recommended true): No held-out estimate was made');
  });

  it('--format csv, markdown and latex', async () => {
    const doc = await planJson(['--top', '4']);
    const csv = await plan(['--top', '4', '--format', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trimEnd().split('\n');
    const header = lines[0].split(',');
    expect(header.slice(0, 6)).toEqual(['rank', 'members', 'rule', 'size', 'cost', 'gain']);
    expect(header).toEqual(expect.arrayContaining([
      ...SCORE_KEYS.map((k) => `actual_${k}`), ...SCORE_KEYS.map((k) => `predicted_${k}`),
    ]));
    // Four candidates, then the search's choice and the four baselines.
    expect(lines).toHaveLength(10);
    const proceduresRows = lines.slice(5).map((l) => l.split(','));
    expect(proceduresRows.map((cells) => cells[header.indexOf('procedure')])).toEqual(['selection', 'best-single', 'majority-all', 'vote-all', 'caruana']);
    for (const cells of proceduresRows) {
      const p = [doc.selection, ...doc.baselines].find((x) => x.name === cells[header.indexOf('procedure')])!;
      expect(Number(cells[header.indexOf('held_out_mean')])).toBe(p.heldOut!.mean);
      expect(cells[header.indexOf('recommended')]).toBe(String(p.name === doc.recommendation.procedure));
    }
    lines.slice(1, 5).forEach((line, i) => {
      const cells = line.split(',');
      expect(cells).toHaveLength(header.length);
      const c = doc.candidates[i];
      const at = (name: string) => cells[header.indexOf(name)];
      expect([at('rank'), at('members'), at('rule')]).toEqual([String(c.rank), c.members.join('+'), c.rule]);
      expect(Number(at('actual_f'))).toBe(c.actual.f);
      expect(Number(at('predicted_tp'))).toBe(c.predicted.tp);
    });

    const md = await plan(['--top', '4', '--format', 'markdown']);
    expect(md.code, md.stderr).toBe(0);
    expect(md.stdout).toMatch(/^\| # \| members \| rule \| size \| pred F1 \| F1 \| SER \| K \| gap \| gain \|$/m);
    expect(md.stdout).toMatch(/^\|---:\|:---\|/m);
    const mdRows = md.stdout.split("The search's choice")[0].split('\n').filter((l) => /^\| \d+ \|/.test(l));
    expect(mdRows).toHaveLength(4);
    expect(mdRows[0]).toContain(`| ${doc.candidates[0].members.join('+')} | ${doc.candidates[0].rule} |`);
    expect(mdRows[0]).toContain(`**${(100 * doc.candidates[0].actual.f).toFixed(2)}**`);

    const tex = await plan(['--top', '4', '--format', 'latex']);
    expect(tex.code, tex.stderr).toBe(0);
    expect(tex.stdout).toContain('\\begin{table}');
    expect(tex.stdout).toContain('\\end{table}');
    expect(tex.stdout).toMatch(/\\begin\{tabular\}\{[rlc]+\}/);
    expect(tex.stdout).toContain('\\toprule');
    expect(tex.stdout).toContain('\\bottomrule');
    const texRows = tex.stdout.split('\\end{tabular}')[0].split('\n').filter((l) => /^\d+ & /.test(l));
    expect(tex.stdout).toContain('Recommendation (');
    expect(texRows).toHaveLength(4);
    texRows.forEach((row) => expect(row.trimEnd().endsWith('\\\\')).toBe(true));
    expect(texRows[0]).toContain(`\\textbf{${(100 * doc.candidates[0].actual.f).toFixed(2)}}`);
  });
});

describe('complan plan: objectives', () => {
  it('a malformed expression is a usage error naming the column, with a caret under it', async () => {
    const err = await planError(['--objective', 'f - 0.002*'], 1);
    const lines = err.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^complan: --objective "f - 0\.002\*": .* at column 11$/);
    expect(lines[1].trim()).toBe('f - 0.002*');
    // Column 11 is just past the end of the ten-character expression.
    expect(lines[2].trim()).toBe('^');
    expect(lines[2].indexOf('^')).toBe(lines[1].indexOf('f') + 10);
  });

  it('an unknown symbol is a usage error naming it, with a caret under it', async () => {
    const err = await planError(['--objective', 'f - foo*size'], 1);
    const lines = err.trimEnd().split('\n');
    expect(lines[0]).toContain('"foo"');
    expect(lines[0]).toContain('column 5');
    expect(lines[1].trim()).toBe('f - foo*size');
    expect(lines[2].indexOf('^')).toBe(lines[1].indexOf('foo'));
  });

  it('--objective ser ranks by lowest SER', async () => {
    const doc = await planJson(['--objective', 'ser', '--top', '1000']);
    expect(doc.objective).toMatchObject({ text: 'ser', minimise: true });
    expect(doc.candidates).toHaveLength(109);
    const sers = doc.candidates.map((c) => c.actual.ser!);
    expect([...sers].sort((a, b) => a - b)).toEqual(sers);
    for (const c of doc.candidates) expect(c.objective.actual).toBe(c.actual.ser);
    // The best SER is below every single system's, and its gain (lower is better) is positive.
    // Each single system once (the four rules give it the same items).
    const singles = doc.candidates.filter((c) => c.size === 1);
    expect(singles).toHaveLength(5);
    expect(sers[0]).toBeLessThan(Math.min(...singles.map((c) => c.actual.ser!)));
    expect(doc.candidates[0].gain).toBeGreaterThan(0);
    expect(doc.bestSingle.objective).toBe(Math.min(...singles.map((c) => c.actual.ser!)));
    // The F1 winner need not be the SER winner, but both rank orders hold on the same scores.
    const f1 = await planJson(['--top', '1000']);
    const byKey = new Map(f1.candidates.map((c) => [key(c), c.actual]));
    for (const c of doc.candidates) expect(c.actual).toEqual(byKey.get(key(c)));
  });
});

describe('complan plan: usage and input errors', () => {
  it('--match boundary is a usage error', async () => {
    expect(await planError(['--match', 'boundary'], 1)).toContain('--match boundary');
  });

  it('--match given no mode at all (a typo, STRICT) is said to expect strict, not to be a mode that does not apply', async () => {
    expect(await planError(['--match', 'STRICT'], 1)).toBe('complan: --match expects strict, the only mode plan takes, got "STRICT"\n');
  });

  it('--cost naming no system is a usage error', async () => {
    const err = await planError(['--cost', 'nosuch=1'], 1);
    expect(err).toContain('"nosuch"');
    expect(err).toContain('--cost');
  });

  it('--min-size above --max-size is a usage error', async () => {
    const err = await planError(['--min-size', '3', '--max-size', '2'], 1);
    expect(err).toContain('--min-size 3');
    expect(err).toContain('--max-size 2');
  });

  it('a nonexistent system file is an input error (exit 2) naming the file', async () => {
    const missing = out('no-such-system.conll');
    const r = await runCli(['plan', '--gold', GOLD, ...CONLL, missing]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(missing);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('complan plan: honest numbers', () => {
  it('--holdout 0.25 --seed 3: one held-out split, the same for the same seed', async () => {
    const a = await planJson(['--holdout', '0.25', '--seed', '3', '--top', '3']);
    const b = await planJson(['--holdout', '0.25', '--seed', '3', '--top', '3']);
    expect(a.raw).toBe(b.raw);
    const h = a.heldOut!;
    expect(h).toMatchObject({ kind: 'holdout', fraction: 0.25, seed: 3, units: 'document' });
    expect(h.splits).toHaveLength(1);
    const f = h.splits[0];
    expect(f.trainUnits + f.testUnits).toBe(8);
    expect(f.testUnits).toBe(2);
    // The report is about the training documents: the selection there is the top candidate.
    expect(f.chosen).toEqual({ members: a.candidates[0].members, rule: a.candidates[0].rule });
    expect(f.planning.selection).toBe(a.candidates[0].actual.f);
    expect(a.planningData.documents).toBe(6);
    expect((a.notes as unknown as Array<{ text: string }>).map((n) => n.text)).toContain('planned on 6 of 8 documents; the other 2 are held out (seed 3)');
    // Another seed splits the documents otherwise.
    const other = await planJson(['--holdout', '0.25', '--seed', '4', '--top', '3']);
    expect(other.heldOut!.seed).toBe(4);
    expect(other.raw).not.toBe(a.raw);
  });

  it('--folds 2 --repeats 2: every document held out once per repeat, the whole selection re-run each time', async () => {
    const a = await planJson(['--folds', '2', '--repeats', '2', '--top', '3']);
    expect((await planJson(['--folds', '2', '--repeats', '2', '--top', '3'])).raw).toBe(a.raw);
    const h = a.heldOut!;
    expect(h).toMatchObject({ kind: 'folds', folds: 2, repeats: 2, seed: 1 });
    expect(h.splits.map((f) => `${f.repeat}.${f.fold}`)).toEqual(['1.1', '1.2', '2.1', '2.2']);
    for (const r of [1, 2]) expect(h.splits.filter((f) => f.repeat === r).reduce((s, f) => s + f.testUnits, 0)).toBe(8);
    for (const f of h.splits) expect(f.trainUnits + f.testUnits).toBe(8);
    const sel = h.summary.find((x) => x.name === 'selection')!;
    expect(sel.mean).toBeCloseTo(h.splits.reduce((s, f) => s + f.heldOut.selection, 0) / 4, 12);
    expect(sel.planningMean).toBeCloseTo(h.splits.reduce((s, f) => s + f.planning.selection, 0) / 4, 12);
    expect(a.recommendation.heldOut!.folds).toBe(4);
    // The recommended procedure's own block has the same held-out mean, over as many splits, and its pooled figure.
    const own = [a.selection, ...a.baselines].find((p) => p.name === a.recommendation.procedure)!;
    expect(own.heldOut).toMatchObject({ splits: 4, mean: a.recommendation.heldOut!.mean });
    expect(Number.isFinite(own.heldOut!.pooled)).toBe(true);
    // Folds do not change the plan made on all documents.
    const plain = await planJson(['--top', '3', '--folds', '0']);
    expect(a.candidates).toEqual(plain.candidates);
    expect(plain.heldOut).toBeUndefined();
    expect(plain.recommendation.procedure).toBe('vote-all');
  });

  it('--holdout with --folds, --folds 1 and --alpha 2 are usage errors', async () => {
    expect(await planError(['--holdout', '0.25', '--folds', '2'], 1)).toContain('--holdout and --folds');
    expect(await planError(['--folds', '1'], 1)).toContain('--folds expects 0');
    expect(await planError(['--alpha', '2'], 1)).toContain('--alpha');
    expect(await planError(['--folds', '9'], 1)).toContain('--folds: 9 folds need at least 9 documents');
    expect(await planError(['--holdout', '0.3', '--repeats', '2'], 1)).toContain('--repeats applies to --folds');
    expect(await planError(['--folds', '0', '--repeats', '3'], 1)).toContain('--repeats applies to --folds; --folds 0 makes no split');
    // No split and no test set: no paired test runs, so its resamples and level would change nothing.
    expect(await planError(['--folds', '0', '--samples', '500'], 1)).toContain('--samples applies to the paired tests of held-out splits or a test set; --folds 0 makes no split');
    expect(await planError(['--folds', '0', '--alpha', '0.1', '--samples', '500'], 1)).toContain('--samples and --alpha apply to the paired tests');
    expect((await planJson(['--folds', '0', '--holdout', '0.25', '--alpha', '0.1', '--top', '1'])).recommendation.alpha).toBe(0.1);
    // A glob that catches the gold file: planning would choose the gold standard itself.
    const err = await planError([`gold=${GOLD}`], 1);
    expect(err).toContain('the system "gold" is the --gold file');
    expect(err.trim().split('\n')).toHaveLength(1);
  });

  it('notes when --alpha cannot be reached with so few resamples', async () => {
    const doc = await planJson(['--samples', '99', '--alpha', '0.01', '--top', '1']);
    expect(doc.notes).toContainEqual({ kind: 'alpha-unreachable', samples: 99, alpha: 0.01, text: 'with 99 resamples no p-value is below 0.01, so no selection can reach --alpha 0.01: raise --samples' });
    expect(['vote-all', 'majority-all']).toContain(doc.recommendation.procedure);
  });

  it('notes when too few documents are held out for randomization to reach --alpha, and says what was held out', async () => {
    // 8 documents: a hold-out of 1% is 1 document, of 25% is 2; five folds hold out all 8.
    const one = await planJson(['--holdout', '0.01', '--top', '1']);
    expect(one.notes).toContainEqual({ kind: 'holdout', train: 7, test: 1, units: 8, unit: 'document', seed: 1, text: 'planned on 7 of 8 documents; the other document is held out (seed 1)' });
    expect(one.notes).toContainEqual(expect.objectContaining({ kind: 'few-held-out', units: 1, unit: 'document', alpha: 0.05 }));
    const two = await planJson(['--holdout', '0.25', '--top', '1']);
    const note = two.notes.find((n) => n.kind === 'few-held-out') as { text: string } | undefined;
    expect(note?.text).toBe('only 2 documents are held out: approximate randomization swaps the two sides\' outputs on each, which it can do in only 4 ways, two of which give the observed difference, so its p-value stays near or above 0.5 and no selection can be shown better than the baselines at --alpha 0.05; the bootstrap\'s intervals and p-values rest on as few documents and say as little: hold out more documents');
    // The recommendation's randomization p-values are indeed no lower.
    expect(two.recommendation.vsBaselines.length).toBeGreaterThan(0);
    for (const b of two.recommendation.vsBaselines) expect(b.p).toBeGreaterThanOrEqual(0.4);
    expect((await planJson(['--top', '1'])).notes.map((n) => n.kind)).not.toContain('few-held-out');
    // The bound is 2/2^n: 5 held out give 0.0625, still at least 0.05; 6 give 0.03125.
    expect((await planJson(['--holdout', '0.625', '--top', '1'])).notes).toContainEqual(expect.objectContaining({ kind: 'few-held-out', units: 5 }));
    expect((await planJson(['--holdout', '0.75', '--top', '1'])).notes.map((n) => n.kind)).not.toContain('few-held-out');
    const text = await plan(['--holdout', '0.01', '--top', '1']);
    expect(text.stdout).toContain('a hold-out of 1 of 8 documents, 12.5% where 1% was asked, seed 1');
  });

  it('--brief keeps the notes: a p-value that cannot be reached qualifies the recommendation', async () => {
    const r = await plan(['--brief', '--samples', '10', '--top', '1']);
    expect(r.code).toBe(0);
    const notes = r.stdout.indexOf('Notes:');
    expect(notes).toBeGreaterThan(0);
    expect(r.stdout.slice(notes)).toContain('with 10 resamples no p-value is below 0.0909, so no selection can reach --alpha 0.05');
    expect(notes).toBeLessThan(r.stdout.indexOf('Recommendation'));
  });

  it('never recommends a procedure outside --max-size, --min-size or --budget, and says which baselines break them', async () => {
    const all = [...NAMES];
    // --max-size 2: the majority, the vote and ensemble selection take more than two systems.
    const small = await planJson(['--max-size', '2', '--top', '2']);
    expect(small.recommendation.members.length).toBeLessThanOrEqual(2);
    const outside = (r: PlanResult) => Object.fromEntries([r.selection, ...r.baselines].filter((p) => p.outside !== undefined).map((p) => [p.name, p.outside]));
    expect(outside(small)).toMatchObject({ 'majority-all': '5 members, above --max-size 2', 'vote-all': '5 members, above --max-size 2' });
    expect(small.selection.outside).toBeUndefined();
    expect(small.recommendation.basis.kind).toBe('within-limits');
    // The recommended procedure's own held-out figure stands beside it, not beside the leader's name.
    expect((small.recommendation as { reason?: string }).reason).toMatch(/^Neither vote-all nor majority-all is within the limits given, so of the procedures within them .+ \(held out [\d.]+ ± [\d.]+ \(sd over 5 splits\)\) is recommended: /);
    // --budget 3 with crf costing 5: every baseline that takes crf is over it.
    const cheap = await planJson(['--cost', 'crf=5', '--budget', '3', '--top', '2']);
    const cost = (members: string[]) => members.reduce((a, m) => a + (m === 'crf' ? 5 : 1), 0);
    expect(cost(cheap.recommendation.members)).toBeLessThanOrEqual(3);
    expect(outside(cheap)['vote-all']).toBe('cost 9, above --budget 3');
    // --min-size 2: the best single system is left out; the vote of all stays the reference.
    const pairs = await planJson(['--min-size', '2', '--top', '2']);
    expect(outside(pairs)).toEqual({ 'best-single': '1 member, below --min-size 2' });
    expect(pairs.recommendation.members.length).toBeGreaterThanOrEqual(2);
    // No limits: nothing is outside, and vote-all takes every system.
    const free = await planJson(['--top', '2']);
    expect(outside(free)).toEqual({});
    expect([...free.baselines.find((b) => b.name === 'vote-all')!.members].sort()).toEqual(all);
    // Without a held-out estimate the search's choice, within the limits, is recommended, and the words say so.
    const text = (await plan(['--max-size', '2', '--folds', '0', '--top', '2'])).stdout;
    expect(text).toContain('outside the limits given, so shown for reference and never recommended: majority-all (5 members, above --max-size 2)');
    expect(text).toMatch(/neither vote-all nor majority-all is within the limits given: recommending the search's choice \S+, on in-sample figures alone/);
  });

  it('--bootstrap 20: every procedure re-selected on each resample and scored out of bootstrap, deterministic', async () => {
    const a = await planJson(['--bootstrap', '20', '--top', '3']);
    expect((await planJson(['--bootstrap', '20', '--top', '3'])).raw).toBe(a.raw);
    const b = a.bootstrap!;
    expect(b).toMatchObject({ samples: 20, seed: 1, reselected: true, units: 'document', procedure: a.recommendation.procedure });
    expect(b.procedures.map((p) => p.name)).toEqual(['selection', 'best-single', 'majority-all', 'vote-all', 'caruana']);
    for (const p of b.procedures) {
      expect(p.low).toBeLessThanOrEqual(p.mean);
      expect(p.mean).toBeLessThanOrEqual(p.high);
    }
    const table = await plan(['--bootstrap', '20', '--top', '3']);
    expect(table.stdout).toContain('Bootstrap of the procedures (20 resamples of the documents, seed 1): every choice made again on each resample');
    const other = await planJson(['--bootstrap', '20', '--seed', '2', '--top', '3']);
    expect(other.bootstrap!.procedures).not.toEqual(b.procedures);
  });

  it('names a choice of one system by the system alone, in the recommendation, the splits and combine', async () => {
    const r = await plan(['--max-size', '1']);
    expect(r.code, r.stderr).toBe(0);
    // The search's choice and best-single are the same system: the one with no search is named.
    expect(r.stdout).toMatch(/^Recommendation \(best-single\): crf$/m);
    expect(r.stdout).toContain('The selection chose the same ensemble, crf, in every split.');
    expect(r.stdout).not.toMatch(/(union|intersection|majority|vote)\(crf\)/);
    const file = out('single.plan.json');
    expect((await plan(['--max-size', '1', '--save-plan', file])).code).toBe(0);
    const applied = await runCli(['combine', '--plan', file, ...CONLL, '--out', out('single.conll')]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toContain(`complan: crf (plan ${file}) → `);
  });

  it('--search caruana lists the ensembles along ensemble selection\'s path, weighted by how often each system was picked', async () => {
    const doc = await planJson(['--search', 'caruana', '--top', '5']);
    expect(doc.search.strategies).toContain('caruana');
    const caruana = doc.baselines.find((b) => b.name === 'caruana')!;
    expect(doc.candidates[0].members).toEqual(caruana.members);
    expect(doc.candidates[0].actual.f).toBe(caruana.planning.objective);
    for (const c of doc.candidates) {
      expect(['vote', 'weighted']).toContain(c.rule);
      if (c.rule === 'weighted') expect(Object.keys(c.weights!)).toEqual(c.members);
    }
    const bagged = await planJson(['--bags', '5', '--top', '1', '--folds', '0']);
    expect(bagged.search.bags).toBe(5);
    // The title counts the ensembles along the path it ranks, not the candidates scored, and no limits.
    expect(doc.search.eligible).toBeGreaterThan(5);
    const table = await plan(['--search', 'caruana', '--top', '5', '--folds', '0']);
    expect(table.stdout).toContain(`Candidates (top 5 of ${doc.search.eligible} along the selection's path, by actual objective, in-sample)`);
  });

  it('--search caruana --save-plan-choice top: the weighted vote, saved and applied, scores what the plan reported', async () => {
    const file = out('caruana.plan.json');
    const saving = await plan(['--search', 'caruana', '--top', '1', '--folds', '0', '--save-plan', file, '--save-plan-choice', 'top', '--format', 'json']);
    expect(saving.code, saving.stderr).toBe(0);
    const doc = JSON.parse(saving.stdout) as PlanResult;
    const top = doc.candidates[0];
    // One line says what was saved, and that it is not the recommendation.
    expect(saving.stderr).toBe(`complan: saved the top candidate, ${top.rule}(${top.members.join('+')}) (not the recommendation, ${doc.recommendation.procedure}) to ${file}\n`);
    const saved = JSON.parse(read(file)) as { rule: string; weights?: Record<string, number>; members: string[] };
    expect(saved).toMatchObject({ rule: top.rule, members: top.members });
    if (top.rule === 'weighted') expect(saved.weights).toEqual(top.weights);
    const applied = out('caruana.conll');
    const r = await runCli(['combine', '--plan', file, '--gold', GOLD, ...CONLL, '--out', applied]);
    expect(r.code, r.stderr).toBe(0);
    const e = await runCli(['eval', '--gold', GOLD, `caruana=${applied}`, '--format', 'json']);
    const s = (JSON.parse(e.stdout) as { systems: Array<{ tp: number; fp: number; fn: number }> }).systems[0];
    expect([s.tp, s.fp, s.fn]).toEqual([top.actual.tp, top.actual.fp, top.actual.fn]);
  });
});

describe('complan plan: costs and budget', () => {
  it('--budget lists only candidates costing at most the budget, the best of them first', async () => {
    const costs = ['--cost', 'crf=3,gazetteer=0.5'];
    const all = await planJson([...costs, '--top', '1000']);
    expect(all.candidates).toHaveLength(109);
    const within = await planJson([...costs, '--budget', '2', '--top', '1000']);
    expect(within.budget).toBe(2);
    expect(within.candidates.length).toBeGreaterThan(0);
    for (const c of within.candidates) {
      expect(c.cost, key(c)).toBeLessThanOrEqual(2);
      expect(c.withinBudget).toBe(true);
      expect(c.members).not.toContain('crf');
      const expected = c.members.reduce((s, m) => s + (m === 'crf' ? 3 : m === 'gazetteer' ? 0.5 : 1), 0);
      expect(c.cost).toBe(expected);
    }
    // Exactly the unbudgeted candidates that fit, in the same order.
    expect(within.candidates.map(key)).toEqual(all.candidates.filter((c) => c.cost <= 2).map(key));
    const top = await planJson([...costs, '--budget', '2', '--top', '3']);
    expect(top.candidates.map(key)).toEqual(within.candidates.slice(0, 3).map(key));
    // The table shows costs.
    const table = await plan([...costs, '--budget', '2', '--top', '3']);
    expect(table.stdout).toMatch(/#\s+members\s+rule\s+size\s+cost\s+pred F1/);
    expect(table.stdout).toContain('budget 2');
    // The title counts the candidates the budget leaves to rank, not every one scored.
    const fits = all.candidates.filter((c) => c.cost <= 2).length;
    expect(within.search.eligible).toBe(fits);
    expect(within.search.evaluated).toBe(124);
    expect(within.search.distinct).toBe(109);
    expect(all.search.eligible).toBe(109);
    expect(table.stdout).toContain('124 candidates evaluated (109 distinct) over 5 systems');
    expect(table.stdout).toContain(`Candidates (top 3 of the ${fits} within the limits given, of 109 distinct evaluated; by actual objective, in-sample)`);
    const every = await plan([...costs, '--budget', '2', '--top', '1000']);
    expect(every.stdout).toContain(`Candidates (all ${fits} within the limits given, of 109 distinct evaluated; by actual objective, in-sample)`);
    // The greedy path keeps within the budget too: it starts from the best single system within it
    // (crf, the best, costs 3) and adds only what fits.
    const cost = (members: readonly string[]) => members.reduce((s, m) => s + (m === 'crf' ? 3 : m === 'gazetteer' ? 0.5 : 1), 0);
    expect(within.greedyPath.length).toBeGreaterThan(0);
    for (const st of within.greedyPath) expect(cost(st.members), `${st.rule} ${st.step}`).toBeLessThanOrEqual(2);
    expect(within.greedyPath.filter((st) => st.step === 1).map((st) => st.added)).not.toContain('crf');
    // Without one, it starts from crf.
    expect(all.greedyPath.filter((st) => st.step === 1).every((st) => st.added === 'crf')).toBe(true);
  });

  it('the Pareto front names a single system without a rule', async () => {
    const r = await plan(['--budget', '3', '--folds', '0']);
    expect(r.code, r.stderr).toBe(0);
    const front = r.stdout.slice(r.stdout.indexOf('Pareto front')).split('\n\n')[0].split('\n').slice(3).map((l) => l.trim().split(/\s{2,}/));
    expect(front[0]).toEqual(['1', '89.81', 'crf', '—', '—']);
    expect(front.slice(1).every((row) => row[3] !== '—')).toBe(true);
    expect(r.stdout).toContain('A single system has no rule (—).');
  });

  it('--search beam under --budget scores only member sets within it', async () => {
    const costs = ['--cost', 'crf=3,gazetteer=0.5'];
    const beam = await planJson([...costs, '--search', 'beam', '--budget', '2', '--top', '1000', '--folds', '0']);
    expect(beam.search.strategies).toContain('beam');
    // Every candidate scored is within the budget: none left out of the ranking for its cost.
    expect(beam.search.distinct).toBe(beam.search.eligible);
    expect(beam.search.evaluated).toBeGreaterThan(beam.search.distinct);
    for (const c of beam.candidates) expect(c.cost, key(c)).toBeLessThanOrEqual(2);
    const open = await planJson([...costs, '--search', 'beam', '--top', '1000', '--folds', '0']);
    expect(open.search.evaluated).toBeGreaterThan(beam.search.evaluated);
  });

  it('a budget no candidate meets is a usage error', async () => {
    expect(await planError(['--budget', '0.5'], 1)).toContain('--budget: no candidate costs at most 0.5');
  });

  it('one system is a usage error: there is nothing to combine', async () => {
    const r = await runCli(['plan', '--gold', GOLD, CONLL[0]]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('complan: plan needs at least two systems: one leaves nothing to combine, every rule is that system alone (usage: complan plan --gold GOLD SYSTEM SYSTEM...)\n');
  });
});

describe('complan plan: --svg and --save-plan', () => {
  it('--svg writes a well-formed predicted-versus-actual scatter', async () => {
    const svg = out('scatter.svg');
    const r = await plan(['--svg', svg, '--top', '3']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Candidates (top 3 of 109');
    const text = read(svg);
    expect(text.startsWith('<svg') || text.startsWith('<?xml')).toBe(true);
    expect(text).toContain('</svg>');
    expect(text.trimEnd().endsWith('</svg>')).toBe(true);
    expectWellFormedSvg(text);
    const doc = await planJson(['--top', '3']);
    // The listed candidates are labelled.
    for (const c of doc.candidates) expect(text).toContain(key(c));
    // The recommendation, an evaluated candidate here, is ringed and named, as in the HTML report.
    expect(text).toContain('<g class="ring">');
    expect(text).toContain(`(${doc.recommendation.procedure})`);
    expect(text).toMatch(/Ringed in red: the recommendation, /);
  });

  it('--save-plan saves the recommendation, with how it was chosen', async () => {
    const file = out('recommended.plan.json');
    const r = await plan(['--save-plan', file, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as PlanResult;
    const rec = doc.recommendation;
    expect(r.stderr).toBe(`complan: saved the recommendation (${rec.procedure}), ${rec.rule} of ${rec.members.length} systems to ${file}\n`);
    const saved = JSON.parse(read(file)) as { rule: string; members: string[]; chosenBy: string; planning: { f: number } };
    expect(saved).toMatchObject({ rule: rec.rule, members: rec.members, chosenBy: rec.procedure });
    const p = [doc.selection, ...doc.baselines].find((x) => x.name === rec.procedure)!;
    expect(saved.planning.f).toBe(p.planning.scores.f);
    // Applied with gold (the embedded column), it scores what the plan reported for it.
    const applied = await runCli(['combine', '--plan', file, ...CONLL]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toContain(`F1 ${(100 * p.planning.scores.f).toFixed(2)}`);
  });

  it('--save-plan-choice top, then combine --plan without gold writes what combine --rule --systems writes', async () => {
    const file = out('winner.plan.json');
    const r = await plan(['--save-plan', file, '--save-plan-choice', 'top', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as PlanResult;
    const winner = doc.candidates[0];
    const saved = JSON.parse(read(file)) as { kind: string; rule: string; members: string[]; systems: string[]; planning: { f: number } };
    expect(saved).toMatchObject({ kind: 'complan-plan', rule: winner.rule, members: winner.members, systems: NAMES, chosenBy: 'top' });
    expect(saved.planning.f).toBe(winner.actual.f);
    const systems = ['--rule', winner.rule, '--systems', winner.members.join(',')];

    // JSONL system outputs, which hold no gold.
    const applied = out('applied.jsonl');
    const a = await runCli(['combine', '--plan', file, ...JSONL, '--out', applied]);
    expect(a.code, a.stderr).toBe(0);
    expect(a.stderr).toContain('no gold standard: not scored');
    const direct = out('direct.jsonl');
    const d = await runCli(['combine', '--gold', GOLD_JSONL, ...JSONL, ...systems, '--out', direct]);
    expect(d.code, d.stderr).toBe(0);
    expect(read(applied)).toBe(read(direct));
    expect(read(applied).length).toBeGreaterThan(0);

    // CoNLL system outputs, without --gold (their embedded gold column is carried along).
    const appliedConll = await runCli(['combine', '--plan', file, ...CONLL]);
    expect(appliedConll.code, appliedConll.stderr).toBe(0);
    const directConll = await runCli(['combine', ...CONLL, ...systems]);
    expect(directConll.code, directConll.stderr).toBe(0);
    expect(appliedConll.stdout).toBe(directConll.stdout);
    // Scored on that embedded gold, the applied plan gives the planned F1.
    expect(appliedConll.stderr).toContain(`F1 ${(100 * winner.actual.f).toFixed(2)}`);
  });
});

describe('complan plan: progress', () => {
  it('draws no progress bar when stderr is not a terminal', async () => {
    const r = await plan(['--folds', '2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    let stderr = '';
    const io: Io = { stdout: () => {}, stderr: (t) => { stderr += t; }, isTTY: false, stderrIsTTY: false, env: {} };
    expect(await run(['plan', '--gold', GOLD, ...CONLL, '--folds', '2'], io)).toBe(0);
    expect(stderr).toBe('');
  });

  it('draws one on a terminal stderr, and erases it before the report', async () => {
    let stderr = '';
    let stdout = '';
    const io: Io = { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, isTTY: false, stderrIsTTY: true, env: {} };
    expect(await run(['plan', '--gold', GOLD, ...CONLL], io)).toBe(0);
    expect(stderr).toMatch(/\rexhaustive \[[#.]{30}\] \d+% /);
    // Erased at the end: the last write blanks the line and returns to its start.
    expect(stderr).toMatch(/\r {10,}\r$/);
    expect(stdout).not.toContain('\r');
    expect(stdout).toContain('Candidates (');
  });

  it('progressLine: phase, a bar of 30, the percentage and the counts', () => {
    expect(progressLine('exhaustive', 0, 200)).toBe(`exhaustive [${'.'.repeat(30)}] 0% 0/200`);
    expect(progressLine('exhaustive', 100, 200)).toBe(`exhaustive [${'#'.repeat(15)}${'.'.repeat(15)}] 50% 100/200`);
    expect(progressLine('greedy', 4, 4)).toBe(`greedy [${'#'.repeat(30)}] 100% 4/4`);
    expect(progressLine('x', 1234, 65535)).toBe(`x [${'#'.repeat(1)}${'.'.repeat(29)}] 1% 1,234/65,535`);
    // The percentage rounds down, the bar to the nearest cell; never past full.
    expect(progressLine('p', 999, 1000, 10)).toBe(`p [${'#'.repeat(10)}] 99% 999/1,000`);
    expect(progressLine('p', 5, 3, 4)).toBe('p [####] 100% 5/3');
    expect(progressLine('p', 0, 0, 4)).toBe('p [####] 100% 0/0');
  });

  it('createProgress: nothing when stderr is not a terminal', () => {
    for (const stderrIsTTY of [false, undefined]) {
      const writes: string[] = [];
      const p = createProgress({ stdout: () => {}, stderr: (t) => writes.push(t), isTTY: true, stderrIsTTY, env: {} }, () => 0);
      p.update('exhaustive', 1, 10);
      p.update('exhaustive', 10, 10);
      p.end();
      expect(writes).toEqual([]);
    }
  });

  it('createProgress: redraws at most every 100 ms of the injected clock, always at the end, and erases', () => {
    const writes: string[] = [];
    let t = 1000;
    const p = createProgress({ stdout: () => {}, stderr: (x) => writes.push(x), isTTY: false, stderrIsTTY: true, env: {} }, () => t);
    // Nothing drawn yet: end() writes nothing.
    p.end();
    expect(writes).toEqual([]);
    p.update('fold 1: exhaustive', 1, 100);
    expect(writes).toEqual([`\r${progressLine('fold 1: exhaustive', 1, 100)}`]);
    t += 50;
    p.update('fold 1: exhaustive', 2, 100);
    t += 49;
    p.update('fold 1: exhaustive', 3, 100);
    expect(writes).toHaveLength(1);
    t += 1;
    p.update('fold 1: exhaustive', 4, 100);
    expect(writes).toHaveLength(2);
    expect(writes[1]).toBe(`\r${progressLine('fold 1: exhaustive', 4, 100)}`);
    // Completion is drawn even within the 100 ms.
    t += 10;
    p.update('fold 1: exhaustive', 100, 100);
    expect(writes).toHaveLength(3);
    expect(writes[2]).toBe(`\r${progressLine('fold 1: exhaustive', 100, 100)}`);
    // A shorter line pads over the rest of the longer one.
    t += 200;
    const longer = progressLine('fold 1: exhaustive', 100, 100);
    const shorter = progressLine('greedy', 1, 4);
    p.update('greedy', 1, 4);
    expect(writes[3]).toBe(`\r${shorter}${' '.repeat(longer.length - shorter.length)}`);
    // end() blanks what was shown and returns to the start of the line; a second end() is silent.
    p.end();
    expect(writes[4]).toBe(`\r${' '.repeat(shorter.length)}\r`);
    p.end();
    expect(writes).toHaveLength(5);
  });
});

describe('complan plan --types', () => {
  it('says the figures are of those types: the data line, the JSON\'s planning data, and the figure', async () => {
    const text = await runCli(['plan', '--gold', GOLD, ...CONLL, '--types', 'PER', '--folds', '0', '--svg', out('types.svg')]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/In-sample figures: the planning data \(all 8 documents, \d+ gold items of type PER\), which chose the candidates/);
    expect(read(out('types.svg'))).toMatch(/<desc>Actual values in-sample, on the planning data \(all 8 documents, \d+ gold items of type PER\)\. x: predicted F1/);
    const json = JSON.parse((await runCli(['plan', '--gold', GOLD, ...CONLL, '--types', 'PER,ORG', '--folds', '0', '--format', 'json'])).stdout) as PlanResult;
    expect(json.planningData.types).toEqual(['PER', 'ORG']);
    const all = JSON.parse((await runCli(['plan', '--gold', GOLD, ...CONLL, '--folds', '0', '--format', 'json'])).stdout) as PlanResult;
    expect(all.planningData.types).toBeUndefined();
    expect(all.planningData.goldItems).toBeGreaterThan(json.planningData.goldItems);
  });
});
