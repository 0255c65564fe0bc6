/**
 * Choices that travel: a candidate resolved on the data that chose it (members by name, weights
 * as numbers, the tie-break order) and applied to other data, and counts per unit.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRule, type Rule } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import type { Corpus } from '../../src/model/corpus.js';
import { choiceCounts, choiceKept, choiceOf, choiceText, choiceWeights, countsByUnit, sumCounts } from '../../src/plan/choice.js';
import { buildPlanData, maskOf } from '../../src/plan/data.js';
import { actualCounts } from '../../src/plan/engine.js';
import { corpusArb, makeCorpus, span } from '../helpers/corpus.js';

const RULES: Rule[] = [...['union', 'intersection', 'majority', 'kofn:2', 'vote', 'weighted'].map((r) => parseRule(r)), { kind: 'weighted', weights: { kind: 'label-f1' } }];
const subsetArb = fc.array(fc.boolean(), { minLength: 6, maxLength: 6 });
const membersOf = (corpus: Corpus, pick: boolean[]) => {
  const m = corpus.systems.map((_, k) => k).filter((k) => pick[k]);
  return m.length === 0 ? [0] : m;
};

describe('choices', () => {
  it('score on the data that chose them what the planner scores', () => {
    fc.assert(
      fc.property(corpusArb(2, 6), subsetArb, fc.constantFrom(...RULES), (corpus, pick, rule) => {
        const members = membersOf(corpus, pick);
        if (rule.kind === 'kofn' && rule.k > members.length) return;
        const data = buildPlanData(buildEnsembleIndex(corpus));
        const choice = choiceOf(data, maskOf(members), rule);
        expect(choice.members).toEqual(members.map((m) => data.names[m]));
        expect([...choice.tieBreak].sort()).toEqual([...choice.members].sort());
        if (rule.kind === 'weighted') expect(['given', 'table']).toContain((choice.rule as Extract<Rule, { kind: 'weighted' }>).weights.kind);
        expect(choiceCounts(data, choice)).toEqual(actualCounts(data, maskOf(members), 0, rule, true));
      }),
      { numRuns: 300 },
    );
  });

  it('apply by name to data whose systems come in another order, with the same result', () => {
    // One label per boundary per system, as BIO input gives: a system proposing two labels at one
    // boundary (JSONL, BRAT) votes for the first in universe order, which the system order moves.
    const onePerBoundary = corpusArb(2, 6).map((c) => ({
      ...c,
      systems: c.systems.map((x) => ({ ...x, spans: x.spans.filter((a, i) => x.spans.findIndex((b) => b.start === a.start && b.end === a.end) === i) })),
    }));
    fc.assert(
      fc.property(onePerBoundary, subsetArb, fc.constantFrom(...RULES), (corpus, pick, rule) => {
        const members = membersOf(corpus, pick);
        if (rule.kind === 'kofn' && rule.k > members.length) return;
        const data = buildPlanData(buildEnsembleIndex(corpus));
        const choice = choiceOf(data, maskOf(members), rule);
        const reversed = buildPlanData(buildEnsembleIndex({ ...corpus, systems: [...corpus.systems].reverse() }));
        expect(choiceCounts(reversed, choice)).toEqual(choiceCounts(data, choice));
      }),
      { numRuns: 200 },
    );
  });

  it('keep the weights of the data that chose them', () => {
    // s0 is right on the first half, s1 on the second: their F1 differ between the halves.
    const gold = [span(0, 2, 'PER'), span(12, 13, 'LOC'), span(22, 24, 'ORG'), span(32, 33, 'PER')];
    const corpus = makeCorpus(gold, [[gold[0], gold[1], span(22, 24, 'PER')], [span(0, 2, 'LOC'), gold[2], gold[3]], [gold[0], gold[3]]], ['a', 'b', 'c']);
    const index = buildEnsembleIndex(corpus);
    const all = buildPlanData(index);
    const choice = choiceOf(all, 0b111, parseRule('weighted'));
    expect(choiceWeights(choice)).toEqual({ a: all.f1[0], b: all.f1[1], c: all.f1[2] });
    // Resolved on all data and applied to a part: the same weights as on all data, not the part's.
    const part = buildPlanData(index, { units: 'sentence', select: (s) => s < 2 });
    const onPart = choiceOf(part, 0b111, parseRule('weighted'));
    expect(choiceWeights(onPart)).not.toEqual(choiceWeights(choice));
    const kept = choiceKept(part, choice);
    expect(sumCounts(countsByUnit(part, kept))).toMatchObject({ tp: choiceCounts(part, choice).tp });
    expect(() => choiceCounts(buildPlanData(buildEnsembleIndex({ ...corpus, systems: corpus.systems.slice(0, 2) })), choice)).toThrow(/"c"/);
    expect(choiceText({ members: ['a', 'b'], rule: { kind: 'weighted', weights: { kind: 'given', weights: new Map([['a', 2], ['b', 1]]) } }, tieBreak: ['a', 'b'] })).toBe('weighted(a×2+b)');
  });

  it('count per unit what they count in all', () => {
    fc.assert(
      fc.property(corpusArb(2, 5), subsetArb, fc.constantFrom(...RULES), fc.constantFrom('document', 'sentence') as fc.Arbitrary<'document' | 'sentence'>, (corpus, pick, rule, units) => {
        const members = membersOf(corpus, pick);
        if (rule.kind === 'kofn' && rule.k > members.length) return;
        const data = buildPlanData(buildEnsembleIndex(corpus), { units });
        const choice = choiceOf(data, maskOf(members), rule);
        const per = countsByUnit(data, choiceKept(data, choice));
        expect(per).toHaveLength(4 * (units === 'sentence' ? 4 : 1));
        const c = choiceCounts(data, choice);
        expect(sumCounts(per)).toEqual({ tp: c.tp, fp: c.fp, fn: c.fn, s: c.s });
      }),
      { numRuns: 200 },
    );
  });
});
