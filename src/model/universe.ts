/**
 * The item universe: every item of the gold standard and of every system, interned once
 * (ids 0..|U|-1, gold first, then systems in input order, so ids are deterministic).
 *
 * Under `strict` match an item is the whole key (doc, start, end, label) — conlleval's notion of
 * a correct chunk; under `boundary` the label is dropped. The gold and each system become
 * {@link Bitset}s over U, so TP = |S ∧ G|, FP = |S| − TP, FN = |G| − TP.
 */
import { Bitset } from './bitset.js';
import type { Corpus, Span } from './corpus.js';
import { spanKey } from './corpus.js';
import { GoldWalk } from './gold-walk.js';

export type ItemMatch = 'strict' | 'boundary';

export interface Universe {
  match: ItemMatch;
  size: number;
  /** A representative span of each item (for boundary items: the first one interned). */
  items: Span[];
  gold: Bitset;
  /** One bitset per system, in corpus order. */
  systems: Bitset[];
  /**
   * The gold's and each system's items in corpus order (start, end, label, then id), each once:
   * where lists of example items are taken from, so that the first items of a set are the first
   * in the text whatever other systems were loaded (ids are numbered as items are first seen).
   * Made when first read, and kept: only such lists need it.
   */
  readonly order: { gold: Int32Array; systems: Int32Array[] };
}

/**
 * Items `x` and `y` of `items` in corpus order: start, end, label (items with one boundary under
 * `boundary` match are one item), then id. Negative when `x` comes first.
 */
export function compareItems(items: readonly Span[], x: number, y: number): number {
  const a = items[x];
  const b = items[y];
  if (a.start !== b.start) return a.start - b.start;
  if (a.end !== b.end) return a.end - b.end;
  if (a.label !== b.label) return a.label < b.label ? -1 : 1;
  return x - y;
}

/**
 * Where each item stands in corpus order, as columns read when {@link inCorpusOrder} sorts:
 * start, end, and the rank of the label among the universe's labels sorted as strings (so that
 * comparing ranks compares labels as {@link compareItems} does). One sequential pass over the
 * items' objects; a sort's comparisons then read typed arrays, not objects spread over the heap.
 */
interface ItemColumns {
  start: Float64Array;
  end: Float64Array;
  label: Int32Array;
}

function orderColumns(items: readonly Span[]): ItemColumns {
  const start = new Float64Array(items.length);
  const end = new Float64Array(items.length);
  const label = new Int32Array(items.length);
  const ids = new Map<string, number>();
  let last: string | undefined;
  let lastId = 0;
  for (let k = 0; k < items.length; k++) {
    const s = items[k];
    start[k] = s.start;
    end[k] = s.end;
    if (s.label !== last) {
      last = s.label;
      let id = ids.get(last);
      if (id === undefined) ids.set(last, (id = ids.size));
      lastId = id;
    }
    label[k] = lastId;
  }
  // Label ids (first seen) to ranks (sorted as strings, as `<` compares them).
  const names = [...ids.keys()];
  const rank = new Int32Array(names.length);
  names.map((name, id) => ({ name, id })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).forEach((e, r) => { rank[e.id] = r; });
  for (let k = 0; k < items.length; k++) label[k] = rank[label[k]];
  return { start, end, label };
}

/** {@link compareItems} on the columns of {@link orderColumns}. */
function compareAt(c: ItemColumns, x: number, y: number): number {
  if (c.start[x] !== c.start[y]) return c.start[x] - c.start[y];
  if (c.end[x] !== c.end[y]) return c.end[x] - c.end[y];
  if (c.label[x] !== c.label[y]) return c.label[x] - c.label[y];
  return x - y;
}

/**
 * The distinct item ids of `ids` (one per span, −1 for a span left out) in corpus order. A
 * loaded side's spans are in that order already (one pass tells, and repeats are then next to
 * each other); others are sorted.
 */
function inCorpusOrder(ids: Int32Array, items: readonly Span[], columns: () => ItemColumns): Int32Array {
  // Written straight into a typed array as long as `ids` (never fewer), not pushed to a list.
  const out = new Int32Array(ids.length);
  let n = 0;
  let last = -1;
  let sorted = true;
  for (let j = 0; j < ids.length; j++) {
    const id = ids[j];
    if (id < 0 || id === last) continue;
    // Items in order lie in order in memory too: read as objects, one after the other.
    if (sorted && last >= 0 && compareItems(items, last, id) >= 0) sorted = false;
    out[n++] = id;
    last = id;
  }
  if (sorted) return out.slice(0, n);
  // Each id once (a mark per item), then sorted.
  const c = columns();
  const seen = new Uint8Array(c.start.length);
  let m = 0;
  for (let j = 0; j < n; j++) {
    const id = out[j];
    if (seen[id] === 0) {
      seen[id] = 1;
      out[m++] = id;
    }
  }
  return out.slice(0, m).sort((x, y) => compareAt(c, x, y));
}

/**
 * The universe's {@link Universe.order}, made when first read (only lists of example items read
 * it: the planner, simulation and scoring never do) and kept.
 */
function lazyOrder(items: readonly Span[], goldIds: Int32Array, systemIds: readonly Int32Array[]): () => Universe['order'] {
  let order: Universe['order'] | undefined;
  return () => {
    if (order === undefined) {
      let c: ItemColumns | undefined;
      const columns = () => (c ??= orderColumns(items));
      order = { gold: inCorpusOrder(goldIds, items, columns), systems: systemIds.map((ids) => inCorpusOrder(ids, items, columns)) };
    }
    return order;
  };
}

/**
 * Builds the universe of a corpus under a match mode; `keep` filters spans (e.g. by type).
 *
 * Contiguous spans are interned by position: a table indexed by start holds the first item
 * starting there, and the items starting at one position are chained (a few at most), so
 * finding an item compares end and label id in typed arrays, without hashing. The table takes
 * 4 bytes per position of the corpus, so it is used while that is small next to the spans
 * (always for tokens; for characters, when the spans are dense enough); otherwise contiguous
 * spans are interned by a numeric key (start, length, label id) packed into one integer when it
 * fits below 2^53, else by {@link spanKey} strings, as are spans with fragments. All give the
 * same ids: the order in which items are first seen.
 */
/**
 * The longest of `spans` and `longest` so far; numbers the labels not yet in `labelIds` (when
 * given) in order of first appearance.
 */
function scanSpans(spans: readonly Span[], labelIds: Map<string, number> | undefined, longest: number): number {
  let maxLen = longest;
  // The label of the span before: a run of one label is looked up once.
  let last: string | undefined;
  for (let j = 0; j < spans.length; j++) {
    const s = spans[j];
    if (s.end - s.start > maxLen) maxLen = s.end - s.start;
    if (labelIds !== undefined && s.label !== last) {
      last = s.label;
      if (!labelIds.has(last)) labelIds.set(last, labelIds.size);
    }
  }
  return maxLen;
}

export function buildUniverse(corpus: Corpus, match: ItemMatch, keep?: (s: Span) => boolean): Universe {
  const withLabel = match === 'strict';
  const all = [corpus.gold, ...corpus.systems];
  // Label ids: numbered as the position table meets them, and every label at once by `keys`.
  const labelIds = new Map<string, number>();
  /**
   * What numeric keys need (the longest span, every label numbered), found by one pass over all
   * spans when a span first needs a key: one that the position table does not hold (it holds
   * every span of a corpus of tokens).
   */
  let keys: { lengths: number; labels: number; numeric: boolean } | undefined;
  const keyScale = () => {
    if (keys === undefined) {
      let maxLen = 0;
      for (let k = 0; k < all.length; k++) maxLen = scanSpans(all[k].spans, withLabel ? labelIds : undefined, maxLen);
      const lengths = maxLen + 1;
      const labels = withLabel ? Math.max(1, labelIds.size) : 1;
      keys = { lengths, labels, numeric: (corpus.length + 1) * lengths * labels < Number.MAX_SAFE_INTEGER };
    }
    return keys;
  };
  let spanCount = 0;
  for (const o of all) spanCount += o.spans.length;
  const size = corpus.length + 1;
  const dense = Number.isInteger(corpus.length) && corpus.length >= 0 && size <= 16 * spanCount + (1 << 22);
  // Dense: first item starting at each position (−1: none), and per item the next item with the
  // same start, its end and its label id.
  const first = dense ? new Int32Array(size).fill(-1) : new Int32Array(0);
  let chain = new Int32Array(dense ? 1024 : 0);
  let ends = new Int32Array(chain.length);
  let labelOf = new Int32Array(chain.length);
  const numIds = new Map<number, number>();
  const strIds = new Map<string, number>();
  const items: Span[] = [];
  let lastLabel: string | undefined;
  let lastLabelId = 0;
  /**
   * The item id of each of `spans` (−1: left out by `keep`). A span that is one of `ref`'s own
   * objects (the gold's, see gold-walk.ts) has its id from `refIds`, without a lookup.
   */
  const intern = (spans: readonly Span[], ref?: readonly Span[], refIds?: Int32Array): Int32Array => {
    const out = new Int32Array(spans.length);
    const walk = ref === undefined ? undefined : new GoldWalk(ref);
    for (let j = 0; j < spans.length; j++) {
      const s = spans[j];
      if (walk !== undefined) {
        const q = walk.find(s);
        if (q >= 0) {
          out[j] = refIds![q];
          continue;
        }
      }
      out[j] = -1;
      if (keep !== undefined && !keep(s)) continue;
      let id: number | undefined;
      if (dense && s.fragments === undefined && Number.isInteger(s.start) && s.start >= 0 && s.start < size && Number.isInteger(s.end) && s.end <= 0x7fffffff) {
        if (withLabel && s.label !== lastLabel) {
          lastLabel = s.label;
          let lid = labelIds.get(lastLabel);
          if (lid === undefined) labelIds.set(lastLabel, (lid = labelIds.size));
          lastLabelId = lid;
        }
        const label = withLabel ? lastLabelId : 0;
        for (let k = first[s.start]; k >= 0; k = chain[k]) {
          if (ends[k] === s.end && labelOf[k] === label) {
            id = k;
            break;
          }
        }
        if (id === undefined) {
          id = items.length;
          if (id === chain.length) {
            const grow = (a: Int32Array) => {
              const b = new Int32Array(a.length * 2);
              b.set(a);
              return b;
            };
            chain = grow(chain);
            ends = grow(ends);
            labelOf = grow(labelOf);
          }
          chain[id] = first[s.start];
          ends[id] = s.end;
          labelOf[id] = label;
          first[s.start] = id;
          items.push(s);
        }
      } else if (s.fragments === undefined && keyScale().numeric) {
        const { lengths, labels } = keyScale();
        const k = (s.start * lengths + (s.end - s.start)) * labels + (withLabel ? labelIds.get(s.label)! : 0);
        id = numIds.get(k);
        if (id === undefined) {
          id = items.length;
          numIds.set(k, id);
          items.push(s);
        }
      } else {
        const k = spanKey(s, withLabel);
        id = strIds.get(k);
        if (id === undefined) {
          id = items.length;
          strIds.set(k, id);
          items.push(s);
        }
      }
      out[j] = id;
    }
    return out;
  };
  const goldIds = intern(corpus.gold.spans);
  const systemIds = corpus.systems.map((s) => intern(s.spans, corpus.gold.spans, goldIds));
  const count = items.length;
  const bitset = (ids: Int32Array): Bitset => {
    const b = new Bitset(count);
    for (let k = 0; k < ids.length; k++) if (ids[k] >= 0) b.add(ids[k]);
    return b;
  };
  const order = lazyOrder(items, goldIds, systemIds);
  return {
    match,
    size: count,
    items,
    gold: bitset(goldIds),
    systems: systemIds.map(bitset),
    get order() {
      return order();
    },
  };
}
