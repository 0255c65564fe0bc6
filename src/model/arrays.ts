/**
 * Empty arrays that hold objects from the start, so that the arrays of spans every reader and
 * aligner fills have one kind of element whatever the file (see docs/performance.md).
 */

const SOME_OBJECTS: object[] = [{}];

/** An empty array that holds objects from the start, so that it never changes its kind. */
export function emptyObjects<T extends object>(): T[] {
  return SOME_OBJECTS.slice(0, 0) as T[];
}

/**
 * Lengthens `list` by `n` slots at once, for the caller to fill, and returns the first: what
 * appends millions of elements known in advance (a part of a file read on another thread) does
 * rather than push them. Pushes copy the array each time it fills, to one and a half times its
 * size, and every copy left behind waits for a full collection: on a 1 GB file of CoNLL-2003
 * text, appending the worker's half of the spans that way left about 200 MiB of them at the
 * load's peak. The array counts as holey from then on, which its readers take as it is.
 */
export function lengthen<T>(list: T[], n: number): number {
  const from = list.length;
  if (n > 0) list.length = from + n;
  return from;
}

/**
 * Slots a list was lengthened by ahead of appends of known sizes, taken in order: the list grows
 * once for them all rather than once an append ({@link lengthen}). An append past them lengthens
 * the list itself.
 */
export class ReservedSlots {
  /** The first slot not taken yet; -1: none left. */
  private next = -1;

  /** Lengthens `list` by `n` slots for the appends to come (when none are left from before). */
  reserve(list: unknown[], n: number): void {
    if (n > 0 && this.next < 0) this.next = lengthen(list, n);
  }

  /** Where the next append to `list` goes. */
  at(list: readonly unknown[]): number {
    return this.next >= 0 ? this.next : list.length;
  }

  /** Takes `n` slots of `list` for an append, and returns the first. */
  take(list: unknown[], n: number): number {
    if (this.next < 0) return lengthen(list, n);
    const from = this.next;
    this.next += n;
    if (this.next >= list.length) this.next = -1;
    return from;
  }
}
