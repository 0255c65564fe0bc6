/**
 * Member sets of the planner: up to 64 systems, as two 32-bit words — `lo` holds systems 0–31
 * (bit m for system m) and `hi` systems 32–63 (bit m − 32) — passed as two plain numbers.
 *
 * Why two words and not one number or a BigInt: the searches score a member set in one pass
 * over thousands of item patterns, each step an AND and a popcount of the pattern's mask with
 * the set's. A JS number holds an exact integer bitmask only up to 2^53, and its bit operators
 * work on 32 bits; a BigInt is exact but allocates on every operation, which would cost more
 * than the pass itself. Two 32-bit words keep every step a pair of integer operations without
 * allocation, and with at most 32 systems the high word is 0 everywhere: a loop that skips it
 * when the set's high word is 0 runs exactly as it did when member sets were one word.
 *
 * Where a member set must be a key (maps, sets, hashes outside the hot loops), {@link setKey}
 * gives the low word itself when the high word is 0 — the key a one-word set always had — and a
 * string of both words otherwise, so keys stay exact above 2^53.
 */
import { popcount } from '../model/bitset.js';

/** The low word of system x's bit (0 for x ≥ 32). */
export function bitLo(x: number): number {
  return x < 32 ? 1 << x : 0;
}

/** The high word of system x's bit (0 for x < 32). */
export function bitHi(x: number): number {
  return x < 32 ? 0 : 1 << (x - 32);
}

/** Whether system x is in the set (lo, hi). */
export function hasMember(lo: number, hi: number, x: number): boolean {
  return ((x < 32 ? lo >>> x : hi >>> (x - 32)) & 1) === 1;
}

/** Number of members of the set (lo, hi). */
export function setSize(lo: number, hi: number): number {
  return hi === 0 ? popcount(lo) : popcount(lo) + popcount(hi);
}

/** The low word of the set of all n systems. */
export function allLo(n: number): number {
  return n >= 32 ? -1 : n === 31 ? 0x7fffffff : (1 << n) - 1;
}

/** The high word of the set of all n systems. */
export function allHi(n: number): number {
  return n <= 32 ? 0 : n >= 64 ? -1 : (1 << (n - 32)) - 1;
}

/** The position of the lowest set bit of a 32-bit word (x ≠ 0). */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/**
 * Order of member sets as unsigned 64-bit integers (high word first): negative when a comes
 * first. With high words 0 and fewer than 31 systems, the order of the one-word bitmasks.
 */
export function compareSets(aLo: number, aHi: number, bLo: number, bHi: number): number {
  if (aHi !== bHi) return (aHi >>> 0) - (bHi >>> 0);
  return (aLo >>> 0) - (bLo >>> 0);
}

/** An exact key of a member set: its low word when the high word is 0, else a string of both. */
export function setKey(lo: number, hi: number): number | string {
  return hi === 0 ? lo : `${lo >>> 0}:${hi >>> 0}`;
}

/** The members (increasing) of the set (lo, hi). */
export function membersOfSet(lo: number, hi: number): number[] {
  const out: number[] = [];
  for (let x = lo; x !== 0; x &= x - 1) out.push(lowestBit(x));
  for (let x = hi; x !== 0; x &= x - 1) out.push(32 + lowestBit(x));
  return out;
}

/**
 * Interned member sets: each distinct set gets a dense id, with its words in `lo[id]`, `hi[id]`.
 * What a search keys its maps by when a set may have a high word (no key is allocated to find
 * a set of high word 0).
 */
export class SetIds {
  lo: number[] = [];
  hi: number[] = [];
  private readonly low = new Map<number, number>();
  private readonly high = new Map<number, Map<number, number>>();

  /** The id of the set (lo, hi), given on first request. */
  id(lo: number, hi: number): number {
    let map = this.low;
    if (hi !== 0) {
      let m = this.high.get(hi);
      if (m === undefined) this.high.set(hi, (m = new Map()));
      map = m;
    }
    let id = map.get(lo);
    if (id === undefined) {
      id = this.lo.length;
      this.lo.push(lo);
      this.hi.push(hi);
      map.set(lo, id);
    }
    return id;
  }

  /** Number of sets interned. */
  get size(): number {
    return this.lo.length;
  }

  /** {@link compareSets} of two ids' sets. */
  compare(a: number, b: number): number {
    return compareSets(this.lo[a], this.hi[a], this.lo[b], this.hi[b]);
  }
}
