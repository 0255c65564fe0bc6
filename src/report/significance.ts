/**
 * Renderings of the pairwise significance tests of `eval --significance`: the JSON object and
 * one table (text, Markdown, LaTeX). Pure functions of the tests. Differences are shown in
 * points (ΔF1 of 0.0123 is 1.23), p-values as every table shows them (`pText`).
 */
import type { PairwiseTests } from '../metrics/pairwise-tests.js';
import type { UnitKind } from '../plan/data.js';
import { fixed, jsonNumber, percent, pText } from './number.js';
import type { Table } from './table.js';

/** The JSON object: the settings of the tests, then one entry per pair, rates as fractions. */
export function significanceJson(t: PairwiseTests): object {
  return {
    statistic: t.beta === 1 ? 'F1(A) - F1(B)' : `F${t.beta}(A) - F${t.beta}(B)`,
    unit: t.unit,
    units: t.units,
    samples: t.samples,
    seed: t.seed,
    confidence: t.confidence,
    pairs: t.pairs.map((p) => ({
      a: p.a, b: p.b, fA: jsonNumber(p.fA), fB: jsonNumber(p.fB), delta: jsonNumber(p.delta),
      low: jsonNumber(p.low), high: jsonNumber(p.high), se: jsonNumber(p.se),
      pBootstrap: jsonNumber(p.pBootstrap), pRandomization: jsonNumber(p.pRandomization), undefinedSamples: p.undefinedSamples, differing: p.differing,
    })),
  };
}

/** A signed number of points with two decimals (+1.23, -0.40). */
const points = (x: number) => (Number.isNaN(x) ? fixed(null) : `${x > 0 ? '+' : ''}${percent(x)}`);

/**
 * The tests whose two sides differ in so few units (k) that approximate randomization cannot
 * reach `alpha` (its p is at least 2/2^k, see significance.ts), named with that bound; undefined
 * when there are none. Sides that never differ leave nothing to test (Δ is 0) and are not named.
 * Shared by `eval --significance`, `ablate` and `plan`.
 */
export function fewDifferingNote(unit: UnitKind, alpha: number, samples: number, tests: ReadonlyArray<{ name: string; differing: number }>): string | undefined {
  const few = tests.filter((t) => t.differing > 0 && 2 / 2 ** t.differing >= alpha);
  if (few.length === 0) return undefined;
  const units = `${unit}s`;
  const each = few.map((t) => `${t.name} (${t.differing}, ${t.differing <= 1 ? 'p = 1' : `p ≥ ${lowestP(t.differing)}`})`).join(', ');
  const counted = few.filter((t) => 2 ** t.differing <= samples).length;
  const how = counted === few.length
    ? `; with no more ways than the ${samples} resamples, every one is counted and the p shown is exact`
    : counted === 0
      ? `; the p shown, from ${samples} swaps drawn at random, scatters around that exact p, below it too`
      : `; where there are no more ways than the ${samples} resamples every one is counted and the p shown is exact, elsewhere it is drawn and scatters around the exact p`;
  return `Few ${units} differ: ${each}. With k ${units} in which the two sides differ, randomization has 2^k ways to swap them, at least two of which are as extreme as the observed difference, `
    + `so its exact p cannot fall below 2/2^k${how}; a bootstrap interval or p over so few ${units} is not to be trusted either.`;
}

/**
 * The note on resamples too few for any drawn p to reach `alpha`: a p drawn from B resamples is
 * at least 1/(1 + B), so with 1/(1 + B) ≥ α no test whose p is drawn (its sides differ in more
 * units k than 2^k ≤ B counts exactly) can be significant, however large the difference.
 * Undefined when B is enough, or when every p is exact.
 */
export function coarseSamplesNote(alpha: number, samples: number, tests: ReadonlyArray<{ differing: number }>): string | undefined {
  if (1 / (1 + samples) < alpha || !tests.some((t) => 2 ** t.differing > samples)) return undefined;
  return `With ${samples} resample${samples === 1 ? '' : 's'} a drawn p cannot fall below 1/${samples + 1}, so none can reach ${alpha}, however large the difference: raise --samples.`;
}

/**
 * The note on drawn p-values that lie within the resampling's own noise of `alpha`: a p drawn
 * from B resamples has a Monte Carlo standard error of √(p(1 − p)/B), and one within two of
 * them of α could fall on the other side of it with another seed (`--seed`), so a verdict read
 * from it is not settled; more resamples narrow it. Undefined when there is none.
 */
export function nearAlphaNote(alpha: number, samples: number, tests: ReadonlyArray<{ name: string; p: number; differing: number }>): string | undefined {
  // Resamples too few for any drawn p to reach alpha: no seed can put one below it (coarseSamplesNote says so).
  if (1 / (1 + samples) >= alpha) return undefined;
  const near = tests.filter((t) => 2 ** t.differing > samples && Number.isFinite(t.p) && Math.abs(t.p - alpha) <= 2 * Math.sqrt((t.p * (1 - t.p)) / samples));
  if (near.length === 0) return undefined;
  const each = near.map((t) => `${t.name} (p = ${pText(t.p)} ± ${fixed(Math.sqrt((t.p * (1 - t.p)) / samples), 3)})`).join(', ');
  return `Within the resampling's noise of ${alpha}: ${each}, ± one Monte Carlo standard error of the ${samples} swaps drawn, so another --seed could put it on the other side of ${alpha}; more --samples settle it.`;
}

/** The lowest p randomization can give over k differing units, 2/2^k, as an exact fraction (1/16, not 0.062). */
export function lowestP(k: number): string {
  return k <= 1 ? '1' : `1/${2 ** (k - 1)}`;
}

/**
 * The table of every pair: both scores, ΔF, its interval and the two p-values. `context` ends
 * the title with what else shaped the scores (`eval` gives its match mode and types when they
 * are not the defaults, as its other tables do).
 */
export function significanceTable(t: PairwiseTests, context = ''): Table {
  const fName = t.beta === 1 ? 'F1' : `F${t.beta}`;
  const level = `${fixed(t.confidence * 100, 0)}%`;
  const units = `${t.units} ${t.unit}${t.units === 1 ? '' : 's'}`;
  return {
    title: `Paired tests of Δ${fName} = ${fName}(A) − ${fName}(B) over ${units}: ${t.samples} resample${t.samples === 1 ? '' : 's'}, seed ${t.seed}${context}`,
    columns: [
      { header: 'A' }, { header: 'B' }, { header: `${fName} A`, align: 'right' }, { header: `${fName} B`, align: 'right' },
      { header: `Δ${fName}`, align: 'right' }, { header: `${level} interval`, align: 'right' },
      { header: 'p bootstrap', align: 'right' }, { header: 'p randomization', align: 'right' },
    ],
    rows: t.pairs.map((p) => [
      p.a, p.b, percent(p.fA), percent(p.fB), points(p.delta), `[${points(p.low)}, ${points(p.high)}]`,
      pText(p.pBootstrap), pText(p.pRandomization),
    ]),
    note: [`Paired bootstrap (percentile interval; p: share of resamples at least |Δ| away from Δ) and approximate randomization (p: share of swaps at least as extreme), both two-sided, p = (1 + count)/(1 + ${t.samples}); `
      + `when A and B differ in only k ${t.unit}s and 2^k ≤ ${t.samples}, randomization counts each of the 2^k swaps once instead: p = count/2^k, exact.`,
      fewDifferingNote(t.unit, 0.05, t.samples, t.pairs.map((p) => ({ name: `${p.a}–${p.b}`, differing: p.differing }))),
      coarseSamplesNote(0.05, t.samples, t.pairs),
      nearAlphaNote(0.05, t.samples, t.pairs.map((p) => ({ name: `${p.a}–${p.b}`, p: p.pRandomization, differing: p.differing })))].filter((x) => x !== undefined).join(' '),
  };
}
