/**
 * The library example (examples/library.mjs), run as a user runs it after `npm install`: it must
 * run, and print what the library computes in-process.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_OPTIONS, evaluate, loadCorpus, parseObjective, parseSystemArg, plan } from '../src/index.js';

const ROOT = join(import.meta.dirname, '..');
const NEWS = join(ROOT, 'examples/news');

describe('examples/library.mjs', () => {
  it('runs and prints the scores, the ensemble and the plan the library computes', () => {
    const p = spawnSync(process.execPath, [join(ROOT, 'examples/library.mjs')], { cwd: ROOT, encoding: 'utf8' });
    expect(p.stderr).toBe('');
    expect(p.status).toBe(0);
    const systems = readdirSync(join(NEWS, 'systems')).filter((f) => f.endsWith('.conll')).sort();
    const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems: systems.map((f) => parseSystemArg(join(NEWS, 'systems', f))) });
    for (const s of evaluate(corpus).systems) expect(p.stdout).toContain(`${s.name.padEnd(10)} F1 ${(100 * s.f).toFixed(2)}`);
    const top = plan(corpus, { objective: parseObjective('f1'), top: 1, folds: 0 }).candidates[0];
    expect(p.stdout).toContain(`#1 ${top.rule}(${top.members.join('+')}) F1 ${(100 * top.objective.actual).toFixed(2)}`);
    // Without folds nothing is held out: the recommendation says why it is what it is.
    const rec = plan(corpus, { objective: parseObjective('f1'), top: 1, folds: 0 }).recommendation;
    expect(rec.basis.kind).toBe('no-held-out');
    expect(p.stdout).toContain(`recommended: ${rec.procedure} (no-held-out)\n`);
  });

  it('is what docs/library.md shows', () => {
    const p = spawnSync(process.execPath, [join(ROOT, 'examples/library.mjs')], { cwd: ROOT, encoding: 'utf8' });
    const doc = readFileSync(join(ROOT, 'docs/library.md'), 'utf8');
    expect(doc).toContain(p.stdout.trim());
  });
});
