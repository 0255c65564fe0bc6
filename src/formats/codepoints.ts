/**
 * Character offsets written by Python tools (BRAT, spaCy, doccano, Prodigy) count Unicode code
 * points; JavaScript strings index UTF-16 code units. The two differ only after an astral
 * character (emoji, rare CJK), where a code point takes two units.
 */

/** Whether a high surrogate stands at `i` with its low surrogate after it: one code point in two units. A lone surrogate is a code point of its own, as Python counts it. */
export function pairAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0xd800 || c >= 0xdc00 || i + 1 >= text.length) return false;
  const d = text.charCodeAt(i + 1);
  return d >= 0xdc00 && d < 0xe000;
}

/** Number of code points in `text`: its length when it holds no surrogate (found natively), else counted. */
export function codePointLength(text: string): number {
  if (!/[\uD800-\uDFFF]/.test(text)) return text.length;
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    if (pairAt(text, i)) i++;
    n++;
  }
  return n;
}

/**
 * Maps code-point offsets 0..codePointLength(text) of `text` to UTF-16 offsets. Without astral
 * characters this is the identity (no table is built).
 */
export function codePointsToUnits(text: string): (offset: number) => number {
  if (!/[\uD800-\uDFFF]/.test(text)) return (o) => o;
  const units: number[] = [];
  for (let i = 0; i < text.length; i++) {
    units.push(i);
    if (pairAt(text, i)) i++;
  }
  units.push(text.length);
  return (o) => units[o];
}

/**
 * Maps UTF-16 offsets 0..text.length of `text` to code-point offsets (the inverse of
 * `codePointsToUnits`); an offset between the two halves of a surrogate pair maps to -1.
 * Without astral characters this is the identity (no table is built).
 */
export function unitsToCodePoints(text: string): (offset: number) => number {
  if (!/[\uD800-\uDFFF]/.test(text)) return (o) => o;
  const table = new Int32Array(text.length + 1);
  let cp = 0;
  for (let i = 0; i < text.length; i++) {
    table[i] = cp;
    // As codePointLength counts: a high surrogate takes the low one after it (the reader's rule); a lone one is a code point.
    if (pairAt(text, i)) table[++i] = -1;
    cp++;
  }
  table[text.length] = cp;
  return (o) => table[o];
}
