import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonl } from '../../src/formats/jsonl.js';
import { DEFAULT_READ_OPTIONS, type ReadOptions, type Segment } from '../../src/formats/segment.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/dialects');
const LABELS = ['O', 'B-PER', 'I-PER', 'B-ORG', 'I-ORG', 'B-LOC', 'I-LOC', 'B-MISC', 'I-MISC'];

function read(path: string, opts: Partial<ReadOptions> = {}) {
  const segments: Segment[] = [];
  const summary = readJsonl(path, { ...DEFAULT_READ_OPTIONS, ...opts }, (s) => segments.push(s));
  return { segments, summary };
}

function temp(lines: unknown[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'complan-dialects-')), 'in.jsonl');
  writeFileSync(path, lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n'));
  return path;
}

const triples = (s: Segment) => s.spans.map((x) => [x.start, x.end, x.label]);
/** Each span's text: its characters, or its tokens joined by spaces. */
const texts = (s: Segment) => s.spans.map((x) => (s.text !== undefined ? s.text.slice(x.start, x.end) : s.tokens!.slice(x.start, x.end).join(' ')));

describe('readJsonl: dialects told from the keys', () => {
  it('reads Hugging Face rows with tag strings as huggingface (extra columns ignored)', () => {
    const { segments, summary } = read(join(FIXTURES, 'hf.jsonl'));
    expect(summary.dialect).toBe('huggingface');
    expect(summary.scheme).toBe('iob2');
    expect(segments.map(texts)).toEqual([['Mira Okafor', 'Lumen'], ['Velmar', 'Brisk Cup'], ['Quoll', 'Dara Mest', 'Pellham']]);
  });

  it('reads integer ner_tags through the label list as huggingface-ids, with the same spans as the tag strings', () => {
    const ids = read(join(FIXTURES, 'hf-ids.jsonl'), { labels: LABELS });
    expect(ids.summary.dialect).toBe('huggingface-ids');
    expect(ids.segments.map(triples)).toEqual(read(join(FIXTURES, 'hf.jsonl')).segments.map(triples));
  });

  it('reads spaCy doc.to_json() records as spacy: character ents, and the tokens\' offsets', () => {
    const { segments, summary } = read(join(FIXTURES, 'spacy.jsonl'));
    expect(summary.dialect).toBe('spacy');
    expect(segments[0].text).toBe('Mira Okafor joined Lumen Labs.');
    expect(segments[0].tokens).toBeUndefined();
    expect(triples(segments[0])).toEqual([[0, 11, 'PER'], [19, 24, 'ORG']]);
    expect(segments[0].charTokens).toEqual({ starts: [0, 5, 12, 19, 25, 29], ends: [4, 11, 18, 24, 29, 30] });
  });

  it('reads doccano records (label or labels: [start, end, label]) as doccano', () => {
    const { segments, summary } = read(join(FIXTURES, 'doccano.jsonl'));
    expect(summary.dialect).toBe('doccano');
    expect(segments.map(texts)).toEqual([['Mira Okafor', 'Lumen', 'Velmar', 'Brisk Cup'], ['Quoll', 'Dara Mest', 'Pellham']]);
    expect(segments.map((s) => s.id)).toEqual(['101', '102']);
    const labels = read(temp([{ text: 'Ana sang', labels: [[0, 3, 'PER']] }]));
    expect(labels.summary.dialect).toBe('doccano');
    expect(triples(labels.segments[0])).toEqual([[0, 3, 'PER']]);
  });

  it('reads a span object whose label is a list of one (Label Studio\'s results), and says when the list holds several or none', () => {
    const { segments } = read(temp([{ text: 'Ana sang', label: [{ start: 0, end: 3, text: 'Ana', labels: ['PER'] }] }]));
    expect(triples(segments[0])).toEqual([[0, 3, 'PER']]);
    const two = temp([{ text: 'Ana sang', label: [{ start: 0, end: 3, labels: ['PER', 'ORG'] }] }]);
    expect(() => read(two)).toThrow(`${two}:1: span [0, 3) has 2 labels, ["PER","ORG"], where a span has one (give each label a span of its own)`);
    const none = temp([{ text: 'Ana sang', label: [{ start: 0, end: 3, labels: [] }] }]);
    expect(() => read(none)).toThrow(`${none}:1: span [0, 3) has an empty list of labels, where a span has one`);
  });

  it('names complan\'s own records token-spans and char-spans, and a mixed file by its dialects in order', () => {
    expect(read(temp([{ tokens: ['a'], spans: [] }])).summary.dialect).toBe('token-spans');
    expect(read(temp([{ text: 'a', entities: [[0, 1, 'X']] }])).summary.dialect).toBe('char-spans');
    const mixed = read(temp([{ tokens: ['a'], ner_tags: ['B-X'] }, { tokens: ['b'], spans: [[0, 1, 'X']] }, { tokens: ['c'], ner_tags: ['O'] }]));
    expect(mixed.summary.dialect).toBe('huggingface+token-spans');
  });

  it('reads text + spans + token objects (Prodigy) as char-spans with the tokens\' offsets', () => {
    const { segments, summary } = read(temp([{
      text: 'Ana sang', spans: [{ start: 0, end: 3, label: 'PER', token_start: 0, token_end: 0 }],
      tokens: [{ text: 'Ana', start: 0, end: 3, id: 0 }, { text: 'sang', start: 4, end: 8, id: 1 }],
    }]));
    expect(summary.dialect).toBe('char-spans');
    expect(segments[0].charTokens).toEqual({ starts: [0, 4], ends: [3, 8] });
  });

  it('passes over spaCy span groups (spans as an object) beside ents', () => {
    const { segments } = read(temp([{ text: 'Ana sang', ents: [{ start: 0, end: 3, label: 'PER' }], spans: { sc: [{ start: 4, end: 8, label: 'V' }] } }]));
    expect(triples(segments[0])).toEqual([[0, 3, 'PER']]);
  });

  it('counts spaCy and doccano offsets in code points, as Python does', () => {
    const { segments } = read(temp([{ text: '😀 Ana', ents: [{ start: 2, end: 5, label: 'PER' }], tokens: [{ id: 0, start: 0, end: 1 }, { id: 1, start: 2, end: 5 }] }]));
    expect(texts(segments[0])).toEqual(['Ana']);
    expect(segments[0].charTokens).toEqual({ starts: [0, 3], ends: [2, 6] });
  });

  it('gives a file without records no dialect', () => {
    expect(read(temp(['', ''])).summary.dialect).toBeUndefined();
  });
});

describe('readJsonl: entities under a key no dialect reads are an error, never an empty prediction', () => {
  const fails = (lines: unknown[], message: string, opts: Partial<ReadOptions> = {}) => {
    const path = temp(lines);
    expect(() => read(path, opts)).toThrow(`${path}:${message}`);
  };
  const KEYS = '(spans, entities, ner, ents, labels, label, ner_tags)';

  it('names the keys of a record whose entities are under another key', () => {
    fails([{ tokens: ['a'] }, { text: 'Ana sang', predictions: [{ start: 0, end: 3, label: 'PER' }] }],
      `2: record has no entities under a key complan reads ${KEYS}; its keys: "text", "predictions"; a record without entities has "spans": []`);
  });

  it('says that a spaCy doc without ents was not annotated with entities', () => {
    fails([{ text: 'Ana sang', sents: [{ start: 0, end: 8 }], tokens: [{ id: 0, start: 0, end: 3 }, { id: 1, start: 4, end: 8 }] }],
      `1: record has no entities under a key complan reads ${KEYS}; its keys: "text", "sents", "tokens" (a spaCy doc without "ents" was not annotated with entities); a record without entities has "spans": []`);
  });

  it('accepts a record without entities whose other keys hold only names or numbers', () => {
    const { segments } = read(temp([{ tokens: ['a'], id: 3, lang: 'en', score: 0.5, label: 'news' }]));
    expect(segments[0].spans).toEqual([]);
  });

  it('rejects two entity keys of different dialects in one record', () => {
    fails([{ text: 'Ana', ents: [], labels: [] }], '1: record has both "ents" and "labels" (keep one)');
    fails([{ tokens: ['a'], spans: [], ner_tags: ['O'] }], '1: record has both "spans" and "ner_tags" (keep one)');
  });

  it('rejects character entities without text, hinting where tag strings go', () => {
    fails([{ tokens: ['Ana', 'sang'], ents: [{ start: 0, end: 3, label: 'PER' }] }], '1: spaCy\'s "ents" holds character offsets into "text", which this record lacks');
    fails([{ tokens: ['Ana', 'sang'], labels: ['B-PER', 'O'] }],
      '1: "labels" (doccano) holds character offsets into "text", which this record lacks (tag strings, one per token, go under "ner_tags")');
  });

  it('rejects token objects that are not ordered {start, end} offsets into the text', () => {
    fails([{ text: 'Ana sang', ents: [], tokens: [{ id: 0, start: 0 }] }], '1: "tokens" item 1 {"id":0,"start":0} needs integer "start" and "end" (character offsets into "text")');
    fails([{ text: 'Ana sang', ents: [], tokens: [{ start: 0, end: 9 }] }], '1: "tokens" item 1 {"start":0,"end":9} is outside the text (8 characters)');
    fails([{ text: 'Ana sang', ents: [], tokens: [{ start: 0, end: 3 }, { start: 2, end: 8 }] }], '1: "tokens" item 2 {"start":2,"end":8} starts before the token before it ends');
    fails([{ tokens: [{ start: 0, end: 3 }], spans: [] }], '1: "tokens" must be an array of strings, but item 1 is an object');
  });

  it('warns when no record of a file has entities under a key it reads (a string, or null, is not a list)', () => {
    const path = temp([{ text: 'Ana sang', prediction: 'PER 0 3' }, { text: 'Bo ran', ents: null }]);
    const { segments, summary } = read(path);
    expect(segments.map((s) => s.spans)).toEqual([[], []]);
    expect(summary.warnings).toEqual([
      `${path}: no record has a list of entities under a key complan reads ${KEYS}, so it is read as finding no entities; its first record's keys: "text", "prediction"`,
    ]);
    // One record with an entity key, even an empty one, says the file is a prediction.
    expect(read(temp([{ text: 'Ana sang' }, { text: 'Bo ran', spans: [] }])).summary.warnings).toEqual([]);
  });

  it('reads a -DOCSTART- row as CoNLL reads the line: a document break, counted as a marker', () => {
    const { segments, summary } = read(temp([
      { tokens: ['-DOCSTART-'], ner_tags: ['O'] }, { tokens: ['Ana', 'sang'], ner_tags: ['B-PER', 'O'] },
      { tokens: ['Bo'], ner_tags: ['O'] }, { tokens: ['-DOCSTART-'], spans: [] }, { tokens: ['Cy'], ner_tags: ['B-PER'] },
    ]));
    expect(segments.map((s) => [s.tokens, s.docBreak])).toEqual([[['Ana', 'sang'], true], [['Bo'], undefined], [['Cy'], true]]);
    expect([summary.segments, summary.markers, summary.dialect]).toEqual([3, 2, 'huggingface+token-spans']);
    // With an entity it is a sentence like any other.
    const tagged = read(temp([{ tokens: ['-DOCSTART-'], ner_tags: ['B-MISC'] }]));
    expect([tagged.segments.length, tagged.summary.markers]).toEqual([1, undefined]);
  });

  it('reads doccano\'s start_offset and end_offset, and names the keys of a span object without offsets', () => {
    const { segments, summary } = read(temp([{ id: 1, text: 'Ana sang', entities: [{ id: 7, label: 'PER', start_offset: 0, end_offset: 3 }], relations: [] }]));
    expect(triples(segments[0])).toEqual([[0, 3, 'PER']]);
    expect(summary.dialect).toBe('char-spans');
    fails([{ text: 'Ana sang', entities: [{ begin: 0, end: 3, label: 'PER' }] }],
      '1: span {"begin":0,"end":3,"label":"PER"} has no "start" (its keys: "begin", "end", "label"; a span is {start, end, label}, or [start, end, label])');
    fails([{ tokens: ['Ana'], spans: [{ start: 0, label: 'PER' }] }],
      '1: span {"start":0,"label":"PER"} has no "end" (its keys: "start", "label"; a span is {start, end, label}, or [start, end, label])');
  });

  it('rejects integer ner_tags mixed with strings', () => {
    // The odd one out is named: the first item that is no id after ids, the first that is no string after strings.
    fails([{ tokens: ['a', 'b'], ner_tags: [0, 'O'] }], '1: "ner_tags" must be an array of tag strings or of integer class ids, but item 2 is a string, after ids', { labels: LABELS });
    fails([{ tokens: ['a', 'b', 'c', 'd'], ner_tags: [1, 2, 'O', 0] }], '1: "ner_tags" must be an array of tag strings or of integer class ids, but item 3 is a string, after ids', { labels: LABELS });
    fails([{ tokens: ['a', 'b'], ner_tags: ['O', 1] }], '1: "ner_tags" must be an array of tag strings or of integer class ids, but item 2 is a number', { labels: LABELS });
  });
});
