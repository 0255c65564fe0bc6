/**
 * `--invalid repair|drop|reject` on the CoNLL-2003 test set (../shared/data/conll03-12sys,
 * read at run time, never copied: the text is Reuters-licensed). `drop` must give seqeval
 * 1.2.2's `mode='strict', scheme=IOB2` counts, `repair` conlleval's, and `reject` (or its alias
 * `--strict-scheme`) must stop at the first invalid transition. Skipped when the data is absent.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evalJson, runCli, system } from '../cli/helpers.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const exists = conll03Present('invalid-conll03');
const GOLD = join(CONLL03_DIR, 'gold.conll');
const sys = (name: string) => join(CONLL03_DIR, `${name}.conll`);
const counts = (s: { tp: number; fp: number; fn: number }) => [s.tp, s.fp, s.fn];

describe.skipIf(!exists)('--invalid on CoNLL-2003', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'complan-invalid-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('drop equals seqeval strict (IOB2) and repair equals conlleval', async () => {
    const args = ['--gold', GOLD, sys('cnn-glove-lstmcrf'), sys('rand-lstmcrf')];
    const drop = await evalJson(['--invalid', 'drop', ...args]);
    expect(counts(system(drop, 'cnn-glove-lstmcrf'))).toEqual([5137, 513, 511]);
    expect(counts(system(drop, 'rand-lstmcrf'))).toEqual([4139, 762, 1509]);
    // The gold standard is valid IOB2: seqeval's strict reading of it drops nothing.
    expect(drop.gold.items).toBe(5648);
    const repair = await evalJson(['--invalid', 'repair', ...args]);
    expect(counts(system(repair, 'cnn-glove-lstmcrf'))).toEqual([5137, 520, 511]);
    expect(counts(system(repair, 'rand-lstmcrf'))).toEqual([4141, 763, 1507]);
    const byDefault = await evalJson(args);
    expect(byDefault.systems.map(counts)).toEqual(repair.systems.map(counts));
    // Each system is told how many of its chunks were dropped: under IOB2, the items it lost.
    for (const name of ['cnn-glove-lstmcrf', 'rand-lstmcrf']) {
      const lost = system(repair, name).tp + system(repair, name).fp - system(drop, name).tp - system(drop, name).fp;
      expect(system(drop, name).warnings.filter((w) => w.includes('--invalid drop'))).toEqual([
        expect.stringMatching(new RegExp(`(^|[/\\\\])${name}\\.conll:\\d+: --invalid drop dropped ${lost} predicted chunks that IOB2 does not allow, the first on this line;`)),
      ]);
    }
    expect(drop.stderr).not.toContain('gold chunk');
  });

  it('drop reads the embedded gold column the same way when no --gold is given', async () => {
    const drop = await evalJson(['--invalid', 'drop', sys('rand-lstmcrf')]);
    expect(counts(system(drop, 'rand-lstmcrf'))).toEqual([4139, 762, 1509]);
  });

  it('reject and --strict-scheme stop at the first invalid transition', async () => {
    for (const flag of [['--invalid', 'reject'], ['--strict-scheme']]) {
      const r = await runCli(['eval', ...flag, '--gold', GOLD, sys('rand-lstmcrf')]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/rand-lstmcrf\.conll:\d+: invalid IOB2 transition: "O" then "I-[A-Z]+" \(I- must continue a chunk of the same type\)\n$/);
    }
  });

  it('JSONL ner_tags of the same predictions drop the same chunks (scheme detected over the file)', async () => {
    // The predicted column of the CoNLL file as {tokens, ner_tags} records, in a temporary file.
    const lines = readFileSync(sys('rand-lstmcrf'), 'utf8').split('\n');
    const records: string[] = [];
    let tokens: string[] = [];
    let tags: string[] = [];
    const flush = () => {
      if (tokens.length > 0) records.push(JSON.stringify({ tokens, ner_tags: tags }));
      tokens = [];
      tags = [];
    };
    for (const line of lines) {
      const cols = line.trim().split(/\s+/);
      if (line.trim() === '' || cols[0] === '-DOCSTART-') flush();
      else {
        tokens.push(cols[0]);
        tags.push(cols[cols.length - 1]);
      }
    }
    flush();
    const path = join(tmp, 'rand-lstmcrf.jsonl');
    writeFileSync(path, `${records.join('\n')}\n`);
    const drop = await evalJson(['--invalid', 'drop', '--gold', GOLD, path]);
    expect(counts(system(drop, 'rand-lstmcrf'))).toEqual([4139, 762, 1509]);
    const repair = await evalJson(['--gold', GOLD, path]);
    expect(counts(system(repair, 'rand-lstmcrf'))).toEqual([4141, 763, 1507]);
  });
});
