/**
 * The seeds' worked examples through `complan eval`: GERBIL's micro/macro check,
 * Makhoul's ERR/SER table, Nakache's K-measure, and the match modes and metric options on small
 * hand-checked fixtures (test/fixtures/cli/).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evalJson, fixture, runCli, system } from './helpers.js';

const gerbil = (...more: string[]) => ['--gold', fixture('gerbil/gold.conll'), fixture('gerbil/silent.conll'), ...more];
const makhoulGold = fixture('makhoul/gold.conll');
const match = (...more: string[]) => ['--gold', fixture('match/gold.conll'), fixture('match/mixed.conll'), ...more];

describe('GERBIL: three documents, an annotator that returns nothing', () => {
  it('micro P = R = F = 0, macro by document P = R = F = 1/3', async () => {
    const doc = await evalJson(gerbil());
    expect(doc.gold.documents).toBe(3);
    expect(doc.gold.items).toBe(2);
    const s = system(doc, 'silent');
    expect([s.tp, s.fp, s.fn]).toEqual([0, 0, 2]);
    expect([s.precision, s.recall, s.f]).toEqual([0, 0, 0]);
    expect(s.macro.doc!.precision).toBeCloseTo(1 / 3, 12);
    expect(s.macro.doc!.recall).toBeCloseTo(1 / 3, 12);
    expect(s.macro.doc!.f).toBeCloseTo(1 / 3, 12);
    expect(s.byDocument.map((d) => [d.tp, d.fp, d.fn, d.f])).toEqual([[0, 0, 1, 0], [0, 0, 1, 0], [0, 0, 0, 1]]);
    // Per type there is nothing to find with no answer in either type: macro by type is 0.
    expect(Object.keys(s.byType)).toEqual(['LOC', 'PER']);
    expect(s.macro.type).toEqual({ precision: 0, recall: 0, f: 0 });
  });

  it('--zero-division zero makes the empty document score 0', async () => {
    const doc = await evalJson(gerbil('--zero-division', 'zero'));
    const s = system(doc, 'silent');
    expect(doc.zeroDivision).toBe('zero');
    expect(s.byDocument[2]).toMatchObject({ precision: 0, recall: 0, f: 0 });
    expect(s.macro.doc).toEqual({ precision: 0, recall: 0, f: 0 });
    expect([s.precision, s.recall, s.f]).toEqual([0, 0, 0]);
  });

  it('--zero-division one makes every 0/0 a 1', async () => {
    const doc = await evalJson(gerbil('--zero-division', 'one'));
    const s = system(doc, 'silent');
    // Micro: TP = FP = 0 → P = 0/0 = 1; R = 0/2 = 0; F = 0.
    expect([s.precision, s.recall, s.f]).toEqual([1, 0, 0]);
    expect(s.byDocument.map((d) => [d.precision, d.recall, d.f])).toEqual([[1, 0, 0], [1, 0, 0], [1, 1, 1]]);
    expect(s.macro.doc!.precision).toBe(1);
    expect(s.macro.doc!.recall).toBeCloseTo(1 / 3, 12);
    expect(s.macro.doc!.f).toBeCloseTo(1 / 3, 12);
  });

  it('the table shows the macro row: 33.33 by document', async () => {
    const r = await runCli(['eval', ...gerbil()]);
    expect(r.code).toBe(0);
    const row = r.stdout.split('\n').find((l) => l.startsWith('silent') && l.includes('33.33'));
    expect(row).toBeDefined();
    expect(row!.trim().split(/\s+/).slice(1, 4)).toEqual(['33.33', '33.33', '33.33']);
  });
});

describe('Makhoul: N = 10 gold slots', () => {
  it('a system returning nothing has ERR = SER = 1', async () => {
    const doc = await evalJson(['--gold', makhoulGold, fixture('makhoul/silent.conll')]);
    expect(doc.gold.items).toBe(10);
    const s = system(doc, 'silent');
    expect([s.c, s.s, s.d, s.i]).toEqual([0, 0, 10, 0]);
    expect(s.err).toBe(1);
    expect(s.ser).toBe(1);
    expect(s.e).toBe(1);
  });

  it('one that also inserts 0.2N spurious slots has ERR = 1, SER = 1.2', async () => {
    const doc = await evalJson(['--gold', makhoulGold, fixture('makhoul/spurious.conll')]);
    const s = system(doc, 'spurious');
    expect([s.c, s.s, s.d, s.i]).toEqual([0, 0, 10, 2]);
    expect([s.tp, s.fp, s.fn]).toEqual([0, 2, 10]);
    expect(s.err).toBe(1);
    expect(s.ser).toBeCloseTo(1.2, 12);
    // SER ≥ ERR ≥ E
    expect(s.ser!).toBeGreaterThanOrEqual(s.err!);
    expect(s.err!).toBeGreaterThanOrEqual(s.e!);
  });

  it('the table prints SER 120.00 for it and 100.00 for the silent system', async () => {
    const r = await runCli(['eval', '--gold', makhoulGold, fixture('makhoul/silent.conll'), fixture('makhoul/spurious.conll')]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    const errTitle = lines.findIndex((l) => l.startsWith('Slot errors'));
    const row = (name: string) => lines.slice(errTitle).find((l) => l.startsWith(`${name} `))!.trim().split(/\s+/);
    expect(row('silent')).toEqual(['silent', '0', '0', '10', '0', '100.00', '100.00', '100.00']);
    expect(row('spurious')).toEqual(['spurious', '0', '0', '10', '2', '100.00', '100.00', '120.00']);
  });
});

describe('Nakache: K-measure', () => {
  const args = ['--gold', makhoulGold, fixture('makhoul/nakache.conll')];

  it('P = R = 0.4 with α = 1.6 gives K ≈ 0.133', async () => {
    const doc = await evalJson([...args, '--k-alpha', '1.6']);
    const s = system(doc, 'nakache');
    expect([s.tp, s.fp, s.fn]).toEqual([4, 6, 6]);
    expect(s.precision).toBeCloseTo(0.4, 12);
    expect(s.recall).toBeCloseTo(0.4, 12);
    expect(s.f).toBeCloseTo(0.4, 12);
    expect(doc.kAlpha).toBe(1.6);
    expect(s.k).toBeCloseTo(0.1332, 3);
    expect(s.k).toBeCloseTo((2 * Math.pow(0.16, 1.6)) / 0.8, 12);
  });

  it('with the default α = 1, K equals F', async () => {
    const doc = await evalJson(args);
    const s = system(doc, 'nakache');
    expect(doc.kAlpha).toBe(1);
    expect(s.k).toBe(s.f);
  });

  it('the table names the α in the K column', async () => {
    const r = await runCli(['eval', ...args, '--k-alpha', '1.6']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('K(α=1.6)');
    const row = r.stdout.split('\n').find((l) => l.startsWith('nakache '))!.trim().split(/\s+/);
    // acc: 19 of the file's 35 token lines (its -DOCSTART- line included) have the gold tag.
    expect(row).toEqual(['nakache', '4', '6', '6', '40.00', '40.00', '40.00', '13.32', '54.29']);
  });
});

describe('match modes on a fixture where boundaries and labels differ', () => {
  // Gold (7): PER Ilse Varga, ORG Northmoor Rovers, PER Tobin Quell, LOC Westhaven Dale,
  //           MISC Amberfield Cup, LOC Pell, ORG Quarry Lane Trust.
  // System (7): PER Ilse Varga (exact), LOC Northmoor Rovers (same boundaries, other label),
  //           PER Quell (inside Tobin Quell), ORG Westhaven (inside Westhaven Dale, other label),
  //           MISC Friday (spurious), LOC Pell (exact), ORG Lane Trust (inside Quarry Lane Trust).
  it('strict: C=2 S=1 D=4 I=4', async () => {
    const doc = await evalJson(match());
    expect(doc.match).toBe('strict');
    expect(doc.gold.items).toBe(7);
    const s = system(doc, 'mixed');
    expect([s.c, s.s, s.d, s.i]).toEqual([2, 1, 4, 4]);
    expect([s.tp, s.fp, s.fn]).toEqual([2, 5, 5]);
    expect(s.precision).toBeCloseTo(2 / 7, 12);
    expect(s.ser).toBeCloseTo(9 / 7, 12);
    expect(s.err).toBeCloseTo(9 / 11, 12);
    expect(s.byType).toMatchObject({
      LOC: { tp: 1, fp: 1, fn: 1 },
      MISC: { tp: 0, fp: 1, fn: 1 },
      ORG: { tp: 0, fp: 2, fn: 2 },
      PER: { tp: 1, fp: 1, fn: 1 },
    });
  });

  it('boundary: labels dropped, C=3 S=0 D=4 I=4', async () => {
    const doc = await evalJson(match('--match', 'boundary'));
    expect(doc.match).toBe('boundary');
    const s = system(doc, 'mixed');
    expect([s.c, s.s, s.d, s.i]).toEqual([3, 0, 4, 4]);
    expect([s.tp, s.fp, s.fn]).toEqual([3, 4, 4]);
    expect(s.f).toBeCloseTo(3 / 7, 12);
  });

  it('overlap: C=4 S=2 D=1 I=1', async () => {
    const doc = await evalJson(match('--match', 'overlap'));
    expect(doc.match).toBe('overlap');
    const s = system(doc, 'mixed');
    expect([s.c, s.s, s.d, s.i]).toEqual([4, 2, 1, 1]);
    expect([s.tp, s.fp, s.fn]).toEqual([4, 3, 3]);
    expect(s.ser).toBeCloseTo(4 / 7, 12);
  });
});

describe('metric options', () => {
  it('--beta 2 weighs recall: P = 0.8, R = 0.4 gives F2 = 4/9', async () => {
    const args = ['--gold', makhoulGold, fixture('makhoul/precise.conll')];
    const f1 = system(await evalJson(args), 'precise');
    expect([f1.tp, f1.fp, f1.fn]).toEqual([4, 1, 6]);
    expect(f1.f).toBeCloseTo(8 / 15, 12);
    const doc = await evalJson([...args, '--beta', '2']);
    const s = system(doc, 'precise');
    expect(doc.beta).toBe(2);
    expect(s.precision).toBeCloseTo(0.8, 12);
    expect(s.recall).toBeCloseTo(0.4, 12);
    expect(s.f).toBeCloseTo(4 / 9, 12);
    expect(s.k).toBeCloseTo(4 / 9, 12);
    expect(s.e).toBeCloseTo(5 / 9, 12);
    const table = await runCli(['eval', ...args, '--beta', '2']);
    expect(table.stdout).toMatch(/\bF2\b/);
    expect(table.stdout).not.toMatch(/\bF1\b/);
    expect(table.stdout.split('\n').find((l) => l.startsWith('precise '))!.trim().split(/\s+/).slice(4, 7))
      .toEqual(['80.00', '40.00', '44.44']);
  });

  it('--ser-weights 1,1,0.5 halves the cost of insertions', async () => {
    const doc = await evalJson(match('--ser-weights', '1,1,0.5'));
    expect(doc.serWeights).toEqual({ s: 1, d: 1, i: 0.5 });
    const s = system(doc, 'mixed');
    // (1·1 + 1·4 + 0.5·4) / 7
    expect(s.weightedSer).toBeCloseTo(1, 12);
    expect(s.ser).toBeCloseTo(9 / 7, 12);
    const named = system(await evalJson(match('--ser-weights', 's=1,i=0.5')), 'mixed');
    expect(named.weightedSer).toBeCloseTo(1, 12);
    const plain = system(await evalJson(match()), 'mixed');
    expect(plain.weightedSer).toBeCloseTo(9 / 7, 12);
    const table = await runCli(['eval', ...match('--ser-weights', '1,1,0.5')]);
    expect(table.stdout).toContain('wSER(1,1,0.5)');
  });

  it('--types PER keeps only persons', async () => {
    const doc = await evalJson(match('--types', 'PER'));
    expect(doc.types).toEqual(['PER']);
    expect(doc.gold.items).toBe(2);
    expect(doc.stderr).toBe('');
    const s = system(doc, 'mixed');
    expect([s.c, s.s, s.d, s.i]).toEqual([1, 0, 1, 1]);
    expect([s.tp, s.fp, s.fn]).toEqual([1, 1, 1]);
    expect(Object.keys(s.byType)).toEqual(['PER']);
  });

  it('--types with an unknown type warns on stderr and still succeeds', async () => {
    const doc = await evalJson(match('--types', 'PER,VEHICLE'));
    expect(doc.stderr).toMatch(/warning: --types: no input has entities of type "VEHICLE"/);
    expect(doc.stderr).not.toMatch(/"PER"/);
    expect(system(doc, 'mixed').tp).toBe(1);
  });

  it('--label-distance gives a substitution graded credit 1 - d', async () => {
    const plain = system(await evalJson(match()), 'mixed');
    expect(plain.graded).toBeNull();
    const doc = await evalJson(match('--label-distance', fixture('match/distance.json')));
    const s = system(doc, 'mixed');
    // ORG → LOC at distance 0.25: credit 2 + 0.75 over N = M = 7.
    expect(s.graded!.precision).toBeCloseTo(2.75 / 7, 12);
    expect(s.graded!.recall).toBeCloseTo(2.75 / 7, 12);
    expect(s.graded!.f).toBeCloseTo(2.75 / 7, 12);
    // The ungraded scores do not change.
    expect(s.f).toBeCloseTo(2 / 7, 12);
    const table = await runCli(['eval', ...match('--label-distance', fixture('match/distance.json'))]);
    expect(table.stdout).toContain('graded F1');
    // graded F1, then acc: 20 of 31 token lines have the gold tag.
    expect(table.stdout.split('\n').find((l) => l.startsWith('mixed '))).toMatch(/39\.29 +64\.52$/);
    // Every label the table names is an input's: no warning. The note under the table says what graded F1 is.
    expect(table.stderr).toBe('');
    expect(table.stdout).toContain('graded F1: each substitution earns 1 − d of a correct item, d its types\' distance (--label-distance).');
  });

  it('--label-distance warns of labels no input has, whose distances are never used', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-distance-'));
    const typo = join(dir, 'typo.json');
    writeFileSync(typo, '{"ORG": {"LOC": 0.25, "LCO": 0.5}, "PERS": {"ORG": 0.5}}');
    const r = await runCli(['eval', ...match('--label-distance', typo)]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`^complan: warning: ${typo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: labels "LCO", "PERS", which no input has: their distances are never used \\(a typo\\?\\); the inputs' types are "LOC", [^\n]*"ORG"[^\n]*\n$`));
    // The graded scores are those of the table without them.
    const kept = system(await evalJson(match('--label-distance', typo)), 'mixed');
    expect(kept.graded!.f).toBeCloseTo(2.75 / 7, 12);
  });
});
