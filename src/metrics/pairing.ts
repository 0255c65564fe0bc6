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
 *    maximum matching of the bipartite graph by successive shortest augmenting paths (Dijkstra
 *    with node potentials over the residual graph): every augmentation pairs one more span on each side
 *    at the least added cost, so the matching is maximum, and among maximum matchings it has
 *    the least cost: the fewest pairs that are not `preferred`, then the most positions shared
 *    in all (a pair costs W·[not preferred] + L − overlap, L the longest overlap in the component
 *    and W larger than any sum of the second term). Remaining ties are broken by position: the
 *    path search settles earlier gold and system spans first among equals.
 *
 * Cost: a cluster of V spans with E overlapping pairs takes at most min(gold, system)
 * augmentations of O(E log V) each. Clusters are small in practice; a chain of 1,000 spans
 * overlapping one another (and one span over all of them) takes about a second.
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
  // Most spans are contiguous: no fragment lists to make.
  if (a.fragments === undefined && b.fragments === undefined) return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
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
  readonly pairs: Array<[number, number]>;
  /** For each gold span, the index of its system span, or -1. */
  goldMate: Int32Array;
  /** For each system span, the index of its gold span, or -1. */
  systemMate: Int32Array;
}

/** A pairing as the mates of each side; the list of pairs is made when first read. */
class Mates implements Pairing {
  private list: Array<[number, number]> | undefined;

  constructor(readonly goldMate: Int32Array, readonly systemMate: Int32Array) {}

  get pairs(): Array<[number, number]> {
    if (this.list === undefined) {
      this.list = [];
      for (let k = 0; k < this.goldMate.length; k++) if (this.goldMate[k] >= 0) this.list.push([k, this.goldMate[k]]);
    }
    return this.list;
  }
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
  return new Mates(goldMate, systemMate);
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
  const local = new Map(systems.map((si, j) => [si, j]));
  // Costs: a pair that is not preferred costs more than any sum of the overlap terms a matching
  // of this component can have, so fewer such pairs always win; then the larger total overlap.
  const overlaps = golds.map((gi, k) => edges[k].map((si) => overlapLength(gold[gi], system[si])));
  const longest = Math.max(...overlaps.flat());
  const notPreferred = (golds.length + systems.length) * longest + 1;
  // The flow network: source 0, gold k at 1 + k, system j at 1 + a + j, sink at 1 + a + b.
  const a = golds.length;
  const b = systems.length;
  const net = new Network(a + b + 2);
  const sink = a + b + 1;
  for (let k = 0; k < a; k++) net.add(0, 1 + k, 0);
  for (let k = 0; k < a; k++) {
    edges[k].forEach((si, e) => {
      const cost = (rules.preferred(gold[golds[k]], system[si]) ? 0 : notPreferred) + longest - overlaps[k][e];
      net.add(1 + k, 1 + a + local.get(si)!, cost);
    });
  }
  for (let j = 0; j < b; j++) net.add(1 + a + j, sink, 0);
  while (net.augment(0, sink));
  for (let k = 0; k < a; k++) {
    const j = net.flowTarget(1 + k) - 1 - a;
    if (j < 0 || j >= b) continue;
    goldMate[golds[k]] = systems[j];
    systemMate[systems[j]] = golds[k];
  }
}

/**
 * A unit-capacity flow network for successive shortest paths: Dijkstra on costs reduced by node
 * potentials (every cost is ≥ 0 at the start, and the potentials keep the reduced costs ≥ 0),
 * one unit of flow per augmentation. Ties are broken by node number: the search settles the
 * lowest-numbered node among equals first and keeps the first parent found.
 */
class Network {
  private readonly to: number[] = [];
  private readonly cap: number[] = [];
  private readonly cost: number[] = [];
  private readonly out: number[][];
  private readonly potential: Float64Array;

  constructor(private readonly nodes: number) {
    this.out = Array.from({ length: nodes }, () => []);
    this.potential = new Float64Array(nodes);
  }

  /** An edge u → v of capacity 1 (and its residual v → u of capacity 0). */
  add(u: number, v: number, cost: number): void {
    this.out[u].push(this.to.length);
    this.to.push(v); this.cap.push(1); this.cost.push(cost);
    this.out[v].push(this.to.length);
    this.to.push(u); this.cap.push(0); this.cost.push(-cost);
  }

  /** Sends one unit along a cheapest path from `s` to `t`; false when there is none. */
  augment(s: number, t: number): boolean {
    const dist = new Float64Array(this.nodes).fill(Infinity);
    const via = new Int32Array(this.nodes).fill(-1);
    const done = new Uint8Array(this.nodes);
    const heap = new MinHeap();
    dist[s] = 0;
    heap.push(0, s);
    for (let top = heap.pop(); top !== undefined; top = heap.pop()) {
      const u = top;
      if (done[u]) continue;
      done[u] = 1;
      for (const e of this.out[u]) {
        if (this.cap[e] === 0) continue;
        const v = this.to[e];
        const d = dist[u] + this.cost[e] + this.potential[u] - this.potential[v];
        if (d < dist[v]) {
          dist[v] = d;
          via[v] = e;
          heap.push(d, v);
        }
      }
    }
    if (dist[t] === Infinity) return false;
    for (let v = 0; v < this.nodes; v++) if (dist[v] < Infinity) this.potential[v] += dist[v];
    for (let v = t; v !== s; v = this.to[via[v] ^ 1]) {
      this.cap[via[v]] -= 1;
      this.cap[via[v] ^ 1] += 1;
    }
    return true;
  }

  /** The node that `u`'s one unit of outgoing flow goes to, or -1. */
  flowTarget(u: number): number {
    for (const e of this.out[u]) if ((e & 1) === 0 && this.cap[e] === 0) return this.to[e];
    return -1;
  }
}

/** A binary heap of (key, node), smallest key first, then smallest node. */
class MinHeap {
  private readonly keys: number[] = [];
  private readonly nodes: number[] = [];

  push(key: number, node: number): void {
    const keys = this.keys;
    const nodes = this.nodes;
    let i = keys.length;
    keys.push(key);
    nodes.push(node);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p] < key || (keys[p] === key && nodes[p] <= node)) break;
      keys[i] = keys[p];
      nodes[i] = nodes[p];
      i = p;
    }
    keys[i] = key;
    nodes[i] = node;
  }

  pop(): number | undefined {
    const keys = this.keys;
    const nodes = this.nodes;
    if (keys.length === 0) return undefined;
    const top = nodes[0];
    const key = keys.pop()!;
    const node = nodes.pop()!;
    const n = keys.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && (keys[r] < keys[l] || (keys[r] === keys[l] && nodes[r] < nodes[l])) ? r : l;
        if (key < keys[c] || (key === keys[c] && node <= nodes[c])) break;
        keys[i] = keys[c];
        nodes[i] = nodes[c];
        i = c;
      }
      keys[i] = key;
      nodes[i] = node;
    }
    return top;
  }
}
