/**
 * What a table's title repeats of the settings its figures were measured under, when they are not
 * the defaults: so that a table copied alone (into a paper, a spreadsheet) keeps them. The first
 * table of a report names them all in its headline; later tables use these suffixes.
 */
import { typeName } from './type-name.js';

/** The types the figures are restricted to: ` — types PER,LOC`, or nothing for every type. */
export function typesSuffix(types: readonly string[] | undefined): string {
  return types === undefined ? '' : ` — types ${types.map(typeName).join(',')}`;
}

/**
 * The match mode and types, when either is not the default (strict, every type):
 * `; boundary match, types PER,LOC`, `; types PER`, or nothing.
 */
export function matchTypesSuffix(match: string, types: readonly string[] | undefined): string {
  const parts = [...(match === 'strict' ? [] : [`${match} match`]), ...(types === undefined ? [] : [`types ${types.map(typeName).join(',')}`])];
  return parts.length === 0 ? '' : `; ${parts.join(', ')}`;
}
