/**
 * Chunking that drops what the tag scheme does not allow (`--invalid drop`): seqeval's strict
 * mode (`mode='strict'` with a `scheme`, seqeval 1.x), for IOB1, IOB2, IOE1, IOE2, IOBES and
 * BILOU.
 *
 * A sentence is read left to right with one `O` appended after its last tag and an `O` before
 * its first. At each tag:
 * - if the tag **starts** a chunk after the previous tag, the chunk runs on over every following
 *   tag that is **inside** it (after the tag before that one); the chunk is kept only when the
 *   tag after it **ends** it (after its last tag). Either way reading resumes after the chunk;
 * - otherwise the tag is skipped: it belongs to no chunk.
 *
 * Start, inside and end are tables of (previous prefix, current prefix, same type?) for each
 * scheme (below, `*` any prefix, `=` same type, `≠` another type, nothing: any type):
 *
 * | scheme | start | inside | end (previous is the chunk's last tag) |
 * | --- | --- | --- | --- |
 * | IOB2 | (*, B) | (B, I, =), (I, I, =) | (B\|I, O), (B\|I, B), (B\|I, I, ≠) |
 * | IOB1 | (O, I), (B, I), (I, I, ≠), (I\|B, B, =) | (B, I, =), (I, I, =) | (I, O), (I, B), (I, I, ≠), (B, O), (B, I, ≠), (B, B, =) |
 * | IOE2 | (O\|E, I\|E), (I, I\|E, ≠) | (I, I\|E, =) | (E, *) |
 * | IOE1 | (O\|E, I), (I, I, ≠), (E, E, =) | (I, I\|E, =) | (I, O), (I, I, ≠), (I, E, ≠), (E, I\|E, =) |
 * | IOBES | (*, B\|S) | (B\|I, I\|E, =) | (E\|S, *) |
 *
 * BILOU is IOBES with L for E and U for S. So under IOB2 an `I-X` after `O` or after another
 * type is dropped with whatever `I-X` follows it, where conlleval would open a chunk; under IOBES
 * a `B-X I-X` that is not closed by `E-X` is dropped whole. seqeval's IOE1 start rules have no
 * (O, E) nor (I, E, ≠), so a one-token IOE1 chunk before another of its type (`O E-X I-X`),
 * though valid, is dropped; it is kept that way, for seqeval's counts. IO has no invalid sequence, and
 * is chunked as conlleval chunks it. A tag whose prefix the scheme does not have (`S-X` in IOB2,
 * `B-X` in IO) is an error, as it is in seqeval: decodeTags refuses it before chunking.
 */
import type { ParsedTag } from './chunking.js';
import type { RawSpan, TagScheme } from './segment.js';

/** The schemes with a strict reading (every scheme but IO). */
export type StrictScheme = Exclude<TagScheme, 'auto' | 'io'>;

/** Prefix codes, as chunking.ts numbers them: O 0, B 1, I 2, E 3 (L), S 4 (U). */
const O = 0;
const B = 1;
const I = 2;
const E = 3;
const S = 4;

/** One pattern: the previous tag's prefix codes (a bit set), the current one's, and the type condition. */
type Pattern = readonly [prev: number, cur: number, type: 'same' | 'diff' | 'any'];

const ANY = 0b11111;
const bit = (...codes: number[]) => codes.reduce((m, c) => m | (1 << c), 0);

interface Rules {
  start: readonly Pattern[];
  inside: readonly Pattern[];
  end: readonly Pattern[];
}

const IOBES_RULES: Rules = {
  start: [[ANY, bit(B, S), 'any']],
  inside: [[bit(B, I), bit(I, E), 'same']],
  end: [[bit(E, S), ANY, 'any']],
};

const RULES: Record<StrictScheme, Rules> = {
  iob2: {
    start: [[ANY, bit(B), 'any']],
    inside: [[bit(B, I), bit(I), 'same']],
    end: [[bit(B, I), bit(O, B), 'any'], [bit(B, I), bit(I), 'diff']],
  },
  iob1: {
    start: [[bit(O, B), bit(I), 'any'], [bit(I), bit(I), 'diff'], [bit(I, B), bit(B), 'same']],
    inside: [[bit(B, I), bit(I), 'same']],
    end: [[bit(I), bit(O, B), 'any'], [bit(I), bit(I), 'diff'], [bit(B), bit(O), 'any'], [bit(B), bit(I), 'diff'], [bit(B), bit(B), 'same']],
  },
  ioe2: {
    start: [[bit(O, E), bit(I, E), 'any'], [bit(I), bit(I, E), 'diff']],
    inside: [[bit(I), bit(I, E), 'same']],
    end: [[bit(E), ANY, 'any']],
  },
  ioe1: {
    start: [[bit(O, E), bit(I), 'any'], [bit(I), bit(I), 'diff'], [bit(E), bit(E), 'same']],
    inside: [[bit(I), bit(I, E), 'same']],
    end: [[bit(I), bit(O), 'any'], [bit(I), bit(I, E), 'diff'], [bit(E), bit(I, E), 'same']],
  },
  iobes: IOBES_RULES,
  bilou: IOBES_RULES,
};

function matches(patterns: readonly Pattern[], prev: ParsedTag, cur: ParsedTag): boolean {
  for (const [p, c, type] of patterns) {
    if ((p & (1 << prev.code)) === 0 || (c & (1 << cur.code)) === 0) continue;
    if (type === 'any' || (type === 'same') === (prev.type === cur.type)) return true;
  }
  return false;
}

const OUTSIDE: ParsedTag = { prefix: 'O', raw: 'O', type: '', code: O, bit: 0 };

export interface StrictChunkOptions {
  scheme: StrictScheme;
  /** The line of tag 0. */
  line: number;
  /** Whether tag i stands on line `line + i`; otherwise every tag is on `line`. */
  tagPerLine: boolean;
}

/**
 * The chunks of one sentence's parsed tags that are valid under the scheme (token offsets, end
 * exclusive); invalid ones are dropped (see the module comment). Every tag's prefix must be one
 * the scheme has (decodeTags checks).
 */
export function strictChunks(tags: readonly ParsedTag[], opts: StrictChunkOptions): RawSpan[] {
  const rules = RULES[opts.scheme];
  const n = tags.length;
  const lineOf = (i: number) => opts.line + (opts.tagPerLine ? i : 0);
  const at = (i: number) => (i < n ? tags[i] : OUTSIDE);
  const spans: RawSpan[] = [];
  let prev = OUTSIDE;
  let i = 0;
  while (i < n) {
    const tag = tags[i];
    if (tag.code !== O && matches(rules.start, prev, tag)) {
      let end = i + 1;
      while (end < n && matches(rules.inside, tags[end - 1], tags[end])) end++;
      if (matches(rules.end, tags[end - 1], at(end))) spans.push({ start: i, end, label: tag.type, line: lineOf(i) });
      i = end;
    } else {
      i++;
    }
    prev = tags[i - 1];
  }
  return spans;
}
