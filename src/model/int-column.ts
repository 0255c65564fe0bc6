/**
 * A growing column of 32-bit integers: what a part of a corpus built on a worker thread keeps
 * instead of an object per sentence or span (no objects for the garbage collector to trace or
 * move), and sends back as one Int32Array.
 */
export class IntColumn {
  private data = new Int32Array(1 << 10);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(2 * this.data.length);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }

  /** Value `i` (0 ≤ i < length). */
  at(i: number): number {
    return this.data[i];
  }

  /** The values, in an array of their own length. */
  toArray(): Int32Array {
    return this.data.slice(0, this.length);
  }
}
