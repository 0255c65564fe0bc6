import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTags, detectScheme, newEvidence, parseTag, tagError, type DecodeOptions } from '../../src/formats/chunking.js';
import { InputError } from '../../src/errors.js';
import type { TagScheme } from '../../src/formats/segment.js';
import { inputError } from '../helpers/errors.js';

type Scheme = Exclude<TagScheme, 'auto'>;

/** Tags of a sentence written as one space-separated string; tag i stands on line 10 + i. */
const tagsOf = (s: string) => (s.trim() === '' ? [] : s.trim().split(/\s+/));
const opts = (extra: Partial<DecodeOptions> = {}): DecodeOptions => ({
  scheme: 'auto', strict: false, source: 'sys.conll', line: 10, tagPerLine: true, ...extra,
});

/** conlleval-style chunks as [start, end, label] triples. */
function chunks(tags: string, extra: Partial<DecodeOptions> = {}) {
  return decodeTags(tagsOf(tags), opts(extra)).map((s) => [s.start, s.end, s.label]);
}


/** The message of the error strict validation under `scheme` raises for `tags`. */
function strictError(scheme: Scheme, tags: string): string {
  return inputError(() => decodeTags(tagsOf(tags), opts({ scheme, strict: true }))).message;
}

function detect(...sentences: string[]): Scheme {
  const ev = newEvidence();
  for (const s of sentences) decodeTags(tagsOf(s), opts({ evidence: ev }));
  return detectScheme(ev);
}

describe('parseTag', () => {
  it('parses O, the six prefixes and types that contain hyphens', () => {
    expect(parseTag('O')).toEqual({ prefix: 'O', raw: 'O', type: '', code: 0, bit: 64 });
    expect(parseTag('B-PER')).toEqual({ prefix: 'B', raw: 'B', type: 'PER', code: 1, bit: 1 });
    expect(parseTag('L-LOC')).toEqual({ prefix: 'E', raw: 'L', type: 'LOC', code: 3, bit: 16 });
    expect(parseTag('U-LOC')).toEqual({ prefix: 'S', raw: 'U', type: 'LOC', code: 4, bit: 32 });
    expect(parseTag('E-X')).toEqual({ prefix: 'E', raw: 'E', type: 'X', code: 3, bit: 4 });
    expect(parseTag('S-X')).toEqual({ prefix: 'S', raw: 'S', type: 'X', code: 4, bit: 8 });
    expect(parseTag('I-WORK-OF-ART')).toEqual({ prefix: 'I', raw: 'I', type: 'WORK-OF-ART', code: 2, bit: 2 });
  });

  it('reads a prefix alone, or with an empty type, as an untyped tag (type ""), as conlleval does', () => {
    expect(parseTag('B')).toEqual({ prefix: 'B', raw: 'B', type: '', code: 1, bit: 1 });
    expect(parseTag('I')).toEqual({ prefix: 'I', raw: 'I', type: '', code: 2, bit: 2 });
    expect(parseTag('E')).toEqual({ prefix: 'E', raw: 'E', type: '', code: 3, bit: 4 });
    expect(parseTag('S')).toEqual({ prefix: 'S', raw: 'S', type: '', code: 4, bit: 8 });
    expect(parseTag('L')).toEqual({ prefix: 'E', raw: 'L', type: '', code: 3, bit: 16 });
    expect(parseTag('U')).toEqual({ prefix: 'S', raw: 'U', type: '', code: 4, bit: 32 });
    expect(parseTag('B-')).toEqual({ prefix: 'B', raw: 'B', type: '', code: 1, bit: 1 });
  });

  it('rejects anything else', () => {
    for (const t of ['PER', 'X-PER', 'b-PER', 'BI-PER', '', '-', 'o', 'O-PER', 'B_PER', 'X', 'b', 'BI']) {
      expect(parseTag(t), t).toBeUndefined();
    }
  });
});

describe('decodeTags: conlleval chunking', () => {
  it('opens a chunk at I- after O', () => {
    expect(chunks('O I-PER I-PER')).toEqual([[1, 3, 'PER']]);
  });

  it('opens a chunk at I- at the start of a sentence', () => {
    expect(chunks('I-PER I-PER O')).toEqual([[0, 2, 'PER']]);
  });

  it('splits at a type change, even B- then I- of another type', () => {
    expect(chunks('B-PER I-LOC')).toEqual([[0, 1, 'PER'], [1, 2, 'LOC']]);
    expect(chunks('I-PER I-LOC I-LOC')).toEqual([[0, 1, 'PER'], [1, 3, 'LOC']]);
  });

  it('splits at B- after I- or B- of the same type (IOB1 and IOB2)', () => {
    expect(chunks('I-PER B-PER')).toEqual([[0, 1, 'PER'], [1, 2, 'PER']]);
    expect(chunks('B-PER B-PER')).toEqual([[0, 1, 'PER'], [1, 2, 'PER']]);
    expect(chunks('B-PER I-PER B-PER I-PER I-PER')).toEqual([[0, 2, 'PER'], [2, 5, 'PER']]);
  });

  it('continues a chunk across I- of the same type', () => {
    expect(chunks('I-LOC I-LOC')).toEqual([[0, 2, 'LOC']]);
    expect(chunks('B-LOC I-LOC I-LOC O')).toEqual([[0, 3, 'LOC']]);
  });

  it('closes a chunk at O and at the sentence end', () => {
    expect(chunks('B-ORG O B-ORG')).toEqual([[0, 1, 'ORG'], [2, 3, 'ORG']]);
    expect(chunks('O O B-ORG I-ORG')).toEqual([[2, 4, 'ORG']]);
    expect(chunks('O O O')).toEqual([]);
    expect(chunks('')).toEqual([]);
  });

  it('decodes IOE2: every chunk ends with E-', () => {
    expect(chunks('I-ORG E-ORG O E-PER')).toEqual([[0, 2, 'ORG'], [3, 4, 'PER']]);
    expect(chunks('E-PER E-PER')).toEqual([[0, 1, 'PER'], [1, 2, 'PER']]);
    expect(chunks('E-PER I-PER E-PER')).toEqual([[0, 1, 'PER'], [1, 3, 'PER']]);
  });

  it('decodes IOE1: E- only between two chunks of the same type', () => {
    expect(chunks('I-PER E-PER I-PER O I-LOC')).toEqual([[0, 2, 'PER'], [2, 3, 'PER'], [4, 5, 'LOC']]);
    expect(chunks('I-PER I-PER E-PER I-PER I-PER')).toEqual([[0, 3, 'PER'], [3, 5, 'PER']]);
  });

  it('decodes IOBES with S- and E-', () => {
    expect(chunks('B-PER E-PER S-LOC O S-PER B-ORG I-ORG E-ORG')).toEqual([
      [0, 2, 'PER'], [2, 3, 'LOC'], [4, 5, 'PER'], [5, 8, 'ORG'],
    ]);
    expect(chunks('S-PER S-PER')).toEqual([[0, 1, 'PER'], [1, 2, 'PER']]);
    expect(chunks('B-PER E-PER S-PER')).toEqual([[0, 2, 'PER'], [2, 3, 'PER']]);
  });

  it('decodes BILOU with U- and L-', () => {
    expect(chunks('U-PER B-ORG I-ORG L-ORG O U-LOC U-LOC')).toEqual([
      [0, 1, 'PER'], [1, 4, 'ORG'], [5, 6, 'LOC'], [6, 7, 'LOC'],
    ]);
    expect(chunks('B-LOC L-LOC U-LOC')).toEqual([[0, 2, 'LOC'], [2, 3, 'LOC']]);
  });

  it('opens a new chunk at every non-O tag after a one-token S-/U- chunk of the same type', () => {
    expect(chunks('S-PER B-PER E-PER')).toEqual([[0, 1, 'PER'], [1, 3, 'PER']]);
    expect(chunks('U-PER B-PER L-PER')).toEqual([[0, 1, 'PER'], [1, 3, 'PER']]);
    expect(chunks('S-PER I-PER')).toEqual([[0, 1, 'PER'], [1, 2, 'PER']]);
    expect(chunks('S-PER E-PER')).toEqual([[0, 1, 'PER'], [1, 2, 'PER']]);
  });

  it('ends a chunk at E- before B- of the same type (where conlleval would merge them)', () => {
    expect(chunks('E-PER B-PER')).toEqual([[0, 1, 'PER'], [1, 2, 'PER']]);
    expect(chunks('B-PER E-PER B-PER E-PER')).toEqual([[0, 2, 'PER'], [2, 4, 'PER']]);
    expect(chunks('U-LOC B-LOC L-LOC B-LOC L-LOC')).toEqual([[0, 1, 'LOC'], [1, 3, 'LOC'], [3, 5, 'LOC']]);
    // With another type, the type change splits as usual.
    expect(chunks('E-PER B-LOC')).toEqual([[0, 1, 'PER'], [1, 2, 'LOC']]);
  });

  it('keeps types that contain hyphens whole', () => {
    expect(chunks('O B-WORK-OF-ART I-WORK-OF-ART O')).toEqual([[1, 3, 'WORK-OF-ART']]);
    expect(chunks('B-WORK-OF-ART I-WORK-OF')).toEqual([[0, 1, 'WORK-OF-ART'], [1, 2, 'WORK-OF']]);
  });

  it('gives each span the line of its first token', () => {
    const spans = decodeTags(tagsOf('O B-PER I-PER O S-LOC'), opts());
    expect(spans).toEqual([
      { start: 1, end: 3, label: 'PER', line: 11 },
      { start: 4, end: 5, label: 'LOC', line: 14 },
    ]);
  });

  it('rejects a tag that is not a chunk tag with file:line and the tag', () => {
    for (const [tags, line, bad] of [
      ['O PER', 11, 'PER'], ['X-PER', 10, 'X-PER'], ['O b-LOC', 11, 'b-LOC'],
    ] as const) {
      const err = inputError(() => decodeTags(tagsOf(tags), opts()));
      expect(err.message).toBe(
        `sys.conll:${line}: tag "${bad}" is not a chunk tag (expected O, or B-, I-, E-, S-, L- or U- followed by a type)`,
      );
      expect(err.file).toBe('sys.conll');
      expect(err.line).toBe(line);
      expect(err.detail).toBe(tagError(bad));
    }
  });

  it('rejects unknown tags even when not strict and even with a scheme given', () => {
    expect(() => decodeTags(['I-PER', 'PER'], opts({ scheme: 'iob2' }))).toThrow(InputError);
  });
});

describe('decodeTags: strict validation', () => {
  const valid: Record<Scheme, string[]> = {
    iob2: ['B-PER I-PER O B-LOC B-LOC I-LOC', 'O O', 'B-PER B-PER'],
    iob1: ['I-PER I-PER O I-LOC B-LOC I-LOC', 'I-PER B-PER', 'I-ORG I-PER'],
    ioe2: ['I-ORG E-ORG O E-PER', 'E-PER E-PER', 'E-PER I-PER E-PER'],
    ioe1: ['I-PER E-PER I-PER O I-LOC', 'I-PER I-LOC', 'E-PER E-PER I-PER'],
    iobes: ['B-PER E-PER S-LOC O S-PER B-ORG I-ORG E-ORG', 'S-PER S-PER', 'S-PER B-PER E-PER'],
    bilou: ['U-PER B-ORG I-ORG L-ORG O U-LOC', 'U-PER B-PER L-PER', 'B-LOC L-LOC B-LOC I-LOC L-LOC'],
    io: ['I-PER I-PER O I-LOC', 'O'],
  };

  for (const [scheme, sentences] of Object.entries(valid) as Array<[Scheme, string[]]>) {
    it(`accepts valid ${scheme.toUpperCase()} and decodes it as without strict`, () => {
      for (const s of sentences) {
        expect(chunks(s, { scheme, strict: true }), s).toEqual(chunks(s));
      }
    });
  }

  const invalid: Array<[Scheme, string, string]> = [
    ['iob2', 'O I-PER', 'sys.conll:11: invalid IOB2 transition: "O" then "I-PER" (I- must continue a chunk of the same type)'],
    ['iob2', 'I-PER', 'sys.conll:10: invalid IOB2 transition: sentence start then "I-PER" (I- must continue a chunk of the same type)'],
    ['iob2', 'B-PER I-LOC', 'sys.conll:11: invalid IOB2 transition: "B-PER" then "I-LOC" (I- must continue a chunk of the same type)'],
    ['iob2', 'B-PER E-PER', 'sys.conll:11: invalid IOB2 tag: "E-PER" (IOB2 has no E- prefix, only B, I and O)'],
    ['iob1', 'O B-PER', 'sys.conll:11: invalid IOB1 transition: "O" then "B-PER" (B- only separates two chunks of the same type)'],
    ['iob1', 'I-LOC B-PER', 'sys.conll:11: invalid IOB1 transition: "I-LOC" then "B-PER" (B- only separates two chunks of the same type)'],
    ['iob1', 'B-PER', 'sys.conll:10: invalid IOB1 transition: sentence start then "B-PER" (B- only separates two chunks of the same type)'],
    ['ioe2', 'I-PER O', 'sys.conll:10: invalid IOE2 transition: "I-PER" then "O" (a chunk must end with E-)'],
    ['ioe2', 'O I-PER', 'sys.conll:11: invalid IOE2 transition: "I-PER" then sentence end (a chunk must end with E-)'],
    ['ioe2', 'I-PER E-LOC', 'sys.conll:10: invalid IOE2 transition: "I-PER" then "E-LOC" (a chunk must end with E-)'],
    ['ioe2', 'B-PER E-PER', 'sys.conll:10: invalid IOE2 tag: "B-PER" (IOE2 has no B- prefix, only E, I and O)'],
    ['ioe1', 'I-PER E-PER O', 'sys.conll:11: invalid IOE1 transition: "E-PER" then "O" (E- only separates two chunks of the same type)'],
    ['ioe1', 'E-PER', 'sys.conll:10: invalid IOE1 transition: "E-PER" then sentence end (E- only separates two chunks of the same type)'],
    ['ioe1', 'E-PER E-LOC I-LOC', 'sys.conll:10: invalid IOE1 transition: "E-PER" then "E-LOC" (E- only separates two chunks of the same type)'],
    ['ioe1', 'E-PER I-LOC', 'sys.conll:10: invalid IOE1 transition: "E-PER" then "I-LOC" (E- only separates two chunks of the same type)'],
    ['iobes', 'B-PER O', 'sys.conll:10: invalid IOBES transition: "B-PER" then "O" (a chunk must close with E- or S-)'],
    ['iobes', 'O E-PER', 'sys.conll:11: invalid IOBES transition: "O" then "E-PER" (a chunk must open with B- or S-)'],
    ['iobes', 'O I-PER E-PER', 'sys.conll:11: invalid IOBES transition: "O" then "I-PER" (a chunk must open with B- or S-)'],
    ['iobes', 'B-PER S-PER', 'sys.conll:10: invalid IOBES transition: "B-PER" then "S-PER" (a chunk must close with E- or S-)'],
    ['iobes', 'B-PER I-PER', 'sys.conll:11: invalid IOBES transition: "I-PER" then sentence end (a chunk must close with E- or S-)'],
    ['iobes', 'B-PER E-LOC', 'sys.conll:10: invalid IOBES transition: "B-PER" then "E-LOC" (a chunk must close with E- or S-)'],
    ['iobes', 'U-PER', 'sys.conll:10: invalid IOBES tag: "U-PER" (IOBES has no U- prefix, only B, I, E, S and O)'],
    ['bilou', 'B-PER O', 'sys.conll:10: invalid BILOU transition: "B-PER" then "O" (a chunk must close with L- or U-)'],
    ['bilou', 'O L-PER', 'sys.conll:11: invalid BILOU transition: "O" then "L-PER" (a chunk must open with B- or U-)'],
    ['bilou', 'S-PER', 'sys.conll:10: invalid BILOU tag: "S-PER" (BILOU has no S- prefix, only B, I, L, U and O)'],
    ['bilou', 'B-PER L-PER E-PER', 'sys.conll:12: invalid BILOU tag: "E-PER" (BILOU has no E- prefix, only B, I, L, U and O)'],
    ['io', 'I-PER B-PER', 'sys.conll:11: invalid IO tag: "B-PER" (IO has no B- prefix, only I and O)'],
    ['io', 'O E-PER', 'sys.conll:11: invalid IO tag: "E-PER" (IO has no E- prefix, only I and O)'],
    ['io', 'I-PER B', 'sys.conll:11: invalid IO tag: "B" (IO has no B- prefix, only I and O)'],
    ['iob1', 'I-PER S-PER', 'sys.conll:11: invalid IOB1 tag: "S-PER" (IOB1 has no S- prefix, only B, I and O)'],
    ['ioe1', 'I-PER L-PER', 'sys.conll:11: invalid IOE1 tag: "L-PER" (IOE1 has no L- prefix, only E, I and O)'],
  ];

  for (const [scheme, tags, message] of invalid) {
    it(`rejects ${scheme.toUpperCase()} "${tags}"`, () => {
      expect(strictError(scheme, tags)).toBe(message);
    });
  }

  it('reports the first invalid transition of a sentence', () => {
    expect(strictError('iob2', 'B-PER I-PER O I-LOC O I-ORG')).toBe(
      'sys.conll:13: invalid IOB2 transition: "O" then "I-LOC" (I- must continue a chunk of the same type)',
    );
  });

  it('validates nothing under auto, and nothing without strict', () => {
    expect(chunks('O I-PER', { scheme: 'auto', strict: true })).toEqual([[1, 2, 'PER']]);
    expect(chunks('O I-PER', { scheme: 'iob2', strict: false })).toEqual([[1, 2, 'PER']]);
  });

  it('checks tags before transitions', () => {
    const err = inputError(() => decodeTags(['O', 'I-PER', 'PER'], opts({ scheme: 'iob2', strict: true })));
    expect(err.line).toBe(12);
    expect(err.detail).toBe(tagError('PER'));
  });
});

describe('detectScheme', () => {
  it('names the scheme from the prefixes and transitions seen', () => {
    expect(detect('B-PER I-PER O B-LOC')).toBe('iob2');
    // B- opening a chunk after O marks IOB2; an I- that opens one there is an IOB2 error.
    expect(detect('B-PER I-PER', 'O I-LOC')).toBe('iob2');
    expect(detect('I-PER B-PER O')).toBe('iob1');
    expect(detect('B-PER I-LOC')).toBe('iob2');
    expect(detect('I-PER I-PER', 'I-LOC B-LOC')).toBe('iob1');
    expect(detect('I-PER I-PER O I-LOC')).toBe('io');
    expect(detect('I-ORG E-ORG O E-PER')).toBe('ioe2');
    expect(detect('E-PER E-PER')).toBe('ioe2');
    expect(detect('I-PER E-PER I-PER O')).toBe('ioe1');
    expect(detect('E-PER I-LOC')).toBe('ioe1');
    expect(detect('B-PER E-PER O')).toBe('iobes');
    expect(detect('S-PER O')).toBe('iobes');
    expect(detect('U-PER O')).toBe('bilou');
    expect(detect('B-PER L-PER')).toBe('bilou');
    expect(detect('O O', '')).toBe('iob2');
    expect(detect()).toBe('iob2');
  });

  it('takes a valid IOE2 file with adjacent chunks of one type for IOE2, not IOE1', () => {
    // E-PER I-PER E-PER is two IOE2 chunks; it is valid IOE2 and IOE1 would reject the last E-.
    expect(detect('E-PER I-PER E-PER O')).toBe('ioe2');
    expect(detect('I-ORG E-ORG I-ORG E-ORG', 'E-LOC')).toBe('ioe2');
  });

  it('gathers evidence across sentences, each starting fresh', () => {
    // I-PER opens sentence 2 (IOB1 evidence), but B-PER opened a chunk after O in sentence 1.
    expect(detect('O B-PER', 'I-PER O')).toBe('iob2');
    expect(detect('O I-PER B-PER', 'I-PER O')).toBe('iob1');
    expect(detect('O B-PER I-PER', 'B-PER I-PER')).toBe('iob2');
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

/** A port of conlleval's endOfChunk/startOfChunk (2004-01-26) for B/I/E/O tags, with complan's E-B split. */
function conlleval(tags: readonly string[]): Array<[number, number, string]> {
  const split = (t: string): [string, string] => {
    const m = /^([^-]*)-(.*)$/.exec(t);
    return m === null ? [t, ''] : [m[1], m[2]];
  };
  const pairs = (list: string) => new Set(list.split(' '));
  // conlleval's pairs, plus EB in both: complan's one departure (E- then B- is two chunks).
  const END = pairs('BB BO IB IO EE EI EO EB');
  const START = pairs('BB IB OB OI EE EI OE EB');
  const out: Array<[number, number, string]> = [];
  let prevTag = 'O';
  let prevType = '';
  let open = -1;
  let openType = '';
  tags.forEach((raw, i) => {
    const [tag, type] = split(raw);
    const end = END.has(prevTag + tag) || (prevTag !== 'O' && prevType !== type);
    const start = START.has(prevTag + tag) || (tag !== 'O' && prevType !== type);
    if (open >= 0 && end) {
      out.push([open, i, openType]);
      open = -1;
    }
    if (start) {
      open = i;
      openType = type;
    }
    prevTag = tag;
    prevType = type;
  });
  if (open >= 0) out.push([open, tags.length, openType]);
  return out;
}

const bioeTag = fc.oneof(
  fc.constant('O'),
  fc.tuple(fc.constantFrom('B', 'I', 'E'), fc.constantFrom('PER', 'LOC', 'MISC-X')).map(([p, t]) => `${p}-${t}`),
  // Untyped tags: conlleval gives them the type "".
  fc.constantFrom('B', 'I', 'E', 'B-', 'I-'),
);

interface Gen {
  gap: number;
  len: number;
  type: string;
}

/** Non-overlapping spans from gaps and lengths; `touch` rules out some touching pairs. */
function spansOf(parts: Gen[], touch: (a: Gen, b: Gen) => boolean): { n: number; spans: Array<[number, number, string]> } {
  const spans: Array<[number, number, string]> = [];
  let pos = 0;
  let prev: Gen | undefined;
  for (const p of parts) {
    const gap = p.gap === 0 && prev !== undefined && p.type === prev.type && !touch(prev, p) ? 1 : p.gap;
    pos += gap;
    spans.push([pos, pos + p.len, p.type]);
    pos += p.len;
    prev = p;
  }
  return { n: pos + (parts.length % 2), spans };
}

/** Writes spans as tags of `scheme`. */
function encode(scheme: Scheme, n: number, spans: Array<[number, number, string]>): string[] {
  const tags = new Array<string>(n).fill('O');
  spans.forEach(([s, e, type], k) => {
    const prev = spans[k - 1];
    const next = spans[k + 1];
    const afterSame = prev !== undefined && prev[1] === s && prev[2] === type;
    const beforeSame = next !== undefined && next[0] === e && next[2] === type;
    for (let i = s; i < e; i++) {
      let p: string;
      switch (scheme) {
        case 'iob2': p = i === s ? 'B' : 'I'; break;
        case 'iob1': p = i === s && afterSame ? 'B' : 'I'; break;
        case 'ioe2': p = i === e - 1 ? 'E' : 'I'; break;
        case 'ioe1': p = i === e - 1 && beforeSame ? 'E' : 'I'; break;
        case 'iobes': p = e - s === 1 ? 'S' : i === s ? 'B' : i === e - 1 ? 'E' : 'I'; break;
        case 'bilou': p = e - s === 1 ? 'U' : i === s ? 'B' : i === e - 1 ? 'L' : 'I'; break;
        case 'io': p = 'I'; break;
      }
      tags[i] = `${p}-${type}`;
    }
  });
  return tags;
}

const parts = fc.array(
  fc.record({ gap: fc.integer({ min: 0, max: 2 }), len: fc.integer({ min: 1, max: 4 }), type: fc.constantFrom('PER', 'LOC', 'WORK-OF-ART') }),
  { maxLength: 12 },
);

/** Which touching same-type pairs each scheme can write (and conlleval read back). */
const TOUCH: Record<Scheme, (a: Gen, b: Gen) => boolean> = {
  iob2: () => true,
  iob1: () => true,
  ioe2: () => true,
  ioe1: () => true,
  // conlleval reads E- then B- of one type as one chunk, so two such multi-token chunks cannot touch.
  iobes: (a, b) => a.len === 1 || b.len === 1,
  bilou: (a, b) => a.len === 1 || b.len === 1,
  io: () => false,
};

describe('decodeTags: properties', () => {
  it('chunks every B/I/E/O sequence exactly as conlleval does', () => {
    fc.assert(fc.property(fc.array(bioeTag, { maxLength: 30 }), (tags) => {
      const got = decodeTags(tags, opts()).map((s) => [s.start, s.end, s.label]);
      expect(got).toEqual(conlleval(tags));
    }), { numRuns: 2000 });
  });

  it('round-trips random non-overlapping spans through IOB2 tags', () => {
    fc.assert(fc.property(parts, (ps) => {
      const { n, spans } = spansOf(ps, TOUCH.iob2);
      const tags = encode('iob2', n, spans);
      expect(decodeTags(tags, opts()).map((s) => [s.start, s.end, s.label])).toEqual(spans);
    }), { numRuns: 1000 });
  });

  for (const scheme of Object.keys(TOUCH) as Scheme[]) {
    it(`round-trips ${scheme.toUpperCase()}: decodes the spans, passes strict validation, is detected`, () => {
      fc.assert(fc.property(parts, (ps) => {
        const { n, spans } = spansOf(ps, TOUCH[scheme]);
        const tags = encode(scheme, n, spans);
        const ev = newEvidence();
        const strict = decodeTags(tags, opts({ scheme, strict: true, evidence: ev }));
        expect(strict.map((s) => [s.start, s.end, s.label])).toEqual(spans);
        const prefixes = new Set(tags.map((t) => t[0]));
        const detected = detectScheme(ev);
        if (spans.length === 0) expect(detected).toBe('iob2');
        else if (scheme === 'iob1' && !prefixes.has('B')) expect(detected).toBe('io');
        else if (scheme === 'ioe1' && !prefixes.has('E')) expect(detected).toBe('io');
        else expect(detected).toBe(scheme);
      }), { numRuns: 500 });
    });
  }
});
