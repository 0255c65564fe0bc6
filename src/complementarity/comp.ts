/**
 * Complementarity of two item sets against a gold standard (Derczynski 2016, "Complementarity,
 * F-score, and NLP Evaluation", eqs. 8–12), on bitsets over the item universe.
 *
 * For a system (or ensemble) A and a system X, with gold set Y:
 * - FN_A = Y \ A (gold items A misses), FP_A = A \ Y (spurious items A returns).
 * - **R_Comp(A, X)** = 1 − |FN_A ∩ FN_X| / |FN_A|: the share of A's misses that X finds.
 * - **P_Comp(A, X)** = 1 − |FP_A ∩ FP_X| / |FP_A|: the share of A's spurious items X avoids.
 * - **F_βComp** = (1 + β²)·P_Comp·R_Comp / (β²·P_Comp + R_Comp); F_Comp is β = 1. The paper's
 *   eq. 12 prints "1 + β", which does not reduce to eq. 11 at β = 1: a misprint.
 * - **Item Comp(A, X)** = 1 − (|FN_A ∩ FN_X| + |FP_A ∩ FP_X|) / (|FN_A| + |FP_A|): Brill & Wu's
 *   Comp with an item's error in place of a word's (used when there are no tokens).
 *
 * Comp(A, X) is asymmetric: it says what X offers A. Edge cases: a zero denominator means A has
 * nothing to fix, and the value is **undefined** (`null`), never a made-up number. F_Comp is
 * `null` when either P_Comp or R_Comp is, and 0 when both are 0 (X fixes nothing either way).
 *
 * Identities (exact, property-tested): recall of A ∪ X = 1 − (1 − R_A)(1 − R_Comp(A, X));
 * |FP of A ∩ X| = |FP_A|·(1 − P_Comp(A, X)).
 */
import type { Bitset } from '../model/bitset.js';
import { popcount } from '../model/bitset.js';

/** The cells of the contingency of two selections against gold, as item counts. */
export interface PairCounts {
  /** Gold items both find. */
  bothCorrect: number;
  /** Gold items only A finds. */
  onlyACorrect: number;
  /** Gold items only X (the second system) finds. */
  onlyBCorrect: number;
  /** Gold items both miss: |FN_A ∩ FN_X|. */
  bothMissed: number;
  /** Spurious items both return: |FP_A ∩ FP_X|. */
  bothWrong: number;
  /** Spurious items only A returns. */
  onlyAWrong: number;
  /** Spurious items only X returns. */
  onlyBWrong: number;
}

export interface ItemComplementarity extends PairCounts {
  pComp: number | null;
  rComp: number | null;
  fComp: number | null;
  fBetaComp: number | null;
  /** Item-level Brill & Wu Comp. */
  itemComp: number | null;
  /** |A ∩ X| / |A ∪ X| (selections, whatever gold says); `null` when both are empty. */
  jaccard: number | null;
}

/** 1 − shared/own, or `null` when `own` is 0. */
export function shareFixed(shared: number, own: number): number | null {
  return own === 0 ? null : 1 - shared / own;
}

/**
 * F_β of two complementarity values: `null` when either is undefined, 0 when both are 0.
 * β must be positive.
 */
export function fCompOf(p: number | null, r: number | null, beta = 1): number | null {
  if (p === null || r === null) return null;
  const b2 = beta * beta;
  const den = b2 * p + r;
  return den === 0 ? 0 : ((1 + b2) * p * r) / den;
}

/** |a|, |a ∩ g|, |a ∩ b|, |a ∩ b ∩ g| in one pass over the words. */
function counts4(a: Bitset, b: Bitset, g: Bitset): [number, number, number, number, number, number] {
  const aw = a.words;
  const bw = b.words;
  const gw = g.words;
  let na = 0, nb = 0, ag = 0, bg = 0, ab = 0, abg = 0;
  for (let i = 0; i < aw.length; i++) {
    const x = aw[i];
    const y = bw[i];
    const z = gw[i];
    if ((x | y) === 0) continue;
    na += popcount(x);
    nb += popcount(y);
    ag += popcount(x & z);
    bg += popcount(y & z);
    const xy = x & y;
    ab += popcount(xy);
    abg += popcount(xy & z);
  }
  return [na, nb, ag, bg, ab, abg];
}

/**
 * Complementarity of X (`b`) to A (`a`) against gold `g`: what X offers A. `goldSize` is |g|
 * (passed so that callers comparing many pairs count it once).
 */
export function itemComplementarity(a: Bitset, b: Bitset, g: Bitset, goldSize: number, beta = 1): ItemComplementarity {
  const [na, nb, tpA, tpB, ab, abCorrect] = counts4(a, b, g);
  const fnA = goldSize - tpA;
  const fpA = na - tpA;
  const fpB = nb - tpB;
  const bothWrong = ab - abCorrect;
  // |FN_A ∩ FN_X| = |Y| − |Y ∩ (A ∪ X)| = |Y| − tp_A − tp_X + |A ∩ X ∩ Y|.
  const bothMissed = goldSize - tpA - tpB + abCorrect;
  const pComp = shareFixed(bothWrong, fpA);
  const rComp = shareFixed(bothMissed, fnA);
  const union = na + nb - ab;
  return {
    bothCorrect: abCorrect,
    onlyACorrect: tpA - abCorrect,
    onlyBCorrect: tpB - abCorrect,
    bothMissed,
    bothWrong,
    onlyAWrong: fpA - bothWrong,
    onlyBWrong: fpB - bothWrong,
    pComp,
    rComp,
    fComp: fCompOf(pComp, rComp, 1),
    fBetaComp: fCompOf(pComp, rComp, beta),
    itemComp: shareFixed(bothMissed + bothWrong, fnA + fpA),
    jaccard: union === 0 ? null : ab / union,
  };
}

export interface SetComplementarity {
  /** 1 − |M_S ∩ FN_X| / |M_S|, M_S = gold items every member misses; `null` when M_S is empty. */
  rComp: number | null;
  /** 1 − |W_S ∩ FP_X| / |W_S|, W_S = spurious items every member returns; `null` when W_S is empty. */
  pComp: number | null;
  fComp: number | null;
  fBetaComp: number | null;
  /** |M_S|, |M_S ∩ FN_X|, |W_S|, |W_S ∩ FP_X|. */
  commonMissed: number;
  stillMissed: number;
  commonWrong: number;
  stillWrong: number;
}

/**
 * Set-level complementarity Comp(S, X): what system X offers an ensemble S, judged on the
 * errors S's members have in common — the gold items all of them miss (the misses of their
 * union) and the spurious items all of them return (the false positives of their
 * intersection). For one member this is the pairwise Comp(A, X). Exact identities:
 * recall of ∪(S + X) = 1 − (1 − R_∪S)(1 − R_Comp(S, X)) and
 * |FP of ∩(S + X)| = |FP of ∩S|·(1 − P_Comp(S, X)).
 * `members` must not be empty.
 */
export function setComplementarity(members: readonly Bitset[], x: Bitset, g: Bitset, beta = 1): SetComplementarity {
  if (members.length === 0) throw new RangeError('setComplementarity needs at least one member');
  const n = g.words.length;
  const gw = g.words;
  const xw = x.words;
  let commonMissed = 0, stillMissed = 0, commonWrong = 0, stillWrong = 0;
  for (let i = 0; i < n; i++) {
    let any = 0;
    let all = 0xffffffff;
    for (const m of members) {
      const w = m.words[i];
      any |= w;
      all &= w;
    }
    const missed = gw[i] & ~any;
    const wrong = all & ~gw[i];
    commonMissed += popcount(missed);
    stillMissed += popcount(missed & ~xw[i]);
    commonWrong += popcount(wrong);
    stillWrong += popcount(wrong & xw[i]);
  }
  const rComp = shareFixed(stillMissed, commonMissed);
  const pComp = shareFixed(stillWrong, commonWrong);
  return {
    rComp, pComp, fComp: fCompOf(pComp, rComp, 1), fBetaComp: fCompOf(pComp, rComp, beta),
    commonMissed, stillMissed, commonWrong, stillWrong,
  };
}
