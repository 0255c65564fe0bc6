/**
 * How tables name an entity type. Untyped tags (a bare `B`, `I`, … as conlleval reads them)
 * give spans whose type is the empty string: tables show it as `(untyped)`, while JSON keeps
 * the key `""` and CSV an empty field, so that machines read the type as it is.
 *
 * A type with spaces (or tabs, line breaks) at either end, or with a space that shows as another
 * or as none (no-break, zero-width), is shown quoted as JSON quotes it (`"PER "`,
 * `"PER\u00a0"`): a JSONL system's `"PER "` is another type than the gold's `PER`, and two rows
 * that read `PER` would hide that. Control characters inside a type are left to each renderer,
 * which escapes them its own way (a terminal's, an SVG's).
 */
import { hasInvisible, showValue } from '../errors.js';

/** What a table shows for the empty type. */
export const UNTYPED = '(untyped)';

/** A type as a table shows it: `(untyped)` for the empty type, quoted when it has spaces at an end or hidden spaces, else the type itself. */
export function typeName(label: string): string {
  if (label === '') return UNTYPED;
  return label !== label.trim() || hasInvisible(label) ? showValue(label) : label;
}

/** A type as a CSV of the confusion matrices writes it: `(untyped)` for the empty type (an empty cell there means none), else as it is. */
export function csvTypeName(label: string): string {
  return label === '' ? UNTYPED : label;
}
