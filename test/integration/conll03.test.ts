/**
 * CoNLL-2003 English test set with twelve real systems (../shared/data/conll03-12sys, read at run
 * time, never copied: the text is Reuters-licensed). Scores must equal the published reference
 * table of that folder's README, i.e. what conlleval prints. Skipped when the data is absent.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixed } from '../../src/report/number.js';
import { evalJson, runCli, system, type EvalJson } from '../cli/helpers.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const DATA = CONLL03_DIR;
const exists = conll03Present('conll03');

/** The reference table (strict span match, conlleval chunking): TP, FP, FN, P, R, F1. */
const REFERENCE: Record<string, [number, number, number, string, string, string]> = {
  'flair-glove-lstmcrf': [5268, 410, 380, '92.78', '93.27', '93.02'],
  'bert-lstmcrf': [5232, 437, 416, '92.29', '92.63', '92.46'],
  'flair-lstmcrf': [5245, 458, 403, '91.97', '92.86', '92.41'],
  'elmo-glove-lstmcrf': [5209, 454, 439, '91.98', '92.23', '92.11'],
  'spanner-lendecode': [5195, 440, 453, '92.19', '91.98', '92.09'],
  'bert-glove-lstmcrf': [5202, 457, 446, '91.92', '92.10', '92.01'],
  'elmo-lstmcrf': [5191, 447, 457, '92.07', '91.91', '91.99'],
  'spanner-generic': [5171, 480, 477, '91.51', '91.55', '91.53'],
  'cnn-glove-lstmcrf': [5137, 520, 511, '90.81', '90.95', '90.88'],
  'cnn-glove-cnncrf': [5096, 617, 552, '89.20', '90.23', '89.71'],
  'cnn-rand-lstmcrf': [4563, 780, 1085, '85.40', '80.79', '83.03'],
  'rand-lstmcrf': [4141, 763, 1507, '84.44', '73.32', '78.49'],
};
const GOLD_ENTITIES = 5648;

describe.skipIf(!exists)('CoNLL-2003 test set, twelve systems', () => {
  let conll: string[] = [];
  let jsonl: string[] = [];
  let systems: string[] = [];
  let doc: EvalJson;

  beforeAll(async () => {
    const files = readdirSync(DATA).sort();
    conll = files.filter((f) => f.endsWith('.conll') && f !== 'gold.conll').map((f) => join(DATA, f));
    jsonl = files.filter((f) => f.endsWith('.jsonl')).map((f) => join(DATA, f));
    systems = [...conll, ...jsonl];
    doc = await evalJson(['--gold', join(DATA, 'gold.conll'), ...systems]);
  });

  it('finds the ten CoNLL and two JSONL system files', () => {
    expect(conll).toHaveLength(10);
    expect(jsonl).toHaveLength(2);
  });

  it('reads the gold standard: 231 documents, 3,453 sentences, 46,435 tokens, 5,648 entities', () => {
    expect(doc.gold).toMatchObject({ documents: 231, sentences: 3453, length: 46435, items: GOLD_ENTITIES, unit: 'token' });
    expect(Object.keys(doc.gold.byType)).toEqual(['LOC', 'MISC', 'ORG', 'PER']);
  });

  it('scores every system exactly as the reference table', () => {
    expect(doc.systems.map((s) => s.name).sort()).toEqual(Object.keys(REFERENCE).sort());
    for (const s of doc.systems) {
      const [tp, fp, fn, p, r, f] = REFERENCE[s.name];
      expect([s.tp, s.fp, s.fn], s.name).toEqual([tp, fp, fn]);
      expect(fixed(100 * s.precision!), `${s.name} P`).toBe(p);
      expect(fixed(100 * s.recall!), `${s.name} R`).toBe(r);
      expect(fixed(100 * s.f!), `${s.name} F1`).toBe(f);
      expect(s.c + s.s + s.d, s.name).toBe(GOLD_ENTITIES);
    }
  });

  it('the table prints the reference percentages, 93.02 on the flair-glove-lstmcrf row', async () => {
    const r = await runCli(['eval', '--gold', join(DATA, 'gold.conll'), ...systems]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n');
    const flair = lines.find((l) => l.startsWith('flair-glove-lstmcrf '));
    expect(flair).toBeDefined();
    expect(flair!).toMatch(/\s93\.02\s/);
    // The first table's row of each system: name TP FP FN P R F1.
    for (const [name, [tp, fp, fn, p, rc, f]] of Object.entries(REFERENCE)) {
      const row = lines.find((l) => l.startsWith(`${name} `))!;
      expect(row.trim().split(/\s+/).slice(0, 7), name).toEqual([name, String(tp), String(fp), String(fn), p, rc, f]);
    }
  });

  it('without --gold, the first file\'s embedded gold gives the same scores', async () => {
    const first = join(DATA, 'bert-lstmcrf.conll');
    const rest = systems.filter((p) => p !== first);
    const embedded = await evalJson([first, ...rest]);
    // Listed by name, whatever the order given (the embedded-gold file was given first).
    const names = embedded.systems.map((s) => s.name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('bert-lstmcrf');
    expect(embedded.gold.items).toBe(GOLD_ENTITIES);
    expect(embedded.gold.sentences).toBe(3453);
    expect(embedded.gold.documents).toBe(231);
    expect(embedded.systems.map((s) => s.name).sort()).toEqual(Object.keys(REFERENCE).sort());
    for (const s of embedded.systems) {
      const [tp, fp, fn] = REFERENCE[s.name];
      expect([s.tp, s.fp, s.fn], s.name).toEqual([tp, fp, fn]);
      const withGold = system(doc, s.name);
      expect([s.precision, s.recall, s.f, s.c, s.s, s.d, s.i], s.name)
        .toEqual([withGold.precision, withGold.recall, withGold.f, withGold.c, withGold.s, withGold.d, withGold.i]);
    }
  });
});
