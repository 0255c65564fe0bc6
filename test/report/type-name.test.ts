/**
 * How tables name a type: the empty type as (untyped), a type with spaces at an end or hidden
 * characters quoted, so that a JSONL system's "PER " does not read as the gold's PER.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/metrics/evaluate.js';
import { confusionCsv, confusionTables } from '../../src/report/confusion.js';
import { evalCsv, evalTables } from '../../src/report/eval.js';
import { renderText } from '../../src/report/table.js';
import { csvTypeName, typeName, UNTYPED } from '../../src/report/type-name.js';
import { load, writeTemp } from '../formats/write-helpers.js';

describe('typeName', () => {
  it('shows a plain type as it is, the empty one as (untyped), and quotes one with spaces at an end or hidden spaces', () => {
    expect(typeName('PER')).toBe('PER');
    expect(typeName('DATE TIME')).toBe('DATE TIME');
    expect(typeName('')).toBe(UNTYPED);
    expect(typeName('PER ')).toBe('"PER "');
    expect(typeName(' PER')).toBe('" PER"');
    expect(typeName('PER\u00a0')).toBe('"PER\\u00a0"');
    expect(typeName('P\u200bER')).toBe('"P\\u200bER"');
    expect(typeName('PER\t')).toBe('"PER\\t"');
    // A control character inside is the renderer's to escape (a terminal's way, an SVG's).
    expect(typeName('X\u0007Y')).toBe('X\u0007Y');
    // The confusion CSV writes types as they are (but the empty one, whose empty cell means none).
    expect(csvTypeName('PER ')).toBe('PER ');
    expect(csvTypeName('')).toBe(UNTYPED);
  });

  it('keeps a system\'s "PER " apart from the gold\'s PER in the per-type and confusion tables, and as it is in CSV', () => {
    const tokens = '"tokens":["John","lives","in","Paris"]';
    const gold = writeTemp('gold.jsonl', [`{${tokens},"spans":[{"start":0,"end":1,"label":"PER"},{"start":3,"end":4,"label":"LOC"}]}\n`]);
    const sys = writeTemp('sys.jsonl', [`{${tokens},"spans":[{"start":0,"end":1,"label":"PER "},{"start":3,"end":4,"label":"LOC"}]}\n`]);
    const report = evaluate(load(gold, [sys]));
    const perType = renderText(evalTables(report)).split('\n').filter((l) => l.startsWith('s0 '));
    expect(perType.some((l) => /^s0\s+PER\s+0\s+0\s+1\s/.test(l))).toBe(true);
    expect(perType.some((l) => /^s0\s+"PER "\s+0\s+1\s+0\s/.test(l))).toBe(true);
    const confusion = renderText(confusionTables(report));
    expect(confusion).toMatch(/gold \\ predicted\s+LOC\s+PER\s+"PER "\s+missed/);
    expect(confusionCsv(report).split('\n')).toContain('s0,PER,PER ,1');
    expect(evalCsv(report)).not.toContain('"PER "');
  });
});
