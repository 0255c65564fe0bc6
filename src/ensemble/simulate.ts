/**
 * Ensemble simulation: the items a candidate (a subset of systems plus a rule)
 * returns, as a bitset over the strict item universe and as spans, so that every metric of
 * eval applies to an ensemble unchanged.
 *
 * Rules always combine **labelled** items (whole spans with their labels), whatever match mode
 * later scores them: a binary rule keeps an item when enough members return exactly that span
 * with that label; typed rules vote on the label of each boundary.
 *
 * `vote` (SpanNER's "VM"): for every boundary (document, offsets) that any member proposes,
 * each member votes the label it gives there, or `O` when it proposes none there; the label with
 * the most votes wins when it has strictly more votes than `O`, otherwise the boundary is
 * dropped. A member proposing several labels at one boundary votes once, for the first of them
 * in universe order. A tie between labels goes to the label backed by the best member (highest
 * F1 on the corpus's gold standard; corpus order — by name, as `loadCorpus` sorts — when scores tie or there is no gold); the
 * result counts the boundaries whose label a tie-break decided (`ties`, only where the label
 * then beat `O`).
 *
 * `weighted`: as `vote`, where a member's vote weighs its overall F1 (`f1`), its F1 on the
 * label it votes for (`label-f1`; its `O` votes weigh its overall F1), a given weight, or a
 * table of weights per label (`table`: the `O` vote weighs `overall`, a vote for a label
 * `byLabel.get(label)`, or `overall` for a label the table lacks). {@link resolvedWeights} turns
 * `f1` and `label-f1` into `given` and `table` weights that simulate identically without gold.
 */
import { showValue, UsageError } from '../errors.js';
import { checkCorpus, checkGoldTypes } from '../metrics/options-check.js';
import { checkOptionKeys, type NoneMissing } from '../metrics/option-keys.js';
import { Bitset } from '../model/bitset.js';
import type { Corpus, Span, SystemOutput } from '../model/corpus.js';
import { spanKey } from '../model/corpus.js';
import { buildUniverse, type Universe } from '../model/universe.js';
import { prf, type Counts } from '../metrics/prf.js';
import { checkRule, isBinaryRule, ruleName, threshold, type Rule, type WeightSpec } from './rules.js';
import { fixedWeights, memberWeights, tallyWeights, type WeightSource } from './weights.js';

/** Everything simulation needs that does not depend on the candidate, computed once. */
export interface EnsembleIndex {
  corpus: Corpus;
  /** The strict (labelled) universe. */
  universe: Universe;
  /** Each system's item ids, increasing. */
  memberItems: Int32Array[];
  /** Boundary id of each item, and the number of boundaries. */
  boundaryOf: Int32Array;
  boundaries: number;
  /** Label id of each item, and the labels. */
  labelOf: Int32Array;
  labels: string[];
  /** Whether the scores below come from a gold standard. */
  hasGold: boolean;
  /** Each system's F1 on the gold standard (0 without gold). */
  f1: number[];
  /** Each system's F1 per label id (0 without gold). */
  labelF1: Float64Array[];
  /** Each system's rank: 0 for the best (highest F1, then input order). */
  rank: Int32Array;
}

export interface IndexOptions {
  /** Only these entity types take part (all when undefined). */
  types?: readonly string[];
  /** Treat the corpus as having no gold standard (member ranks fall back to input order). */
  noGold?: boolean;
  /** The corpus's strict universe, when the caller has built it already (with the same `types`). */
  universe?: Universe;
}

/** Every option {@link buildEnsembleIndex} takes (any other key is refused). */
export const INDEX_OPTION_KEYS = ['types', 'noGold', 'universe'] as const satisfies readonly (keyof IndexOptions)[];
type _IndexKeysListed = NoneMissing<Exclude<keyof IndexOptions, (typeof INDEX_OPTION_KEYS)[number]>>;

/** Builds the index of a corpus for simulating many candidates. */
export function buildEnsembleIndex(corpus: Corpus, options: IndexOptions = {}): EnsembleIndex {
  checkCorpus(corpus);
  checkOptionKeys('options', options, INDEX_OPTION_KEYS);
  checkGoldTypes(options.types, corpus.gold.spans);
  const keepTypes = options.types === undefined ? undefined : new Set(options.types);
  const universe = options.universe ?? buildUniverse(corpus, 'strict', keepTypes === undefined ? undefined : (s) => keepTypes.has(s.label));
  if (universe.match !== 'strict') throw new RangeError('an ensemble index needs the strict universe');
  const size = universe.size;
  const boundaryOf = new Int32Array(size);
  const labelOf = new Int32Array(size);
  const boundaryIds = new Map<string | number, number>();
  const labelIds = new Map<string, number>();
  const labels: string[] = [];
  let maxLen = 0;
  for (let id = 0; id < size; id++) {
    const s = universe.items[id];
    if (s.end - s.start > maxLen) maxLen = s.end - s.start;
  }
  const lengths = maxLen + 1;
  const numeric = (corpus.length + 1) * lengths < Number.MAX_SAFE_INTEGER;
  for (let id = 0; id < size; id++) {
    const s = universe.items[id];
    // A boundary is the span without its label: a number when contiguous (and small enough).
    const k = numeric && s.fragments === undefined ? s.start * lengths + (s.end - s.start) : spanKey(s, false);
    let b = boundaryIds.get(k);
    if (b === undefined) boundaryIds.set(k, (b = boundaryIds.size));
    boundaryOf[id] = b;
    let l = labelIds.get(s.label);
    if (l === undefined) {
      labelIds.set(s.label, (l = labels.length));
      labels.push(s.label);
    }
    labelOf[id] = l;
  }
  const memberItems = universe.systems.map((bits) => bits.toArray());
  const hasGold = options.noGold !== true;
  const gold = universe.gold;
  const f1: number[] = [];
  const labelF1: Float64Array[] = [];
  for (let m = 0; m < memberItems.length; m++) {
    const items = memberItems[m];
    if (!hasGold) {
      f1.push(0);
      labelF1.push(new Float64Array(labels.length));
      continue;
    }
    const byLabel: Counts[] = labels.map(() => ({ tp: 0, fp: 0, fn: 0 }));
    let tp = 0;
    for (let k = 0; k < items.length; k++) {
      const id = items[k];
      if (gold.has(id)) {
        tp++;
        byLabel[labelOf[id]].tp++;
      } else {
        byLabel[labelOf[id]].fp++;
      }
    }
    // Gold items the member misses: FN per label.
    const missed = gold.andNot(universe.systems[m]).toArray();
    for (let k = 0; k < missed.length; k++) byLabel[labelOf[missed[k]]].fn++;
    const goldSize = gold.count();
    f1.push(prf({ tp, fp: items.length - tp, fn: goldSize - tp }).f);
    labelF1.push(Float64Array.from(byLabel, (c) => prf(c).f));
  }
  const order = f1.map((_, k) => k).sort((x, y) => f1[y] - f1[x] || x - y);
  const rank = new Int32Array(f1.length);
  order.forEach((m, r) => { rank[m] = r; });
  return {
    corpus, universe, memberItems, boundaryOf, boundaries: boundaryIds.size, labelOf, labels, hasGold, f1, labelF1, rank,
  };
}

export interface EnsembleResult {
  rule: Rule;
  /** Member system indices, as given. */
  members: number[];
  /** The items returned, over the strict universe. */
  items: Bitset;
  /** Label ties decided by the best member (typed rules; 0 for binary rules). */
  ties: number;
}

/** How much each member's vote weighs, for a label (and for `O`): the one resolution of weights.ts. */
function voteWeights(index: EnsembleIndex, members: readonly number[], rule: Rule): { label: (m: number, l: number) => number; o: (m: number) => number } {
  if (rule.kind !== 'weighted') return { label: () => 1, o: () => 1 };
  const w = tallyWeights(memberWeights(weightSource(index), members, rule.weights));
  const pos = new Map(members.map((m, k) => [m, k]));
  return { label: (m, l) => w[pos.get(m)!].byLabel[l], o: (m) => w[pos.get(m)!].overall };
}

/** The index as a source of weights. */
function weightSource(index: EnsembleIndex): WeightSource {
  return { names: index.corpus.systems.map((s) => s.name), labels: index.labels, hasGold: index.hasGold, f1: index.f1, labelF1: index.labelF1 };
}

/**
 * The weights of a `weighted` rule as fixed numbers by member name, for applying the rule
 * where the gold standard that `f1`/`label-f1` need is absent (a saved plan): `f1` and given
 * weights become `given`, `label-f1` and tables become a `table` (see weights.ts). Simulating
 * `members` with the resolved weights on the same index gives the same items and ties as with
 * the original ones (tested). `undefined` for rules other than `weighted`.
 * @throws UsageError when `f1`/`label-f1` meet an index without gold, or a member has no given weight.
 */
export function resolvedWeights(index: EnsembleIndex, members: readonly number[], rule: Rule): WeightSpec | undefined {
  checkIndex(index);
  return rule.kind === 'weighted' ? fixedWeights(weightSource(index), members, rule.weights) : undefined;
}

/**
 * The items at least `need` of `members` return (1 ≤ need ≤ members), word by word over their
 * bitsets: union is an OR, intersection an AND, and k of n a bit-sliced count.
 */
function simulateBinary(index: EnsembleIndex, members: readonly number[], need: number): Bitset {
  const out = new Bitset(index.universe.size);
  const w = out.words;
  const sets = members.map((m) => index.universe.systems[m].words);
  const n = w.length;
  if (need <= 1) {
    for (const s of sets) for (let i = 0; i < n; i++) w[i] |= s[i];
    return out;
  }
  w.set(sets[0]);
  if (need >= sets.length) {
    for (let k = 1; k < sets.length; k++) {
      const s = sets[k];
      for (let i = 0; i < n; i++) w[i] &= s[i];
    }
    return out;
  }
  // k of n: a bit-sliced counter, 32 items a word. Plane j holds bit j of each item's count;
  // adding a member's bitset is a ripple-carry addition across the planes.
  const planes: Uint32Array[] = [w];
  for (let j = 1; 1 << j <= sets.length; j++) planes.push(new Uint32Array(n));
  for (let k = 1; k < sets.length; k++) {
    const s = sets[k];
    for (let i = 0; i < n; i++) {
      let carry = s[i];
      for (let j = 0; carry !== 0; j++) {
        const x = planes[j][i];
        planes[j][i] = x ^ carry;
        carry = x & carry;
      }
    }
  }
  // count ≥ need, bitwise, from the top plane down: `ge` where the count is already greater,
  // `eq` where it equals need's bits so far.
  const top = planes.length - 1;
  for (let i = 0; i < n; i++) {
    let ge = 0;
    let eq = -1;
    for (let j = top; j >= 0; j--) {
      const c = planes[j][i];
      if (((need >>> j) & 1) === 1) eq &= c;
      else {
        ge |= eq & c;
        eq &= ~c;
      }
    }
    w[i] = ge | eq;
  }
  return out;
}

/** Every (member, item) proposal of an ensemble grouped by boundary: boundary b's are entries start[b] to start[b + 1]. */
interface Proposals {
  start: Int32Array;
  entryItem: Int32Array;
  entryMember: Int32Array;
}

/**
 * Groups the members' proposals by boundary, with a counting sort (each pass a small function
 * of its own).
 */
function proposalsByBoundary(index: EnsembleIndex, members: readonly number[]): Proposals {
  const { boundaryOf } = index;
  let total = 0;
  for (let k = 0; k < members.length; k++) total += index.memberItems[members[k]].length;
  const start = new Int32Array(index.boundaries + 1);
  for (let k = 0; k < members.length; k++) countBoundaries(start, boundaryOf, index.memberItems[members[k]]);
  prefixSums(start);
  const fill = start.slice(0, index.boundaries);
  const entryItem = new Int32Array(total);
  const entryMember = new Int32Array(total);
  for (let k = 0; k < members.length; k++) {
    const m = members[k];
    placeEntries(fill, boundaryOf, index.memberItems[m], m, entryItem, entryMember);
  }
  return { start, entryItem, entryMember };
}

/** Counts `items` by boundary: boundary b's count goes to `counts[b + 1]`. */
function countBoundaries(counts: Int32Array, boundaryOf: Int32Array, items: Int32Array): void {
  for (let j = 0; j < items.length; j++) counts[boundaryOf[items[j]] + 1]++;
}

/** Turns counts into running sums in place: `a[k]` becomes the sum of `a[0..k]`. */
function prefixSums(a: Int32Array): void {
  for (let k = 1; k < a.length; k++) a[k] += a[k - 1];
}

/** Writes member `m`'s items into the entries of their boundaries (`fill[b]`: boundary b's next free entry). */
function placeEntries(
  fill: Int32Array, boundaryOf: Int32Array, items: Int32Array, m: number, entryItem: Int32Array, entryMember: Int32Array,
): void {
  for (let j = 0; j < items.length; j++) {
    const id = items[j];
    const at = fill[boundaryOf[id]]++;
    entryItem[at] = id;
    entryMember[at] = m;
  }
}

/**
 * Typed plurality vote (`vote`, `weighted`), boundary by boundary. Its steps are functions of
 * their own: each runs once per simulation, and small functions are compiled (and run
 * optimized) sooner than one large one.
 */
function simulateVote(index: EnsembleIndex, members: readonly number[], rule: Rule): { items: Bitset; ties: number } {
  const weigh = voteWeights(index, members, rule);
  // The weights as tables (member × label, and member's O vote), read once per vote below
  // instead of through two calls.
  const nL = index.labels.length;
  const n = index.corpus.systems.length;
  let labelWeight: Float64Array | Int32Array = new Float64Array(n * nL);
  let oWeight: Float64Array | Int32Array = new Float64Array(n);
  let total = 0;
  let integral = true;
  for (const m of members) {
    oWeight[m] = weigh.o(m);
    total += Math.abs(oWeight[m]);
    integral &&= Number.isInteger(oWeight[m]);
    for (let l = 0; l < nL; l++) {
      labelWeight[m * nL + l] = weigh.label(m, l);
      total += Math.abs(labelWeight[m * nL + l]);
      integral &&= Number.isInteger(labelWeight[m * nL + l]);
    }
  }
  // Whole weights (the plain vote's are all 1) are tallied as integers, which allocates less.
  // The result is the same: these sums are exact in floating point too, and below 2^20 the
  // tolerance (eps, in vote) is under 1, the least difference of two of them.
  if (integral && total < 2 ** 20) {
    labelWeight = Int32Array.from(labelWeight);
    oWeight = Int32Array.from(oWeight);
  }
  return vote(index, members, proposalsByBoundary(index, members), labelWeight, oWeight);
}

/** The vote of {@link simulateVote} on grouped proposals, with the weights as tables. */
function vote(
  index: EnsembleIndex, members: readonly number[], proposals: Proposals,
  labelWeight: Float64Array | Int32Array, oWeight: Float64Array | Int32Array,
): { items: Bitset; ties: number } {
  const { labelOf, rank } = index;
  const { start, entryItem, entryMember } = proposals;
  const nL = index.labels.length;
  let totalO = 0;
  for (let k = 0; k < members.length; k++) totalO += oWeight[members[k]];
  // Weighted sums are floating point: differences below eps count as equal. Integer weights
  // (Int32Array tables, see simulateVote) are summed exactly, and compared exactly.
  const integral = oWeight instanceof Int32Array;
  const eps = integral ? 0 : 1e-9 * Math.max(1, totalO);
  const tally = integral ? new Int32Array(nL) : new Float64Array(nL);
  const bestRank = new Int32Array(nL).fill(0x7fffffff);
  const itemOfLabel = new Int32Array(nL);
  const votedAt = new Int32Array(index.corpus.systems.length).fill(-1);
  // The labels voted for at the current boundary (touched[0, nTouched)).
  const touched = new Int32Array(nL);
  let nTouched = 0;
  const out = new Bitset(index.universe.size);
  let ties = 0;
  for (let b = 0; b < index.boundaries; b++) {
    const lo = start[b];
    const hi = start[b + 1];
    if (lo === hi) continue;
    let o = totalO;
    let voters = 0;
    for (let e = lo; e < hi; e++) {
      const m = entryMember[e];
      if (votedAt[m] === b) continue;
      votedAt[m] = b;
      voters++;
      const id = entryItem[e];
      const l = labelOf[id];
      if (tally[l] === 0 && bestRank[l] === 0x7fffffff) {
        touched[nTouched++] = l;
        itemOfLabel[l] = id;
      }
      tally[l] += labelWeight[m * nL + l];
      if (rank[m] < bestRank[l]) bestRank[l] = rank[m];
      o -= oWeight[m];
    }
    if (voters === members.length) o = 0;
    let win = -1;
    let tied = false;
    for (let t = 0; t < nTouched; t++) {
      const l = touched[t];
      if (win < 0 || tally[l] > tally[win] + eps) {
        win = l;
        tied = false;
      } else if (tally[l] >= tally[win] - eps) {
        tied = true;
        if (bestRank[l] < bestRank[win]) win = l;
      }
    }
    if (tally[win] > o + eps) {
      out.add(itemOfLabel[win]);
      ties += tied ? 1 : 0;
    }
    for (let t = 0; t < nTouched; t++) {
      const l = touched[t];
      tally[l] = 0;
      bestRank[l] = 0x7fffffff;
    }
    nTouched = 0;
  }
  return { items: out, ties };
}

/**
 * Simulates a candidate: the items that `members` (system indices, at least one, no repeats)
 * combined by `rule` return.
 * @throws UsageError for a rule that is none (see checkRule), an empty or repeated member list, a member that is no system,
 *   `kofn:K` with K above the number of members; Error for weights that cannot be applied (no gold for `f1`/`label-f1`, a member without
 *   a given weight, a weight naming no system).
 */
export function simulate(index: EnsembleIndex, members: readonly number[], rule: Rule): EnsembleResult {
  checkIndex(index);
  checkRule(rule);
  if (!Array.isArray(members)) throw new UsageError(`members must be a list of system indices, got ${showValue(members)}`, { param: 'members' });
  if (members.length === 0) throw new UsageError('an ensemble needs at least one member', { param: 'members' });
  if (new Set(members).size !== members.length) throw new UsageError('an ensemble lists a member twice', { param: 'members' });
  for (const m of members) {
    if (!Number.isInteger(m) || m < 0 || m >= index.memberItems.length) {
      throw new UsageError(`no system ${JSON.stringify(m)}: members are system indices, 0 to ${index.memberItems.length - 1}`, { param: 'members' });
    }
  }
  if (isBinaryRule(rule)) {
    const need = threshold(rule, members.length);
    if (rule.kind === 'kofn' && need > members.length) {
      throw new UsageError(`kofn:${rule.k} needs at least ${rule.k} members, the ensemble has ${members.length}`, { param: 'rule' });
    }
    return { rule, members: [...members], items: simulateBinary(index, members, need), ties: 0 };
  }
  const { items, ties } = simulateVote(index, members, rule);
  return { rule, members: [...members], items, ties };
}

/** The spans of an ensemble's items, in corpus order. */
export function ensembleSpans(index: EnsembleIndex, result: EnsembleResult): Span[] {
  checkIndex(index);
  checkResult(result, index);
  const ids = result.items.toArray();
  const out: Span[] = new Array<Span>(ids.length);
  for (let k = 0; k < ids.length; k++) out[k] = index.universe.items[ids[k]];
  return out.sort((a, b) => a.start - b.start || a.end - b.end || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
}

/** A readable name for a candidate: `rule(a+b+c)`, or one system's name. */
export function ensembleName(index: EnsembleIndex, result: EnsembleResult): string {
  checkIndex(index);
  checkResult(result, index);
  const names = result.members.map((m) => index.corpus.systems[m].name);
  // One system is itself under every rule.
  return names.length === 1 ? names[0] : `${ruleName(result.rule)}(${names.join('+')})`;
}

/** The ensemble as a system output, ready for {@link evaluate} or a writer. */
export function ensembleOutput(index: EnsembleIndex, result: EnsembleResult, name = ensembleName(index, result)): SystemOutput {
  return { name, source: '(ensemble)', format: 'ensemble', spans: ensembleSpans(index, result), warnings: [] };
}

/**
 * The ensemble's strict counts against the gold standard from the bitsets alone:
 * TP = |items ∧ gold|, FP = |items| − TP, FN = |gold| − TP. Equal to `evaluate` of
 * {@link ensembleOutput} under strict match (tested), at the cost of a popcount.
 */
export function ensembleCounts(index: EnsembleIndex, result: EnsembleResult): Counts {
  checkIndex(index);
  checkResult(result, index);
  const tp = result.items.andCount(index.universe.gold);
  return { tp, fp: result.items.count() - tp, fn: index.universe.gold.count() - tp };
}

/** Throws a UsageError unless `index` is an index as {@link buildEnsembleIndex} gives it. */
function checkIndex(index: EnsembleIndex): void {
  const i = index as Partial<EnsembleIndex> | null;
  if (i === null || typeof i !== 'object' || !Array.isArray(i.memberItems) || !(i.universe?.gold instanceof Bitset) || i.corpus === undefined) {
    throw UsageError.about('index', `expects an ensemble index as buildEnsembleIndex gives it, got ${showValue(index)}`);
  }
}

/**
 * Throws a UsageError unless `result` is what {@link simulate} gives for `index`: its items a
 * bitset over the index's universe, its members systems of the index's corpus.
 */
function checkResult(result: EnsembleResult, index: EnsembleIndex): void {
  const r = result as Partial<EnsembleResult> | null;
  const ok = r !== null && typeof r === 'object' && r.items instanceof Bitset && Array.isArray(r.members)
    && r.members.every((m) => Number.isInteger(m) && m >= 0 && m < index.memberItems.length);
  if (!ok) throw UsageError.about('result', `expects an ensemble as simulate gives it (rule, members, items), got ${showValue(result)}`);
  if (r.items!.size !== index.universe.gold.size) {
    throw UsageError.about('result', `is an ensemble of another index: its items are ${r.items!.size} bits, this index's universe ${index.universe.gold.size} items`);
  }
}
