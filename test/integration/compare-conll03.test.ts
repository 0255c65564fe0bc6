/**
 * `complan compare` on the CoNLL-2003 test set with twelve real systems
 * (../shared/data/conll03-12sys, read at run time, never copied: the text is Reuters-licensed).
 * Every one of the 132 ordered pairs must satisfy the exact complementarity identities against the
 * pair's own counts. Skipped when the data is absent.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { evalJson, runCli, system, type EvalJson } from '../cli/helpers.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const DATA = CONLL03_DIR;
const exists = conll03Present('compare-conll03');

interface Pair {
  a: string; b: string; rComp: number | null; pComp: number | null;
  bothCorrect: number; onlyACorrect: number; onlyBCorrect: number; bothMissed: number; bothWrong: number; onlyAWrong: number;
}
interface CompareDoc {
  goldItems: number; systems: string[]; pairs: Pair[];
  counts: Array<{ name: string; tp: number; fp: number; fn: number; recall: number }>;
}

describe.skipIf(!exists)('compare on CoNLL-2003, twelve systems', () => {
  let doc: CompareDoc;
  let ev: EvalJson;

  beforeAll(async () => {
    const files = readdirSync(DATA).sort();
    const systems = files.filter((f) => (f.endsWith('.conll') && f !== 'gold.conll') || f.endsWith('.jsonl')).map((f) => join(DATA, f));
    const args = ['--gold', join(DATA, 'gold.conll'), ...systems];
    const r = await runCli(['compare', '--format', 'json', '--examples', '0', ...args]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    doc = JSON.parse(r.stdout) as CompareDoc;
    ev = await evalJson(args);
  });

  it('has 12 systems and 132 ordered pairs', () => {
    expect(doc.systems).toHaveLength(12);
    expect(doc.goldItems).toBe(5648);
    expect(doc.pairs).toHaveLength(132);
    expect(new Set(doc.pairs.map((p) => `${p.a}>${p.b}`)).size).toBe(132);
  });

  it('counts each system as eval does', () => {
    for (const s of doc.counts) expect([s.tp, s.fp, s.fn], s.name).toEqual([system(ev, s.name).tp, system(ev, s.name).fp, system(ev, s.name).fn]);
  });

  it('recall of A ∪ B = 1 − (1 − R_A)(1 − R_Comp(A,B)) for every pair, to 1e-12', () => {
    const counts = new Map(doc.counts.map((s) => [s.name, s]));
    for (const p of doc.pairs) {
      const A = counts.get(p.a)!;
      const unionRecall = (A.tp + p.onlyBCorrect) / doc.goldItems;
      expect(p.rComp, `${p.a}>${p.b}`).not.toBeNull();
      expect(Math.abs(unionRecall - (1 - (1 - A.recall) * (1 - p.rComp!))), `${p.a}>${p.b}`).toBeLessThanOrEqual(1e-12);
      // |FP of A ∩ B| = |FP_A|·(1 − P_Comp(A,B)).
      expect(Math.abs(p.bothWrong - A.fp * (1 - p.pComp!)), `${p.a}>${p.b}`).toBeLessThanOrEqual(1e-9);
      expect(p.bothCorrect + p.onlyACorrect).toBe(A.tp);
    }
  });
});
