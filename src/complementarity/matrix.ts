/**
 * The complementarity matrices of a corpus: for every ordered pair (A, B) of systems, what B
 * offers A — P_Comp, R_Comp, F_Comp, F_βComp, Brill & Wu's Comp, Jaccard of the
 * selections, Cohen's kappa, the counts of shared and exclusive correct and wrong items, and
 * example items for each cell. A pure function of the corpus and the options.
 *
 * Items are compared under `strict` (whole span with its label) or `boundary` match (the label
 * dropped), on the universe of {@link buildUniverse}. Brill & Wu's Comp and kappa are computed
 * on tokens when the corpus is tokenised (basis `tokens`), else on items (basis `items`: an
 * item is wrong when it is a miss or a spurious item; kappa over the universe's items).
 */
import type { Bitset } from '../model/bitset.js';
import type { Corpus, Span } from '../model/corpus.js';
import { sentenceAt, spanText } from '../model/corpus.js';
import { buildUniverse, type ItemMatch, type Universe } from '../model/universe.js';
import { UsageError } from '../errors.js';
import { prf } from '../metrics/prf.js';
import { checkChoice, checkCorpus, checkGoldTypes, checkPositive, withDefaults } from '../metrics/options-check.js';
import type { NoneMissing } from '../metrics/option-keys.js';
import { itemComplementarity, type ItemComplementarity, type PairCounts } from './comp.js';
import { binaryKappa, LabelIndex, TokenViews } from './tokens.js';
import { sentenceOf } from '../model/sentence-table.js';
import { unitsToCodePoints } from '../formats/codepoints.js';

export interface CompareOptions {
  match: ItemMatch;
  beta: number;
  /** Only these entity types count (all when undefined). */
  types?: readonly string[];
  /** Example items kept per cell of each pair (default 3). */
  examples?: number;
}

export const DEFAULT_COMPARE_OPTIONS: CompareOptions = { match: 'strict', beta: 1, examples: 3 };

/** Every option {@link compareSystems} takes (any other key is refused). */
export const COMPARE_OPTION_KEYS = ['match', 'beta', 'types', 'examples'] as const satisfies readonly (keyof CompareOptions)[];
type _CompareKeysListed = NoneMissing<Exclude<keyof CompareOptions, (typeof COMPARE_OPTION_KEYS)[number]>>;

/** The matches a comparison takes: items are kept whole, so overlap (which pairs them) is not one. */
const ITEM_MATCHES: readonly ItemMatch[] = ['strict', 'boundary'];

/** An item shown as an example: where it is and what it says. */
export interface ItemExample {
  /** Document id. */
  doc: string;
  /** Sentence (or record) number, from 1, in the gold standard. */
  sentence: number;
  /** Offsets within the sentence (tokens, or characters counted as code points), end exclusive. */
  start: number;
  end: number;
  /** The item's label (`null` under boundary match). */
  label: string | null;
  text: string;
  /** A discontinuous item's fragments, offsets in the sentence as `start` and `end`; absent when contiguous. */
  fragments?: Array<[number, number]>;
}

/**
 * Example items of a pair (A, B): each list the first items of its set in corpus order (start,
 * end, label), whatever other systems are compared with them:
 * - `bFinds`: gold items A misses and B finds (what raises R_Comp);
 * - `bAvoids`: spurious items of A that B does not return (what raises P_Comp);
 * - `bothMiss`: gold items both miss;  `bothWrong`: spurious items both return;
 * - `aFinds`: gold items A finds and B misses;  `bAdds`: spurious items of B that A avoids.
 */
export interface PairExamples {
  bFinds: ItemExample[];
  bAvoids: ItemExample[];
  bothMiss: ItemExample[];
  bothWrong: ItemExample[];
  aFinds: ItemExample[];
  bAdds: ItemExample[];
}

export interface PairStats extends ItemComplementarity {
  /** The system being complemented. */
  a: string;
  /** The system offering. */
  b: string;
  /** Brill & Wu's Comp(A, B) on the basis of the comparison. */
  comp: number | null;
  /** Cohen's kappa of the two selections (symmetric; needs no gold). */
  kappa: number | null;
  examples: PairExamples;
}

export interface SystemCounts {
  name: string;
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f: number;
}

export interface Comparison {
  match: ItemMatch;
  beta: number;
  basis: 'tokens' | 'items';
  types?: readonly string[];
  goldItems: number;
  /** The gold standard's documents, which the items are in. */
  documents: number;
  systems: SystemCounts[];
  /** Every ordered pair, A-major: (0,1), (0,2), …, (1,0), (1,2), … */
  pairs: PairStats[];
}

/**
 * The pair (a, b) of a comparison, by system index (a ≠ b, each an index of `c.systems`).
 * @throws UsageError (about `a` or `b`) for an index that is no system, or a system paired with itself.
 */
export function pairAt(c: Comparison, a: number, b: number): PairStats {
  const n = c.systems.length;
  for (const [param, k] of [['a', a], ['b', b]] as const) {
    if (!Number.isInteger(k) || k < 0 || k >= n) throw UsageError.about(param, `no system ${JSON.stringify(k)}: systems are indices 0 to ${n - 1}`);
  }
  if (a === b) throw UsageError.about('b', 'a system is not paired with itself');
  return c.pairs[a * (n - 1) + (b < a ? b : b - 1)];
}

/**
 * Where an item is and what it says: document id, sentence (from 1), offsets in the sentence —
 * tokens, or characters counted as code points, as inputs count them (an emoji is one).
 */
export function itemExample(corpus: Corpus, s: Span, withLabel: boolean): ItemExample {
  const si = sentenceAt(corpus, s.start);
  const sent = sentenceOf(corpus, si);
  const text = corpus.texts?.[si];
  const at = text === undefined ? (o: number) => o : unitsToCodePoints(text);
  return {
    doc: corpus.documents[sent.doc].id,
    sentence: si + 1,
    start: at(s.start - sent.start),
    end: at(s.end - sent.start),
    label: withLabel ? s.label : null,
    text: spanText(corpus, s),
    ...(s.fragments === undefined ? {} : { fragments: s.fragments.map(([a, b]): [number, number] => [at(a - sent.start), at(b - sent.start)]) }),
  };
}

/**
 * The first `limit` of `order` (one side's items in corpus order: see {@link Universe.order})
 * that the gold has (`inGold`) or not, and `x` has (`inX`) or not, and `y` does not have (when
 * given): the first items, in the text, of a set of `size` members all on that side. The scan
 * stops once it has them, or all `size` of them.
 */
function firstInOrder(limit: number, size: number, order: Int32Array, g: Bitset, inGold: boolean, x: Bitset, inX: boolean, y?: Bitset): number[] {
  const out: number[] = [];
  const want = Math.min(limit, size);
  for (let k = 0; k < order.length && out.length < want; k++) {
    const id = order[k];
    if (g.has(id) === inGold && x.has(id) === inX && (y === undefined || !y.has(id))) out.push(id);
  }
  return out;
}

/**
 * The example items of the pair (a, b). `shown` holds the examples made so far for the other
 * pairs, by item: the same items come up pair after pair (a gold item every system misses is the
 * first `bothMiss` of most pairs), and each is made once and shared.
 */
function pairExamples(corpus: Corpus, u: Universe, ai: number, bi: number, counts: PairCounts, limit: number, shown: Map<number, ItemExample>): PairExamples {
  const g = u.gold;
  const a = u.systems[ai];
  const b = u.systems[bi];
  const orderA = u.order.systems[ai];
  const orderB = u.order.systems[bi];
  const withLabel = u.match === 'strict';
  const example = (id: number): ItemExample => {
    let e = shown.get(id);
    if (e === undefined) shown.set(id, (e = itemExample(corpus, u.items[id], withLabel)));
    return e;
  };
  const show = (ids: number[]) => ids.map(example);
  if (limit <= 0) return { bFinds: [], bAvoids: [], bothMiss: [], bothWrong: [], aFinds: [], bAdds: [] };
  // Each list from the side whose items it holds, in corpus order.
  return {
    bFinds: show(firstInOrder(limit, counts.onlyBCorrect, orderB, g, true, a, false)),
    bAvoids: show(firstInOrder(limit, counts.onlyAWrong, orderA, g, false, b, false)),
    bothMiss: show(firstInOrder(limit, counts.bothMissed, u.order.gold, g, true, a, false, b)),
    bothWrong: show(firstInOrder(limit, counts.bothWrong, orderA, g, false, b, true)),
    aFinds: show(firstInOrder(limit, counts.onlyACorrect, orderA, g, true, b, false)),
    bAdds: show(firstInOrder(limit, counts.onlyBWrong, orderB, g, false, a, false)),
  };
}

/** Keeps spans of the listed types (all when `types` is undefined). */
function typeFilter(types: readonly string[] | undefined): ((s: Span) => boolean) | undefined {
  if (types === undefined) return undefined;
  const keep = new Set(types);
  return (s) => keep.has(s.label);
}

/**
 * Computes the complementarity of every ordered pair of the corpus's systems. `universe` may
 * pass the corpus's universe when the caller has built it already (same match and types).
 */
export function compareSystems(corpus: Corpus, given: Partial<CompareOptions> = DEFAULT_COMPARE_OPTIONS, universe?: Universe): Comparison {
  checkCorpus(corpus);
  const options = withDefaults(DEFAULT_COMPARE_OPTIONS, given, COMPARE_OPTION_KEYS);
  checkChoice('match', options.match, ITEM_MATCHES);
  checkPositive('beta', options.beta);
  checkGoldTypes(options.types, corpus.gold.spans);
  const keep = typeFilter(options.types);
  if (universe !== undefined && universe.match !== options.match) throw new RangeError(`the universe given is ${universe.match}, the comparison ${options.match}`);
  const u = universe ?? buildUniverse(corpus, options.match, keep);
  const goldItems = u.gold.count();
  const limit = options.examples ?? 3;
  const n = corpus.systems.length;

  const systems: SystemCounts[] = corpus.systems.map((s, k) => {
    const size = u.systems[k].count();
    const tp = u.systems[k].andCount(u.gold);
    const counts = { tp, fp: size - tp, fn: goldItems - tp };
    return { name: s.name, ...counts, ...prf(counts, options.beta, 'gerbil') };
  });

  const basis = corpus.unit === 'token' ? 'tokens' : 'items';
  let views: TokenViews | undefined;
  if (basis === 'tokens') {
    const labels = new LabelIndex();
    const spans = (list: readonly Span[]) => (keep === undefined ? list : list.filter(keep));
    const strictLabels = options.match === 'strict';
    const relabel = (list: readonly Span[]) => (strictLabels ? list : list.map((s) => ({ ...s, label: '' })));
    views = TokenViews.fromSpans(corpus.length, relabel(spans(corpus.gold.spans)), corpus.systems.map((s) => relabel(spans(s.spans))), labels);
  }

  const kappas = new Map<string, number | null>();
  const shown = new Map<number, ItemExample>();
  const pairs: PairStats[] = [];
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      if (a === b) continue;
      const item = itemComplementarity(u.systems[a], u.systems[b], u.gold, goldItems, options.beta);
      let comp: number | null;
      let kappa: number | null;
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      if (views !== undefined) {
        comp = views.comp(a, b);
        kappa = kappas.has(key) ? kappas.get(key)! : views.kappa(a, b);
      } else {
        comp = item.itemComp;
        const both = item.bothCorrect + item.bothWrong;
        const onlyA = item.onlyACorrect + item.onlyAWrong;
        const onlyB = item.onlyBCorrect + item.onlyBWrong;
        kappa = kappas.has(key) ? kappas.get(key)! : binaryKappa(both, onlyA, onlyB, u.size - both - onlyA - onlyB);
      }
      kappas.set(key, kappa);
      pairs.push({
        a: corpus.systems[a].name,
        b: corpus.systems[b].name,
        ...item,
        comp,
        kappa,
        examples: pairExamples(corpus, u, a, b, item, limit, shown),
      });
    }
  }
  return { match: options.match, beta: options.beta, basis, types: options.types, goldItems, documents: corpus.documents.length, systems, pairs };
}
