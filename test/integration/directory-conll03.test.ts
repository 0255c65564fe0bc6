/**
 * A directory of per-document files scores exactly as the single file it was split from: the
 * CoNLL-2003 gold standard and a system, each split into one file per document in a temporary
 * directory at run time (removed after; the data is never copied into the repository).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const ROOT = join(import.meta.dirname, '../..');
const BIN = join(ROOT, 'dist/cli/main.js');
const present = conll03Present('directory-conll03.test.ts');
const dir = mkdtempSync(join(tmpdir(), 'complan-dir-conll03-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Splits a CoNLL file at its -DOCSTART- lines into doc-NNN.conll files under `out`. */
function split(name: string, out: string): number {
  mkdirSync(out);
  const docs = readFileSync(join(CONLL03_DIR, name), 'utf8').split(/^-DOCSTART-.*\n/m).filter((d) => d.trim() !== '');
  docs.forEach((d, i) => writeFileSync(join(out, `doc-${String(i + 1).padStart(3, '0')}.conll`), d));
  return docs.length;
}

function evalJson(args: string[]) {
  const p = spawnSync(process.execPath, [BIN, 'eval', ...args, '--format', 'json'], { encoding: 'utf8' });
  expect(p.stderr).toBe('');
  expect(p.status).toBe(0);
  return JSON.parse(p.stdout) as {
    gold: Record<string, unknown>;
    systems: Array<Record<string, unknown> & { byDocument: Array<{ id: string }> }>;
  };
}

describe.runIf(present)('a directory of the CoNLL-2003 documents', () => {
  it('loads as one input with one document per file and scores exactly as the single file', () => {
    expect(split('gold.conll', join(dir, 'gold'))).toBe(231);
    expect(split('bert-lstmcrf.conll', join(dir, 'bert'))).toBe(231);
    const files = evalJson(['--gold', join(CONLL03_DIR, 'gold.conll'), join(CONLL03_DIR, 'bert-lstmcrf.conll')]);
    const dirs = evalJson(['--gold', join(dir, 'gold'), `bert-lstmcrf=${join(dir, 'bert')}`]);
    expect(dirs.systems[0].byDocument.map((d) => d.id).slice(0, 2)).toEqual(['doc-001.conll', 'doc-002.conll']);
    expect(dirs.gold.documents).toBe(231);
    // The token accuracy counts each file's -DOCSTART- lines, as conlleval would: the split files
    // have none, so the directory's tally is the single file's less its 231 markers.
    const tally = files.systems[0].tokenTally as { tokens: number; correct: number; markers: number };
    expect(tally.markers).toBe(231);
    expect(dirs.systems[0].tokenTally).toEqual({ tokens: tally.tokens - 231, correct: tally.correct - 231, markers: 0 });
    for (const doc of [files, dirs]) {
      delete doc.systems[0].tokenTally;
      delete doc.systems[0].tokenAccuracy;
      doc.gold.source = '*';
      doc.systems[0].source = '*';
      doc.systems[0].byDocument.forEach((d, i) => (d.id = String(i)));
    }
    expect(dirs).toEqual(files);
    expect(files.systems[0].tp).toBe(5232);
  });
});
