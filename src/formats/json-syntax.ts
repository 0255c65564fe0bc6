/**
 * What `JSON.parse` says of text that is not JSON, in the words of the rest of complan's
 * messages: where (a line and a column counted from 1, not V8's offset from 0) and what, with the
 * common cases said plainly — text after a complete value (a trailing comma or a second object on
 * the line), text that ends inside a value (a file cut short), a line end inside a string.
 */
import { escapeControls } from '../errors.js';

export interface JsonSyntax {
  /** What is wrong, without a position. */
  reason: string;
  /** Where, when V8 says: line and column from 1 (UTF-16 code units, as editors that count characters do). */
  line?: number;
  column?: number;
  /** Whether the text ends before the value does (a file or line cut short). */
  cutOff: boolean;
  /** Whether there is no value at all: nothing but white space. */
  empty?: boolean;
}

/** The line and column (from 1, in code points, as other messages count characters) of offset `at` in `text`. */
function lineColumn(text: string, at: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let k = text.indexOf('\n'); k >= 0 && k < at; k = text.indexOf('\n', k + 1)) {
    line++;
    start = k + 1;
  }
  let column = 1;
  for (let k = start; k < at; k++) {
    const c = text.charCodeAt(k);
    // A surrogate pair is one character.
    if (c >= 0xd800 && c < 0xdc00 && k + 1 < at) k++;
    column++;
  }
  return { line, column };
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/**
 * The offset of the first character of `text` that is not JSON (`text.length` when it ends too
 * early), or undefined when it all is: for V8's `Unexpected token 'x'`, which gives no position.
 * Iterative, so nesting of any depth is read without recursion.
 */
export function syntaxErrorAt(text: string): number | undefined {
  // What encloses the value being read: '[' or '{'.
  const stack: string[] = [];
  let k = 0;
  const space = () => {
    while (k < text.length && (text[k] === ' ' || text[k] === '\t' || text[k] === '\n' || text[k] === '\r')) k++;
  };
  // Reads a string at k (its opening quote); returns false at the first character that cannot be in one.
  const string = (): boolean => {
    k++;
    while (k < text.length) {
      const c = text.charCodeAt(k);
      if (c === 34) {
        k++;
        return true;
      }
      if (c < 32) return false;
      if (c === 92) {
        ESCAPE.lastIndex = k;
        if (!ESCAPE.test(text)) return false;
        k = ESCAPE.lastIndex;
      } else k++;
    }
    return false;
  };
  for (;;) {
    // A value.
    space();
    if (k >= text.length) return k;
    const c = text[k];
    if (c === '{' || c === '[') {
      stack.push(c);
      k++;
      space();
      if (text[k] === (c === '{' ? '}' : ']')) {
        stack.pop();
        k++;
      } else if (c === '{') {
        if (text[k] !== '"' || !string()) return k;
        space();
        if (text[k] !== ':') return k;
        k++;
        continue;
      } else continue;
    } else if (c === '"') {
      if (!string()) return k;
    } else if (text.startsWith('true', k) || text.startsWith('null', k)) k += 4;
    else if (text.startsWith('false', k)) k += 5;
    else {
      NUMBER.lastIndex = k;
      if (!NUMBER.test(text)) return k;
      k = NUMBER.lastIndex;
    }
    // After a value: close what encloses it, or go on to its next member.
    for (;;) {
      space();
      const open = stack[stack.length - 1];
      if (open === undefined) return k < text.length ? k : undefined;
      if (k >= text.length) return k;
      if (text[k] === (open === '{' ? '}' : ']')) {
        stack.pop();
        k++;
        continue;
      }
      if (text[k] !== ',') return k;
      k++;
      space();
      if (open === '{') {
        if (text[k] !== '"' || !string()) return k;
        space();
        if (text[k] !== ':') return k;
        k++;
      }
      break;
    }
  }
}

/**
 * `what` (`a JSON array of label names`) and why `text` is not JSON, for a message whose line is
 * {@link JsonSyntax.line}: `expected … (column 3: …)`, or that the file ends before the value does.
 */
export function jsonFileDetail(what: string, syntax: JsonSyntax): string {
  if (syntax.empty === true) return `expected ${what}, but the file is empty`;
  if (syntax.cutOff) return `expected ${what}, but the file ends before the JSON does (is it cut short?)`;
  return `expected ${what} (${syntax.column === undefined ? '' : `column ${syntax.column}: `}${syntax.reason})`;
}

/** Reads `JSON.parse`'s `message` about `text` (Node 20's wording, and Node 22's `(line L column C)`). */
export function jsonSyntax(message: string, text: string): JsonSyntax {
  let at: number | undefined;
  let where: { line: number; column: number } | undefined;
  let what = message;
  const lc = / \(line (\d+) column (\d+)\)$/.exec(what);
  if (lc !== null) {
    where = { line: Number(lc[1]), column: Number(lc[2]) };
    what = what.slice(0, lc.index);
  }
  const pos = / (?:in JSON )?at position (\d+)$/.exec(what);
  if (pos !== null) {
    at = Number(pos[1]);
    what = what.slice(0, pos.index);
    where ??= lineColumn(text, Math.min(at, text.length));
  }
  if (where === undefined && /^Unexpected token /.test(what)) {
    const k = syntaxErrorAt(text);
    if (k !== undefined && k < text.length) where = lineColumn(text, k);
  }
  const rest = at === undefined ? '' : text.slice(at).trim();
  const ended = /end of JSON input/.test(what) || (at !== undefined && rest === '');
  // Where the text ends (its last character that is not white space), whatever position V8 gives.
  if (ended) where = lineColumn(text, Math.max(0, text.trimEnd().length - 1));
  let reason: string;
  if (/^Unexpected non-whitespace character after JSON/.test(what)) reason = 'more text after a complete JSON value: a trailing comma, or two values on one line?';
  else if (ended) reason = 'the text ends before the JSON value does';
  else if (/^Bad control character in string literal/.test(what)) reason = 'a string holds a line end or another control character: a string not closed?';
  else reason = escapeControls(what.replace(/, (?:\.\.\.)?".*"(?:\.\.\.)? is not valid JSON$/s, ''));
  return { reason: reason.length > 100 ? `${reason.slice(0, 97)}...` : reason, ...where, cutOff: ended, ...(text.trim() === '' ? { empty: true } : {}) };
}
