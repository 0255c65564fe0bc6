/**
 * How tables name an entity type. Untyped tags (a bare `B`, `I`, … as conlleval reads them)
 * give spans whose type is the empty string: tables show it as `(untyped)`, while JSON keeps
 * the key `""` and CSV an empty field, so that machines read the type as it is.
 */

/** What a table shows for the empty type. */
export const UNTYPED = '(untyped)';

/** A type as a table shows it: `(untyped)` for the empty type, else the type itself. */
export function typeName(label: string): string {
  return label === '' ? UNTYPED : label;
}
