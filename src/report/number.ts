/**
 * Number formatting shared by every renderer. `fixed` rounds like C's printf (which conlleval's
 * `%.2f` uses): to nearest, and on an exact binary tie to even — where JavaScript's toFixed would
 * round up. Undefined values (null, NaN) print as an em dash; infinities as ∞.
 */

export const UNDEFINED = '—';

/** `x` with `digits` decimals, rounded as C printf rounds. */
export function fixed(x: number | null | undefined, digits = 2): string {
  if (x === null || x === undefined || Number.isNaN(x)) return UNDEFINED;
  if (!Number.isFinite(x)) return x > 0 ? '∞' : '-∞';
  const s = x.toFixed(digits);
  // toFixed rounds an exact tie away from zero; C rounds it to even. Detect exact ties from the
  // exact decimal expansion of the double (toFixed(100) is exact for doubles of ordinary size).
  const exact = Math.abs(x).toFixed(100);
  const dot = exact.indexOf('.');
  const tail = exact.slice(dot + 1 + digits);
  if (/^50*$/.test(tail)) {
    const lastKept = Number(exact[dot + digits === dot ? dot - 1 : dot + digits]);
    if (lastKept % 2 === 0) {
      const down = (Math.sign(x) * (Math.trunc(Math.abs(x) * 10 ** digits) / 10 ** digits)).toFixed(digits);
      return down;
    }
  }
  return /^-0\.?0*$/.test(s) ? s.slice(1) : s; // no "-0.00"
}

/**
 * A value of an objective that is not a rate (an expression such as `tp - fp`): a whole number
 * without decimals (172, not 172.0000: counts are whole), any other with four (0.9672, 33.4000).
 */
export function expressionValue(x: number | null | undefined): string {
  return typeof x === 'number' && Number.isInteger(x) ? fixed(x, 0) : fixed(x, 4);
}

/**
 * A fraction as a percentage with `digits` decimals (92.78 for 0.9278); `—` when undefined, an
 * infinite rate (SER with errors and no gold item) too.
 */
export function percent(x: number | null | undefined, digits = 2): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return UNDEFINED;
  return fixed(x * 100, digits);
}

/** conlleval's percentage of a ratio: computed as 100*num/den, exactly as conlleval does. */
export function conllevalPercent(num: number, den: number): number {
  return den === 0 ? 0 : (100 * num) / den;
}

/** For JSON: finite numbers as they are, anything else (NaN, ±∞) as null. */
export function jsonNumber(x: number | null | undefined): number | null {
  return x === null || x === undefined || !Number.isFinite(x) ? null : x;
}

/** Thresholds a p-value is read against (markers †, ‡ and the default alpha): rounding never crosses them. */
const P_THRESHOLDS = [0.05, 0.01];

/**
 * A p-value as every table and verdict shows it: two decimals from 0.1 (0.46), three below
 * (0.055), and "< 0.001" below that — a resampling test of N samples resolves p to 1/(N + 1), so
 * more digits would show noise; "—" when p is not a number (every resample undefined). A p just
 * under 0.05 or 0.01 that three decimals would round up to it (10/1001 = 0.00999) is cut to four
 * decimals instead (0.0099), so the figure stays on the side of the threshold that p is on. A p
 * that rounding would show below itself and that a digit or two more give exactly, as
 * randomization's k/2^n often is, is shown exactly (1/16 is 0.0625, not 0.062, beside a note that
 * p cannot fall below 1/16; 1/32 is 0.03125).
 */
export function pText(p: number): string {
  if (!Number.isFinite(p)) return UNDEFINED;
  if (p < 0.001) return '< 0.001';
  const three = fixed(p, 3);
  // Shown with `digits` decimals, or, for an exact k/2^n (randomization's), exactly with up to two
  // more where that would round p down.
  const shown = (digits: number) => {
    const s = fixed(p, digits);
    if (Number(s) >= p || !Number.isInteger(p * 2 ** 24)) return s;
    for (const d of [digits + 1, digits + 2]) if (Number(p.toFixed(d)) === p) return p.toFixed(d);
    return s;
  };
  if (Number(three) >= 0.1) return shown(2);
  if (P_THRESHOLDS.some((t) => p < t && Number(three) >= t)) return (Math.floor(p * 1e4) / 1e4).toFixed(4);
  return shown(3);
}

/** "p = 0.012", or "p < 0.001": a p-value in a sentence. */
export function pIs(p: number): string {
  const t = pText(p);
  return t.startsWith('<') ? `p ${t}` : `p = ${t}`;
}
