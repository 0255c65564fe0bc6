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
import type { Span } from '../model/corpus.js';
import { checkSpans } from './options-check.js';

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

/** The fragments of a discontinuous span as text (compared only between spans that have some). */
const fragmentsOf = (s: Span) => (s.fragments === undefined ? '' : s.fragments.map(([a, b]) => `${a}-${b}`).join(','));

/**
 * One side's items as arrays, ordered by boundaries (start, end, fragments) and then type:
 * start, end and type of each (an index into the labels seen), and its fragments' text (absent
 * when no item has fragments).
 */
interface Side {
  start: Int32Array;
  end: Int32Array;
  type: Int32Array;
  fragments: string[] | undefined;
}

/** Labels in the order first seen, and their indices. */
class Labels {
  readonly names: string[] = [];
  private readonly index = new Map<string, number>();

  of(label: string): number {
    let k = this.index.get(label);
    if (k === undefined) {
      k = this.names.length;
      this.index.set(label, k);
      this.names.push(label);
    }
    return k;
  }
}

function sideOf(spans: readonly Span[], labels: Labels): Side {
  const n = spans.length;
  let withFragments = false;
  for (let k = 0; k < n; k++) if (spans[k].fragments !== undefined) withFragments = true;
  const frag = (x: Span) => (withFragments ? fragmentsOf(x) : '');
  const compare = (x: Span, y: Span) => x.start - y.start || x.end - y.end || byCodeUnit(frag(x), frag(y)) || byCodeUnit(x.label, y.label);
  let ordered = spans;
  for (let k = 1; k < n; k++) {
    if (compare(spans[k - 1], spans[k]) > 0) {
      // Readers give spans in order; others are sorted here.
      ordered = [...spans].sort(compare);
      break;
    }
  }
  const side: Side = { start: new Int32Array(n), end: new Int32Array(n), type: new Int32Array(n), fragments: withFragments ? [] : undefined };
  for (let k = 0; k < n; k++) {
    const x = ordered[k];
    side.start[k] = x.start;
    side.end[k] = x.end;
    side.type[k] = labels.of(x.label);
    side.fragments?.push(frag(x));
  }
  return side;
}

/** Orders item k of side a against item m of side b by boundaries; 0 when they have the same. */
function byBoundary(a: Side, k: number, b: Side, m: number): number {
  const d = a.start[k] - b.start[m] || a.end[k] - b.end[m];
  if (d !== 0 || (a.fragments === undefined && b.fragments === undefined)) return d;
  return byCodeUnit(a.fragments?.[k] ?? '', b.fragments?.[m] ?? '');
}

/** End (exclusive) of the group of items with the boundaries of item `from`. */
function groupEnd(side: Side, from: number): number {
  let k = from + 1;
  while (k < side.start.length && byBoundary(side, from, side, k) === 0) k++;
  return k;
}

/**
 * The confusion matrices of any number of systems against one gold standard, which is read once:
 * `confusionAgainst(gold)(predicted)` equals `confusionMatrix(gold, predicted)`.
 */
export function confusionAgainst(gold: readonly Span[]): (predicted: readonly Span[]) => ConfusionMatrix {
  checkSpans('gold', gold);
  const goldLabels = new Labels();
  let g: Side | undefined;
  return (predicted) => {
    checkSpans('predicted', predicted);
    g ??= sideOf(gold, goldLabels);
    const labels = new Labels();
    for (const name of goldLabels.names) labels.of(name);
    return count(g, sideOf(predicted, labels), labels.names);
  };
}

/** The confusion matrix of `predicted` against `gold` (see the module comment). O(n log n). */
export function confusionMatrix(gold: readonly Span[], predicted: readonly Span[]): ConfusionMatrix {
  return confusionAgainst(gold)(predicted);
}

/** Counts the matrix of two sides whose types index `names` (see the module comment). */
function count(g: Side, p: Side, names: readonly string[]): ConfusionMatrix {
  const width = names.length;
  const cells = new Int32Array(width * width);
  const lost = new Int32Array(width);
  const extra = new Int32Array(width);
  const gn = g.start.length;
  const pn = p.start.length;
  // Type order is code-unit order of the names: rank[k] is the place of names[k].
  const types = [...names].sort(byCodeUnit);
  const rank = Int32Array.from(names, (name) => types.indexOf(name));
  let i = 0;
  let j = 0;
  while (i < gn || j < pn) {
    const order = i >= gn ? 1 : j >= pn ? -1 : byBoundary(g, i, p, j);
    if (order < 0) {
      lost[g.type[i++]]++;
      continue;
    }
    if (order > 0) {
      extra[p.type[j++]]++;
      continue;
    }
    const gEnd = groupEnd(g, i);
    const pEnd = groupEnd(p, j);
    if (gEnd === i + 1 && pEnd === j + 1) {
      // The usual case: one item on each side.
      cells[g.type[i++] * width + p.type[j++]]++;
      continue;
    }
    // One boundary, several items: same types first (both sides are in type order), then the rest in type order.
    const leftGold: number[] = [];
    const leftPred: number[] = [];
    let a = i;
    let b = j;
    while (a < gEnd || b < pEnd) {
      const c = a >= gEnd ? 1 : b >= pEnd ? -1 : rank[g.type[a]] - rank[p.type[b]];
      if (c === 0) {
        cells[g.type[a] * width + g.type[a]]++;
        a++;
        b++;
      } else if (c < 0) leftGold.push(g.type[a++]);
      else leftPred.push(p.type[b++]);
    }
    const pairs = Math.min(leftGold.length, leftPred.length);
    for (let k = 0; k < pairs; k++) cells[leftGold[k] * width + leftPred[k]]++;
    for (let k = pairs; k < leftGold.length; k++) lost[leftGold[k]]++;
    for (let k = pairs; k < leftPred.length; k++) extra[leftPred[k]]++;
    i = gEnd;
    j = pEnd;
  }
  // Back from first-seen order to type order.
  const from = types.map((t) => names.indexOf(t));
  return {
    types,
    matrix: from.map((r) => from.map((c) => cells[r * width + c])),
    missed: from.map((r) => lost[r]),
    spurious: from.map((c) => extra[c]),
  };
}
