/**
 * Ablation with groups of runs (`complan ablate NAME=PATH,PATH,...`): each setting is a group
 * of runs (seeds, or architectures paired by position), and each variant group is compared with
 * the baseline group run by run.
 *
 * **Comparisons.** With `paired`, run i of the variant is compared with run i of the baseline
 * (the groups must have as many runs); without, every variant run is compared with every
 * baseline run (n_V·n_B comparisons). Each comparison is {@link compareRuns}, one-to-one
 * `ablate`: deltas from `evaluate`, the four sets of changed items.
 *
 * **Mean and standard deviation** of ΔP, ΔR, ΔF_β, ΔSER, ΔK:
 * - mean Δ̄ = (1/C)·Σ_c Δ_c over the C comparisons (paired: the mean of the pairs' deltas;
 *   unpaired: mean(V) − mean(B), since every variant run meets every baseline run once);
 * - paired: s_Δ = the sample standard deviation (n − 1) of the pairs' deltas;
 * - unpaired: s_Δ = √2·s_p, with s_p² = (Σ_i (V_i − V̄)² + Σ_j (B_j − B̄)²) / (n_V + n_B − 2)
 *   the pooled variance of a run's score (Student's equal-variance assumption): the standard
 *   deviation of the difference between one variant run and one independent baseline run;
 * - undefined (`null`) with one comparison (paired, one pair) or one run on each side
 *   (unpaired), and for ΔSER when a SER is infinite (a gold standard without items).
 *
 * **Test.** T = (1/C)·Σ_c [F_β(variant run of c) − F_β(baseline run of c)] = the mean ΔF, over the
 * documents (sentences when the corpus is one document), by {@link pairedTests} with one split
 * per comparison: the paired bootstrap draws the same documents for every comparison, so it
 * measures how much the mean ΔF could move with another test set of the same kind (its
 * percentile interval is `ci`); approximate randomization swaps the variant's and the
 * baseline's output on each document, the same swap in every comparison, and gives `p`. The
 * runs themselves are held fixed: the tests say nothing about other seeds, which is why the
 * verdict ({@link verdict}) also weighs |Δ̄| against s_Δ.
 *
 * **Stable items.** Over the comparisons' sets of gained (lost, introduced, removed) items:
 * stable = ∩_c set_c, the items changed in every comparison; unstable = (∪_c set_c) \ stable,
 * those that come and go. Unpaired, stable gained = (∩_i V_i ∩ Y) \ (∪_j B_j).
 *
 * **Per type.** The same statistics and test with the items of one type only (as `--types T`).
 *
 * References: Koehn 2004 (paired bootstrap); Noreen 1989, Riezler & Maxwell 2005 (approximate
 * randomization); Reimers & Gurevych 2017 (score distributions over seeds in sequence
 * labelling); Dror et al. 2018.
 */
import type { ItemExample } from '../complementarity/matrix.js';
import { EVAL_OPTION_KEYS, evaluate } from '../metrics/evaluate.js';
import { systemCountsByUnit, type PairwiseTest } from '../metrics/pairwise-tests.js';
import { prf } from '../metrics/prf.js';
import { Bitset } from '../model/bitset.js';
import type { Corpus, Span } from '../model/corpus.js';
import type { UnitKind } from '../plan/data.js';
import { unitKindOf } from '../plan/plan.js';
import { pairedTests, sampleSd } from '../plan/significance.js';
import {
  ABLATION_OPTION_KEYS, ablationContext, ablationScores, ablationSettings, compareRuns, DEFAULT_ABLATION_OPTIONS, itemExample, itemsInOrder, systemIndex,
  type AblationContext, type AblationOptions, type AblationScores, type ChangedItems, type VariantAblation,
} from './ablate.js';
import { itemContext } from './context.js';
import { DEFAULT_ABLATION_SAMPLES, DEFAULT_ABLATION_SEED, VERDICT_ALPHA } from './defaults.js';
import { verdict, type Verdict } from './verdict.js';
import { sentenceCount } from '../model/sentence-table.js';
import { showName, showValue, UsageError } from '../errors.js';
import { checkBoolean, checkCorpus, checkLevel, checkSamples, checkSeed, withDefaults } from '../metrics/options-check.js';
import { pickKeys, type NoneMissing } from '../metrics/option-keys.js';

/** A setting: its name and its runs (names of systems of the corpus). */
export interface RunGroup {
  name: string;
  runs: readonly string[];
}

export interface GroupAblationOptions extends AblationOptions {
  /** Pair variant runs with baseline runs by position (same counts needed). */
  paired: boolean;
  /** Resamples of each test, and their seed. */
  samples: number;
  seed: number;
  /** Level of the interval of ΔF, in (0, 1). */
  confidence: number;
  /** The verdict's significance level. */
  alpha: number;
}

export const DEFAULT_GROUP_ABLATION_OPTIONS: GroupAblationOptions = {
  ...DEFAULT_ABLATION_OPTIONS, paired: false, samples: DEFAULT_ABLATION_SAMPLES, seed: DEFAULT_ABLATION_SEED, confidence: 0.95, alpha: VERDICT_ALPHA,
};

/** Every option {@link ablateGroups} takes (any other key is refused). */
export const GROUP_ABLATION_OPTION_KEYS = [
  ...ABLATION_OPTION_KEYS, 'paired', 'samples', 'seed', 'confidence', 'alpha',
] as const satisfies readonly (keyof GroupAblationOptions)[];
type _GroupAblationKeysListed = NoneMissing<Exclude<keyof GroupAblationOptions, (typeof GROUP_ABLATION_OPTION_KEYS)[number]>>;

/** The five scores, as fractions; SER `null` when undefined. */
export interface ScoreSet {
  precision: number;
  recall: number;
  f: number;
  ser: number | null;
  k: number;
}

/** Standard deviations of the five scores; `null` where undefined. */
export interface SdSet {
  precision: number | null;
  recall: number | null;
  f: number | null;
  ser: number | null;
  k: number | null;
}

/** One comparison: a variant run against a baseline run (one-to-one `ablate`). */
export interface RunComparison extends VariantAblation {
  /** The baseline run it is compared with. */
  baseline: string;
}

/**
 * The paired tests of the mean ΔF (see the module comment): the interval, standard error and
 * p-values of a {@link PairwiseTest}, about `observed`.
 */
export interface GroupTest extends Pick<PairwiseTest, 'low' | 'high' | 'se' | 'pBootstrap' | 'pRandomization' | 'undefinedSamples'> {
  /** The mean ΔF the tests are about (equal to `meanDelta.f` up to rounding). */
  observed: number;
  /**
   * Units (documents, or sentences) where a comparison's two runs differ in their counts: the
   * only ones a swap changes, so approximate randomization's p cannot fall below 2 / 2^differing.
   */
  differing: number;
}

/** An example item with its sentence around it. */
export interface ContextExample extends ItemExample {
  context: string;
}

/** An item that changed in some comparisons but not all, with how many. */
export interface UnstableExample extends ContextExample {
  comparisons: number;
}

export interface ItemList<E> {
  /** How many items, in full. */
  count: number;
  /** The first `examples` of them, in corpus order. */
  items: E[];
}

export type ChangeKind = keyof ChangedItems;
export const CHANGE_KINDS: readonly ChangeKind[] = ['gained', 'lost', 'introduced', 'removed'];

/** Mean and standard deviation of the deltas of one entity type, with its test. */
export interface TypeDelta {
  type: string;
  meanDelta: ScoreSet;
  sdDelta: SdSet;
  test: GroupTest;
}

export interface VariantGroupAblation {
  name: string;
  runs: string[];
  comparisons: RunComparison[];
  /** Mean and standard deviation (n − 1) of the variant's own scores over its runs. */
  mean: ScoreSet;
  sd: SdSet;
  meanDelta: ScoreSet;
  sdDelta: SdSet;
  test: GroupTest;
  verdict: Verdict;
  stable: Record<ChangeKind, ItemList<ContextExample>>;
  unstable: Record<ChangeKind, ItemList<UnstableExample>>;
  byType: TypeDelta[];
}

export interface GroupAblation {
  baseline: string;
  baselineRuns: string[];
  /** The baseline runs' scores, and their mean and standard deviation. */
  baselineScores: AblationScores[];
  baselineMean: ScoreSet;
  baselineSd: SdSet;
  paired: boolean;
  match: AblationContext['match'];
  beta: number;
  kAlpha: number;
  zeroDivision: AblationOptions['zeroDivision'];
  types?: readonly string[];
  goldItems: number;
  sameF: number;
  different: number;
  examples: number;
  samples: number;
  seed: number;
  confidence: number;
  alpha: number;
  /** What the tests resample, and how many there are. */
  unit: UnitKind;
  units: number;
  /** Every group but the baseline's, in name order. */
  variants: VariantGroupAblation[];
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** The mean of values that may be undefined (`null`): `null` when any is. */
function meanOrNull(xs: ReadonlyArray<number | null>): number | null {
  return xs.some((x) => x === null) ? null : mean(xs as number[]);
}

function sdOrNull(xs: ReadonlyArray<number | null>): number | null {
  return xs.some((x) => x === null) ? null : sampleSd(xs as number[]);
}

/**
 * √2 times the pooled standard deviation of two samples (see the module comment): the standard
 * deviation of one run of V minus one independent run of B. `null` with fewer than three values
 * in all, or when a value is undefined.
 */
export function pooledDeltaSd(v: ReadonlyArray<number | null>, b: ReadonlyArray<number | null>): number | null {
  if (v.length + b.length < 3 || v.some((x) => x === null) || b.some((x) => x === null)) return null;
  const ss = (xs: number[]) => {
    const m = mean(xs);
    return xs.reduce((a, x) => a + (x - m) ** 2, 0);
  };
  return Math.sqrt((2 * (ss(v as number[]) + ss(b as number[]))) / (v.length + b.length - 2));
}

const finite = (x: number) => (Number.isFinite(x) ? x : null);

function scoreSet(s: { precision: number; recall: number; f: number; ser: number; k: number }): ScoreSet {
  return { precision: s.precision, recall: s.recall, f: s.f, ser: finite(s.ser), k: s.k };
}

type Metric = keyof ScoreSet;
const METRICS: readonly Metric[] = ['precision', 'recall', 'f', 'ser', 'k'];

function meanSet(sets: readonly ScoreSet[]): ScoreSet {
  return {
    precision: mean(sets.map((s) => s.precision)), recall: mean(sets.map((s) => s.recall)), f: mean(sets.map((s) => s.f)),
    ser: meanOrNull(sets.map((s) => s.ser)), k: mean(sets.map((s) => s.k)),
  };
}

function sdSet(f: (m: Metric) => number | null): SdSet {
  return { precision: f('precision'), recall: f('recall'), f: f('f'), ser: f('ser'), k: f('k') };
}

/** Deltas of one comparison as a score set. */
function deltaSet(v: ScoreSet, b: ScoreSet): ScoreSet {
  return {
    precision: v.precision - b.precision, recall: v.recall - b.recall, f: v.f - b.f,
    ser: v.ser === null || b.ser === null ? null : v.ser - b.ser, k: v.k - b.k,
  };
}

/**
 * Mean and standard deviation of the deltas over the comparisons `pairs` ([baseline run,
 * variant run], indices into `scores`), paired or unpaired (see the module comment).
 */
function deltaStats(scores: readonly ScoreSet[], pairs: ReadonlyArray<readonly [number, number]>, paired: boolean, bRuns: readonly number[], vRuns: readonly number[]) {
  const deltas = pairs.map(([b, v]) => deltaSet(scores[v], scores[b]));
  const meanDelta: ScoreSet = {
    precision: mean(deltas.map((d) => d.precision)), recall: mean(deltas.map((d) => d.recall)), f: mean(deltas.map((d) => d.f)),
    ser: meanOrNull(deltas.map((d) => d.ser)), k: mean(deltas.map((d) => d.k)),
  };
  const sdDelta = sdSet((m) => (paired
    ? sdOrNull(deltas.map((d) => d[m]))
    : pooledDeltaSd(vRuns.map((i) => scores[i][m]), bRuns.map((i) => scores[i][m]))));
  return { meanDelta, sdDelta };
}

/** The comparisons of a variant group with the baseline group, as [baseline run, variant run]. */
export function comparisonPairs(baseline: readonly number[], variant: readonly number[], paired: boolean): Array<[number, number]> {
  if (paired) {
    if (baseline.length !== variant.length) throw UsageError.about('paired', `paired runs need as many runs on each side, got ${baseline.length} and ${variant.length}`);
    return baseline.map((b, i) => [b, variant[i]]);
  }
  return variant.flatMap((v) => baseline.map((b): [number, number] => [b, v]));
}

/** Counts per unit of every system, restricted to `types` (all when undefined). */
function unitCounts(corpus: Corpus, match: AblationContext['match'], unit: UnitKind, types: readonly string[] | undefined): Float64Array[] {
  const allowed = types === undefined ? undefined : new Set(types);
  const filter = (spans: readonly Span[]) => (allowed === undefined ? spans : spans.filter((s) => allowed.has(s.label)));
  const gold = filter(corpus.gold.spans);
  return corpus.systems.map((s) => systemCountsByUnit(corpus, gold, filter(s.spans), match, unit));
}

function groupTest(counts: readonly Float64Array[], pairs: ReadonlyArray<readonly [number, number]>, units: number, o: GroupAblationOptions): GroupTest {
  const all = Array.from({ length: units }, (_, u) => u);
  const f = (c: { tp: number; fp: number; fn: number }) => prf(c, o.beta, o.zeroDivision).f;
  const t = pairedTests(pairs.map(([b, v]) => ({ units: all, a: counts[v], b: counts[b] })), f, { samples: o.samples, seed: o.seed, confidence: o.confidence, readsS: false });
  return {
    observed: t.observed, low: t.low, high: t.high, se: t.se,
    pBootstrap: t.pBootstrap, pRandomization: t.pRandomization, undefinedSamples: t.undefinedSamples, differing: t.differing,
  };
}

/** Stable and unstable items of one kind over the comparisons' sets. */
function itemLists(ctx: AblationContext, sets: readonly Bitset[], limit: number) {
  const { corpus, universe: u } = ctx;
  let all = sets[0];
  let some = sets[0];
  for (const s of sets.slice(1)) {
    all = all.and(s);
    some = some.or(s);
  }
  const unstable = some.andNot(all);
  const example = (id: number): ContextExample => {
    const item = u.items[id];
    return { ...itemExample(corpus, item, u.match === 'strict'), context: itemContext(corpus, item) };
  };
  const ids = (s: Bitset) => (limit <= 0 ? [] : itemsInOrder(u, s).slice(0, limit));
  return {
    stable: { count: all.count(), items: ids(all).map(example) },
    unstable: {
      count: unstable.count(),
      items: ids(unstable).map((id): UnstableExample => ({ ...example(id), comparisons: sets.filter((s) => s.has(id)).length })),
    },
  };
}

/** The entity types the per-type statistics cover: those asked for, else every type of the gold standard and the runs. */
/** The types with a row: those asked for (every one when none is) that the gold or a run involved has. */
function typesOf(corpus: Corpus, systems: readonly number[], types: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  for (const s of corpus.gold.spans) seen.add(s.label);
  for (const i of systems) for (const s of corpus.systems[i].spans) seen.add(s.label);
  return (types === undefined ? [...seen] : types.filter((t) => seen.has(t))).sort();
}

function indexOfRun(corpus: Corpus, name: string): number {
  const i = systemIndex(corpus, name);
  if (i < 0) throw UsageError.about('groups', `no system named ${showValue(name)} (systems: ${corpus.systems.map((s) => showName(s.name)).join(', ')})`);
  return i;
}

/**
 * Compares every group but the one named `baseline` with the baseline group (see the module
 * comment). Throws a UsageError about the option at fault when a group names no system of the
 * corpus, has no run, groups share a name, no group is named `baseline`, `paired` groups differ
 * in size, `match` is `overlap`, or `samples`, `seed`, `confidence` or `alpha` is out of range.
 */
export function ablateGroups(corpus: Corpus, groups: readonly RunGroup[], baseline: string, options: Partial<GroupAblationOptions> = {}): GroupAblation {
  checkCorpus(corpus);
  const o: GroupAblationOptions = withDefaults(DEFAULT_GROUP_ABLATION_OPTIONS, options, GROUP_ABLATION_OPTION_KEYS);
  checkSamples(o.samples);
  checkSeed(o.seed);
  checkLevel('confidence', o.confidence);
  checkLevel('alpha', o.alpha);
  checkBoolean('paired', o.paired);
  if (!Array.isArray(groups)) throw UsageError.about('groups', `expects a list of groups {name, runs}, got ${showValue(groups)}`);
  const names = new Set<string>();
  for (const g of groups) {
    if (g === null || typeof g !== 'object' || typeof g.name !== 'string' || !Array.isArray(g.runs) || (g.runs as unknown[]).some((r) => typeof r !== 'string')) {
      throw UsageError.about('groups', `each group is {name, runs: system names}, got ${showValue(g)}`);
    }
    if (g.runs.length === 0) throw UsageError.about('groups', `group ${showValue(g.name)} has no run`);
    if (names.has(g.name)) throw UsageError.about('groups', `two groups are named ${showValue(g.name)}`);
    names.add(g.name);
  }
  if (o.paired && groups.every((g) => g.runs.length === 1)) {
    throw UsageError.about('paired', 'pairs the runs of groups by position, but every group here is one run: leave it out');
  }
  const base = groups.find((g) => g.name === baseline);
  if (base === undefined) throw UsageError.about('baseline', `no group named ${showValue(baseline)} (groups: ${groups.map((g) => showName(g.name)).join(', ')})`);
  const ctx = ablationContext(corpus, pickKeys(o, ABLATION_OPTION_KEYS));
  const runsOf = (g: RunGroup) => g.runs.map((r) => indexOfRun(corpus, r));
  const bRuns = runsOf(base);
  const unit = unitKindOf(corpus);
  const units = unit === 'document' ? corpus.documents.length : sentenceCount(corpus);
  const scores = ctx.report.systems.map(scoreSet);
  const counts = unitCounts(corpus, ctx.match, unit, o.types);
  const involved = groups.flatMap(runsOf);
  const types = typesOf(corpus, involved, o.types);
  // Per type: eval's scores and the counts per unit with that type's items only.
  const perType = types.map((t) => ({
    type: t,
    scores: evaluate(corpus, { ...pickKeys(o, EVAL_OPTION_KEYS), types: [t] }).systems.map(scoreSet),
    counts: unitCounts(corpus, ctx.match, unit, [t]),
  }));
  const fName = o.beta === 1 ? 'F1' : `F${o.beta}`;

  // In name order, as the loader orders systems: the output does not depend on the order of the arguments.
  const others = groups.filter((g) => g !== base).sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  const variants = others.map((g): VariantGroupAblation => {
    const vRuns = runsOf(g);
    const pairs = comparisonPairs(bRuns, vRuns, o.paired);
    const compared = pairs.map(([b, v]) => ({ ...compareRuns(ctx, b, v), b }));
    const { meanDelta, sdDelta } = deltaStats(scores, pairs, o.paired, bRuns, vRuns);
    const test = groupTest(counts, pairs, units, o);
    const lists = Object.fromEntries(CHANGE_KINDS.map((k) => [k, itemLists(ctx, compared.map((c) => c.items[k]), o.examples)])) as Record<ChangeKind, ReturnType<typeof itemLists>>;
    const own = vRuns.map((i) => scores[i]);
    return {
      name: g.name,
      runs: [...g.runs],
      comparisons: compared.map((c) => ({ ...c.variant, baseline: corpus.systems[c.b].name })),
      mean: meanSet(own),
      sd: sdSet((m) => sdOrNull(own.map((s) => s[m]))),
      meanDelta,
      sdDelta,
      test,
      verdict: verdict(meanDelta.f, sdDelta.f, test.pRandomization, fName, o.alpha),
      stable: Object.fromEntries(CHANGE_KINDS.map((k) => [k, lists[k].stable])) as Record<ChangeKind, ItemList<ContextExample>>,
      unstable: Object.fromEntries(CHANGE_KINDS.map((k) => [k, lists[k].unstable])) as Record<ChangeKind, ItemList<UnstableExample>>,
      byType: perType.map((t) => ({ type: t.type, ...deltaStats(t.scores, pairs, o.paired, bRuns, vRuns), test: groupTest(t.counts, pairs, units, o) })),
    };
  });

  const own = bRuns.map((i) => scores[i]);
  return {
    baseline,
    baselineRuns: [...base.runs],
    baselineScores: bRuns.map((i) => ablationScores(ctx, i)),
    baselineMean: meanSet(own),
    baselineSd: sdSet((m) => sdOrNull(own.map((s) => s[m]))),
    paired: o.paired,
    ...ablationSettings(ctx),
    samples: o.samples,
    seed: o.seed,
    confidence: o.confidence,
    alpha: o.alpha,
    unit,
    units,
    variants,
  };
}

export { METRICS as SCORE_METRICS };
