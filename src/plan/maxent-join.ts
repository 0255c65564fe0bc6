/**
 * Joining one member onto a fitted vote distribution: the maximum-entropy distribution of the
 * votes after member x joins, given the distribution before it and x's pairwise statistics with
 * the members already there — a step of O(cells) per Newton iteration, not a refit.
 *
 * **Model.** Let the members joined so far have a distribution J over cells c (a vote count u,
 * or the pair (u, d) of gold and wrong votes at a gold boundary), and let member x take one of a
 * few states s (binary: returns the item or not; typed: votes the gold label, another label, or
 * nothing). Of all joints of (cell, state) whose cell margin is J, with x's count n_s in each
 * state and the moments Σ_c J(c)·P(s|c)·φ(c) = m_s (the sum, over the members a already there,
 * of the pair counts of x in state s with a — e.g. Σ_a |TP_a ∩ TP_x|), the one of maximum
 * entropy is P(s|c) ∝ exp(α_s + β_s·φ(c)) (a multinomial logit in the cell's coordinates), and
 * the joined distribution moves each cell's mass J(c)·P(s|c) one step along state s.
 * It matches x's own count and, summed over the members already there, its pair counts, so the
 * joined vote count keeps the first two moments that the full pairwise model has (mean Σ_m c_m,
 * second factorial moment 2·Σ_{a<b} c_ab); with one member already there, it is that pair's
 * exact table. It does not keep *which* members x agrees with (only how many votes it meets),
 * so a chain of joins is cheaper than, and not the same as, the full pairwise fit of
 * src/plan/maxent.ts.
 *
 * **Fitting.** The dual, Σ_c J(c)·log Σ_s exp(α_s + β_s·φ(c)) − Σ_s (α_s n_s + β_s·m_s), is
 * convex; Newton's method with a backtracking line search from the independent join (β = 0),
 * until every target is met within {@link JOIN_TOLERANCE}·N or after {@link JOIN_ITERATIONS}
 * steps. Targets at the edge of what J allows (x only where every member votes, say) are
 * approached, not reached: the line search keeps each step an improvement.
 *
 * **Edge cases.** N = 0 gives all-zero counts; a state x never takes (n_s = 0) gets no mass.
 */

/** Newton stops when every count and moment is within this share of N. */
export const JOIN_TOLERANCE = 1e-5;
/** Newton steps at most. */
export const JOIN_ITERATIONS = 20;

/**
 * The conditional state probabilities P(s | c) of the maximum-entropy join (see the module
 * comment), written into `out` (cells × states, row-major).
 * @param weights J(c), the cells' counts (summing to N).
 * @param features φ(c), cells × F row-major (F coordinates per cell, scaled to about [0, 1]).
 * @param counts n_s per state (summing to N).
 * @param moments m_s, states × F row-major.
 */
export function joinConditionals(weights: ArrayLike<number>, features: ArrayLike<number>, F: number, counts: ArrayLike<number>, moments: ArrayLike<number>, out: Float64Array): Float64Array {
  const cells = weights.length;
  const S = counts.length;
  let N = 0;
  for (let c = 0; c < cells; c++) N += weights[c];
  out.fill(0);
  if (!(N > 0)) return out;
  // The reference state (largest count) has parameters 0; the others are free.
  let ref = 0;
  for (let s = 1; s < S; s++) if (counts[s] > counts[ref]) ref = s;
  const free: number[] = [];
  for (let s = 0; s < S; s++) if (s !== ref && counts[s] > 0) free.push(s);
  const P = 1 + F;
  const D = free.length * P;
  const theta = new Float64Array(D);
  free.forEach((s, i) => (theta[i * P] = Math.log(counts[s] / counts[ref])));
  const target = new Float64Array(D);
  free.forEach((s, i) => {
    target[i * P] = counts[s];
    for (let f = 0; f < F; f++) target[i * P + 1 + f] = moments[s * F + f];
  });
  const grad = new Float64Array(D);
  const hess = new Float64Array(D * D);
  const step = new Float64Array(D);
  const trial = new Float64Array(D);
  const psi = new Float64Array(P);
  const prob = new Float64Array(free.length);
  /** The dual objective at t; with `derive`, its gradient and Hessian too. */
  const dual = (t: Float64Array, derive: boolean): number => {
    let value = 0;
    if (derive) {
      grad.fill(0);
      hess.fill(0);
    }
    psi[0] = 1;
    for (let c = 0; c < cells; c++) {
      const w = weights[c];
      if (w <= 0) continue;
      for (let f = 0; f < F; f++) psi[1 + f] = features[c * F + f];
      // log Σ exp with the reference's 0, stabilised by the largest exponent.
      let top = 0;
      for (let i = 0; i < free.length; i++) {
        let e = 0;
        for (let j = 0; j < P; j++) e += t[i * P + j] * psi[j];
        prob[i] = e;
        if (e > top) top = e;
      }
      let z = Math.exp(-top);
      for (let i = 0; i < free.length; i++) z += (prob[i] = Math.exp(prob[i] - top));
      value += w * (top + Math.log(z));
      if (!derive) continue;
      for (let i = 0; i < free.length; i++) prob[i] /= z;
      for (let i = 0; i < free.length; i++) {
        for (let a = 0; a < P; a++) {
          grad[i * P + a] += w * prob[i] * psi[a];
          for (let j = 0; j < free.length; j++) {
            const cov = (i === j ? prob[i] : 0) - prob[i] * prob[j];
            if (cov === 0) continue;
            for (let b = 0; b < P; b++) hess[(i * P + a) * D + j * P + b] += w * cov * psi[a] * psi[b];
          }
        }
      }
    }
    for (let d = 0; d < D; d++) value -= t[d] * target[d];
    if (derive) for (let d = 0; d < D; d++) grad[d] -= target[d];
    return value;
  };
  const tol = JOIN_TOLERANCE * N;
  let value = dual(theta, true);
  for (let it = 0; it < JOIN_ITERATIONS && D > 0; it++) {
    let worst = 0;
    for (let d = 0; d < D; d++) worst = Math.max(worst, Math.abs(grad[d]));
    if (worst <= tol) break;
    for (let d = 0; d < D; d++) {
      step[d] = -grad[d];
      hess[d * D + d] += 1e-12 * N;
    }
    if (!solve(hess, step, D)) for (let d = 0; d < D; d++) step[d] = -grad[d] / N;
    let slope = 0;
    for (let d = 0; d < D; d++) slope += step[d] * grad[d];
    if (!(slope < 0)) break;
    let scale = 1;
    let next = Infinity;
    for (let back = 0; back < 30; back++, scale /= 2) {
      for (let d = 0; d < D; d++) trial[d] = theta[d] + scale * step[d];
      next = dual(trial, false);
      if (next <= value + 1e-4 * scale * slope) break;
    }
    if (!(next < value)) break;
    theta.set(trial);
    value = dual(theta, true);
  }
  // The conditionals at the fitted parameters.
  psi[0] = 1;
  for (let c = 0; c < cells; c++) {
    for (let f = 0; f < F; f++) psi[1 + f] = features[c * F + f];
    let top = 0;
    for (let i = 0; i < free.length; i++) {
      let e = 0;
      for (let j = 0; j < P; j++) e += theta[i * P + j] * psi[j];
      prob[i] = e;
      if (e > top) top = e;
    }
    let z = Math.exp(-top);
    for (let i = 0; i < free.length; i++) z += (prob[i] = Math.exp(prob[i] - top));
    out[c * S + ref] = Math.exp(-top) / z;
    free.forEach((s, i) => (out[c * S + s] = prob[i] / z));
  }
  return out;
}

/** Solves A·x = b in place (x into b) by Gaussian elimination with partial pivoting; false when singular. */
function solve(A: Float64Array, b: Float64Array, D: number): boolean {
  for (let col = 0; col < D; col++) {
    let piv = col;
    for (let r = col + 1; r < D; r++) if (Math.abs(A[r * D + col]) > Math.abs(A[piv * D + col])) piv = r;
    const p = A[piv * D + col];
    if (!(Math.abs(p) > 1e-300)) return false;
    if (piv !== col) {
      for (let c = 0; c < D; c++) [A[col * D + c], A[piv * D + c]] = [A[piv * D + c], A[col * D + c]];
      [b[col], b[piv]] = [b[piv], b[col]];
    }
    for (let r = col + 1; r < D; r++) {
      const f = A[r * D + col] / p;
      if (f === 0) continue;
      for (let c = col; c < D; c++) A[r * D + c] -= f * A[col * D + c];
      b[r] -= f * b[col];
    }
  }
  for (let r = D - 1; r >= 0; r--) {
    let s = b[r];
    for (let c = r + 1; c < D; c++) s -= A[r * D + c] * b[c];
    b[r] = s / A[r * D + r];
  }
  return true;
}

/**
 * The vote counts after one binary member joins: `hist[u]` items had u votes (u = 0..k; Σ = N);
 * the member returns `count` of them, `cross` = Σ over the members already there of its pair
 * counts with them. Returns counts over 0..k+1 (Σ = N).
 */
export function joinBinary(hist: ArrayLike<number>, count: number, cross: number): Float64Array {
  const cells = hist.length;
  const k = cells - 1;
  let N = 0;
  for (let u = 0; u < cells; u++) N += hist[u];
  const out = new Float64Array(cells + 1);
  if (!(N > 0)) return out;
  const c = Math.min(N, Math.max(0, count));
  const features = new Float64Array(cells);
  for (let u = 0; u < cells; u++) features[u] = u / Math.max(1, k);
  const cond = joinConditionals(hist, features, 1, [N - c, c], [0, Math.max(0, cross) / Math.max(1, k)], new Float64Array(cells * 2));
  for (let u = 0; u < cells; u++) {
    out[u] += hist[u] * cond[u * 2];
    out[u + 1] += hist[u] * cond[u * 2 + 1];
  }
  return out;
}

/**
 * The joint (gold votes u, wrong votes d) at gold boundaries after one member joins, from the
 * joint of k members (`joint[u·(k+1) + d]`, u + d ≤ k, Σ = N): the member votes the gold label
 * at `gold` boundaries and another label at `wrong` ones; `crossGold` = (Σ_a |C_a∩C_x|,
 * Σ_a |W_a∩C_x|) and `crossWrong` = (Σ_a |C_a∩W_x|, Σ_a |W_a∩W_x|) over the members a already
 * there. Returns the (k+2)×(k+2) joint.
 */
export function joinTyped(joint: ArrayLike<number>, k: number, gold: number, wrong: number, crossGold: readonly [number, number], crossWrong: readonly [number, number]): Float64Array {
  const side = k + 1;
  const out = new Float64Array((side + 1) * (side + 1));
  const cells: number[] = [];
  let N = 0;
  for (let u = 0; u <= k; u++) for (let d = 0; u + d <= k; d++) if (joint[u * side + d] > 0) { cells.push(u * side + d); N += joint[u * side + d]; }
  if (!(N > 0)) return out;
  const g = Math.min(N, Math.max(0, gold));
  const w = Math.min(N - g, Math.max(0, wrong));
  const weights = new Float64Array(cells.length);
  const features = new Float64Array(cells.length * 2);
  const scale = Math.max(1, k);
  cells.forEach((cell, i) => {
    weights[i] = joint[cell];
    features[2 * i] = Math.floor(cell / side) / scale;
    features[2 * i + 1] = (cell % side) / scale;
  });
  // States: 0 nothing, 1 gold label, 2 another label.
  const moments = [0, 0, Math.max(0, crossGold[0]) / scale, Math.max(0, crossGold[1]) / scale, Math.max(0, crossWrong[0]) / scale, Math.max(0, crossWrong[1]) / scale];
  const cond = joinConditionals(weights, features, 2, [N - g - w, g, w], moments, new Float64Array(cells.length * 3));
  const next = side + 1;
  cells.forEach((cell, i) => {
    const u = Math.floor(cell / side);
    const d = cell % side;
    const m = weights[i];
    out[u * next + d] += m * cond[i * 3];
    out[(u + 1) * next + d] += m * cond[i * 3 + 1];
    out[u * next + d + 1] += m * cond[i * 3 + 2];
  });
  return out;
}
