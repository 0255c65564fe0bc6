/**
 * One string per distinct piece of text: the table the CoNLL reader makes its tags (and a system
 * file's tokens) with, and that the corpus's token store numbers its vocabulary by (see
 * token-store.ts).
 */

/** At most this many distinct strings are shared per table (the table then takes 48 MiB, and their characters as many again as they have). */
const MAX_SHARED = 1 << 21;

/** Entries per slot of the table (see {@link SharedStrings}). */
const SLOT = 3;

/** Lookups made through a `Map` before the table takes over (see {@link SharedStrings}). */
const MAP_LOOKUPS = 1 << 18;

/**
 * A slice of this many characters or more can be a view of the string it was cut from (in
 * Node's engine), so a token cut from a 4 MiB chunk would keep the whole chunk alive as long as
 * the token lives — the gold's tokens live as long as the corpus. Such tokens are copied.
 */
const MIN_SLICE_VIEW = 13;

/** text[a, b) as a string that holds no reference to `text`. */
export function ownSlice(text: string, a: number, b: number): string {
  const s = text.slice(a, b);
  // Concatenating makes a new string, which slicing flattens into its own copy.
  return b - a >= MIN_SLICE_VIEW ? (' ' + s).slice(1) : s;
}

/**
 * Whether `want` is at `pos` in `text`, which the caller knows is long enough. A loop over
 * character codes: faster than `startsWith` for the short strings (tokens, tags) compared
 * once per line.
 */
export function startsAt(text: string, pos: number, want: string): boolean {
  for (let i = 0; i < want.length; i++) if (text.charCodeAt(pos + i) !== want.charCodeAt(i)) return false;
  return true;
}

/**
 * The tokens and tags of one file as strings: each distinct one is made once, and every
 * occurrence shares it. Text repeats its words, so a large file's tokens take a fraction of the
 * memory of one string per token, and no string kept is a view of a chunk: a long one is copied
 * out of it first.
 *
 * With `shareAfter`, the first that many strings of {@link get} are made one per occurrence
 * (still copied when long) and only later ones are shared.
 *
 * A table's first {@link MAP_LOOKUPS} lookups go through a `Map` keyed by a slice of the text,
 * which the engine hashes and compares natively: cheap from the first call, while a small file's
 * reading runs unoptimised (the CoNLL-2003 gold read in two thirds of the time). Later ones go
 * through an open-addressing hash table over the text's character codes, made then from the
 * map: a token seen before is found by comparing characters where it stands, without a string
 * for it, which is faster once optimised (the map took a third longer over the 1 GB file's first
 * 100 MB). Up to {@link MAX_SHARED} distinct strings are in map or table; later new ones are made
 * one per occurrence.
 *
 * The table holds, for each slot, a string's hash, number and place in a flat array of the
 * strings' characters (its length, then its UTF-16 code units), so a lookup compares with those
 * rather than with the string object: a large vocabulary is out of the processor's caches, and a
 * lookup costs the memory it touches (a third less time a token over the 1 GB file's first
 * 60 MB, 417,264 distinct words).
 */
export class SharedStrings {
  /** Three entries per slot: the hash of its string, its index in `strings` (0: empty), and where its characters are in `chars`. */
  private table = new Int32Array(SLOT << 12);
  /** Each string of the table: its length, then its UTF-16 code units; `top` is the end of what is used. */
  private chars = new Uint16Array(1 << 12);
  private top = 0;
  /** The strings, numbered from 1 (0 marks an empty slot). */
  private readonly strings: string[] = [''];
  /** How many more strings {@link get} makes one per occurrence before sharing starts. */
  private unshared: number;
  /** The slot {@link find} stopped at, and the hash it computed. */
  private slot = 0;
  private hash = 0;
  /** The strings' numbers, while lookups go through it; then undefined. */
  private map: Map<string, number> | undefined = new Map();
  private lookups = 0;
  /** The slice the map was last asked for in vain, until {@link own} takes it. */
  private key = '';

  constructor(shareAfter = 0) {
    this.unshared = shareAfter;
  }

  /** text[a, b) as a string that holds no reference to `text`. */
  get(text: string, a: number, b: number): string {
    if (this.unshared > 0) {
      this.unshared--;
      return ownSlice(text, a, b);
    }
    const k = this.lookup(text, a, b);
    if (k > 0) return this.strings[k];
    const own = this.own(text, a, b);
    if (this.strings.length <= MAX_SHARED) this.insert(own);
    return own;
  }

  /**
   * The number of text[a, b) (from 1): the same number for every occurrence while the table
   * has room, a new one for each occurrence of a string first seen after that.
   */
  id(text: string, a: number, b: number): number {
    const k = this.lookup(text, a, b);
    if (k > 0) return k;
    const own = this.own(text, a, b);
    if (this.strings.length <= MAX_SHARED) return this.insert(own);
    this.strings.push(own);
    return this.strings.length - 1;
  }

  /**
   * Numbers the strings of another table (`list` of one, from its number 1 on: see
   * {@link list}) after this table's, one number each, without looking them up: a string both
   * tables hold then has two numbers, and lookups find only this table's own. Returns the
   * number `list[1]` gets.
   */
  adopt(list: readonly string[]): number {
    const first = this.strings.length;
    for (let k = 1; k < list.length; k++) this.strings.push(list[k]);
    return first;
  }

  /** The string numbered `id` by {@link id}. */
  at(id: number): string {
    return this.strings[id];
  }

  /** Every string by its number (index 0 unused): the array itself, which grows as strings are added. */
  get list(): readonly string[] {
    return this.strings;
  }

  /** Numbers given so far (the greatest id). */
  get size(): number {
    return this.strings.length - 1;
  }

  /** The number of text[a, b) when the map or the table has it, else 0 (ready for {@link insert}). */
  private lookup(text: string, a: number, b: number): number {
    const map = this.map;
    if (map !== undefined) {
      if (++this.lookups <= MAP_LOOKUPS) {
        const key = text.slice(a, b);
        const k = map.get(key);
        if (k !== undefined) return k;
        this.key = key;
        return 0;
      }
      this.toTable(map);
    }
    return this.find(text, a, b);
  }

  /**
   * text[a, b), just looked up and not found, as a string of its own: the slice the map was asked
   * for when that is a copy (no slice is kept past this call: a long one is a view of the chunk).
   */
  private own(text: string, a: number, b: number): string {
    const key = this.key;
    this.key = '';
    return this.map !== undefined && b - a < MIN_SLICE_VIEW ? key : ownSlice(text, a, b);
  }

  /** Moves the map's strings into the table, which takes every lookup from now on. */
  private toTable(map: Map<string, number>): void {
    this.map = undefined;
    while (4 * map.size > (this.table.length / SLOT) * 2) this.table = new Int32Array(2 * this.table.length);
    for (const [s, id] of map) {
      this.find(s, 0, s.length);
      this.place(s, id);
    }
  }

  /** The number of text[a, b) when the table has it, else 0 (with `slot` and `hash` set for {@link insert}). */
  private find(text: string, a: number, b: number): number {
    // FNV-1a over UTF-16 code units, kept to 30 bits (small integers).
    let h = 0x011c9dc5;
    for (let i = a; i < b; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) & 0x3fffffff;
    const table = this.table;
    const chars = this.chars;
    const mask = table.length / SLOT - 1;
    const n = b - a;
    let slot = h & mask;
    for (let k = table[SLOT * slot + 1]; k !== 0; k = table[SLOT * slot + 1]) {
      if (table[SLOT * slot] === h) {
        const at = table[SLOT * slot + 2];
        if (chars[at] === n) {
          let i = 0;
          while (i < n && chars[at + 1 + i] === text.charCodeAt(a + i)) i++;
          if (i === n) return k;
        }
      }
      slot = (slot + 1) & mask;
    }
    this.slot = slot;
    this.hash = h;
    return 0;
  }

  /** Adds `own` to the map, or at the slot {@link find} stopped at; returns its number. */
  private insert(own: string): number {
    const id = this.strings.length;
    this.strings.push(own);
    if (this.map !== undefined) {
      this.map.set(own, id);
      return id;
    }
    this.place(own, id);
    if (4 * id > (this.table.length / SLOT) * 2) this.grow();
    return id;
  }

  /** Writes `s`, number `id`, at the slot {@link find} stopped at, its characters after the others. */
  private place(s: string, id: number): void {
    const n = s.length;
    if (this.top + n + 1 > this.chars.length) {
      const grown = new Uint16Array(Math.max(2 * this.chars.length, this.top + n + 1));
      grown.set(this.chars.subarray(0, this.top));
      this.chars = grown;
    }
    const chars = this.chars;
    const at = this.top;
    chars[at] = n;
    for (let i = 0; i < n; i++) chars[at + 1 + i] = s.charCodeAt(i);
    this.top = at + n + 1;
    const table = this.table;
    table[SLOT * this.slot] = this.hash;
    table[SLOT * this.slot + 1] = id;
    table[SLOT * this.slot + 2] = at;
  }

  /** Doubles the table (kept at most half full). */
  private grow(): void {
    const old = this.table;
    const table = new Int32Array(old.length * 2);
    const mask = table.length / SLOT - 1;
    for (let i = 0; i < old.length; i += SLOT) {
      if (old[i + 1] === 0) continue;
      let slot = old[i] & mask;
      while (table[SLOT * slot + 1] !== 0) slot = (slot + 1) & mask;
      table[SLOT * slot] = old[i];
      table[SLOT * slot + 1] = old[i + 1];
      table[SLOT * slot + 2] = old[i + 2];
    }
    this.table = table;
  }
}
