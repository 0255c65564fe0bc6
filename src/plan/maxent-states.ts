/**
 * The pairwise maximum-entropy distribution of what members vote at a gold boundary, when each
 * member does one of three things there: returns the gold label (C), returns another label (W),
 * or returns nothing (O). It is the three-state counterpart of the binary model of
 * src/plan/maxent.ts (a Potts rather than an Ising model): of all distributions over the 3^k
 * member states with the members' counts |C_m| and |W_m| and, for every pair, the four counts
 * |C_a∩C_b|, |C_a∩W_b|, |W_a∩C_b| and |W_a∩W_b|, the one of maximum entropy, namely
 *   n(x) = exp(h₀ + Σ_m h_m(x_m) + Σ_{a<b} J_ab(x_a, x_b)),
 * fitted by iterative proportional fitting of each pair's 3×3 table (Deming and Stephan 1940;
 * Darroch and Ratcliff 1972) from independent members. It knows which members vote which way,
 * so a weighted vote, or a tie broken by the best-ranked member, can be decided state by state.
 *
 * **Edge cases.** N = 0 gives all-zero counts. A member that gives one boundary two labels
 * (possible with span input, never with BIO) counts there as C; the pair targets are then kept
 * within what the singles allow, and fitting stops after {@link MAX_SWEEPS} sweeps if they
 * cannot all be met. At most {@link EXACT_MEMBERS} members (3^6 = 729 states).
 */
import { EXACT_MEMBERS, TOLERANCE } from './maxent.js';

/** A state's digit for member m (base 3, member 0 lowest): 0 = O, 1 = C, 2 = W. */
export const O = 0;
export const C = 1;
export const W = 2;

const MAX_SWEEPS = 2000;

/** digits[k][x·k + m] = member m's state in state x, for k members. */
const digitTables: Uint8Array[] = [];

/** The member states of every one of the 3^k states (x·k + m). */
export function stateDigits(k: number): Uint8Array {
  let d = digitTables[k];
  if (d === undefined) {
    const states = 3 ** k;
    d = new Uint8Array(states * k);
    for (let x = 0; x < states; x++) {
      let r = x;
      for (let m = 0; m < k; m++) {
        d[x * k + m] = r % 3;
        r = Math.floor(r / 3);
      }
    }
    digitTables[k] = d;
  }
  return d;
}

/**
 * Fitted counts of the 3^k member states over N gold boundaries.
 * @param c |C_m|, length k.
 * @param w |W_m| (boundaries where m returns another label and not the gold one), length k.
 * @param cc |C_a∩C_b|, k×k row-major (a < b read).
 * @param cw |C_a∩W_b|, k×k row-major (a ≠ b read).
 * @param ww |W_a∩W_b|, k×k row-major (a < b read).
 */
export function maxEntStates(
  N: number,
  c: ArrayLike<number>,
  w: ArrayLike<number>,
  cc: ArrayLike<number>,
  cw: ArrayLike<number>,
  ww: ArrayLike<number>,
): Float64Array {
  const k = c.length;
  if (k > EXACT_MEMBERS) throw new RangeError(`at most ${EXACT_MEMBERS} members, got ${k}`);
  const states = 3 ** k;
  const p = new Float64Array(states);
  if (!(N > 0)) return p;
  const digits = stateDigits(k);
  const q = new Float64Array(3 * k);
  for (let m = 0; m < k; m++) {
    const pc = clamp01(c[m] / N);
    const pw = Math.min(1 - pc, clamp01(w[m] / N));
    q[3 * m + C] = pc;
    q[3 * m + W] = pw;
    q[3 * m + O] = 1 - pc - pw;
  }
  for (let x = 0; x < states; x++) {
    let v = N;
    for (let m = 0; m < k; m++) v *= q[3 * m + digits[x * k + m]];
    p[x] = v;
  }
  // Pair targets: the 3×3 table of (state of a, state of b), rows and columns O, C, W.
  const targets = new Float64Array(k * k * 9);
  for (let a = 0; a < k; a++) {
    for (let b = a + 1; b < k; b++) {
      const t = targets.subarray((a * k + b) * 9, (a * k + b) * 9 + 9);
      const ca = N * q[3 * a + C];
      const wa = N * q[3 * a + W];
      const cb = N * q[3 * b + C];
      const wb = N * q[3 * b + W];
      const tCC = fit(cc[a * k + b], ca, cb);
      const tCW = fit(cw[a * k + b], ca - tCC, wb);
      const tWC = fit(cw[b * k + a], wa, cb - tCC);
      const tWW = fit(ww[a * k + b], wa - tWC, wb - tCW);
      t[C * 3 + C] = tCC;
      t[C * 3 + W] = tCW;
      t[W * 3 + C] = tWC;
      t[W * 3 + W] = tWW;
      t[C * 3 + O] = ca - tCC - tCW;
      t[W * 3 + O] = wa - tWC - tWW;
      t[O * 3 + C] = cb - tCC - tWC;
      t[O * 3 + W] = wb - tCW - tWW;
      t[O * 3 + O] = Math.max(0, N - ca - wa - cb - wb + tCC + tCW + tWC + tWW);
    }
  }
  const sums = new Float64Array(9);
  const tol = TOLERANCE * N;
  for (let sweep = 0; sweep < MAX_SWEEPS && k > 1; sweep++) {
    let worst = 0;
    for (let a = 0; a < k; a++) {
      for (let b = a + 1; b < k; b++) {
        const t = targets.subarray((a * k + b) * 9, (a * k + b) * 9 + 9);
        sums.fill(0);
        for (let x = 0; x < states; x++) sums[digits[x * k + a] * 3 + digits[x * k + b]] += p[x];
        for (let i = 0; i < 9; i++) {
          worst = Math.max(worst, Math.abs(sums[i] - t[i]));
          sums[i] = sums[i] > 0 ? Math.max(0, t[i]) / sums[i] : 0;
        }
        for (let x = 0; x < states; x++) p[x] *= sums[digits[x * k + a] * 3 + digits[x * k + b]];
      }
    }
    if (worst <= tol) break;
  }
  return p;
}

function clamp01(x: number): number {
  return x > 0 ? Math.min(1, x) : 0;
}

/** A pair count kept within [0, min(first, second)] of what its two margins allow. */
function fit(target: number, first: number, second: number): number {
  return Math.max(0, Math.min(target, first, second));
}
