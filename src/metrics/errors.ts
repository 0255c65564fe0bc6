/**
 * Error measures from correct/substitution/deletion/insertion slot counts.
 *
 * Reference: J. Makhoul, F. Kubala, R. Schwartz, R. Weischedel, "Performance Measures for
 * Information Extraction", Proc. DARPA Broadcast News Workshop, 1999 (eqs. 1–11, Tables 1–2);
 * N. Chinchor, G. Dungca, "Four Scores and Seven Years Ago: The Scoring Method for MUC-6", 1995
 * (ERR).
 */
import { assertNonNegative } from './check.js';
import { prf, type ZeroDivision } from './prf.js';

/**
 * Slot counts after a one-to-one alignment of system and gold items: C correct, S substitutions,
 * D deletions (gold left unmatched), I insertions (system items left unmatched).
 * N = C + S + D reference slots, M = C + S + I hypothesis slots.
 */
export interface SlotCounts {
  c: number;
  s: number;
  d: number;
  i: number;
}

/** Per-error-type weights of the weighted SER; the default is all 1. */
export interface SerWeights {
  s: number;
  d: number;
  i: number;
}

/** E = 1 − F_β, the MUC ERR, Makhoul's SER and the weighted SER. */
export interface ErrorRates {
  e: number;
  err: number;
  ser: number;
  weightedSer: number;
}

/** The default {@link SerWeights}: every error type costs 1. */
export const DEFAULT_SER_WEIGHTS: Readonly<SerWeights> = Object.freeze({ s: 1, d: 1, i: 1 });

/**
 * x/N for the SER family: N = 0 → 0 when x = 0, else Infinity (no reference slots). The one SER
 * rule of the library: every SER, here and in the planner's scores, is computed by it.
 */
export function perReferenceSlot(errors: number, n: number): number {
  if (n === 0) return errors === 0 ? 0 : Infinity;
  return errors / n;
}

/** MUC ERR = errors/(N + I), 0 when N + I = 0 (nothing at all). */
export function perSlotSeen(errors: number, n: number, insertions: number): number {
  return n + insertions === 0 ? 0 : errors / (n + insertions);
}

/**
 * Error rates from slot counts.
 *
 * Formulas (N = C+S+D, M = C+S+I):
 * - P = C/M and R = C/N, computed by {@link prf} with TP = C, FP = S+I, FN = S+D (so the
 *   `zeroDivision` convention applies), and **E = 1 − F_β** (Makhoul eq. 7).
 * - **ERR = (S+D+I)/(N+I)** = (S+D+I)/(C+S+D+I), the MUC error measure (Makhoul eqs. 9–10).
 * - **SER = (S+D+I)/N**, the slot error rate (Makhoul eq. 11).
 * - **weightedSer = (w_s·S + w_d·D + w_i·I)/N** (Makhoul §5, "multiplying the different types of
 *   errors by different weights").
 *
 * Edge cases:
 * - N + I = 0 (nothing at all) → ERR = 0.
 * - N = 0 (no reference slots): SER = 0 when S+D+I = 0, else Infinity (only insertions, nothing to
 *   divide by); weightedSer likewise 0 when its weighted numerator is 0, else Infinity. Callers
 *   serialise Infinity as `null`.
 * - E follows `zeroDivision` (default `gerbil`): all-zero counts give E = 0 under `gerbil`/`one`
 *   and E = 1 under `zero`.
 * - Counts and weights must be finite and ≥ 0, β finite and > 0 (RangeError otherwise).
 *
 * Bounds and ordering: E, ERR ∈ [0, 1]; SER ≥ 0 and **may exceed 1** (Makhoul Table 1: a system
 * that returns nothing has ERR = SER = 1; one that also adds 0.2N insertions has ERR = 1,
 * SER = 1.2). **SER ≥ ERR ≥ E holds for every β > 0 under the `gerbil` and `one` conventions**:
 * SER ≥ ERR because N ≤ N+I. For E, F_β = (1+β²)C / ((1+β²)C + β²(S+D) + (S+I)), so
 * E = x/(C+x) with x = S + (β²D + I)/(1+β²), a convex combination of D and I added to S, hence
 * x ≤ S+D+I; as y ↦ y/(C+y) is increasing, E ≤ (S+D+I)/(C+S+D+I) = ERR. (When C = 0 and anything
 * is nonzero, E = ERR = 1 under both conventions.) The one exception is `zero` with all-zero
 * counts, where E = 1 but ERR = SER = 0.
 */
export function errorRates(
  k: SlotCounts,
  beta = 1,
  weights: SerWeights = DEFAULT_SER_WEIGHTS,
  zeroDivision: ZeroDivision = 'gerbil',
): ErrorRates {
  assertNonNegative('c', k.c);
  assertNonNegative('s', k.s);
  assertNonNegative('d', k.d);
  assertNonNegative('i', k.i);
  assertNonNegative('weight s', weights.s);
  assertNonNegative('weight d', weights.d);
  assertNonNegative('weight i', weights.i);
  const { c, s, d, i } = k;
  const f = prf({ tp: c, fp: s + i, fn: s + d }, beta, zeroDivision).f;
  const n = c + s + d;
  const errors = s + d + i;
  return {
    e: 1 - f,
    err: perSlotSeen(errors, n, i),
    ser: perReferenceSlot(errors, n),
    weightedSer: perReferenceSlot(weights.s * s + weights.d * d + weights.i * i, n),
  };
}

const NUMBER = /^[+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function parseWeight(text: string, what: string, input: string): number {
  const t = text.trim();
  if (t.startsWith('-') && NUMBER.test(t.slice(1))) {
    throw new Error(`invalid SER weights "${input}": ${what} must be non-negative, got ${t}`);
  }
  const value = NUMBER.test(t) ? Number(t) : NaN;
  if (!Number.isFinite(value)) {
    throw new Error(`invalid SER weights "${input}": ${what} must be a non-negative number, got "${t}"`);
  }
  return value;
}

/**
 * Parses SER weights from a command-line value.
 *
 * Forms: positional `"1,1,0.5"` (exactly three values, in the order S, D, I) or named
 * `"s=1,d=1,i=0.5"` (keys s, d, i in any order, case-insensitive, each at most once; a missing
 * key is 1). Whitespace around items is ignored.
 *
 * Edge cases: weights must be finite non-negative decimal numbers (`1`, `0.5`, `.5`, `2e-1`).
 * Empty input, a wrong number of positional values, mixing the two forms, unknown or repeated keys
 * and non-numeric, negative or infinite values throw an Error whose message quotes the input
 * (callers turn it into a usage error).
 *
 * Source: Makhoul et al. 1999, §5 (weighted slot error rate).
 */
export function parseSerWeights(text: string): SerWeights {
  const items = text.split(',').map((x) => x.trim());
  if (text.trim() === '' || items.some((x) => x === '')) {
    throw new Error(`invalid SER weights "${text}": expected "S,D,I" (e.g. "1,1,0.5") or "s=1,d=1,i=0.5"`);
  }
  const named = items.filter((x) => x.includes('='));
  if (named.length === 0) {
    if (items.length !== 3) {
      throw new Error(`invalid SER weights "${text}": expected three values S,D,I, got ${items.length}`);
    }
    return {
      s: parseWeight(items[0], 'weight S', text),
      d: parseWeight(items[1], 'weight D', text),
      i: parseWeight(items[2], 'weight I', text),
    };
  }
  if (named.length !== items.length) {
    throw new Error(`invalid SER weights "${text}": use either "S,D,I" or "s=…,d=…,i=…", not both`);
  }
  const out: SerWeights = { s: 1, d: 1, i: 1 };
  const seen = new Set<string>();
  for (const item of items) {
    const eq = item.indexOf('=');
    const key = item.slice(0, eq).trim().toLowerCase();
    if (key !== 's' && key !== 'd' && key !== 'i') {
      throw new Error(`invalid SER weights "${text}": unknown key "${item.slice(0, eq).trim()}" (expected s, d or i)`);
    }
    if (seen.has(key)) throw new Error(`invalid SER weights "${text}": "${key}" is given twice`);
    seen.add(key);
    out[key] = parseWeight(item.slice(eq + 1), `weight ${key.toUpperCase()}`, text);
  }
  return out;
}
