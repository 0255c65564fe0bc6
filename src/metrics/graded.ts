/**
 * Graded precision/recall: partial credit for substitutions between nearby labels.
 *
 * Reference: D. Nakache, E. Métais, J.-F. Timsit, "Evaluation and NLP", DEXA 2005, §5 "Case of
 * Classifications" (a distance d between classes, credit 1 − d for a near miss);
 * `--label-distance FILE`.
 */
import { assertNonNegative } from './check.js';
import { prf, type PRF, type ZeroDivision } from './prf.js';
import { describeJson } from '../formats/json-file.js';
import { showValue } from '../errors.js';

/**
 * Distance between a gold and a predicted label, in [0, 1]; 0 for equal labels, 1 for labels
 * that earn no credit.
 */
export type LabelDistance = (gold: string, predicted: string) => number;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  return describeJson(value);
}

function checkDistance(where: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new Error(`label distance ${where}: expected a number in [0, 1], got ${describe(value)}`);
  }
  return value;
}

/** The labels each parsed table names (see {@link labelsNamed}). */
const named = new WeakMap<LabelDistance, readonly string[]>();

/**
 * The labels a table made by {@link parseLabelDistance} names, in order of first appearance
 * (empty for another function): a label no input has is a typo, whose distances are never used.
 */
export function labelsNamed(distance: LabelDistance): readonly string[] {
  return named.get(distance) ?? [];
}

/** Builds the symmetric lookup over a directed table (Map, so label names never hit a prototype). */
function lookup(table: Map<string, Map<string, number>>, fallback: number): LabelDistance {
  const distance: LabelDistance = (gold, predicted) => {
    if (gold === predicted) return 0;
    return table.get(gold)?.get(predicted) ?? table.get(predicted)?.get(gold) ?? fallback;
  };
  const labels = new Set<string>();
  for (const [a, row] of table) {
    labels.add(a);
    for (const b of row.keys()) labels.add(b);
  }
  named.set(distance, [...labels]);
  return distance;
}

function put(table: Map<string, Map<string, number>>, where: string, a: string, b: string, d: number): void {
  if (a === b && d !== 0) {
    throw new Error(`label distance ${where}: a label's distance to itself must be 0, got ${d}`);
  }
  let row = table.get(a);
  if (row === undefined) table.set(a, (row = new Map()));
  if (row.has(b) && row.get(b) !== d) {
    throw new Error(`label distance ${where}: ${showValue(a)} → ${showValue(b)} is given twice with different values`);
  }
  row.set(b, d);
}

/**
 * Parses a label-distance table (already `JSON.parse`d) into a {@link LabelDistance}.
 *
 * Accepted forms:
 * - nested: `{"ORG": {"LOC": 0.5, "MISC": 0.8}, "PER": {...}}` — d(gold, predicted) = table[gold]
 *   [predicted]; missing pairs default to 1.
 * - pairs: `{"pairs": [["ORG", "LOC", 0.5], ...], "default": 1}` — `default` (in [0, 1],
 *   optional, 1 when absent) is the distance of pairs not listed. Recognised by `pairs` being an
 *   array; no other keys are allowed.
 *
 * Lookup (both forms): same label → 0; else d(a, b) if given, else d(b, a) (symmetric), else the
 * default.
 *
 * Edge cases: every distance must be a number in [0, 1]; a label's distance to itself, if given,
 * must be 0; a directed pair given twice must agree. Anything else (not an object, an inner value
 * that is not an object, a malformed pair) throws an Error whose message names the offending entry.
 *
 * Source: Nakache et al. 2005, §5 "Case of Classifications".
 */
export function parseLabelDistance(json: unknown): LabelDistance {
  if (!isPlainObject(json)) {
    throw new Error(`label distance: expected a JSON object, got ${describe(json)}`);
  }
  const table = new Map<string, Map<string, number>>();
  if (Array.isArray(json.pairs)) {
    for (const key of Object.keys(json)) {
      if (key !== 'pairs' && key !== 'default') {
        throw new Error(`label distance: unexpected key ${showValue(key)} next to "pairs" (allowed: pairs, default)`);
      }
    }
    const fallback = 'default' in json ? checkDistance('"default"', json.default) : 1;
    json.pairs.forEach((pair: unknown, index: number) => {
      const where = `pairs[${index}]`;
      if (!Array.isArray(pair) || pair.length !== 3 || typeof pair[0] !== 'string' || typeof pair[1] !== 'string') {
        throw new Error(`label distance ${where}: expected [gold, predicted, distance], got ${describe(pair)}`);
      }
      const [a, b] = pair as [string, string, unknown];
      put(table, where, a, b, checkDistance(`${where} (${showValue(a)} → ${showValue(b)})`, pair[2]));
    });
    return lookup(table, fallback);
  }
  for (const [a, row] of Object.entries(json)) {
    if (!isPlainObject(row)) {
      throw new Error(`label distance ${showValue(a)}: expected an object of label → distance, got ${describe(row)}`);
    }
    for (const [b, value] of Object.entries(row)) {
      const where = `${showValue(a)} → ${showValue(b)}`;
      put(table, where, a, b, checkDistance(where, value));
    }
  }
  return lookup(table, 1);
}

/**
 * Graded precision, recall and F_β with partial credit for substitutions.
 *
 * Formula: credit = C + Σ_{(g, p) ∈ substitutions} (1 − d(g, p)); P = credit/M, R = credit/N,
 * F = F_β(P, R). Computed as {@link prf} with TP = credit, FP = M − credit, FN = N − credit.
 * With every distance 1 this is plain prf(TP = C, FP = M − C, FN = N − C); a substitution at
 * distance 0 counts as correct.
 *
 * Edge cases: M = 0 or N = 0 (a 0/0) are resolved by `zeroDivision` exactly as in {@link prf}
 * with TP = credit (e.g. `gerbil`: N = M = 0 → 1; credit = 0 with M + N > 0 → 0). C, N, M must be
 * finite and ≥ 0 with C + S ≤ N and C + S ≤ M (S = number of substitutions), and every distance
 * returned must lie in [0, 1] (RangeError otherwise).
 *
 * Parameters: `c` correct items, `substitutions` the (gold, predicted) label pairs of the S
 * substituted items, `n` = |gold| = C+S+D, `m` = |system| = C+S+I, `distance` the label distance
 * (e.g. from {@link parseLabelDistance}); `beta`, `zeroDivision` as in prf.
 *
 * Source: Nakache et al. 2005, §5 "Case of Classifications".
 */
export function gradedPrf(
  c: number,
  substitutions: ReadonlyArray<{ gold: string; predicted: string }>,
  n: number,
  m: number,
  distance: LabelDistance,
  beta = 1,
  zeroDivision: ZeroDivision = 'gerbil',
): PRF {
  assertNonNegative('c', c);
  assertNonNegative('n', n);
  assertNonNegative('m', m);
  const matched = c + substitutions.length;
  if (matched > n || matched > m) {
    throw new RangeError(`C + S = ${matched} exceeds N = ${n} or M = ${m}`);
  }
  let credit = c;
  for (const { gold, predicted } of substitutions) {
    const d = distance(gold, predicted);
    if (!Number.isFinite(d) || d < 0 || d > 1) {
      throw new RangeError(`distance(${showValue(gold)}, ${showValue(predicted)}) must be in [0, 1], got ${String(d)}`);
    }
    credit += 1 - d;
  }
  return prf({ tp: credit, fp: m - credit, fn: n - credit }, beta, zeroDivision);
}
