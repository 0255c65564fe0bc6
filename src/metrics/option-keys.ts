/**
 * The keys an options object may have: a misspelt option (`{ mtach: 'partial' }`) is a
 * {@link UsageError} naming it and the option meant, as a command refuses an unknown option,
 * rather than silently left out (the default taken in its place).
 *
 * Each options type lists its keys at run time, with a compile-time guarantee that the list is
 * that type's keys exactly:
 *
 * ```ts
 * export const EVAL_OPTION_KEYS = ['beta', 'match', …] as const satisfies readonly (keyof EvalOptions)[];
 * type _EvalKeysListed = NoneMissing<Exclude<keyof EvalOptions, (typeof EVAL_OPTION_KEYS)[number]>>;
 * ```
 *
 * `satisfies` refuses a name that is no option; `NoneMissing` refuses an option the list misses
 * (tsc names it), so an option added to the type and not to its list fails the type check.
 */
import { showValue, UsageError } from '../errors.js';

/** Compiles only when `Missing` is `never`: no key of the type is missing from its list (tsc names the ones that are). */
export type NoneMissing<Missing extends never> = Missing;

/** The farthest (in edits) an unknown key is from the option it is taken for a misspelling of. */
const MAX_EDITS = 2;

/** How many unknown keys a message names (one line, whatever the object). */
const SHOWN_KEYS = 5;

/**
 * Throws a UsageError about `param` when `options` has an own key that `known` does not list,
 * whatever its value (undefined too: the key is misspelt either way). The message is one line:
 * `options: unknown option "mtach" (did you mean "match"?); known options: beta, match, …`.
 * Not an object: nothing to check (the caller's own check says what it expects).
 */
export function checkOptionKeys(param: string, options: unknown, known: readonly string[]): void {
  if (options === null || typeof options !== 'object') return;
  let unknown: string[] | undefined;
  for (const key of Object.keys(options)) if (!known.includes(key)) (unknown ??= []).push(key);
  if (unknown === undefined) return;
  const named = unknown.slice(0, SHOWN_KEYS).map((key) => {
    const near = nearestKey(key, known);
    return near === undefined ? showValue(key) : `${showValue(key)} (did you mean ${showValue(near)}?)`;
  });
  if (unknown.length > SHOWN_KEYS) named.push(`and ${unknown.length - SHOWN_KEYS} more`);
  const listed = [...known].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).join(', ');
  throw UsageError.about(param, `unknown option${unknown.length === 1 ? '' : 's'} ${named.join(', ')}; known options: ${listed}`);
}

/**
 * The known key `key` is most likely a misspelling of: one with the same letters but for case
 * (`MinSize`, `minsize` for `minSize`), else the nearest within {@link MAX_EDITS} edits (a letter
 * added, dropped, changed, or two side by side swapped: `mtach` for `match`; at most `maxEdits`),
 * the first listed of equally near ones; undefined when none is that near.
 */
export function nearestKey(key: string, known: readonly string[], maxEdits = MAX_EDITS): string | undefined {
  const lower = key.toLowerCase();
  const sameLetters = known.find((k) => k.toLowerCase() === lower);
  if (sameLetters !== undefined) return sameLetters;
  let best: string | undefined;
  let bestEdits = maxEdits + 1;
  for (const k of known) {
    const d = editDistance(lower, k.toLowerCase(), bestEdits);
    if (d < bestEdits) {
      best = k;
      bestEdits = d;
    }
  }
  return best;
}

/**
 * The edits (insertions, deletions, substitutions, transpositions of adjacent characters) that
 * turn `a` into `b` (optimal string alignment), or `cap` when it is `cap` or more.
 */
export function editDistance(a: string, b: string, cap = Infinity): number {
  if (Math.abs(a.length - b.length) >= cap) return cap;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      if (d < rowMin) rowMin = d;
    }
    if (rowMin >= cap) return cap;
    prev2 = prev;
    prev = row;
  }
  return Math.min(prev[b.length], cap);
}

/**
 * The options of `options` that `keys` lists (its own properties, undefined ones too): a caller's
 * wider options passed on to a function that takes fewer, which refuses the others.
 */
export function pickKeys<T extends object, K extends string>(options: T, keys: readonly K[]): Pick<T, K & keyof T> {
  const out: Partial<Record<string, unknown>> = {};
  for (const k of keys) if (Object.hasOwn(options, k)) out[k] = (options as Record<string, unknown>)[k];
  return out as Pick<T, K & keyof T>;
}
