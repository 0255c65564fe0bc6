/**
 * The planning data: everything the planner needs about the systems on a set of
 * documents, computed once — the items, each item's member bitmask, the boundaries, per-system
 * counts and the pairwise statistics prediction is made from.
 *
 * Items are the strict (labelled) items of an {@link EnsembleIndex}, restricted to the planning
 * documents (all of them, or a training split for held-out scoring) and renumbered 0..u−1. A
 * member bitmask has bit m set when system m returns the item, so an ensemble of members S (a
 * bitmask too) gives an item `popcount(mask & S)` votes. A bitmask is two 32-bit words, systems
 * 0–31 in `mask` and 32–63 in `maskHi` (member-set.ts says why): the planner takes at most
 * {@link MAX_SYSTEMS} systems, and with 32 or fewer every high word is 0.
 *
 * Substitutions (S of Makhoul's C/S/D/I) need boundaries: an item is a substitution candidate
 * (an "X item") when it is not gold but a gold item has its boundaries. For a set of kept items,
 * S = Σ over gold boundaries b of min(g_b − C_b, x_b): g_b gold items at b, C_b of them kept,
 * x_b kept X items at b — the strict one-to-one alignment of `src/metrics/slots.ts`.
 */
import { Bitset, popcount } from '../model/bitset.js';
import type { EnsembleIndex } from '../ensemble/simulate.js';
import { prf } from '../metrics/prf.js';
import { sentenceAt } from '../model/corpus.js';
import { bitHi, bitLo, membersOfSet, setKey } from './member-set.js';
import { sentenceCount } from '../model/sentence-table.js';
import { checkOptionKeys, type NoneMissing } from '../metrics/option-keys.js';

/** The largest number of systems the planner takes (member sets are two 32-bit words). */
export const MAX_SYSTEMS = 64;

/** The largest number of systems exhaustive search takes (it enumerates one-word bitmasks below 2^30). */
export const MAX_EXHAUSTIVE_SYSTEMS = 30;

export interface PlanData {
  /** Number of systems and their names (input order). */
  n: number;
  names: string[];
  /** Number of items (local ids 0..u−1) and each one's id in the index's universe. */
  u: number;
  globalId: Int32Array;
  isGold: Uint8Array;
  /** Member bitmask of each item: systems 0–31, and 32–63 (all 0 with at most 32 systems). */
  mask: Int32Array;
  maskHi: Int32Array;
  /**
   * Vote bitmask of each item: bit m when the item is system m's vote at its boundary (a system
   * proposing several labels at one boundary votes once, for its lowest item id, as simulate does).
   */
  voteMask: Int32Array;
  voteMaskHi: Int32Array;
  label: Int32Array;
  labels: string[];
  doc: Int32Array;
  documents: number;
  /** The unit (document or sentence, as `unitKind` says) of each item, and the corpus's number of units. */
  unit: Int32Array;
  units: number;
  unitKind: UnitKind;
  /** Boundaries in CSR form: the items of boundary b are items[bStart[b] .. bStart[b+1]). */
  boundaries: number;
  bStart: Int32Array;
  bItems: Int32Array;
  /** Number of gold items at each boundary, and the OR of the vote masks there. */
  bGold: Int32Array;
  bVoteOr: Int32Array;
  bVoteOrHi: Int32Array;
  /** Boundaries holding a gold item and at least one non-gold item (where substitutions happen). */
  xBoundaries: Int32Array;
  /** Gold items on the planning documents; non-gold items any system returns there. */
  goldSize: number;
  negSize: number;
  /** Per system: items (local ids, increasing), TP, FP, substitutions S, F1, per-label F1, rank (0 = best F1). */
  memberItems: Int32Array[];
  tp: Float64Array;
  fp: Float64Array;
  s: Float64Array;
  f1: Float64Array;
  labelF1: Float64Array[];
  rank: Int32Array;
  /**
   * Pairwise statistics, n×n row-major (diagonal: the system's own count):
   * coGold = |TP_a ∩ TP_b|, coNeg = |FP_a ∩ FP_b|, coX = |X_a ∩ X_b| (X: non-gold items at gold
   * boundaries), wc = |W_a ∩ C_b|, ww = |W_a ∩ W_b|, where over gold boundaries C_m is where m
   * returns a gold item and W_m where m returns an X item.
   */
  coGold: Float64Array;
  coNeg: Float64Array;
  coX: Float64Array;
  wc: Float64Array;
  ww: Float64Array;
  /** Number of X items. */
  xSize: number;
  /** Distinct member masks with their numbers of gold and non-gold items (binary rules need only these). */
  patterns: { mask: Int32Array; maskHi: Int32Array; gold: Int32Array; neg: Int32Array; count: number };
  /**
   * Typed votes, split by boundary: at a boundary where one item alone gets votes, the vote
   * depends only on that item's vote mask and label (its votes against the `O` of the others),
   * so such boundaries are grouped by (vote mask, label) with the numbers where the item is
   * gold, not gold, and not gold at a gold boundary (a substitution when it wins). The other
   * boundaries, where labels compete, are listed in `contested`.
   */
  votePatterns: { mask: Int32Array; maskHi: Int32Array; label: Int32Array; gold: Int32Array; neg: Int32Array; sub: Int32Array; count: number };
  contested: Int32Array;
}

/** What a unit of the data is, for splits and resampling: a document or a sentence. */
export type UnitKind = 'document' | 'sentence';

export interface PlanDataOptions {
  /** The unit `select` and `copies` speak of (default: document). */
  units?: UnitKind;
  /** Which units take part (all when absent). */
  select?: (unit: number) => boolean;
  /**
   * How many times each unit counts, for bootstrap resamples (indexed by unit; 0 leaves the unit
   * out). Its items are repeated that many times, as if the unit appeared that often in the
   * corpus, so every count, vote and statistic below weighs it accordingly. Wins over `select`.
   */
  copies?: ArrayLike<number>;
}

/** Every option {@link buildPlanData} takes (any other key is refused). */
export const PLAN_DATA_OPTION_KEYS = ['units', 'select', 'copies'] as const satisfies readonly (keyof PlanDataOptions)[];
type _PlanDataOptionKeysListed = NoneMissing<Exclude<keyof PlanDataOptions, (typeof PLAN_DATA_OPTION_KEYS)[number]>>;

const sentenceCache = new WeakMap<EnsembleIndex, Int32Array>();
const docCache = new WeakMap<EnsembleIndex, Int32Array>();

/** The sentence of each item of the index's universe (computed once per index). */
function itemSentences(index: EnsembleIndex): Int32Array {
  let out = sentenceCache.get(index);
  if (out === undefined) {
    const items = index.universe.items;
    out = new Int32Array(items.length);
    for (let id = 0; id < items.length; id++) out[id] = sentenceAt(index.corpus, items[id].start);
    sentenceCache.set(index, out);
  }
  return out;
}

/**
 * The document of each item of the index's universe, as a column (computed once per index): the
 * data of every split and resample reads it, not the items' objects, which lie spread over the heap.
 */
function itemDocs(index: EnsembleIndex): Int32Array {
  let out = docCache.get(index);
  if (out === undefined) {
    const items = index.universe.items;
    out = new Int32Array(items.length);
    for (let id = 0; id < items.length; id++) out[id] = items[id].doc;
    docCache.set(index, out);
  }
  return out;
}

/** The number of units of a kind in the index's corpus. */
export function unitCount(index: EnsembleIndex, units: UnitKind): number {
  return units === 'sentence' ? sentenceCount(index.corpus) : index.corpus.documents.length;
}

/**
 * Builds the planning data of an index, on the units the options select (all documents when
 * absent; a function selects documents, as before units could be sentences).
 * @throws RangeError when the index has more than {@link MAX_SYSTEMS} systems.
 */
export function buildPlanData(index: EnsembleIndex, options?: ((doc: number) => boolean) | PlanDataOptions): PlanData {
  const n = index.memberItems.length;
  if (n > MAX_SYSTEMS) throw new RangeError(`the planner takes at most ${MAX_SYSTEMS} systems, got ${n}`);
  const o: PlanDataOptions = typeof options === 'function' ? { select: options } : (options ?? {});
  checkOptionKeys('options', o, PLAN_DATA_OPTION_KEYS);
  const unitKind = o.units ?? 'document';
  const docOf = itemDocs(index);
  const unitOf = unitKind === 'sentence' ? itemSentences(index) : docOf;
  const { local, times, u } = localIds(unitOf, o);
  const { globalId, isGold, label, doc, unit, goldByLabel } = itemColumns(index, docOf, unitOf, local, times, u);
  const { boundaries, boundaryOf, bStart, bItems } = boundaryLists(index, local, times, u);
  const { bGold, xBoundaries, isX, xSize, goldSize } = goldAndX(boundaries, bStart, bItems, isGold);
  const negSize = u - goldSize;

  // Each member in one pass over its items: its local items, its bit in their masks, its bitsets
  // over items (TP, FP, X) and over boundaries (C, W), and its TP and FP per label.
  const mask = new Int32Array(u);
  const wide = n > 32;
  const maskHi = new Int32Array(u);
  const memberItems: Int32Array[] = [];
  const tpSets: Bitset[] = [];
  const fpSets: Bitset[] = [];
  const xSets: Bitset[] = [];
  const cSets: Bitset[] = [];
  const wSets: Bitset[] = [];
  const tp = new Float64Array(n);
  const fp = new Float64Array(n);
  const L = index.labels.length;
  const labelTp: Float64Array[] = [];
  const labelFp: Float64Array[] = [];
  for (let m = 0; m < n; m++) {
    const all = index.memberItems[m];
    // Without copies a member keeps at most its items; with them, they are counted first.
    const count = o.copies === undefined ? all.length : keptCount(all, local, times);
    const pass: MemberPass = {
      items: new Int32Array(count), kept: 0, tp: 0,
      t: new Bitset(u), f: new Bitset(u), x: new Bitset(u), c: new Bitset(boundaries), w: new Bitset(boundaries),
      labelTp: new Float64Array(L), labelFp: new Float64Array(L),
    };
    memberPass(pass, all, local, times, m < 32 ? mask : maskHi, 1 << (m & 31), isGold, isX, label, boundaryOf);
    memberItems.push(pass.kept === count ? pass.items : pass.items.slice(0, pass.kept));
    tpSets.push(pass.t);
    fpSets.push(pass.f);
    xSets.push(pass.x);
    cSets.push(pass.c);
    wSets.push(pass.w);
    tp[m] = pass.tp;
    fp[m] = pass.kept - pass.tp;
    labelTp.push(pass.labelTp);
    labelFp.push(pass.labelFp);
  }
  const { voteMask, voteMaskHi, bVoteOr, bVoteOrHi } = voteMasks(boundaries, bStart, bItems, mask, maskHi, wide);
  const { votePatterns, contested } = buildVotePatterns(boundaries, bStart, bItems, voteMask, voteMaskHi, isGold, bGold, label, Math.max(1, index.labels.length));

  const { coGold, coNeg, coX, wc, ww } = pairCounts(n, tpSets, fpSets, xSets, cSets, wSets);

  const data: PlanData = {
    n, names: index.corpus.systems.map((s) => s.name), u, globalId, isGold, mask, maskHi, voteMask, voteMaskHi, label, labels: index.labels, doc,
    documents: index.corpus.documents.length, unit, units: unitCount(index, unitKind), unitKind, boundaries, bStart, bItems, bGold, bVoteOr, bVoteOrHi, xBoundaries, goldSize, negSize,
    memberItems, tp, fp, s: new Float64Array(n), f1: new Float64Array(n), labelF1: [], rank: new Int32Array(n),
    coGold, coNeg, coX, wc, ww, xSize, patterns: buildPatterns(mask, maskHi, isGold), votePatterns, contested,
  };
  // Per-system substitutions, F1 (overall and per label) and rank, as simulate's tie-break uses.
  // Per label, a system's TP and FP come from its own items; its FN are the label's gold items
  // it lacks.
  for (let m = 0; m < n; m++) {
    data.s[m] = substitutionsOf(data, bitLo(m), bitHi(m), 1);
    data.f1[m] = prf({ tp: tp[m], fp: fp[m], fn: goldSize - tp[m] }).f;
    const lt = labelTp[m];
    const lf = labelFp[m];
    data.labelF1.push(Float64Array.from({ length: L }, (_, l) => prf({ tp: lt[l], fp: lf[l], fn: goldByLabel[l] - lt[l] }).f));
  }
  const order = Array.from({ length: n }, (_, k) => k).sort((x, y) => data.f1[y] - data.f1[x] || x - y);
  order.forEach((m, r) => { data.rank[m] = r; });
  return data;
}

/*
 * The phases of buildPlanData, each a function with its loop: called for every split and
 * resample, each runs compiled from its first calls on, where one long function's loops would be
 * compiled one after another, from the middle, on every call.
 */

/**
 * Local ids: universe items on the selected units, in universe order, each repeated as often as
 * its unit counts (copies of one item are consecutive); `times` is 0 for an item left out.
 */
function localIds(unitOf: Int32Array, o: PlanDataOptions): { local: Int32Array; times: Int32Array; u: number } {
  const U = unitOf.length;
  const local = new Int32Array(U).fill(-1);
  const times = new Int32Array(U);
  let u = 0;
  for (let id = 0; id < U; id++) {
    const unit = unitOf[id];
    const c = o.copies !== undefined ? o.copies[unit] : o.select === undefined || o.select(unit) ? 1 : 0;
    if (c <= 0) continue;
    local[id] = u;
    times[id] = c;
    u += c;
  }
  return { local, times, u };
}

/** Each local item's universe id, gold flag, label, document and unit; the gold items of each label. */
function itemColumns(index: EnsembleIndex, docOf: Int32Array, unitOf: Int32Array, local: Int32Array, times: Int32Array, u: number) {
  const globalId = new Int32Array(u);
  for (let id = 0; id < local.length; id++) for (let j = 0; j < times[id]; j++) globalId[local[id] + j] = id;
  const gold = index.universe.gold;
  const labelOf = index.labelOf;
  const isGold = new Uint8Array(u);
  const label = new Int32Array(u);
  const doc = new Int32Array(u);
  const unit = new Int32Array(u);
  const goldByLabel = new Float64Array(index.labels.length);
  for (let i = 0; i < u; i++) {
    const id = globalId[i];
    isGold[i] = gold.has(id) ? 1 : 0;
    label[i] = labelOf[id];
    doc[i] = docOf[id];
    unit[i] = unitOf[id];
    if (isGold[i]) goldByLabel[label[i]]++;
  }
  return { globalId, isGold, label, doc, unit, goldByLabel };
}

/**
 * Boundaries, renumbered densely over the local items, in CSR form: the items of boundary b are
 * bItems[bStart[b] .. bStart[b+1]). The items of one boundary share their unit, so they have as
 * many copies, and copy j of an item lies at copy j of its boundary.
 */
function boundaryLists(index: EnsembleIndex, local: Int32Array, times: Int32Array, u: number) {
  const bLocal = new Int32Array(index.boundaries).fill(-1);
  let boundaries = 0;
  const boundaryOf = new Int32Array(u);
  for (let id = 0; id < local.length; id++) {
    if (local[id] < 0) continue;
    const g = index.boundaryOf[id];
    if (bLocal[g] < 0) {
      bLocal[g] = boundaries;
      boundaries += times[id];
    }
    for (let j = 0; j < times[id]; j++) boundaryOf[local[id] + j] = bLocal[g] + j;
  }
  const bStart = new Int32Array(boundaries + 1);
  for (let i = 0; i < u; i++) bStart[boundaryOf[i] + 1]++;
  for (let b = 0; b < boundaries; b++) bStart[b + 1] += bStart[b];
  const fill = bStart.slice(0, boundaries);
  const bItems = new Int32Array(u);
  for (let i = 0; i < u; i++) bItems[fill[boundaryOf[i]]++] = i;
  return { boundaries, boundaryOf, bStart, bItems };
}

/** Gold items at each boundary; X items, the non-gold items at a boundary with a gold one (and their boundaries). */
function goldAndX(boundaries: number, bStart: Int32Array, bItems: Int32Array, isGold: Uint8Array) {
  const u = isGold.length;
  const bGold = new Int32Array(boundaries);
  const xb: number[] = [];
  for (let b = 0; b < boundaries; b++) {
    let neg = 0;
    for (let e = bStart[b]; e < bStart[b + 1]; e++) {
      if (isGold[bItems[e]]) bGold[b]++;
      else neg++;
    }
    if (bGold[b] > 0 && neg > 0) xb.push(b);
  }
  const xBoundaries = Int32Array.from(xb);
  const isX = new Uint8Array(u);
  for (let k = 0; k < xBoundaries.length; k++) {
    const b = xBoundaries[k];
    for (let e = bStart[b]; e < bStart[b + 1]; e++) if (!isGold[bItems[e]]) isX[bItems[e]] = 1;
  }
  let xSize = 0;
  let goldSize = 0;
  for (let i = 0; i < u; i++) {
    xSize += isX[i];
    goldSize += isGold[i];
  }
  return { bGold, xBoundaries, isX, xSize, goldSize };
}

/** Vote masks: each member votes for its lowest item at a boundary (items are in id order); per boundary, the OR of them. */
function voteMasks(boundaries: number, bStart: Int32Array, bItems: Int32Array, mask: Int32Array, maskHi: Int32Array, wide: boolean) {
  const voteMask = new Int32Array(mask.length);
  // With 32 systems or fewer every high word is 0: the zeros of maskHi serve (read only).
  const voteMaskHi = wide ? new Int32Array(mask.length) : maskHi;
  const bVoteOr = new Int32Array(boundaries);
  const bVoteOrHi = new Int32Array(boundaries);
  for (let b = 0; b < boundaries; b++) {
    let taken = 0;
    let takenHi = 0;
    for (let e = bStart[b]; e < bStart[b + 1]; e++) {
      const i = bItems[e];
      const v = mask[i] & ~taken;
      voteMask[i] = v;
      taken |= v;
      if (wide) {
        const vHi = maskHi[i] & ~takenHi;
        voteMaskHi[i] = vHi;
        takenHi |= vHi;
      }
    }
    bVoteOr[b] = taken;
    bVoteOrHi[b] = takenHi;
  }
  return { voteMask, voteMaskHi, bVoteOr, bVoteOrHi };
}

/** The pairwise statistics of PlanData (coGold, coNeg, coX, wc, ww), n×n row-major, from each member's bitsets. */
function pairCounts(n: number, tpSets: readonly Bitset[], fpSets: readonly Bitset[], xSets: readonly Bitset[], cSets: readonly Bitset[], wSets: readonly Bitset[]) {
  const coGold = new Float64Array(n * n);
  const coNeg = new Float64Array(n * n);
  const coX = new Float64Array(n * n);
  const wc = new Float64Array(n * n);
  const ww = new Float64Array(n * n);
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      if (b >= a) {
        coGold[a * n + b] = coGold[b * n + a] = tpSets[a].andCount(tpSets[b]);
        coNeg[a * n + b] = coNeg[b * n + a] = fpSets[a].andCount(fpSets[b]);
        coX[a * n + b] = coX[b * n + a] = xSets[a].andCount(xSets[b]);
        ww[a * n + b] = ww[b * n + a] = wSets[a].andCount(wSets[b]);
      }
      wc[a * n + b] = wSets[a].andCount(cSets[b]);
    }
  }
  return { coGold, coNeg, coX, wc, ww };
}

/** How many local items (copies counted) the universe items `all` give. */
function keptCount(all: Int32Array, local: Int32Array, times: Int32Array): number {
  let count = 0;
  for (let k = 0; k < all.length; k++) if (local[all[k]] >= 0) count += times[all[k]];
  return count;
}

/** What {@link memberPass} fills for one member. */
interface MemberPass {
  /** Its local items, `kept` of them, and how many are gold. */
  items: Int32Array;
  kept: number;
  tp: number;
  /** Over items: TP, FP, X; over boundaries: C (a gold item), W (an X item). */
  t: Bitset;
  f: Bitset;
  x: Bitset;
  c: Bitset;
  w: Bitset;
  labelTp: Float64Array;
  labelFp: Float64Array;
}

/**
 * One member's pass over its universe items `all`: each selected one (local id `local[id]` and
 * its `times[id]` copies) is recorded in `p`, and `bit` set in its mask word. A function of its
 * own, called once per member and split, so that it runs compiled after the first few.
 */
function memberPass(
  p: MemberPass, all: Int32Array, local: Int32Array, times: Int32Array, words: Int32Array, bit: number,
  isGold: Uint8Array, isX: Uint8Array, label: Int32Array, boundaryOf: Int32Array,
): void {
  const { items, t, f, x, c, w, labelTp, labelFp } = p;
  let kept = 0;
  let tp = 0;
  for (let k = 0; k < all.length; k++) {
    const first = local[all[k]];
    if (first < 0) continue;
    const end = first + times[all[k]];
    for (let i = first; i < end; i++) {
      items[kept++] = i;
      words[i] |= bit;
      if (isGold[i]) {
        tp++;
        t.add(i);
        c.add(boundaryOf[i]);
        labelTp[label[i]]++;
      } else {
        f.add(i);
        labelFp[label[i]]++;
        if (isX[i]) {
          x.add(i);
          w.add(boundaryOf[i]);
        }
      }
    }
  }
  p.kept = kept;
  p.tp = tp;
}

/** Distinct (mask, maskHi) pairs in order of first appearance (keyed by the low word alone while every high word is 0). */
function buildPatterns(mask: Int32Array, maskHi: Int32Array, isGold: Uint8Array): PlanData['patterns'] {
  const at = new Map<number | string, number>();
  const masks: number[] = [];
  const masksHi: number[] = [];
  const gold: number[] = [];
  const neg: number[] = [];
  for (let i = 0; i < mask.length; i++) {
    const key = maskHi[i] === 0 ? mask[i] : setKey(mask[i], maskHi[i]);
    let p = at.get(key);
    if (p === undefined) {
      at.set(key, (p = masks.length));
      masks.push(mask[i]);
      masksHi.push(maskHi[i]);
      gold.push(0);
      neg.push(0);
    }
    if (isGold[i]) gold[p]++;
    else neg[p]++;
  }
  return { mask: Int32Array.from(masks), maskHi: Int32Array.from(masksHi), gold: Int32Array.from(gold), neg: Int32Array.from(neg), count: masks.length };
}

function buildVotePatterns(boundaries: number, bStart: Int32Array, bItems: Int32Array, voteMask: Int32Array, voteMaskHi: Int32Array, isGold: Uint8Array, bGold: Int32Array, label: Int32Array, labels: number): Pick<PlanData, 'votePatterns' | 'contested'> {
  const at = new Map<number | string, number>();
  const mask: number[] = [];
  const maskHi: number[] = [];
  const lab: number[] = [];
  const gold: number[] = [];
  const neg: number[] = [];
  const sub: number[] = [];
  const contested: number[] = [];
  for (let b = 0; b < boundaries; b++) {
    let only = -1;
    let voted = 0;
    for (let e = bStart[b]; e < bStart[b + 1]; e++) {
      if (voteMask[bItems[e]] !== 0 || voteMaskHi[bItems[e]] !== 0) {
        voted++;
        only = bItems[e];
      }
    }
    if (voted === 0) continue;
    if (voted > 1) {
      contested.push(b);
      continue;
    }
    const hi = voteMaskHi[only];
    const key = hi === 0 ? voteMask[only] * labels + label[only] : `${setKey(voteMask[only], hi)}:${label[only]}`;
    let p = at.get(key);
    if (p === undefined) {
      at.set(key, (p = mask.length));
      mask.push(voteMask[only]);
      maskHi.push(hi);
      lab.push(label[only]);
      gold.push(0);
      neg.push(0);
      sub.push(0);
    }
    if (isGold[only]) gold[p]++;
    else {
      neg[p]++;
      if (bGold[b] > 0) sub[p]++;
    }
  }
  return {
    votePatterns: {
      mask: Int32Array.from(mask), maskHi: Int32Array.from(maskHi), label: Int32Array.from(lab), gold: Int32Array.from(gold), neg: Int32Array.from(neg),
      sub: Int32Array.from(sub), count: mask.length,
    },
    contested: Int32Array.from(contested),
  };
}

/**
 * Substitutions of the binary rule "at least `need` votes among the members (`members`,
 * `membersHi`: a two-word bitmask)": Σ over gold boundaries of min(g_b − C_b, x_b) (see the
 * module comment).
 */
export function substitutionsOf(data: Pick<PlanData, 'xBoundaries' | 'bStart' | 'bItems' | 'isGold' | 'mask' | 'maskHi' | 'bGold'>, members: number, membersHi: number, need: number): number {
  const { xBoundaries, bStart, bItems, isGold, mask, maskHi, bGold } = data;
  let s = 0;
  for (let k = 0; k < xBoundaries.length; k++) {
    const b = xBoundaries[k];
    let kept = 0;
    let x = 0;
    for (let e = bStart[b]; e < bStart[b + 1]; e++) {
      const i = bItems[e];
      if ((membersHi === 0 ? popcount(mask[i] & members) : popcount(mask[i] & members) + popcount(maskHi[i] & membersHi)) < need) continue;
      if (isGold[i]) kept++;
      else x++;
    }
    s += Math.min(bGold[b] - kept, x);
  }
  return s;
}

/** Bitmask of a member list: its low word (systems 0–31). */
export function maskOf(members: readonly number[]): number {
  let m = 0;
  for (const k of members) m |= bitLo(k);
  return m;
}

/** Bitmask of a member list: its high word (systems 32–63). */
export function maskHiOf(members: readonly number[]): number {
  let m = 0;
  for (const k of members) m |= bitHi(k);
  return m;
}

/** Member list (increasing) of a two-word bitmask. */
export function membersOf(mask: number, maskHi: number): number[] {
  return membersOfSet(mask, maskHi);
}
