/**
 * `complan eval`'s optional reports: the type-confusion matrices (`--confusion` in every format,
 * `--svg`) and the pairwise significance tests (`--significance`, `--samples`, `--seed`).
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseXml, all } from '../helpers/xml.js';
import { evalJson, ROOT, runCli, system } from './helpers.js';

const NEWS = join(ROOT, 'examples/news');
const SYSTEMS = readdirSync(join(NEWS, 'systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => join(NEWS, 'systems', f));
const ARGS = ['--gold', join(NEWS, 'gold.conll'), ...SYSTEMS];

interface Confusion { types: string[]; matrix: number[][]; missed: number[]; spurious: number[] }
interface Significance {
  statistic: string; unit: string; units: number; samples: number; seed: number; confidence: number;
  pairs: Array<{ a: string; b: string; fA: number; fB: number; delta: number; low: number; high: number; pBootstrap: number; pRandomization: number }>;
}

describe('eval --confusion and --svg', () => {
  it('puts every system\'s matrix in the JSON with --confusion, summing to C, S, D and I, and none without', async () => {
    expect((await evalJson(ARGS)).systems.every((s) => !('confusion' in s))).toBe(true);
    const doc = await evalJson([...ARGS, '--confusion']);
    for (const s of doc.systems) {
      const m = (s as unknown as { confusion: Confusion }).confusion;
      const diagonal = m.types.reduce((n, _, k) => n + m.matrix[k][k], 0);
      const all = m.matrix.flat().reduce((a, b) => a + b, 0);
      expect([diagonal, all - diagonal, m.missed.reduce((a, b) => a + b, 0), m.spurious.reduce((a, b) => a + b, 0)], s.name).toEqual([s.c, s.s, s.d, s.i]);
    }
    const crf = (system(doc, 'crf') as unknown as { confusion: Confusion }).confusion;
    expect(crf.types).toEqual(['LOC', 'MISC', 'ORG', 'PER']);
  });

  it('prints one table per system with --confusion, and none without', async () => {
    const plain = await runCli(['eval', ...ARGS]);
    expect(plain.stdout).not.toContain('Type confusion');
    const r = await runCli(['eval', ...ARGS, '--confusion']);
    expect(r.code).toBe(0);
    expect(r.stdout.match(/^Type confusion — /gm)).toHaveLength(SYSTEMS.length);
    expect(r.stdout).toMatch(/^LOC +45 +0 +0 +0 +1$/m); // crf: 45 LOC right, 1 missed
    expect(r.stdout).toContain('|confusion:true|');
    const md = await runCli(['eval', ...ARGS, '--confusion', '--format', 'markdown']);
    // The backslash escaped, so that Markdown shows it.
    expect(md.stdout).toContain('| gold \\\\ predicted | LOC | MISC | ORG | PER | missed |');
  });

  it('prints the matrices as CSV instead of the scores with --confusion --format csv', async () => {
    const r = await runCli(['eval', ...ARGS, '--confusion', '--format', 'csv']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe('system,gold,predicted,count');
    expect(lines).toHaveLength(1 + SYSTEMS.length * (4 * 5 + 4));
    expect(lines).toContain('crf,LOC,LOC,45');
    expect(lines).toContain('crf,LOC,,1');
  });

  it('writes the heatmaps with --svg, one panel per system, and still prints the scores', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'complan-eval-svg-')), 'confusion.svg');
    const r = await runCli(['eval', ...ARGS, '--svg', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Scores');
    const doc = parseXml(readFileSync(out, 'utf8'));
    expect(all(doc, (e) => e.name === 'g' && e.attrs.class === 'panel')).toHaveLength(SYSTEMS.length);
    expect(all(doc, (e) => e.name === 'rect' && e.attrs.class === 'cell')).toHaveLength(SYSTEMS.length * (4 * 5 + 4));
  });
});

describe('eval --svg over an input', () => {
  it('is refused before anything is written, with exit status 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-eval-svg-input-'));
    const gold = join(dir, 'gold.conll');
    const text = readFileSync(join(NEWS, 'gold.conll'), 'utf8');
    writeFileSync(gold, text);
    const r = await runCli(['eval', '--gold', gold, SYSTEMS[0], '--svg', gold]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--svg');
    expect(readFileSync(gold, 'utf8')).toBe(text);
  });
});

describe('eval --significance', () => {
  const json = async (extra: string[] = []) => {
    const r = await runCli(['eval', ...ARGS, '--significance', '--format', 'json', ...extra]);
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as { settings: Record<string, unknown>; significance: Significance; systems: Array<{ name: string; f: number }> };
  };

  it('tests every pair over documents, with its settings, and is deterministic', async () => {
    const doc = await json();
    const t = doc.significance;
    expect([t.statistic, t.unit, t.units, t.samples, t.seed, t.confidence]).toEqual(['F1(A) - F1(B)', 'document', 8, 1000, 1, 0.95]);
    expect(t.pairs).toHaveLength(10);
    expect(doc.settings).toMatchObject({ significance: true, samples: 1000, seed: 1 });
    const f = new Map(doc.systems.map((s) => [s.name, s.f]));
    for (const p of t.pairs) {
      expect(p.a < p.b).toBe(true);
      expect(p.delta).toBeCloseTo(f.get(p.a)! - f.get(p.b)!, 12);
      expect(p.low).toBeLessThanOrEqual(p.high);
      for (const x of [p.pBootstrap, p.pRandomization]) expect(x > 0 && x <= 1).toBe(true);
    }
    // crf is far ahead of sloppy on these eight documents.
    const clear = t.pairs.find((p) => p.a === 'crf' && p.b === 'sloppy')!;
    expect(clear.low).toBeGreaterThan(0);
    expect(clear.pBootstrap).toBeLessThan(0.05);
    expect((await json()).significance).toEqual(t);
    const other = (await json(['--seed', '2', '--samples', '300'])).significance;
    expect([other.samples, other.seed]).toEqual([300, 2]);
    expect(other.pairs.map((p) => p.delta)).toEqual(t.pairs.map((p) => p.delta));
    expect(other.pairs.map((p) => p.pBootstrap)).not.toEqual(t.pairs.map((p) => p.pBootstrap));
  });

  it('prints a table naming the resamples and the seed, in text and Markdown', async () => {
    const r = await runCli(['eval', ...ARGS, '--significance', '--samples', '500', '--seed', '3']);
    expect(r.stdout).toContain('Paired tests of ΔF1 = F1(A) − F1(B) over 8 documents: 500 resamples, seed 3');
    expect(r.stdout).toMatch(/^crf +sloppy +89\.81 +63\.96 +\+25\.85 /m);
    expect(r.stdout).toContain('|significance:true|samples:500|seed:3');
    const md = await runCli(['eval', ...ARGS, '--significance', '--format', 'markdown']);
    expect(md.stdout).toContain('| A | B | F1 A | F1 B | ΔF1 | 95% interval | p bootstrap | p randomization |');
  });

  it('refuses bad settings and a single system, with exit status 1', async () => {
    const zero = await runCli(['eval', ...ARGS, '--significance', '--samples', '0']);
    expect([zero.code, zero.stderr.trim()]).toEqual([1, 'complan: --samples expects an integer from 1 to 10,000,000, got "0"']);
    // More resamples than a test can hold, and seeds the 32-bit generator would repeat, are refused too.
    const many = await runCli(['eval', ...ARGS, '--significance', '--samples', '99999999999']);
    expect([many.code, many.stderr.trim()]).toEqual([1, 'complan: --samples expects an integer from 1 to 10,000,000, got "99999999999"']);
    const seed = await runCli(['eval', ...ARGS, '--significance', '--seed', '4294967297']);
    expect([seed.code, seed.stderr.trim()]).toEqual([1, 'complan: --seed expects an integer from 0 to 4,294,967,295, got "4294967297"']);
    const one = await runCli(['eval', '--gold', join(NEWS, 'gold.conll'), SYSTEMS[0], '--significance']);
    expect(one.code).toBe(1);
    expect(one.stderr).toContain('--significance compares systems: it needs at least two');
  });
});

describe('eval --significance on few documents', () => {
  it('counts the documents in which each pair differs, and names the pairs that so few cannot make significant', async () => {
    const dir = join(ROOT, 'examples/ablation');
    const files = ['baseline', 'no-casing', 'no-gazetteer'].map((n) => join(dir, `${n}.conll`));
    const args = ['eval', '--gold', join(dir, 'gold.conll'), ...files, '--significance', '--samples', '200'];
    const json = await runCli([...args, '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const doc = JSON.parse(json.stdout) as {
      systems: Array<{ name: string; byDocument: Array<{ tp: number; fp: number; fn: number }> }>;
      significance: { pairs: Array<{ a: string; b: string; differing: number }> };
    };
    const perDoc = new Map(doc.systems.map((s) => [s.name, s.byDocument.map((d) => `${d.tp}/${d.fp}/${d.fn}`)]));
    for (const p of doc.significance.pairs) {
      const a = perDoc.get(p.a)!;
      const b = perDoc.get(p.b)!;
      expect(p.differing, `${p.a}–${p.b}`).toBe(a.filter((c, k) => c !== b[k]).length);
    }
    const table = await runCli(args);
    const few = doc.significance.pairs.filter((p) => p.differing > 0 && 2 / 2 ** p.differing >= 0.05);
    expect(few.length).toBeGreaterThan(0);
    for (const p of few) expect(table.stdout).toContain(`${p.a}–${p.b} (${p.differing}, p ≥ 1/${2 ** (p.differing - 1)})`);
    for (const p of doc.significance.pairs.filter((x) => !few.includes(x))) expect(table.stdout).not.toContain(`${p.a}–${p.b} (${p.differing}, p ≥`);
  });
});
