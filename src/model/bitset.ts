/**
 * Fixed-size bitsets over the item universe, as `Uint32Array` words. Every set operation the
 * metrics, complementarity and ensembles need is a word-wise AND/OR/AND-NOT plus a popcount.
 */
export class Bitset {
  readonly words: Uint32Array;

  constructor(readonly size: number, words?: Uint32Array) {
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
  }

  static from(size: number, ids: Iterable<number>): Bitset {
    const b = new Bitset(size);
    if (Array.isArray(ids)) {
      for (let k = 0; k < ids.length; k++) b.add(ids[k]);
    } else {
      for (const id of ids) b.add(id);
    }
    return b;
  }

  add(id: number): void {
    this.words[id >>> 5] |= 1 << (id & 31);
  }

  has(id: number): boolean {
    return (this.words[id >>> 5] & (1 << (id & 31))) !== 0;
  }

  /** Number of members. */
  count(): number {
    let n = 0;
    const w = this.words;
    for (let i = 0; i < w.length; i++) n += popcount(w[i]);
    return n;
  }

  and(o: Bitset): Bitset {
    return this.zip(o, (a, b) => a & b);
  }

  or(o: Bitset): Bitset {
    return this.zip(o, (a, b) => a | b);
  }

  andNot(o: Bitset): Bitset {
    return this.zip(o, (a, b) => a & ~b);
  }

  /** |this ∩ o| without allocating. */
  andCount(o: Bitset): number {
    let n = 0;
    const a = this.words;
    const b = o.words;
    for (let i = 0; i < a.length; i++) n += popcount(a[i] & b[i]);
    return n;
  }

  /** Members in increasing order, as an array (much faster than iterating). */
  toArray(): Int32Array {
    const out = new Int32Array(this.count());
    const w = this.words;
    let k = 0;
    for (let i = 0; i < w.length; i++) {
      let x = w[i];
      while (x !== 0) {
        const low = x & -x;
        out[k++] = (i << 5) + (31 - Math.clz32(low));
        x ^= low;
      }
    }
    return out;
  }

  /** Members in increasing order. */
  *[Symbol.iterator](): IterableIterator<number> {
    const w = this.words;
    for (let i = 0; i < w.length; i++) {
      let x = w[i];
      while (x !== 0) {
        const low = x & -x;
        yield (i << 5) + (31 - Math.clz32(low));
        x ^= low;
      }
    }
  }

  private zip(o: Bitset, f: (a: number, b: number) => number): Bitset {
    if (o.size !== this.size) throw new RangeError(`bitset sizes differ (${this.size} and ${o.size})`);
    const out = new Uint32Array(this.words.length);
    for (let i = 0; i < out.length; i++) out[i] = f(this.words[i], o.words[i]) >>> 0;
    return new Bitset(this.size, out);
  }
}

/** Number of set bits in a 32-bit word (SWAR). */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
