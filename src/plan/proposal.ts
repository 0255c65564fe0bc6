/**
 * Proposal scores: cheap predicted counts of member sets for the search to rank them by, built
 * one member at a time with {@link joinBinary} and {@link joinTyped} (src/plan/maxent-join.ts)
 * from the members' single and pairwise statistics only.
 *
 * The proposal state of a member set is its members joined in increasing system index, each
 * onto the ones before it (remembered per set, so a set's state is its prefix's state and one
 * join). The proposal of a set S plus a system x is x joined onto S's state: O(k) work per
 * Newton step (O(k²) for the typed votes), against a full refit of the pairwise model for a
 * prediction ({@link predictCandidate}). A proposal depends on the member set (and, for S plus
 * x, on which member came last) and never on the other systems loaded. It is a search-time
 * score: what plans report as a candidate's prediction stays {@link predictCandidate}'s.
 *
 * Per class, as in predict.ts: gold items (N = G, counts TP_m, pairs |TP_a∩TP_b|); non-gold
 * items (N = Σ FP_m over the members, so each join brings its own FP_x new items at zero votes);
 * and for substitutions the X and Z classes (binary rules, when the objective reads them). Typed
 * votes (`vote`; `weighted`, proposed as the plain vote) keep the joint of gold-label votes U and
 * wrong-label votes D at gold boundaries, each member joining in one of three states (gold label,
 * another label only, nothing), and decide it as predictVote does.
 */
import { isBinaryRule, type Rule } from '../ensemble/rules.js';
import type { PlanData } from './data.js';
import { joinBinary, joinTyped } from './maxent-join.js';
import { zPair, zSingle } from './predict.js';

/** What a proposal gives: counts as a prediction has them (S is NaN when not counted). */
export interface ProposalCounts {
  tp: number;
  fp: number;
  fn: number;
  s: number;
}

/** The fitted vote distributions of one member set. */
export interface ProposalState {
  /** Members. */
  k: number;
  /** Gold items by number of votes (binary rules). */
  gold?: Float64Array;
  /** Non-gold items by number of votes. */
  neg: Float64Array;
  /** X items by number of votes (substitutions of binary rules; typed votes). */
  x?: Float64Array;
  /** Z items by number of votes (substitutions of binary rules). */
  z?: Float64Array;
  /** Typed votes: gold boundaries by (gold votes u, wrong votes d), (k+1)×(k+1). */
  ud?: Float64Array;
}

function tail(h: Float64Array, t: number): number {
  let s = 0;
  for (let v = Math.max(0, t); v < h.length; v++) s += h[v];
  return s;
}

function clamp(x: number, hi: number): number {
  return Math.max(0, Math.min(x, hi));
}

/** Proposal states and scores for one rule on one planning data. */
export class Proposals {
  private readonly states = new Map<number, ProposalState>();
  private readonly typed: boolean;
  /** Joins made (each one member onto a set). */
  joins = 0;

  /** `withSlots`: whether substitutions are needed (the objective reads SER or ERR). */
  constructor(
    private readonly data: PlanData,
    rule: Rule,
    private readonly withSlots: boolean,
  ) {
    this.typed = !isBinaryRule(rule);
  }

  /** The state of member set S (a non-empty bitmask): its members joined in increasing index. */
  stateOf(S: number): ProposalState {
    let st = this.states.get(S);
    if (st === undefined) {
      const top = 31 - Math.clz32(S);
      const rest = S & ~(1 << top);
      st = rest === 0 ? this.single(top) : this.join(this.stateOf(rest), rest, top);
      this.states.set(S, st);
    }
    return st;
  }

  /** The state of S plus system x (not in S), joined onto S's state; not remembered. */
  child(S: number, x: number): ProposalState {
    return this.join(this.stateOf(S), S, x);
  }

  private single(m: number): ProposalState {
    const { data } = this;
    const n = data.n;
    const G = data.goldSize;
    const two = (N: number, c: number) => Float64Array.of(N - clamp(c, N), clamp(c, N));
    if (this.typed) {
      const tp = clamp(data.tp[m], G);
      const wrong = clamp(data.ww[m * n + m] - data.wc[m * n + m], G - tp);
      return { k: 1, ud: Float64Array.of(G - tp - wrong, wrong, tp, 0), neg: two(data.fp[m], data.fp[m]), x: two(G, data.coX[m * n + m]) };
    }
    return {
      k: 1,
      gold: two(G, data.tp[m]),
      neg: two(data.fp[m], data.fp[m]),
      ...(this.withSlots ? { x: two(G, data.coX[m * n + m]), z: two(G, zSingle(data, m)) } : {}),
    };
  }

  /** Member x joined onto state `st` of member set S. */
  private join(st: ProposalState, S: number, x: number): ProposalState {
    const { data } = this;
    const n = data.n;
    this.joins++;
    const sum = (f: (a: number) => number) => {
      let s = 0;
      for (let bits = S; bits !== 0; bits &= bits - 1) s += f(31 - Math.clz32(bits & -bits));
      return s;
    };
    // Non-gold items: x brings its FP_x items into the population, at zero votes so far.
    const negBefore = Float64Array.from(st.neg);
    negBefore[0] += data.fp[x];
    const neg = joinBinary(negBefore, data.fp[x], sum((a) => data.coNeg[a * n + x]));
    if (this.typed) {
      const G = data.goldSize;
      const tp = clamp(data.tp[x], G);
      const wrong = clamp(data.ww[x * n + x] - data.wc[x * n + x], G - tp);
      // wc[a·n + b] = |W_a ∩ C_b|.
      const ud = joinTyped(st.ud!, st.k, tp, wrong,
        [sum((a) => data.coGold[a * n + x]), sum((a) => data.wc[a * n + x])],
        [sum((a) => data.wc[x * n + a]), sum((a) => data.ww[a * n + x])]);
      return { k: st.k + 1, ud, neg, x: joinBinary(st.x!, data.coX[x * n + x], sum((a) => data.coX[a * n + x])) };
    }
    return {
      k: st.k + 1,
      gold: joinBinary(st.gold!, data.tp[x], sum((a) => data.coGold[a * n + x])),
      neg,
      ...(this.withSlots
        ? { x: joinBinary(st.x!, data.coX[x * n + x], sum((a) => data.coX[a * n + x])), z: joinBinary(st.z!, zSingle(data, x), sum((a) => zPair(data, a, x))) }
        : {}),
    };
  }

  /**
   * Proposed counts of a state: for binary rules, "at least `need` votes" (Infinity: nothing
   * kept); typed votes decide the (u, d) joint as predictVote does and ignore `need`.
   */
  counts(st: ProposalState, need: number): ProposalCounts {
    const G = this.data.goldSize;
    const k = st.k;
    if (!this.typed) {
      if (need > k) return { tp: 0, fp: 0, fn: G, s: 0 };
      const tp = tail(st.gold!, need);
      const fp = tail(st.neg, need);
      if (!this.withSlots) return { tp, fp, fn: G - tp, s: NaN };
      const keptX = tail(st.x!, need);
      const s = 2 * need > k ? keptX : Math.min(keptX, tail(st.z!, need) - tp);
      return { tp, fp, fn: G - tp, s: clamp(s, Math.min(fp, G - tp)) };
    }
    const side = k + 1;
    let tp = 0;
    let s = 0;
    for (let u = 0; u <= k; u++) {
      for (let d = 0; u + d <= k; d++) {
        const c = st.ud![u * side + d];
        if (!(c > 0)) continue;
        const o = k - u - d;
        if (u > o) tp += u > d ? c : u === d ? c / 2 : 0;
        if (d > o) s += d > u ? c : d === u ? c / 2 : 0;
      }
    }
    const t = Math.floor(k / 2) + 1;
    tp = clamp(tp, G);
    const fp = Math.max(0, tail(st.neg, t) - tail(st.x!, t)) + s;
    return { tp, fp, fn: G - tp, s: clamp(s, Math.min(fp, G - tp)) };
  }
}
