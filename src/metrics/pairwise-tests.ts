/**
 * Significance of the F-score differences between every pair of systems (`eval --significance`):
 * paired bootstrap and approximate randomization over units — documents, or sentences when the
 * corpus is one document, as the planner resamples.
 *
 * Each system's items are aligned with the gold as `evaluate` aligns them (same match mode and
 * types), and its counts (TP, FP, FN, S) are summed per unit: a correct pair counts in the unit
 * of its gold item, a substitution's FN (and S) in its gold item's unit and its FP in the
 * prediction's unit, a deletion in its gold item's, an insertion in its prediction's. For the
 * pair (A, B) — A before B in name order — the statistic is ΔF = F_β(ΣA) − F_β(ΣB), positive when
 * A scores higher; both tests and the percentile interval are the planner's
 * ({@link pairedTests}): the bootstrap draws as many units as there are, with replacement, the
 * same units for both systems; approximate randomization swaps the two systems' counts on each
 * unit with probability ½; p = (1 + #{resamples at least as extreme}) / (1 + resamples), two-sided.
 *
 * Every pair is tested with the same seed, so every pair sees the same resamples (the result of
 * a pair does not depend on which other systems are scored). Deterministic for a seed.
 *
 * References: Koehn 2004 (paired bootstrap); Noreen 1989, Riezler & Maxwell 2005 (approximate
 * randomization); Dror et al. 2018 (choosing a test in NLP).
 */
import { sentenceAt, type Corpus, type Span } from '../model/corpus.js';
import { pairedTestsOfPairs } from '../plan/significance.js';
import type { UnitKind } from '../plan/data.js';
import { unitKindOf } from '../plan/plan.js';
import { prf, ZERO_DIVISION_MODES, type ZeroDivision } from './prf.js';
import { alignSlots, MATCH_MODES, type MatchMode } from './slots.js';
import { checkChoice, checkCorpus, checkLevel, checkOptionsObject, checkPositive, checkSamples, checkSeed, checkTypes, withDefaults } from './options-check.js';
import type { NoneMissing } from './option-keys.js';
import { sentenceCount } from '../model/sentence-table.js';

export interface PairwiseTestOptions {
  match: MatchMode;
  beta: number;
  zeroDivision: ZeroDivision;
  /** Only these entity types count (all when undefined). */
  types?: readonly string[];
  /** Resamples of each test (a positive integer). */
  samples: number;
  seed: number;
  /** Two-sided level of the interval, in (0, 1); default 0.95. */
  confidence?: number;
}

/** The defaults of {@link pairwiseTests}: strict match, F1, GERBIL's zero division, 1,000 resamples, seed 1. */
export const DEFAULT_PAIRWISE_TEST_OPTIONS: PairwiseTestOptions = { match: 'strict', beta: 1, zeroDivision: 'gerbil', samples: 1000, seed: 1 };

/** Every option {@link pairwiseTests} takes (any other key is refused). */
export const PAIRWISE_TEST_OPTION_KEYS = [
  'match', 'beta', 'zeroDivision', 'types', 'samples', 'seed', 'confidence',
] as const satisfies readonly (keyof PairwiseTestOptions)[];
type _PairwiseTestKeysListed = NoneMissing<Exclude<keyof PairwiseTestOptions, (typeof PAIRWISE_TEST_OPTION_KEYS)[number]>>;

export interface PairwiseTest {
  /** The two systems, A before B in name order. */
  a: string;
  b: string;
  /** F_β of each on all units. */
  fA: number;
  fB: number;
  /** ΔF = fA − fB. */
  delta: number;
  /** Percentile interval of ΔF over the bootstrap resamples, and its standard error. */
  low: number;
  high: number;
  se: number;
  /** Two-sided p-values: paired bootstrap, approximate randomization. */
  pBootstrap: number;
  pRandomization: number;
  /** Resamples where F was undefined (NaN), left out. */
  undefinedSamples: number;
  /** Units in which A's and B's counts differ: the only ones a swap changes, so randomization's exact p is at least 2 / 2^differing. */
  differing: number;
}

export interface PairwiseTests {
  /** What was resampled, and how many there are. */
  unit: UnitKind;
  units: number;
  samples: number;
  seed: number;
  confidence: number;
  beta: number;
  pairs: PairwiseTest[];
}

/** A system's counts per unit: TP, FP, FN, S at 4·unit. */
export function systemCountsByUnit(corpus: Corpus, gold: readonly Span[], system: readonly Span[], match: MatchMode, unit: UnitKind): Float64Array {
  const n = unit === 'document' ? corpus.documents.length : sentenceCount(corpus);
  const out = new Float64Array(4 * n);
  const at = unit === 'document' ? (s: Span) => s.doc : (s: Span) => sentenceAt(corpus, s.start);
  const al = alignSlots(gold, system, match);
  for (const g of al.correctGold) out[4 * at(g)]++;
  for (const [g, h] of al.substitutions) {
    out[4 * at(h) + 1]++;
    out[4 * at(g) + 2]++;
    out[4 * at(g) + 3]++;
  }
  for (const h of al.insertions) out[4 * at(h) + 1]++;
  for (const g of al.deletions) out[4 * at(g) + 2]++;
  return out;
}

/**
 * Paired bootstrap and approximate randomization of ΔF between every pair of the corpus's
 * systems (see the module comment).
 * @throws UsageError about the option at fault: an unknown `match` or `zeroDivision`, a `beta`
 *   not above 0, `samples` not from 1 to MAX_SAMPLES, a `seed` not from 0 to
 *   MAX_SEED, a `confidence` not between 0 and 1, `types` no input has.
 */
export function pairwiseTests(corpus: Corpus, options: Partial<PairwiseTestOptions> = {}): PairwiseTests {
  checkCorpus(corpus);
  checkOptionsObject(options);
  // An option left out or undefined keeps its default, as eval's --significance has it.
  const o: PairwiseTestOptions = withDefaults(DEFAULT_PAIRWISE_TEST_OPTIONS, options, PAIRWISE_TEST_OPTION_KEYS);
  checkChoice('match', o.match, MATCH_MODES);
  checkPositive('beta', o.beta);
  checkChoice('zeroDivision', o.zeroDivision, ZERO_DIVISION_MODES);
  checkSamples(o.samples);
  checkSeed(o.seed);
  if (o.confidence !== undefined) checkLevel('confidence', o.confidence);
  checkTypes(o.types, corpus.gold.spans, corpus.systems);
  const unit = unitKindOf(corpus);
  const units = unit === 'document' ? corpus.documents.length : sentenceCount(corpus);
  const allowed = o.types === undefined ? undefined : new Set(o.types);
  const filter = (spans: readonly Span[]) => (allowed === undefined ? spans : spans.filter((s) => allowed.has(s.label)));
  const gold = filter(corpus.gold.spans);
  const counts = corpus.systems.map((s) => systemCountsByUnit(corpus, gold, filter(s.spans), o.match, unit));
  const f = (c: { tp: number; fp: number; fn: number }) => prf(c, o.beta, o.zeroDivision).f;
  const all = Array.from({ length: units }, (_, u) => u);
  const confidence = o.confidence ?? 0.95;
  const pairs: PairwiseTest[] = [];
  const names = corpus.systems.map((s) => s.name);
  const scores = counts.map((c) => {
    const sum = { tp: 0, fp: 0, fn: 0 };
    for (let u = 0; u < units; u++) {
      sum.tp += c[4 * u];
      sum.fp += c[4 * u + 1];
      sum.fn += c[4 * u + 2];
    }
    return f(sum);
  });
  const order = names.map((_, k) => k).sort((x, y) => (names[x] < names[y] ? -1 : names[x] > names[y] ? 1 : 0));
  const between: Array<[number, number]> = [];
  for (let x = 0; x < order.length; x++) for (let y = x + 1; y < order.length; y++) between.push([order[x], order[y]]);
  // Every pair's tests from one pass a resample (each as pairedTests would give it).
  const tests = between.length === 0 ? [] : pairedTestsOfPairs([{ units: all, counts, metrics: counts.map(() => f) }], between, { samples: o.samples, seed: o.seed, confidence, readsS: false });
  between.forEach(([i, j], k) => {
    const t = tests[k];
    pairs.push({
      a: names[i], b: names[j], fA: scores[i], fB: scores[j], delta: t.observed,
      low: t.low, high: t.high, se: t.se, pBootstrap: t.pBootstrap, pRandomization: t.pRandomization, undefinedSamples: t.undefinedSamples, differing: t.differing,
    });
  });
  return { unit, units, samples: o.samples, seed: o.seed, confidence, beta: o.beta, pairs };
}
