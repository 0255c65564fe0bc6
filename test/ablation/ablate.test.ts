/**
 * The ablation library (src/ablation) on small hand-built corpora: deltas, complementarity both
 * ways, the four lists of changed items with their examples, the flag and its edge cases, and
 * the exact identities that tie them to `evaluate` and `compareSystems` on random corpora.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ablate, ABLATION_OVERLAP_REASON, DEFAULT_ABLATION_EXAMPLES, DEFAULT_DIFFERENT, DEFAULT_SAME_F, sameScoreDifferentBehaviour,
} from '../../src/ablation/ablate.js';
import { compareSystems, pairAt } from '../../src/complementarity/matrix.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import { corpusArb, makeCorpus, span } from '../helpers/corpus.js';
import { unknownOption } from '../helpers/errors.js';

// Gold: A (sentence 1), B (2), C (3), D (4). Sentences are 10 tokens wide; token t is "wt".
const A = span(0, 2, 'PER');
const B = span(10, 11, 'LOC');
const C = span(20, 22, 'ORG');
const D = span(30, 31, 'PER');
const X = span(5, 6, 'ORG'); // spurious, in both
const Y = span(25, 26, 'LOC'); // spurious, baseline only
const Z = span(35, 37, 'PER'); // spurious, variant only
const GOLD = [A, B, C, D];
const BASE = [A, B, X, Y];
const SWAP = [A, C, X, Z]; // same counts as BASE, different items

describe('ablate on a hand-built corpus', () => {
  const corpus = makeCorpus(GOLD, [BASE, SWAP, BASE, [A]], ['base', 'swap', 'copy', 'precise']);
  const a = ablate(corpus, 'base');
  const swap = a.variants[0];

  it('lists every other system as a variant, in input order, with the settings', () => {
    expect(a.baseline).toBe('base');
    expect(a.variants.map((v) => v.name)).toEqual(['swap', 'copy', 'precise']);
    expect(a).toMatchObject({ match: 'strict', beta: 1, kAlpha: 1, zeroDivision: 'gerbil', goldItems: 4 });
    expect([a.sameF, a.different, a.examples]).toEqual([DEFAULT_SAME_F, DEFAULT_DIFFERENT, DEFAULT_ABLATION_EXAMPLES]);
    expect(a.baselineScores).toMatchObject({ name: 'base', tp: 2, fp: 2, fn: 2, precision: 0.5, recall: 0.5, f: 0.5 });
  });

  it('counts the items gained, lost, introduced and removed, with examples in corpus order', () => {
    expect([swap.gainedCount, swap.lostCount, swap.introducedCount, swap.removedCount]).toEqual([1, 1, 1, 1]);
    expect(swap.gained).toEqual([{ doc: 'd1', sentence: 3, start: 0, end: 2, label: 'ORG', text: 'w20 w21' }]);
    expect(swap.lost).toEqual([{ doc: 'd1', sentence: 2, start: 0, end: 1, label: 'LOC', text: 'w10' }]);
    expect(swap.introduced).toEqual([{ doc: 'd1', sentence: 4, start: 5, end: 7, label: 'PER', text: 'w35 w36' }]);
    expect(swap.removed).toEqual([{ doc: 'd1', sentence: 3, start: 5, end: 6, label: 'LOC', text: 'w25' }]);
  });

  it('gives the same score with different behaviour: ΔF = 0, F_Comp = 1/2 both ways, flagged', () => {
    expect([swap.deltaP, swap.deltaR, swap.deltaF, swap.deltaSer, swap.deltaK]).toEqual([0, 0, 0, 0, 0]);
    // FN_base = {C, D}, swap finds C; FP_base = {X, Y}, swap avoids Y. And symmetrically.
    expect(swap.fromVariant).toEqual({ pComp: 0.5, rComp: 0.5, fComp: 0.5, fBetaComp: 0.5 });
    expect(swap.fromBaseline).toEqual({ pComp: 0.5, rComp: 0.5, fComp: 0.5, fBetaComp: 0.5 });
    // |{A, X}| / |{A, B, C, X, Y, Z}|.
    expect(swap.jaccard).toBeCloseTo(2 / 6, 15);
    expect(swap.sameScoreDifferentBehaviour).toBe(true);
  });

  it('does not flag a copy of the baseline: nothing changes, F_Comp = 0 both ways', () => {
    const copy = a.variants[1];
    expect([copy.gainedCount, copy.lostCount, copy.introducedCount, copy.removedCount]).toEqual([0, 0, 0, 0]);
    expect([copy.gained, copy.lost, copy.introduced, copy.removed]).toEqual([[], [], [], []]);
    expect(copy.fromVariant.fComp).toBe(0);
    expect(copy.fromBaseline.fComp).toBe(0);
    expect(copy.jaccard).toBe(1);
    expect(copy.sameScoreDifferentBehaviour).toBe(false);
  });

  it('leaves complementarity undefined where the complemented system has nothing to fix', () => {
    const precise = a.variants[2]; // returns only A: no spurious item
    expect(precise.scores).toMatchObject({ tp: 1, fp: 0, fn: 3 });
    // Comp(precise, base): P_Comp = 1 − |FP_precise ∩ FP_base| / |FP_precise| = 0/0.
    expect(precise.fromBaseline.pComp).toBeNull();
    expect(precise.fromBaseline.fComp).toBeNull();
    expect(precise.fromBaseline.rComp).toBeCloseTo(1 / 3, 15); // base finds B of precise's misses B, C, D
    expect(precise.fromVariant).toEqual({ pComp: 1, rComp: 0, fComp: 0, fBetaComp: 0 });
    // P 1 vs 0.5, R 0.25 vs 0.5: F 0.4 vs 0.5.
    expect(precise.deltaP).toBe(0.5);
    expect(precise.deltaR).toBe(-0.25);
    expect(precise.deltaF).toBeCloseTo(-0.1, 15);
    expect(precise.sameScoreDifferentBehaviour).toBe(false);
  });

  it('keeps at most `examples` items per list and counts all of them', () => {
    const many = makeCorpus(GOLD, [[], GOLD], ['empty', 'full']);
    const one = ablate(many, 'empty', { examples: 1 });
    expect(one.variants[0].gainedCount).toBe(4);
    expect(one.variants[0].gained.map((e) => e.text)).toEqual(['w0 w1']);
    const none = ablate(many, 'empty', { examples: 0 });
    expect(none.variants[0].gained).toEqual([]);
    expect(none.variants[0].gainedCount).toBe(4);
    // Corpus order even though the variant lists its spans backwards.
    const backwards = ablate(makeCorpus(GOLD, [[], [...GOLD].reverse()], ['empty', 'rev']), 'empty');
    expect(backwards.variants[0].gained.map((e) => e.sentence)).toEqual([1, 2, 3, 4]);
  });

  it('under boundary match, a type change is neither gained nor lost, and labels are not shown', () => {
    const relabelled = [span(0, 2, 'ORG'), B, span(20, 22, 'PER')];
    const c = makeCorpus(GOLD, [[A, B], relabelled], ['base', 'relabel']);
    const strict = ablate(c, 'base').variants[0];
    expect([strict.gainedCount, strict.lostCount, strict.introducedCount]).toEqual([0, 1, 2]);
    const loose = ablate(c, 'base', { match: 'boundary' }).variants[0];
    expect(loose.gained).toEqual([{ doc: 'd1', sentence: 3, start: 0, end: 2, label: null, text: 'w20 w21' }]);
    expect([loose.gainedCount, loose.lostCount, loose.introducedCount, loose.removedCount]).toEqual([1, 0, 0, 0]);
  });

  it('counts only the types asked for', () => {
    const per = ablate(corpus, 'base', { types: ['PER'] });
    const swapPer = per.variants[0];
    expect(per.goldItems).toBe(2);
    expect([swapPer.gainedCount, swapPer.lostCount, swapPer.introducedCount, swapPer.removedCount]).toEqual([0, 0, 1, 0]);
    expect(swapPer.scores).toMatchObject({ tp: 1, fp: 1, fn: 1 });
  });

  it('takes β for F_β and F_βComp, and the thresholds for the flag', () => {
    const b2 = ablate(corpus, 'base', { beta: 2 }).variants[2];
    // precise: P = 1, R = 1/4 → F2 = 5·0.25/(4 + 0.25); base: F2 = 0.5.
    expect(b2.deltaF).toBeCloseTo(1.25 / 4.25 - 0.5, 15);
    expect(b2.fromVariant.fBetaComp).toBe(0);
    expect(ablate(corpus, 'base', { different: 0.5 }).variants[0].sameScoreDifferentBehaviour).toBe(false);
    expect(ablate(corpus, 'base', { sameF: 0 }).variants[0].sameScoreDifferentBehaviour).toBe(false);
  });

  it('gives a null ΔSER when SER is infinite (no gold item, spurious items)', () => {
    const empty = makeCorpus([], [[X], [X, Y]], ['base', 'more']);
    const v = ablate(empty, 'base').variants[0];
    expect(v.scores.ser).toBe(Infinity);
    expect(v.deltaSer).toBeNull();
    expect(v.fromVariant.rComp).toBeNull(); // base misses nothing
  });

  it('rejects an unknown baseline, naming the systems, and overlap match', () => {
    expect(() => ablate(corpus, 'nope')).toThrow('no system named "nope" (systems: base, swap, copy, precise)');
    expect(() => ablate(corpus, 'base', { match: 'overlap' })).toThrow(ABLATION_OVERLAP_REASON);
  });
});

describe('sameScoreDifferentBehaviour', () => {
  it.each([
    // deltaF, F_Comp(B,V), F_Comp(V,B), expected
    [0, 0.3, 0, true],
    [-0.004, 0, 0.26, true],
    [0.005, 0.9, 0.9, false], // |ΔF| not below 0.005
    [0.001, 0.25, 0.25, false], // not above 0.25
    [0.001, null, 0.9, true],
    [0.001, null, 0.1, null], // one direction cannot be told
    [0.001, null, null, null],
    [0.02, null, null, false], // the score differs: no need to know
    [Number.NaN, 0.9, 0.9, null],
  ] as const)('ΔF %s, F_Comp %s / %s → %s', (deltaF, fv, fb, expected) => {
    expect(sameScoreDifferentBehaviour(deltaF, fv, fb, 0.005, 0.25)).toBe(expected);
  });
});

describe('ablate identities on random corpora', () => {
  it('agrees with evaluate and compareSystems, and the lists add up to the count changes', () => {
    fc.assert(fc.property(corpusArb(2, 4), fc.constantFrom('strict', 'boundary' as const), (corpus, match) => {
      const ev = evaluate(corpus, { match });
      const cmp = compareSystems(corpus, { match, beta: 1, examples: 0 });
      for (let b = 0; b < corpus.systems.length; b++) {
        const a = ablate(corpus, corpus.systems[b].name, { match, examples: 100 });
        const B = ev.systems[b];
        let k = 0;
        for (let v = 0; v < corpus.systems.length; v++) {
          if (v === b) continue;
          const r = a.variants[k++];
          const V = ev.systems[v];
          expect(r.name).toBe(V.name);
          expect(r.deltaF).toBe(V.f - B.f);
          expect(r.deltaP).toBe(V.precision - B.precision);
          expect(r.deltaR).toBe(V.recall - B.recall);
          expect(r.deltaK).toBe(V.k - B.k);
          const fromV = pairAt(cmp, b, v);
          const fromB = pairAt(cmp, v, b);
          expect(r.fromVariant).toEqual({ pComp: fromV.pComp, rComp: fromV.rComp, fComp: fromV.fComp, fBetaComp: fromV.fBetaComp });
          expect(r.fromBaseline).toEqual({ pComp: fromB.pComp, rComp: fromB.rComp, fComp: fromB.fComp, fBetaComp: fromB.fBetaComp });
          expect(r.jaccard).toBe(fromV.jaccard);
          expect(r.gainedCount - r.lostCount).toBe(V.tp - B.tp);
          expect(r.introducedCount - r.removedCount).toBe(V.fp - B.fp);
          if (B.fn > 0) expect(r.fromVariant.rComp).toBeCloseTo(r.gainedCount / B.fn, 12);
          if (B.fp > 0) expect(r.fromVariant.pComp).toBeCloseTo(r.removedCount / B.fp, 12);
          if (V.fn > 0) expect(r.fromBaseline.rComp).toBeCloseTo(r.lostCount / V.fn, 12);
          if (V.fp > 0) expect(r.fromBaseline.pComp).toBeCloseTo(r.introducedCount / V.fp, 12);
          expect(r.gained).toHaveLength(r.gainedCount);
          expect(r.removed).toHaveLength(r.removedCount);
        }
      }
    }), { numRuns: 150 });
  });
});

describe('ablate: option names', () => {
  const corpus = makeCorpus(GOLD, [BASE, SWAP], ['base', 'swap']);

  it('refuses a misspelt option, naming it and the option meant, its own and evaluate\'s', () => {
    unknownOption(() => ablate(corpus, 'base', { samef: 0.01 } as never), 'samef', 'sameF');
    unknownOption(() => ablate(corpus, 'base', { zeroDivison: 'zero' } as never), 'zeroDivison', 'zeroDivision');
    // An option of ablateGroups is none of ablate's.
    unknownOption(() => ablate(corpus, 'base', { paired: true } as never), 'paired');
    expect(ablate(corpus, 'base', { sameF: 0.01, zeroDivision: 'zero' }).sameF).toBe(0.01);
  });
});
