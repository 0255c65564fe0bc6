/**
 * JSONL system records verified against the reference: a record whose `tokens` array is, as
 * text, the next reference sentence's is parsed without it. Loading must give exactly what
 * parsing every record whole gives — the same corpus, or the same error (file, line, message) —
 * in every spelling of the arrays, and whatever the records hold.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadOutcome } from '../helpers/load-outcome.js';
import { tempFiles } from '../helpers/temp.js';
import { JsonlTokenVerifier } from '../../src/formats/jsonl-verify.js';
import { DEFAULT_LOAD_OPTIONS, loadInternals } from '../../src/formats/load.js';
import type { ExpectedTokens } from '../../src/formats/segment.js';

const temp = tempFiles('jsonl-verify');

afterEach(() => {
  loadInternals.verifyInPlace = true;
});

/** Loads JSONL `systems` against the gold both ways and expects the same outcome. */
function same(gold: string, systems: string[]): unknown {
  const goldPath = temp(gold, 'gold.jsonl');
  const opts = { ...DEFAULT_LOAD_OPTIONS, gold: goldPath, systems: systems.map((content, k) => ({ name: `s${k + 1}`, path: temp(content, 'sys.jsonl') })) };
  const fast = loadOutcome(opts, true);
  expect(fast).toEqual(loadOutcome(opts, false));
  return fast;
}

/** JSON as Python's json.dumps writes it by default: `", "` and `": "`, non-ASCII escaped. */
function pythonDumps(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(pythonDumps).join(', ')}]`;
  if (typeof v === 'object' && v !== null) return `{${Object.entries(v).map(([k, x]) => `${pythonDumps(k)}: ${pythonDumps(x)}`).join(', ')}}`;
  return JSON.stringify(v).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

type Rec = { tokens: string[]; spans: Array<{ start: number; end: number; label: string }> };

const SENTENCES: Rec[] = [
  { tokens: ['Zoë', 'Ågren', 'met', 'the', '"Kettle"', 'Guild', '.'], spans: [{ start: 0, end: 2, label: 'PER' }, { start: 4, end: 6, label: 'ORG' }] },
  { tokens: ['A', 'back\\slash', 'in', 'Nörrköping', '🙂'], spans: [{ start: 3, end: 4, label: 'LOC' }] },
  { tokens: ['Nothing', 'here'], spans: [] },
];
const GOLD = SENTENCES.map((r) => JSON.stringify(r)).join('\n') + '\n';

/** The reference of SENTENCES as a reader is given it. */
function expected(recs: Rec[] = SENTENCES): ExpectedTokens {
  const tokens = recs.flatMap((r) => r.tokens);
  const sentenceEnds: number[] = [];
  let end = 0;
  for (const r of recs) sentenceEnds.push((end += r.tokens.length));
  return { tokens, sentenceEnds };
}

describe('a JSONL record verified against the reference', () => {
  it('is parsed without its tokens in each spelling a writer uses, sentence after sentence', () => {
    const spellings: Array<[string, (r: object) => string]> = [
      ['JSON.stringify', (r) => JSON.stringify(r)],
      ['json.dumps', pythonDumps],
      ['json.dumps, ensure_ascii=False', (r) => pythonDumps(r).replace(/\\u([0-9a-f]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))],
      ['compact, ASCII-escaped', (r) => JSON.stringify(r).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)],
    ];
    for (const [name, write] of spellings) {
      const v = new JsonlTokenVerifier(expected());
      for (const r of SENTENCES) {
        const got = v.parse(write({ doc_id: 'd', ...r }));
        expect(got, name).toBeDefined();
        expect(got!.length, name).toBe(r.tokens.length);
        expect(got!.rec.spans, name).toEqual(r.spans);
        expect(got!.rec.doc_id, name).toBe('d');
      }
    }
  });

  it('is not verified when its tokens differ, when the key is inside a string, or when a second key overrides it', () => {
    const first = SENTENCES[0];
    const text = JSON.stringify(first.tokens);
    const cases = [
      JSON.stringify({ ...first, tokens: [...first.tokens.slice(0, -1), '!'] }),
      JSON.stringify({ ...first, tokens: first.tokens.slice(0, -1) }),
      // The array's text inside a string, before the real (different) tokens.
      `{"note":${JSON.stringify(`"tokens":${text}`)},"tokens":["x"],"spans":[]}`,
      // Two tokens keys: JSON.parse keeps the last.
      `{"tokens":${text},"tokens":["other"],"spans":[]}`,
      // The array's text followed by something that is not JSON.
      `{"tokens":${text}]],"spans":[]}`,
    ];
    for (const raw of cases) expect(new JsonlTokenVerifier(expected()).parse(raw), raw).toBeUndefined();
  });

  it('stops when asked: a record handed over whole may stand for any number of sentences', () => {
    const v = new JsonlTokenVerifier(expected());
    expect(v.parse(JSON.stringify(SENTENCES[0]))).toBeDefined();
    v.stop();
    expect(v.parse(JSON.stringify(SENTENCES[1]))).toBeUndefined();
  });
});

describe('loading JSONL systems with verification gives what parsing every record gives', () => {
  it('on files that agree with the gold, in every spelling, with other keys and document markers', () => {
    const marker = JSON.stringify({ tokens: ['-DOCSTART-'], spans: [] });
    const parse = vi.spyOn(JsonlTokenVerifier.prototype, 'parse');
    const r = same(GOLD, [
      GOLD,
      SENTENCES.map((x) => pythonDumps(x)).join('\n'),
      [marker, ...SENTENCES.map((x, k) => JSON.stringify({ id: `r${k}`, doc_id: 7, tokens: x.tokens, ner: x.spans.map((s) => [s.start, s.end, s.label]) }))].join('\n'),
      SENTENCES.map((x) => JSON.stringify({ tokens: x.tokens, ner_tags: x.tokens.map((_, i) => (x.spans.some((s) => i >= s.start && i < s.end) ? 'B-X' : 'O')) })).join('\n'),
    ]) as { corpus: { systems: Array<{ spans: unknown[] }> } };
    expect(r.corpus.systems.map((s) => s.spans.length)).toEqual([3, 3, 3, 5]);
    // Every record of the four files was verified (the marker is not a sentence, and without
    // verification nothing was tried).
    expect(parse.mock.results.filter((x) => x.value !== undefined)).toHaveLength(4 * SENTENCES.length);
    parse.mockRestore();
  });

  it('on a record per document, a record that differs and records that are wrong', () => {
    const all = { tokens: SENTENCES.flatMap((x) => x.tokens), spans: [{ start: 0, end: 1, label: 'PER' }] };
    const changed = SENTENCES.map((x, k) => JSON.stringify(k === 1 ? { ...x, tokens: ['B', ...x.tokens.slice(1)] } : x)).join('\n');
    same(GOLD, [JSON.stringify(all)]);
    same(GOLD, [changed]);
    same(GOLD, [SENTENCES.map((x) => JSON.stringify({ ...x, spans: [{ start: 0, end: 99, label: 'X' }] })).join('\n')]);
    same(GOLD, [SENTENCES.map((x) => JSON.stringify(x)).join('\n') + '\n' + JSON.stringify(SENTENCES[0])]);
    same(GOLD, [SENTENCES.slice(0, 2).map((x) => JSON.stringify(x)).join('\n')]);
    same(GOLD, [`${JSON.stringify(SENTENCES[0])}\n{"tokens":${JSON.stringify(SENTENCES[1].tokens)},"spans":[{"start":0}]}`]);
  });

  it('against a gold with record ids: records matched by id, in the gold\'s order or not, with ids it lacks or none', () => {
    const withIds = (recs: Rec[], ids: Array<string | number | undefined>) => recs.map((x, k) => JSON.stringify(ids[k] === undefined ? x : { id: ids[k], ...x })).join('\n');
    const gold = withIds(SENTENCES, ['a', 'b', '7']);
    const parse = vi.spyOn(JsonlTokenVerifier.prototype, 'parse');
    // In the gold's order, with its ids (one of them a number in the system): every record verified.
    same(gold, [withIds(SENTENCES, ['a', 'b', 7])]);
    expect(parse.mock.results.filter((x) => x.value !== undefined)).toHaveLength(SENTENCES.length);
    parse.mockRestore();
    // Out of order: matched by id, as parsing every record matches them.
    const r = same(gold, [withIds([SENTENCES[1], SENTENCES[0], SENTENCES[2]], ['b', 'a', '7'])]) as { corpus: { systems: Array<{ spans: unknown[] }> } };
    expect(r.corpus.systems[0].spans).toHaveLength(3);
    // A record with the tokens of the sentence it stands at but the id of another: an error, as parsed whole.
    expect(same(gold, [withIds(SENTENCES, ['b', 'a', '7'])])).toMatchObject({ file: expect.stringMatching(/sys\.jsonl$/), line: 1 });
    // An id that names another sentence of the same tokens, an id the gold lacks, a repeated id, no ids.
    same(withIds([SENTENCES[0], SENTENCES[0], SENTENCES[2]], ['a', 'b', '7']), [withIds([SENTENCES[0], SENTENCES[0], SENTENCES[2]], ['b', 'a', '7'])]);
    same(gold, [withIds(SENTENCES, ['a', 'zz', '7'])]);
    same(gold, [withIds(SENTENCES, ['a', 'a', '7'])]);
    same(gold, [withIds(SENTENCES, [undefined, undefined, undefined])]);
    same(gold, [withIds(SENTENCES, ['a', undefined, '7'])]);
  });

  it('on generated references and systems (property)', () => {
    const token = fc.oneof(fc.constantFrom('a', 'Zoë', '"q"', 'x\\y', '🙂', 'é'), fc.string({ minLength: 1, maxLength: 4 }));
    const sentence = fc.array(token, { minLength: 1, maxLength: 5 });
    fc.assert(fc.property(
      fc.array(sentence, { minLength: 1, maxLength: 4 }),
      fc.constantFrom('js', 'py'),
      fc.array(fc.nat(9), { minLength: 4, maxLength: 4 }),
      (sentences, style, noise) => {
        const recs: Rec[] = sentences.map((tokens) => ({ tokens, spans: [{ start: 0, end: 1, label: 'T' }] }));
        const write = style === 'js' ? (x: object) => JSON.stringify(x) : pythonDumps;
        // Some records changed: a token replaced, a record dropped, or spans out of range.
        const sys = recs.map((r, k) => {
          if (noise[k % 4] === 0) return write({ ...r, tokens: [...r.tokens.slice(1), 'zz'] });
          if (noise[k % 4] === 1) return write({ ...r, spans: [{ start: 0, end: r.tokens.length + 1, label: 'T' }] });
          return write(r);
        });
        same(recs.map((r) => JSON.stringify(r)).join('\n'), [sys.join('\n')]);
      },
    ), { numRuns: 60 });
  });
});
