/**
 * `plan` with more than 30 systems, on invented corpora written here: a system at index 40 (in
 * the member sets' high word) that is far better than the others is chosen, and is named right
 * in the JSON, the explanation, the greedy path and the saved plan, which `combine --plan`
 * applies with the plan's own scores, and in the scatter and the HTML report; exhaustive search above 30 systems and more than 64
 * systems are one-line usage errors (exit 1).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeManySystems } from '../helpers/many-systems.js';
import { runCli } from './helpers.js';

const files = writeManySystems(41, 20, 13);
// System 40 is the gold standard with one entity given another type: far ahead of the others.
const strong = files.systems[40];
{
  const lines = readFileSync(files.gold, 'utf8').split('\n');
  const at = lines.findIndex((l) => / B-PER$/.test(l));
  lines[at] = lines[at].replace(/B-PER$/, 'B-LOC');
  for (let i = at + 1; / I-PER$/.test(lines[i]); i++) lines[i] = lines[i].replace(/I-PER$/, 'I-LOC');
  writeFileSync(strong, lines.join('\n'));
}
const many = writeManySystems(65, 4, 17);
const out = join(files.dir, 'out');
afterAll(() => {
  rmSync(files.dir, { recursive: true, force: true });
  rmSync(many.dir, { recursive: true, force: true });
});

const BASE = ['plan', '--gold', files.gold, ...files.systems];

describe('plan with 41 systems', () => {
  it('chooses system 40 and names it in the JSON, the greedy path, the explanation and the saved plan, which combine applies', async () => {
    const plan = join(files.dir, 'top.json');
    const r = await runCli([...BASE, '--search', 'greedy', '--rules', 'union,majority,vote', '--folds', '2', '--samples', '100',
      '--format', 'json', '--explain', '1', '--save-plan', plan, '--save-plan-choice', 'top']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.systems).toHaveLength(41);
    expect(j.systems[40]).toBe('sys40');
    expect(j.bestSingle.name).toBe('sys40');
    expect(j.greedyPath[0].added).toBe('sys40');
    expect(j.greedyPath[0].members).toEqual(['sys40']);
    const top = j.candidates[0];
    expect(top.members).toContain('sys40');
    expect(j.explanations[0].members).toEqual(top.members);
    expect(j.explanations[0].contributions.map((c: { name: string }) => c.name)).toEqual(top.members);
    // Every held-out fold found system 40 too.
    for (const split of j.heldOut.splits) expect(split.chosen.members).toContain('sys40');
    const saved = JSON.parse(readFileSync(plan, 'utf8'));
    expect(saved.members).toEqual(top.members);
    expect(saved.rule).toBe(top.rule);
    const c = await runCli(['combine', '--gold', files.gold, ...files.systems, '--plan', plan, '--out', out]);
    expect(c.code, c.stderr).toBe(0);
    const f1 = /F1 ([\d.]+)/.exec(c.stderr)?.[1];
    expect(f1).toBe((100 * top.actual.f).toFixed(2));
  });

  it('draws the scatter and writes the HTML report, naming system 40 where the candidates are listed', async () => {
    const svg = join(files.dir, 'scatter.svg');
    const html = join(files.dir, 'report.html');
    const p = await runCli([...BASE, '--folds', '0', '--svg', svg]);
    expect(p.code, p.stderr).toBe(0);
    expect(readFileSync(svg, 'utf8')).toMatch(/<svg[\s\S]*sys40[\s\S]*<\/svg>\s*$/);
    const r = await runCli(['report', '--gold', files.gold, ...files.systems, '--folds', '2', '--samples', '100', '--html', html]);
    expect(r.code, r.stderr).toBe(0);
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('sys40');
    expect(page).toContain('41 systems');
  });

  it('refuses exhaustive search in one usage line naming the searches that work', async () => {
    const r = await runCli([...BASE, '--search', 'exhaustive', '--folds', '0']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('complan: --search exhaustive takes at most 30 systems, got 41; use --search greedy|beam|guided\n');
  });

  it('auto does not search exhaustively, even within its limit of member sets', async () => {
    const r = await runCli([...BASE, '--max-size', '1', '--folds', '0', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).search.strategies).not.toContain('exhaustive');
  });
});

describe('plan with 65 systems', () => {
  it('is a one-line usage error', async () => {
    const r = await runCli(['plan', '--gold', many.gold, ...many.systems]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('complan: the planner takes at most 64 systems, got 65; choose some with fewer inputs\n');
  });
});
