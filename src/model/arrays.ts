/**
 * Empty arrays that hold objects from the start, so that the arrays of spans every reader and
 * aligner fills have one kind of element whatever the file (see docs/performance.md).
 */

const SOME_OBJECTS: object[] = [{}];

/** An empty array that holds objects from the start, so that it never changes its kind. */
export function emptyObjects<T extends object>(): T[] {
  return SOME_OBJECTS.slice(0, 0) as T[];
}
