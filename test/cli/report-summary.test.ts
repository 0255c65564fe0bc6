/**
 * The report's summary is the planner's honest selection, not a figure of its own: its sentence
 * names plan's recommendation with plan's held-out mean, sd and splits, and its small table gives
 * each procedure's in-sample and held-out score and the recommendation's paired difference,
 * interval and p exactly as `plan --format json` reports them for the same inputs and options.
 * On the news example (two settings) and on the twelve CoNLL-2003 systems when present. Likewise
 * its ablation section holds ablate's own table rows for the same baseline.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';
import { ROOT, runCli } from './helpers.js';
import { pText as sharedPText } from '../../src/report/number.js';

const temp = mkdtempSync(join(tmpdir(), 'complan-report-summary-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

interface Procedure { name: string; members: string[]; planning: { objective: number }; heldOut?: { mean: number; sd: number | null } }
interface PlanJson {
  selection: Procedure;
  baselines: Procedure[];
  recommendation: {
    procedure: string;
    heldOut: { mean: number; sd: number | null; folds: number } | null;
    vsBaselines: Array<{ name: string; meanDiff: number; ci95: [number, number]; p: number }>;
  };
}

const pct = (x: number) => (x * 100).toFixed(2);
const signed = (x: number) => {
  const s = (x * 100).toFixed(2);
  return s.startsWith('-') || /^0\.00$/.test(s) ? s : `+${s}`;
};
// Two decimals from 0.1, three below, as every table shows a p-value.
// p-values as every table shows them (an exact 1/16 is 0.0625, never rounded below itself).
const pText = (p: number) => sharedPText(p);
const unescape = (s: string) => s.replace(/&#39;/g, '\'').replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The summary's sentence and its table's rows (cells as text) from the page. */
function summaryOf(html: string): { sentence: string; rows: string[][] } {
  const sentence = unescape(/<p class="verdict">(.*?)<\/p>/.exec(html)![1]);
  const table = /<table class="data" id="summary-table">(.*?)<\/table>/s.exec(html)![1];
  const body = /<tbody>(.*)<\/tbody>/s.exec(table)![1];
  const rows = [...body.matchAll(/<tr>(.*?)<\/tr>/gs)].map((m) => [...m[1].matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((c) => unescape(c[1])));
  return { sentence, rows };
}

async function expectSummaryIsPlans(name: string, args: string[]): Promise<void> {
  const file = join(temp, `${name}.html`);
  const r = await runCli(['report', '--html', file, ...args]);
  expect(r.code, r.stderr).toBe(0);
  const p = await runCli(['plan', '--format', 'json', ...args]);
  expect(p.code, p.stderr).toBe(0);
  const plan = JSON.parse(p.stdout) as PlanJson;
  const { sentence, rows } = summaryOf(readFileSync(file, 'utf8'));
  const rec = plan.recommendation;
  const all = [plan.selection, ...plan.baselines];
  expect(sentence).toContain(`(${rec.procedure}): held-out F1 ${pct(rec.heldOut!.mean)} ± ${pct(rec.heldOut!.sd!)} (sd over ${rec.heldOut!.folds} splits), against `);
  for (const b of all.filter((x) => x.name !== rec.procedure && x.name !== 'selection')) expect(sentence).toContain(`${b.name} ${pct(b.heldOut!.mean)}`);
  expect(rows).toHaveLength(all.length);
  const vs = new Map(rec.vsBaselines.map((c) => [c.name, c]));
  for (const row of rows) {
    const recommended = row[0].endsWith(' (recommended)');
    const proc = all.find((x) => x.name === row[0].replace(' (recommended)', ''))!;
    expect(proc, row[0]).toBeDefined();
    expect(recommended).toBe(proc.name === rec.procedure);
    expect(row[2]).toBe(pct(proc.planning.objective));
    expect(row[3]).toBe(pct(proc.heldOut!.mean));
    if (recommended) {
      expect(row.slice(4)).toEqual(['·', '—', '—']);
      continue;
    }
    const c = vs.get(proc.name)!;
    expect(row.slice(4)).toEqual([signed(c.meanDiff), `${signed(c.ci95[0])} to ${signed(c.ci95[1])}`, pText(c.p)]);
  }
}

const news = (...extra: string[]) => ['--gold', join(ROOT, 'examples/news/gold.conll'), ...['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'].map((s) => join(ROOT, `examples/news/systems/${s}.conll`)), ...extra];

describe('the report\'s summary is plan\'s recommendation', () => {
  it('on the news example with plan\'s defaults', async () => {
    await expectSummaryIsPlans('news', news());
  });

  it('on the news example with three folds, 200 resamples and another seed', async () => {
    await expectSummaryIsPlans('news-3', news('--folds', '3', '--samples', '200', '--seed', '2'));
  });

  const conll = conll03Present('report-summary');
  it.skipIf(!conll)('on the twelve CoNLL-2003 systems', async () => {
    const files = readdirSync(CONLL03_DIR).filter((f) => (f.endsWith('.conll') && f !== 'gold.conll') || f.endsWith('.jsonl')).sort();
    await expectSummaryIsPlans('conll03', ['--gold', join(CONLL03_DIR, 'gold.conll'), ...files.map((f) => join(CONLL03_DIR, f))]);
  }, 120_000);
});

describe('the report\'s ablation section is ablate\'s', () => {
  it('holds every row of ablate\'s tables for the same baseline (the ablation example)', async () => {
    const dir = join(ROOT, 'examples/ablation');
    const args = ['--gold', join(dir, 'gold.conll'), ...['baseline', 'no-casing', 'no-gazetteer'].map((s) => join(dir, `${s}.conll`)), '--baseline', 'baseline'];
    const file = join(temp, 'ablation.html');
    const r = await runCli(['report', '--html', file, ...args]);
    expect(r.code, r.stderr).toBe(0);
    const a = await runCli(['ablate', ...args]);
    expect(a.code, a.stderr).toBe(0);
    const lines = new Set(a.stdout.split('\n').map((l) => l.trim().replace(/\s+/g, ' ')).filter((l) => l !== ''));
    const section = /<section id="ablation".*?<\/section>/s.exec(readFileSync(file, 'utf8'))![0];
    const rows = [...section.matchAll(/<tbody>(.*?)<\/tbody>/gs)].flatMap((b) => [...b[1].matchAll(/<tr>(.*?)<\/tr>/gs)])
      .map((m) => [...m[1].matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/gs)].map((c) => unescape(c[1].replace(/<[^>]*>/g, ''))).join(' ').replace(/\s+/g, ' ').trim());
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(lines.has(row), row).toBe(true);
    // Like the Systems section, it says first what it is measured on.
    expect(section).toMatch(/<h2 id="ablation-h">[^<]*<\/h2><p class="note">Measured on all 8 documents of [^<]*gold\.conll: the planning data, which chose the plan, so in-sample\.<\/p>/);
  });
});
