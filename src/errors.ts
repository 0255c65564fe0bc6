/**
 * Errors that reach the user as one clear line, never as a stack trace.
 *
 * - {@link InputError}: the data is wrong (exit code 2). Names the file and, when known, the line.
 * - {@link UsageError}: the command line is wrong (exit code 1).
 */
/**
 * Messages name the library's parameters: a message template writes a parameter as `{name}`
 * (`{minSize}`), which the message shows as `name` and the command as its option (`--min-size`,
 * {@link optionsIn}).
 */
export function paramsIn(template: string): string {
  return template.replace(/\{(\w+)\}/g, '$1');
}

/** A message template with each `{name}` written as the command-line option that sets it. */
export function optionsIn(template: string): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => optionName(name));
}

/** The command-line option of a library parameter: `minSize` → `--min-size`. */
export function optionName(param: string): string {
  return `--${param.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

export class InputError extends Error {
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly detail: string;
  /** The detail as a template naming parameters (see {@link paramsIn}), when it names any. */
  readonly template: string | undefined;

  constructor(detail: string, file?: string, line?: number, options: { template?: string } = {}) {
    super(InputError.format(detail, file, line));
    this.name = 'InputError';
    this.file = file;
    this.line = line;
    this.detail = detail;
    this.template = options.template;
  }

  /** An input error whose detail names parameters as `{name}`. */
  static about(template: string, file?: string, line?: number): InputError {
    return new InputError(paramsIn(template), file, line, { template });
  }

  static format(detail: string, file?: string, line?: number): string {
    if (file === undefined) return detail;
    // A file name holds anything but NUL and "/": a line break in it must not break the message
    // (the command writes any other control character as an escape when it prints the message).
    const name = /[\n\r\u2028\u2029]/.test(file) ? file.replace(/[\n\r\u2028\u2029]/g, (c) => escapeControls(c)) : file;
    return line === undefined ? `${name}: ${detail}` : `${name}:${line}: ${detail}`;
  }
}

export class UsageError extends Error {
  /**
   * The library parameter the error is about (`weights`, `minSize`…), when it is about one; the
   * command names it by its option (`--weights`, `--min-size`) before the message.
   */
  readonly param: string | undefined;
  /** The message as a template naming parameters (see {@link paramsIn}), when it names any. */
  readonly template: string | undefined;

  /** Whether the message is meant to span lines (an expression, with a caret under the column at fault); others are one line. */
  readonly multiline: boolean;

  constructor(message: string, options: { param?: string; template?: string; multiline?: boolean } = {}) {
    super(message);
    this.name = 'UsageError';
    this.param = options.param;
    this.template = options.template;
    this.multiline = options.multiline === true;
  }

  /**
   * A usage error about `param`, whose message may name other parameters as `{name}`. The message
   * starts with the parameter (`beta: must be a finite number above 0, got 0`) unless the template
   * does (`{minSize} 3 is above {maxSize} 2`), as the command starts it with the option.
   */
  static about(param: string | undefined, template: string): UsageError {
    const named = param === undefined || template.startsWith(`{${param}}`) ? '' : `${param}: `;
    return new UsageError(named + paramsIn(template), { param, template });
  }
}

/** How many characters of an input value a message shows at most. */
const SHOWN = 60;

/**
 * A value read from an input, as an error message shows it: compact JSON (`"token"`, `[0,2]`,
 * `{"a":1}`), so control characters, quotes and line breaks are escaped and the message stays
 * one line; cut to about `max` characters (with `…`) and nested at most three levels deep, so
 * a huge or deeply nested value (which JSON.stringify would overflow the stack on) cannot
 * swamp or break the message. Never throws.
 */
export function showValue(value: unknown, max = SHOWN): string {
  if (typeof value === 'string') return showString(value, max);
  const text = render(value, 0, max);
  return text.length <= max + 1 ? text : `${cut(text, max)}…`;
}

/** A string as JSON, its first `max` characters only (then `…` inside the quotes). */
function showString(value: string, max: number): string {
  // JSON.stringify escapes quotes, backslashes and C0 controls; the rest as escapeControls, and
  // the invisible characters too: a message that quotes two values must show how they differ.
  if (value.length <= max) return escapeInvisible(escapeControls(JSON.stringify(value)));
  return `${escapeInvisible(escapeControls(JSON.stringify(cut(value, max)))).slice(0, -1)}…"`;
}

/**
 * Invisible characters written as `\uXXXX`: bidirectional marks, overrides and isolates, zero-width
 * characters, the word joiner and a byte-order mark, and the spaces that look like U+0020 but
 * separate no columns (no-break, en, em, thin, ideographic…). In a quoted value they would hide
 * why two values that look the same differ (`token "\ufeffvisited" but gold has "visited"`;
 * `token "Berg\u00a0x" but gold has "Berg"`, where a plain space would seem to split columns).
 */
export function escapeInvisible(text: string): string {
  return text.replace(INVISIBLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const INVISIBLE = /[\u00a0\u061c\u1680\u2000-\u200f\u202a-\u202f\u205f\u2060\u2066-\u2069\u3000\ufeff]/g;

/** Whether `text` holds one of the characters {@link escapeInvisible} escapes. */
export function hasInvisible(text: string): boolean {
  INVISIBLE.lastIndex = 0;
  return INVISIBLE.test(text);
}

/** The first `max` code units of `text`, less half a surrogate pair at the cut. */
function cut(text: string, max: number): string {
  const head = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}

/**
 * `text` with control characters and the Unicode line and paragraph separators escaped as in
 * JSON (`\n`, `\r`, `\t`, `\u2028`…), so that it cannot break a one-line message.
 */
export function escapeControls(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    const short: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
    return short[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * A label or name from an input as a message shows it: as it is when it is a plain word (no
 * white space, commas, which separate the names of a list, quotes, backslashes, control
 * characters or invisible marks but the joiners of ordinary spelling, U+200C and U+200D; at most
 * `max` characters), else as {@link showValue} shows it.
 */
export function showName(name: string, max = SHOWN): string {
  // eslint-disable-next-line no-control-regex
  return name.length > 0 && name.length <= max && !/[\s,"\\\u0000-\u001f\u007f-\u009f\u061c\u200b\u200e\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/.test(name) ? name : showValue(name, max);
}

function render(value: unknown, depth: number, max: number): string {
  if (typeof value === 'string') return showString(value, max);
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return value === undefined ? 'undefined' : String(value);
  }
  const isArray = Array.isArray(value);
  if (depth >= 3) return isArray ? '[…]' : '{…}';
  const parts: string[] = [];
  let length = 0;
  const entries: Array<[string | undefined, unknown]> = isArray
    ? (value as unknown[]).slice(0, 20).map((v) => [undefined, v])
    : Object.keys(value).slice(0, 20).map((k) => [k, (value as Record<string, unknown>)[k]]);
  const total = isArray ? (value as unknown[]).length : Object.keys(value).length;
  for (const [key, v] of entries) {
    const item = (key === undefined ? '' : `${render(key, depth + 1, max)}:`) + render(v, depth + 1, max);
    parts.push(item);
    length += item.length + 1;
    if (length > max) break;
  }
  if (parts.length < total) parts.push('…');
  return isArray ? `[${parts.join(',')}]` : `{${parts.join(',')}}`;
}
