/**
 * A system given as the gold standard's own file (a glob such as dir/*.conll catches
 * dir/gold.conll), or a copy of it, scores as perfect: eval, compare and ablate warn (eval's
 * JSON too), combine and plan refuse; any other system predicting exactly the gold items gets a
 * warning everywhere; and plan warns when its test set is its planning data.
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';

const GOLD = 'examples/news/gold.conll';
const CRF = 'examples/news/systems/crf.conll';
const SLOPPY = 'examples/news/systems/sloppy.conll';
const WARNING = /^complan: warning: the system "gold" is the gold standard's own file \(examples\/news\/gold\.conll\) and scores as perfect; leave it out of the systems/m;
const COPY = join(mkdtempSync(join(tmpdir(), 'complan-gold-copy-')), 'copy.conll');
copyFileSync(GOLD, COPY);
const GOLD_JSONL = 'examples/news/jsonl/gold.jsonl';

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

  it('eval warns in its JSON too, for the file, a copy of it, and the same items under another name', async () => {
    const r = await runCli(['eval', '--gold', GOLD, CRF, GOLD, COPY, `twin=${GOLD_JSONL}`, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const warnings = Object.fromEntries((JSON.parse(r.stdout) as { systems: Array<{ name: string; warnings: string[] }> }).systems.map((s) => [s.name, s.warnings]));
    expect(warnings).toEqual({
      crf: [],
      gold: ['the system "gold" is the gold standard\'s own file (examples/news/gold.conll) and scores as perfect; leave it out of the systems (a glob such as dir/*.conll catches dir/gold.conll)'],
      copy: [`the system "copy" (${COPY}) is a copy of the gold standard (${GOLD}: the same bytes) and scores as perfect; leave it out of the systems (a glob such as dir/*.conll catches dir/gold.conll)`],
      twin: [`the system "twin" (${GOLD_JSONL}) predicts exactly the gold standard's 184 items and scores as perfect: is it the gold standard under another name?`],
    });
    // Each once on standard error.
    expect(r.stderr.split('\n').filter((l) => l.startsWith('complan: warning:'))).toHaveLength(3);
  });

  it('plan warns about (but keeps) a copy of the gold file and a system with the gold items', async () => {
    for (const sys of [COPY, `twin=${GOLD_JSONL}`]) {
      const r = await runCli(['plan', '--gold', GOLD, CRF, SLOPPY, sys, '--folds', '0', '--format', 'json']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(/^complan: warning: the system "(copy|twin)" \(.*\) (is a copy of the gold standard|predicts exactly the gold standard's 184 items)/m);
      const best = (JSON.parse(r.stdout) as { candidates: Array<{ members: string[] }> }).candidates[0].members;
      expect(best).toEqual([sys === COPY ? 'copy' : 'twin']);
    }
  });

  it('combine refuses it: the ensemble would vote with the gold standard itself', async () => {
    const r = await runCli(['combine', '--gold', GOLD, CRF, SLOPPY, `./${GOLD}`, '--rule', 'vote']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`complan: the system "gold" is the --gold file (./${GOLD}): the ensemble would vote with the gold standard itself; leave it out of the systems (a glob such as dir/*.conll catches dir/gold.conll)\n`);
  });

  it('plan refuses a --test-gold that is the --gold file: its figures would be in-sample, not a test', async () => {
    const r = await runCli(['plan', '--gold', GOLD, CRF, SLOPPY, '--test-gold', GOLD, '--test', CRF, SLOPPY, '--folds', '0']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`complan: --test-gold ${GOLD} is the planning gold file: a test set must be data the plan does not see (its figures would be in-sample); give the test set's own gold standard, or leave --test out\n`);
  });

  it('plan refuses a --test-gold that holds the planning gold\'s annotations in another file (JSONL for CoNLL)', async () => {
    const news = join(ROOT, 'examples/news');
    const systems = ['crf', 'sloppy'];
    const r = await runCli(['plan', '--gold', join(news, 'gold.conll'), ...systems.map((n) => join(news, 'systems', `${n}.conll`)), '--folds', '0',
      '--test-gold', join(news, 'jsonl', 'gold.jsonl'), '--test', ...systems.map((n) => join(news, 'jsonl', `${n}.jsonl`))]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`complan: --test-gold ${join(news, 'jsonl', 'gold.jsonl')} holds the same annotations as the planning data (${join(news, 'gold.conll')}: the same spans and labels): `
      + 'a test set must be data the plan does not see (its figures would be in-sample); give the test set\'s own gold standard, or leave --test out\n');
    // Without --test-gold the test set's gold is the first --test file's embedded gold column, named so.
    const embedded = await runCli(['plan', '--gold', join(news, 'gold.conll'), ...systems.map((n) => join(news, 'systems', `${n}.conll`)), '--folds', '0',
      '--test', join(news, 'systems', 'confuser.conll'), ...systems.map((n) => join(news, 'systems', `${n}.conll`))]);
    expect(embedded.code).toBe(1);
    expect(embedded.stderr).toMatch(new RegExp(`^complan: the embedded gold of --test ${join(news, 'systems', 'confuser.conll').replace(/[.*+?^$()|[\]\\/]/g, '\\$&')} holds the same annotations as the planning data`));
  });
});
