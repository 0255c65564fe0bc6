/**
 * The Pareto front of candidates by cost against objective (`--cost`, `--budget`):
 * the candidates no other candidate beats on both at once.
 *
 * Reference: the classic maxima-of-a-point-set sweep, H. T. Kung, F. Luccio, F. P. Preparata,
 * "On finding the maxima of a set of vectors", J. ACM 22(4), 1975 (two dimensions: sort, then
 * one pass).
 */

/**
 * Marks the points on the Pareto front of cost (lower is better) against value (higher is
 * better when `higherIsBetter`, else lower).
 *
 * Definition: q dominates p when cost_q ≤ cost_p and value_q is at least as good as value_p,
 * with at least one of the two strictly better. p is on the front (true) when no point
 * dominates it. Equal points do not dominate each other, so duplicates on the front are all
 * marked.
 *
 * Algorithm: group the points by cost, keeping each group's best value; sort the distinct costs
 * and sweep them keeping the best value seen at a strictly lower cost. A point is on the front
 * when its value is the best of its cost group and strictly better than every cheaper point's.
 * O(n + d log d) for d distinct costs (an exhaustive search's million candidates of unit-cost
 * systems have at most n + 1 costs).
 *
 * Edge cases: a point whose value or cost is NaN is never on the front and never dominates
 * (it is left out of the comparison). ±Infinity are ordinary values. An empty input gives [].
 *
 * Source: Kung, Luccio & Preparata 1975.
 */
export function paretoFront(points: ReadonlyArray<{ cost: number; value: number }>, higherIsBetter: boolean): boolean[] {
  const cost = Float64Array.from(points, (p) => p.cost);
  const value = Float64Array.from(points, (p) => p.value);
  return Array.from(paretoFrontOf(cost, value, higherIsBetter), (on) => on === 1);
}

/**
 * {@link paretoFront} on columns: point i is (cost[i], value[i]); 1 marks the front. What a
 * search's million candidates are given as, without an object each.
 */
export function paretoFrontOf(cost: ArrayLike<number>, value: ArrayLike<number>, higherIsBetter: boolean): Uint8Array {
  const n = cost.length;
  const front = new Uint8Array(n);
  const sign = higherIsBetter ? 1 : -1; // compare on sign·value, higher is better
  // Each cost's group, by its first point's cost; points of one cost often come in runs, so the
  // group of the point before is tried first.
  const groupOf = new Map<number, number>();
  const best: number[] = [];
  const groupCost: number[] = [];
  const group = new Int32Array(n).fill(-1);
  let lastCost = Number.NaN;
  let last = -1;
  for (let i = 0; i < n; i++) {
    const c = cost[i];
    const v = value[i];
    if (Number.isNaN(c) || Number.isNaN(v)) continue;
    let gi = last;
    if (c !== lastCost) {
      const found = groupOf.get(c);
      if (found === undefined) {
        gi = best.length;
        groupOf.set(c, gi);
        best.push(-Infinity);
        groupCost.push(c);
      } else {
        gi = found;
      }
      lastCost = c;
      last = gi;
    }
    group[i] = gi;
    const g = sign * v;
    if (g > best[gi]) best[gi] = g;
  }
  // The best value at a strictly lower cost than each group's (NaN: none cheaper).
  const cheaper = new Float64Array(best.length).fill(Number.NaN);
  let bestCheaper = Number.NaN;
  for (const gi of groupCost.map((_, k) => k).sort((a, b) => groupCost[a] - groupCost[b])) {
    cheaper[gi] = bestCheaper;
    if (Number.isNaN(bestCheaper) || best[gi] > bestCheaper) bestCheaper = best[gi];
  }
  for (let i = 0; i < n; i++) {
    const gi = group[i];
    if (gi < 0) continue;
    const g = sign * value[i];
    const below = cheaper[gi];
    front[i] = g === best[gi] && (Number.isNaN(below) || g > below) ? 1 : 0;
  }
  return front;
}
