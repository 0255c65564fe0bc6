/**
 * Token-level views of span sets, for the measures defined on words: Brill & Wu's
 * complementarity and Cohen's kappa between two systems.
 *
 * A system's view is one tag per token of the corpus, IOB2-like: 0 for outside, `2·l + 1` for
 * the first token of a span labelled `l`, `2·l + 2` for the others. Two systems agree on a token
 * when their tags are equal, so a boundary error counts as a tagging error, as it does for a
 * tagger. Nested or overlapping spans cannot all be written as one tag per token: spans are
 * taken in order of start (longer first) and a span is written only when none of its tokens is
 * already taken, so the outermost span wins. Fragments of a discontinuous span are written as
 * separate runs of the same label.
 */
import { popcount } from '../model/bitset.js';
import type { Span } from '../model/corpus.js';

/** Interns labels to small integers, shared by every view compared together. */
export class LabelIndex {
  private readonly ids = new Map<string, number>();
  /** The label asked for last and its id: a run of one label is looked up once. */
  private last: string | undefined;
  private lastId = 0;

  id(label: string): number {
    if (label === this.last) return this.lastId;
    let id = this.ids.get(label);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(label, id);
    }
    this.last = label;
    this.lastId = id;
    return id;
  }

  get size(): number {
    return this.ids.size;
  }
}

/** The token view of `spans` over a corpus of `length` tokens. */
export function tokenTags(spans: readonly Span[], length: number, labels: LabelIndex): Int32Array {
  return writeTags(spans, new Int32Array(length), undefined, labels);
}

/**
 * Marks (1) the tokens `spans` cover in `at`.
 */
function markCovered(at: Int32Array, spans: readonly Span[]): void {
  for (let k = 0; k < spans.length; k++) {
    const s = spans[k];
    if (s.fragments === undefined) {
      for (let t = s.start; t < s.end; t++) at[t] = 1;
    } else {
      for (const [a, b] of s.fragments) for (let t = a; t < b; t++) at[t] = 1;
    }
  }
}

/** Numbers the marked tokens of `at` in order, from 1, in place; returns how many there are. */
function numberMarked(at: Int32Array): number {
  let n = 0;
  for (let t = 0; t < at.length; t++) if (at[t] !== 0) at[t] = ++n;
  return n;
}

/**
 * Writes the token view of `spans` into `tags` (zeros) and returns it: token t's tag goes to
 * `tags[t]`, or to `tags[at[t] - 1]` when `at` numbers the tokens kept (from 1; see
 * {@link TokenViews.fromSpans}), which must include every token of `spans`.
 */
function writeTags(spans: readonly Span[], tags: Int32Array, at: Int32Array | undefined, labels: LabelIndex): Int32Array {
  let sorted = true;
  for (let k = 1; k < spans.length && sorted; k++) {
    const p = spans[k - 1], q = spans[k];
    // Both differences, always (one code path for every pair of spans).
    const ds = p.start - q.start;
    const de = q.end - p.end;
    const d = ds !== 0 ? ds : de;
    sorted = d < 0 || (d === 0 && p.label <= q.label);
  }
  const order = sorted ? spans : spans.slice().sort((a, b) => a.start - b.start || b.end - a.end || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  for (let k = 0; k < order.length; k++) {
    const s = order[k];
    if (s.fragments === undefined) {
      // The usual contiguous span, without allocating a list of runs.
      if (s.start >= s.end) continue;
      if (at === undefined) {
        let free = true;
        for (let t = s.start; t < s.end && free; t++) free = tags[t] === 0;
        if (!free) continue;
        const l = labels.id(s.label);
        tags[s.start] = 2 * l + 1;
        for (let t = s.start + 1; t < s.end; t++) tags[t] = 2 * l + 2;
      } else {
        // Kept tokens are numbered in order, so a contiguous span's are consecutive.
        const a = at[s.start] - 1;
        const b = a + (s.end - s.start);
        let free = true;
        for (let i = a; i < b && free; i++) free = tags[i] === 0;
        if (!free) continue;
        const l = labels.id(s.label);
        tags[a] = 2 * l + 1;
        for (let i = a + 1; i < b; i++) tags[i] = 2 * l + 2;
      }
      continue;
    }
    const runs = s.fragments;
    const ix = (t: number) => (at === undefined ? t : at[t] - 1);
    let free = true;
    for (const [a, b] of runs) for (let t = a; t < b && free; t++) free = tags[ix(t)] === 0;
    if (!free) continue;
    const l = labels.id(s.label);
    for (const [a, b] of runs) {
      if (a >= b) continue;
      tags[ix(a)] = 2 * l + 1;
      for (let t = a + 1; t < b; t++) tags[ix(t)] = 2 * l + 2;
    }
  }
  return tags;
}

/**
 * Brill & Wu's complementarity at token level (Derczynski 2016, eq. 8):
 * Comp(A, B) = 1 − |A_wrong ∩ B_wrong| / |A_wrong|, where a system is wrong on a token when its
 * tag differs from gold's. What B offers A: 1 when B errs on none of A's wrong tokens (so also
 * when B makes no error at all); `null` when A makes no error (nothing to fix).
 */
export function tokenComp(gold: Int32Array, a: Int32Array, b: Int32Array): { comp: number | null; aWrong: number; bothWrong: number } {
  let aWrong = 0;
  let bothWrong = 0;
  for (let t = 0; t < gold.length; t++) {
    const g = gold[t];
    if (a[t] !== g) {
      aWrong++;
      if (b[t] !== g) bothWrong++;
    }
  }
  return { comp: aWrong === 0 ? null : 1 - bothWrong / aWrong, aWrong, bothWrong };
}

/**
 * Cohen's kappa between two categorical labellings of the same units (Cohen 1960):
 * κ = (p_o − p_e) / (1 − p_e), with p_o the observed agreement and p_e = Σ_k p_A(k)·p_B(k) the
 * agreement expected by chance from each side's marginals. Needs no gold standard. Symmetric.
 * Edge case: `null` when p_e = 1 (both label every unit with the same single category, or there
 * are no units), where κ is 0/0.
 */
export function cohenKappa(a: Int32Array, b: Int32Array, categories: number): number | null {
  const n = a.length;
  if (n === 0) return null;
  const ca = new Float64Array(categories);
  const cb = new Float64Array(categories);
  let agree = 0;
  for (let t = 0; t < n; t++) {
    const x = a[t];
    const y = b[t];
    ca[x]++;
    cb[y]++;
    if (x === y) agree++;
  }
  let pe = 0;
  for (let k = 0; k < categories; k++) pe += (ca[k] / n) * (cb[k] / n);
  const po = agree / n;
  return pe >= 1 ? null : (po - pe) / (1 - pe);
}

/**
 * Cohen's kappa for two binary selections given their 2×2 table: `both` selected by both,
 * `onlyA`, `onlyB`, `neither`. Same edge case as {@link cohenKappa}.
 */
export function binaryKappa(both: number, onlyA: number, onlyB: number, neither: number): number | null {
  const n = both + onlyA + onlyB + neither;
  if (n === 0) return null;
  const po = (both + neither) / n;
  const pa = (both + onlyA) / n;
  const pb = (both + onlyB) / n;
  const pe = pa * pb + (1 - pa) * (1 - pb);
  return pe >= 1 ? null : (po - pe) / (1 - pe);
}

/**
 * Token views of several systems against gold, for pairwise measures in one pass per pair.
 * Only *active* tokens — those some view (or gold) tags — are stored: on every other token all
 * views say outside and agree, so the pairwise loops skip them, which is most of a corpus.
 * `comp(a, b)` equals {@link tokenComp} and `kappa(a, b)` equals {@link cohenKappa} on the
 * full views (tested).
 */
export class TokenViews {
  private readonly gold: Int32Array;
  private readonly views: Int32Array[];
  private readonly wrong: number[];
  /** Per view, a bit per active token: set where the view's tag differs from gold's. */
  private readonly wrongBits: Uint32Array[];
  private readonly marginals: Float64Array[];
  private readonly categories: number;

  /**
   * The views of gold and the systems, one tag per token of a corpus of `length` tokens, over
   * `labels` labels (tags as {@link tokenTags} writes them). With `compact`, `gold` and `views`
   * hold the tags of the same subset of tokens instead, one that includes every token some view
   * tags (as {@link fromSpans} makes them); the tokens left out count as outside in every view.
   */
  constructor(private readonly length: number, gold: Int32Array, views: readonly Int32Array[], labels: number, compact = false) {
    this.categories = 2 * labels + 1;
    if (compact) {
      this.gold = gold;
      this.views = views.slice();
    } else {
      const mark = new Uint8Array(length);
      for (const v of [gold, ...views]) for (let t = 0; t < length; t++) if (v[t] !== 0) mark[t] = 1;
      let n = 0;
      for (let t = 0; t < length; t++) n += mark[t];
      const active = new Int32Array(n);
      for (let t = 0, k = 0; t < length; t++) if (mark[t] === 1) active[k++] = t;
      const pick = (v: Int32Array) => {
        const out = new Int32Array(active.length);
        for (let k = 0; k < active.length; k++) out[k] = v[active[k]];
        return out;
      };
      this.gold = pick(gold);
      this.views = views.map(pick);
    }
    this.wrongBits = this.views.map((v) => {
      const bits = new Uint32Array((v.length + 31) >>> 5);
      for (let k = 0; k < v.length; k++) if (v[k] !== this.gold[k]) bits[k >>> 5] |= 1 << (k & 31);
      return bits;
    });
    this.wrong = this.wrongBits.map((bits) => {
      let w = 0;
      for (let i = 0; i < bits.length; i++) w += popcount(bits[i]);
      return w;
    });
    this.marginals = this.views.map((v) => {
      const m = new Float64Array(this.categories);
      m[0] = length - v.length;
      for (let k = 0; k < v.length; k++) m[v[k]]++;
      return m;
    });
  }

  /**
   * The views of the gold spans and of each system's, straight from the spans: only the tokens
   * some span covers are kept (numbered in one pass over the spans), so no view of the whole
   * corpus is made. Equal to `new TokenViews(length, tokenTags(gold), systems.map(tokenTags), …)`
   * (tested). `labels` interns the labels, as for {@link tokenTags}.
   */
  static fromSpans(length: number, gold: readonly Span[], systems: readonly (readonly Span[])[], labels: LabelIndex): TokenViews {
    const all = [gold, ...systems];
    // at[t]: 0 for a token no span covers, else its number among the covered tokens, from 1.
    const at = new Int32Array(length);
    for (let k = 0; k < all.length; k++) markCovered(at, all[k]);
    const n = numberMarked(at);
    const views = all.map((spans) => writeTags(spans, new Int32Array(n), at, labels));
    return new TokenViews(length, views[0], views.slice(1), labels.size, true);
  }

  /** Brill & Wu's Comp(A, B) over tokens: `null` when A makes no error. */
  comp(a: number, b: number): number | null {
    const own = this.wrong[a];
    if (own === 0) return null;
    // Tokens both get wrong: a popcount over the two error bitsets, 32 tokens a word.
    const wa = this.wrongBits[a], wb = this.wrongBits[b];
    let both = 0;
    for (let i = 0; i < wa.length; i++) both += popcount(wa[i] & wb[i]);
    return 1 - both / own;
  }

  /** Cohen's kappa of views a and b over every token (symmetric). */
  kappa(a: number, b: number): number | null {
    const n = this.length;
    if (n === 0) return null;
    const va = this.views[a], vb = this.views[b];
    let disagree = 0;
    for (let k = 0; k < va.length; k++) if (va[k] !== vb[k]) disagree++;
    const ma = this.marginals[a], mb = this.marginals[b];
    let pe = 0;
    for (let c = 0; c < this.categories; c++) pe += (ma[c] / n) * (mb[c] / n);
    const po = (n - disagree) / n;
    return pe >= 1 ? null : (po - pe) / (1 - pe);
  }
}
