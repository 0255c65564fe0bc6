/**
 * The pairwise maximum-entropy distribution of member votes: the least committal joint
 * distribution of k binary indicators (member m returns the item) that has the given one- and
 * two-member counts, and the number of items it gives each number of votes.
 *
 * **Model.** Over a population of N items, let x ∈ {0,1}^k say which members return an item. Of
 * all distributions whose counts agree with the singles c_m = #{x_m = 1} and the pairs
 * c_ab = #{x_a = 1, x_b = 1}, the one of maximum entropy (Jaynes 1957) is the log-linear model
 * with all two-factor interactions,
 *   n(x) = exp(h₀ + Σ_m h_m x_m + Σ_{a<b} J_ab x_a x_b),
 * the quadratic exponential family of Cox (1972) — an Ising model of the members. Its
 * sufficient statistics are exactly the one- and two-way margins, so it is fixed by the
 * pairwise statistics alone and uses nothing about any triple of members. With k = 2 it is the
 * pair's own 2×2 table, so pairs are reproduced exactly.
 *
 * **Fitting** is iterative proportional fitting (Deming and Stephan 1940; its convergence to the
 * maximum-entropy solution, Darroch and Ratcliff 1972) over the 2^k patterns: starting from
 * independent members, each pair's 2×2 margin is scaled in turn to its target until every cell
 * is within {@link TOLERANCE}·N of it. Cells whose target is 0 stay 0, so a member that returns
 * nothing, or every item, is fitted as such.
 *
 * **More than {@link EXACT_MEMBERS} members.** 2^k patterns grow too fast, so the members are
 * cut into consecutive blocks of at most {@link EXACT_MEMBERS}, each block's vote distribution
 * is fitted exactly as above, and blocks are joined one at a time: the joint distribution of
 * the votes U of the members joined so far and V of the next block is the maximum-entropy one
 * with both marginals and with E[U·V] = Σ_{a in the first, b in the second} c_ab / N, namely
 * p(u, v) = r_u·s_v·e^{λuv} (Sinkhorn scaling for r and s, a root of the moment in λ; a moment
 * so extreme that λ would leave a well-conditioned range is met by mixing with the monotone
 * coupling, the limit λ → ±∞). The blocks' internal pairs are matched exactly and the pairs
 * across blocks in total.
 *
 * **Edge cases.** N = 0 gives all-zero counts. The targets of real data are always feasible
 * (N ≥ c_a + c_b − c_ab); when a join's cross moment cannot be reached with the blocks'
 * marginals, λ stops at the bound nearest to it.
 *
 * References: E. T. Jaynes, Information theory and statistical mechanics, Phys. Rev. 106 (1957);
 * D. R. Cox, The analysis of multivariate binary data, Appl. Stat. 21 (1972); W. E. Deming and
 * F. F. Stephan, Ann. Math. Stat. 11 (1940); J. N. Darroch and D. Ratcliff, Ann. Math. Stat. 43
 * (1972); the second-order expansion of dependent binary votes is Bahadur's (1961); on majority
 * votes of dependent classifiers, L. I. Kuncheva et al., Limits on the majority vote accuracy in
 * classifier fusion, Pattern Anal. Appl. 6 (2003). Pairwise maximum-entropy models of many
 * correlated binary units: E. Schneidman et al., Nature 440 (2006).
 */

/** Largest number of members fitted over all their 2^k patterns at once. */
export const EXACT_MEMBERS = 6;
/** IPF stops when every pair cell is within TOLERANCE·N of its target. */
export const TOLERANCE = 1e-5;
const MAX_ITERATIONS = 2000;

const POPCOUNT = new Uint8Array(1 << EXACT_MEMBERS);
for (let x = 1; x < POPCOUNT.length; x++) POPCOUNT[x] = POPCOUNT[x >> 1] + (x & 1);

/** Scratch tables for the fit, one per number of members. */
const scratch: Float64Array[] = [];

/**
 * Vote counts of the pairwise maximum-entropy model: out[v] = the expected number of the N items
 * returned by exactly v of the k members (v = 0..k; Σ out = N).
 * @param single c_m, length k.
 * @param pair c_ab, k×k row-major (only a < b is read).
 */
export function maxEntVotes(N: number, single: ArrayLike<number>, pair: ArrayLike<number>): Float64Array {
  const k = single.length;
  if (k <= EXACT_MEMBERS) return exactVotes(N, single, pair, 0, k);
  const blocks = Math.ceil(k / EXACT_MEMBERS);
  let from = 0;
  let joined: Float64Array | undefined;
  for (let b = 0; b < blocks; b++) {
    const to = from + Math.round((k - from) / (blocks - b));
    const votes = exactVotes(N, single, pair, from, to);
    if (joined === undefined) {
      joined = votes;
    } else {
      let cross = 0;
      for (let a = 0; a < from; a++) for (let c = from; c < to; c++) cross += pair[a * k + c];
      joined = joinVotes(joined, votes, N, cross);
    }
    from = to;
  }
  return joined!;
}

/** The exact fit over members from..to−1 (at most {@link EXACT_MEMBERS}) of the k. */
function exactVotes(N: number, single: ArrayLike<number>, pair: ArrayLike<number>, from: number, to: number): Float64Array {
  const k = to - from;
  const out = new Float64Array(k + 1);
  if (!(N > 0)) return out;
  const p = fitPatterns(N, single, pair, from, to, (scratch[k] ??= new Float64Array(1 << k)));
  for (let x = 0; x < p.length; x++) out[POPCOUNT[x]] += p[x];
  return out;
}

/**
 * The fitted counts of every member pattern (at most {@link EXACT_MEMBERS} members): out[x] is
 * the expected number of the N items returned by exactly the members whose bits x has.
 */
export function maxEntPatterns(N: number, single: ArrayLike<number>, pair: ArrayLike<number>): Float64Array {
  const k = single.length;
  if (k > EXACT_MEMBERS) throw new RangeError(`at most ${EXACT_MEMBERS} members, got ${k}`);
  const out = new Float64Array(1 << k);
  return N > 0 ? fitPatterns(N, single, pair, 0, k, out) : out;
}

/** Iterative proportional fitting of the members from..to−1 into `p` (length 2^(to−from)). */
function fitPatterns(N: number, single: ArrayLike<number>, pair: ArrayLike<number>, from: number, to: number, p: Float64Array): Float64Array {
  const k = to - from;
  const K = single.length;
  const states = 1 << k;
  p.fill(N);
  for (let m = 0; m < k; m++) {
    const q = Math.min(1, Math.max(0, single[from + m] / N));
    for (let x = 0; x < states; x++) p[x] *= (x >> m) & 1 ? q : 1 - q;
  }
  const tol = TOLERANCE * N;
  for (let it = 0; it < MAX_ITERATIONS && k > 1; it++) {
    let worst = 0;
    for (let a = 0; a < k; a++) {
      const ma = 1 << a;
      const ca = single[from + a];
      for (let b = a + 1; b < k; b++) {
        const mb = 1 << b;
        let s00 = 0;
        let s10 = 0;
        let s01 = 0;
        let s11 = 0;
        for (let x = 0; x < states; x++) {
          const v = p[x];
          if (x & ma) {
            if (x & mb) s11 += v;
            else s10 += v;
          } else if (x & mb) s01 += v;
          else s00 += v;
        }
        const t11 = pair[(from + a) * K + from + b];
        const t10 = ca - t11;
        const t01 = single[from + b] - t11;
        const t00 = N - ca - single[from + b] + t11;
        worst = Math.max(worst, Math.abs(s11 - t11), Math.abs(s10 - t10), Math.abs(s01 - t01));
        const f11 = ratio(t11, s11);
        const f10 = ratio(t10, s10);
        const f01 = ratio(t01, s01);
        const f00 = ratio(t00, s00);
        for (let x = 0; x < states; x++) p[x] *= x & ma ? (x & mb ? f11 : f10) : x & mb ? f01 : f00;
      }
    }
    if (worst <= tol) break;
  }
  return p;
}

function ratio(target: number, current: number): number {
  return current > 0 ? Math.max(0, target) / current : 0;
}

/**
 * The distribution of U + V under the maximum-entropy joint of U ~ f and V ~ g (counts over
 * 0..len−1, each summing to N) with Σ u·v·p(u, v) = cross; `allowed(u, v)` may rule cells out.
 * Returns the joint as a (|f|)×(|g|) row-major table of counts.
 */
export function tiltedJoint(f: ArrayLike<number>, g: ArrayLike<number>, N: number, cross: number, allowed?: (u: number, v: number) => boolean): Float64Array {
  const A = f.length;
  const B = g.length;
  const joint = new Float64Array(A * B);
  if (!(N > 0)) return joint;
  const mask = new Uint8Array(A * B).fill(1);
  if (allowed !== undefined) for (let u = 0; u < A; u++) for (let v = 0; v < B; v++) mask[u * B + v] = allowed(u, v) ? 1 : 0;
  const r = new Float64Array(A);
  const s = new Float64Array(B);
  const e = new Float64Array(A * B);
  const scale = Math.max(1, (A - 1) * (B - 1));
  // Sinkhorn scaling of e(u,v) = exp(λ·uv/scale) to the marginals; returns E[UV] (as a count).
  const fit = (lambda: number): number => {
    for (let u = 0; u < A; u++) for (let v = 0; v < B; v++) e[u * B + v] = mask[u * B + v] ? Math.exp((lambda * u * v) / scale) : 0;
    s.fill(1);
    for (let it = 0; it < 2000; it++) {
      for (let u = 0; u < A; u++) {
        let z = 0;
        for (let v = 0; v < B; v++) z += s[v] * e[u * B + v];
        r[u] = z > 0 ? f[u] / z : 0;
      }
      let worst = 0;
      for (let v = 0; v < B; v++) {
        let z = 0;
        for (let u = 0; u < A; u++) z += r[u] * e[u * B + v];
        const next = z > 0 ? g[v] / z : 0;
        worst = Math.max(worst, Math.abs(next * z - s[v] * z));
        s[v] = next;
      }
      if (worst <= TOLERANCE * N) break;
    }
    let m = 0;
    for (let u = 0; u < A; u++) {
      for (let v = 0; v < B; v++) {
        const c = r[u] * s[v] * e[u * B + v];
        joint[u * B + v] = c;
        m += u * v * c;
      }
    }
    return m;
  };
  // E[UV] increases with λ. Within ±BOUND, regula falsi (Illinois) on λ; a moment beyond what
  // λ = ±BOUND reaches is met by mixing that joint with the monotone coupling of the same
  // marginals (a mixture keeps both marginals, and its moment is linear in the weight).
  const at = (lambda: number) => {
    const m = fit(lambda);
    return { m, joint: Float64Array.from(joint) };
  };
  // With cells ruled out, the monotone couplings may use them: the bound's joint is kept.
  const lo = at(-BOUND);
  if (cross <= lo.m) return allowed === undefined ? mixTowards(lo.joint, lo.m, monotoneCoupling(f, g, false), cross, A, B) : lo.joint;
  const hi = at(BOUND);
  if (cross >= hi.m) return allowed === undefined ? mixTowards(hi.joint, hi.m, monotoneCoupling(f, g, true), cross, A, B) : hi.joint;
  let a = -BOUND;
  let b = BOUND;
  let fa = lo.m - cross;
  let fb = hi.m - cross;
  let side = 0;
  for (let it = 0; it < 100 && fb > fa; it++) {
    const x = (a * fb - b * fa) / (fb - fa);
    const fx = fit(x) - cross;
    if (Math.abs(fx) <= TOLERANCE * N || b - a < 1e-12) break;
    if (fx > 0) {
      b = x;
      fb = fx;
      if (side === 1) fa /= 2;
      side = 1;
    } else {
      a = x;
      fa = fx;
      if (side === -1) fb /= 2;
      side = -1;
    }
  }
  return joint;
}

/** The range of λ searched (on the scale of uv/((|f|−1)(|g|−1))), where Sinkhorn scaling stays well conditioned. */
const BOUND = 30;

/**
 * The comonotone (`increasing`) or antitone coupling of f and g (north-west corner rule on the
 * quantiles): the joint with these marginals of largest, or smallest, E[UV].
 */
function monotoneCoupling(f: ArrayLike<number>, g: ArrayLike<number>, increasing: boolean): Float64Array {
  const A = f.length;
  const B = g.length;
  const out = new Float64Array(A * B);
  const restF = Array.from(f);
  const restG = Array.from(g);
  let u = 0;
  let j = 0;
  while (u < A && j < B) {
    const v = increasing ? j : B - 1 - j;
    const take = Math.min(restF[u], restG[v]);
    if (take > 0) out[u * B + v] += take;
    restF[u] -= take;
    restG[v] -= take;
    if (restF[u] <= 0) u++;
    else j++;
  }
  return out;
}

/** The mixture of `joint` (moment m) and `extreme` that has moment `cross` (or `extreme` itself when it cannot). */
function mixTowards(joint: Float64Array, m: number, extreme: Float64Array, cross: number, A: number, B: number): Float64Array {
  let me = 0;
  for (let u = 0; u < A; u++) for (let v = 0; v < B; v++) me += u * v * extreme[u * B + v];
  const w = me === m ? 1 : Math.min(1, Math.max(0, (cross - m) / (me - m)));
  const out = new Float64Array(A * B);
  for (let i = 0; i < out.length; i++) out[i] = (1 - w) * joint[i] + w * extreme[i];
  return out;
}

/** Joins two vote distributions (see the module comment): the distribution of U + V. */
function joinVotes(f: Float64Array, g: Float64Array, N: number, cross: number): Float64Array {
  const joint = tiltedJoint(f, g, N, cross);
  const out = new Float64Array(f.length + g.length - 1);
  for (let u = 0; u < f.length; u++) for (let v = 0; v < g.length; v++) out[u + v] += joint[u * g.length + v];
  return out;
}
