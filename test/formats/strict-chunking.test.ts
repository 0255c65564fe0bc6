/**
 * `invalid: 'drop'`: seqeval's strict mode. Each expected result below was worked out by hand
 * from seqeval's start/inside/end tables (see src/formats/strict-chunking.ts); the properties
 * tie the mode to conlleval's reading where the two must agree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeTags, type DecodeOptions } from '../../src/formats/chunking.js';
import { noneDropped, type TagScheme } from '../../src/formats/segment.js';
import { inputError } from '../helpers/errors.js';

const tagsOf = (s: string) => (s.trim() === '' ? [] : s.trim().split(/\s+/));
const opts = (extra: Partial<DecodeOptions> = {}): DecodeOptions => ({
  scheme: 'auto', strict: false, source: 'sys.conll', line: 10, tagPerLine: true, ...extra,
});

function dropped(scheme: TagScheme, tags: string) {
  return decodeTags(tagsOf(tags), opts({ scheme, invalid: 'drop' })).map((s) => [s.start, s.end, s.label]);
}

function repaired(scheme: TagScheme, tags: string) {
  return decodeTags(tagsOf(tags), opts({ scheme })).map((s) => [s.start, s.end, s.label]);
}

describe('invalid: drop (seqeval strict)', () => {
  it('IOB2: a chunk must open with B-; I- after O or another type is dropped', () => {
    expect(dropped('iob2', 'B-PER I-PER O B-LOC')).toEqual([[0, 2, 'PER'], [3, 4, 'LOC']]);
    expect(dropped('iob2', 'I-PER I-PER O B-LOC')).toEqual([[3, 4, 'LOC']]);
    expect(dropped('iob2', 'B-PER I-LOC I-LOC O')).toEqual([[0, 1, 'PER']]);
    expect(dropped('iob2', 'B-PER B-PER I-PER')).toEqual([[0, 1, 'PER'], [1, 3, 'PER']]);
    expect(dropped('iob2', 'B-PER I-PER I-LOC B-LOC')).toEqual([[0, 2, 'PER'], [3, 4, 'LOC']]);
    // conlleval repairs the same tags into chunks that open with I-.
    expect(repaired('iob2', 'I-PER I-PER O B-LOC')).toEqual([[0, 2, 'PER'], [3, 4, 'LOC']]);
  });

  it('IOB1: B- only between two chunks of one type', () => {
    expect(dropped('iob1', 'I-PER I-PER B-PER O')).toEqual([[0, 2, 'PER'], [2, 3, 'PER']]);
    // B- after O starts nothing; the I- after it starts a chunk of its own.
    expect(dropped('iob1', 'B-PER I-PER')).toEqual([[1, 2, 'PER']]);
    expect(dropped('iob1', 'I-PER B-LOC')).toEqual([[0, 1, 'PER']]);
    expect(dropped('iob1', 'I-PER I-LOC O')).toEqual([[0, 1, 'PER'], [1, 2, 'LOC']]);
  });

  it('IOE2: a chunk must close with E-', () => {
    expect(dropped('ioe2', 'I-PER E-PER O')).toEqual([[0, 2, 'PER']]);
    expect(dropped('ioe2', 'I-PER I-PER O')).toEqual([]);
    expect(dropped('ioe2', 'E-PER E-PER')).toEqual([[0, 1, 'PER'], [1, 2, 'PER']]);
    expect(dropped('ioe2', 'I-PER E-LOC')).toEqual([[1, 2, 'LOC']]);
  });

  it('IOE1: E- only between two chunks of one type', () => {
    expect(dropped('ioe1', 'I-PER I-PER O')).toEqual([[0, 2, 'PER']]);
    expect(dropped('ioe1', 'I-PER E-PER I-PER O')).toEqual([[0, 2, 'PER'], [2, 3, 'PER']]);
    expect(dropped('ioe1', 'I-PER E-PER O')).toEqual([]);
    // As in seqeval, no chunk starts at E- after O or another type: a one-token chunk before
    // another of its type, valid IOE1, is dropped.
    expect(dropped('ioe1', 'E-PER I-PER')).toEqual([[1, 2, 'PER']]);
    expect(dropped('ioe1', 'E-PER E-PER I-PER')).toEqual([[1, 2, 'PER'], [2, 3, 'PER']]);
  });

  it('IOBES and BILOU: a chunk opens with B-/S- (U-) and closes with E-/S- (L-/U-)', () => {
    expect(dropped('iobes', 'B-PER E-PER S-LOC')).toEqual([[0, 2, 'PER'], [2, 3, 'LOC']]);
    expect(dropped('iobes', 'B-PER I-PER O')).toEqual([]);
    expect(dropped('iobes', 'I-PER E-PER')).toEqual([]);
    expect(dropped('iobes', 'S-PER I-PER E-PER')).toEqual([[0, 1, 'PER']]);
    expect(dropped('iobes', 'B-PER I-LOC E-LOC')).toEqual([]);
    expect(dropped('bilou', 'B-PER L-PER U-LOC')).toEqual([[0, 2, 'PER'], [2, 3, 'LOC']]);
    expect(dropped('bilou', 'B-PER I-PER')).toEqual([]);
  });

  it('IO and auto: nothing is invalid, so nothing is dropped', () => {
    expect(dropped('io', 'I-PER I-PER O I-LOC')).toEqual([[0, 2, 'PER'], [3, 4, 'LOC']]);
    expect(dropped('auto', 'O I-PER B-LOC')).toEqual(repaired('auto', 'O I-PER B-LOC'));
  });

  it('a prefix the scheme does not have is an error naming its line', () => {
    const err = inputError(() => decodeTags(tagsOf('O B-PER S-PER'), opts({ scheme: 'iob2', invalid: 'drop' })));
    expect(err.message).toBe('sys.conll:12: invalid IOB2 tag: "S-PER" (IOB2 has no S- prefix, only B, I and O: a chunk with it can be neither kept nor dropped)');
    // IO too, whose one prefix is I: B- is no IO tag, under drop as under reject.
    const io = inputError(() => decodeTags(tagsOf('O I-PER B-LOC'), opts({ scheme: 'io', invalid: 'drop' })));
    expect(io.message).toBe('sys.conll:12: invalid IO tag: "B-LOC" (IO has no B- prefix, only I and O: a chunk with it can be neither kept nor dropped)');
  });

  it('a prefix the scheme does not have is the same error under drop and reject: a wrong tag, not a wrong transition', () => {
    const allowed: Record<Exclude<TagScheme, 'auto'>, string> = {
      iob1: 'BIO', iob2: 'BIO', ioe1: 'EIO', ioe2: 'EIO', iobes: 'BIESO', bilou: 'BILUO', io: 'IO',
    };
    for (const [scheme, has] of Object.entries(allowed) as Array<[Exclude<TagScheme, 'auto'>, string]>) {
      for (const prefix of 'BIESLU'.split('').filter((p) => !has.includes(p))) {
        const tags = `O ${prefix}-PER`;
        const drop = inputError(() => decodeTags(tagsOf(tags), opts({ scheme, invalid: 'drop' })));
        const reject = inputError(() => decodeTags(tagsOf(tags), opts({ scheme, invalid: 'reject' })));
        expect(reject.line, `${scheme} ${tags}`).toBe(11);
        expect(reject.detail).toMatch(new RegExp(`^invalid ${scheme.toUpperCase()} tag: "${prefix}-PER" \\(${scheme.toUpperCase()} has no ${prefix}- prefix, only [A-Z, ]+ and O\\)$`));
        expect(drop.line).toBe(reject.line);
        expect(drop.detail).toBe(reject.detail.replace(/\)$/, ': a chunk with it can be neither kept nor dropped)'));
      }
    }
  });

  it('spans carry the line of their first tag', () => {
    const spans = decodeTags(tagsOf('O I-X B-Y I-Y'), opts({ scheme: 'iob2', invalid: 'drop' }));
    expect(spans.map((s) => s.line)).toEqual([12]);
  });

  it('counts the chunks dropped, as conlleval reads them, with the line of the first', () => {
    const count = (scheme: TagScheme, tags: string, line = 10) => {
      const d = noneDropped();
      decodeTags(tagsOf(tags), opts({ scheme, invalid: 'drop', line, dropped: d }));
      return d;
    };
    // I-PER I-PER after O is one chunk to conlleval, one dropped; B-LOC I-ORG loses I-ORG.
    expect(count('iob2', 'O I-PER I-PER O B-LOC I-ORG')).toEqual({ count: 2, trimmed: 0, source: 'sys.conll', line: 11, scheme: 'iob2', types: new Set(['PER', 'ORG']) });
    expect(count('iobes', 'S-PER B-LOC I-LOC O', 3)).toMatchObject({ count: 1, line: 4 });
    // Valid tags drop nothing.
    expect(count('iob2', 'B-PER I-PER O B-LOC')).toMatchObject({ count: 0, trimmed: 0, source: '' });
    // IOB1: B- may not open a chunk after O, so B-PER I-PER is kept from I-PER on, in part.
    expect(count('iob1', 'B-PER I-PER O B-LOC')).toMatchObject({ count: 2, trimmed: 1, line: 10 });
    // Counts add up over sentences, the first line staying the first sentence's.
    const d = noneDropped();
    decodeTags(tagsOf('B-X O'), opts({ scheme: 'iob2', invalid: 'drop', dropped: d }));
    decodeTags(tagsOf('O I-X'), opts({ scheme: 'iob2', invalid: 'drop', line: 20, dropped: d }));
    decodeTags(tagsOf('I-Y'), opts({ scheme: 'iob2', invalid: 'drop', line: 30, dropped: d }));
    expect(d).toMatchObject({ count: 2, line: 21, types: new Set(['X', 'Y']) });
    // Repair and reject count nothing.
    const none = noneDropped();
    decodeTags(tagsOf('O I-X'), opts({ scheme: 'iob2', dropped: none }));
    expect(none.count).toBe(0);
  });

  it('`strict` wins over `invalid`: it rejects', () => {
    expect(() => decodeTags(tagsOf('O I-PER'), opts({ scheme: 'iob2', strict: true, invalid: 'drop' }))).toThrow(/invalid IOB2 transition/);
  });
});

const TYPES = ['X', 'Y'];

describe('invalid: drop, properties', () => {
  it('IOB2: the chunks kept are exactly conlleval\'s chunks that open with B-', () => {
    const tag = fc.oneof(fc.constant('O'), fc.constantFrom('B', 'I').chain((p) => fc.constantFrom(...TYPES).map((t) => `${p}-${t}`)));
    fc.assert(fc.property(fc.array(tag, { maxLength: 12 }), (tags) => {
      const drop = decodeTags(tags, opts({ scheme: 'iob2', invalid: 'drop' }));
      const repair = decodeTags(tags, opts({ scheme: 'iob2' })).filter((s) => tags[s.start].startsWith('B-'));
      expect(drop).toEqual(repair);
    }), { numRuns: 500 });
  });

  it('the count of dropped chunks is conlleval\'s chunks less those kept whole, in every scheme', () => {
    const schemes: Array<[TagScheme, string]> = [['iob1', 'BIO'], ['iob2', 'BIO'], ['ioe1', 'EIO'], ['ioe2', 'EIO'], ['iobes', 'BIESO'], ['bilou', 'BILUO']];
    for (const [scheme, prefixes] of schemes) {
      const tag = fc.constantFrom(...prefixes.split('')).chain((p) => (p === 'O' ? fc.constant('O') : fc.constantFrom(...TYPES).map((t) => `${p}-${t}`)));
      fc.assert(fc.property(fc.array(tag, { maxLength: 10 }), (tags) => {
        const d = noneDropped();
        const kept = decodeTags(tags, opts({ scheme, invalid: 'drop', dropped: d }));
        const all = decodeTags(tags, opts({ scheme }));
        const key = (s: { start: number; end: number; label: string }) => `${s.start}-${s.end}-${s.label}`;
        const keptKeys = new Set(kept.map(key));
        const lost = all.filter((s) => !keptKeys.has(key(s)));
        expect(d.count, `${scheme}: ${tags.join(' ')}`).toBe(lost.length);
        if (lost.length > 0) expect(d.line).toBe(lost[0].line);
        // A kept chunk that is not one of conlleval's is the end of one dropped (IOB1 alone has them).
        expect(d.trimmed).toBe(kept.length - all.filter((s) => keptKeys.has(key(s))).length);
        if (scheme !== 'iob1') expect(d.trimmed).toBe(0);
      }), { numRuns: 300 });
    }
  });

  it('valid tags, in every scheme with a strict reading, lose nothing', () => {
    // Random non-overlapping chunks over 10 tokens, written in each scheme.
    const chunk = fc.record({ start: fc.integer({ min: 0, max: 9 }), len: fc.integer({ min: 1, max: 4 }), type: fc.constantFrom(...TYPES) });
    fc.assert(fc.property(fc.array(chunk, { maxLength: 5 }), (raw) => {
      const taken = new Array<boolean>(10).fill(false);
      const chunks: Array<{ start: number; end: number; type: string }> = [];
      for (const c of [...raw].sort((a, b) => a.start - b.start)) {
        const end = Math.min(10, c.start + c.len);
        if (taken.slice(c.start, end).some(Boolean)) continue;
        taken.fill(true, c.start, end);
        chunks.push({ start: c.start, end, type: c.type });
      }
      for (const scheme of ['iob2', 'iobes', 'bilou', 'ioe2'] as const) {
        const tags = new Array<string>(10).fill('O');
        for (const c of chunks) {
          for (let t = c.start; t < c.end; t++) tags[t] = `I-${c.type}`;
          const one = c.end - c.start === 1;
          if (scheme === 'iob2') tags[c.start] = `B-${c.type}`;
          if (scheme === 'ioe2') tags[c.end - 1] = `E-${c.type}`;
          if (scheme === 'iobes' || scheme === 'bilou') {
            tags[c.start] = `B-${c.type}`;
            tags[c.end - 1] = `${scheme === 'iobes' ? 'E' : 'L'}-${c.type}`;
            if (one) tags[c.start] = `${scheme === 'iobes' ? 'S' : 'U'}-${c.type}`;
          }
        }
        const got = decodeTags(tags, opts({ scheme, invalid: 'drop' })).map((s) => ({ start: s.start, end: s.end, type: s.label }));
        expect(got, `${scheme}: ${tags.join(' ')}`).toEqual(chunks);
      }
    }), { numRuns: 300 });
  });
});
