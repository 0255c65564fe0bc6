/** Telling two systems that are one output: the same file, a copy, or the same items. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_OPTIONS, loadCorpus } from '../../src/formats/load.js';
import { itemsFingerprint, sameSystemWarning } from '../../src/formats/same-systems.js';
import type { Span } from '../../src/model/corpus.js';
import { tempFiles } from '../helpers/temp.js';

const temp = tempFiles('same-systems');
const span = (doc: number, start: number, end: number, label: string, fragments?: Array<[number, number]>): Span =>
  (fragments === undefined ? { doc, start, end, label } : { doc, start, end, label, fragments });

describe('itemsFingerprint', () => {
  it('is the same for the same items in any order, and differs when an item does', () => {
    const a = [span(0, 0, 2, 'PER'), span(1, 3, 4, 'LOC'), span(1, 5, 9, 'ORG', [[5, 6], [8, 9]])];
    expect(itemsFingerprint([a[2], a[0], a[1]])).toBe(itemsFingerprint(a));
    for (const other of [
      [a[0], a[1], span(1, 5, 9, 'ORG')],
      [a[0], a[1], span(1, 5, 9, 'ORG', [[5, 7], [8, 9]])],
      [a[0], span(1, 3, 4, 'ORG'), a[2]],
      [a[0], span(1, 3, 5, 'LOC'), a[2]],
      [a[0], span(0, 3, 4, 'LOC'), a[2]],
    ]) expect(itemsFingerprint(other)).not.toBe(itemsFingerprint(a));
    // An item twice is not the same set as the item once beside another.
    expect(itemsFingerprint([a[0], a[0]])).not.toBe(itemsFingerprint([a[0], a[1]]));
  });
});

describe('the loader\'s warning', () => {
  const gold = temp('Ada B-PER\nleft O\nBonn B-LOC\n', 'gold.conll');
  const load = (systems: Array<{ name: string; path: string }>) =>
    Object.fromEntries(loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold, systems }).systems.map((s) => [s.name, s.warnings]));

  it('names the later of two systems that are one file, a copy, or the same items; never the first, never another', () => {
    const crf = temp('Ada B-PER\nleft O\nBonn O\n', 'crf.conll');
    const copy = temp('Ada B-PER\nleft O\nBonn O\n', 'copy.conll');
    const sameItems = temp('{"tokens":["Ada","left","Bonn"],"ner_tags":["B-PER","O","O"]}\n', 'items.jsonl');
    const other = temp('Ada B-LOC\nleft O\nBonn O\n', 'other.conll');
    const w = load([{ name: 'a', path: crf }, { name: 'b', path: crf }, { name: 'c', path: copy }, { name: 'd', path: sameItems }, { name: 'e', path: other }]);
    expect(w.a).toEqual([]);
    expect(w.e).toEqual([]);
    expect(w.b).toEqual([`the system "b" (${crf}) is the same file as "a" (${crf}): an ensemble of these systems (plan, combine, the TUI) would count that output twice (a vote or majority of all gives it two voices); give each output once`]);
    expect(w.c).toEqual([`the system "c" (${copy}) is a copy of "a" (${crf}: the same bytes): an ensemble of these systems (plan, combine, the TUI) would count that output twice (a vote or majority of all gives it two voices); give each output once`]);
    expect(w.d).toEqual([`the system "d" (${sameItems}) predicts exactly the same 1 item as "a" (${crf}): an ensemble of these systems (plan, combine, the TUI) would count that output twice (a vote or majority of all gives it two voices); give each output once`]);
  });

  it('says nothing of two different files that both predict no item, or of systems with as many items but other ones', () => {
    const none1 = temp('Ada O\nleft O\nBonn O\n', 'none1.conll');
    const none2 = temp('Ada O\nleft O\nBonn O\n\n', 'none2.conll');
    const per = temp('Ada B-PER\nleft O\nBonn O\n', 'per.conll');
    const loc = temp('Ada O\nleft O\nBonn B-LOC\n', 'loc.conll');
    expect(Object.values(load([{ name: 'n1', path: none1 }, { name: 'n2', path: none2 }, { name: 'p', path: per }, { name: 'l', path: loc }])).flat()).toEqual([]);
  });

  it('describes each case in one sentence', () => {
    const s = (name: string, spans: Span[]) => ({ name, source: `${name}.conll`, format: 'conll' as const, scheme: undefined, spans, warnings: [] });
    expect(sameSystemWarning('items', s('b', [span(0, 0, 1, 'X'), span(0, 1, 2, 'X')]), s('a', []))).toMatch(/^the system "b" \(b\.conll\) predicts exactly the same 2 items as "a" \(a\.conll\): /);
  });
});
