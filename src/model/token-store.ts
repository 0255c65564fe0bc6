/**
 * The tokens of a corpus as numbers: each distinct token is one string of a vocabulary, and the
 * corpus keeps one 32-bit number per token, in pages of typed arrays. A reader writes a token
 * straight from the chunk text it stands in ({@link TokenStore.add}), without a string for each
 * occurrence; a token is a string again only when something asks for it ({@link TokenStore.at}).
 *
 * Four bytes a token, against eight for a pointer in an array of strings and more for a string
 * each (see docs/performance.md), and nothing for the garbage collector to trace but the
 * vocabulary. Pages are never copied as the store grows, so a large load needs no doubled array
 * at its peak.
 *
 * A store told to {@link defer} keeps where each token stands in the chunk text it was read from
 * instead, and numbers them only when something asks for the tokens as strings: finding a token
 * in the vocabulary is a third of reading a gold file, and scoring never asks (a system file's
 * tokens are checked where they stand, {@link endAt}). It keeps the chunks meanwhile, up to a
 * limit of characters, past which it numbers what it has and goes on as usual.
 *
 * A store told to {@link countOnly} keeps nothing: it counts the tokens of a reference that no
 * other file is checked against, for a caller that never asks for a token (`eval` of one
 * conlleval file: on a 1 GB file of CoNLL-2003 text, 92 M tokens, 350 MiB of numbers and a
 * vocabulary look-up each, for nothing). Asking it for a token is an error.
 */
import { KeptTexts } from './kept-texts.js';
import { ownSlice, SharedStrings, startsAt } from './shared-strings.js';
import { int32s } from './page-memory.js';

/** Tokens a page holds: 2^20 (4 MiB). */
const PAGE_BITS = 20;
const PAGE = 1 << PAGE_BITS;
const PAGE_MASK = PAGE - 1;

/** What the readers of a token list need: its length and token i (as arrays and {@link TokenStore} both give). */
export interface TokenList {
  readonly length: number;
  at(index: number): string | undefined;
  slice(start?: number, end?: number): string[];
}

export class TokenStore implements TokenList {
  private readonly vocabulary = new SharedStrings();
  /** The vocabulary's strings by number (read directly: a token is asked for once per use). */
  private readonly words = this.vocabulary.list;
  private readonly pages: Int32Array[] = [];
  private count = 0;
  /** The token last given to {@link push}, and its number: a run of one token (`O` tags) looks it up once. */
  private lastWord: string | undefined;
  private lastId = 0;
  /** While deferring ({@link defer}): the tokens stand in these texts, and not yet numbered. */
  private deferred: Deferred | undefined;
  /** Whether tokens are counted and not kept ({@link countOnly}). */
  private counting = false;

  /** Tokens stored. */
  get length(): number {
    return this.count;
  }

  /** Token `index` (undefined outside 0..length-1, as an array gives; negative indices are not counted from the end). */
  at(index: number): string | undefined {
    if (!(index >= 0 && index < this.count)) return undefined;
    if (this.counting) throw notKept();
    const d = this.deferred;
    if (d !== undefined) {
      // A few tokens are cut from their text; asked for many, the store numbers them all.
      if (++d.asked <= DEFERRED_ASKS) {
        const k = d.textOf(index);
        return ownSlice(d.kept.texts[k], this.pages[index >>> PAGE_BITS][index & PAGE_MASK], d.ends[index >>> PAGE_BITS][index & PAGE_MASK]);
      }
      this.number();
    }
    return this.words[this.pages[index >>> PAGE_BITS][index & PAGE_MASK]];
  }

  /**
   * Token `index` (in the store) to use at once, joined or compared, not kept: while the store
   * defers, cut from its text (it may be a view that keeps the text), without numbering the store.
   */
  view(index: number): string {
    if (this.counting) throw notKept();
    const d = this.deferred;
    const i = this.pages[index >>> PAGE_BITS][index & PAGE_MASK];
    if (d === undefined) return this.words[i];
    return d.kept.texts[d.textOf(index)].slice(i, d.ends[index >>> PAGE_BITS][index & PAGE_MASK]);
  }

  /**
   * Where token `index` ends in `text` when it stands there from `pos` (its characters, compared
   * where they stand), else -1. The caller knows the index is in the store.
   */
  endAt(index: number, text: string, pos: number): number {
    if (this.counting) throw notKept();
    const d = this.deferred;
    const i = this.pages[index >>> PAGE_BITS][index & PAGE_MASK];
    if (d === undefined) {
      const word = this.words[i];
      return pos + word.length <= text.length && startsAt(text, pos, word) ? pos + word.length : -1;
    }
    const own = d.kept.texts[d.textOf(index)];
    const end = d.ends[index >>> PAGE_BITS][index & PAGE_MASK];
    const n = end - i;
    if (pos + n > text.length) return -1;
    for (let j = 0; j < n; j++) if (text.charCodeAt(pos + j) !== own.charCodeAt(i + j)) return -1;
    return pos + n;
  }

  /** Whether the store keeps its tokens where they stand, not numbered yet (see {@link defer}). */
  get deferring(): boolean {
    return this.deferred !== undefined;
  }

  /**
   * From now on (and while the store is empty or already deferring), {@link place} keeps where
   * tokens stand in their texts, up to `chars` characters of text, rather than numbering them.
   */
  defer(chars: number): void {
    if (this.count === 0 && this.deferred === undefined && !this.counting) this.deferred = new Deferred(chars);
  }

  /**
   * From now on (while the store is empty), tokens are counted and not kept: {@link length} is
   * right, and asking for any token is an error.
   */
  countOnly(): void {
    if (this.count === 0 && this.deferred === undefined) this.counting = true;
  }

  /** Whether the store counts its tokens and keeps none (see {@link countOnly}). */
  get countsOnly(): boolean {
    return this.counting;
  }

  /**
   * Appends the token text[a, b), of the reader's chunk number `chunk`: where it stands, while the
   * store defers (see {@link defer}); else as {@link add}.
   */
  place(text: string, chunk: number, a: number, b: number): void {
    if (this.counting) {
      this.count++;
      return;
    }
    const d = this.deferred;
    if (d === undefined) {
      this.put(this.vocabulary.id(text, a, b));
      return;
    }
    const kept = d.kept.texts.length;
    const k = d.kept.keep(text, chunk);
    if (k < 0) {
      this.number();
      this.put(this.vocabulary.id(text, a, b));
      return;
    }
    if (k === kept) d.firsts.push(this.count);
    const page = this.count >>> PAGE_BITS;
    this.put(a);
    if (page === d.ends.length) d.ends.push(int32s(this.pages[page].length));
    else if (d.ends[page].length < this.pages[page].length) {
      const grown = int32s(this.pages[page].length);
      grown.set(d.ends[page]);
      d.ends[page] = grown;
    }
    d.ends[page][(this.count - 1) & PAGE_MASK] = b;
  }

  /** Appends the token text[a, b) (with no reference to `text` kept); returns it, as the vocabulary's string. */
  add(text: string, a: number, b: number): string {
    if (this.counting) {
      this.count++;
      return text.slice(a, b);
    }
    if (this.deferred !== undefined) this.number();
    const id = this.vocabulary.id(text, a, b);
    this.put(id);
    return this.words[id];
  }

  /** Appends `token`. */
  push(token: string): void {
    if (this.counting) {
      this.count++;
      return;
    }
    if (this.deferred !== undefined) this.number();
    if (token !== this.lastWord) {
      this.lastId = this.vocabulary.id(token, 0, token.length);
      this.lastWord = token;
    }
    this.put(this.lastId);
  }

  /** The tokens from `start` to `end` (exclusive), as an array slice gives them. */
  slice(start = 0, end = this.count): string[] {
    const a = Math.max(0, Math.min(start, this.count));
    const b = Math.max(a, Math.min(end, this.count));
    if (this.counting && b > a) throw notKept();
    const d = this.deferred;
    if (d !== undefined) {
      // A few tokens (an item's, an example's) are cut from their text, as at() cuts them.
      if (b - a <= DEFERRED_SLICE && d.asked + (b - a) <= DEFERRED_ASKS) {
        const few: string[] = new Array(b - a);
        for (let i = a; i < b; i++) few[i - a] = this.at(i)!;
        return few;
      }
      this.number();
    }
    const out: string[] = new Array(b - a);
    const { words, pages } = this;
    for (let i = a; i < b; i++) out[i - a] = words[pages[i >>> PAGE_BITS][i & PAGE_MASK]];
    return out;
  }

  /** Distinct tokens numbered (a token first seen after the vocabulary's table filled counts once per occurrence, and one of a store appended once more). */
  get distinct(): number {
    if (this.counting) throw notKept();
    if (this.deferred !== undefined) this.number();
    return this.vocabulary.size;
  }

  /**
   * The store as it travels between threads (the pages' buffers can be transferred: {@link storedBuffers}).
   * A deferring store travels as it is, its texts with it (see {@link appendStored}).
   */
  stored(): StoredTokens {
    const d = this.deferred;
    const t: StoredTokens = { words: this.words as string[], pages: this.pages, count: this.count };
    if (this.counting) t.counted = true;
    if (d !== undefined) t.deferred = { texts: d.kept.texts, firsts: d.firsts, ends: d.ends };
    return t;
  }

  /**
   * Appends the tokens of a store sent from another thread ({@link stored}). Its vocabulary is
   * numbered after this one's as it is, not looked up word by word (which took as long as a
   * tenth of the reading): a word both stores hold is then two strings, a small cost beside the
   * tokens' own numbers.
   */
  appendStored(t: StoredTokens): void {
    if (t.counted === true || this.counting) {
      // Counted stores add up; a store that keeps its tokens cannot take a counted one's.
      if (t.counted !== true ? t.count > 0 : this.count > 0 && !this.counting) throw new Error('a store that counts its tokens and one that keeps them cannot be joined');
      this.counting = true;
      this.count += t.count;
      return;
    }
    if (t.deferred !== undefined) {
      const d = t.deferred;
      if (this.count === 0 && this.deferred === undefined) {
        // An empty store takes a deferring one's tokens as they are, still deferring.
        const own = new Deferred(Infinity);
        for (let k = 0; k < d.texts.length; k++) own.kept.keep(d.texts[k], k);
        own.firsts.push(...d.firsts);
        own.ends.push(...d.ends);
        this.pages.push(...t.pages);
        this.count = t.count;
        this.deferred = own;
        return;
      }
      const other = new TokenStore();
      other.appendStored(t);
      other.number();
      t = other.stored();
    }
    if (this.deferred !== undefined) this.number();
    const { words, pages, count } = t;
    const shift = this.vocabulary.adopt(words) - 1;
    this.lastWord = undefined;
    if (count < PAGE || pages[0].length < PAGE) {
      for (let i = 0; i < count; i++) this.put(shift + pages[i >>> PAGE_BITS][i & PAGE_MASK]);
      return;
    }
    // The other store's pages become this store's, its numbers changed in place, rather than
    // copied (on the 1 GB file a copy was 96 MiB more at the peak of the load).
    for (const page of pages) for (let i = 0; i < page.length; i++) page[i] += shift;
    if (this.pages.length === 1 && this.pages[0].length < PAGE) {
      const full = int32s(PAGE);
      full.set(this.pages[0]);
      this.pages[0] = full;
    }
    // This store's last page is filled first; each later page is one of the other's, moved back
    // by as many tokens as went there.
    const used = this.count & PAGE_MASK;
    const room = used === 0 ? 0 : PAGE - used;
    if (room > 0) this.pages[this.pages.length - 1].set(pages[0].subarray(0, room), used);
    const added = Math.ceil((count - room) / PAGE);
    for (let q = 0; q < added; q++) {
      const page = pages[q];
      if (room > 0) {
        page.copyWithin(0, room, PAGE);
        if (q + 1 < pages.length) page.set(pages[q + 1].subarray(0, room), PAGE - room);
      }
      this.pages.push(page);
    }
    this.count += count;
  }

  /** Numbers the tokens kept where they stand (see {@link defer}), in place, and stops deferring. */
  private number(): void {
    const d = this.deferred!;
    this.deferred = undefined;
    const vocabulary = this.vocabulary;
    const texts = d.kept.texts;
    for (let k = 0; k < texts.length; k++) {
      const text = texts[k];
      const last = k + 1 < texts.length ? d.firsts[k + 1] : this.count;
      for (let i = d.firsts[k]; i < last; i++) {
        const page = this.pages[i >>> PAGE_BITS];
        page[i & PAGE_MASK] = vocabulary.id(text, page[i & PAGE_MASK], d.ends[i >>> PAGE_BITS][i & PAGE_MASK]);
      }
    }
  }

  private put(id: number): void {
    const page = this.count >>> PAGE_BITS;
    if (page === this.pages.length) this.pages.push(int32s(this.pages.length === 0 ? 1 << 12 : PAGE));
    else if ((this.count & PAGE_MASK) === this.pages[page].length) this.growFirst();
    this.pages[page][this.count & PAGE_MASK] = id;
    this.count++;
  }

  /** The first page starts small (a small corpus needs no 4 MiB) and doubles up to a full page. */
  private growFirst(): void {
    const old = this.pages[0];
    const grown = int32s(Math.min(PAGE, old.length * 2));
    grown.set(old);
    this.pages[0] = grown;
  }
}

/** Token `index` of `tokens` to use at once, not keep (see {@link TokenStore.view}). */
export function viewOf(tokens: TokenList, index: number): string {
  return tokens instanceof TokenStore ? tokens.view(index) : tokens.at(index)!;
}

/** Tokens cut from their text at most this many times before a deferring store numbers them all. */
const DEFERRED_ASKS = 4096;

/** The longest slice a deferring store cuts from its text rather than numbering its tokens. */
const DEFERRED_SLICE = 64;

/**
 * Where a deferring {@link TokenStore}'s tokens stand: the texts (chunks of a file), the first
 * token of each, and each token's end (its start is in the store's own pages until numbered).
 */
class Deferred {
  readonly kept: KeptTexts;
  /** The first token of each kept text. */
  readonly firsts: number[] = [];
  readonly ends: Int32Array[] = [];
  /** Tokens cut from their texts so far (see {@link TokenStore.at}). */
  asked = 0;
  /** The text last found by {@link textOf}. */
  private found = 0;

  constructor(limit: number) {
    this.kept = new KeptTexts(limit);
  }

  /** The text token `index` stands in: the last one found, or the next, or found by halves. */
  textOf(index: number): number {
    const firsts = this.firsts;
    let k = this.found;
    if (!(firsts[k] <= index && (k + 1 === firsts.length || index < firsts[k + 1]))) {
      let lo = 0;
      let hi = firsts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (firsts[mid] <= index) lo = mid;
        else hi = mid - 1;
      }
      k = this.found = lo;
    }
    return k;
  }
}

/** A {@link TokenStore} as it travels between threads: its vocabulary by number (0 unused), and the numbers of its tokens in pages of 2^20. */
export interface StoredTokens {
  words: string[];
  pages: Int32Array[];
  count: number;
  /** A store that only counted its tokens ({@link TokenStore.countOnly}): no words or pages. */
  counted?: true;
  /** A deferring store's texts, the first token of each, and its tokens' ends (its pages hold their starts). */
  deferred?: { texts: string[]; firsts: number[]; ends: Int32Array[] };
}

/** The buffers of a stored token list, to transfer rather than copy. */
export function storedBuffers(t: StoredTokens): ArrayBuffer[] {
  return [...t.pages, ...(t.deferred?.ends ?? [])].map((p) => p.buffer as ArrayBuffer);
}

/** What a store that only counts its tokens says when asked for one. */
function notKept(): Error {
  return new Error('the tokens of this corpus were not kept: it was loaded with {keepTokens: false}, for a caller that never asks for one');
}
