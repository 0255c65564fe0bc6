/**
 * Predicted counts of a candidate from its members' pairwise statistics alone — per-member
 * counts and the co-selection counts of each pair of members in {@link PlanData}, never a joint
 * simulation, and nothing about systems outside the candidate (loading more systems never
 * changes a candidate's prediction).
 *
 * **Exact cases** (the complementarity identities of src/complementarity/comp.ts, tested to
 * equal the simulation): one member under any binary rule; two members under union (TP = TP_a +
 * TP_b − |TP_a∩TP_b|, FP likewise, so R = 1 − (1−R_a)(1−R_Comp(a,b))) and under "both votes"
 * (intersection, majority of two, kofn:2: TP = |TP_a∩TP_b|, FP = FP_a·(1 − P_Comp(a,b))), with
 * substitutions S from the boundary statistics (union: |W_a| − |W_a∩C_b| + |W_b| − |W_b∩C_a| −
 * |W_a∩W_b|; both: |X_a∩X_b|) — exact for BIO input (one label per boundary); one member under
 * `vote` or `weighted`: its own votes, counted (exact for any input).
 *
 * **Three or more members (`max-entropy`).** Each class of items gets the pairwise
 * maximum-entropy distribution of its member votes (src/plan/maxent.ts: the least committal
 * distribution with the members' single and pairwise counts), over a population that depends
 * only on the members:
 * - gold items: N = G, the gold items; TP = #{gold items with ≥ t votes}, FN = G − TP;
 * - non-gold items: N = Σ_m FP_m, the most distinct false positives the members can return (the
 *   union's upper bound); FP = #{non-gold items with ≥ t votes};
 * - substitution candidates (X: a non-gold label on a gold boundary): N = G, one per gold
 *   boundary; kept X = #{X items with ≥ t votes};
 * - "something at a gold boundary" (Z_m = C_m ∪ W_m, boundary level): N = G, singles
 *   |C_m| + |W_m|, pairs |C_a∩C_b| + |C_a∩W_b| + |W_a∩C_b| + |W_a∩W_b|.
 * With t > k/2 two items of one boundary cannot both be kept, so S = kept X. With t ≤ k/2 a
 * boundary is a substitution when some label is kept there and the gold one is not, so
 * S = min(kept X, #{Z ≥ t} − TP) (for union, #{Z ≥ 1} − #{C ≥ 1} is exactly that count).
 * S is capped by FP and FN.
 *
 * **Typed `vote`.** At a gold boundary let U be the members voting the gold label (C_m) and D
 * those voting another label (W_m; N = G, singles |W_m|, pairs |W_a∩W_b|); U and D get the
 * maximum-entropy joint with their own distributions and their cross moment
 * E[UD] = Σ_{a≠b} |C_a∩W_b|, with U + D ≤ k (a member votes once). The gold label wins when U
 * beats the `O` votes (U > k − U − D) and the wrong labels taken as one (U > D); a wrong label
 * wins when D > k − U − D and D > U; ties count one half (the best member breaks them).
 * Elsewhere a label wins when it beats `O`, which is the majority threshold:
 * FP = (non-gold kept by majority − X kept by majority) + S.
 *
 * **`weighted`, two to six members.** The vote must know *which* members vote which way, so the
 * three states of each member at a gold boundary (gold label, another label, nothing) get the
 * pairwise maximum-entropy distribution over all 3^k states (src/plan/maxent-states.ts), and
 * the non-gold and X items the binary one over all 2^k patterns. Each state is decided as the
 * simulation decides a boundary: the gold label's weighted tally against the wrong labels' (taken
 * as one) and against the `O` weights of the silent members, a tie going to the label of the
 * best-ranked member; FP = (non-gold kept − X kept) + S as above. A member's label weight is its
 * average over the gold labels' frequencies (exact for one weight per member, `f1` and given
 * weights). The same model predicts the plain vote no better than the count model above, at
 * several times the cost, so `vote` keeps the latter. Above six members `weighted` is predicted
 * as the plain vote (method `max-entropy-unweighted`).
 *
 * References: see src/plan/maxent.ts (Jaynes; Cox; Deming and Stephan; Kuncheva et al. on
 * majority votes of dependent classifiers).
 */
import type { Rule } from '../ensemble/rules.js';
import { isBinaryRule, threshold } from '../ensemble/rules.js';
import { maskHiOf, maskOf, type PlanData } from './data.js';
import { actualVote, voteWeights, type VoteWeights } from './engine.js';
import { EXACT_MEMBERS, maxEntPatterns, maxEntVotes, tiltedJoint } from './maxent.js';
import { C, maxEntStates, stateDigits, W } from './maxent-states.js';
import type { PredictionMethod } from './types.js';

export interface PredictedCounts {
  tp: number;
  fp: number;
  fn: number;
  s: number;
  method: PredictionMethod;
}

/** The members' vote distributions per class (see the module comment), counts by number of votes. */
export interface MemberVotes {
  members: number[];
  gold: Float64Array;
  neg: Float64Array;
  x: Float64Array;
  z: Float64Array;
  w: Float64Array;
}

/**
 * The vote distributions of a member list (three or more members). Each class is fitted when it
 * is first read: F needs only the gold and non-gold classes, substitutions x and z, the typed
 * vote w.
 */
export function memberVotes(data: PlanData, members: readonly number[]): MemberVotes {
  const { n } = data;
  const G = data.goldSize;
  const single = (f: (m: number) => number) => perMember(members, f);
  const pairs = (f: (a: number, b: number) => number) => perPair(members, f);
  const negVotes = () => {
    const fp = single((m) => data.fp[m]);
    let negN = 0;
    for (const c of fp) negN += c;
    return maxEntVotes(negN, fp, pairs((a, b) => data.coNeg[a * n + b]));
  };
  let gold: Float64Array | undefined;
  let neg: Float64Array | undefined;
  let x: Float64Array | undefined;
  let z: Float64Array | undefined;
  let w: Float64Array | undefined;
  return {
    members: [...members],
    get gold() { return (gold ??= maxEntVotes(G, single((m) => data.tp[m]), pairs((a, b) => data.coGold[a * n + b]))); },
    get neg() { return (neg ??= negVotes()); },
    get x() { return (x ??= maxEntVotes(G, single((m) => data.coX[m * n + m]), pairs((a, b) => data.coX[a * n + b]))); },
    get z() { return (z ??= maxEntVotes(G, single((m) => zSingle(data, m)), pairs((a, b) => zPair(data, a, b)))); },
    get w() { return (w ??= maxEntVotes(G, single((m) => data.ww[m * n + m]), pairs((a, b) => data.ww[a * n + b]))); },
  };
}

/** |Z_m| = |C_m ∪ W_m| at gold boundaries. */
function zSingle(data: PlanData, m: number): number {
  const n = data.n;
  return Math.min(data.goldSize, data.tp[m] + data.ww[m * n + m] - data.wc[m * n + m]);
}

/**
 * |Z_a ∩ Z_b| = |C_a∩C_b| + |C_a∩W_b| + |W_a∩C_b| + |W_a∩W_b| (exact when no member gives one
 * boundary two labels; otherwise kept within what the singles allow).
 */
function zPair(data: PlanData, a: number, b: number): number {
  const n = data.n;
  const za = zSingle(data, a);
  const zb = zSingle(data, b);
  const both = data.coGold[a * n + b] + data.wc[a * n + b] + data.wc[b * n + a] + data.ww[a * n + b];
  return Math.min(za, zb, Math.max(za + zb - data.goldSize, both));
}

function tail(h: Float64Array, t: number): number {
  let s = 0;
  for (let v = Math.max(0, t); v < h.length; v++) s += h[v];
  return s;
}

/** f(m) for each of the members. */
function perMember(members: readonly number[], f: (m: number) => number): Float64Array {
  return Float64Array.from(members, f);
}

/** f(a, b) for each pair of members a before b, k×k row-major (every ordered pair when `ordered`). */
function perPair(members: readonly number[], f: (a: number, b: number) => number, ordered = false): Float64Array {
  const k = members.length;
  const out = new Float64Array(k * k);
  for (let i = 0; i < k; i++) for (let j = ordered ? 0 : i + 1; j < k; j++) if (i !== j) out[i * k + j] = f(members[i], members[j]);
  return out;
}

/**
 * What `make` gives for the member list, remembered for the last list asked of each data (the
 * rules of one candidate ask for the same fits in turn).
 */
function lastFor<T extends { members: number[] }>(cache: WeakMap<PlanData, T>, data: PlanData, members: readonly number[], make: () => T): T {
  const last = cache.get(data);
  if (last !== undefined && last.members.length === members.length && last.members.every((m, i) => m === members[i])) return last;
  const v = make();
  cache.set(data, v);
  return v;
}

const cache = new WeakMap<PlanData, MemberVotes>();

/** {@link memberVotes}, remembered for the last member list per data. */
function votesOf(data: PlanData, members: readonly number[]): MemberVotes {
  return lastFor(cache, data, members, () => memberVotes(data, members));
}

/**
 * Predicted TP, FP, FN and S of "at least `need` votes among `members`" (system indices in
 * increasing order, no repeats). Without `withSlots`, S of three or more members is left NaN
 * and its two fits are saved (objectives that read neither SER nor ERR).
 */
export function predictBinary(data: PlanData, members: readonly number[], need: number, withSlots = true): PredictedCounts {
  const k = members.length;
  const G = data.goldSize;
  const N = data.n;
  if (need > k || k === 0) return { tp: 0, fp: 0, fn: G, s: 0, method: 'exact' };
  if (k === 1) {
    const m = members[0];
    return { tp: data.tp[m], fp: data.fp[m], fn: G - data.tp[m], s: data.s[m], method: 'exact' };
  }
  if (k === 2) {
    const [a, b] = members;
    if (need <= 1) {
      const tp = data.tp[a] + data.tp[b] - data.coGold[a * N + b];
      const s = data.ww[a * N + a] - data.wc[a * N + b] + data.ww[b * N + b] - data.wc[b * N + a] - data.ww[a * N + b];
      return { tp, fp: data.fp[a] + data.fp[b] - data.coNeg[a * N + b], fn: G - tp, s, method: 'exact' };
    }
    const tp = data.coGold[a * N + b];
    return { tp, fp: data.coNeg[a * N + b], fn: G - tp, s: data.coX[a * N + b], method: 'exact' };
  }
  const v = votesOf(data, members);
  const tp = tail(v.gold, need);
  const fp = tail(v.neg, need);
  const fn = G - tp;
  if (!withSlots) return { tp, fp, fn, s: NaN, method: 'max-entropy' };
  const keptX = tail(v.x, need);
  const s = 2 * need > k ? keptX : Math.min(keptX, tail(v.z, need) - tp);
  return { tp, fp, fn, s: clamp(s, Math.min(fp, fn)), method: 'max-entropy' };
}

function clamp(x: number, hi: number): number {
  return Math.max(0, Math.min(x, hi));
}

/**
 * Counts of the typed rule with a single member: its own votes (one per boundary), counted —
 * exact, whatever the input (a system giving one boundary two labels votes once there, so its
 * vote is not quite its output) and whatever its weight (a weighted vote of one keeps the labels
 * whose weight beats nothing).
 */
function singleVote(data: PlanData, member: number, rule: Rule): PredictedCounts {
  const S = maskOf([member]);
  const Shi = maskHiOf([member]);
  const c = actualVote(data, S, Shi, voteWeights(data, rule, S, Shi));
  return { tp: c.tp, fp: c.fp, fn: c.fn, s: c.s, method: 'exact' };
}

/** Predicted counts of the typed vote among `members` (see the module comment). */
export function predictVote(data: PlanData, members: readonly number[], rule: Rule = { kind: 'vote' }): PredictedCounts {
  const k = members.length;
  const G = data.goldSize;
  const n = data.n;
  if (k === 0) return { tp: 0, fp: 0, fn: G, s: 0, method: 'exact' };
  if (k === 1) return singleVote(data, members[0], rule);
  const v = votesOf(data, members);
  let cross = 0;
  for (const a of members) for (const b of members) if (a !== b) cross += data.wc[b * n + a];
  const joint = tiltedJoint(v.gold, v.w, G, cross, (u, d) => u + d <= k);
  let tp = 0;
  let s = 0;
  for (let u = 0; u <= k; u++) {
    for (let wrong = 0; u + wrong <= k; wrong++) {
      const c = joint[u * (k + 1) + wrong];
      if (c === 0) continue;
      const o = k - u - wrong;
      if (u > o) tp += u > wrong ? c : u === wrong ? c / 2 : 0;
      if (wrong > o) s += wrong > u ? c : wrong === u ? c / 2 : 0;
    }
  }
  const t = threshold({ kind: 'majority' }, k);
  tp = clamp(tp, G);
  const fp = Math.max(0, tail(v.neg, t) - tail(v.x, t)) + s;
  return { tp, fp, fn: G - tp, s: clamp(s, Math.min(fp, G - tp)), method: 'max-entropy' };
}

/**
 * Whether the prediction of a candidate of `size` members under `rule` is exact by construction
 * (see the module comment): one member; two under a binary rule; a `kofn` asking for more votes
 * than there are members (nothing is kept).
 */
export function exactByConstruction(rule: Rule, size: number): boolean {
  if (size <= 1) return true;
  if (!isBinaryRule(rule)) return false;
  return size === 2 || threshold(rule, size) > size;
}

/**
 * Predicted counts of the candidate `members` (increasing system indices) under `rule`;
 * `weights` are the rule's vote weights on `data` (computed for the members when absent).
 */
export function predictCandidate(data: PlanData, members: readonly number[], rule: Rule, weights?: VoteWeights): PredictedCounts {
  if (isBinaryRule(rule)) {
    const t = threshold(rule, members.length);
    return predictBinary(data, members, t > members.length ? Infinity : t);
  }
  if (members.length === 1) return singleVote(data, members[0], rule);
  if (rule.kind === 'weighted' && members.length <= EXACT_MEMBERS) {
    return predictVoteStates(data, members, weights ?? voteWeights(data, rule, maskOf(members), maskHiOf(members)));
  }
  const p = predictVote(data, members);
  if (rule.kind === 'weighted') p.method = 'max-entropy-unweighted';
  return p;
}

/** The fitted states and patterns of the last member list per data (a candidate's vote rules share them). */
interface BoundaryStates {
  members: number[];
  states: Float64Array;
  neg: Float64Array;
  x: Float64Array;
}

const stateCache = new WeakMap<PlanData, BoundaryStates>();

function statesOf(data: PlanData, members: readonly number[]): BoundaryStates {
  return lastFor(stateCache, data, members, () => fitStates(data, members));
}

function fitStates(data: PlanData, members: readonly number[]): BoundaryStates {
  const { n } = data;
  const G = data.goldSize;
  const single = (f: (m: number) => number) => perMember(members, f);
  const pairs = (f: (a: number, b: number) => number, ordered = false) => perPair(members, f, ordered);
  let negN = 0;
  let xN = 0;
  for (const m of members) {
    negN += data.fp[m];
    xN += data.coX[m * n + m];
  }
  return {
    members: [...members],
    states: maxEntStates(
      G,
      single((m) => data.tp[m]),
      single((m) => data.ww[m * n + m] - data.wc[m * n + m]),
      pairs((a, b) => data.coGold[a * n + b]),
      // |C_a ∩ W_b| = wc[b][a].
      pairs((a, b) => data.wc[b * n + a], true),
      pairs((a, b) => data.ww[a * n + b]),
    ),
    neg: maxEntPatterns(negN, single((m) => data.fp[m]), pairs((a, b) => data.coNeg[a * n + b])),
    // The X items' population is the gold items, or more when the members' X items outnumber
    // them (several labels at one gold boundary): a population smaller than its items is infeasible.
    x: maxEntPatterns(Math.max(G, xN), single((m) => data.coX[m * n + m]), pairs((a, b) => data.coX[a * n + b])),
  };
}

/** Gold items per label (the weights of a label-weighted vote are averaged with these). */
const goldLabels = new WeakMap<PlanData, Float64Array>();

function goldLabelCounts(data: PlanData): Float64Array {
  let out = goldLabels.get(data);
  if (out === undefined) {
    out = new Float64Array(Math.max(1, data.labels.length));
    for (let i = 0; i < data.u; i++) if (data.isGold[i] === 1 && data.label[i] >= 0) out[data.label[i]]++;
    goldLabels.set(data, out);
  }
  return out;
}

/**
 * Predicted counts of the typed vote of two to {@link EXACT_MEMBERS} members, plain (no
 * `weights`) or weighted, decided state by state on the three-state model of what the members
 * vote at gold boundaries (src/plan/maxent-states.ts) and on the binary models of non-gold
 * items and of X items (see the module comment).
 */
export function predictVoteStates(data: PlanData, members: readonly number[], weights?: VoteWeights): PredictedCounts {
  const k = members.length;
  const G = data.goldSize;
  const L = Math.max(1, data.labels.length);
  const fit = statesOf(data, members);
  // A member's vote weight for a label, averaged over the gold labels' frequencies; for `O`.
  const lw = new Float64Array(k).fill(1);
  const ow = new Float64Array(k).fill(1);
  if (weights !== undefined && !weights.unit) {
    const freq = goldLabelCounts(data);
    let total = 0;
    for (let l = 0; l < L; l++) total += freq[l];
    members.forEach((m, i) => {
      let s = 0;
      for (let l = 0; l < L; l++) s += (total > 0 ? freq[l] / total : 1 / L) * weights.label[m * L + l];
      lw[i] = s;
      ow[i] = weights.o[m];
    });
  }
  let totalO = 0;
  for (let i = 0; i < k; i++) totalO += ow[i];
  const eps = 1e-9 * Math.max(1, totalO);
  const rank = members.map((m) => data.rank[m]);
  const digits = stateDigits(k);
  let tp = 0;
  let s = 0;
  for (let x = 0; x < fit.states.length; x++) {
    const c = fit.states[x];
    if (c === 0) continue;
    let g = 0;
    let d = 0;
    let o = 0;
    let rankC = Infinity;
    let rankW = Infinity;
    for (let i = 0; i < k; i++) {
      const state = digits[x * k + i];
      if (state === C) {
        g += lw[i];
        rankC = Math.min(rankC, rank[i]);
      } else if (state === W) {
        d += lw[i];
        rankW = Math.min(rankW, rank[i]);
      } else o += ow[i];
    }
    const goldFirst = g > d + eps || (g >= d - eps && rankC < rankW);
    if (goldFirst ? g > o + eps : d > o + eps) {
      if (goldFirst) tp += c;
      else s += c;
    }
  }
  const kept = (patterns: Float64Array) => {
    let sum = 0;
    for (let x = 1; x < patterns.length; x++) {
      let yes = 0;
      let no = 0;
      for (let i = 0; i < k; i++) {
        if ((x >> i) & 1) yes += lw[i];
        else no += ow[i];
      }
      if (yes > no + eps) sum += patterns[x];
    }
    return sum;
  };
  tp = clamp(tp, G);
  const fp = Math.max(0, kept(fit.neg) - kept(fit.x)) + s;
  return { tp, fp, fn: G - tp, s: clamp(s, Math.min(fp, G - tp)), method: 'max-entropy' };
}
