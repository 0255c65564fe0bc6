/**
 * Baseline-versus-variant comparison for feature ablation (`complan ablate`).
 *
 * In an ablation study one system (the **baseline**) is re-run with a feature group removed or
 * changed; each re-run is a **variant**. F1 alone hides how a variant differs: two variants can
 * land on the same F1 while returning different entities (Derczynski 2016, "Complementarity,
 * F-score, and NLP Evaluation", §1 and §5 — the case complementarity is meant to expose). For
 * every variant V of baseline B this module reports, as pure functions of the corpus:
 *
 * - **Score deltas**, variant minus baseline, from {@link evaluate} (so they equal the difference
 *   of `complan eval`'s numbers): ΔP, ΔR, ΔF_β, ΔSER (Makhoul et al. 1999), ΔK (Nakache et al.
 *   2005). A positive ΔSER means the variant makes more slot errors.
 * - **Complementarity both ways**, from {@link itemComplementarity} (so it equals `complan
 *   compare`'s cells for the same ordered pairs): `fromVariant` = Comp(B, V), what V offers B;
 *   `fromBaseline` = Comp(V, B), what B offers V; each with P_Comp, R_Comp, F_Comp, F_βComp.
 * - **Jaccard** |B ∩ V| / |B ∪ V| of the two selections (`null` when both are empty).
 * - **Items that changed**, with Y the gold items (over the item universe: strict = same span and
 *   label, boundary = same span):
 *   gained = (V ∩ Y) \ B, lost = (B ∩ Y) \ V (correct items), introduced = V \ (Y ∪ B),
 *   removed = B \ (Y ∪ V) (spurious items). Exact identities (tested):
 *   TP_V − TP_B = gained − lost, FP_V − FP_B = introduced − removed,
 *   R_Comp(B, V) = gained / FN_B, P_Comp(B, V) = removed / FP_B,
 *   R_Comp(V, B) = lost / FN_V, P_Comp(V, B) = introduced / FP_V.
 * - The flag **same score, different behaviour** ({@link sameScoreDifferentBehaviour}).
 *
 * `--match overlap` has no item universe (two items are shared only when identical), so it is
 * refused here as in `compare`.
 */
import { itemComplementarity, type ItemComplementarity } from '../complementarity/comp.js';
import { itemExample, type ItemExample, type SystemCounts } from '../complementarity/matrix.js';
import type { Bitset } from '../model/bitset.js';
import type { Corpus } from '../model/corpus.js';
import { buildUniverse, compareItems, type ItemMatch, type Universe } from '../model/universe.js';
import { DEFAULT_EVAL_OPTIONS, EVAL_OPTION_KEYS, evaluate, type EvalOptions, type SystemScores } from '../metrics/evaluate.js';
import type { ZeroDivision } from '../metrics/prf.js';
import { ABLATION_OVERLAP_REASON, DEFAULT_ABLATION_EXAMPLES, DEFAULT_DIFFERENT, DEFAULT_SAME_F } from './defaults.js';
import { showName, showValue, UsageError } from '../errors.js';
import { checkCorpus, withDefaults } from '../metrics/options-check.js';
import { pickKeys, type NoneMissing } from '../metrics/option-keys.js';

export { ABLATION_OVERLAP_REASON, DEFAULT_ABLATION_EXAMPLES, DEFAULT_DIFFERENT, DEFAULT_SAME_F };

export interface AblationOptions extends EvalOptions {
  /** |ΔF| strictly below this (a fraction) is "the same score". */
  sameF: number;
  /** F_Comp strictly above this (a fraction), in either direction, is "different behaviour". */
  different: number;
  /** Example items kept per list (0 for none). Counts are always complete. */
  examples: number;
}

export const DEFAULT_ABLATION_OPTIONS: AblationOptions = {
  ...DEFAULT_EVAL_OPTIONS, sameF: DEFAULT_SAME_F, different: DEFAULT_DIFFERENT, examples: DEFAULT_ABLATION_EXAMPLES,
};

/** Every option {@link ablate} takes (any other key is refused). */
export const ABLATION_OPTION_KEYS = [...EVAL_OPTION_KEYS, 'sameF', 'different', 'examples'] as const satisfies readonly (keyof AblationOptions)[];
type _AblationKeysListed = NoneMissing<Exclude<keyof AblationOptions, (typeof ABLATION_OPTION_KEYS)[number]>>;

/** One system's scores, as `eval` computes them (rates are fractions). */
export interface AblationScores extends SystemCounts {
  k: number;
  /** Makhoul's slot counts and SER = (S+D+I)/N (may exceed 1; Infinity when N = 0 and errors > 0). */
  c: number;
  s: number;
  d: number;
  i: number;
  ser: number;
}

/** Complementarity in one direction, Comp(A, X): what X offers A. */
export interface CompDirection {
  /** 1 − |FP_A ∩ FP_X| / |FP_A|; `null` when A has no spurious item. */
  pComp: number | null;
  /** 1 − |FN_A ∩ FN_X| / |FN_A|; `null` when A misses nothing. */
  rComp: number | null;
  /** 2·P_Comp·R_Comp / (P_Comp + R_Comp); `null` when either is, 0 when both are 0. */
  fComp: number | null;
  /** (1+β²)·P_Comp·R_Comp / (β²·P_Comp + R_Comp) with the run's β. */
  fBetaComp: number | null;
}

export interface VariantAblation {
  name: string;
  scores: AblationScores;
  /** Variant minus baseline, as fractions. Always finite for P, R, F, K. */
  deltaP: number;
  deltaR: number;
  deltaF: number;
  /** `null` when either SER is infinite (a gold standard with no item). */
  deltaSer: number | null;
  deltaK: number;
  /** Comp(baseline, variant): what the variant offers the baseline. */
  fromVariant: CompDirection;
  /** Comp(variant, baseline): what the baseline offers the variant. */
  fromBaseline: CompDirection;
  jaccard: number | null;
  sameScoreDifferentBehaviour: boolean | null;
  gainedCount: number;
  lostCount: number;
  introducedCount: number;
  removedCount: number;
  /** The first `examples` items of each list, in corpus order. */
  gained: ItemExample[];
  lost: ItemExample[];
  introduced: ItemExample[];
  removed: ItemExample[];
}

export interface Ablation {
  baseline: string;
  baselineScores: AblationScores;
  match: ItemMatch;
  beta: number;
  kAlpha: number;
  zeroDivision: ZeroDivision;
  types?: readonly string[];
  goldItems: number;
  sameF: number;
  different: number;
  examples: number;
  /** Every system but the baseline, in input order. */
  variants: VariantAblation[];
}

/**
 * The flag "same score, different behaviour": the variant scores like the baseline, but one of
 * the two fixes a large share of the other's errors — the situation where F1 hides a real
 * difference and a combination may help (Derczynski 2016, §5).
 *
 * Formula: |ΔF| < `sameF` AND (F_Comp(B, V) > `different` OR F_Comp(V, B) > `different`), both
 * comparisons strict.
 *
 * Edge cases: `false` when |ΔF| ≥ `sameF`, or when both F_Comp are defined and neither exceeds
 * `different`. `null` (cannot tell) when the score is the same, no defined F_Comp exceeds
 * `different` and at least one is undefined (that system has no miss or no spurious item), or
 * when ΔF is not a finite number. Identical systems give F_Comp = 0 both ways, hence `false`.
 */
export function sameScoreDifferentBehaviour(
  deltaF: number, fromVariant: number | null, fromBaseline: number | null, sameF: number, different: number,
): boolean | null {
  if (!Number.isFinite(deltaF)) return null;
  if (!(Math.abs(deltaF) < sameF)) return false;
  if ((fromVariant !== null && fromVariant > different) || (fromBaseline !== null && fromBaseline > different)) return true;
  return fromVariant === null || fromBaseline === null ? null : false;
}

/** `v − b`, or `null` when either is not finite (SER of an empty gold standard). */
function delta(v: number, b: number): number | null {
  return Number.isFinite(v) && Number.isFinite(b) ? v - b : null;
}

function scoresOf(s: SystemScores): AblationScores {
  return {
    name: s.name, tp: s.tp, fp: s.fp, fn: s.fn, precision: s.precision, recall: s.recall, f: s.f, k: s.k,
    c: s.c, s: s.s, d: s.d, i: s.i, ser: s.ser,
  };
}

function direction(c: ItemComplementarity): CompDirection {
  return { pComp: c.pComp, rComp: c.rComp, fComp: c.fComp, fBetaComp: c.fBetaComp };
}

export { itemExample };

/** The first `limit` items of a set, in corpus order (start, end, label; ties by item id). */
export function examplesOf(corpus: Corpus, u: Universe, set: Bitset, limit: number): ItemExample[] {
  if (limit <= 0) return [];
  return itemsInOrder(u, set).slice(0, limit).map((id) => itemExample(corpus, u.items[id], u.match === 'strict'));
}

/** The ids of a set's items in corpus order (start, end, label; ties by item id). */
export function itemsInOrder(u: Universe, set: Bitset): number[] {
  return Array.from(set.toArray()).sort((x, y) => compareItems(u.items, x, y));
}

/** Index of the system named `name`, or -1. */
export function systemIndex(corpus: Corpus, name: string): number {
  return corpus.systems.findIndex((s) => s.name === name);
}

/**
 * What every comparison of one ablation shares: the settings, `eval`'s scores of every system
 * and the item universe with the gold items. Built once by {@link ablationContext}.
 */
export interface AblationContext {
  corpus: Corpus;
  options: AblationOptions;
  match: ItemMatch;
  report: ReturnType<typeof evaluate>;
  universe: Universe;
  goldItems: number;
}

/** The four sets of changed items of one comparison, over the context's item universe. */
export interface ChangedItems {
  gained: Bitset;
  lost: Bitset;
  introduced: Bitset;
  removed: Bitset;
}

/**
 * The shared part of every comparison of an ablation (see {@link AblationContext}).
 * Throws a UsageError about `match` when it is `overlap` (see {@link ABLATION_OVERLAP_REASON}).
 */
export function ablationContext(corpus: Corpus, options: Partial<AblationOptions> = {}): AblationContext {
  const o: AblationOptions = withDefaults(DEFAULT_ABLATION_OPTIONS, options, ABLATION_OPTION_KEYS);
  if (o.match === 'overlap') throw UsageError.about('match', `overlap does not apply to ablation: ${ABLATION_OVERLAP_REASON}`);
  checkFraction('sameF', o.sameF, '0.005 = half a point');
  checkFraction('different', o.different, 'an F_Comp: 0.25 is one system fixing about a quarter of the other\'s errors');
  if (typeof o.examples !== 'number' || !Number.isInteger(o.examples) || o.examples < 0) {
    throw UsageError.about('examples', `expects a number of items from 0, got ${showValue(o.examples)}`);
  }
  const match: ItemMatch = o.match;
  const report = evaluate(corpus, pickKeys(o, EVAL_OPTION_KEYS));
  const allowed = o.types === undefined ? undefined : new Set(o.types);
  const universe = buildUniverse(corpus, match, allowed === undefined ? undefined : (s) => allowed.has(s.label));
  return { corpus, options: o, match, report, universe, goldItems: universe.gold.count() };
}

/** Throws a UsageError about `param` unless `value` is a fraction from 0 to 1 (`example` says what one means). */
function checkFraction(param: string, value: unknown, example: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw UsageError.about(param, `expects a fraction from 0 to 1 (${example}), got ${showValue(value)}`);
  }
}

/** The settings an ablation reports beside its results (one-to-one and in groups alike). */
export function ablationSettings(ctx: AblationContext) {
  const o = ctx.options;
  return {
    match: ctx.match, beta: o.beta, kAlpha: o.kAlpha, zeroDivision: o.zeroDivision, types: o.types,
    goldItems: ctx.goldItems, sameF: o.sameF, different: o.different, examples: o.examples,
  };
}

/**
 * One variant (system index `vi`) against one baseline (system index `bi`): the deltas,
 * complementarity both ways, the flag, the counts and examples of the changed items, and the
 * changed items themselves as sets.
 */
export function compareRuns(ctx: AblationContext, bi: number, vi: number): { variant: VariantAblation; items: ChangedItems } {
  const { corpus, options: o, report, universe: u, goldItems } = ctx;
  const g = u.gold;
  const bSet = u.systems[bi];
  const bScores = report.systems[bi];
  const vSet = u.systems[vi];
  const vScores = report.systems[vi];
  // Comp(B, V): what V offers B; in it, onlyB* are V's exclusive items and onlyA* B's.
  const fromV = itemComplementarity(bSet, vSet, g, goldItems, o.beta);
  const fromB = itemComplementarity(vSet, bSet, g, goldItems, o.beta);
  const deltaF = vScores.f - bScores.f;
  const items: ChangedItems = {
    gained: vSet.and(g).andNot(bSet),
    lost: bSet.and(g).andNot(vSet),
    introduced: vSet.andNot(g).andNot(bSet),
    removed: bSet.andNot(g).andNot(vSet),
  };
  const variant: VariantAblation = {
    name: corpus.systems[vi].name,
    scores: scoresOf(vScores),
    deltaP: vScores.precision - bScores.precision,
    deltaR: vScores.recall - bScores.recall,
    deltaF,
    deltaSer: delta(vScores.ser, bScores.ser),
    deltaK: vScores.k - bScores.k,
    fromVariant: direction(fromV),
    fromBaseline: direction(fromB),
    jaccard: fromV.jaccard,
    sameScoreDifferentBehaviour: sameScoreDifferentBehaviour(deltaF, fromV.fComp, fromB.fComp, o.sameF, o.different),
    gainedCount: fromV.onlyBCorrect,
    lostCount: fromV.onlyACorrect,
    introducedCount: fromV.onlyBWrong,
    removedCount: fromV.onlyAWrong,
    gained: examplesOf(corpus, u, items.gained, o.examples),
    lost: examplesOf(corpus, u, items.lost, o.examples),
    introduced: examplesOf(corpus, u, items.introduced, o.examples),
    removed: examplesOf(corpus, u, items.removed, o.examples),
  };
  return { variant, items };
}

/** A system's scores as an ablation reports them. */
export function ablationScores(ctx: AblationContext, i: number): AblationScores {
  return scoresOf(ctx.report.systems[i]);
}

/**
 * Compares every other system of the corpus (a variant) with the system named `baseline`.
 * Throws a UsageError about `baseline` when no system has that name, about `match` when it is
 * `overlap` (see {@link ABLATION_OVERLAP_REASON}).
 */
export function ablate(corpus: Corpus, baseline: string, options: Partial<AblationOptions> = {}): Ablation {
  checkCorpus(corpus);
  const bi = systemIndex(corpus, baseline);
  const ctx = ablationContext(corpus, options);
  if (bi < 0) throw UsageError.about('baseline', `no system named ${showValue(baseline)} (systems: ${corpus.systems.map((s) => showName(s.name)).join(', ')})`);
  const variants: VariantAblation[] = [];
  corpus.systems.forEach((_, vi) => {
    if (vi !== bi) variants.push(compareRuns(ctx, bi, vi).variant);
  });

  return {
    baseline,
    baselineScores: ablationScores(ctx, bi),
    ...ablationSettings(ctx),
    variants,
  };
}
