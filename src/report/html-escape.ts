/**
 * Text from the inputs (system names, entity types, tokens, file names) placed in an HTML page:
 * escaped for element content and quoted attributes, and JSON made safe inside a `<script>`
 * element. Pure functions.
 */

import { visible } from './terminal-text.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes `& < > " '`: safe in element content and in single- or double-quoted attributes.
 * Control characters and bidirectional marks from the inputs are written as escapes first
 * ({@link visible}), as on a terminal: HTML has no use for them, and a mark could reorder the text.
 */
export function htmlEscape(s: string): string {
  return visible(s).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/**
 * JSON for the content of a `<script type="application/json">` element: `<`, `>` and `&` are
 * written as \u escapes (so no `</script>` or `<!--` can end or change the element), and so are
 * U+2028 and U+2029. `JSON.parse` of the element's text gives `value` back.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
