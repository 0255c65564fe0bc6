/**
 * The type-confusion matrix of a system: which type it gives the items whose boundaries it gets
 * right, and what it misses and adds.
 *
 * Items are grouped by boundaries (start, end, and the fragments of a discontinuous span). In
 * each group, gold items and predictions of the same type are paired first (the diagonal); the
 * gold items and predictions left are then paired one to one in type order (code-unit order),
 * each pair counting once in cell (gold type, predicted type). A gold item left over counts as
 * **missed** (no prediction with its boundaries), a prediction left over as **spurious** (no gold
 * item with its boundaries). So, for every type X:
 *
 *   Σ_p matrix[X][p] + missed[X] = gold items of type X,
 *   Σ_g matrix[g][X] + spurious[X] = predictions of type X,
 *
 * the diagonal is the strict match's TP, and the off-diagonal cells are the substitutions (same
 * boundaries, another type). A prediction overlapping a gold item without the same boundaries
 * counts as spurious, and that gold item as missed. Types are those of either side, in code-unit
 * order. Source: the confusion matrix of a classifier (scikit-learn's
 * `sklearn.metrics.confusion_matrix`) over the items both sides delimit alike, with the
 * boundary errors in an extra row and column.
 */
import { spanKey, type Span } from '../model/corpus.js';

export interface ConfusionMatrix {
  /** Every type of the gold items and predictions, in code-unit order. */
  types: string[];
  /** matrix[g][p]: gold items of type types[g] paired with a prediction of type types[p] on the same boundaries. */
  matrix: number[][];
  /** missed[g]: gold items of type types[g] with no prediction on their boundaries. */
  missed: number[];
  /** spurious[p]: predictions of type types[p] with no gold item on their boundaries. */
  spurious: number[];
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Labels of each boundary group. */
function groups(spans: readonly Span[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const s of spans) {
    const key = spanKey(s, false);
    const labels = out.get(key);
    if (labels === undefined) out.set(key, [s.label]);
    else labels.push(s.label);
  }
  return out;
}

/** The confusion matrix of `predicted` against `gold` (see the module comment). O(n log n). */
export function confusionMatrix(gold: readonly Span[], predicted: readonly Span[]): ConfusionMatrix {
  const labels = new Set<string>();
  for (const s of gold) labels.add(s.label);
  for (const s of predicted) labels.add(s.label);
  const types = [...labels].sort(byCodeUnit);
  const at = new Map(types.map((t, k) => [t, k] as const));
  const matrix = types.map(() => types.map(() => 0));
  const missed = types.map(() => 0);
  const spurious = types.map(() => 0);
  const goldGroups = groups(gold);
  const predGroups = groups(predicted);
  for (const [key, g] of goldGroups) {
    const p = predGroups.get(key);
    if (p === undefined) {
      for (const l of g) missed[at.get(l)!]++;
      continue;
    }
    predGroups.delete(key);
    // Same types first, then the rest in type order.
    const left = [...p].sort(byCodeUnit);
    const unmatched: string[] = [];
    for (const l of [...g].sort(byCodeUnit)) {
      const k = left.indexOf(l);
      if (k >= 0) {
        left.splice(k, 1);
        matrix[at.get(l)!][at.get(l)!]++;
      } else unmatched.push(l);
    }
    const pairs = Math.min(unmatched.length, left.length);
    for (let k = 0; k < pairs; k++) matrix[at.get(unmatched[k])!][at.get(left[k])!]++;
    for (let k = pairs; k < unmatched.length; k++) missed[at.get(unmatched[k])!]++;
    for (let k = pairs; k < left.length; k++) spurious[at.get(left[k])!]++;
  }
  for (const p of predGroups.values()) for (const l of p) spurious[at.get(l)!]++;
  return { types, matrix, missed, spurious };
}
