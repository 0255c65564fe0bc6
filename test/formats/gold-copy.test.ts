/** Telling a system that is the gold standard: its file, a copy, or the same items. */
import { describe, expect, it } from 'vitest';
import { goldCopyWarning, sameInput, sameItems } from '../../src/formats/gold-copy.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus } from '../../src/formats/load.js';
import type { Span } from '../../src/model/corpus.js';
import { tempFiles } from '../helpers/temp.js';

const temp = tempFiles('gold-copy');
const span = (doc: number, start: number, end: number, label: string, fragments?: Array<[number, number]>): Span =>
  (fragments === undefined ? { doc, start, end, label } : { doc, start, end, label, fragments });

describe('sameItems', () => {
  it('compares spans as sets of items, in any order, labels and fragments included', () => {
    const a = [span(0, 0, 2, 'PER'), span(1, 3, 4, 'LOC')];
    expect(sameItems(a, [a[1], a[0]])).toBe(true);
    expect(sameItems(a, [a[0]])).toBe(false);
    expect(sameItems(a, [a[0], span(1, 3, 4, 'ORG')])).toBe(false);
    expect(sameItems(a, [a[0], span(0, 3, 4, 'LOC')])).toBe(false);
    expect(sameItems([span(0, 0, 5, 'X', [[0, 1], [3, 5]])], [span(0, 0, 5, 'X')])).toBe(false);
    expect(sameItems([], [])).toBe(true);
  });
});

describe('sameInput', () => {
  it('tells the same file, a copy with the same bytes, and another file; never reads standard input', () => {
    const gold = temp('Ada B-PER\n', 'gold.conll');
    expect(sameInput(gold, gold)).toBe('file');
    expect(sameInput(gold, temp('Ada B-PER\n', 'copy.conll'))).toBe('content');
    expect(sameInput(gold, temp('Ada B-LOC\n', 'other.conll'))).toBeUndefined();
    expect(sameInput(gold, temp('Ada  B-PER\n', 'longer.conll'))).toBeUndefined();
    expect(sameInput('-', gold)).toBeUndefined();
    expect(sameInput('-', '-')).toBeUndefined();
  });
});

describe('the loader\'s warning', () => {
  const gold = temp('Ada B-PER\nleft O\n', 'gold.conll');
  const load = (systems: Array<{ name: string; path: string }>, g: string | undefined = gold) =>
    loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: g, systems }).systems.map((s) => [s.name, s.warnings]);

  it('names the system that predicts the gold items, and no other', () => {
    const twin = temp('Ada B-PER\nleft O\n\n', 'twin.conll');
    const other = temp('Ada O\nleft O\n', 'other.conll');
    expect(load([{ name: 'twin', path: twin }, { name: 'other', path: other }])).toEqual([
      ['other', []],
      ['twin', [`the system "twin" (${twin}) predicts exactly the gold standard's 1 item and scores as perfect: is it the gold standard under another name?`]],
    ]);
  });

  it('says nothing when the gold standard has no items', () => {
    const empty = temp('Ada O\nleft O\n', 'empty.conll');
    expect(load([{ name: 'none', path: temp('Ada O\nleft O\n', 'none.conll') }], empty)).toEqual([['none', []]]);
  });

  it('checks an embedded gold column too', () => {
    const sys = temp('Ada B-PER B-PER\nleft O O\n', 'sys.conll');
    expect(load([{ name: 's', path: sys }], undefined)[0][1]).toEqual([goldCopyWarning('items', 's', sys, `${sys} (embedded gold)`, 1)]);
  });
});
