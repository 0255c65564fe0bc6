/** Offsets one off (inclusive ends, starts from 1) are warned of; a real system's boundary errors are not. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_OPTIONS, loadCorpus } from '../../src/formats/load.js';
import { GoldStarts, shiftedEndsWarning as warningOf } from '../../src/formats/shifted-ends.js';
import type { Span, SystemOutput } from '../../src/model/corpus.js';
import { tempFiles } from '../helpers/temp.js';

const temp = tempFiles('shifted');
const span = (doc: number, start: number, end: number, label = 'DATE'): Span => ({ doc, start, end, label });
const system = (spans: Span[]): SystemOutput => ({ name: 's', source: 's.jsonl', format: 'jsonl', spans, warnings: [] });
const gold = Array.from({ length: 10 }, (_, k) => span(k, 10 * k + 2, 10 * k + 9));
const shiftedEndsWarning = (g: Span[], s: SystemOutput, unit: 'char' | 'token') => warningOf(new GoldStarts(g), s, unit);

describe('shiftedEndsWarning', () => {
  it('names the shift most items share, with the counts, and what to check', () => {
    expect(shiftedEndsWarning(gold, system(gold.map((g) => span(g.doc, g.start, g.end - 1))), 'char'))
      .toBe('10 of the 10 items of "s" end one character before a gold item with the same start and type (0 match one exactly): are its ends inclusive? complan reads [start, end) with end exclusive');
    expect(shiftedEndsWarning(gold, system(gold.map((g) => span(g.doc, g.start + 1, g.end))), 'token')).toMatch(/^10 of the 10 items of "s" start one token after a gold item with the same end and type \(0 match one exactly\): are its starts counted from 1/);
    expect(shiftedEndsWarning(gold, system(gold.map((g) => span(g.doc, g.start, g.end + 1))), 'char')).toMatch(/ end one character after a gold item/);
  });

  it('says nothing of boundary errors that are not most of the items, of fewer than five, or of another type', () => {
    // Four of ten items one short: a real system's errors, not an offset convention.
    const some = gold.map((g, k) => (k < 4 ? span(g.doc, g.start, g.end - 1) : g));
    expect(shiftedEndsWarning(gold, system(some), 'char')).toBeUndefined();
    expect(shiftedEndsWarning(gold.slice(0, 4), system(gold.slice(0, 4).map((g) => span(g.doc, g.start, g.end - 1))), 'char')).toBeUndefined();
    expect(shiftedEndsWarning(gold, system(gold.map((g) => span(g.doc, g.start, g.end - 1, 'TIME'))), 'char')).toBeUndefined();
  });

  it('finds the shift in a large system through its sample, and counts every item', () => {
    const many = Array.from({ length: 3000 }, (_, k) => span(k >> 4, 20 * k + 2, 20 * k + 9));
    const inclusive = many.map((g, k) => (k % 10 === 0 ? g : span(g.doc, g.start, g.end - 1)));
    expect(shiftedEndsWarning(many, system(inclusive), 'char')).toMatch(/^2700 of the 3000 items of "s" end one character before .* \(300 match one exactly\)/);
    // A third shifted: the sample says no, and nothing is read further.
    expect(shiftedEndsWarning(many, system(many.map((g, k) => (k % 3 === 0 ? span(g.doc, g.start, g.end - 1) : g))), 'char')).toBeUndefined();
    // Gold spans out of order of their starts are found as well (through a map).
    expect(shiftedEndsWarning([...many].reverse(), system(inclusive), 'char')).toMatch(/^2700 of the 3000 items/);
  });

  it('is given by the loader for offsets (JSONL), never for tags (CoNLL)', () => {
    const text = 'On 3 May we met.';
    const goldFile = temp(`${JSON.stringify({ text, spans: Array.from({ length: 1 }, () => [3, 8, 'DATE']) })}\n`.repeat(6), 'gold.jsonl');
    const inclusive = temp(`${JSON.stringify({ text, spans: [[3, 7, 'DATE']] })}\n`.repeat(6), 'incl.jsonl');
    const c = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: goldFile, systems: [{ name: 'incl', path: inclusive }] });
    expect(c.systems[0].warnings).toEqual(['6 of the 6 items of "incl" end one character before a gold item with the same start and type (0 match one exactly): are its ends inclusive? complan reads [start, end) with end exclusive']);
    const conllGold = temp('A B-PER\nb I-PER\nc O\n\n'.repeat(6), 'gold.conll');
    const short = temp('A B-PER\nb O\nc O\n\n'.repeat(6), 'short.conll');
    expect(loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: conllGold, systems: [{ name: 'short', path: short }] }).systems[0].warnings).toEqual([]);
  });
});
