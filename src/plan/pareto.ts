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
  const n = points.length;
  const front: boolean[] = new Array<boolean>(n).fill(false);
  const sign = higherIsBetter ? 1 : -1; // compare on sign·value, higher is better
  const groupBest = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const { cost, value } = points[i];
    if (Number.isNaN(cost) || Number.isNaN(value)) continue;
    const g = sign * value;
    const best = groupBest.get(cost);
    if (best === undefined || g > best) groupBest.set(cost, g);
  }
  // The best value at a strictly lower cost than each cost (absent: none cheaper).
  const cheaper = new Map<number, number>();
  let bestCheaper: number | undefined;
  for (const c of [...groupBest.keys()].sort((a, b) => a - b)) {
    if (bestCheaper !== undefined) cheaper.set(c, bestCheaper);
    const g = groupBest.get(c)!;
    if (bestCheaper === undefined || g > bestCheaper) bestCheaper = g;
  }
  for (let i = 0; i < n; i++) {
    const { cost, value } = points[i];
    if (Number.isNaN(cost) || Number.isNaN(value)) continue;
    const g = sign * value;
    const below = cheaper.get(cost);
    front[i] = g === groupBest.get(cost) && (below === undefined || g > below);
  }
  return front;
}
