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
 * Algorithm: sort by cost, then best value first; sweep groups of equal cost keeping the best
 * value seen at a strictly lower cost. A point is on the front when its value is the best of its
 * cost group and strictly better than every cheaper point's. O(n log n).
 *
 * Edge cases: a point whose value or cost is NaN is never on the front and never dominates
 * (it is left out of the comparison). ±Infinity are ordinary values. An empty input gives [].
 *
 * Source: Kung, Luccio & Preparata 1975.
 */
export function paretoFront(points: ReadonlyArray<{ cost: number; value: number }>, higherIsBetter: boolean): boolean[] {
  const n = points.length;
  const front: boolean[] = new Array<boolean>(n).fill(false);
  const sign = higherIsBetter ? 1 : -1; // compare on sign·value, higher is better
  const order: number[] = [];
  for (let i = 0; i < n; i++) if (!Number.isNaN(points[i].cost) && !Number.isNaN(points[i].value)) order.push(i);
  const cost = (i: number) => points[i].cost;
  const good = (i: number) => sign * points[i].value;
  order.sort((i, j) => (cost(i) < cost(j) ? -1 : cost(i) > cost(j) ? 1 : good(j) - good(i) || i - j));
  let bestCheaper = -Infinity;
  let cheaperSeen = false;
  for (let start = 0; start < order.length;) {
    const c = cost(order[start]);
    let end = start + 1;
    while (end < order.length && cost(order[end]) === c) end++;
    const groupBest = good(order[start]); // sorted best first within the group
    for (let i = start; i < end; i++) {
      const g = good(order[i]);
      front[order[i]] = g === groupBest && (!cheaperSeen || g > bestCheaper);
    }
    if (!cheaperSeen || groupBest > bestCheaper) bestCheaper = groupBest;
    cheaperSeen = true;
    start = end;
  }
  return front;
}
