/**
 * conlleval's accuracy compares whole tags: a system written in another scheme than the gold's
 * (IOBES against IOB2) has its acc lowered by every tag the schemes write differently, though its
 * entities are the same. The scores table says so under acc.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/metrics/evaluate.js';
import { evalJson, evalTables, kNote, schemeNote } from '../../src/report/eval.js';
import { renderText } from '../../src/report/table.js';
import { load, tempDir, writeTemp } from '../formats/write-helpers.js';

// Invented sentences: one entity of two tokens, one of one.
const GOLD = 'Ada B-PER\nLovelace I-PER\nsang O\nin O\nLund B-LOC\n\n';
const IOBES = 'Ada B-PER\nLovelace E-PER\nsang O\nin O\nLund S-LOC\n\n';

describe('the scheme note under acc', () => {
  const gold = writeTemp('gold.conll', [GOLD]);
  const same = writeTemp('same.conll', [GOLD]);
  const other = writeTemp('iobes.conll', [IOBES]);

  it('names the systems in another scheme than the gold, whose entities score the same', () => {
    const report = evaluate(load(gold, [other, same]));
    expect(report.gold.scheme).toBe('iob2');
    // The loader names them s0 (IOBES) and s1 (the gold's own tags).
    const byName = { iobes: report.systems[0], same: report.systems[1] };
    expect(report.systems.map((s) => s.name)).toEqual(['s0', 's1']);
    // The same entities: every span score is perfect for both …
    expect(byName.iobes.f).toBe(1);
    expect(byName.same.f).toBe(1);
    // … but acc counts E-PER and S-LOC as wrong.
    expect(byName.iobes.tokenAccuracy).toBeCloseTo(3 / 5, 12);
    expect(byName.same.tokenAccuracy).toBe(1);
    const note = schemeNote(report);
    expect(note).toBe('acc compares whole tags, and s0 (IOBES) is in another scheme than the gold (IOB2): '
      + 'every tag the two schemes write differently counts as wrong in its acc, while the entities and the other scores are unaffected (combine --out-scheme iob2 writes an ensemble in the gold\'s).');
    expect(renderText(evalTables(report), { color: false })).toContain(note);
    expect((evalJson(report) as { gold: { scheme?: string } }).gold.scheme).toBe('iob2');
  });

  it('says nothing of a gold whose tags are all O, which show no scheme (IOB2 is only the reader\'s default)', () => {
    const none = writeTemp('gold.conll', [GOLD.replace(/[BIES]-[A-Z]+/g, 'O')]);
    const report = evaluate(load(none, [other]));
    expect(report.gold.scheme).toBeUndefined();
    expect(report.systems[0].scheme).toBe('iobes');
    expect(schemeNote(report)).toBeUndefined();
    expect((evalJson(report) as { gold: { scheme?: string } }).gold.scheme).toBeUndefined();
    // Named, it is the one given.
    expect(evaluate(load(none, [other], { scheme: 'iobes' })).gold.scheme).toBe('iobes');
  });

  it('says nothing when every system is in the gold\'s scheme', () => {
    const report = evaluate(load(gold, [same]));
    expect(schemeNote(report)).toBeUndefined();
    expect(renderText(evalTables(report), { color: false })).not.toContain('another scheme');
  });
});

describe('the scheme of an embedded gold column', () => {
  // `token gold prediction` lines: the gold column in IOBES, the predictions in IOB2.
  const EMBEDDED = 'Ada S-PER x\nsang O O\nin O O\nLund S-LOC B-LOC\n\n';
  const BOTH = 'Ada B-PER B-PER\nLovelace E-PER I-PER\nsang O O\n\n';

  it('is the one its tags show, as a gold file\'s is, and under the acc note', () => {
    const file = writeTemp('embedded.conll', [EMBEDDED.replace(' x', ' B-PER')]);
    const report = evaluate(load(undefined, [file]));
    expect(report.gold.source).toBe(`${file} (embedded gold)`);
    expect(report.gold.scheme).toBe('iobes');
    expect(report.systems[0].scheme).toBe('iob2');
    expect((evalJson(report) as { gold: { scheme?: string } }).gold.scheme).toBe('iobes');
    expect(schemeNote(report)).toContain('(IOB2) is in another scheme than the gold (IOBES)');
  });

  it('is the one --scheme names, when it is named', () => {
    const file = writeTemp('embedded.conll', [BOTH]);
    expect(evaluate(load(undefined, [file], { scheme: 'iob2' })).gold.scheme).toBe('iob2');
    expect(evaluate(load(undefined, [file])).gold.scheme).toBe('iobes');
  });

  it('is detected over every file of a directory', () => {
    const dir = join(tempDir(), 'sys');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.conll'), 'Ada B-PER B-PER\nsang O O\n\n');
    writeFileSync(join(dir, 'b.conll'), BOTH);
    const report = evaluate(load(undefined, [dir]));
    expect(report.gold.scheme).toBe('iobes');
  });
});

describe('the K note under the scores', () => {
  it('gives the K-measure with the run\'s α and β, and that it is F at α=1', () => {
    const gold = writeTemp('gold.conll', [GOLD]);
    const corpus = load(gold, [writeTemp('iobes.conll', [IOBES])]);
    expect(kNote(evaluate(corpus, { kAlpha: 2, beta: 0.5 }))).toBe('K: the K-measure (1+β²)(P·R)^α/(β²P+R) with α=2, β=0.5.');
    const plain = evaluate(corpus);
    expect(kNote(plain)).toBe('K: the K-measure (1+β²)(P·R)^α/(β²P+R) with α=1, β=1 (at α=1 it equals F1).');
    expect(renderText(evalTables(plain), { color: false })).toContain(kNote(plain));
  });
});
