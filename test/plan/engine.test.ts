import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRule, type Rule } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex, ensembleOutput, simulate } from '../../src/ensemble/simulate.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import { prf } from '../../src/metrics/prf.js';
import type { Corpus } from '../../src/model/corpus.js';
import { buildPlanData, maskOf, membersOf } from '../../src/plan/data.js';
import { actualCounts, keptItems, setComp, voteWeights } from '../../src/plan/engine.js';
import { setComplementarity } from '../../src/complementarity/comp.js';
import { corpusArb, makeCorpus, span } from '../helpers/corpus.js';

const RULES: Rule[] = ['union', 'intersection', 'majority', 'kofn:2', 'vote', 'weighted'].map((r) => parseRule(r));
const LABEL_F1: Rule = { kind: 'weighted', weights: { kind: 'label-f1' } };

/** What simulate + eval say of a candidate: strict TP, FP, FN and S. */
function reference(corpus: Corpus, members: number[], rule: Rule) {
  const index = buildEnsembleIndex(corpus);
  const result = simulate(index, members, rule);
  const s = evaluate({ ...corpus, systems: [ensembleOutput(index, result)] }).systems[0];
  return { tp: s.tp, fp: s.fp, fn: s.fn, s: s.s, ties: result.ties };
}

const subsetArb = fc.array(fc.boolean(), { minLength: 6, maxLength: 6 });

describe('actual counts from member bitmasks', () => {
  it('equal simulate + eval for every rule (random corpora and member sets)', () => {
    fc.assert(
      fc.property(corpusArb(2, 6), subsetArb, fc.constantFrom(...RULES, LABEL_F1), (corpus, pick, rule) => {
        let members = corpus.systems.map((_, k) => k).filter((k) => pick[k]);
        if (members.length === 0) members = [0];
        if (rule.kind === 'kofn' && rule.k > members.length) return;
        const data = buildPlanData(buildEnsembleIndex(corpus));
        const got = actualCounts(data, maskOf(members), 0, rule, true);
        expect(got).toEqual(reference(corpus, members, rule));
      }),
      { numRuns: 400 },
    );
  });

  it('keptItems flags exactly the simulated items', () => {
    fc.assert(
      fc.property(corpusArb(2, 5), subsetArb, fc.constantFrom(...RULES), (corpus, pick, rule) => {
        let members = corpus.systems.map((_, k) => k).filter((k) => pick[k]);
        if (members.length === 0) members = [0];
        if (rule.kind === 'kofn' && rule.k > members.length) return;
        const index = buildEnsembleIndex(corpus);
        const data = buildPlanData(index);
        const keep = keptItems(data, maskOf(members), 0, rule);
        const ids = [...keep.keys()].filter((i) => keep[i] === 1).map((i) => data.globalId[i]).sort((a, b) => a - b);
        expect(ids).toEqual([...simulate(index, members, rule).items.toArray()]);
      }),
      { numRuns: 200 },
    );
  });

  it('counts substitutions as eval does when two labels meet one gold boundary', () => {
    // Gold PER at 0-2; A says LOC there, B says ORG there: union keeps both, S = 1, I = 1.
    const corpus = makeCorpus([span(0, 2, 'PER')], [[span(0, 2, 'LOC')], [span(0, 2, 'ORG')]]);
    const data = buildPlanData(buildEnsembleIndex(corpus));
    expect(actualCounts(data, 3, 0, { kind: 'union' }, true)).toMatchObject({ tp: 0, fp: 2, fn: 1, s: 1 });
    expect(data.s[0]).toBe(1);
  });
});

describe('weights and set complementarity', () => {
  it('given weights must name systems and cover the members', () => {
    const corpus = makeCorpus([span(0, 1, 'PER')], [[span(0, 1, 'PER')], [span(0, 1, 'LOC')]], ['a', 'b']);
    const data = buildPlanData(buildEnsembleIndex(corpus));
    expect(() => voteWeights(data, parseRule('weighted', { kind: 'given', weights: new Map([['a', 1]]) }))).toThrow(/no weight for system "b"/);
    expect(() => voteWeights(data, parseRule('weighted', { kind: 'given', weights: new Map([['a', 1], ['b', 1], ['c', 2]]) }))).toThrow(/"c" is not a system/);
  });

  it('setComp equals setComplementarity on the bitsets', () => {
    fc.assert(
      fc.property(corpusArb(3, 6), subsetArb, (corpus, pick) => {
        const n = corpus.systems.length;
        const members = corpus.systems.map((_, k) => k).filter((k) => pick[k] && k < n - 1);
        if (members.length === 0) return;
        const index = buildEnsembleIndex(corpus);
        const data = buildPlanData(index);
        const x = n - 1;
        const want = setComplementarity(members.map((m) => index.universe.systems[m]), index.universe.systems[x], index.universe.gold);
        const got = setComp(data, maskOf(members), 0, x);
        expect(got).toEqual({ pComp: want.pComp, rComp: want.rComp, fComp: want.fComp });
      }),
      { numRuns: 200 },
    );
  });
});

describe('planning data', () => {
  it('restricted to some documents counts only their items', () => {
    const corpus = makeCorpus([span(0, 1, 'PER', 0), span(5, 6, 'LOC', 1)], [[span(0, 1, 'PER', 0), span(5, 6, 'ORG', 1)], [span(5, 6, 'LOC', 1)]]);
    corpus.documents = [
      { index: 0, id: 'd0', start: 0, end: 4, firstSentence: 0, endSentence: 1 },
      { index: 1, id: 'd1', start: 4, end: 8, firstSentence: 1, endSentence: 2 },
    ];
    const index = buildEnsembleIndex(corpus);
    const d1 = buildPlanData(index, (d) => d === 1);
    expect(d1.goldSize).toBe(1);
    expect([...d1.tp]).toEqual([0, 1]);
    expect([...d1.fp]).toEqual([1, 0]);
    expect([...d1.s]).toEqual([1, 0]);
    expect(d1.rank[1]).toBe(0);
  });

  it('gives each system the F1, overall and per label, that eval gives it (random corpora)', () => {
    fc.assert(fc.property(corpusArb(1, 4), (corpus) => {
      const data = buildPlanData(buildEnsembleIndex(corpus));
      const report = evaluate(corpus);
      // From eval's counts, with the planner's F1 (prf's defaults for empty counts).
      report.systems.forEach((sys, m) => {
        expect(data.f1[m]).toBe(prf(sys).f);
        data.labels.forEach((label, l) => {
          const c = sys.byType[label] ?? { tp: 0, fp: 0, fn: 0 };
          expect(data.labelF1[m][l]).toBe(prf(c).f);
        });
      });
    }), { numRuns: 200 });
  });

  it('maskOf and membersOf are inverse', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 29 })), (ms) => {
      expect(membersOf(maskOf(ms), 0)).toEqual([...ms].sort((a, b) => a - b));
    }));
  });
});
