/**
 * Actual scores of candidates on the planning data: the counts (TP, FP, S) and label ties an
 * ensemble of members S (a bitmask over {@link PlanData}) returns under a rule. These are the
 * same ensembles `simulate` builds (tested against it on random corpora), computed from member
 * bitmasks so that one candidate costs one pass over distinct member patterns (binary rules) or
 * over the boundaries (typed rules), with no allocation.
 *
 * A member set is two words, S (systems 0–31) and Shi (32–63; see member-set.ts). When Shi is 0
 * — always with 32 systems or fewer — the one-word loops run, reading no high word; otherwise
 * their two-word twins (the same steps on both words).
 */
import { UsageError } from '../errors.js';
import { popcount } from '../model/bitset.js';
import { isBinaryRule, threshold, type Rule } from '../ensemble/rules.js';
import { fCompOf, shareFixed } from '../complementarity/comp.js';
import { substitutionsOf, type PlanData } from './data.js';
import { memberWeights, tallyWeights } from '../ensemble/weights.js';
import { bitHi, bitLo, hasMember, setSize } from './member-set.js';

/**
 * The part of the planning data that scoring a member set reads (what exhaustive search shares
 * with its worker threads): the patterns, the boundaries and the items' masks and labels.
 */
export type ScoringData = Pick<PlanData,
  'n' | 'goldSize' | 'labels' | 'rank' | 'patterns' | 'votePatterns' | 'contested' | 'boundaries' | 'bStart' | 'bItems'
  | 'voteMask' | 'voteMaskHi' | 'bVoteOr' | 'bVoteOrHi' | 'isGold' | 'label' | 'bGold' | 'mask' | 'maskHi' | 'xBoundaries'>;

export interface ActualCounts {
  tp: number;
  fp: number;
  fn: number;
  /** Substitutions; NaN when not counted (`withSlots` false). */
  s: number;
  ties: number;
}

/**
 * Vote weights per member: `label[m·L + l]` for a vote for label l, `o[m]` for an `O` vote.
 * Plain `vote` has all weights 1 (then `unit` is true and tallies are popcounts).
 */
export interface VoteWeights {
  unit: boolean;
  label: Float64Array;
  o: Float64Array;
}

/**
 * The vote threshold of a binary rule among `size` members; for typed rules, that of their
 * binary counterpart (majority), which prediction uses. Infinity for `kofn:K` with K > size.
 */
export function needOf(rule: Rule, size: number): number {
  if (isBinaryRule(rule)) {
    const t = threshold(rule, size);
    return t > size ? Infinity : t;
  }
  return Math.floor(size / 2) + 1;
}

/**
 * The vote weights of a typed rule on the planning data: 1 for `vote`; for `weighted`, the
 * members' F1 (`f1`), F1 on the voted label with `O` votes at overall F1 (`label-f1`), or the
 * given weights (`given`, by system name; `table`, per label).
 * With `only` (a member bitmask, `onlyHi` its high word), only those systems need weights; the
 * others weigh 0.
 * @throws UsageError for a given weight naming no system, or a system without one.
 */
export function voteWeights(data: PlanData, rule: Rule, only?: number, onlyHi = 0): VoteWeights {
  const { n } = data;
  const L = Math.max(1, data.labels.length);
  const label = new Float64Array(n * L).fill(1);
  const o = new Float64Array(n).fill(1);
  if (rule.kind !== 'weighted') return { unit: true, label, o };
  label.fill(0);
  o.fill(0);
  const members = Array.from({ length: n }, (_, m) => m).filter((m) => only === undefined || hasMember(only, onlyHi, m));
  const src = { names: data.names, labels: data.labels, hasGold: true, f1: data.f1, labelF1: data.labelF1 };
  let w;
  try {
    w = tallyWeights(memberWeights(src, members, rule.weights));
  } catch (err) {
    // The planner may put any system in an ensemble, so every system needs a weight.
    if (err instanceof UsageError && only === undefined && /no weight/.test(err.message)) throw new UsageError(`${err.message} (the planner may put any system in an ensemble)`, { param: 'weights' });
    throw err;
  }
  members.forEach((m, k) => {
    o[m] = w[k].overall;
    label.set(w[k].byLabel.length === L ? w[k].byLabel : Float64Array.from({ length: L }, (_, l) => w[k].byLabel[l] ?? w[k].overall), m * L);
  });
  return { unit: false, label, o };
}

/**
 * TP and FP of "at least `need` votes among the members (S, Shi)" (bitmask), and S
 * (substitutions) when `withSlots`. Cost: one pass over the distinct member patterns.
 */
export function actualBinary(data: ScoringData, S: number, Shi: number, need: number, withSlots: boolean): ActualCounts {
  const p = data.patterns;
  let tp = 0;
  let fp = 0;
  if (Shi !== 0) {
    const hi = p.maskHi;
    for (let k = 0; k < p.count; k++) {
      if (popcount(p.mask[k] & S) + popcount(hi[k] & Shi) >= need) {
        tp += p.gold[k];
        fp += p.neg[k];
      }
    }
  } else if (need <= 1) {
    for (let k = 0; k < p.count; k++) {
      if ((p.mask[k] & S) !== 0) {
        tp += p.gold[k];
        fp += p.neg[k];
      }
    }
  } else {
    for (let k = 0; k < p.count; k++) {
      if (popcount(p.mask[k] & S) >= need) {
        tp += p.gold[k];
        fp += p.neg[k];
      }
    }
  }
  return { tp, fp, fn: data.goldSize - tp, s: withSlots ? substitutionsOf(data, S, Shi, need) : NaN, ties: 0 };
}

/** The member with the best rank (lowest) among the bits of `bits`. */
function bestRank(data: Pick<PlanData, 'rank'>, bits: number): number {
  let best = 0x7fffffff;
  for (let x = bits; x !== 0; x &= x - 1) {
    const m = 31 - Math.clz32(x & -x);
    if (data.rank[m] < best) best = data.rank[m];
  }
  return best;
}

function tallyOf(weights: VoteWeights, L: number, bits: number, l: number): number {
  let t = 0;
  for (let x = bits; x !== 0; x &= x - 1) t += weights.label[(31 - Math.clz32(x & -x)) * L + l];
  return t;
}

function oWeightOf(weights: VoteWeights, bits: number): number {
  let t = 0;
  for (let x = bits; x !== 0; x &= x - 1) t += weights.o[31 - Math.clz32(x & -x)];
  return t;
}

/** {@link bestRank} of a two-word set of bits. */
function bestRank2(data: Pick<PlanData, 'rank'>, bits: number, bitsHi: number): number {
  let best = bestRank(data, bits);
  for (let x = bitsHi; x !== 0; x &= x - 1) {
    const m = 63 - Math.clz32(x & -x);
    if (data.rank[m] < best) best = data.rank[m];
  }
  return best;
}

/** {@link tallyOf} of a two-word set of bits. */
function tallyOf2(weights: VoteWeights, L: number, bits: number, bitsHi: number, l: number): number {
  let t = tallyOf(weights, L, bits, l);
  for (let x = bitsHi; x !== 0; x &= x - 1) t += weights.label[(63 - Math.clz32(x & -x)) * L + l];
  return t;
}

/** {@link oWeightOf} of a two-word set of bits. */
function oWeightOf2(weights: VoteWeights, bits: number, bitsHi: number): number {
  let t = oWeightOf(weights, bits);
  for (let x = bitsHi; x !== 0; x &= x - 1) t += weights.o[63 - Math.clz32(x & -x)];
  return t;
}

/**
 * Counts of the typed vote (plain when `weights.unit`, else weighted) of the members `S`, as
 * `simulate` decides it: per boundary, each member votes its label there or `O`; the label with
 * the largest tally wins when it beats `O` by more than a rounding margin; label ties go to the
 * label backed by the best-ranked member. S counts a winning non-gold label at a gold boundary.
 * When `keep` is given, the winning items are flagged in it (1).
 */
export function actualVote(data: ScoringData, S: number, Shi: number, weights: VoteWeights, keep?: Uint8Array): ActualCounts {
  if (Shi !== 0) return actualVote2(data, S, Shi, weights, keep);
  const { bStart, bItems, voteMask, bVoteOr, isGold, label, bGold } = data;
  const L = Math.max(1, data.labels.length);
  const size = popcount(S);
  const totalO = weights.unit ? size : oWeightOf(weights, S);
  const eps = 1e-9 * Math.max(1, totalO);
  let tp = 0;
  let fp = 0;
  let s = 0;
  let ties = 0;
  // Uncontested boundaries (one item alone gets votes), grouped by vote mask and label: the item
  // wins when its votes beat the O of the members proposing nothing there.
  const vp = data.votePatterns;
  if (keep === undefined) {
    for (let k = 0; k < vp.count; k++) {
      const bits = vp.mask[k] & S;
      if (bits === 0) continue;
      let wins: boolean;
      if (weights.unit) {
        wins = 2 * popcount(bits) > size;
      } else {
        const o = bits === S ? 0 : totalO - oWeightOf(weights, bits);
        wins = tallyOf(weights, L, bits, vp.label[k]) > o + eps;
      }
      if (wins) {
        tp += vp.gold[k];
        fp += vp.neg[k];
        s += vp.sub[k];
      }
    }
  }
  const list = keep === undefined ? data.contested : null;
  const count = list === null ? data.boundaries : list.length;
  for (let at = 0; at < count; at++) {
    const b = list === null ? at : list[at];
    const voters = bVoteOr[b] & S;
    if (voters === 0) continue;
    const nVoters = popcount(voters);
    let o: number;
    if (voters === S) o = 0;
    else o = weights.unit ? size - nVoters : totalO - oWeightOf(weights, voters);
    // Plain vote: a label needs more than o votes and has at most nVoters.
    if (weights.unit && nVoters <= o) continue;
    let win = -1;
    let winTally = -Infinity;
    let winRank = 0;
    let tied = false;
    for (let e = bStart[b]; e < bStart[b + 1]; e++) {
      const i = bItems[e];
      const bits = voteMask[i] & S;
      if (bits === 0) continue;
      const t = weights.unit ? popcount(bits) : tallyOf(weights, L, bits, label[i]);
      if (win < 0 || t > winTally + eps) {
        win = i;
        winTally = t;
        winRank = -1;
        tied = false;
      } else if (t >= winTally - eps) {
        tied = true;
        if (winRank < 0) winRank = bestRank(data, voteMask[win] & S);
        const r = bestRank(data, bits);
        if (r < winRank) {
          win = i;
          winRank = r;
        }
      }
    }
    if (!(winTally > o + eps)) continue;
    if (tied) ties++;
    if (isGold[win]) tp++;
    else {
      fp++;
      if (bGold[b] > 0) s++;
    }
    if (keep !== undefined) keep[win] = 1;
  }
  return { tp, fp, fn: data.goldSize - tp, s, ties };
}

/** {@link actualVote} of a member set with a high word (the same steps on both words). */
function actualVote2(data: ScoringData, S: number, Shi: number, weights: VoteWeights, keep?: Uint8Array): ActualCounts {
  const { bStart, bItems, voteMask, voteMaskHi, bVoteOr, bVoteOrHi, isGold, label, bGold } = data;
  const L = Math.max(1, data.labels.length);
  const size = popcount(S) + popcount(Shi);
  const totalO = weights.unit ? size : oWeightOf2(weights, S, Shi);
  const eps = 1e-9 * Math.max(1, totalO);
  let tp = 0;
  let fp = 0;
  let s = 0;
  let ties = 0;
  const vp = data.votePatterns;
  if (keep === undefined) {
    for (let k = 0; k < vp.count; k++) {
      const bits = vp.mask[k] & S;
      const bitsHi = vp.maskHi[k] & Shi;
      if (bits === 0 && bitsHi === 0) continue;
      let wins: boolean;
      if (weights.unit) {
        wins = 2 * (popcount(bits) + popcount(bitsHi)) > size;
      } else {
        const o = bits === S && bitsHi === Shi ? 0 : totalO - oWeightOf2(weights, bits, bitsHi);
        wins = tallyOf2(weights, L, bits, bitsHi, vp.label[k]) > o + eps;
      }
      if (wins) {
        tp += vp.gold[k];
        fp += vp.neg[k];
        s += vp.sub[k];
      }
    }
  }
  const list = keep === undefined ? data.contested : null;
  const count = list === null ? data.boundaries : list.length;
  for (let at = 0; at < count; at++) {
    const b = list === null ? at : list[at];
    const voters = bVoteOr[b] & S;
    const votersHi = bVoteOrHi[b] & Shi;
    if (voters === 0 && votersHi === 0) continue;
    const nVoters = popcount(voters) + popcount(votersHi);
    let o: number;
    if (voters === S && votersHi === Shi) o = 0;
    else o = weights.unit ? size - nVoters : totalO - oWeightOf2(weights, voters, votersHi);
    if (weights.unit && nVoters <= o) continue;
    let win = -1;
    let winTally = -Infinity;
    let winRank = 0;
    let tied = false;
    for (let e = bStart[b]; e < bStart[b + 1]; e++) {
      const i = bItems[e];
      const bits = voteMask[i] & S;
      const bitsHi = voteMaskHi[i] & Shi;
      if (bits === 0 && bitsHi === 0) continue;
      const t = weights.unit ? popcount(bits) + popcount(bitsHi) : tallyOf2(weights, L, bits, bitsHi, label[i]);
      if (win < 0 || t > winTally + eps) {
        win = i;
        winTally = t;
        winRank = -1;
        tied = false;
      } else if (t >= winTally - eps) {
        tied = true;
        if (winRank < 0) winRank = bestRank2(data, voteMask[win] & S, voteMaskHi[win] & Shi);
        const r = bestRank2(data, bits, bitsHi);
        if (r < winRank) {
          win = i;
          winRank = r;
        }
      }
    }
    if (!(winTally > o + eps)) continue;
    if (tied) ties++;
    if (isGold[win]) tp++;
    else {
      fp++;
      if (bGold[b] > 0) s++;
    }
    if (keep !== undefined) keep[win] = 1;
  }
  return { tp, fp, fn: data.goldSize - tp, s, ties };
}

/** Counts of any rule for members (S, Shi); `weights` is needed for typed rules ({@link voteWeights}). */
export function actualCounts(data: PlanData, S: number, Shi: number, rule: Rule, withSlots: boolean, weights?: VoteWeights): ActualCounts {
  if (isBinaryRule(rule)) {
    const need = needOf(rule, setSize(S, Shi));
    if (need === Infinity) return { tp: 0, fp: 0, fn: data.goldSize, s: 0, ties: 0 };
    return actualBinary(data, S, Shi, need, withSlots);
  }
  return actualVote(data, S, Shi, weights ?? voteWeights(data, rule));
}

/** The items (local ids) an ensemble of members (S, Shi) keeps, flagged 1 in the result. */
export function keptItems(data: PlanData, S: number, Shi: number, rule: Rule, weights?: VoteWeights): Uint8Array {
  const keep = new Uint8Array(data.u);
  if (isBinaryRule(rule)) {
    const need = needOf(rule, setSize(S, Shi));
    if (Shi === 0) {
      for (let i = 0; i < data.u; i++) if (popcount(data.mask[i] & S) >= need) keep[i] = 1;
    } else {
      for (let i = 0; i < data.u; i++) if (popcount(data.mask[i] & S) + popcount(data.maskHi[i] & Shi) >= need) keep[i] = 1;
    }
  } else {
    actualVote(data, S, Shi, weights ?? voteWeights(data, rule), keep);
  }
  return keep;
}

/**
 * Set-level complementarity of system `x` to the ensemble S (Comp(S, X)): of the gold
 * items every member misses, the share x finds (R_Comp), of the non-gold items every member
 * returns, the share x avoids (P_Comp), and their F_Comp; null where a share is 0/0 (as in
 * `setComplementarity`, which computes the same from bitsets).
 */
export function setComp(data: PlanData, S: number, Shi: number, x: number): { pComp: number | null; rComp: number | null; fComp: number | null } {
  const p = data.patterns;
  const bit = bitLo(x);
  const bitHi_ = bitHi(x);
  let missed = 0, fixed = 0, wrong = 0, avoided = 0;
  for (let k = 0; k < p.count; k++) {
    const m = p.mask[k];
    const mHi = p.maskHi[k];
    if ((m & S) === 0 && (mHi & Shi) === 0 && p.gold[k] > 0) {
      missed += p.gold[k];
      if ((m & bit) !== 0 || (mHi & bitHi_) !== 0) fixed += p.gold[k];
    }
    if ((m & S) === S && (mHi & Shi) === Shi && p.neg[k] > 0) {
      wrong += p.neg[k];
      if ((m & bit) === 0 && (mHi & bitHi_) === 0) avoided += p.neg[k];
    }
  }
  const rComp = shareFixed(missed - fixed, missed);
  const pComp = shareFixed(wrong - avoided, wrong);
  return { pComp, rComp, fComp: fCompOf(pComp, rComp) };
}
