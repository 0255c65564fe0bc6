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

  it('compares equal spans that are other objects, and counts repeats (lists, not sets of distinct spans)', () => {
    const x = span(0, 0, 2, 'PER');
    const y = span(0, 4, 6, 'LOC');
    expect(sameItems([x, y], [span(0, 0, 2, 'PER'), span(0, 4, 6, 'LOC')])).toBe(true);
    expect(sameItems([x, x, y], [x, y, y])).toBe(false);
    expect(sameItems([x, y, x], [x, x, y])).toBe(true);
    expect(sameItems([span(0, 0, 5, 'X', [[0, 1], [3, 5]])], [span(0, 0, 5, 'X', [[0, 1], [3, 5]])])).toBe(true);
    expect(sameItems([span(0, 0, 5, 'X', [[0, 1], [3, 5]])], [span(0, 0, 5, 'X', [[0, 1], [4, 5]])])).toBe(false);
  });

  it('agrees with comparing sorted keys on lists that share a prefix and then differ in order or in one span', () => {
    let seed = 7;
    const r = (n: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return Math.floor((seed / 2 ** 32) * n);
    };
    const key = (s: Span) => `${s.doc}|${s.start}|${s.end}|${s.label}|${s.fragments?.join(';') ?? ''}`;
    const reference = (a: Span[], b: Span[]) => a.length === b.length && a.map(key).sort().join('\n') === b.map(key).sort().join('\n');
    const seen = { same: 0, different: 0 };
    for (let t = 0; t < 400; t++) {
      const n = 1 + r(30);
      const a = Array.from({ length: n }, () => span(r(3), r(20), 20 + r(5), ['PER', 'LOC', 'ORG'][r(3)], r(5) === 0 ? [[r(4), 4], [6, 6 + r(3)]] : undefined));
      const b = a.map((s) => ({ ...s }));
      // Keep a prefix in place; shuffle the rest, and sometimes change one span of it.
      const from = r(n);
      for (let k = n - 1; k > from; k--) {
        const j = from + r(k - from + 1);
        [b[k], b[j]] = [b[j], b[k]];
      }
      if (r(2) === 0) b[from + r(n - from)] = span(r(3), r(20), 20 + r(5), ['PER', 'LOC', 'ORG'][r(3)]);
      const want = reference(a, b);
      expect(sameItems(a, b), `case ${t}`).toBe(want);
      seen[want ? 'same' : 'different']++;
    }
    // Both answers are exercised.
    expect(seen.same).toBeGreaterThan(50);
    expect(seen.different).toBeGreaterThan(50);
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
