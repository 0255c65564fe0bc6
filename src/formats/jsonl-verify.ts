/**
 * Reading a JSONL system file's tokens without parsing them: most of a tokenised record is its
 * `tokens` array, and in a system file it is, record after record, the reference's sentence. So
 * the array's text is compared whole with the text the reference's sentence has as JSON, and
 * only the rest of the record is parsed (the array's place taken by a placeholder). Comparing
 * one slice is a single memory comparison; `JSON.parse` makes a string per token.
 *
 * The text is compared in the spelling the file uses, told from its first tokenised record:
 * `JSON.stringify`'s (no spaces) or Python `json.dumps`'s default (`", "` between items), with
 * non-ASCII characters as they are or escaped (`\u00e9`, as `ensure_ascii` writes them); one
 * space may follow the key's colon. A file in another spelling, or whose record does not hold
 * the next reference sentence, is read as before, by parsing each record whole.
 *
 * A record is taken as verified only when the rest parses to an object whose `tokens` is the
 * placeholder: had the key matched inside a string, or had the record a second `tokens` key (the
 * last one wins in JSON.parse), `tokens` would be something else and the record is parsed whole.
 * Against a reference with record ids, a record with an id must also have that sentence's id:
 * records with ids are matched by id, and one out of the reference's order is parsed whole.
 */
import { once } from './expected.js';
import type { TokenList } from '../model/token-store.js';
import type { ExpectedTokens } from './segment.js';

type JsonObject = Record<string, unknown>;

/** How a file writes a token array: items separated by `", "` (Python) or `","`, non-ASCII escaped or not. */
interface Spelling {
  spaced: boolean;
  ascii: boolean;
}

const SPELLINGS: readonly Spelling[] = [
  { spaced: false, ascii: false },
  { spaced: true, ascii: true },
  { spaced: true, ascii: false },
  { spaced: false, ascii: true },
];

const KEY = '"tokens":';
/** What stands for the array in the rest of the record. */
const PLACEHOLDER = 0;

/** One token array (the reference's tokens start..end) as JSON text in a spelling. */
function arrayText(tokens: TokenList, start: number, end: number, s: Spelling): string {
  const parts = tokens.slice(start, end);
  for (let i = 0; i < parts.length; i++) {
    const t = JSON.stringify(parts[i]);
    parts[i] = s.ascii ? escapeNonAscii(t) : t;
  }
  return `[${parts.join(s.spaced ? ', ' : ',')}]`;
}

/** Every character above U+007F as a `\uXXXX` escape (lower-case hex, surrogate pairs), as Python's ensure_ascii writes it. */
function escapeNonAscii(json: string): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c < 128) continue;
    out += json.slice(from, i) + '\\u' + c.toString(16).padStart(4, '0');
    from = i + 1;
  }
  return from === 0 ? json : out + json.slice(from);
}

const nonAscii = new WeakMap<ExpectedTokens, boolean>();

/** Whether any reference token has a character beyond ASCII (scanned once per reference). */
function hasNonAscii(expect: ExpectedTokens): boolean {
  let any = nonAscii.get(expect);
  if (any === undefined) {
    any = false;
    const tokens = expect.tokens;
    for (let k = 0; k < tokens.length && !any; k++) {
      const t = tokens.at(k)!;
      for (let i = 0; i < t.length; i++) if (t.charCodeAt(i) > 127) any = true;
    }
    nonAscii.set(expect, any);
  }
  return any;
}

/** The reference's sentences as token arrays in a spelling, made once per reference. */
function sentenceTexts(expect: ExpectedTokens, s: Spelling): string[] {
  return once(expect, `json:${s.spaced ? 's' : 'c'}${s.ascii ? 'a' : 'u'}`, () => {
    const { tokens, sentenceEnds } = expect;
    const out: string[] = new Array(sentenceEnds.length);
    let start = 0;
    for (let k = 0; k < sentenceEnds.length; k++) {
      out[k] = arrayText(tokens, start, sentenceEnds[k], s);
      start = sentenceEnds[k];
    }
    return out;
  });
}

/**
 * Verifies a system file's records against the reference, in order, while they hold its
 * sentences one by one. {@link parse} tries the next record; {@link stop} ends verifying for the
 * rest of the file (a record that was not verified has been handed over with its own tokens, so
 * later records can no longer be matched to sentences by counting).
 */
export class JsonlTokenVerifier {
  private sentence = 0;
  private texts: readonly string[] | undefined;
  private candidates: readonly Spelling[] | undefined;
  private on = true;

  constructor(private readonly expect: ExpectedTokens) {}

  /**
   * The record on `raw`, parsed without its tokens, when its `tokens` array is the next reference
   * sentence's; then `length` is that sentence's number of tokens and the sentence counts as read.
   * Undefined when the record is not verified (it is then to be parsed whole).
   */
  parse(raw: string): { rec: JsonObject; length: number } | undefined {
    if (!this.on) return undefined;
    const ends = this.expect.sentenceEnds;
    const k = this.sentence;
    if (k >= ends.length) return undefined;
    const start = k === 0 ? 0 : ends[k - 1];
    const length = ends[k] - start;
    if (length === 0) return undefined;
    const at = raw.indexOf(KEY);
    if (at < 0) return undefined;
    let from = at + KEY.length;
    if (raw.charCodeAt(from) === 32) from++;
    const want = this.textOf(raw, from, k, start);
    if (want === undefined) return undefined;
    const to = from + want.length;
    if (raw.slice(from, to) !== want) return undefined;
    let rec: unknown;
    try {
      rec = JSON.parse(raw.slice(0, from) + PLACEHOLDER + raw.slice(to));
    } catch {
      return undefined;
    }
    if (typeof rec !== 'object' || rec === null || Array.isArray(rec) || (rec as JsonObject).tokens !== PLACEHOLDER) return undefined;
    // A record with an id is matched by it: it is sentence k only if that is its id.
    const id = (rec as JsonObject).id;
    if (this.expect.ids !== undefined && id !== undefined && id !== null && String(id) !== this.expect.ids[k]) return undefined;
    this.sentence++;
    return { rec: rec as JsonObject, length };
  }

  /** Ends verifying: every later record is parsed whole. */
  stop(): void {
    this.on = false;
  }

  /**
   * Sentence k's text in the file's spelling. Until the spelling is known, every spelling still
   * possible is tried on each record, and those the record does not match are dropped: the
   * spelling is known once one is left (a record of one token is spelt alike with or without
   * spaces, and escaping matters only when the reference has a character beyond ASCII).
   */
  private textOf(raw: string, from: number, k: number, start: number): string | undefined {
    if (this.texts !== undefined) return this.texts[k];
    const { tokens, sentenceEnds } = this.expect;
    this.candidates ??= SPELLINGS.filter((s) => !s.ascii || hasNonAscii(this.expect));
    let text: string | undefined;
    const left: Spelling[] = [];
    for (const s of this.candidates) {
      const t = arrayText(tokens, start, sentenceEnds[k], s);
      if (!raw.startsWith(t, from)) continue;
      left.push(s);
      text ??= t;
    }
    if (left.length === 0) return undefined;
    this.candidates = left;
    if (left.length === 1) this.texts = sentenceTexts(this.expect, left[0]);
    return text;
  }
}
