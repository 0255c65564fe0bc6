/**
 * `complan plan`'s prediction quality and `--explain`, run as a user runs them: the installed
 * command dist/cli/main.js on examples/news. The JSON carries `predictionQuality` always and
 * `explanations` with --explain; the table shows both blocks; Markdown and LaTeX carry them; bad
 * --explain values are one-line usage errors (exit 1, no stack trace). The figures are checked
 * against the plan's own candidates.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CandidateExplanation, PlanResult } from '../../src/plan/types.js';
import { ROOT } from './helpers.js';

const BIN = join(ROOT, 'dist/cli/main.js');
const GOLD = 'examples/news/gold.conll';
const SYSTEMS = readdirSync(join(ROOT, 'examples/news/systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => `examples/news/systems/${f}`);

function plan(args: string[]) {
  expect(existsSync(BIN), `${BIN} is missing: npm install builds it (or run npm run build)`).toBe(true);
  const p = spawnSync(process.execPath, [BIN, 'plan', '--gold', GOLD, ...SYSTEMS, '--folds', '0', ...args], {
    cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' },
  });
  return { code: p.status, stdout: p.stdout, stderr: p.stderr };
}

function json(args: string[]): PlanResult {
  const r = plan([...args, '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as PlanResult;
}

describe('complan plan: prediction quality (dist/cli/main.js, news example)', () => {
  it('is in every JSON plan: what it was measured on, per rule and per size, for the objective and F', () => {
    const r = json(['--top', '3']);
    const q = r.predictionQuality;
    expect(q.sample).toEqual({ inSample: true, memberSets: 31, of: 31, sampled: false, candidates: 124, exact: 50 });
    expect(q.byRule.map((g) => g.rule)).toEqual(['union', 'intersection', 'majority', 'vote']);
    for (const g of q.byRule) {
      expect(g.bySize.reduce((s, x) => s + x.candidates, 0)).toBe(g.candidates);
      for (const k of ['predicted', 'bestMember', 'meanMember'] as const) {
        expect(g.objective[k].mae).toBeGreaterThanOrEqual(0);
        expect(Math.abs(g.objective[k].bias!)).toBeLessThanOrEqual(g.objective[k].mae! + 1e-12);
      }
      // Objective F1: the F figures are the objective's.
      expect(g.f).toEqual(g.objective);
      // On this example the prediction beats both naive predictors for every rule.
      expect(g.objective.predicted.mae!).toBeLessThan(g.objective.bestMember.mae!);
      expect(g.objective.predicted.mae!).toBeLessThan(g.objective.meanMember.mae!);
    }
    expect(r.explanations).toBeUndefined();
  });

  it('shows a block after the rank agreement in the table, and a table in Markdown and LaTeX', () => {
    const t = plan(['--top', '3', '--objective', 'ser']);
    expect(t.code, t.stderr).toBe(0);
    const at = t.stdout.indexOf('Prediction quality (predicted against actual, in-sample on the planning data: 74 estimated candidates from all 31 member sets, 50 exact by construction left out)');
    expect(at).toBeGreaterThan(t.stdout.indexOf('Rank agreement'));
    const block = t.stdout.slice(at).split('\n\n')[0].split('\n');
    expect(block[1]).toMatch(/^rule\s+measure\s+n\s+MAE\s+bias\s+ρ\s+best MAE\s+best bias\s+best ρ\s+mean MAE\s+mean bias\s+mean ρ$/);
    // SER is not F: a row for the objective and one for F1 per rule.
    expect(block.slice(3, 11).map((l) => l.split(/\s+/).filter((x) => x !== '').slice(0, 3))).toEqual([
      ['union', 'SER', '16'], ['F1', '16', expect.any(String)], ['intersection', 'SER', '16'], ['F1', '16', expect.any(String)],
      ['majority', 'SER', '16'], ['F1', '16', expect.any(String)], ['vote', 'SER', '26'], ['F1', '26', expect.any(String)],
    ]);
    const md = plan(['--top', '3', '--format', 'markdown']);
    expect(md.stdout).toMatch(/### Prediction quality \(predicted against actual, in-sample/);
    expect(md.stdout).toMatch(/\| vote \| F1 \| 26 \|/);
    const tex = plan(['--top', '3', '--format', 'latex']);
    expect(tex.stdout).toMatch(/\\caption\{Prediction quality \(predicted against actual, in-sample/);
    expect(tex.stdout).toMatch(/best \$\\rho\$/);
  });
});

describe('complan plan --explain (dist/cli/main.js, news example)', () => {
  it('explains every listed candidate in JSON with the scores the plan lists, and a given rank alone', () => {
    const r = json(['--top', '3', '--explain']);
    expect(r.explanations!.map((e) => e.rank)).toEqual([1, 2, 3]);
    r.explanations!.forEach((e: CandidateExplanation, i) => {
      const c = r.candidates[i];
      expect([e.members, e.rule, e.predictedVia]).toEqual([c.members, c.rule, c.predictedVia]);
      expect(e.objective).toEqual({ actual: c.objective.actual, predicted: c.objective.predicted });
      expect(e.pairs).toHaveLength((c.size * (c.size - 1)) / 2);
      for (const m of e.contributions) expect(m.marginal).toBeCloseTo(c.objective.actual - m.without!.objective, 12);
    });
    expect(json(['--top', '3', '--explain', '2']).explanations!.map((e) => e.rank)).toEqual([2]);
  });

  it('appends the explanations after the plan in the table', () => {
    const t = plan(['--top', '3', '--explain', '1']);
    expect(t.code, t.stderr).toBe(0);
    const at = t.stdout.indexOf('Explanation of #1 vote(confuser+crf+gazetteer): F1 actual 96.72, predicted 95.25 (pairwise maximum entropy; in-sample)');
    expect(at).toBeGreaterThan(t.stdout.indexOf('Recommendation'));
    expect(t.stdout.slice(at)).toMatch(/^2\s+crf\s+89\.81\s+75\.00\s+\+21\.72$/m);
    expect(t.stdout.slice(at)).toMatch(/^1–2\s+126\s+5\s+1\s+1\s+97\.6\/88\.1\/92\.6\s+93\.8\/76\.2\/84\.1$/m);
    expect(t.stdout).not.toMatch(/Explanation of #2/);
  });

  it('refuses ranks that are not listed and values that are not ranks, in one line (exit 1)', () => {
    for (const [args, message] of [
      [['--top', '3', '--explain', '4'], 'complan: --explain 4: only 3 candidates are listed (--top 3)'],
      [['--top', '3', '--explain', '0'], 'complan: --explain takes ranks of listed candidates (1, or 1,3) or nothing for every listed one, got "0"'],
      [['--top', '3', '--explain', 'two'], 'got "two"'],
    ] as const) {
      const r = plan([...args]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toContain(message);
    }
    // A system file after --explain is taken as its value: the message says where to put it.
    const p = spawnSync(process.execPath, [BIN, 'plan', '--gold', GOLD, '--explain', ...SYSTEMS], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    expect(p.status).toBe(1);
    expect(p.stderr).toMatch(/^complan: --explain takes ranks .*got "examples\/news\/systems\/cautious\.conll"; to explain them all, give --explain after the systems\n$/);
  });
});
