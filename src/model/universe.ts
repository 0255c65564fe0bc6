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

/** Builds the universe of a corpus under a match mode; `keep` filters spans (e.g. by type). */
export function buildUniverse(corpus: Corpus, match: ItemMatch, keep?: (s: Span) => boolean): Universe {
  const ids = new Map<string, number>();
  const items: Span[] = [];
  const withLabel = match === 'strict';
  const intern = (spans: readonly Span[]): number[] => {
    const out: number[] = [];
    for (const s of spans) {
      if (keep !== undefined && !keep(s)) continue;
      const k = spanKey(s, withLabel);
      let id = ids.get(k);
      if (id === undefined) {
        id = items.length;
        ids.set(k, id);
        items.push(s);
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
