import { describe, expect, it } from 'vitest';
import type { Corpus, Span, SystemOutput } from '../../src/model/corpus.js';
import { buildUniverse } from '../../src/model/universe.js';

const sys = (name: string, spans: Span[]): SystemOutput => ({ name, source: name, format: 'conll', spans, warnings: [] });
const span = (start: number, end: number, label: string, doc = 0): Span => ({ doc, start, end, label });

function corpus(gold: Span[], systems: Span[][]): Corpus {
  return {
    unit: 'token', documents: [{ index: 0, id: '#1', start: 0, end: 20, firstSentence: 0, endSentence: 1 }],
    sentences: [{ index: 0, doc: 0, start: 0, end: 20, line: 1 }], tokens: Array(20).fill('w'), length: 20,
    gold: sys('gold', gold), systems: systems.map((s, k) => sys(`s${k}`, s)),
  };
}

describe('buildUniverse', () => {
  const c = corpus(
    [span(0, 2, 'PER'), span(5, 6, 'LOC')],
    [[span(0, 2, 'PER'), span(5, 6, 'ORG')], [span(5, 6, 'LOC'), span(8, 9, 'MISC'), span(8, 9, 'MISC')]],
  );

  it('interns gold first, then systems in order, each item once', () => {
    const u = buildUniverse(c, 'strict');
    expect(u.size).toBe(4); // PER 0-2, LOC 5-6, ORG 5-6, MISC 8-9
    expect(u.items.map((s) => `${s.start}-${s.end}:${s.label}`)).toEqual(['0-2:PER', '5-6:LOC', '5-6:ORG', '8-9:MISC']);
    expect([...u.gold]).toEqual([0, 1]);
    expect([...u.systems[0]]).toEqual([0, 2]);
    expect([...u.systems[1]]).toEqual([1, 3]);
  });

  it('gives TP, FP and FN as bitset counts under strict match', () => {
    const u = buildUniverse(c, 'strict');
    const tp = u.systems[0].andCount(u.gold);
    expect([tp, u.systems[0].count() - tp, u.gold.count() - tp]).toEqual([1, 1, 1]);
  });

  it('drops the label under boundary match', () => {
    const u = buildUniverse(c, 'boundary');
    expect(u.size).toBe(3);
    const tp = u.systems[0].andCount(u.gold);
    expect(tp).toBe(2);
  });

  it('filters spans with keep', () => {
    const u = buildUniverse(c, 'strict', (s) => s.label === 'LOC');
    expect(u.size).toBe(1);
    expect(u.systems[0].count()).toBe(0);
    expect(u.systems[1].count()).toBe(1);
  });
});
