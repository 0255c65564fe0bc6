import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readJsonl } from '../../src/formats/jsonl.js';
import { DEFAULT_READ_OPTIONS, type ReadOptions, type Segment } from '../../src/formats/segment.js';
import { inputError } from '../helpers/errors.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/jsonl');

function read(path: string, opts: Partial<ReadOptions> = {}) {
  const segments: Segment[] = [];
  const summary = readJsonl(path, { ...DEFAULT_READ_OPTIONS, ...opts }, (s) => segments.push(s));
  return { segments, summary };
}

/** Writes `content` (string or bytes) to a fresh temp file and returns its path. */
function temp(content: string | Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'complan-jsonl-')), 'in.jsonl');
  writeFileSync(path, content);
  return path;
}

/** Spans as [start, end, label] triples. */
const triples = (s: Segment) => s.spans.map((x) => [x.start, x.end, x.label]);

describe('readJsonl: token offsets', () => {
  const path = join(FIXTURES, 'tokens.jsonl');
  const { segments, summary } = read(path);

  it('emits one segment per non-blank line, with its line number and source', () => {
    expect(segments.map((s) => s.line)).toEqual([1, 2, 4, 5, 6, 7, 8]);
    expect(segments.every((s) => s.source === path)).toBe(true);
    expect(summary.segments).toBe(7);
    expect(summary.hasEmbeddedGold).toBe(false);
    expect(summary.scheme).toBeUndefined();
  });

  it('reads {start, end, label} objects as token offsets', () => {
    expect(segments[0].tokens).toEqual(['Mira', 'Okafor', 'joined', 'Lumen', 'Labs', '.']);
    expect(segments[0].text).toBeUndefined();
    expect(segments[0].spans).toEqual([
      { start: 0, end: 2, label: 'PER', line: 1 },
      { start: 3, end: 5, label: 'ORG', line: 1 },
    ]);
  });

  it('reads [start, end, label] triples', () => {
    expect(segments[1].spans).toEqual([{ start: 3, end: 5, label: 'LOC', line: 2 }]);
  });

  it('reads ids and doc_ids, turning numbers into strings', () => {
    expect([segments[0].id, segments[0].docId]).toEqual(['s1', 'd1']);
    expect([segments[1].id, segments[1].docId]).toEqual(['7', '3']);
    expect(segments[2].docId).toBeUndefined();
  });

  it('reads spans under "entities" with a "type" label and under "ner" with a "tag" label', () => {
    expect(triples(segments[2])).toEqual([[0, 2, 'ORG']]);
    expect(triples(segments[3])).toEqual([[1, 3, 'PER']]);
  });

  it('keeps overlapping and nested spans without a warning', () => {
    expect(triples(segments[4])).toEqual([[0, 4, 'ORG'], [2, 4, 'LOC'], [1, 3, 'ORG']]);
  });

  it('drops an identical span with a warning, keeping a same-offset span of another label', () => {
    expect(triples(segments[5])).toEqual([[0, 2, 'PER'], [0, 2, 'ORG']]);
    expect(summary.warnings).toEqual([`${path}:7: duplicate span [0, 2) "PER" dropped`]);
  });

  it('accepts an empty span list', () => {
    expect(segments[6].spans).toEqual([]);
  });
});

describe('readJsonl: text offsets', () => {
  it('reads character offsets into "text"', () => {
    const { segments } = read(join(FIXTURES, 'text.jsonl'));
    const [seg] = segments;
    expect(seg.tokens).toBeUndefined();
    expect(seg.id).toBe('t1');
    expect(seg.spans.map((s) => [seg.text!.slice(s.start, s.end), s.label])).toEqual([
      ['Ines Valdor', 'PER'], ['Brackmoor', 'LOC'],
    ]);
  });

  it('prefers tokens when a record has both tokens and text', () => {
    const { segments } = read(temp('{"tokens":["a","b"],"text":"a b","spans":[[0,2,"X"]]}\n'));
    expect(segments[0].tokens).toEqual(['a', 'b']);
    expect(segments[0].text).toBeUndefined();
  });
});

describe('readJsonl: ner_tags', () => {
  it('decodes IOB2 tags into token spans and reports the scheme', () => {
    const { segments, summary } = read(join(FIXTURES, 'ner_tags_iob2.jsonl'));
    expect(segments.map(triples)).toEqual([
      [[0, 2, 'PER'], [3, 4, 'PER'], [5, 6, 'LOC']],
      [[0, 2, 'ORG']],
    ]);
    expect(segments[1].spans[0].line).toBe(2);
    expect(summary.scheme).toBe('iob2');
  });

  it('decodes IOBES tags and detects IOBES', () => {
    const { segments, summary } = read(join(FIXTURES, 'ner_tags_iobes.jsonl'));
    expect(triples(segments[0])).toEqual([[1, 3, 'ORG'], [4, 5, 'PER']]);
    expect(summary.scheme).toBe('iobes');
  });

  it('passes the declared scheme and strictness to the decoder', () => {
    const path = temp('{"tokens":["a"],"ner_tags":["O"]}\n{"tokens":["a","b"],"ner_tags":["O","I-PER"]}\n');
    expect(read(path).segments[1].spans).toEqual([{ start: 1, end: 2, label: 'PER', line: 2 }]);
    expect(() => read(path, { scheme: 'iob2', strictScheme: true })).toThrow(
      `${path}:2: invalid IOB2 transition: "O" then "I-PER" (I- must continue a chunk of the same type)`,
    );
  });
});

describe('readJsonl: line ends and encoding', () => {
  it('accepts a BOM at the start and CRLF line ends', () => {
    const path = temp('\uFEFF{"tokens":["Ada"],"spans":[[0,1,"PER"]]}\r\n\r\n{"text":"Oslo","spans":[[0,4,"LOC"]]}\r\n');
    const { segments } = read(path);
    expect(segments.map((s) => s.line)).toEqual([1, 3]);
    expect(segments[0].tokens).toEqual(['Ada']);
    expect(segments[1].text).toBe('Oslo');
  });

  it('rejects bytes that are not UTF-8, naming the line', () => {
    const path = temp(Buffer.concat([Buffer.from('{"text":"ok"}\n{"text":"'), Buffer.from([0xff]), Buffer.from('"}\n')]));
    expect(() => read(path)).toThrow(`${path}:2: not valid UTF-8 at column 10: byte 0xFF; convert the file to UTF-8`);
  });
});

describe('readJsonl: errors name file:line', () => {
  const fails = (content: string, message: string, opts: Partial<ReadOptions> = {}) => {
    const path = temp(content);
    expect(() => read(path, opts)).toThrow(`${path}:${message}`);
  };
  const good = '{"tokens":["a"]}\n';

  it('rejects a line that is not JSON', () => {
    fails(`${good}\n{"tokens": [\n`, '3: expected a JSON object, but the line ends before the object does (at column 12); JSONL needs one complete object per line');
    // The same line last in the file, without a line end: a file cut short, said so.
    fails(`${good}\n{"tokens": [`, '3: expected a JSON object, but the file ends inside it (at column 12), without a line end: is the file cut short?');
    const path = temp(`${good}{tokens: 1}\n`);
    expect(() => read(path)).toThrow(new RegExp(`^${path}:2: expected a JSON object \\(.+\\)$`));
    // A trailing comma: said so, at its column (from 1), not at V8's offset from 0.
    fails(`${good}{"tokens":["b"]},\n`, '2: expected a JSON object (column 17: more text after a complete JSON value: a trailing comma, or two values on one line?)');
  });

  it('throws InputError, not SyntaxError', () => {
    const path = temp('{oops\n');
    expect(() => read(path)).toThrow(expect.objectContaining({ name: 'InputError', line: 1, file: path }));
  });

  it('rejects JSON that is not an object', () => {
    fails('[1, 2]\n', '1: expected a JSON object (found an array)');
    fails(`${good}42\n`, '2: expected a JSON object (found a number)');
    fails('null\n', '1: expected a JSON object (found null)');
  });

  it('says how to convert a file that is one JSON array of records (Label Studio\'s exports)', () => {
    const hint = "1: expected a JSON object, found a JSON array: JSONL has one record a line (a JSON array of records, as Label Studio exports, converts with jq -c '.[]' FILE)";
    fails('[\n  {"text": "Ana", "label": []}\n]\n', hint);
    fails('[{"text": "Ana", "label": []}]\n', hint);
    // An array record further down is only not an object.
    fails(`${good}[{"text": "Ana"}]\n`, '2: expected a JSON object (found an array)');
  });

  it('rejects a record with neither tokens nor text', () => {
    fails(`${good}{"id":"x","spans":[]}\n`, '2: record has neither tokens nor text');
  });

  it('rejects tokens that are not strings and text that is not a string', () => {
    fails('{"tokens":["a",1]}\n', '1: "tokens" must be an array of strings');
    fails('{"text":["a"]}\n', '1: "text" must be a string');
  });

  it('rejects a span with end ≤ start', () => {
    fails('{"tokens":["a","b","c","d","e","f"],"spans":[{"start":5,"end":3,"label":"PER"}]}\n',
      '1: span [5, 3) "PER" has end ≤ start');
    fails('{"tokens":["a","b"],"spans":[[1,1,"PER"]]}\n', '1: span [1, 1) "PER" has end ≤ start (an empty span: are the ends inclusive? complan reads [start, end), the end exclusive)');
  });

  it('says a line that is a Python dict (strings in single quotes) was written with str(), not json.dumps', () => {
    // V8's words for the syntax error may change with Node's version; the rest is complan's.
    const path = temp("{'text': 'Rome', 'spans': []}\n");
    const message = inputError(() => read(path)).message;
    expect(message.startsWith(`${path}:1: expected a JSON object (column 2: `)).toBe(true);
    expect(message.endsWith('); the line is a Python dict, with strings in single quotes: write each record with json.dumps(record), not str(record)')).toBe(true);
  });

  it('rejects a span outside the record', () => {
    const tokens = JSON.stringify(Array.from({ length: 12 }, (_, i) => `t${i}`));
    fails(`${good}${good}{"tokens":${tokens},"spans":[[10,14,"LOC"]]}\n`,
      '3: span [10, 14) "LOC" is outside the record (12 tokens)');
    fails('{"text":"Rome","spans":[[0,5,"LOC"]]}\n', '1: span [0, 5) "LOC" is outside the record (4 characters)');
    fails('{"text":"Rome","spans":[[-1,2,"LOC"]]}\n', '1: span [-1, 2) "LOC" is outside the record (4 characters)');
  });

  it('rejects offsets that are not integers and labels that are not strings; the empty label is the untyped type', () => {
    fails('{"tokens":["a","b"],"spans":[[0.5,2,"X"]]}\n', '1: span [0.5, 2) "X" has offsets that are not integers');
    fails('{"tokens":["a","b"],"spans":[["0",2,"X"]]}\n', '1: span ["0", 2) "X" has offsets that are not integers');
    fails('{"tokens":["a","b"],"spans":[[0,2,7]]}\n', '1: span [0, 2) 7 needs a label that is a string');
    // A triple with its label first is named so, not shown as a span whose start is the label.
    fails('{"text":"Anna Berg","spans":[["PER",0,9]]}\n', '1: span ["PER",0,9] has its label first: a span given as a list is [start, end, label]');
    fails('{"tokens":["a","b"],"spans":[{"start":0,"end":2}]}\n',
      '1: span [0, 2) has no label (its keys: "start", "end"; a span names its label "label", "type" or "tag", or "labels" as a list of one)');
    // A label under a key no dialect reads (a pipeline's "entity_group") is named with the span's keys.
    fails('{"text":"Anna Berg","spans":[{"start":0,"end":9,"entity_group":"PER","score":0.99}]}\n',
      '1: span [0, 9) has no label (its keys: "start", "end", "entity_group", "score"; a span names its label "label", "type" or "tag", or "labels" as a list of one)');
    fails('{"tokens":["a","b"],"spans":[{"start":0,"end":2,"label":null}]}\n', '1: span [0, 2) null needs a label that is a string');
    expect(triples(read(temp('{"tokens":["a","b"],"spans":[[0,2,""]]}\n')).segments[0])).toEqual([[0, 2, '']]);
  });

  it('rejects span lists and span elements of the wrong shape', () => {
    fails('{"tokens":["a"],"entities":{"start":0}}\n', '1: "entities" must be an array of spans');
    fails('{"tokens":["a"],"spans":[[0,1]]}\n', '1: span [0,1] is neither {start, end, label} nor [start, end, label]');
  });

  it('rejects ner_tags whose length differs from the tokens', () => {
    fails('{"tokens":["a","b","c"],"ner_tags":["O","B-PER"]}\n', '1: "ner_tags" has 2 tags for 3 tokens');
  });

  it('rejects integer ner_tags without a label list, and ids the list lacks', () => {
    fails(`${good}{"tokens":["a","b"],"ner_tags":[0,3]}\n`,
      '2: "ner_tags" are integer class ids: pass labels with the dataset\'s label names in id order (a file, or a list such as O,B-PER,I-PER)');
    fails(`${good}{"tokens":["a","b"],"ner_tags":[0,3]}\n`, '2: "ner_tags" item 2 is 3, but labels names 3 labels (ids 0 to 2)', { labels: ['O', 'B-X', 'I-X'] });
    fails(`${good}{"tokens":["a","b"],"ner_tags":[0,1.5]}\n`, '2: "ner_tags" item 2 is 1.5, but labels names 3 labels', { labels: ['O', 'B-X', 'I-X'] });
  });

  it('rejects a tag that is not a chunk tag, ner_tags without tokens, and both spans and ner_tags', () => {
    fails('{"tokens":["a"],"ner_tags":["PER"]}\n',
      '1: tag "PER" is not a chunk tag (expected O, or B-, I-, E-, S-, L- or U- followed by a type)');
    fails('{"text":"a","ner_tags":["O"]}\n', '1: "ner_tags" needs "tokens"');
    fails('{"tokens":["a"],"spans":[],"ner_tags":["O"]}\n', '1: record has both "spans" and "ner_tags" (keep one)');
  });

  it('rejects an id that is neither a string nor a number', () => {
    fails('{"tokens":["a"],"doc_id":{"n":1}}\n', '1: "doc_id" must be a string or a number');
  });

  it('names a missing file', () => {
    const path = join(FIXTURES, 'no-such-file.jsonl');
    expect(() => read(path)).toThrow(`${path}: no such file or directory`);
  });
});

describe('readJsonl: character offsets count code points', () => {
  it('converts code-point offsets after an astral character to UTF-16 offsets', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'complan-cp-')), 'emoji.jsonl');
    // "🎉 Ovan Dell" — the emoji is one code point (two UTF-16 units); "Ovan Dell" is [2, 11).
    writeFileSync(path, `${JSON.stringify({ text: '🎉 Ovan Dell', spans: [[2, 11, 'PER']] })}\n`);
    const segs: Segment[] = [];
    readJsonl(path, DEFAULT_READ_OPTIONS, (s) => segs.push(s));
    const [span] = segs[0].spans;
    expect(segs[0].text!.slice(span.start, span.end)).toBe('Ovan Dell');
    expect([span.start, span.end]).toEqual([3, 12]);
  });

  it('measures the record in code points when checking bounds', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'complan-cp-')), 'emoji.jsonl');
    writeFileSync(path, `${JSON.stringify({ text: '🎉ab', spans: [[0, 4, 'X']] })}\n`);
    expect(() => readJsonl(path, DEFAULT_READ_OPTIONS, () => {})).toThrow(/outside the record \(3 characters\)/);
  });
});
