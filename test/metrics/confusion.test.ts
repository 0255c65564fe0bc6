/**
 * The type-confusion matrix: same-boundary pairs by type, missed gold items and spurious
 * predictions; its sums are Makhoul's C, S, D and I under strict match.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { confusionMatrix } from '../../src/metrics/confusion.js';
import { alignSlots } from '../../src/metrics/slots.js';
import type { Span } from '../../src/model/corpus.js';
import { corpusArb, span } from '../helpers/corpus.js';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('confusionMatrix', () => {
  it('counts same-boundary pairs by type, and boundary errors as missed and spurious', () => {
    const gold = [span(0, 2, 'PER'), span(3, 4, 'LOC'), span(5, 6, 'ORG'), span(7, 9, 'MISC')];
    const predicted = [span(0, 2, 'PER'), span(3, 4, 'ORG'), span(5, 7, 'ORG'), span(10, 11, 'LOC')];
    expect(confusionMatrix(gold, predicted)).toEqual({
      types: ['LOC', 'MISC', 'ORG', 'PER'],
      matrix: [
        [0, 0, 1, 0], // LOC predicted ORG
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 1], // PER right
      ],
      missed: [0, 1, 1, 0], // MISC 7-9 has no prediction; ORG 5-6 only a wider one
      spurious: [1, 0, 1, 0], // LOC 10-11, ORG 5-7
    });
  });

  it('pairs the same types first where one boundary holds several items, then the rest in type order', () => {
    const gold = [span(0, 1, 'LOC'), span(0, 1, 'ORG'), span(4, 5, 'PER')];
    const predicted = [span(0, 1, 'PER'), span(0, 1, 'ORG'), span(4, 5, 'LOC'), span(4, 5, 'ORG')];
    const m = confusionMatrix(gold, predicted);
    expect(m.types).toEqual(['LOC', 'ORG', 'PER']);
    // 0-1: ORG=ORG, then LOC→PER. 4-5: PER→LOC (first in type order), ORG left spurious.
    expect(m.matrix).toEqual([[0, 0, 1], [0, 1, 0], [1, 0, 0]]);
    expect(m.missed).toEqual([0, 0, 0]);
    expect(m.spurious).toEqual([0, 1, 0]);
  });

  it('tells discontinuous spans apart by their fragments', () => {
    const frag = (fragments: Array<[number, number]>, label: string): Span => ({ doc: 0, start: fragments[0][0], end: fragments[fragments.length - 1][1], label, fragments });
    const m = confusionMatrix([frag([[0, 2], [4, 6]], 'LOC')], [frag([[0, 1], [4, 6]], 'LOC'), span(0, 6, 'LOC')]);
    expect([m.matrix, m.missed, m.spurious]).toEqual([[[0]], [1], [2]]);
  });

  it('is empty without items', () => {
    expect(confusionMatrix([], [])).toEqual({ types: [], matrix: [], missed: [], spurious: [] });
  });

  it('sums to the strict alignment\'s C, S, D, I and to each side\'s items per type', () => {
    fc.assert(fc.property(corpusArb(1, 3), (corpus) => {
      // Readers give sets of spans: drop repeats as they do.
      const unique = (spans: readonly Span[]) => [...new Map(spans.map((s) => [`${s.start}:${s.end}:${s.label}`, s])).values()];
      const gold = unique(corpus.gold.spans);
      for (const sys of corpus.systems) {
        const predicted = unique(sys.spans);
        const m = confusionMatrix(gold, predicted);
        const al = alignSlots(gold, predicted, 'strict');
        const diagonal = sum(m.types.map((_, k) => m.matrix[k][k]));
        expect(diagonal).toBe(al.correctGold.length);
        expect(sum(m.matrix.map((row) => sum(row))) - diagonal).toBe(al.substitutions.length);
        expect(sum(m.missed)).toBe(al.deletions.length);
        expect(sum(m.spurious)).toBe(al.insertions.length);
        m.types.forEach((t, k) => {
          expect(sum(m.matrix[k]) + m.missed[k]).toBe(gold.filter((s) => s.label === t).length);
          expect(sum(m.matrix.map((row) => row[k])) + m.spurious[k]).toBe(predicted.filter((s) => s.label === t).length);
        });
      }
    }), { numRuns: 200 });
  });
});
