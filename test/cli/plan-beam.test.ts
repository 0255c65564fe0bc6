/**
 * `--beam` is a beam search's width: `plan` and `report` refuse it, before reading anything, with
 * a search that reads no beam width, and take it with `--search beam` and `auto` (which ends with
 * a beam search when there are too many member sets to try them all).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';

const GOLD = 'examples/news/gold.conll';
const SYSTEMS = readdirSync(join(ROOT, 'examples/news/systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => `examples/news/systems/${f}`);

describe('--beam without a beam search', () => {
  it('is a one-line usage error, exit 1, for every search that reads no beam width (plan and report)', async () => {
    for (const command of [['plan'], ['report', '--html', '-']]) {
      for (const search of ['exhaustive', 'greedy', 'guided', 'caruana']) {
        const r = await runCli([...command, '--gold', GOLD, ...SYSTEMS, '--search', search, '--beam', '3']);
        expect(r.code, r.stderr).toBe(1);
        expect(r.stdout).toBe('');
        expect(r.stderr).toBe(`complan: --beam applies to --search beam (and auto, which ends with a beam search when there are too many member sets to try them all), not --search ${search}\n`);
      }
    }
  });

  it('is taken with --search beam, where the report names the width, and with auto', async () => {
    const beam = await runCli(['plan', '--gold', GOLD, ...SYSTEMS, '--search', 'beam', '--beam', '2', '--folds', '0']);
    expect(beam.code, beam.stderr).toBe(0);
    expect(beam.stdout).toContain('beam width 2');
    const auto = await runCli(['plan', '--gold', GOLD, ...SYSTEMS, '--beam', '2', '--folds', '0']);
    expect(auto.code, auto.stderr).toBe(0);
    // Five systems: auto tries every member set, and no beam search runs.
    expect(auto.stdout).not.toContain('beam width');
  });

  it('is not refused when left at its default, whatever the search', async () => {
    const r = await runCli(['plan', '--gold', GOLD, ...SYSTEMS, '--search', 'greedy', '--folds', '0']);
    expect(r.code, r.stderr).toBe(0);
  });
});
