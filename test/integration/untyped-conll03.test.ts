/**
 * Untyped tags on the CoNLL-2003 systems: with every type removed (B-PER → B) or only MISC's,
 * complan's counts are conlleval's (version 2004-01-26, which gives a tag without a hyphen the
 * type ""), in total and per type. The untyped copies are made in a temporary directory at run
 * time and removed: the data is read, never copied into the repository.
 *
 * Reference figures (conlleval's "found", "correct" and per-type counts on the same files):
 * all types removed — bert-lstmcrf found 5669 correct 5424, rand-lstmcrf 4903 / 4405,
 * cnn-rand-lstmcrf 5342 / 4976 (5648 gold phrases); MISC's removed — rand-lstmcrf found 4904
 * correct 4141, untyped type: gold 702 found 640 correct 499.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_OPTIONS, loadCorpus } from '../../src/formats/load.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const present = conll03Present('untyped-conll03.test.ts');
const dir = mkdtempSync(join(tmpdir(), 'complan-untyped-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of `name` with the types in `types` (a pattern) removed from every tag column. */
function strip(name: string, types: string, out: string): string {
  const re = new RegExp(`^([BIES])-(?:${types})$`);
  const text = readFileSync(join(CONLL03_DIR, name), 'utf8').split('\n').map((line) => {
    if (line === '' || line.startsWith('-DOCSTART-')) return line;
    const [token, ...tags] = line.split(' ');
    return [token, ...tags.map((t) => t.replace(re, '$1'))].join(' ');
  }).join('\n');
  const path = join(dir, out);
  writeFileSync(path, text);
  return path;
}

function score(types: string, system: string) {
  const tag = types === '[A-Z]+' ? 'untyped' : 'mixed';
  const corpus = loadCorpus({
    ...DEFAULT_LOAD_OPTIONS,
    gold: strip('gold.conll', types, `gold-${tag}.conll`),
    systems: [{ name: system, path: strip(`${system}.conll`, types, `${system}-${tag}.conll`) }],
  });
  return evaluate(corpus).systems[0];
}

describe.runIf(present)('untyped tags on the CoNLL-2003 systems score as conlleval scores them', () => {
  it('every type removed: one untyped type, conlleval\'s counts', () => {
    for (const [system, found, correct] of [['bert-lstmcrf', 5669, 5424], ['rand-lstmcrf', 4903, 4405], ['cnn-rand-lstmcrf', 5342, 4976]] as const) {
      const s = score('[A-Z]+', system);
      expect([s.tp, s.tp + s.fp, s.tp + s.fn], system).toEqual([correct, found, 5648]);
      expect(Object.keys(s.byType), system).toEqual(['']);
    }
  });

  it('MISC\'s type removed: the untyped type beside LOC, ORG and PER, conlleval\'s counts for each', () => {
    const s = score('MISC', 'rand-lstmcrf');
    expect([s.tp, s.tp + s.fp, s.tp + s.fn]).toEqual([4141, 4904, 5648]);
    const counts = Object.fromEntries(Object.entries(s.byType).map(([t, x]) => [t, [x.tp + x.fn, x.tp + x.fp, x.tp]]));
    expect(counts).toEqual({ '': [702, 640, 499], LOC: [1668, 1571, 1404], ORG: [1661, 1412, 1171], PER: [1617, 1281, 1067] });
  });
});
