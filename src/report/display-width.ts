/**
 * How many terminal columns text takes, and cutting it to a number of columns. A CJK character
 * or an emoji takes two columns, a combining mark none: counting code points or code units
 * misaligns tables and overflows lines for names and entity texts of Chinese, Japanese or Korean
 * corpora. Text is measured and cut by grapheme cluster (a base and its combining marks, a flag,
 * an emoji sequence stay whole).
 *
 * A cluster's width is that of its first code point: 0 for a mark, a format or control
 * character; 2 for an East Asian Wide or Fullwidth one (the ranges below: Hangul Jamo and
 * syllables, CJK radicals, punctuation, kana, ideographs and their extensions, Yi, fullwidth
 * forms) or an emoji with emoji presentation; 1 otherwise (ambiguous-width characters narrow,
 * as terminals draw them by default). A cluster with the emoji variation selector U+FE0F is 2.
 * This is the rule terminals follow (wcwidth); it is written here rather than taken from a
 * package because the one that does it in full (string-width) takes some 40 ms to load, which
 * every command would pay.
 *
 * Reference: Unicode Standard Annex #11, East Asian Width (Unicode 15.1, EastAsianWidth.txt: the
 * W and F ranges); Annex #29, text segmentation (grapheme clusters, Intl.Segmenter).
 */

/** Printable ASCII: one column a character, the common case, measured without segmenting. */
const ASCII = /^[\x20-\x7e]*$/;

/** East Asian Wide and Fullwidth code points (UAX #11), the emoji aside. */
const WIDE = /^(?:[\u1100-\u115F\u231A\u231B\u2329\u232A\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uA960-\uA97F\uAC00-\uD7A3\uF900-\uFAFF\uFE10-\uFE19\uFE30-\uFE6F\uFF00-\uFF60\uFFE0-\uFFE6]|[\u{16FE0}-\u{16FE4}\u{17000}-\u{18CFF}\u{1AFF0}-\u{1B2FF}\u{1F200}-\u{1F251}\u{20000}-\u{2FFFD}\u{30000}-\u{3FFFD}])/u;
const EMOJI = /^\p{Emoji_Presentation}/u;
/** Marks, format and control characters: no column of their own. */
const ZERO = /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}]/u;

/** The grapheme segmenter, made when first needed: making one takes some 10 ms, which ASCII text never pays. */
let segmenter: Intl.Segmenter | undefined;
function segments(s: string): Intl.Segments {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return segmenter.segment(s);
}

/** The columns one grapheme cluster takes. */
function clusterWidth(c: string): number {
  if (ZERO.test(c)) return 0;
  if (WIDE.test(c) || EMOJI.test(c) || c.includes('\uFE0F')) return 2;
  return 1;
}

/** The grapheme clusters of `s`, each with its width. */
function clusters(s: string): Array<{ text: string; width: number }> {
  return Array.from(segments(s), (g) => ({ text: g.segment, width: clusterWidth(g.segment) }));
}

/** The columns `s` takes on a terminal. */
export function displayWidth(s: string): number {
  if (ASCII.test(s)) return s.length;
  let n = 0;
  for (const g of segments(s)) n += clusterWidth(g.segment);
  return n;
}

/** The longest start of `s` that takes at most `width` columns (whole grapheme clusters). */
export function headWithin(s: string, width: number): string {
  if (width <= 0) return '';
  if (ASCII.test(s)) return s.slice(0, width);
  let used = 0;
  let out = '';
  for (const c of clusters(s)) {
    if (used + c.width > width) break;
    used += c.width;
    out += c.text;
  }
  return out;
}

/** The longest end of `s` that takes at most `width` columns (whole grapheme clusters). */
export function tailWithin(s: string, width: number): string {
  if (width <= 0) return '';
  if (ASCII.test(s)) return s.length <= width ? s : s.slice(s.length - width);
  const all = clusters(s);
  let used = 0;
  let k = all.length;
  while (k > 0 && used + all[k - 1].width <= width) used += all[--k].width;
  return all.slice(k).map((c) => c.text).join('');
}

/** `s` followed by spaces to take `width` columns (none when it takes them already). */
export function padEndTo(s: string, width: number): string {
  return s + ' '.repeat(Math.max(0, width - displayWidth(s)));
}

/** `s` after spaces to take `width` columns (none when it takes them already). */
export function padStartTo(s: string, width: number): string {
  return ' '.repeat(Math.max(0, width - displayWidth(s))) + s;
}
