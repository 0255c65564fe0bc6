/**
 * A growing column of 32-bit integers in pages: what a part of a corpus built on a worker thread
 * keeps instead of an object per sentence or span (no objects for the garbage collector to trace
 * or move), and sends back page by page ({@link PagedInts}, buffers transferred).
 *
 * Pages, not one array doubled as it grows: a doubled array frees the one before, and memory a
 * thread frees is memory the C library keeps for that thread (on the 1 GB file, tens of MiB more
 * at the peak of the load).
 */
import { int32s } from './page-memory.js';

/** Values a page holds: 2^16 (256 KiB). */
const PAGE_BITS = 16;
const PAGE = 1 << PAGE_BITS;
const PAGE_MASK = PAGE - 1;

/** A column's values as they travel: value i is `pages[i >> 16][i & 0xffff]`. */
export interface PagedInts {
  pages: Int32Array[];
  length: number;
}

export class IntColumn {
  private readonly pages: Int32Array[] = [];
  length = 0;

  push(value: number): void {
    const i = this.length;
    if ((i & PAGE_MASK) === 0) this.pages.push(int32s(PAGE));
    this.pages[i >>> PAGE_BITS][i & PAGE_MASK] = value;
    this.length = i + 1;
  }

  /** Value `i` (0 ≤ i < length). */
  at(i: number): number {
    return this.pages[i >>> PAGE_BITS][i & PAGE_MASK];
  }

  /** The values, to send (the pages themselves, not copies). */
  toPaged(): PagedInts {
    return { pages: this.pages, length: this.length };
  }
}

/** Value `i` of paged values. */
export function pagedAt(p: PagedInts, i: number): number {
  return p.pages[i >>> PAGE_BITS][i & PAGE_MASK];
}

/** The buffers of paged values, to transfer rather than copy. */
export function pagedBuffers(p: PagedInts): ArrayBuffer[] {
  return p.pages.map((page) => page.buffer as ArrayBuffer);
}

/**
 * A growing list of 32-bit integers in one array (doubled as it grows), read as an Int32Array
 * ({@link view}): four bytes a value where an array of numbers takes eight, and nothing for the
 * garbage collector to copy as it grows.
 */
export class IntList {
  private data = int32s(1 << 10);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = int32s(2 * this.data.length);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  /** Value `i` (0 ≤ i < length). */
  at(i: number): number {
    return this.data[i];
  }

  /**
   * Makes room for `n` more values at once, exactly, where pushes would double the array as it
   * fills (for a part of known size appended at once: no room left over, no array in between).
   */
  reserve(n: number): void {
    const need = this.length + n;
    if (need <= this.data.length) return;
    const grown = int32s(need);
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }

  /** The values so far, as a view of the list's own array (valid until the next push). */
  view(): Int32Array {
    return this.data.subarray(0, this.length);
  }
}
