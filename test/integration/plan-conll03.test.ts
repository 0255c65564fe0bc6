/**
 * `complan plan` over the twelve CoNLL-2003 systems (../shared/data/conll03-12sys, read at run
 * time, never copied), what it must do: `--top 3` lists three candidates whose winner
 * beats the best single system (flair-glove-lstmcrf, F1 93.02) and is at least as good as the
 * best subset an exhaustive search finds under union, intersection and majority; and
 * `--rules union,intersection --max-size 2` predicts every single system and pair exactly
 * (predicted == actual), with single-system counts equal to the data's reference table.
 * Skipped when the data is absent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlanResult } from '../../src/plan/types.js';
import { runCli } from '../cli/helpers.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const DATA = CONLL03_DIR;
const exists = conll03Present('plan-conll03');
const GOLD = join(DATA, 'gold.conll');
const files = exists
  ? readdirSync(DATA).sort().filter((f) => (f.endsWith('.conll') && f !== 'gold.conll') || f.endsWith('.jsonl')).map((f) => join(DATA, f))
  : [];
const NAMES = files.map((f) => basename(f).replace(/\.(conll|jsonl)$/, ''));
const GOLD_ENTITIES = 5648;
const BEST_SINGLE_F1 = 0.9302;

/** `complan plan --gold gold.conll <twelve systems> <args> --format json`, which must succeed. */
async function planJson(args: string[]): Promise<PlanResult> {
  const r = await runCli(['plan', '--gold', GOLD, ...files, ...args, '--format', 'json']);
  if (r.code !== 0) throw new Error(`complan plan exited ${r.code}: ${r.stderr}`);
  // No progress bar: stderr is not a terminal.
  expect(r.stderr).not.toContain('\r');
  return JSON.parse(r.stdout) as PlanResult;
}

/** TP, FP, FN by system from the README's reference table (strict span match, conlleval chunking). */
function referenceCounts(): Map<string, [number, number, number]> {
  const table = new Map<string, [number, number, number]>();
  for (const line of readFileSync(join(DATA, 'README.md'), 'utf8').split('\n')) {
    const m = /^\|\s*([a-z][\w-]*)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|/.exec(line);
    if (m !== null) table.set(m[1], [Number(m[2]), Number(m[3]), Number(m[4])]);
  }
  return table;
}

const key = (c: { members: string[]; rule: string }) => `${c.rule}(${c.members.join('+')})`;

describe.skipIf(!exists)('CoNLL-2003: plan over the twelve systems', () => {
  it('--top 3 lists three candidates whose winner beats the best single system (93.02) and every union, intersection and majority subset', async () => {
    expect(files).toHaveLength(12);
    const doc = await planJson(['--top', '3', '--folds', '0']);
    expect(doc.systems).toEqual(NAMES);
    expect(doc.candidates).toHaveLength(3);
    expect(doc.candidates.map((c) => c.rank)).toEqual([1, 2, 3]);
    // auto: 4,095 member sets are few enough to search exhaustively, under the four default rules.
    expect(doc.search.strategies).toContain('exhaustive');
    expect(doc.search.evaluated).toBe(4095 * 4);
    expect(doc.bestSingle.name).toBe('flair-glove-lstmcrf');
    expect(doc.bestSingle.objective).toBeCloseTo(BEST_SINGLE_F1, 4);
    const winner = doc.candidates[0];
    expect(winner.actual.f).toBeGreaterThan(BEST_SINGLE_F1);
    expect(winner.gain).toBeGreaterThan(0);
    expect(winner.actual.tp + winner.actual.fn).toBe(GOLD_ENTITIES);
    for (let i = 1; i < 3; i++) expect(doc.candidates[i].actual.f).toBeLessThanOrEqual(doc.candidates[i - 1].actual.f);

    // Every subset under union, intersection and majority, searched exhaustively.
    const exhaustive = await planJson(['--search', 'exhaustive', '--rules', 'union,intersection,majority', '--top', '1', '--folds', '0']);
    expect(exhaustive.search.requested).toBe('exhaustive');
    expect(exhaustive.search.strategies).toContain('exhaustive');
    expect(exhaustive.search.evaluated).toBe(4095 * 3);
    const best = exhaustive.candidates[0];
    expect(['union', 'intersection', 'majority']).toContain(best.rule);
    expect(best.actual.f).toBeGreaterThan(BEST_SINGLE_F1);
    expect(winner.actual.f).toBeGreaterThanOrEqual(best.actual.f);
    // The same candidate scores alike in both runs.
    if (key(winner) === key(best)) expect(winner.actual).toEqual(best.actual);
  });

  it('--rules union,intersection --max-size 2: 156 evaluated (12 singles + 66 pairs, × 2 rules), 144 distinct, each predicted exactly', async () => {
    const doc = await planJson(['--rules', 'union,intersection', '--max-size', '2', '--top', '1000', '--folds', '0']);
    expect(doc.rules).toEqual(['union', 'intersection']);
    expect(doc.search.evaluated).toBe(156);
    // A single system is the same candidate under both rules: listed once, under the first.
    expect(doc.search.distinct).toBe(144);
    expect(doc.candidates).toHaveLength(144);
    expect(new Set(doc.candidates.map(key)).size).toBe(144);
    for (const rule of ['union', 'intersection']) {
      const of = doc.candidates.filter((c) => c.rule === rule);
      expect(of.filter((c) => c.size === 1)).toHaveLength(rule === 'union' ? 12 : 0);
      expect(of.filter((c) => c.size === 2)).toHaveLength(66);
    }
    for (const c of doc.candidates) {
      expect(c.predictedVia, key(c)).toBe('exact');
      for (const k of ['tp', 'fp', 'fn', 'precision', 'recall', 'f', 'ser', 'k'] as const) {
        expect(c.predicted[k], `${key(c)} ${k}`).toBe(c.actual[k]);
      }
      expect(c.predicted, key(c)).toEqual(c.actual);
      expect(c.actual.tp + c.actual.fn).toBe(GOLD_ENTITIES);
    }
    // All exact by construction: the rank agreement leaves them out and has nothing left to compare.
    expect(doc.rankAgreement).toMatchObject({ candidates: 0, excluded: { exact: 156, duplicates: 0 } });

    // Each single system's counts are the reference table's (under either rule).
    const reference = referenceCounts();
    expect([...reference.keys()].sort()).toEqual([...NAMES].sort());
    for (const c of doc.candidates.filter((x) => x.size === 1)) {
      const [name] = c.members;
      expect([c.actual.tp, c.actual.fp, c.actual.fn], `${c.rule} ${name}`).toEqual(reference.get(name));
    }
  });
});
