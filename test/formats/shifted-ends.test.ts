/** Offsets one off (inclusive ends, starts from 1) are warned of; a real system's boundary errors are not. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_OPTIONS, loadCorpus } from '../../src/formats/load.js';
import { shiftedEndsWarning } from '../../src/formats/shifted-ends.js';
import type { Span, SystemOutput } from '../../src/model/corpus.js';
import { tempFiles } from '../helpers/temp.js';

const temp = tempFiles('shifted');
const span = (doc: number, start: number, end: number, label = 'DATE'): Span => ({ doc, start, end, label });
const system = (spans: Span[]): SystemOutput => ({ name: 's', source: 's.jsonl', format: 'jsonl', spans, warnings: [] });
const gold = Array.from({ length: 10 }, (_, k) => span(k, 2, 9));

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
