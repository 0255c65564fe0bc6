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

export type ItemMatch = 'strict' | 'boundary';

export interface Universe {
  match: ItemMatch;
  size: number;
  /** A representative span of each item (for boundary items: the first one interned). */
  items: Span[];
  gold: Bitset;
  /** One bitset per system, in corpus order. */
  systems: Bitset[];
}

/**
 * Builds the universe of a corpus under a match mode; `keep` filters spans (e.g. by type).
 *
 * Contiguous spans are interned by a numeric key (start, length, label id) packed into one
 * integer when it fits below 2^53, which is several times faster than string keys; spans with
 * fragments, and corpora too large to pack, use {@link spanKey} strings. Both give the same ids.
 */
export function buildUniverse(corpus: Corpus, match: ItemMatch, keep?: (s: Span) => boolean): Universe {
  const withLabel = match === 'strict';
  const all = [corpus.gold, ...corpus.systems];
  const labelIds = new Map<string, number>();
  let maxLen = 0;
  for (const o of all) {
    for (const s of o.spans) {
      if (s.end - s.start > maxLen) maxLen = s.end - s.start;
      if (withLabel && !labelIds.has(s.label)) labelIds.set(s.label, labelIds.size);
    }
  }
  const lengths = maxLen + 1;
  const labels = withLabel ? Math.max(1, labelIds.size) : 1;
  const numeric = (corpus.length + 1) * lengths * labels < Number.MAX_SAFE_INTEGER;
  const numIds = new Map<number, number>();
  const strIds = new Map<string, number>();
  const items: Span[] = [];
  const intern = (spans: readonly Span[]): number[] => {
    const out: number[] = [];
    for (const s of spans) {
      if (keep !== undefined && !keep(s)) continue;
      let id: number | undefined;
      if (numeric && s.fragments === undefined) {
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
      out.push(id);
    }
    return out;
  };
  const goldIds = intern(corpus.gold.spans);
  const systemIds = corpus.systems.map((s) => intern(s.spans));
  const size = items.length;
  return {
    match,
    size,
    items,
    gold: Bitset.from(size, goldIds),
    systems: systemIds.map((list) => Bitset.from(size, list)),
  };
}
