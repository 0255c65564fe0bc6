/**
 * The planner above 32 systems, where member sets have a high word (systems 32–63): on an
 * invented corpus of 64 systems, generated here, a candidate's counts equal what simulate and
 * eval give for every rule (simulate reads member lists, not bitmasks); the one-pass neighbour
 * and extension counts equal scoring each neighbour alone; every candidate greedy, beam and the
 * guided search record with a member above 31 has the objective of that direct computation; and
 * the store tells apart sets that differ only in their high word.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRule, type Rule } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex, ensembleOutput, simulate, type EnsembleIndex } from '../../src/ensemble/simulate.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../src/formats/load.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import type { Corpus } from '../../src/model/corpus.js';
import { buildPlanData, maskHiOf, maskOf, membersOf, substitutionsOf, type PlanData } from '../../src/plan/data.js';
import { actualBinary, actualCounts, actualVote, keptItems, needOf, setComp } from '../../src/plan/engine.js';
import { extensionCounts } from '../../src/plan/extensions.js';
import { bitHi, bitLo, setSize } from '../../src/plan/member-set.js';
import { additionCounts, neighbourSubstitutions, removalCounts } from '../../src/plan/neighbours.js';
import { parseObjective } from '../../src/plan/objective.js';
import { Scorer } from '../../src/plan/scores.js';
import { search, searchSettings } from '../../src/plan/search.js';
import { CandidateStore } from '../../src/plan/store.js';
import { setComplementarity } from '../../src/complementarity/comp.js';
import { random, writeManySystems } from '../helpers/many-systems.js';

const files = writeManySystems(64, 12, 5);
afterAll(() => rmSync(files.dir, { recursive: true, force: true }));

const corpus: Corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: files.gold, systems: files.systems.map(parseSystemArg) });
const index: EnsembleIndex = buildEnsembleIndex(corpus);
const data: PlanData = buildPlanData(index);

const RULES: Rule[] = [
  ...['union', 'intersection', 'majority', 'kofn:2', 'kofn:3', 'vote'].map((r) => parseRule(r)),
  parseRule('weighted', { kind: 'f1' }), { kind: 'weighted', weights: { kind: 'label-f1' } },
];

/** What simulate + eval say of the ensemble of `members` (a list: no bitmask involved). */
function reference(members: number[], rule: Rule) {
  const result = simulate(index, members, rule);
  const s = evaluate({ ...corpus, systems: [ensembleOutput(index, result)] }).systems[0];
  return { tp: s.tp, fp: s.fp, fn: s.fn, s: s.s, ties: result.ties };
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k);
const rand = random(3);
/** Member sets across both words: fixed ones at the edges of the words, and random ones. */
const SETS: number[][] = [
  [0, 33, 63], [31, 32], [32], [63], [5, 40, 41, 50, 63], range(32, 64), range(0, 64), range(20, 44), [1, 2, 34, 35],
  ...Array.from({ length: 12 }, () => range(0, 64).filter(() => rand() < 0.3)).filter((s) => s.length > 0),
];

describe('the planner above 32 systems', () => {
  it('builds data whose high words hold systems 32–63', () => {
    expect(data.n).toBe(64);
    for (const m of [0, 31, 32, 47, 63]) {
      for (const i of data.memberItems[m]) expect(membersOf(data.mask[i], data.maskHi[i])).toContain(m);
    }
    // Every item's mask names exactly the systems that return it.
    const count = new Int32Array(data.u);
    for (let m = 0; m < 64; m++) for (const i of data.memberItems[m]) count[i]++;
    for (let i = 0; i < data.u; i++) expect(setSize(data.mask[i], data.maskHi[i])).toBe(count[i]);
  });

  it('counts a candidate with members above 31 as simulate and eval do, for every rule', () => {
    for (const members of SETS) {
      for (const rule of RULES) {
        if (rule.kind === 'kofn' && rule.k > members.length) continue;
        const S = maskOf(members);
        const Shi = maskHiOf(members);
        expect(actualCounts(data, S, Shi, rule, true), `${rule.kind} of [${members}]`).toEqual(reference(members, rule));
        const keep = keptItems(data, S, Shi, rule);
        const ids = [...keep.keys()].filter((i) => keep[i] === 1).map((i) => data.globalId[i]).sort((a, b) => a - b);
        expect(ids, `${rule.kind} of [${members}]`).toEqual([...simulate(index, members, rule).items.toArray()]);
      }
    }
  });

  it('gives the set-level complementarity of a system above 31 as the bitsets do', () => {
    for (const members of SETS.slice(0, 6)) {
      for (const x of [0, 31, 32, 62]) {
        if (members.includes(x)) continue;
        const want = setComplementarity(members.map((m) => index.universe.systems[m]), index.universe.systems[x], index.universe.gold);
        expect(setComp(data, maskOf(members), maskHiOf(members), x)).toEqual({ pComp: want.pComp, rComp: want.rComp, fComp: want.fComp });
      }
    }
  });

  it('counts every neighbour in one pass as scoring it alone does (both words)', () => {
    for (const members of SETS) {
      const S = maskOf(members);
      const Shi = maskHiOf(members);
      const size = members.length;
      for (const need of [1, 2, Math.floor((size + 1) / 2) + 1, size + 1]) {
        const add = additionCounts(data, S, Shi, need);
        const addSubs = neighbourSubstitutions(data, S, Shi, need, true);
        const rem = removalCounts(data, S, Shi, need);
        const remSubs = neighbourSubstitutions(data, S, Shi, need, false);
        for (let x = 0; x < 64; x++) {
          const inside = members.includes(x);
          const T = inside ? S & ~bitLo(x) : S | bitLo(x);
          const Thi = inside ? Shi & ~bitHi(x) : Shi | bitHi(x);
          if (setSize(T, Thi) === 0) continue;
          const a = actualBinary(data, T, Thi, need, true);
          const got = inside ? { tp: rem.tp[x], fp: rem.fp[x], s: remSubs[x] } : { tp: add.tp[x], fp: add.fp[x], s: addSubs[x] };
          expect(got, `${inside ? 'remove' : 'add'} ${x}, need ${need}, [${members}]`).toEqual({ tp: a.tp, fp: a.fp, s: substitutionsOf(data, T, Thi, need) });
        }
      }
    }
  });

  it('counts every extension of a counted vote in one pass as one vote each (both words)', () => {
    const L = Math.max(1, data.labels.length);
    const alone = (c: Int32Array) => {
      const label = new Float64Array(64 * L);
      for (let m = 0; m < 64; m++) label.fill(c[m], m * L, (m + 1) * L);
      const members = range(0, 64).filter((m) => c[m] > 0);
      return actualVote(data, maskOf(members), maskHiOf(members), { unit: false, label, o: Float64Array.from(c) });
    };
    for (const members of [[], ...SETS.slice(0, 8)]) {
      const counts = new Int32Array(64);
      members.forEach((m, i) => { counts[m] = 1 + (i % 3); });
      const ext = extensionCounts(data, maskOf(members), maskHiOf(members), counts);
      for (const m of [0, 7, 31, 32, 33, 50, 63]) {
        const c = Int32Array.from(counts);
        c[m]++;
        expect(ext[m], `add ${m} to [${members}]`).toEqual(alone(c));
      }
    }
  });

  it('majority of {0, 33, 63}: the search scores it as simulate does', () => {
    const objective = parseObjective('f1');
    const scorer = new Scorer(objective, { beta: 1, kAlpha: 1, zeroDivision: 'gerbil' }, new Float64Array(64).fill(1));
    const c = reference([0, 33, 63], parseRule('majority'));
    const got = actualCounts(data, bitLo(0), bitHi(33) | bitHi(63), parseRule('majority'), true);
    expect(got).toEqual(c);
    expect(scorer.value(got, 3, scorer.costOf(bitLo(0), bitHi(33) | bitHi(63)))).toBe(scorer.value(c, 3, 3));
  });

  for (const strategy of ['greedy', 'beam', 'guided'] as const) {
    it(`${strategy}: every candidate it records with a member above 31 has the objective simulate gives`, () => {
      const rules = ['majority', 'kofn:3', 'vote'].map((r) => parseRule(r));
      const scorer = new Scorer(parseObjective('f1'), { beta: 1, kAlpha: 1, zeroDivision: 'gerbil' }, new Float64Array(64).fill(1));
      const p = search(data, scorer, searchSettings(64, { rules, search: strategy, guidedBudget: 60, threads: 1 }), undefined);
      expect(p.strategies).toContain(strategy);
      const { store } = p.ctx;
      const wide: number[] = [];
      for (let k = 0; k < store.length; k++) if (store.masksHi[k] !== 0) wide.push(k);
      expect(wide.length).toBeGreaterThan(10);
      // Every tenth, and every listed one.
      const listed = p.listed.map((l) => store.find(l.S, l.Shi, l.ruleIndex));
      const checked = [...new Set([...wide.filter((_, i) => i % 10 === 0), ...listed])];
      for (const k of checked) {
        const members = membersOf(store.masks[k], store.masksHi[k]);
        const rule = rules[store.rules[k]];
        // kofn:3 of fewer than three members keeps nothing (simulate refuses it).
        const counts = needOf(rule, members.length) === Infinity ? { tp: 0, fp: 0, fn: data.goldSize, s: 0 } : reference(members, rule);
        expect(store.actual[k], `${rule.kind} of [${members}]`).toBe(scorer.value(counts, members.length, members.length));
      }
      // The listed candidates are the store's best, in order.
      for (let i = 1; i < listed.length; i++) expect(store.actual[listed[i]]).toBeLessThanOrEqual(store.actual[listed[i - 1]]);
      for (let k = 0; k < store.length; k++) expect(store.actual[k]).toBeLessThanOrEqual(store.actual[listed[0]]);
    });
  }

  it('refuses exhaustive search above 30 systems, and auto never picks it there', () => {
    const scorer = new Scorer(parseObjective('f1'), { beta: 1, kAlpha: 1, zeroDivision: 'gerbil' }, new Float64Array(64).fill(1));
    expect(() => search(data, scorer, searchSettings(64, { search: 'exhaustive', maxSize: 2 }), undefined))
      .toThrow('search exhaustive takes at most 30 systems, got 64; use search greedy|beam|guided');
    const auto = search(data, scorer, searchSettings(64, { search: 'auto', maxSize: 1, rules: [parseRule('union')] }), undefined);
    expect(auto.strategies).not.toContain('exhaustive');
  });

  it('keeps sets that differ only in their high word apart in the store', () => {
    const store = new CandidateStore();
    const sets: Array<[number, number]> = [[5, 0], [5, 1], [5, -2147483648], [5, 3], [0, 1], [-2147483648, 0], [-2147483648, 1]];
    sets.forEach(([lo, hi], i) => expect(store.add(lo, hi, 2, i)).toBe(i));
    sets.forEach(([lo, hi], i) => {
      expect(store.find(lo, hi, 2)).toBe(i);
      expect(store.find(lo, hi, 3)).toBe(-1);
      expect(store.masks[i]).toBe(lo);
      expect(store.masksHi[i]).toBe(hi);
      // A repeat returns the first record.
      expect(store.add(lo, hi, 2, 99)).toBe(i);
    });
    expect(store.length).toBe(sets.length);
  });
});
