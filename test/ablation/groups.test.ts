/**
 * Ablation with groups of runs (src/ablation/groups.ts) on a hand-built corpus: the comparisons
 * (paired by position, or every variant run with every baseline run), the mean and standard
 * deviation of the deltas against `evaluate`, the stable and unstable items against sets
 * intersected by hand, the per-type statistics against `evaluate --types`, the test's
 * determinism, and the edge cases (one run, a run identical to the baseline, unequal counts).
 */
import { describe, expect, it } from 'vitest';
import { ablate } from '../../src/ablation/ablate.js';
import { itemContext } from '../../src/ablation/context.js';
import { ablateGroups, comparisonPairs, pooledDeltaSd } from '../../src/ablation/groups.js';
import { verdict } from '../../src/ablation/verdict.js';
import { pText } from '../../src/report/number.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import { makeCorpus, span } from '../helpers/corpus.js';
import { UsageError } from '../../src/errors.js';
import { unknownOption } from '../helpers/errors.js';

// Gold: A (sentence 1), B (2), C (3), D (4); X, Y, Z spurious.
const A = span(0, 2, 'PER');
const B = span(10, 11, 'LOC');
const C = span(20, 22, 'ORG');
const D = span(30, 31, 'PER');
const X = span(5, 6, 'ORG');
const Y = span(25, 26, 'LOC');
const Z = span(35, 37, 'PER');
const RUNS = {
  b1: [A, B, X], b2: [A, X, Y], b3: [A, B],
  v1: [A, B, C], v2: [A, C, Z], v3: [A, B, C, D],
  copy1: [A, B, X], copy2: [A, X, Y], copy3: [A, B],
};
const NAMES = Object.keys(RUNS);
const corpus = makeCorpus([A, B, C, D], Object.values(RUNS), NAMES);
const GROUPS = [
  { name: 'base', runs: ['b1', 'b2', 'b3'] },
  { name: 'variant', runs: ['v1', 'v2', 'v3'] },
  { name: 'copy', runs: ['copy1', 'copy2', 'copy3'] },
];
const f = (name: string, types?: string[]) => evaluate(corpus, types === undefined ? {} : { types }).systems[NAMES.indexOf(name)];
const sd = (xs: number[]) => {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
};

describe('ablateGroups, paired by position', () => {
  const g = ablateGroups(corpus, GROUPS, 'base', { paired: true, examples: 10 });
  const v = g.variants.find((x) => x.name === 'variant')!;

  it('compares run i with run i and reports every other group as a variant, in name order', () => {
    expect(g.variants.map((x) => x.name)).toEqual(['copy', 'variant']);
    expect(v.comparisons.map((c) => [c.baseline, c.name])).toEqual([['b1', 'v1'], ['b2', 'v2'], ['b3', 'v3']]);
    expect(g.baselineRuns).toEqual(['b1', 'b2', 'b3']);
    expect(v.runs).toEqual(['v1', 'v2', 'v3']);
  });

  it('gives the mean and sample standard deviation (n − 1) of the pairs\' deltas from evaluate', () => {
    const deltas = [0, 1, 2].map((i) => f(`v${i + 1}`).f - f(`b${i + 1}`).f);
    expect(v.meanDelta.f).toBe((deltas[0] + deltas[1] + deltas[2]) / 3);
    expect(v.sdDelta.f).toBeCloseTo(sd(deltas), 14);
    const dp = [0, 1, 2].map((i) => f(`v${i + 1}`).precision - f(`b${i + 1}`).precision);
    expect(v.meanDelta.precision).toBeCloseTo((dp[0] + dp[1] + dp[2]) / 3, 14);
    expect(v.sdDelta.precision).toBeCloseTo(sd(dp), 14);
    expect(v.mean.f).toBeCloseTo((f('v1').f + f('v2').f + f('v3').f) / 3, 14);
    expect(g.baselineMean.f).toBeCloseTo((f('b1').f + f('b2').f + f('b3').f) / 3, 14);
    expect(g.baselineSd.f).toBeCloseTo(sd([f('b1').f, f('b2').f, f('b3').f]), 14);
  });

  it('separates the items gained in every pair from those gained in some', () => {
    // Gained: {C}, {C}, {C, D}. Lost: none. Introduced: {Z} in pair 2 only. Removed: {X}, {X, Y}, {}.
    expect(v.stable.gained.count).toBe(1);
    expect(v.stable.gained.items.map((e) => e.text)).toEqual(['w20 w21']);
    expect(v.stable.gained.items[0].context).toBe('[w20 w21] w22 w23 w24 w25 w26 w27 w28 w29');
    expect(v.unstable.gained).toMatchObject({ count: 1, items: [{ text: 'w30', comparisons: 1 }] });
    expect([v.stable.lost.count, v.unstable.lost.count]).toEqual([0, 0]);
    expect([v.stable.introduced.count, v.unstable.introduced.count]).toEqual([0, 1]);
    expect([v.stable.removed.count, v.unstable.removed.count]).toEqual([0, 2]);
    expect(v.unstable.removed.items.map((e) => [e.text, e.comparisons])).toEqual([['w5', 2], ['w25', 1]]);
  });

  it('tests the mean ΔF: observed equals the mean, the interval holds it, p in (0, 1]', () => {
    expect(v.test.observed).toBeCloseTo(v.meanDelta.f, 14);
    expect(v.test.low).toBeLessThanOrEqual(v.test.high);
    for (const p of [v.test.pBootstrap, v.test.pRandomization]) {
      expect(p).toBeGreaterThan(0);
      expect(p).toBeLessThanOrEqual(1);
    }
    expect(v.verdict.text).toMatch(/^\+\d+\.\d\d F1, .*, p = \d\.\d+$/);
  });

  it('is deterministic for a seed', () => {
    const again = ablateGroups(corpus, GROUPS, 'base', { paired: true, examples: 10 });
    expect(again).toEqual(g);
    const other = ablateGroups(corpus, GROUPS, 'base', { paired: true, examples: 10, seed: 7, samples: 200 });
    expect(other.seed).toBe(7);
    expect(other.variants[1].meanDelta).toEqual(v.meanDelta);
  });

  it('gives a copy of the baseline no change: Δ 0, sd 0, p 1, within run-to-run noise', () => {
    const copy = g.variants[0];
    expect(copy.meanDelta).toEqual({ precision: 0, recall: 0, f: 0, ser: 0, k: 0 });
    expect(copy.sdDelta.f).toBe(0);
    expect(copy.test.pRandomization).toBe(1);
    for (const k of ['gained', 'lost', 'introduced', 'removed'] as const) expect([copy.stable[k].count, copy.unstable[k].count]).toEqual([0, 0]);
    expect(copy.verdict).toEqual({ text: '0.00 F1, within run-to-run noise, p = 1.00', significant: false, beyondNoise: false });
  });

  it('gives per-type deltas equal to those of evaluate with that type only', () => {
    expect(v.byType.map((t) => t.type)).toEqual(['LOC', 'ORG', 'PER']);
    const per = v.byType.find((t) => t.type === 'PER')!;
    const deltas = [0, 1, 2].map((i) => f(`v${i + 1}`, ['PER']).f - f(`b${i + 1}`, ['PER']).f);
    expect(per.meanDelta.f).toBeCloseTo((deltas[0] + deltas[1] + deltas[2]) / 3, 14);
    expect(per.sdDelta.f).toBeCloseTo(sd(deltas), 14);
    expect(per.test.observed).toBeCloseTo(per.meanDelta.f, 14);
  });

  it('refuses groups of different sizes', () => {
    expect(() => ablateGroups(corpus, [GROUPS[0], { name: 'two', runs: ['v1', 'v2'] }], 'base', { paired: true }))
      .toThrow('paired runs need as many runs on each side, got 3 and 2');
    expect(() => comparisonPairs([0, 1], [2], true)).toThrow(UsageError);
  });
});

describe('ablateGroups, unpaired', () => {
  const g = ablateGroups(corpus, GROUPS.slice(0, 2), 'base', { examples: 10 });
  const v = g.variants[0];

  it('compares every variant run with every baseline run: the mean Δ is the difference of the means', () => {
    expect(v.comparisons).toHaveLength(9);
    const meanOf = (names: string[]) => names.reduce((a, n) => a + f(n).f, 0) / names.length;
    expect(v.meanDelta.f).toBeCloseTo(meanOf(['v1', 'v2', 'v3']) - meanOf(['b1', 'b2', 'b3']), 14);
    expect(v.test.observed).toBeCloseTo(v.meanDelta.f, 14);
  });

  it('gives √2 times the pooled standard deviation of a run', () => {
    const vs = ['v1', 'v2', 'v3'].map((n) => f(n).f);
    const bs = ['b1', 'b2', 'b3'].map((n) => f(n).f);
    const pooled = (2 * sd(vs) ** 2 + 2 * sd(bs) ** 2) / 4;
    expect(v.sdDelta.f).toBeCloseTo(Math.sqrt(2 * pooled), 14);
    expect(pooledDeltaSd([1, 3], [2])).toBe(2);
    expect(pooledDeltaSd([1], [2])).toBeNull();
    expect(pooledDeltaSd([1, null], [2])).toBeNull();
  });

  it('keeps as stable the items every variant run finds and no baseline run does', () => {
    // ∩V ∩ gold = {A, C}; ∪B = {A, B, X, Y}: stable gained {C}.
    expect(v.stable.gained.items.map((e) => e.text)).toEqual(['w20 w21']);
    // Lost in some comparison: B (found by b1, b3; missed by v2).
    expect(v.unstable.lost.items.map((e) => [e.text, e.comparisons])).toEqual([['w10', 2]]);
  });
});

describe('ablateGroups with one run on each side', () => {
  const g = ablateGroups(corpus, [{ name: 'b1', runs: ['b1'] }, { name: 'v1', runs: ['v1'] }], 'b1', { examples: 10 });
  const v = g.variants[0];

  it('is one-to-one ablate, with undefined standard deviations', () => {
    const { baseline, ...comparison } = v.comparisons[0];
    expect(baseline).toBe('b1');
    const one = ablate(makeCorpus([A, B, C, D], [RUNS.b1, RUNS.v1], ['b1', 'v1']), 'b1', { examples: 10 }).variants[0];
    expect(comparison).toEqual(one);
    expect(v.meanDelta.f).toBe(one.deltaF);
    expect(v.sdDelta).toEqual({ precision: null, recall: null, f: null, ser: null, k: null });
    expect(v.stable.gained.count).toBe(one.gainedCount);
    expect(v.unstable.gained.count).toBe(0);
    expect(v.verdict.beyondNoise).toBeNull();
    expect(v.verdict.text).toMatch(/run-to-run noise unknown \(one run\), p = /);
  });

  it('refuses an unknown baseline or run, an empty group and a repeated name', () => {
    expect(() => ablateGroups(corpus, GROUPS, 'nope')).toThrow('no group named "nope" (groups: base, variant, copy)');
    expect(() => ablateGroups(corpus, [...GROUPS, { name: 'x', runs: ['missing'] }], 'base')).toThrow('no system named "missing"');
    expect(() => ablateGroups(corpus, [...GROUPS, { name: 'x', runs: [] }], 'base')).toThrow('group "x" has no run');
    expect(() => ablateGroups(corpus, [...GROUPS, GROUPS[1]], 'base')).toThrow('two groups are named "variant"');
  });
});

describe('the verdict', () => {
  it('follows the rule: significant and beyond the noise, within it, consistent but not significant, one run', () => {
    expect(verdict(0.0061, 0.002, 0.003).text).toBe('+0.61 F1, larger than run-to-run noise, p = 0.003');
    expect(verdict(0.0009, 0.0053, 0.71).text).toBe('+0.09 F1, within run-to-run noise, p = 0.71');
    expect(verdict(0.0009, 0.0053, 0.001)).toMatchObject({ significant: true, beyondNoise: false });
    // Below 0.001 the sentence says p < 0.001, not "p = < 0.001".
    expect(verdict(-0.0149, null, 0.0005).text).toBe('-1.49 F1, significant on this test set, run-to-run noise unknown (one run), p < 0.001');
    expect(verdict(-0.004, 0.001, 0.2).text).toBe('-0.40 F1, consistent across runs, not significant on this test set, p = 0.20');
    expect(verdict(0.004, null, 0.01, 'F2').text).toBe('+0.40 F2, significant on this test set, run-to-run noise unknown (one run), p = 0.010');
    expect(verdict(0.004, null, Number.NaN).significant).toBe(false);
    expect([pText(0.0499), pText(0.1), pText(1), pText(Number.NaN)]).toEqual(['0.0499', '0.10', '1.00', '—']);
  });
});

describe('itemContext', () => {
  it('brackets the item in its sentence, cut to a window with …', () => {
    expect(itemContext(corpus, span(14, 16, 'PER'), 2)).toBe('… w12 w13 [w14 w15] w16 w17 …');
    expect(itemContext(corpus, span(10, 11, 'PER'), 2)).toBe('[w10] w11 w12 …');
  });
});

describe('ablateGroups: option names', () => {
  it('refuses a misspelt option, naming it and the option meant, its own, ablate\'s and evaluate\'s', () => {
    unknownOption(() => ablateGroups(corpus, GROUPS, 'base', { pairde: true } as never), 'pairde', 'paired');
    unknownOption(() => ablateGroups(corpus, GROUPS, 'base', { Different: 0.3 } as never), 'Different', 'different');
    unknownOption(() => ablateGroups(corpus, GROUPS, 'base', { mach: 'strict' } as never), 'mach', 'match');
    const g = ablateGroups(corpus, GROUPS, 'base', { paired: true, different: 0.3, match: 'strict', samples: 50 });
    expect(g.variants.map((x) => x.name)).toEqual(['copy', 'variant']);
  });
});
