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
 */
import { SharedStrings } from './shared-strings.js';

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

  /** Tokens stored. */
  get length(): number {
    return this.count;
  }

  /** Token `index` (undefined outside 0..length-1, as an array gives; negative indices are not counted from the end). */
  at(index: number): string | undefined {
    if (!(index >= 0 && index < this.count)) return undefined;
    return this.words[this.pages[index >>> PAGE_BITS][index & PAGE_MASK]];
  }

  /** Appends the token text[a, b) (with no reference to `text` kept); returns it, as the vocabulary's string. */
  add(text: string, a: number, b: number): string {
    const id = this.vocabulary.id(text, a, b);
    this.put(id);
    return this.words[id];
  }

  /** Appends `token`. */
  push(token: string): void {
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
    const out: string[] = new Array(b - a);
    const { words, pages } = this;
    for (let i = a; i < b; i++) out[i - a] = words[pages[i >>> PAGE_BITS][i & PAGE_MASK]];
    return out;
  }

  /** Distinct tokens numbered (a token first seen after the vocabulary's table filled counts once per occurrence, and one of a store appended once more). */
  get distinct(): number {
    return this.vocabulary.size;
  }

  /** The store as it travels between threads (the pages' buffers can be transferred: {@link storedBuffers}). */
  stored(): StoredTokens {
    return { words: this.words as string[], pages: this.pages, count: this.count };
  }

  /**
   * Appends the tokens of a store sent from another thread ({@link stored}). Its vocabulary is
   * numbered after this one's as it is, not looked up word by word (which took as long as a
   * tenth of the reading): a word both stores hold is then two strings, a small cost beside the
   * tokens' own numbers.
   */
  appendStored(t: StoredTokens): void {
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
      const full = new Int32Array(PAGE);
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

  private put(id: number): void {
    const page = this.count >>> PAGE_BITS;
    if (page === this.pages.length) this.pages.push(new Int32Array(this.pages.length === 0 ? 1 << 12 : PAGE));
    else if ((this.count & PAGE_MASK) === this.pages[page].length) this.growFirst();
    this.pages[page][this.count & PAGE_MASK] = id;
    this.count++;
  }

  /** The first page starts small (a small corpus needs no 4 MiB) and doubles up to a full page. */
  private growFirst(): void {
    const old = this.pages[0];
    const grown = new Int32Array(Math.min(PAGE, old.length * 2));
    grown.set(old);
    this.pages[0] = grown;
  }
}

/** A {@link TokenStore} as it travels between threads: its vocabulary by number (0 unused), and the numbers of its tokens in pages of 2^20. */
export interface StoredTokens {
  words: string[];
  pages: Int32Array[];
  count: number;
}

/** The buffers of a stored token list, to transfer rather than copy. */
export function storedBuffers(t: StoredTokens): ArrayBuffer[] {
  return t.pages.map((p) => p.buffer as ArrayBuffer);
}
