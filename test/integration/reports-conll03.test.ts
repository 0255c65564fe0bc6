/**
 * eval's type-confusion matrices and pairwise significance tests on the CoNLL-2003 systems
 * (../shared/data/conll03-12sys, read at run time, never copied). Skipped when the data is absent.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/helpers.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const exists = conll03Present('reports-conll03');

interface Doc {
  systems: Array<{ name: string; c: number; s: number; d: number; i: number; byType: Record<string, { tp: number; fp: number; fn: number }>;
    confusion: { types: string[]; matrix: number[][]; missed: number[]; spurious: number[] } }>;
  significance: { unit: string; units: number; pairs: Array<{ a: string; b: string; delta: number; low: number; high: number; pBootstrap: number; pRandomization: number }> };
}

describe.skipIf(!exists)('confusion and significance on the CoNLL-2003 systems', () => {
  let doc: Doc;
  const files = () => readdirSync(CONLL03_DIR).filter((f) => f !== 'gold.conll' && /\.(conll|jsonl)$/.test(f)).sort().map((f) => join(CONLL03_DIR, f));

  beforeAll(async () => {
    const r = await runCli(['eval', '--gold', join(CONLL03_DIR, 'gold.conll'), ...files(), '--significance', '--samples', '300', '--confusion', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    doc = JSON.parse(r.stdout) as Doc;
  });

  it('gives every system a matrix whose diagonal, other cells, missed and spurious are C, S, D and I', () => {
    expect(doc.systems).toHaveLength(12);
    for (const s of doc.systems) {
      const m = s.confusion;
      expect(m.types, s.name).toEqual(['LOC', 'MISC', 'ORG', 'PER']);
      const diagonal = m.types.reduce((n, _, k) => n + m.matrix[k][k], 0);
      const cells = m.matrix.flat().reduce((a, b) => a + b, 0);
      const sum = (x: number[]) => x.reduce((a, b) => a + b, 0);
      expect([diagonal, cells - diagonal, sum(m.missed), sum(m.spurious)], s.name).toEqual([s.c, s.s, s.d, s.i]);
      // Per type, the diagonal is the strict TP.
      m.types.forEach((t, k) => expect(m.matrix[k][k], `${s.name} ${t}`).toBe(s.byType[t].tp));
    }
  });

  it('tests the 66 pairs over the 231 documents, and separates the weakest system from the best', () => {
    const t = doc.significance;
    expect([t.unit, t.units, t.pairs.length]).toEqual(['document', 231, 66]);
    const far = t.pairs.find((p) => p.a === 'flair-glove-lstmcrf' && p.b === 'rand-lstmcrf')!;
    expect(far.delta).toBeCloseTo(0.9302 - 0.7849, 3);
    expect(far.low).toBeGreaterThan(0.1);
    expect(far.pBootstrap).toBeCloseTo(1 / 301, 12);
    expect(far.pRandomization).toBeCloseTo(1 / 301, 12);
    for (const p of t.pairs) expect(p.low <= p.delta + 1e-12 && p.delta <= p.high + 1e-12, `${p.a} ${p.b}`).toBe(true);
  });
});
