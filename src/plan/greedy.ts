/**
 * Greedy forward selection and beam search, one rule at a time, scoring every
 * candidate they visit into the store.
 *
 * **Greedy** starts from the best single system (actual objective on the planning data) and adds
 * one system per step:
 * - `guide score`: the system whose addition gives the best actual objective;
 * - `guide comp`: systems in order of their set-level F_Comp to the current ensemble (what each
 *   offers the errors the members share; the idea of the complementarity paper), each
 *   verified by simulation; the first that improves the objective is taken, and when none does,
 *   the best of them.
 * It stops at `maxSize`, when no system is left, or after two successive additions that do not
 * beat the best objective seen on the path (two, so that `majority` can pass from an odd size
 * through the even one above it, where a tie blocks every item). The path is every step.
 *
 * **Beam** (width W) keeps the W best member sets of each size, extends each by every other
 * system, and keeps the W best extensions; it stops at `maxSize` or after two sizes without a
 * better candidate.
 *
 * Member sets are two words (systems 0–31 and 32–63, member-set.ts), ordered as unsigned
 * 64-bit integers where ties are broken by member set.
 */
import { setComp } from './engine.js';
import { allHi, allLo, bitHi, bitLo, compareSets, hasMember, setSize } from './member-set.js';
import { finish, type Steps } from './steps.js';
import { scoreCandidate, type SearchContext } from './store.js';

export interface PathStep {
  rule: number;
  /** The member set after the step (systems 0–31, and 32–63). */
  mask: number;
  maskHi: number;
  /** The system added (the starting system at step 1). */
  added: number;
  actual: number;
  /** The step's candidate in the store (its prediction is computed when asked for, see predictedValue). */
  k: number;
  /** For `guide comp`, the F_Comp of the added system to the ensemble before it. */
  comp: number | null;
}

/** Is candidate a better than b: actual key, then smaller member set, then lower mask. */
function better(ctx: SearchContext, a: number, b: number): boolean {
  const { store, scorer } = ctx;
  const ka = scorer.key(store.actual[a]);
  const kb = scorer.key(store.actual[b]);
  if (ka !== kb) return ka > kb;
  const sa = setSize(store.masks[a], store.masksHi[a]);
  const sb = setSize(store.masks[b], store.masksHi[b]);
  if (sa !== sb) return sa < sb;
  return compareSets(store.masks[a], store.masksHi[a], store.masks[b], store.masksHi[b]) < 0;
}

/** The best single system under rule r (scored into the store): its index. */
export function bestSingle(ctx: SearchContext, r: number): number {
  let best = -1;
  for (let m = 0; m < ctx.data.n; m++) {
    const k = scoreCandidate(ctx, bitLo(m), bitHi(m), r);
    if (best < 0 || better(ctx, k, best)) best = k;
  }
  return best;
}

/**
 * Greedy forward selection under rule r from system `start`; with `costBudget`, only systems
 * that keep the members' cost within it are added (the path stops when none does).
 */
export function greedy(ctx: SearchContext, r: number, guide: 'score' | 'comp', start: number, costBudget?: number): PathStep[] {
  return finish(greedySteps(ctx, r, guide, start, costBudget));
}

/** {@link greedy}, pausing after every step. */
export function* greedySteps(ctx: SearchContext, r: number, guide: 'score' | 'comp', start: number, costBudget?: number): Steps<PathStep[]> {
  const { data, store, scorer } = ctx;
  const all = allLo(data.n);
  const allHigh = allHi(data.n);
  let S = bitLo(start);
  let Shi = bitHi(start);
  let cost = scorer.costs[start];
  let cur = scoreCandidate(ctx, S, Shi, r);
  const path: PathStep[] = [{ rule: r, mask: S, maskHi: Shi, added: start, actual: store.actual[cur], k: cur, comp: null }];
  let bestKey = scorer.key(store.actual[cur]);
  let stale = 0;
  while (setSize(S, Shi) < ctx.maxSize && (S !== all || Shi !== allHigh)) {
    const others: number[] = [];
    for (let x = 0; x < data.n; x++) if (!hasMember(S, Shi, x) && (costBudget === undefined || cost + scorer.costs[x] <= costBudget)) others.push(x);
    if (others.length === 0) break;
    let pick = -1;
    let pickX = -1;
    let pickComp: number | null = null;
    if (guide === 'score') {
      for (const x of others) {
        const k = scoreCandidate(ctx, S | bitLo(x), Shi | bitHi(x), r);
        if (pick < 0 || better(ctx, k, pick)) {
          pick = k;
          pickX = x;
        }
      }
    } else {
      const comps = others.map((x) => ({ x, f: setComp(data, S, Shi, x).fComp }));
      comps.sort((a, b) => (b.f ?? -1) - (a.f ?? -1) || a.x - b.x);
      const curKey = scorer.key(store.actual[cur]);
      for (const { x, f } of comps) {
        const k = scoreCandidate(ctx, S | bitLo(x), Shi | bitHi(x), r);
        const improves = scorer.key(store.actual[k]) > curKey;
        if (pick < 0 || improves || better(ctx, k, pick)) {
          pick = k;
          pickX = x;
          pickComp = f;
        }
        if (improves) break;
      }
    }
    S |= bitLo(pickX);
    Shi |= bitHi(pickX);
    cost += scorer.costs[pickX];
    cur = pick;
    path.push({ rule: r, mask: S, maskHi: Shi, added: pickX, actual: store.actual[cur], k: cur, comp: guide === 'comp' ? pickComp : null });
    yield;
    const key = scorer.key(store.actual[cur]);
    if (key > bestKey) {
      bestKey = key;
      stale = 0;
    } else if (++stale >= 2) {
      break;
    }
  }
  return path;
}

/**
 * Beam search of width `width` under rule r; with `costBudget`, over member sets whose cost is
 * within it (costs are ≥ 0, so no set beyond it leads back within it).
 */
export function beam(ctx: SearchContext, r: number, width: number, costBudget?: number): void {
  finish(beamSteps(ctx, r, width, costBudget));
}

/** {@link beam}, pausing after every size. */
export function* beamSteps(ctx: SearchContext, r: number, width: number, costBudget?: number): Steps<void> {
  const { data, store, scorer } = ctx;
  const order = (list: number[]) => list.sort((a, b) => (better(ctx, a, b) ? -1 : better(ctx, b, a) ? 1 : 0));
  const within = (S: number, Shi: number) => costBudget === undefined || scorer.costOf(S, Shi) <= costBudget;
  const singles: number[] = [];
  for (let m = 0; m < data.n; m++) if (within(bitLo(m), bitHi(m))) singles.push(scoreCandidate(ctx, bitLo(m), bitHi(m), r));
  if (singles.length === 0) return;
  let frontier = order(singles).slice(0, width);
  let bestKey = scorer.key(store.actual[frontier[0]]);
  let stale = 0;
  for (let size = 2; size <= Math.min(ctx.maxSize, data.n); size++) {
    // Extensions reached from two sets of the frontier are kept once (by store index: one per set).
    const seen = new Set<number>();
    const next: number[] = [];
    for (const k of frontier) {
      const S = store.masks[k];
      const Shi = store.masksHi[k];
      for (let x = 0; x < data.n; x++) {
        if (hasMember(S, Shi, x) || !within(S | bitLo(x), Shi | bitHi(x))) continue;
        const t = scoreCandidate(ctx, S | bitLo(x), Shi | bitHi(x), r);
        if (seen.has(t)) continue;
        seen.add(t);
        next.push(t);
      }
    }
    if (next.length === 0) break;
    yield;
    frontier = order(next).slice(0, width);
    const key = scorer.key(store.actual[frontier[0]]);
    if (key > bestKey) {
      bestKey = key;
      stale = 0;
    } else if (++stale >= 2) {
      break;
    }
  }
}

export { better as betterCandidate };
