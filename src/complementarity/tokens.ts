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
import type { Span } from '../model/corpus.js';

/** Interns labels to small integers, shared by every view compared together. */
export class LabelIndex {
  private readonly ids = new Map<string, number>();

  id(label: string): number {
    let id = this.ids.get(label);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(label, id);
    }
    return id;
  }

  get size(): number {
    return this.ids.size;
  }
}

/** The token view of `spans` over a corpus of `length` tokens. */
export function tokenTags(spans: readonly Span[], length: number, labels: LabelIndex): Int32Array {
  const tags = new Int32Array(length);
  const order = spans.slice().sort((a, b) => a.start - b.start || b.end - a.end || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  for (const s of order) {
    const runs = s.fragments ?? [[s.start, s.end] as [number, number]];
    let free = true;
    for (const [a, b] of runs) for (let t = a; t < b && free; t++) free = tags[t] === 0;
    if (!free) continue;
    const l = labels.id(s.label);
    for (const [a, b] of runs) {
      if (a >= b) continue;
      tags[a] = 2 * l + 1;
      for (let t = a + 1; t < b; t++) tags[t] = 2 * l + 2;
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
