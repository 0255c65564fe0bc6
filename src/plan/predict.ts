/**
 * Predicted counts of a candidate from the pairwise statistics alone: per-system
 * counts and the n×n co-selection counts of {@link PlanData}, never a joint simulation.
 *
 * **Exact cases** (the complementarity identities of src/complementarity/comp.ts, tested to
 * equal the simulation):
 * - one member: its own TP, FP and S;
 * - two members a, b under "at least one vote" (union, kofn:1): TP = TP_a + TP_b − |TP_a∩TP_b|,
 *   FP = FP_a + FP_b − |FP_a∩FP_b| (so R = 1 − (1−R_a)(1−R_Comp(a,b)));
 *   under "both votes" (intersection, majority of two, kofn:2): TP = |TP_a∩TP_b|,
 *   FP = |FP_a∩FP_b| = FP_a·(1 − P_Comp(a,b)).
 *   Substitutions: union S = |W_a| − |W_a∩C_b| + |W_b| − |W_b∩C_a| − |W_a∩W_b|, intersection
 *   S = |X_a∩X_b| — exact when every gold boundary has one gold label and no system gives one
 *   boundary two labels (always so for BIO input); an approximation otherwise.
 *
 * **Three or more members: beta-binomial estimator.** The number V of member votes an item gets
 * is modelled as beta-binomial(n, π, θ), separately for gold items, for non-gold items and for
 * substitution candidates, matched to the first two factorial moments the pairwise statistics
 * give exactly: E[V]/n = π = Σ_m c_m / (n·N) and E[V(V−1)]/(n(n−1)) = m₂ = Σ_{a≠b} c_ab /
 * (n(n−1)·N), with N the number of items of the class. With θ = ρ/(1−ρ) (ρ the intra-class
 * correlation), P(V = k) = C(n,k)·Π_{j<k}(π + jθ)·Π_{j<n−k}(1 − π + jθ) / Π_{j<n}(1 + jθ) and the
 * moment match gives θ = (m₂ − π²)/(π − m₂). θ = 0 is the binomial (independent members);
 * m₂ = π (every item chosen by all or by none) puts all mass on 0 and n. A negative θ
 * (members avoid each other's items) is kept down to the smallest value for which the
 * probabilities stay non-negative, −min(π, 1−π)/(n−1). Predicted TP = N_gold·P(V ≥ t),
 * FP = N_neg·P(V ≥ t); predicted S = N_X·P(V_X ≥ t)·(1 − predicted recall), capped by FP and FN.
 * With n = 2 the estimator reproduces the exact counts (a distribution on {0,1,2} is fixed by
 * two moments); the exact formulas are used there to avoid rounding.
 *
 * Typed `vote` and `weighted` have no vote-count threshold; they are predicted through their
 * binary counterpart, `majority` of the same members, and are marked so (`via-majority`).
 *
 * Reference: the beta-binomial as a model of correlated classifier votes follows Kuncheva,
 * *Combining Pattern Classifiers* (2004, §4.6 on majority voting of dependent classifiers) in
 * spirit; the moment parameterisation is Skellam (1948).
 */
import type { PlanData } from './data.js';
import type { PredictionMethod } from './types.js';

export interface PredictedCounts {
  tp: number;
  fp: number;
  fn: number;
  s: number;
  method: PredictionMethod;
}

/** Sums of per-system and pairwise statistics over a member set: what prediction needs. */
export interface MemberSums {
  size: number;
  tp: number;
  fp: number;
  x: number;
  /** Σ over unordered pairs {a, b} ⊂ S. */
  coGold: number;
  coNeg: number;
  coX: number;
}

/** The sums of {@link MemberSums} for a member list. */
export function memberSums(data: PlanData, members: readonly number[]): MemberSums {
  const { n } = data;
  const out: MemberSums = { size: members.length, tp: 0, fp: 0, x: 0, coGold: 0, coNeg: 0, coX: 0 };
  for (let i = 0; i < members.length; i++) {
    const a = members[i];
    out.tp += data.tp[a];
    out.fp += data.fp[a];
    out.x += data.coX[a * n + a];
    for (let j = i + 1; j < members.length; j++) {
      const b = members[j];
      out.coGold += data.coGold[a * n + b];
      out.coNeg += data.coNeg[a * n + b];
      out.coX += data.coX[a * n + b];
    }
  }
  return out;
}

/**
 * P(V ≥ t) for V ~ beta-binomial(n, π, θ) matched to mean share `pi` and second factorial
 * moment share `m2` (see the module comment). `t` in 1..n.
 */
export function betaBinomialTail(n: number, pi: number, m2: number, t: number): number {
  if (t <= 0) return 1;
  if (t > n) return 0;
  if (!(pi > 0)) return 0;
  if (pi >= 1) return 1;
  if (n === 1) return pi;
  const denom = pi - m2;
  // All or nothing: every item has 0 or n votes.
  if (denom <= 1e-15 * pi) return pi;
  let theta = (m2 - pi * pi) / denom;
  const floor = -Math.min(pi, 1 - pi) / (n - 1);
  if (theta < floor) theta = floor;
  // Prefix products A[k] = Π_{j<k}(π + jθ), B[k] = Π_{j<k}(1 − π + jθ).
  const A = new Float64Array(n + 1);
  const B = new Float64Array(n + 1);
  A[0] = B[0] = 1;
  let D = 1;
  for (let j = 0; j < n; j++) {
    A[j + 1] = A[j] * Math.max(0, pi + j * theta);
    B[j + 1] = B[j] * Math.max(0, 1 - pi + j * theta);
    D *= 1 + j * theta;
  }
  let tail = 0;
  let binom = 1; // C(n, k), built up from k = 0
  for (let k = 0; k <= n; k++) {
    if (k >= t) tail += (binom * A[k] * B[n - k]) / D;
    binom = (binom * (n - k)) / (k + 1);
  }
  return Math.min(1, Math.max(0, tail));
}

/**
 * Predicted TP, FP, FN and S of "at least `need` votes among `members`" (system indices, no
 * repeats); `sums` may be passed when the caller keeps them incrementally.
 */
export function predictBinary(data: PlanData, members: readonly number[], need: number, sums: MemberSums = memberSums(data, members)): PredictedCounts {
  const n = members.length;
  const G = data.goldSize;
  if (need > n) return { tp: 0, fp: 0, fn: G, s: 0, method: 'exact' };
  if (n === 1) {
    const m = members[0];
    return { tp: data.tp[m], fp: data.fp[m], fn: G - data.tp[m], s: data.s[m], method: 'exact' };
  }
  if (n === 2) {
    const [a, b] = members;
    const N = data.n;
    if (need <= 1) {
      const tp = sums.tp - sums.coGold;
      const s = wOf(data, a) - data.wc[a * N + b] + wOf(data, b) - data.wc[b * N + a] - data.ww[a * N + b];
      return { tp, fp: sums.fp - sums.coNeg, fn: G - tp, s, method: 'exact' };
    }
    return { tp: sums.coGold, fp: sums.coNeg, fn: G - sums.coGold, s: sums.coX, method: 'exact' };
  }
  const pairs = (n * (n - 1)) / 2;
  const tail = (total: number, single: number, co: number) =>
    total === 0 ? 0 : total * betaBinomialTail(n, single / (n * total), co / (pairs * total), need);
  const tp = tail(G, sums.tp, sums.coGold);
  const fp = tail(data.negSize, sums.fp, sums.coNeg);
  const fn = G - tp;
  const recall = G === 0 ? 0 : tp / G;
  const keptX = tail(data.xSize, sums.x, sums.coX);
  const s = Math.max(0, Math.min(keptX * (1 - recall), fp, fn));
  return { tp, fp, fn, s, method: 'beta-binomial' };
}

/** |W_m|: gold boundaries where system m returns a non-gold item (the diagonal of ww). */
function wOf(data: PlanData, m: number): number {
  return data.ww[m * data.n + m];
}
