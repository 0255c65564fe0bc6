/**
 * Records keyed by text from the inputs (entity types, labels, system names). Assignment
 * (`out[key] = v`) would not store a key named `__proto__` — it sets the object's prototype
 * instead, so the entry vanishes from the record and from everything computed over its keys —
 * so entries are defined as own properties, which every key can be.
 */

/** A plain object with one own, enumerable property per entry, in the entries' order. */
export function recordOf<T>(entries: Iterable<readonly [string, T]>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}
