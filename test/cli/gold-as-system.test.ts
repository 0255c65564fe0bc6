/**
 * A system given as the gold standard's own file (a glob such as dir/*.conll catches
 * dir/gold.conll) scores as perfect: eval, compare and ablate warn, combine and plan refuse, and
 * plan warns when its test set is its planning data.
 */
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

const GOLD = 'examples/news/gold.conll';
const CRF = 'examples/news/systems/crf.conll';
const SLOPPY = 'examples/news/systems/sloppy.conll';
const WARNING = /^complan: warning: the system "gold" is the --gold file \(examples\/news\/gold\.conll\) and scores as perfect; leave it out of the systems/m;

describe('the gold standard among the systems', () => {
  it('eval and compare warn, and still run', async () => {
    for (const command of ['eval', 'compare']) {
      const r = await runCli([command, '--gold', GOLD, CRF, GOLD]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(WARNING);
    }
    const clean = await runCli(['eval', '--gold', GOLD, CRF, SLOPPY]);
    expect(clean.stderr).not.toContain('warning');
  });

  it('combine refuses it: the ensemble would vote with the gold standard itself', async () => {
    const r = await runCli(['combine', '--gold', GOLD, CRF, SLOPPY, `./${GOLD}`, '--rule', 'vote']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`complan: the system "gold" is the --gold file (./${GOLD}): the ensemble would vote with the gold standard itself; leave it out of the systems (a glob such as dir/*.conll catches dir/gold.conll)\n`);
  });

  it('plan warns when --test-gold is the --gold file', async () => {
    const r = await runCli(['plan', '--gold', GOLD, CRF, SLOPPY, '--test-gold', GOLD, '--test', CRF, SLOPPY, '--folds', '0']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('complan: warning: --test-gold is the --gold file: the test figures are measured on the planning data, so they are in-sample, not held out');
  });
});
