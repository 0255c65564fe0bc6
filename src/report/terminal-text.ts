/**
 * Text from the inputs (system names, entity types, labels, file names, values quoted in error
 * messages) made safe to print on a terminal: nothing in it can move the cursor, change colours,
 * clear the screen or reorder the line, and nothing is echoed at unbounded length.
 *
 * - {@link visible} writes every control character (C0 U+0000–U+001F, DEL U+007F, C1
 *   U+0080–U+009F) and every bidirectional override or isolate (U+202A–U+202E, U+2066–U+2069) as
 *   an escape: `\n`, `\r`, `\t`, `\e` for ESC, `\xHH` for the other controls, `\u{HHHH}` for the
 *   bidirectional marks, and the invisible characters no spelling needs (zero-width space
 *   U+200B, word joiner U+2060, a byte-order mark U+FEFF inside a text), which would make two
 *   names look the same, as `\u{HHHH}` too. Everything else is kept: the joiners and marks of
 *   ordinary spelling (Persian and Hindi use U+200C and U+200D, right-to-left text U+200E, U+200F,
 *   U+061C) show as written. (A value an error message quotes shows every invisible character:
 *   see showValue in errors.ts.)
 * - {@link clip} keeps the first `max` code points and says how many were left out.
 * - {@link terminalLine} does both, the way messages and table cells are printed.
 *
 * JSON output needs none of this (JSON.stringify escapes control characters itself) and keeps
 * values whole.
 */
import { displayWidth } from './display-width.js';

/** Code points of one line of a message before it is clipped. */
export const MAX_MESSAGE_LINE = 2000;
/** Code points of one table cell before it is clipped. */
export const MAX_CELL = 200;

// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200b\u202a-\u202e\u2060\u2066-\u2069\ufeff]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

function escape(c: string): string {
  const named = NAMED[c];
  if (named !== undefined) return named;
  const code = c.charCodeAt(0);
  return code <= 0x9f ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

/** `s` with its control characters and bidirectional marks written as escapes. */
export function visible(s: string): string {
  return s.replace(UNSAFE, escape);
}

/**
 * {@link visible} for a cell of a data format (CSV): tabs and line breaks, which the format's
 * quoting holds, are kept; every other control character and bidirectional mark is escaped.
 */
export function visibleData(s: string): string {
  return s.replace(UNSAFE, (c) => (c === '\t' || c === '\n' || c === '\r' ? c : escape(c)));
}

/** {@link visible} line by line: line breaks are kept, everything else unsafe is escaped. */
export function visibleLines(s: string): string {
  return s.split('\n').map(visible).join('\n');
}

/** `s` cut to its first `max` code points, with the count of those left out. */
export function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  let n = 0;
  let end = 0;
  for (const ch of s) {
    if (n === max) break;
    n++;
    end += ch.length;
  }
  if (end === s.length) return s;
  let rest = 0;
  for (let i = end; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) rest++;
  }
  return `${s.slice(0, end)}…(${rest} more characters)`;
}

/** One line as printed on a terminal: escaped, then clipped to `max` code points. */
export function terminalLine(s: string, max = MAX_MESSAGE_LINE): string {
  return clip(visible(s), max);
}

/** A message of one or more lines (joined by `\n`) with each line made a {@link terminalLine}. */
export function terminalText(s: string, max = MAX_MESSAGE_LINE): string {
  return s.split('\n').map((line) => terminalLine(line, max)).join('\n');
}

/**
 * `text` with each line broken at spaces into lines of at most `width` terminal columns (a word
 * longer than that stays whole on its own line); continuation lines keep the line's indent.
 */
export function wrapWords(text: string, width: number): string {
  return text.split('\n').map((line) => {
    if (displayWidth(line) <= width) return line;
    const indent = /^ */.exec(line)![0];
    const out: string[] = [];
    let current = '';
    for (const word of line.slice(indent.length).split(' ')) {
      const next = current === '' ? indent + word : `${current} ${word}`;
      if (current !== '' && displayWidth(next) > width) {
        out.push(current);
        current = indent + word;
      } else {
        current = next;
      }
    }
    out.push(current);
    return out.join('\n');
  }).join('\n');
}
