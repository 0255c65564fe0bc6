/**
 * `complan ablate --baseline flair-glove-lstmcrf` on the CoNLL-2003 test set with twelve real
 * systems (../shared/data/conll03-12sys, read at run time, never copied: the text is
 * Reuters-licensed). What it must do: eleven variants, each ΔF equal to the difference of
 * the two systems' F1 from `eval`, complementarity equal to `compare`'s for the same ordered
 * pairs, and at least one example item per variant. Skipped when the data is absent.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { evalJson, runCli, system, type EvalJson } from '../cli/helpers.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const DATA = CONLL03_DIR;
const exists = conll03Present('ablate-conll03');
const BASELINE = 'flair-glove-lstmcrf';

interface Direction { pComp: number | null; rComp: number | null; fComp: number | null }
interface Example { doc: string; sentence: number; start: number; end: number; label: string | null; text: string }
interface Variant {
  name: string; deltaF: number; deltaP: number; deltaR: number;
  fromVariant: Direction; fromBaseline: Direction; jaccard: number | null;
  gainedCount: number; lostCount: number; introducedCount: number; removedCount: number;
  gained: Example[]; lost: Example[]; introduced: Example[]; removed: Example[];
}
interface AblateDoc { baseline: string; goldItems: number; variants: Variant[] }
interface Pair { a: string; b: string; pComp: number | null; rComp: number | null; fComp: number | null; jaccard: number | null }

describe.skipIf(!exists)('ablate on CoNLL-2003, twelve systems, baseline flair-glove-lstmcrf', () => {
  let doc: AblateDoc;
  let ev: EvalJson;
  let pairs: Pair[];

  beforeAll(async () => {
    const files = readdirSync(DATA).sort();
    const systems = files.filter((f) => (f.endsWith('.conll') && f !== 'gold.conll') || f.endsWith('.jsonl')).map((f) => join(DATA, f));
    const args = ['--gold', join(DATA, 'gold.conll'), ...systems];
    const r = await runCli(['ablate', '--baseline', BASELINE, '--format', 'json', ...args]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    doc = JSON.parse(r.stdout) as AblateDoc;
    ev = await evalJson(args);
    const c = await runCli(['compare', '--format', 'json', '--examples', '0', ...args]);
    expect(c.code).toBe(0);
    pairs = (JSON.parse(c.stdout) as { pairs: Pair[] }).pairs;
  }, 60_000);

  it('has eleven variants: every system but the baseline', () => {
    expect(doc.baseline).toBe(BASELINE);
    expect(doc.goldItems).toBe(5648);
    expect(doc.variants).toHaveLength(11);
    expect(doc.variants.map((v) => v.name).sort()).toEqual(ev.systems.map((s) => s.name).filter((n) => n !== BASELINE).sort());
  });

  it('gives each variant ΔF equal to the difference of the two systems\' F1 from eval', () => {
    const b = system(ev, BASELINE);
    for (const v of doc.variants) {
      const s = system(ev, v.name);
      expect(v.deltaF, v.name).toBe(s.f! - b.f!);
      expect(v.deltaP, v.name).toBe(s.precision! - b.precision!);
      expect(v.deltaR, v.name).toBe(s.recall! - b.recall!);
      expect(v.gainedCount - v.lostCount, v.name).toBe(s.tp - b.tp);
      expect(v.introducedCount - v.removedCount, v.name).toBe(s.fp - b.fp);
    }
    // The reference table: flair-glove-lstmcrf 93.02 is the best, rand-lstmcrf 78.49 the worst.
    const rand = doc.variants.find((v) => v.name === 'rand-lstmcrf')!;
    expect(rand.deltaF * 100).toBeCloseTo(78.49 - 93.02, 1);
    for (const v of doc.variants) expect(v.deltaF, v.name).toBeLessThan(0);
  });

  it('gives complementarity equal to compare\'s for the same ordered pairs', () => {
    const at = (a: string, b: string) => pairs.find((p) => p.a === a && p.b === b)!;
    for (const v of doc.variants) {
      const fromV = at(BASELINE, v.name); // Comp(baseline, variant): what the variant offers
      const fromB = at(v.name, BASELINE); // Comp(variant, baseline): what the baseline offers
      expect([v.fromVariant.pComp, v.fromVariant.rComp, v.fromVariant.fComp], v.name).toEqual([fromV.pComp, fromV.rComp, fromV.fComp]);
      expect([v.fromBaseline.pComp, v.fromBaseline.rComp, v.fromBaseline.fComp], v.name).toEqual([fromB.pComp, fromB.rComp, fromB.fComp]);
      expect(v.jaccard, v.name).toBe(fromV.jaccard);
      for (const x of [v.fromVariant.pComp, v.fromVariant.rComp, v.fromBaseline.pComp, v.fromBaseline.rComp]) expect(x).not.toBeNull();
    }
  });

  it('shows at least one example item per variant, each with document, offsets, label and text', () => {
    for (const v of doc.variants) {
      const all = [...v.gained, ...v.lost, ...v.introduced, ...v.removed];
      expect(all.length, v.name).toBeGreaterThanOrEqual(1);
      for (const e of all) {
        expect(e.doc, v.name).toMatch(/\S/);
        expect(e.end, v.name).toBeGreaterThan(e.start);
        expect(['LOC', 'MISC', 'ORG', 'PER'], v.name).toContain(e.label);
        expect(e.text.length, v.name).toBeGreaterThan(0);
      }
      // Every list with items shows some: the examples follow the counts.
      expect(v.gained.length > 0, v.name).toBe(v.gainedCount > 0);
      expect(v.lost.length > 0, v.name).toBe(v.lostCount > 0);
    }
  });
});
