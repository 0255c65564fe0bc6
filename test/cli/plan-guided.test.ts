/**
 * `complan plan --search guided` as a user runs it — the installed command, dist/cli/main.js,
 * in its own process — on examples/news: the JSON says what ran and with which budget, the
 * guided search adds at most its seeds and budget per rule to greedy's candidates, the size
 * range holds, the output is the sources' byte for byte, and a bad --guided-budget is a one-line
 * usage error (exit 1).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlanResult } from '../../src/plan/types.js';
import { ROOT, runCli } from './helpers.js';

const BIN = join(ROOT, 'dist/cli/main.js');
const GOLD = 'examples/news/gold.conll';
const SYSTEMS = readdirSync(join(ROOT, 'examples/news/systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => `examples/news/systems/${f}`);

function bin(args: string[]) {
  expect(existsSync(BIN), `${BIN} is missing: npm install builds it (or run npm run build)`).toBe(true);
  const p = spawnSync(process.execPath, [BIN, 'plan', '--gold', GOLD, ...SYSTEMS, ...args], { cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
  return { code: p.status, stdout: p.stdout, stderr: p.stderr };
}

function json(args: string[]): PlanResult {
  const r = bin([...args, '--folds', '0', '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as PlanResult;
}

const key = (c: PlanResult['candidates'][number]) => `${c.rule}(${c.members.join('+')})`;

describe('complan plan --search guided (dist/cli/main.js)', () => {
  it('runs greedy then the guided search; with a budget covering the five systems\' space, lists what exhaustive search lists', () => {
    const guided = json(['--search', 'guided', '--top', '5']);
    expect(guided.search.requested).toBe('guided');
    expect(guided.search.strategies).toEqual(['greedy', 'guided']);
    expect(guided.search.guidedBudget).toBe(200);
    const all = json(['--search', 'exhaustive', '--top', '5']);
    expect(all.search.guidedBudget).toBeUndefined();
    expect(guided.candidates.map(key)).toEqual(all.candidates.map(key));
    expect(guided.candidates.map((c) => c.actual.f)).toEqual(all.candidates.map((c) => c.actual.f));
  });

  it('adds at most the single systems and --guided-budget candidates per rule to greedy\'s, all within --min-size..--max-size', () => {
    const range = ['--min-size', '2', '--max-size', '4', '--top', '50'];
    const greedy = json(['--search', 'greedy', ...range]);
    const guided = json(['--search', 'guided', '--guided-budget', '3', ...range]);
    expect(guided.search.guidedBudget).toBe(3);
    expect(guided.search.evaluated).toBeGreaterThan(greedy.search.evaluated);
    // Per rule: the five single systems (its seeds, which greedy may not all have scored) and the budget.
    expect(guided.search.evaluated).toBeLessThanOrEqual(greedy.search.evaluated + (5 + 3) * guided.rules.length);
    for (const c of guided.candidates) {
      expect(c.size).toBeGreaterThanOrEqual(2);
      expect(c.size).toBeLessThanOrEqual(4);
    }
    const table = bin(['--search', 'guided', '--guided-budget', '3', '--folds', '0', '--top', '3']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('search greedy then guided, guided budget 3 per rule');
  });

  it('prints what the sources print, byte for byte', async () => {
    const args = ['--search', 'guided', '--guided-budget', '7', '--rules', 'majority,kofn:3,vote', '--folds', '2', '--samples', '50', '--format', 'json'];
    const want = await runCli(['plan', '--gold', GOLD, ...SYSTEMS, ...args]);
    expect(want.code, want.stderr).toBe(0);
    const got = bin(args);
    expect(got.stderr).toBe(want.stderr);
    expect(got.stdout).toBe(want.stdout);
  });

  it('a bad --guided-budget, or one without --search guided, is a one-line usage error (exit 1)', () => {
    for (const [args, message] of [
      [['--search', 'guided', '--guided-budget', '0'], '--guided-budget expects an integer ≥ 1, got "0"'],
      [['--search', 'guided', '--guided-budget', '-4'], '--guided-budget expects an integer ≥ 1, got "-4"'],
      [['--search', 'guided', '--guided-budget', '2.5'], '--guided-budget expects an integer ≥ 1, got "2.5"'],
      [['--search', 'guided', '--guided-budget', 'many'], '--guided-budget expects an integer ≥ 1, got "many"'],
      [['--guided-budget', '50'], '--guided-budget applies to --search guided'],
    ] as const) {
      const r = bin([...args]);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`complan: ${message}\n`);
    }
  });
});
