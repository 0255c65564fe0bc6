/**
 * Arrays made for the JIT's sake.
 *
 * An empty array literal starts out holding small integers, and changes its kind of element at
 * the first object pushed. Code the JIT compiled while filling one such array (after its change)
 * is thrown away when the next fresh array (before its change) comes along: one for each file
 * read, or each system aligned.
 */

const SOME_OBJECTS: object[] = [{}];

/** An empty array that holds objects from the start, so that it never changes its kind. */
export function emptyObjects<T extends object>(): T[] {
  return SOME_OBJECTS.slice(0, 0) as T[];
}
