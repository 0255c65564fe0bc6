/**
 * Chunking of BIO-style tag sequences into spans.
 *
 * Default behaviour is exactly conlleval's (the CoNLL shared-task scorer, version 2004-01-26):
 * a chunk starts at B; at I, E after O; at E after E; at I after E; and wherever the type
 * changes on a non-O tag. A chunk ends before B (after B or I), before O, after E (before E, I
 * or O), and wherever the type changes. So an `I-X` after `O` opens a chunk and `B-PER I-LOC` is
 * two chunks. conlleval does not know S/U/L: complan reads `S-X`/`U-X` as a one-token chunk and
 * `L-X` as `E-X`. One departure, needed for IOBES and BILOU: conlleval merges `E-X B-X` into
 * one chunk (it has neither an end rule nor a start rule for E then B); complan ends the chunk at
 * E and opens one at B. No scheme writes `E-X B-X` inside one chunk, and conlleval cannot score
 * IOBES files anyway; IOB1, IOB2, IOE1, IOE2 and IO files chunk exactly as conlleval chunks them.
 *
 * What happens to a sequence the scheme does not allow (e.g. `O` then `I-PER` under IOB2) is
 * {@link DecodeOptions.invalid}: repaired as above (conlleval), dropped (seqeval's strict mode,
 * see strict-chunking.ts), or rejected with an error naming the line (`strict`).
 */
import { InputError, showValue } from '../errors.js';
import type { DroppedChunks, InvalidTags, RawSpan, TagScheme } from './segment.js';
import { strictChunks } from './strict-chunking.js';

/** Canonical prefix: B, I, E, S (U read as S, L as E) or O. */
type Prefix = 'B' | 'I' | 'E' | 'S' | 'O';

export interface ParsedTag {
  prefix: Prefix;
  /** The prefix as written (B I E S L U O). */
  raw: string;
  type: string;
  /** `prefix` as a number (see {@link PREFIX_CODE}), to index the transition table. */
  code: number;
  /** The evidence bit of `raw` (see {@link SchemeEvidence}). */
  bit: number;
}

const PREFIX_OF: Record<string, Prefix> = { B: 'B', I: 'I', E: 'E', S: 'S', L: 'E', U: 'S' };

/** Evidence bits (see {@link SchemeEvidence}): one per prefix as written, then three transitions. */
const BIT: Record<string, number> = { B: 1, I: 2, E: 4, S: 8, L: 16, U: 32, O: 64 };
const I_OPENS_CHUNK = 128;
const B_OPENS_CHUNK = 256;
const I_CLOSES_CHUNK = 512;

/** Canonical prefixes as numbers: O 0, B 1, I 2, E 3, S 4. */
const PREFIXES: readonly Prefix[] = ['O', 'B', 'I', 'E', 'S'];
const PREFIX_CODE: Record<Prefix, number> = { O: 0, B: 1, I: 2, E: 3, S: 4 };
const CODE_I = PREFIX_CODE.I;

const parseCache = new Map<string, ParsedTag>();

/**
 * Parses one tag. `O` is outside; otherwise a prefix
 * B, I, E, S, L or U, a hyphen, and a type (which may itself contain hyphens). A prefix alone
 * (`B`, `I`, …), or with a hyphen and nothing after it (`B-`), is an untyped tag: its type is
 * the empty string, as conlleval reads a tag without a hyphen (its type is "" when the tag does
 * not match `^([^-]*)-(.*)$`). Returns undefined for anything else.
 */
const OUTSIDE: ParsedTag = { prefix: 'O', raw: 'O', type: '', code: PREFIX_CODE.O, bit: BIT.O };

export function parseTag(tag: string): ParsedTag | undefined {
  if (tag === 'O') return OUTSIDE;
  const hit = parseCache.get(tag);
  if (hit !== undefined) return hit;
  let parsed: ParsedTag | undefined;
  {
    const dash = tag.indexOf('-');
    if (dash === 1 || tag.length === 1) {
      const p = PREFIX_OF[tag[0]];
      if (p !== undefined) parsed = { prefix: p, raw: tag[0], type: tag.slice(2), code: PREFIX_CODE[p], bit: BIT[tag[0]] };
    }
  }
  if (parsed !== undefined && parseCache.size < 10_000) parseCache.set(tag, parsed);
  return parsed;
}

export function tagError(tag: string): string {
  return `tag ${showValue(tag)} is not a chunk tag (expected O, or B-, I-, E-, S-, L- or U- followed by a type)`;
}

function endOfChunk(prev: Prefix, cur: Prefix, prevType: string, type: string): boolean {
  if (prev === 'S') return true;
  if (cur === 'S' && prev !== 'O') return true;
  if ((prev === 'B' || prev === 'I') && (cur === 'B' || cur === 'O')) return true;
  if (prev === 'E' && (cur === 'E' || cur === 'I' || cur === 'O' || cur === 'B')) return true;
  return prev !== 'O' && prevType !== type;
}

function startOfChunk(prev: Prefix, cur: Prefix, prevType: string, type: string): boolean {
  if (cur === 'S') return true;
  // A one-token S-/U- chunk always ends (see endOfChunk), so whatever follows opens a new one.
  if (prev === 'S' && cur !== 'O') return true;
  if (cur === 'B' && (prev === 'B' || prev === 'I' || prev === 'O' || prev === 'E')) return true;
  if (prev === 'O' && (cur === 'I' || cur === 'E')) return true;
  if (prev === 'E' && (cur === 'E' || cur === 'I')) return true;
  return cur !== 'O' && prevType !== type;
}

/** Flags of {@link TRANSITIONS}, above the evidence bits: a chunk ends before the current tag; one starts at it. */
const ENDS = 1 << 16;
const STARTS = 1 << 17;
const TRANSITION_EVIDENCE = I_OPENS_CHUNK | B_OPENS_CHUNK | I_CLOSES_CHUNK;

/**
 * What happens from one tag to the next, as flags: {@link ENDS}, {@link STARTS} and the
 * transition evidence bits (see {@link SchemeEvidence}). Indexed by whether the two types
 * differ (25 entries each), the previous prefix's code and the current one's (5 × 5). Made from
 * endOfChunk and startOfChunk, which stay the statement of the rules: those depend on the types
 * only through whether they differ, so the table is the rules, looked up instead of branched
 * through tag by tag by the decoder, which runs for every sentence of every file.
 */
const TRANSITIONS: Int32Array = (() => {
  const table = new Int32Array(50);
  for (let differ = 0; differ < 2; differ++) {
    const prevType = 'X';
    const type = differ === 1 ? 'Y' : 'X';
    for (let p = 0; p < 5; p++) {
      for (let c = 0; c < 5; c++) {
        const prev = PREFIXES[p];
        const cur = PREFIXES[c];
        let f = 0;
        if (endOfChunk(prev, cur, prevType, type)) f |= ENDS;
        if (startOfChunk(prev, cur, prevType, type)) f |= STARTS;
        if (cur === 'I' && (prev === 'O' || differ === 1)) f |= I_OPENS_CHUNK;
        if (cur === 'B' && (prev === 'O' || differ === 1)) f |= B_OPENS_CHUNK;
        if (prev === 'I' && (cur === 'O' || differ === 1)) f |= I_CLOSES_CHUNK;
        table[25 * differ + 5 * p + c] = f;
      }
    }
  }
  return table;
})();

/**
 * What tags looked like, for scheme detection, as bits of one number, so that the evidence of
 * many sentences is the OR of theirs (and a reader may keep one number per sentence):
 * - the prefixes seen as written: B 1, I 2, E 4, S 8, L 16, U 32, O 64;
 * - 128: an I-X opened a chunk (after O or another type): IOB1 or IO, not IOB2;
 * - 256: a B-X opened a chunk after O or another type: IOB2 (IOB1 writes B- only between two chunks);
 * - 512: an I-X closed a chunk (before O, another type or the sentence end): IOE1, not IOE2.
 */
export interface SchemeEvidence {
  bits: number;
}

export function newEvidence(): SchemeEvidence {
  return { bits: 0 };
}

/** Names the scheme a file's tags are written in. */
/** Whether evidence shows any scheme at all: a tag other than O (all-O tags fit every scheme). */
export function showsScheme(bits: number): boolean {
  return (bits & ~BIT.O) !== 0;
}

export function detectScheme(ev: SchemeEvidence): Exclude<TagScheme, 'auto'> {
  const b = ev.bits;
  const has = (prefix: string) => (b & BIT[prefix]) !== 0;
  if (has('U') || has('L')) return 'bilou';
  if (has('S') || (has('E') && has('B'))) return 'iobes';
  if (has('E')) return (b & I_CLOSES_CHUNK) !== 0 ? 'ioe1' : 'ioe2';
  // A file that opens chunks with B- is IOB2 even if a few I- tags open chunks too (a common
  // tagger error, which conlleval repairs); IOB1 never writes B- after O.
  if (has('B')) return (b & I_OPENS_CHUNK) !== 0 && (b & B_OPENS_CHUNK) === 0 ? 'iob1' : 'iob2';
  if (has('I')) return 'io';
  return 'iob2';
}

export interface DecodeOptions {
  /** Scheme to validate against when `strict` (or to drop by, under `invalid: 'drop'`); 'auto' validates nothing. */
  scheme: TagScheme;
  strict: boolean;
  /**
   * Sequences the scheme does not allow: 'repair' (conlleval's reading), 'drop' (seqeval's strict
   * mode) or 'reject' (as `strict`). Default: 'reject' when `strict`, else 'repair'. Dropping
   * needs a scheme: under 'auto' nothing is dropped.
   */
  invalid?: InvalidTags;
  source: string;
  /** The line of the first tag (of tag 0), for spans and messages. */
  line: number;
  /** Whether tag i stands on line `line + i` (CoNLL: a tag per line); otherwise every tag is on `line`. */
  tagPerLine: boolean;
  /** Collects evidence for scheme detection, if given. */
  evidence?: SchemeEvidence;
  /** Under `invalid: 'drop'`, counts the chunks dropped, if given. */
  dropped?: DroppedChunks;
}

/**
 * Decodes one sentence's tags, the first `n` of `tags` (all by default), into spans (token
 * offsets, end exclusive).
 * Throws {@link InputError} on a tag that is not a chunk tag, under `strict` (reject) or drop on
 * a prefix the scheme does not have, and under `strict` on a transition the scheme forbids.
 */
export function decodeTags(tags: readonly string[], opts: DecodeOptions, n = tags.length): RawSpan[] {
  const spans: RawSpan[] = [];
  // Most sentences have no chunk at all: every tag O gives no span, and O is valid everywhere.
  let k = 0;
  while (k < n && tags[k] === 'O') k++;
  if (k === n) {
    if (n > 0 && opts.evidence !== undefined) opts.evidence.bits |= BIT.O;
    return spans;
  }
  // Validation needs every tag parsed first; otherwise tags are parsed as they are decoded (an
  // invalid tag stops decoding at the same tag, with the same error).
  let parsed: ParsedTag[] | undefined;
  const invalid = opts.strict ? 'reject' : opts.invalid ?? 'repair';
  if (invalid !== 'repair' && opts.scheme !== 'auto') {
    parsed = new Array(n);
    for (let i = 0; i < n; i++) parsed[i] = parseOrThrow(tags, i, opts);
    if (invalid === 'reject') validate(parsed, tags, opts);
    else {
      // A chunk with a prefix the scheme does not have cannot be judged valid or not, so it
      // can be neither kept nor dropped (seqeval refuses it too).
      for (let i = 0; i < n; i++) {
        if (!ALLOWED[opts.scheme].includes(parsed[i].raw)) throw prefixError(parsed, tags, i, opts, ': a chunk with it can be neither kept nor dropped');
      }
    }
  }
  const ev = opts.evidence;
  const line = opts.line;
  const step = opts.tagPerLine ? 1 : 0;
  let prevCode = PREFIX_CODE.O;
  let prevType = '';
  let inChunk = false;
  let chunkStart = 0;
  let chunkType = '';
  // Evidence is gathered in a local and stored once.
  let bits = 0;
  // The leading O tags (k of them) change nothing but the evidence: start at the first other tag.
  if (k > 0) bits |= BIT.O;
  for (let i = k; i < n; i++) {
    // O after O changes nothing either: no chunk is open after an O, none opens at one, and the
    // evidence already has O. Most tags are O, so this skips most of the work.
    if (prevCode === 0 && tags[i] === 'O') continue;
    const tag = parsed !== undefined ? parsed[i] : parseOrThrow(tags, i, opts);
    const type = tag.type;
    const f = TRANSITIONS[(prevType === type ? 0 : 25) + 5 * prevCode + tag.code];
    bits |= tag.bit | (f & TRANSITION_EVIDENCE);
    if ((f & ENDS) !== 0 && inChunk) {
      spans.push({ start: chunkStart, end: i, label: chunkType, line: line + step * chunkStart });
      inChunk = false;
    }
    if ((f & STARTS) !== 0) {
      if (inChunk) spans.push({ start: chunkStart, end: i, label: chunkType, line: line + step * chunkStart });
      inChunk = true;
      chunkStart = i;
      chunkType = type;
    }
    prevCode = tag.code;
    prevType = type;
  }
  if (inChunk) spans.push({ start: chunkStart, end: n, label: chunkType, line: line + step * chunkStart });
  if (prevCode === CODE_I) bits |= I_CLOSES_CHUNK;
  if (ev !== undefined) ev.bits |= bits;
  // Dropping: the evidence above stays that of the tags as written; the chunks are the valid ones.
  // IO has no invalid sequence: nothing to drop.
  if (invalid === 'drop' && parsed !== undefined && opts.scheme !== 'io') {
    const kept = strictChunks(parsed, { scheme: opts.scheme as Exclude<TagScheme, 'auto' | 'io'>, line, tagPerLine: opts.tagPerLine });
    if (opts.dropped !== undefined) countDropped(spans, kept, opts);
    return kept;
  }
  return spans;
}

/**
 * Counts in `opts.dropped` the chunks of conlleval's reading (`all`) that dropping did not keep
 * whole (`kept`). Both are in order and do not overlap. A kept chunk that is not one of `all` is
 * the end of one (IOB1 only: `B-X I-X` where B- may not open a chunk is kept from its I-X on).
 */
function countDropped(all: readonly RawSpan[], kept: readonly RawSpan[], opts: DecodeOptions): void {
  const d = opts.dropped!;
  let j = 0;
  for (const s of all) {
    while (j < kept.length && kept[j].end <= s.start) j++;
    const k = j < kept.length && kept[j].start < s.end ? kept[j] : undefined;
    if (k !== undefined && k.start === s.start && k.end === s.end && k.label === s.label) continue;
    if (k !== undefined) d.trimmed++;
    d.types.add(s.label);
    if (d.count++ === 0) {
      d.source = opts.source;
      d.line = s.line;
      d.scheme = opts.scheme;
    }
  }
}

/** The line of tag i (see {@link DecodeOptions.line}). */
function lineOfTag(opts: DecodeOptions, i: number): number {
  return opts.tagPerLine ? opts.line + i : opts.line;
}

function parseOrThrow(tags: readonly string[], i: number, opts: DecodeOptions): ParsedTag {
  const t = parseTag(tags[i]);
  if (t === undefined) throw new InputError(tagError(tags[i]), opts.source, lineOfTag(opts, i));
  return t;
}

/** Prefixes each scheme may use, as written. */
const ALLOWED: Record<Exclude<TagScheme, 'auto'>, string> = {
  iob1: 'BIO', iob2: 'BIO', ioe1: 'EIO', ioe2: 'EIO', iobes: 'BIESO', bilou: 'BILUO', io: 'IO',
};

/**
 * The error for tag i, whose prefix the scheme does not have (`S-X` under IOB2, `B-X` under IO):
 * the tag is wrong, whatever comes before or after it. `why` ends the message.
 */
function prefixError(parsed: readonly ParsedTag[], tags: readonly string[], i: number, opts: DecodeOptions, why = ''): InputError {
  const scheme = opts.scheme as Exclude<TagScheme, 'auto'>;
  const name = scheme.toUpperCase();
  const allowed = [...ALLOWED[scheme]];
  const only = `${allowed.slice(0, -1).join(', ')} and ${allowed[allowed.length - 1]}`;
  return new InputError(`invalid ${name} tag: ${showValue(tags[i])} (${name} has no ${parsed[i].raw}- prefix, only ${only}${why})`, opts.source, lineOfTag(opts, i));
}

function validate(parsed: ParsedTag[], tags: readonly string[], opts: DecodeOptions): void {
  const scheme = opts.scheme as Exclude<TagScheme, 'auto'>;
  const name = scheme.toUpperCase();
  const n = parsed.length;
  const fail = (i: number, why: string): never => {
    throw new InputError(`invalid ${name} transition: ${why}`, opts.source, lineOfTag(opts, i));
  };
  const show = (i: number) => (i < 0 ? 'sentence start' : i >= n ? 'sentence end' : showValue(tags[i]));
  for (let i = 0; i < n; i++) {
    const t = parsed[i];
    if (!ALLOWED[scheme].includes(t.raw)) throw prefixError(parsed, tags, i, opts);
    if (t.prefix === 'O') continue;
    const prev = i > 0 ? parsed[i - 1] : undefined;
    const next = i + 1 < n ? parsed[i + 1] : undefined;
    const prevSame = prev !== undefined && prev.prefix !== 'O' && prev.type === t.type;
    const nextSame = next !== undefined && next.prefix !== 'O' && next.type === t.type;
    switch (scheme) {
      case 'iob2':
        if (t.prefix === 'I' && !(prevSame && (prev!.prefix === 'B' || prev!.prefix === 'I'))) {
          fail(i, `${show(i - 1)} then ${show(i)} (I- must continue a chunk of the same type)`);
        }
        break;
      case 'iob1':
        if (t.prefix === 'B' && !prevSame) {
          fail(i, `${show(i - 1)} then ${show(i)} (B- only separates two chunks of the same type)`);
        }
        break;
      case 'ioe2':
        if (t.prefix === 'I' && !(nextSame && (next!.prefix === 'I' || next!.prefix === 'E'))) {
          fail(i, `${show(i)} then ${show(i + 1)} (a chunk must end with E-)`);
        }
        break;
      case 'ioe1':
        if (t.prefix === 'E' && !nextSame) {
          fail(i, `${show(i)} then ${show(i + 1)} (E- only separates two chunks of the same type)`);
        }
        break;
      case 'iobes':
      case 'bilou': {
        const opens = t.prefix === 'B' || t.prefix === 'S';
        const closes = t.prefix === 'E' || t.prefix === 'S';
        const prevOpen = prevSame && (prev!.prefix === 'B' || prev!.prefix === 'I');
        if (!opens && !prevOpen) fail(i, `${show(i - 1)} then ${show(i)} (a chunk must open with ${scheme === 'bilou' ? 'B- or U-' : 'B- or S-'})`);
        if (opens && prev !== undefined && (prev.prefix === 'B' || prev.prefix === 'I')) {
          fail(i, `${show(i - 1)} then ${show(i)} (the chunk before was not closed)`);
        }
        if (!closes && !(nextSame && (next!.prefix === 'I' || next!.prefix === 'E'))) {
          fail(i, `${show(i)} then ${show(i + 1)} (a chunk must close with ${scheme === 'bilou' ? 'L- or U-' : 'E- or S-'})`);
        }
        break;
      }
      case 'io':
        break;
    }
  }
}
