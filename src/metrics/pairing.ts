/**
 * One-to-one pairing of overlapping gold and system spans, of maximum cardinality: no other
 * pairing of overlapping spans pairs more of them. Used by `--match overlap` and by the SemEval
 * schemas (schemas.ts).
 *
 * Algorithm:
 * 1. Candidate pairs: every (gold, system) pair that shares a position (fragment-aware), within
 *    clusters found by a sweep over both lists in order of start.
 * 2. Fixed pairs: pairs the caller names as certain (an exact match) are taken first, gold spans
 *    in order, each with its first such system span left, and leave the rest.
 * 3. The spans left, in clusters (runs of spans that overlap one another, usually a few spans of
 *    one sentence, which are paired independently of the others). In each, a minimum-cost
 *    maximum matching of the bipartite graph by successive shortest augmenting paths
 *    (Bellman–Ford over the residual graph): every augmentation pairs one more span on each side
 *    at the least added cost, so the matching is maximum, and among maximum matchings it has
 *    the least cost: the fewest pairs that are not `preferred`, then the most positions shared
 *    in all (a pair costs W·[not preferred] + L − overlap, L the longest overlap in the component
 *    and W larger than any sum of the second term). Remaining ties are broken by position:
 *    paths start from gold spans in order, and among equal paths the one ending at the earliest
 *    system span is taken.
 *
 * A greedy pairing (each system span in turn takes the first free gold span it overlaps, or the
 * largest overlap first) is not maximum: with gold A = [0,2) and B = [2,3) and system X = [1,3)
 * and Y = [0,1), taking X–A first leaves Y and B unpaired, where X–B and Y–A pair all four.
 *
 * Source: H. W. Kuhn, "The Hungarian method for the assignment problem", Naval Research
 * Logistics Quarterly 2, 1955; the successive shortest path method for minimum-cost flow, as in
 * R. K. Ahuja, T. L. Magnanti and J. B. Orlin, *Network Flows*, 1993, §9.7.
 */
import type { Span } from '../model/corpus.js';

function fragmentsOf(s: Span): Array<[number, number]> {
  return s.fragments ?? [[s.start, s.end]];
}

/** Number of positions two spans share (fragment-aware). */
export function overlapLength(a: Span, b: Span): number {
  let n = 0;
  for (const [a0, a1] of fragmentsOf(a)) {
    for (const [b0, b1] of fragmentsOf(b)) n += Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));
  }
  return n;
}

export interface PairingRules {
  /** A pair taken before any other when both spans are free (e.g. same boundaries and label). */
  fixed: (g: Span, s: Span) => boolean;
  /** Among maximum pairings, the one with the most such pairs wins. */
  preferred: (g: Span, s: Span) => boolean;
}

export interface Pairing {
  /** (gold index, system index) pairs, in order of gold index. */
  pairs: Array<[number, number]>;
  /** For each gold span, the index of its system span, or -1. */
  goldMate: Int32Array;
  /** For each system span, the index of its gold span, or -1. */
  systemMate: Int32Array;
}

/**
 * Pairs overlapping spans one to one, with as many pairs as possible (see the module comment).
 * Both lists must be sorted by start.
 */
export function pairOverlapping(gold: readonly Span[], system: readonly Span[], rules: PairingRules): Pairing {
  const goldMate = new Int32Array(gold.length).fill(-1);
  const systemMate = new Int32Array(system.length).fill(-1);
  // Clusters: runs of spans (of either side, in order of start) each of which starts before the
  // furthest end so far. Spans of different clusters cannot overlap, so each cluster is paired
  // on its own; most hold one gold and one system span.
  let gi = 0;
  let si = 0;
  while (gi < gold.length || si < system.length) {
    const g0 = gi;
    const s0 = si;
    let reach = -Infinity;
    for (;;) {
      const takeGold = gi < gold.length && (si >= system.length || gold[gi].start <= system[si].start);
      const next = takeGold ? gold[gi] : si < system.length ? system[si] : undefined;
      if (next === undefined || (reach !== -Infinity && next.start >= reach)) break;
      reach = Math.max(reach, next.end);
      if (takeGold) gi++;
      else si++;
    }
    if (gi - g0 === 0 || si - s0 === 0) continue;
    if (gi - g0 === 1 && si - s0 === 1) {
      if (overlapLength(gold[g0], system[s0]) > 0) {
        goldMate[g0] = s0;
        systemMate[s0] = g0;
      }
      continue;
    }
    pairCluster(g0, gi, s0, si, gold, system, rules, goldMate, systemMate);
  }
  const pairs: Array<[number, number]> = [];
  for (let k = 0; k < gold.length; k++) if (goldMate[k] >= 0) pairs.push([k, goldMate[k]]);
  return { pairs, goldMate, systemMate };
}

/** Pairs the gold spans [g0, g1) with the system spans [s0, s1): fixed pairs, then the matching. */
function pairCluster(
  g0: number, g1: number, s0: number, s1: number, gold: readonly Span[], system: readonly Span[],
  rules: PairingRules, goldMate: Int32Array, systemMate: Int32Array,
): void {
  const edgesOf: number[][] = [];
  for (let gi = g0; gi < g1; gi++) {
    const edges: number[] = [];
    for (let si = s0; si < s1; si++) if (overlapLength(gold[gi], system[si]) > 0) edges.push(si);
    edgesOf.push(edges);
  }
  for (let k = 0; k < edgesOf.length; k++) {
    for (const si of edgesOf[k]) {
      if (systemMate[si] < 0 && rules.fixed(gold[g0 + k], system[si])) {
        goldMate[g0 + k] = si;
        systemMate[si] = g0 + k;
        break;
      }
    }
  }
  const golds: number[] = [];
  const edges: number[][] = [];
  for (let k = 0; k < edgesOf.length; k++) {
    if (goldMate[g0 + k] >= 0) continue;
    const free = edgesOf[k].filter((si) => systemMate[si] < 0);
    if (free.length === 0) continue;
    golds.push(g0 + k);
    edges.push(free);
  }
  if (golds.length > 0) matchComponent(golds, edges, gold, system, rules, goldMate, systemMate);
}

/**
 * Minimum-cost maximum matching by successive shortest paths (see the module comment) of the
 * free gold spans `golds` with the free system spans of `edges` (`edges[k]`: those gold k overlaps).
 */
function matchComponent(
  golds: readonly number[], edges: readonly number[][], gold: readonly Span[], system: readonly Span[],
  rules: PairingRules, goldMate: Int32Array, systemMate: Int32Array,
): void {
  if (golds.length === 1 && edges[0].length === 1) {
    goldMate[golds[0]] = edges[0][0];
    systemMate[edges[0][0]] = golds[0];
    return;
  }
  const systems = [...new Set(edges.flat())].sort((a, b) => a - b);
  // Costs: a pair that is not preferred costs more than any sum of the overlap terms a matching
  // of this component can have, so fewer such pairs always win; then the larger total overlap.
  const overlaps = golds.map((gi, k) => edges[k].map((si) => overlapLength(gold[gi], system[si])));
  const longest = Math.max(...overlaps.flat());
  const notPreferred = (golds.length + systems.length) * longest + 1;
  const cost = golds.map((gi, k) => edges[k].map((si, e) => (rules.preferred(gold[gi], system[si]) ? 0 : notPreferred) + longest - overlaps[k][e]));
  const local = new Map(systems.map((si, j) => [si, j]));
  const mateG = new Int32Array(golds.length).fill(-1);
  const mateS = new Int32Array(systems.length).fill(-1);
  /** The cost of gold k's edge to local system j. */
  const costOf = (k: number, j: number) => cost[k][edges[k].indexOf(systems[j])];
  for (;;) {
    const distG = new Float64Array(golds.length).fill(Infinity);
    const distS = new Float64Array(systems.length).fill(Infinity);
    const via = new Int32Array(systems.length).fill(-1);
    for (let k = 0; k < golds.length; k++) if (mateG[k] < 0) distG[k] = 0;
    // Bellman–Ford: at most as many rounds as nodes; the residual graph has no negative cycle.
    for (let round = 0, changed = true; changed && round <= golds.length + systems.length; round++) {
      changed = false;
      for (let k = 0; k < golds.length; k++) {
        if (distG[k] === Infinity) continue;
        for (let e = 0; e < edges[k].length; e++) {
          const j = local.get(edges[k][e])!;
          if (mateG[k] === j) continue;
          const d = distG[k] + cost[k][e];
          if (d < distS[j]) {
            distS[j] = d;
            via[j] = k;
            changed = true;
          }
        }
      }
      for (let j = 0; j < systems.length; j++) {
        const k = mateS[j];
        if (k < 0 || distS[j] === Infinity) continue;
        const d = distS[j] - costOf(k, j);
        if (d < distG[k]) {
          distG[k] = d;
          changed = true;
        }
      }
    }
    let best = -1;
    for (let j = 0; j < systems.length; j++) {
      if (mateS[j] < 0 && distS[j] < Infinity && (best < 0 || distS[j] < distS[best])) best = j;
    }
    if (best < 0) break;
    // Augment: walk back from the free system span to a free gold span, flipping the pairs.
    for (let j = best; ;) {
      const k = via[j];
      const before = mateG[k];
      mateG[k] = j;
      mateS[j] = k;
      if (before < 0) break;
      j = before;
    }
  }
  for (let k = 0; k < golds.length; k++) {
    if (mateG[k] < 0) continue;
    goldMate[golds[k]] = systems[mateG[k]];
    systemMate[systems[mateG[k]]] = golds[k];
  }
}
