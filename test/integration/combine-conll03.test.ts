/**
 * Ensembles of the twelve CoNLL-2003 systems (../shared/data/conll03-12sys, read at run time,
 * never copied). `vote` over all twelve scores F1 about 93.6 against the best single
 * system's 93.02 (the SpanNER study's headline). Skipped when the data is absent.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evalJson, runCli, system } from '../cli/helpers.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const DATA = CONLL03_DIR;
const exists = conll03Present('combine-conll03');
const GOLD = join(DATA, 'gold.conll');
const files = exists
  ? readdirSync(DATA).sort().filter((f) => (f.endsWith('.conll') && f !== 'gold.conll') || f.endsWith('.jsonl')).map((f) => join(DATA, f))
  : [];
const dir = mkdtempSync(join(tmpdir(), 'complan-conll03-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!exists)('CoNLL-2003: combine over the twelve systems', () => {
  it('vote gives F1 ≈ 93.6, above the best single system (93.02), scored by eval from the written file', async () => {
    expect(files).toHaveLength(12);
    const out = join(dir, 'vote.conll');
    const r = await runCli(['combine', '--gold', GOLD, ...files, '--rule', 'vote', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const e = await evalJson(['--gold', GOLD, `vote=${out}`]);
    const f = system(e, 'vote').f!;
    expect(f).toBeGreaterThan(0.9302);
    expect(Math.abs(f - 0.936)).toBeLessThan(0.002);
    expect(r.stderr).toContain(`F1 ${(100 * f).toFixed(2)}`);
  });

  it('union of one system round-trips through JSONL, nested spans kept', async () => {
    for (const name of ['spanner-generic', 'flair-glove-lstmcrf']) {
      const base = system(await evalJson(['--gold', GOLD, ...files]), name);
      const out = join(dir, `${name}.jsonl`);
      const r = await runCli(['combine', '--gold', GOLD, ...files, '--rule', 'union', '--systems', name, '--out', out]);
      expect(r.code, r.stderr).toBe(0);
      const again = system(await evalJson(['--gold', GOLD, `${name}=${out}`]), name);
      expect([again.tp, again.fp, again.fn]).toEqual([base.tp, base.fp, base.fn]);
    }
  });

  it('majority and intersection trade recall for precision against union', async () => {
    const score = async (rule: string) => {
      const out = join(dir, `${rule}.jsonl`);
      expect((await runCli(['combine', '--gold', GOLD, ...files, '--rule', rule, '--out', out])).code).toBe(0);
      return system(await evalJson(['--gold', GOLD, `x=${out}`]), 'x');
    };
    const union = await score('union');
    const majority = await score('majority');
    const inter = await score('intersection');
    expect(union.recall!).toBeGreaterThan(majority.recall!);
    expect(majority.recall!).toBeGreaterThan(inter.recall!);
    expect(inter.precision!).toBeGreaterThan(majority.precision!);
    expect(majority.precision!).toBeGreaterThan(union.precision!);
  });
});
