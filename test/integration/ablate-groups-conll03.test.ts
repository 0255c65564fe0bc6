/**
 * Does adding GloVe embeddings help? `complan ablate --paired` on the CoNLL-2003 test set with
 * three architectures, each with and without GloVe (../shared/data/conll03-12sys, read at run
 * time, never copied: the text is Reuters-licensed). What it must do: the GloVe group's mean ΔF1
 * is the mean of the three pairs' ΔF1 computed from `eval`, it has a p-value and an interval, and
 * its items gained in all three pairs are exactly the intersection of the three one-to-one
 * ablations' gained items. Skipped when the data is absent.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { evalJson, runCli, system, type EvalJson } from '../cli/helpers.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const DATA = CONLL03_DIR;
const exists = conll03Present('ablate-groups-conll03');
const PLAIN = ['flair-lstmcrf', 'elmo-lstmcrf', 'bert-lstmcrf'];
const GLOVE = ['flair-glove-lstmcrf', 'elmo-glove-lstmcrf', 'bert-glove-lstmcrf'];
const file = (n: string) => join(DATA, `${n}.conll`);

interface Example { doc: string; sentence: number; start: number; end: number; label: string | null; text: string; context: string }
interface List { count: number; items: Example[] }
interface Variant {
  name: string; meanDelta: { f: number }; sdDelta: { f: number | null }; ci95: [number, number]; p: number;
  verdict: { text: string }; stable: Record<string, List>; unstable: Record<string, List>;
  comparisons: Array<{ run: string; baseline: string; deltaF: number }>;
  gained?: Example[];
}
interface Doc { baseline: string; test: { units: number; unit: string }; variants: Variant[] }

const key = (e: Example) => `${e.doc}|${e.sentence}|${e.start}|${e.end}|${e.label}`;

describe.skipIf(!exists)('ablate --paired on CoNLL-2003: three architectures with and without GloVe', () => {
  let doc: Doc;
  let ev: EvalJson;
  let pairGained: Array<Set<string>>;

  beforeAll(async () => {
    const gold = ['--gold', join(DATA, 'gold.conll')];
    const r = await runCli([
      'ablate', '--format', 'json', '--examples', '100000', '--paired', '--baseline', 'plain', ...gold,
      `plain=${PLAIN.map(file).join(',')}`, `glove=${GLOVE.map(file).join(',')}`,
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    doc = JSON.parse(r.stdout) as Doc;
    ev = await evalJson([...gold, ...PLAIN.map(file), ...GLOVE.map(file)]);
    pairGained = await Promise.all(PLAIN.map(async (p, i) => {
      const one = await runCli(['ablate', '--format', 'json', '--examples', '100000', '--baseline', file(p), ...gold, file(GLOVE[i])]);
      expect(one.code).toBe(0);
      return new Set((JSON.parse(one.stdout) as Doc).variants[0].gained!.map(key));
    }));
  }, 120_000);

  it('reports the GloVe group with mean ΔF1 equal to the mean of the three pairs\' ΔF1 from eval', () => {
    expect(doc.baseline).toBe('plain');
    expect(doc.test).toMatchObject({ unit: 'document', units: 231 });
    const v = doc.variants[0];
    expect(v.name).toBe('glove');
    const d = PLAIN.map((p, i) => system(ev, GLOVE[i]).f! - system(ev, p).f!);
    expect(v.comparisons.map((c) => c.deltaF)).toEqual(d);
    expect(v.meanDelta.f).toBe((d[0] + d[1] + d[2]) / 3);
    const m = v.meanDelta.f;
    expect(v.sdDelta.f).toBeCloseTo(Math.sqrt(d.reduce((s, x) => s + (x - m) ** 2, 0) / 2), 14);
  });

  it('gives a p-value, an interval around the mean, and a verdict in words', () => {
    const v = doc.variants[0];
    expect(v.p).toBeGreaterThan(0);
    expect(v.p).toBeLessThanOrEqual(1);
    expect(v.ci95[0]).toBeLessThan(v.meanDelta.f);
    expect(v.ci95[1]).toBeGreaterThan(v.meanDelta.f);
    // The pairs disagree in sign (+0.61, +0.11, -0.45): the mean is within their spread.
    expect(Math.abs(v.meanDelta.f)).toBeLessThan(v.sdDelta.f!);
    expect(v.verdict.text).toMatch(/^\+0\.09 F1, within run-to-run noise, p = \d\.\d+$/);
  });

  it('lists as stable exactly the items gained in all three pairs, each with its sentence', () => {
    const v = doc.variants[0];
    const all = [...pairGained[0]].filter((k) => pairGained[1].has(k) && pairGained[2].has(k)).sort();
    expect(v.stable.gained.count).toBe(all.length);
    expect(v.stable.gained.items.map(key).sort()).toEqual(all);
    expect(all.length).toBeGreaterThan(0);
    const some = new Set([...pairGained[0], ...pairGained[1], ...pairGained[2]]);
    expect(v.unstable.gained.count).toBe(some.size - all.length);
    for (const e of v.stable.gained.items) expect(e.context).toContain(`[${e.text}]`);
  });
});
