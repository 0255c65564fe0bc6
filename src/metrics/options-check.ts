/**
 * The checks the library makes of the options a program passes, so that a wrong value is a
 * {@link UsageError} about the parameter (its `param`; the message says what is wrong with it, and
 * the command prints the option before it), as the command line's are, rather than a silent
 * misreading (an undefined `match` read as not strict) or a crash deep inside.
 */
import { showValue, UsageError } from '../errors.js';
import type { Span } from '../model/corpus.js';
import { typesOf } from '../formats/unknown-types.js';
import { typeName } from '../report/type-name.js';
import { checkOptionKeys, nearestKey } from './option-keys.js';

/**
 * `defaults` with every option of `options` that is defined: a property present but undefined
 * (`{ match: cfg.match }` with no `cfg.match`) keeps its default rather than erasing it. A key
 * `known` does not list is a UsageError about `options` (see {@link checkOptionKeys}); `known`
 * lists every option, the optional ones `defaults` leaves out too.
 */
export function withDefaults<T extends object>(defaults: T, options: Partial<T> | undefined, known: readonly (keyof T & string)[]): T {
  const out = { ...defaults };
  if (options === undefined || options === null) return out;
  checkOptionsObject(options);
  checkOptionKeys('options', options, known);
  for (const [k, v] of Object.entries(options)) if (v !== undefined) (out as Record<string, unknown>)[k] = v;
  return out;
}

/** Throws a UsageError unless a function's options are an object (a program in plain JavaScript can pass anything). */
export function checkOptionsObject(options: unknown): asserts options is object {
  if (options === null || typeof options !== 'object') throw new UsageError(`options must be an object, got ${options === null ? 'null' : typeof options}`);
}

/**
 * Throws a UsageError about `corpus` unless `value` has a corpus's shape as loadCorpus gives it
 * (a gold output with its spans, a list of systems each with spans): a missing or wrong first
 * argument is said as such, not met later as a TypeError deep inside. `param` names it (a plan's
 * `test` option is a corpus too).
 */
export function checkCorpus(value: unknown, param = 'corpus'): void {
  const v = value as { gold?: { spans?: unknown }; systems?: unknown } | null | undefined;
  const ok = v !== null && typeof v === 'object' && v.gold !== null && typeof v.gold === 'object' && Array.isArray(v.gold.spans)
    && Array.isArray(v.systems) && (v.systems as unknown[]).every((x) => x !== null && typeof x === 'object' && Array.isArray((x as { spans?: unknown }).spans));
  if (!ok) throw UsageError.about(param, `expects a corpus as loadCorpus gives it (gold, systems, each with spans), got ${showValue(value)}`);
}

/**
 * Throws a UsageError about `param` unless `value` is a list of spans (objects with `doc`, `start`, `end` and `label`,
 * as a corpus's outputs hold them): a wrong argument is said as such, not met later as a TypeError.
 */
export function checkSpans(param: string, value: unknown): void {
  if (!Array.isArray(value)) throw UsageError.about(param, `expects a list of spans (objects with doc, start, end and label), got ${showValue(value)}`);
  for (let i = 0; i < value.length; i++) {
    const s = value[i] as { doc?: unknown; start?: unknown; end?: unknown; label?: unknown } | null;
    if (s === null || typeof s !== 'object' || typeof s.doc !== 'number' || typeof s.start !== 'number' || typeof s.end !== 'number' || typeof s.label !== 'string') {
      throw UsageError.about(param, `expects a list of spans (objects with doc, start, end and label), but item ${i + 1} is ${showValue(s)}`);
    }
  }
}

/** Throws a UsageError about `param` unless `value` is one of `allowed`. */
export function checkChoice<V extends string>(param: string, value: unknown, allowed: readonly V[]): asserts value is V {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw UsageError.about(param, `must be one of ${allowed.join(', ')}, got ${JSON.stringify(value) ?? String(value)}`);
  }
}

/** Throws a UsageError about `param` unless `value` is a finite number above zero. */
export function checkPositive(param: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw UsageError.about(param, `must be a finite number above 0, got ${JSON.stringify(value) ?? String(value)}`);
  }
}

/**
 * The most resamples a paired test may draw: every pair of sides keeps one 8-byte number per
 * resample, 80 MB a pair at this limit (more is an allocation failure, not a usage error).
 */
export const MAX_SAMPLES = 10_000_000;
/** The largest seed: the generator keeps 32 bits of it, so a larger one would repeat a smaller one's figures. */
export const MAX_SEED = 2 ** 32 - 1;

/** Throws a UsageError about `param` unless `value` is a whole number from `min` (up to `max`). */
export function checkInteger(param: string, value: unknown, min: number, max?: number): asserts value is number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || (max !== undefined && value > max)) {
    throw UsageError.about(param, `expects an integer ${max === undefined ? `≥ ${min}` : `from ${min} to ${max.toLocaleString('en-US')}`}, got ${showValue(value)}`);
  }
}

/** Throws a UsageError unless `value` is a seed: a whole number from 0 to {@link MAX_SEED}. */
export function checkSeed(value: unknown, param = 'seed'): asserts value is number {
  checkInteger(param, value, 0, MAX_SEED);
}

/** Throws a UsageError unless `value` is a number of resamples: 1 to {@link MAX_SAMPLES}. */
export function checkSamples(value: unknown, param = 'samples'): asserts value is number {
  checkInteger(param, value, 1, MAX_SAMPLES);
}

/** Throws a UsageError about `param` unless `value` is a level strictly between 0 and 1 (a confidence, a significance level). */
export function checkLevel(param: string, value: unknown): asserts value is number {
  if (typeof value !== 'number' || !(value > 0 && value < 1)) throw UsageError.about(param, `expects a level between 0 and 1, got ${showValue(value)}`);
}

/** Throws a UsageError about `param` unless `value` is true or false. */
export function checkBoolean(param: string, value: unknown): asserts value is boolean {
  if (typeof value !== 'boolean') throw UsageError.about(param, `must be true or false, got ${showValue(value)}`);
}

/** Throws a UsageError unless `types` is a list of at least one string. */
function checkTypeList(types: unknown): asserts types is string[] {
  if (!Array.isArray(types) || types.some((t) => typeof t !== 'string')) {
    throw UsageError.about('types', `must be a list of entity types (strings), got ${JSON.stringify(types) ?? String(types)}`);
  }
  if (types.length === 0) throw UsageError.about('types', 'must name at least one entity type (leave it out for every type)');
}

/**
 * `; did you mean LOC?` for types asked for that the gold standard lacks and that are one of its
 * types but for case or one letter (`loc`, `LCO`), saying that types are case-sensitive when one
 * differs in case only; or ''.
 */
function meantTypes(list: readonly string[], goldTypes: ReadonlySet<string>): string {
  const known = [...goldTypes].sort();
  const meant = new Set<string>();
  let caseOnly = false;
  for (const t of list) {
    if (goldTypes.has(t)) continue;
    const near = nearestKey(t, known, 1);
    if (near === undefined) continue;
    meant.add(near);
    if (near.toLowerCase() === t.toLowerCase()) caseOnly = true;
  }
  return meant.size === 0 ? '' : `; did you mean ${[...meant].map(typeName).join(',')}?${caseOnly ? ' (types are case-sensitive)' : ''}`;
}

/**
 * Throws a UsageError when no input (the gold standard nor any system in `systems`) has an item
 * of any type `types` names, while the gold standard has items: nothing would be left to score,
 * and every score would read as perfect. A typo, most likely (`LOCX`, or `loc` for `LOC`: types
 * are case-sensitive). A type only systems predict is kept: its items are false positives. Also
 * rejects a `types` that is not a list of strings.
 */
export function checkTypes(types: unknown, gold: readonly Span[], systems: ReadonlyArray<{ spans: readonly Span[] }> = []): void {
  if (types === undefined) return;
  checkTypeList(types);
  if (gold.length === 0) return;
  const goldTypes = typesOf(gold);
  const asked = new Set(types as string[]);
  if ((types as string[]).some((t) => goldTypes.has(t))) return;
  for (const s of systems) for (const span of s.spans) if (asked.has(span.label)) return;
  const list = types as string[];
  throw UsageError.about(
    'types',
    `${list.map(typeName).join(',')}: no input has an item of ${list.length === 1 ? 'this type' : 'these types'}; the gold standard's types are ${[...goldTypes].sort().map(typeName).join(', ')}${meantTypes(list, goldTypes)}`,
  );
}

/**
 * Throws a UsageError when `types` names no type of the gold standard's items (and it has
 * items), as the command does: a comparison or a plan on types the gold standard lacks has no
 * item to find, and every candidate would read as perfect. (Scoring takes a type only systems
 * predict, see {@link checkTypes}: ablation's rows per type show its false positives.)
 */
export function checkGoldTypes(types: unknown, gold: readonly Span[]): void {
  if (types === undefined) return;
  checkTypeList(types);
  if (gold.length === 0) return;
  const goldTypes = typesOf(gold);
  const list = types as string[];
  if (list.some((t) => goldTypes.has(t))) return;
  throw UsageError.about(
    'types',
    `{types} ${list.map(typeName).join(',')}: the gold standard has no item of ${list.length === 1 ? 'this type' : 'these types'}; its types are ${[...goldTypes].sort().map(typeName).join(', ')}${meantTypes(list, goldTypes)}`,
  );
}
