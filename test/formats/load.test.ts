import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFiles } from '../helpers/temp.js';
import { InputError, UsageError } from '../../src/errors.js';
import {
  checkDistinctNames, DEFAULT_LOAD_OPTIONS, loadCorpus, loadInternals, parseSystemArg, type InputSpec, type LoadOptions,
} from '../../src/formats/load.js';
import type { Corpus, Span } from '../../src/model/corpus.js';
import { thrown, unknownOption } from '../helpers/errors.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/load');
const fixture = (name: string) => join(FIXTURES, name);
const GOLD = fixture('gold.conll');

/** Writes `content` to a fresh temp file named `name` (in its own directory) and returns its path. */
const temp = tempFiles('load');

/** Writes `files` (name → content) into a fresh temp directory and returns it. */
function tempDir(files: Record<string, string>): string {
  const sub = mkdtempSync(join(tmpdir(), 'complan-brat-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(sub, name), content);
  return sub;
}

function load(gold: string | undefined, systems: Array<string | InputSpec>, opts: Partial<LoadOptions> = {}): Corpus {
  const specs = systems.map((s, k) => (typeof s === 'string' ? { name: `s${k + 1}`, path: s } : s));
  return loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold, systems: specs, ...opts });
}

/** Spans as [doc, start, end, label]. */
const quads = (spans: readonly Span[]) => spans.map((s) => [s.doc, s.start, s.end, s.label]);

function inputError(fn: () => unknown): InputError {
  const err = thrown(fn);
  expect(err).toBeInstanceOf(InputError);
  return err as InputError;
}

function usageError(fn: () => unknown): UsageError {
  const err = thrown(fn);
  expect(err).toBeInstanceOf(UsageError);
  return err as UsageError;
}

/** The gold sentences (tokens and tags) of gold.conll, for writing system files in tests. */
const SENTENCES: Array<Array<[string, string]>> = [
  [['Maren', 'B-PER'], ['Vosk', 'I-PER'], ['visited', 'O'], ['Tallow', 'B-LOC'], ['Creek', 'I-LOC'], ['.', 'O']],
  [['The', 'O'], ['Kettle', 'B-ORG'], ['Guild', 'I-ORG'], ['met', 'O'], ['on', 'O'], ['Friday', 'O'], ['.', 'O']],
  [['Orrin', 'B-PER'], ['lives', 'O'], ['in', 'O'], ['Pellham', 'B-LOC'], ['.', 'O']],
  [['Quillon', 'B-ORG'], ['Systems', 'I-ORG'], ['hired', 'O'], ['Dara', 'B-PER'], ['Mest', 'I-PER'], ['.', 'O']],
];

/** A CoNLL text of `sentences`, each line made by `line` from token, gold tag and indices. */
function conll(sentences: Array<Array<[string, string]>>, line: (tok: string, tag: string, s: number, i: number) => string): string {
  return sentences.map((s, k) => s.map(([t, g], i) => line(t, g, k, i)).join('\n')).join('\n\n') + '\n';
}

const GOLD_SPANS = [
  [0, 0, 2, 'PER'], [0, 3, 5, 'LOC'], [0, 7, 9, 'ORG'],
  [1, 13, 14, 'PER'], [1, 16, 17, 'LOC'], [1, 18, 20, 'ORG'], [1, 21, 23, 'PER'],
];

describe('loadCorpus: a CoNLL gold standard', () => {
  const corpus = load(GOLD, []);

  it('lays out tokens, sentences and documents in corpus coordinates', () => {
    expect(corpus.unit).toBe('token');
    expect(corpus.length).toBe(24);
    expect(corpus.tokens).toHaveLength(24);
    expect(corpus.tokens!.slice(12, 15)).toEqual(['.', 'Orrin', 'lives']);
    expect(corpus.texts).toBeUndefined();
    expect(corpus.sentences).toEqual([
      { index: 0, doc: 0, start: 0, end: 6, line: 3, id: undefined },
      { index: 1, doc: 0, start: 6, end: 13, line: 10, id: undefined },
      { index: 2, doc: 1, start: 13, end: 18, line: 20, id: undefined },
      { index: 3, doc: 1, start: 18, end: 24, line: 26, id: undefined },
    ]);
    expect(corpus.documents).toEqual([
      { index: 0, id: '#1', start: 0, end: 13, firstSentence: 0, endSentence: 2, marked: true },
      { index: 1, id: '#2', start: 13, end: 24, firstSentence: 2, endSentence: 4, marked: true },
    ]);
  });

  it('moves gold spans into corpus coordinates with their document', () => {
    expect(quads(corpus.gold.spans)).toEqual(GOLD_SPANS);
    expect(corpus.gold).toMatchObject({ name: 'gold', source: GOLD, format: 'conll', scheme: 'iob2' });
    expect(corpus.systems).toEqual([]);
  });

  it('makes a CoNLL file without -DOCSTART- one document', () => {
    const c = load(fixture('sys-nodoc.conll'), []);
    expect(c.documents).toEqual([{ index: 0, id: '#1', start: 0, end: 24, firstSentence: 0, endSentence: 4, marked: false }]);
    expect(c.sentences.every((s) => s.doc === 0)).toBe(true);
  });
});

describe('loadCorpus: aligning systems to a CoNLL gold', () => {
  it('reads a conlleval-style system whose embedded gold agrees', () => {
    const c = load(GOLD, [{ name: 'tagger', path: fixture('sys-embedded.conll') }]);
    expect(c.systems).toHaveLength(1);
    // Its one MISC item is of a type the gold never uses: the only warning.
    expect(c.systems[0]).toMatchObject({
      name: 'tagger', source: fixture('sys-embedded.conll'), format: 'conll',
      warnings: [`${fixture('sys-embedded.conll')}: type "MISC" (1 item) is not in the gold standard, whose types are "LOC", "ORG", "PER"; the first at ${fixture('sys-embedded.conll')}:15 (gold sentence 2): a typo in the tags? Every such item counts as a false positive`],
    });
    expect(quads(c.systems[0].spans)).toEqual([
      [0, 0, 2, 'PER'], [0, 3, 4, 'LOC'], [0, 7, 9, 'ORG'], [0, 11, 12, 'MISC'],
      [1, 13, 14, 'PER'], [1, 16, 17, 'ORG'], [1, 18, 20, 'ORG'], [1, 21, 23, 'PER'],
    ]);
  });

  it('aligns a CoNLL system without -DOCSTART- lines by sentence order', () => {
    const c = load(GOLD, [fixture('sys-nodoc.conll')]);
    expect(quads(c.systems[0].spans)).toEqual([[0, 0, 1, 'PER'], [0, 7, 9, 'LOC'], [1, 16, 17, 'LOC'], [1, 21, 23, 'PER']]);
  });

  it('aligns JSONL records without ids by order', () => {
    const c = load(GOLD, [fixture('sys-order.jsonl')]);
    expect(c.systems[0].format).toBe('jsonl');
    expect(quads(c.systems[0].spans)).toEqual([[0, 0, 2, 'PER'], [1, 13, 14, 'PER'], [1, 21, 23, 'PER'], [1, 18, 20, 'ORG']]);
  });

  it('lets a JSONL record cover two gold sentences, placing each span in the document of its start', () => {
    const c = load(GOLD, [fixture('sys-multi.jsonl')]);
    expect(quads(c.systems[0].spans)).toEqual([
      [0, 3, 5, 'LOC'], [0, 7, 9, 'ORG'], [0, 11, 12, 'MISC'], [1, 13, 14, 'PER'], [1, 16, 17, 'LOC'],
    ]);
  });

  it('refuses a span of such a record that crosses the gold sentence break, naming it', () => {
    const record = '{"tokens": ["The", "Kettle", "Guild", "met", "on", "Friday", ".", "Orrin", "lives", "in", "Pellham", "."], "spans": [[5, 8, "MISC"]]}';
    const path = temp(`{"tokens": ["Maren", "Vosk", "visited", "Tallow", "Creek", "."], "spans": []}\n${record}\n{"tokens": ["Quillon", "Systems", "hired", "Dara", "Mest", "."], "spans": []}\n`, 'sys.jsonl');
    expect(inputError(() => load(GOLD, [path])).message).toBe(
      `${path}:2: span "MISC" runs from gold sentence 2 into sentence 3, across the gold's sentence break after "."; a system may join gold sentences but not cross their breaks (as it may not split one)`,
    );
  });

  it('lets a CoNLL sentence cover two gold sentences', () => {
    // Sentences 3 and 4 written without a blank line between them.
    const text = conll(SENTENCES.slice(0, 2), (t, g) => `${t} ${g}`) + '\n'
      + [...SENTENCES[2], ...SENTENCES[3]].map(([t, g]) => `${t} ${g}`).join('\n') + '\n';
    const c = load(GOLD, [temp(text)]);
    expect(quads(c.systems[0].spans)).toEqual(GOLD_SPANS);
  });

  it('loads several systems, each with its own spans, in the order given', () => {
    const c = load(GOLD, [
      { name: 'a', path: fixture('sys-nodoc.conll') }, { name: 'b', path: fixture('sys-order.jsonl') },
    ]);
    expect(c.systems.map((s) => s.name)).toEqual(['a', 'b']);
    expect(c.systems[0].spans).toHaveLength(4);
    expect(c.systems[1].spans).toHaveLength(4);
  });
});

describe('loadCorpus: alignment by id', () => {
  const c = load(fixture('gold-ids.jsonl'), [fixture('sys-ids.jsonl')]);

  it('builds documents from doc_id and keeps record ids', () => {
    expect(c.documents.map((d) => [d.id, d.start, d.end, d.firstSentence, d.endSentence])).toEqual([
      ['news-1', 0, 13, 0, 2], ['news-2', 13, 24, 2, 4],
    ]);
    expect(c.sentences.map((s) => [s.id, s.start, s.end, s.line])).toEqual([
      ['a1', 0, 6, 1], ['a2', 6, 13, 2], ['b1', 13, 18, 3], ['b2', 18, 24, 4],
    ]);
    expect(quads(c.gold.spans)).toEqual(GOLD_SPANS);
  });

  it('matches system records to gold records by id, whatever their order', () => {
    expect(quads(c.systems[0].spans)).toEqual([
      [1, 21, 23, 'PER'], [0, 0, 1, 'PER'], [1, 13, 14, 'PER'], [1, 16, 17, 'LOC'], [0, 7, 9, 'ORG'], [0, 11, 12, 'DATE'],
    ]);
    // Its DATE item is of a type the gold never uses: the only warning.
    expect(c.systems[0].warnings).toEqual([
      `${fixture('sys-ids.jsonl')}: type "DATE" (1 item) is not in the gold standard, whose types are "LOC", "ORG", "PER"; the first at ${fixture('sys-ids.jsonl')}:4 (gold sentence 2): a typo in the tags? Every such item counts as a false positive`,
    ]);
    expect(c.systems[0].scheme).toBe('iob2');
  });

  it('warns about gold records the system lacks', () => {
    const path = temp('{"id": "b1", "tokens": ["Orrin", "lives", "in", "Pellham", "."], "spans": []}\n', 'part.jsonl');
    const p = load(fixture('gold-ids.jsonl'), [path]);
    expect(p.systems[0].warnings).toEqual([`${path}: 3 gold records have no record here ("a1", "a2", "b2"); scored as predicting nothing there`]);
  });

  it('rejects a gold whose doc_id comes back after other documents, naming both lines', () => {
    const rec = (id: string, doc: string) => JSON.stringify({ id, doc_id: doc, tokens: ['Orrin', 'lives', '.'], spans: [] });
    const gold = temp([rec('a1', 'news-1'), rec('b1', 'news-2'), rec('a2', 'news-1')].join('\n') + '\n', 'scattered-gold.jsonl');
    expect(inputError(() => load(gold, [gold])).message).toBe(
      `${gold}:3: doc_id "news-1" comes back after other documents (its records began on line 1): a document's records must be together, as per-document scores count them`,
    );
  });

  it('rejects an id that is not in the gold standard', () => {
    const path = temp('{"id": "a1", "tokens": ["Maren", "Vosk", "visited", "Tallow", "Creek", "."]}\n{"id": "zz", "tokens": ["x"]}\n', 'ids.jsonl');
    expect(inputError(() => load(fixture('gold-ids.jsonl'), [path])).message).toBe(`${path}:2: record id "zz" is not in the gold standard`);
  });

  it('rejects a record without an id after records with ids', () => {
    const path = temp('{"id": "a1", "tokens": ["Maren", "Vosk", "visited", "Tallow", "Creek", "."]}\n{"tokens": ["x"]}\n', 'ids.jsonl');
    expect(inputError(() => load(fixture('gold-ids.jsonl'), [path])).message).toBe(`${path}:2: record has no id, but earlier records had ids`);
  });

  it('rejects a record id given twice', () => {
    const rec = '{"id": "b1", "tokens": ["Orrin", "lives", "in", "Pellham", "."]}\n';
    const path = temp(rec + rec, 'ids.jsonl');
    expect(inputError(() => load(fixture('gold-ids.jsonl'), [path])).message).toBe(`${path}:2: duplicate record id "b1" (first on line 1)`);
  });

  it('rejects a record whose token count differs from its gold record', () => {
    const path = temp('{"id": "b1", "tokens": ["Orrin", "lives", "in", "Pellham"]}\n', 'ids.jsonl');
    expect(inputError(() => load(fixture('gold-ids.jsonl'), [path])).message).toBe(`${path}:1: record "b1" has 4 tokens, but the gold record "b1" (sentence 3) has 5`);
    const longer = temp('{"id": "b1", "tokens": ["Orrin", "lives", "in", "Pellham", ".", "Quillon"]}\n', 'ids.jsonl');
    expect(inputError(() => load(fixture('gold-ids.jsonl'), [longer])).message).toBe(`${longer}:1: record "b1" has 6 tokens, but the gold record "b1" (sentence 3) has 5`);
  });

  it('rejects a duplicate id in the gold standard', () => {
    const path = temp('{"id": "q", "tokens": ["a"]}\n{"id": "q", "tokens": ["b"]}\n', 'gold.jsonl');
    expect(inputError(() => load(path, [])).message).toBe(`${path}:2: duplicate record id "q" (first on line 1)`);
  });
});

describe('loadCorpus: text (character offset) corpora', () => {
  const t1 = 'Bryn Hollis flew to Lake Ostra.';
  const t2 = 'Tovel Labs hired her.';

  it('lays the texts one after another and aligns a text-only system', () => {
    const c = load(fixture('gold-text.jsonl'), [fixture('sys-text.jsonl')]);
    expect(c.unit).toBe('char');
    expect(c.tokens).toBeUndefined();
    expect(c.texts).toEqual([t1, t2]);
    expect(c.length).toBe(t1.length + t2.length);
    expect(c.sentences.map((s) => [s.start, s.end, s.doc])).toEqual([[0, 31, 0], [31, 52, 0]]);
    expect(c.documents).toHaveLength(1);
    expect(quads(c.gold.spans)).toEqual([[0, 0, 11, 'PER'], [0, 20, 30, 'LOC'], [0, 31, 41, 'ORG']]);
    expect(quads(c.systems[0].spans)).toEqual([[0, 0, 4, 'PER'], [0, 25, 30, 'LOC'], [0, 31, 41, 'ORG']]);
  });

  it('rejects a text that differs from the gold text, naming the first difference', () => {
    const path = temp(`{"text": "${t1}"}\n{"text": "Tovel Lab hired her."}\n`, 'sys.jsonl');
    expect(inputError(() => load(fixture('gold-text.jsonl'), [path])).message).toBe(
      `${path}:2: text differs from gold record 2 at character 9: " hired her." but gold has "s hired her."`,
    );
  });

  it('counts a text gold standard in records, as eval\'s title does, where a file has too few or too many', () => {
    // A record of text is often a whole document: "sentences" would miscount what the user gave.
    const gold = fixture('gold-text.jsonl');
    const empty = temp('', 'empty.jsonl');
    expect(inputError(() => load(gold, [empty])).message).toBe(`${empty}: the file is empty, but the gold standard has 2 records`);
    const short = temp(`{"text": "${t1}", "spans": []}\n`, 'short.jsonl');
    expect(inputError(() => load(gold, [short])).message).toBe(
      `${short}:1: the file ends after 1 record, but the gold standard has 2; the first missing is gold record 2 (${gold}:2)`,
    );
    const more = temp(`{"text": "${t1}"}\n{"text": "${t2}"}\n{"text": "Again."}\n`, 'more.jsonl');
    expect(inputError(() => load(gold, [more])).message).toBe(`${more}:3: record 3 has no counterpart: the gold standard has 2 records`);
  });

  it('rejects tokens against a text gold (text against a token gold is laid along its tokens)', () => {
    const toks = temp('{"tokens": ["Bryn"]}\n', 'sys.jsonl');
    expect(inputError(() => load(fixture('gold-text.jsonl'), [toks])).message).toBe(
      `${toks}:1: this input has tokens, but the gold standard (${fixture('gold-text.jsonl')}) has only text (character offsets): give both with tokens, or both as text`,
    );
    const text = temp('{"text": "Maren Vosk visited Tallow Creek!"}\n', 'sys.jsonl');
    expect(inputError(() => load(GOLD, [text])).message).toBe(
      `${text}:1: text has "!" at character 31 where the gold standard has the token "." (sentence 1); a record's text must spell the gold tokens in order, with only white space between them`,
    );
  });

  it('rejects a gold standard that mixes tokens and text', () => {
    const path = temp('{"tokens": ["a"]}\n{"text": "b"}\n', 'gold.jsonl');
    expect(inputError(() => load(path, [])).message).toBe(`${path}:2: record has only text but earlier records had tokens`);
  });
});

describe('loadCorpus: token and sentence count errors', () => {
  const plain = (t: string, g: string) => `${t} ${g}`;

  it('names the line of the first token that differs from the gold', () => {
    // Sentence 3 starts on line 16 of this file; "Pellham" is its fourth token, line 19.
    const text = conll(SENTENCES, (t, g) => `${t === 'Pellham' ? 'Ostrow' : t} ${g}`);
    const path = temp(text);
    const err = inputError(() => load(GOLD, [path]));
    expect(err.message).toBe(`${path}:19: token "Ostrow" but gold has "Pellham" (sentence 3)`);
    expect(err.line).toBe(19);
  });

  it('says which gold sentences seem missing when a sentence is a later gold sentence', () => {
    const one = temp(conll([SENTENCES[0], SENTENCES[2], SENTENCES[3]], plain));
    expect(inputError(() => load(GOLD, [one])).message).toBe(
      `${one}:8: token "Orrin" but gold has "The" (sentence 2); this sentence is gold sentence 3 (${GOLD}:20): is gold sentence 2 (${GOLD}:10) missing before it?`,
    );
    const two = temp(conll([SENTENCES[0], SENTENCES[3]], plain));
    expect(inputError(() => load(GOLD, [two])).message).toBe(
      `${two}:8: token "Quillon" but gold has "The" (sentence 2); this sentence is gold sentence 4 (${GOLD}:26): are gold sentences 2 to 3 (from ${GOLD}:10) missing before it?`,
    );
    const records = temp([SENTENCES[0], SENTENCES[2], SENTENCES[3]].map((sn) => JSON.stringify({ tokens: sn.map(([t]) => t) })).join('\n') + '\n', 'sys.jsonl');
    expect(inputError(() => load(GOLD, [records])).message).toBe(
      `${records}:2: token "Orrin" but gold has "The" (sentence 2); this sentence is gold sentence 3 (${GOLD}:20): is gold sentence 2 (${GOLD}:10) missing before it?`,
    );
    // A later gold sentence not followed by the one after it (two sentences swapped, or one
    // changed to equal a repeated one) is no sign of sentences left out: only said to differ.
    const swapped = temp(conll([SENTENCES[0], SENTENCES[2], SENTENCES[1], SENTENCES[3]], plain));
    expect(inputError(() => load(GOLD, [swapped])).message).toBe(`${swapped}:8: token "Orrin" but gold has "The" (sentence 2)`);
    const endsEarly = temp(conll([SENTENCES[0], SENTENCES[2]], plain));
    expect(inputError(() => load(GOLD, [endsEarly])).message).toBe(`${endsEarly}:8: token "Orrin" but gold has "The" (sentence 2)`);
    // A sentence that is no later gold sentence (one token changed) is only said to differ.
    const changed = temp(conll([SENTENCES[0], SENTENCES[2].map(([t, g]): [string, string] => [t === 'lives' ? 'lived' : t, g]), SENTENCES[3]], plain));
    expect(inputError(() => load(GOLD, [changed])).message).toBe(`${changed}:8: token "Orrin" but gold has "The" (sentence 2)`);
  });

  it('names the gold sentence of a mismatch inside a record that covers two sentences', () => {
    const toks = [...SENTENCES[0], ...SENTENCES[1]].map(([t]) => (t === 'Guild' ? 'Guilt' : t));
    const path = temp(`${JSON.stringify({ tokens: toks })}\n`, 'sys.jsonl');
    expect(inputError(() => load(GOLD, [path])).message).toBe(`${path}:1: token "Guilt" but gold has "Guild" (sentence 2)`);
  });

  it('rejects a sentence that stops inside a gold sentence', () => {
    // Sentence 2 split after "Guild" (line 10).
    const text = conll([SENTENCES[0], SENTENCES[1].slice(0, 3), SENTENCES[1].slice(3), ...SENTENCES.slice(2)], plain);
    const path = temp(text);
    expect(inputError(() => load(GOLD, [path])).message).toBe(
      `${path}:10: sentence ends after 3 tokens, but gold sentence 2 goes on with "met"`,
    );
  });

  it('says a file that ends inside a gold sentence is cut short, and a sentence split inside the file is split', () => {
    // The file ends after "Guild", the third token of gold sentence 2 (line 10).
    const cut = temp(conll([SENTENCES[0], SENTENCES[1].slice(0, 3)], plain));
    expect(inputError(() => load(GOLD, [cut])).message).toBe(
      `${cut}:10: the file ends after 3 tokens of gold sentence 2, which goes on with "met": expected the whole sentence (is the file cut short?)`,
    );
    // Cut inside a line, with no line end: the same.
    const raw = temp(conll([SENTENCES[0], SENTENCES[1].slice(0, 3)], plain).replace(/\n+$/, ''));
    expect(inputError(() => load(GOLD, [raw])).message).toContain('the file ends after 3 tokens of gold sentence 2');
  });

  it('rejects a file with fewer sentences than the gold', () => {
    const path = temp(conll(SENTENCES.slice(0, 3), plain));
    // The file ends on line 20; gold sentence 4 starts on line 26 of the gold file.
    expect(inputError(() => load(GOLD, [path])).message).toBe(
      `${path}:20: the file ends after 3 sentences, but the gold standard has 4; the first missing is gold sentence 4 (${GOLD}:26)`,
    );
  });

  it('rejects an empty system file', () => {
    const path = temp('');
    expect(inputError(() => load(GOLD, [path])).message).toBe(`${path}: the file is empty, but the gold standard has 4 sentences`);
    const blank = temp('-DOCSTART- O\n\n');
    expect(inputError(() => load(GOLD, [blank])).message).toBe(
      `${blank}: the file has no sentences (only blank lines and -DOCSTART- lines), but the gold standard has 4 sentences`,
    );
  });

  it('rejects a file with more sentences than the gold', () => {
    const path = temp(conll([...SENTENCES, [['Extra', 'O']]], plain));
    // Sentence 5 starts on line 29.
    expect(inputError(() => load(GOLD, [path])).message).toBe(
      `${path}:29: sentence 5 has no counterpart: the gold standard has 4 sentences`,
    );
  });

  it('rejects a last sentence that runs past the end of the gold', () => {
    const path = temp(conll([...SENTENCES.slice(0, 3), [...SENTENCES[3], ['Extra', 'O']]], plain));
    // "Extra" is on line 28.
    expect(inputError(() => load(GOLD, [path])).message).toBe(
      `${path}:28: token "Extra" runs past the end of the gold standard, whose last token is "." (sentence 4)`,
    );
  });

  it('rejects an empty gold standard, and no input at all', () => {
    const path = temp('\n\n', 'gold.conll');
    expect(inputError(() => load(path, [])).message).toBe(
      `${path}: the gold standard has no sentences (only blank lines and -DOCSTART- lines)`,
    );
    const empty = temp('', 'gold.conll');
    expect(inputError(() => load(empty, [])).message).toBe(`${empty}: the gold standard has no sentences (the file is empty)`);
    expect(usageError(() => load(undefined, [])).message).toBe('no input: give gold and system files');
  });
});

describe('loadCorpus: empty records', () => {
  // A record with no tokens (or empty text) asserts nothing. It once failed to align even with
  // the very same file ("sentence ends after 0 tokens, but gold sentence 2 goes on with …").
  const records = (...toks: string[][]) => toks.map((t, k) => JSON.stringify({ tokens: t, spans: t.length > 0 ? [[0, 1, `T${k}`]] : [] })).join('\n') + '\n';

  it('aligns an empty record with an empty gold record, in order and by id', () => {
    const gold = temp(records(['a'], [], ['b']), 'gold.jsonl');
    const c = load(gold, [temp(records(['a'], [], ['b']), 'sys.jsonl')]);
    expect(quads(c.systems[0].spans)).toEqual(quads(c.gold.spans));
    const ids = (...toks: string[][]) => toks.map((t, k) => JSON.stringify({ id: `r${k}`, tokens: t })).join('\n') + '\n';
    const byId = load(temp(ids(['a'], [], ['b']), 'gold.jsonl'), [temp(ids(['a'], [], ['b']), 'sys.jsonl')]);
    expect(byId.sentences).toHaveLength(3);
  });

  it('passes over empty records on either side, but not a missing token', () => {
    const withEmpty = temp(records([], ['a'], [], ['b'], []), 'gold.jsonl');
    const without = temp(records(['a'], ['b']), 'sys.jsonl');
    expect(quads(load(withEmpty, [without]).systems[0].spans)).toHaveLength(2);
    expect(quads(load(without, [withEmpty]).systems[0].spans)).toHaveLength(2);
    const allEmpty = temp(records([]), 'gold.jsonl');
    expect(load(allEmpty, [temp(records([], []), 'sys.jsonl')]).length).toBe(0);
    const short = temp(records(['a'], []), 'sys.jsonl');
    expect(inputError(() => load(without, [short])).message).toBe(
      `${short}:2: the file ends after 1 sentence, but the gold standard has 2; the first missing is gold sentence 2 (${without}:2)`,
    );
  });

  it('passes over empty text records', () => {
    const texts = (...t: string[]) => t.map((x) => JSON.stringify({ text: x })).join('\n') + '\n';
    const c = load(temp(texts('ab', '', 'cd'), 'gold.jsonl'), [temp(texts('ab', 'cd'), 'sys.jsonl'), temp(texts('', 'ab', '', '', 'cd'), 'other.jsonl')]);
    expect(c.systems).toHaveLength(2);
  });
});

describe('loadCorpus: embedded gold', () => {
  /** A conlleval-style file: the gold column from `goldTag`, predictions = gold. */
  const embedded = (goldTag: (t: string, g: string) => string) => temp(conll(SENTENCES, (t, g) => `${t} ${goldTag(t, g)} ${g}`));

  it('rejects an embedded gold span the gold standard lacks, pointing to --ignore-embedded-gold', () => {
    const path = embedded((t, g) => (t === 'Pellham' ? 'B-ORG' : g));
    const err = inputError(() => load(GOLD, [path]));
    expect(err.message).toBe(
      `${path}:19: embedded gold has ORG "Pellham" which the gold standard (${GOLD}) lacks; `
      + 'pass ignoreEmbeddedGold to score against the gold standard anyway',
    );
  });

  it('rejects an embedded gold that lacks a gold span', () => {
    const path = embedded((t, g) => (t === 'Dara' || t === 'Mest' ? 'O' : g));
    expect(inputError(() => load(GOLD, [path])).message).toBe(
      `${path}:25: embedded gold lacks PER "Dara Mest" which the gold standard (${GOLD}) has; `
      + 'pass ignoreEmbeddedGold to score against the gold standard anyway',
    );
  });

  it('names an untyped item of the embedded gold as the tables do', () => {
    const path = embedded((t, g) => (t === 'Dara' ? 'B-' : t === 'Mest' ? 'I-' : g));
    expect(inputError(() => load(GOLD, [path])).message).toBe(
      `${path}:25: embedded gold has (untyped) "Dara Mest" which the gold standard (${GOLD}) lacks; `
      + 'pass ignoreEmbeddedGold to score against the gold standard anyway',
    );
  });

  it('loads with ignoreEmbeddedGold, recording one warning and a count', () => {
    const path = embedded((t, g) => (t === 'Pellham' ? 'B-ORG' : t === 'Maren' ? 'B-LOC' : t === 'Vosk' ? 'I-LOC' : g));
    const c = load(GOLD, [path], { ignoreEmbeddedGold: true });
    expect(c.systems[0].warnings).toEqual([
      `${path}:1: embedded gold has LOC "Maren Vosk" which the gold standard (${GOLD}) lacks (ignored: --ignore-embedded-gold)`,
      `${path}: embedded gold disagrees in 2 sentences (ignored)`,
      // The predictions are the gold standard's items.
      `the system "s1" (${path}) predicts exactly the gold standard's ${GOLD_SPANS.length} items and scores as perfect: is it the gold standard under another name?`,
    ]);
    // The spans are the predictions, scored against the real gold.
    expect(quads(c.systems[0].spans)).toEqual(GOLD_SPANS);
    expect(quads(c.gold.spans)).toEqual(GOLD_SPANS);
  });

  it('records a single warning for a single disagreement', () => {
    const path = embedded((t, g) => (t === 'Pellham' ? 'B-ORG' : g));
    const c = load(GOLD, [path], { ignoreEmbeddedGold: true });
    // The one disagreement, and (the predictions being the gold items) the warning that says so.
    expect(c.systems[0].warnings).toHaveLength(2);
    expect(c.systems[0].warnings[0]).toMatch(/^.*:19: embedded gold has ORG "Pellham" .*\(ignored: --ignore-embedded-gold\)$/);
    expect(c.systems[0].warnings[1]).toMatch(/predicts exactly the gold standard's \d+ items/);
  });

  it('checks embedded gold across a sentence that covers two gold sentences', () => {
    const text = conll(SENTENCES.slice(0, 2), (t, g) => `${t} ${g} O`) + '\n'
      + [...SENTENCES[2], ...SENTENCES[3]].map(([t, g]) => `${t} ${g} O`).join('\n') + '\n';
    expect(load(GOLD, [temp(text)]).systems[0].spans).toEqual([]);
    const bad = text.replace('Quillon B-ORG', 'Quillon B-LOC');
    const path = temp(bad);
    expect(inputError(() => load(GOLD, [path])).message).toMatch(/:21: embedded gold has LOC "Quillon" which/);
  });
});

describe('loadCorpus: without --gold', () => {
  it('takes the first system\'s embedded gold as the reference and keeps its predictions as system 1', () => {
    const first = fixture('sys-embedded.conll');
    const c = load(undefined, [{ name: 'emb', path: first }, { name: 'plain', path: fixture('sys-nodoc.conll') }]);
    expect(c.gold.source).toBe(`${first} (embedded gold)`);
    expect(c.gold.name).toBe('gold');
    expect(quads(c.gold.spans)).toEqual(GOLD_SPANS);
    expect(c.documents.map((d) => [d.start, d.end])).toEqual([[0, 13], [13, 24]]);
    expect(c.sentences.map((s) => s.line)).toEqual([3, 10, 20, 26]);
    expect(c.systems.map((s) => s.name)).toEqual(['emb', 'plain']);
    expect(c.systems[0].source).toBe(first);
    expect(quads(c.systems[0].spans)).toEqual([
      [0, 0, 2, 'PER'], [0, 3, 4, 'LOC'], [0, 7, 9, 'ORG'], [0, 11, 12, 'MISC'],
      [1, 13, 14, 'PER'], [1, 16, 17, 'ORG'], [1, 18, 20, 'ORG'], [1, 21, 23, 'PER'],
    ]);
    expect(quads(c.systems[1].spans)).toEqual([[0, 0, 1, 'PER'], [0, 7, 9, 'LOC'], [1, 16, 17, 'LOC'], [1, 21, 23, 'PER']]);
  });

  it('checks later systems\' embedded gold against the first system\'s', () => {
    const first = fixture('sys-embedded.conll');
    const other = temp(conll(SENTENCES, (t, g) => `${t} ${t === 'Orrin' ? 'O' : g} O`));
    expect(inputError(() => load(undefined, [first, other])).message).toBe(
      `${other}:16: embedded gold lacks PER "Orrin" which the gold standard (${first} (embedded gold)) has; `
      + 'pass ignoreEmbeddedGold to score against the gold standard anyway',
    );
  });

  it('is a usage error when the first system has no embedded gold', () => {
    const path = fixture('sys-nodoc.conll');
    const err = usageError(() => load(undefined, [path, fixture('sys-embedded.conll')]));
    expect(err.message).toBe(
      `no gold given, and ${path} has no embedded gold column (expected "token gold prediction" lines); pass gold FILE`,
    );
    expect(usageError(() => load(undefined, [fixture('sys-order.jsonl')])).message).toMatch(/^no gold given, and .*sys-order\.jsonl is JSONL, which holds a system's items and no gold standard; pass gold FILE$/);
  });

  it('rejects an empty first system as empty (a data error), before asking for a gold standard', () => {
    const path = temp('');
    expect(inputError(() => load(undefined, [path])).message).toBe(`${path}: the file has no sentences (the file is empty)`);
  });

  it('says a JSONL file of blank lines has no records, as JSONL calls them', () => {
    const blank = temp('\n\n', 'blank.jsonl');
    const gold = temp('{"tokens":["Ada"],"spans":[]}\n', 'gold.jsonl');
    expect(inputError(() => load(blank, [gold])).message).toBe(`${blank}: the gold standard has no records (only blank lines)`);
    expect(inputError(() => load(gold, [blank])).message).toBe(`${blank}: the file has no records (only blank lines), but the gold standard has 1 sentence`);
  });

  it('says a first system has no gold column at its first sentence, without reading on (a bad line further on is not reached)', () => {
    const path = temp('Ada B-PER\nleft O\n\nBonn B-LOC\nthree columns here\n');
    expect(usageError(() => load(undefined, [path])).message).toBe(`no gold given, and ${path} has no embedded gold column (expected "token gold prediction" lines); pass gold FILE`);
  });
});

describe('loadCorpus: BRAT', () => {
  const GOLD_DOCS = {
    'docA.txt': 'Sela Grint opened Harrow Mill.',
    'docA.ann': 'T1\tPER 0 10\tSela Grint\nT2\tORG 18 29\tHarrow Mill\n',
    'docB.txt': 'Rain fell on Cobbet.',
    'docB.ann': 'T1\tLOC 13 19\tCobbet\n',
  };

  it('reads a BRAT gold as one document per file, in character coordinates', () => {
    const c = load(tempDir(GOLD_DOCS), []);
    expect(c.unit).toBe('char');
    expect(c.gold.format).toBe('brat');
    expect(c.documents.map((d) => [d.id, d.start, d.end, d.firstSentence, d.endSentence])).toEqual([
      ['docA', 0, 30, 0, 1], ['docB', 30, 50, 1, 2],
    ]);
    expect(c.sentences.map((s) => s.id)).toEqual(['docA', 'docB']);
    expect(quads(c.gold.spans)).toEqual([[0, 0, 10, 'PER'], [0, 18, 29, 'ORG'], [1, 43, 49, 'LOC']]);
  });

  it('matches records in order, with a warning, when the first id is none of the gold\'s (a tool\'s row numbers)', () => {
    const gold = tempDir(GOLD_DOCS);
    const rows = [GOLD_DOCS['docA.txt'], GOLD_DOCS['docB.txt']].map((text, i) => JSON.stringify({ id: i, text, label: i === 1 ? [[13, 19, 'LOC']] : [] })).join('\n');
    const sys = temp(`${rows}\n`, 'doccano.jsonl');
    const c = load(gold, [{ name: 'd', path: sys }]);
    expect(quads(c.systems[0].spans)).toEqual([[1, 43, 49, 'LOC']]);
    expect(c.systems[0].warnings).toEqual([`${sys}:1: record id "0" is none of the gold standard's (such as "docA", "docB"): records are matched in order instead, each checked against its gold record; give records the gold's ids to match by id`]);
    // Matched in order, a record out of place is caught by its text.
    const swapped = temp(`${rows.split('\n').reverse().join('\n')}\n`, 'swapped.jsonl');
    expect(() => load(gold, [{ name: 'd', path: swapped }])).toThrow(/:1: gold record 1 \(document "docA"\) has no record here: this record's text is gold record 2's/);
    // The error says why records were matched in order: the warning that says it is not printed when the load fails.
    expect(() => load(gold, [{ name: 'd', path: swapped }])).toThrow(/; the first record's id, "1", is none of the gold standard's \(such as "docA", "docB"\), so records are matched in order$/);
    const changed = temp(`${rows.replace('Sela', 'Mara')}\n`, 'changed.jsonl');
    expect(() => load(gold, [{ name: 'd', path: changed }])).toThrow(/text differs from gold record 1 at character \d+: .*; the first record's id, "0", is none of the gold standard's .*, so records are matched in order$/);
    // With ids the gold has, no such note.
    const byId = temp(`${JSON.stringify({ id: 'docA', text: 'Eva' })}\n`, 'byid.jsonl');
    expect(() => load(gold, [{ name: 'd', path: byId }])).toThrow(/^(?!.*so records are matched in order).*$/s);
  });

  it('names the gold id meant when a record id is one but for case or zeros before a number', () => {
    const record = (id: string, text: string) => JSON.stringify({ id, text, spans: [] });
    const gold = temp(`${[record('doc01', 'Ada.'), record('doc02', 'Bo.'), record('doc03', 'Cy.')].join('\n')}\n`, 'gold.jsonl');
    const sys = temp(`${[record('doc01', 'Ada.'), record('doc02', 'Bo.'), record('Doc3', 'Cy.')].join('\n')}\n`, 'sys.jsonl');
    expect(() => load(gold, [{ name: 's', path: sys }])).toThrow(`${sys}:3: record id "Doc3" is not in the gold standard (did you mean "doc03"?)`);
    const other = temp(`${[record('doc01', 'Ada.'), record('doc9', 'Cy.')].join('\n')}\n`, 'other.jsonl');
    expect(() => load(gold, [{ name: 's', path: other }])).toThrow(new RegExp(`^${other}:2: record id "doc9" is not in the gold standard$`));
    // The first id none of the gold's: matched in order, and the warning names the id meant.
    const first = temp(`${[record('doc1', 'Ada.'), record('doc2', 'Bo.'), record('doc3', 'Cy.')].join('\n')}\n`, 'first.jsonl');
    expect(load(gold, [{ name: 's', path: first }]).systems[0].warnings[0]).toContain('record id "doc1" is none of the gold standard\'s (such as "doc01", "doc02") (did you mean "doc01"?): records are matched in order instead');
  });

  it('says which gold records a file matched in order lacks, when a record is a later gold record\'s text', () => {
    const gold = tempDir(GOLD_DOCS);
    const sys = temp(`${JSON.stringify({ text: GOLD_DOCS['docB.txt'], spans: [] })}\n`, 'part.jsonl');
    expect(() => load(gold, [{ name: 'p', path: sys }])).toThrow(
      `${sys}:1: gold record 1 (document "docA") has no record here: this record's text is gold record 2's (document "docB"); records are matched in order, so give every gold record, in the gold's order, or give records the gold's ids`,
    );
  });

  it('names the .txt file and its line where a BRAT document\'s text differs from the gold\'s', () => {
    const gold = tempDir({ 'd.txt': 'Ada Moss\nlives in Pell.\n', 'd.ann': 'T1\tPER 0 8\tAda Moss\n' });
    const sys = tempDir({ 'd.txt': 'Ada Moss\nlives in Pel.\n', 'd.ann': 'T1\tPER 0 8\tAda Moss\n' });
    expect(() => load(gold, [{ name: 's', path: sys }])).toThrow(`${join(sys, 'd.txt')}:2: text differs from gold record 1 at character 21: ".\\n" but gold has "l.\\n"`);
  });

  it('takes texts that differ only in white space at their ends as one text, and no span past the gold\'s', () => {
    // A BRAT .txt ends with a line break; the same document's JSONL text often leaves it out.
    const gold = tempDir({ 'd.txt': 'Ada Moss\nlives in Pell.\n', 'd.ann': 'T1\tPER 0 8\tAda Moss\nT2\tLOC 18 22\tPell\n' });
    const jsonl = temp(`${JSON.stringify({ id: 'd', text: 'Ada Moss\nlives in Pell.', spans: [{ start: 18, end: 22, label: 'LOC' }] })}\n`, 'sys.jsonl');
    const c = load(gold, [{ name: 'j', path: jsonl }]);
    expect(quads(c.systems[0].spans)).toEqual([[0, 18, 22, 'LOC']]);
    expect(c.systems[0].warnings).toEqual([]);
    // The other way round: the gold's text without the line break, the system's with it.
    const bare = temp(`${JSON.stringify({ id: 'd', text: 'Ada Moss\nlives in Pell.', spans: [{ start: 0, end: 8, label: 'PER' }] })}\n`, 'gold.jsonl');
    expect(quads(load(bare, [{ name: 'b', path: gold }]).systems[0].spans)).toEqual([[0, 0, 8, 'PER'], [0, 18, 22, 'LOC']]);
    // A span over the white space the gold's text lacks could be nowhere in the gold.
    const over = temp(`${JSON.stringify({ id: 'd', text: 'Ada Moss\nlives in Pell.  ', spans: [{ start: 18, end: 24, label: 'LOC' }] })}\n`, 'over.jsonl');
    expect(inputError(() => load(bare, [{ name: 'o', path: over }])).message).toBe(
      `${over}:1: span "LOC" [18, 24) runs past the end of gold record 1's text (23 characters): the two texts differ only in white space at their ends, which no span may cover`,
    );
  });

  it('says where a text stops short of the gold\'s, goes on past it, or has CRLF line ends beside LF ones, counting code points', () => {
    const gold = temp(`${JSON.stringify({ text: 'I \u{1F600} met Ann on Monday.', spans: [] })}\n`, 'gold.jsonl');
    const sys = (name: string, text: string) => temp(`${JSON.stringify({ text, spans: [] })}\n`, name);
    // The emoji is one character, as Python and the offsets count it (two UTF-16 units).
    const other = sys('other.jsonl', 'I \u{1F600} met Ann on Tuesday.');
    expect(inputError(() => load(gold, [other])).message).toBe(`${other}:1: text differs from gold record 1 at character 15: "Tuesday." but gold has "Monday."`);
    const short = sys('short.jsonl', 'I \u{1F600} met Ann');
    expect(inputError(() => load(gold, [short])).message).toBe(`${short}:1: text ends at character 11, where gold record 1's text goes on with " on Monday."`);
    const more = sys('more.jsonl', 'I \u{1F600} met Ann on Monday. Again');
    expect(inputError(() => load(gold, [more])).message).toBe(`${more}:1: text goes on after gold record 1's text ends, at character 22, with " Again"`);
    const lf = tempDir({ 'd.txt': 'Ada Moss\nlives in Pell.\n', 'd.ann': 'T1\tLOC 18 22\tPell\n' });
    const crlf = tempDir({ 'd.txt': 'Ada Moss\r\nlives in Pell.\r\n', 'd.ann': 'T1\tLOC 19 23\tPell\n' });
    expect(inputError(() => load(lf, [{ name: 'c', path: crlf }])).message).toBe(
      `${join(crlf, 'd.txt')}:1: text differs from gold record 1 at character 8: "\\r\\nlives in Pell.\\r\\n" but gold has "\\nlives in Pell.\\n" (a CRLF line end here, LF in the gold standard: offsets count the \\r, so give both the same line ends)`,
    );
    expect(inputError(() => load(crlf, [{ name: 'l', path: lf }])).message).toBe(
      `${join(lf, 'd.txt')}:1: text differs from gold record 1 at character 8: "\\nlives in Pell.\\n" but gold has "\\r\\nlives in Pell.\\r\\n" (an LF line end here, CRLF in the gold standard: offsets count the \\r, so give both the same line ends)`,
    );
  });

  it('aligns a BRAT system by document id, warning about documents it lacks', () => {
    const gold = tempDir(GOLD_DOCS);
    const sys = tempDir({ 'docB.txt': GOLD_DOCS['docB.txt'], 'docB.ann': 'T1\tPER 0 4\tRain\nT2\tLOC 13 19\tCobbet\n' });
    const c = load(gold, [{ name: 'b', path: sys }]);
    expect(quads(c.systems[0].spans)).toEqual([[1, 30, 34, 'PER'], [1, 43, 49, 'LOC']]);
    expect(c.systems[0].warnings).toEqual([`${sys}: gold record "docA" has no record here; scored as predicting nothing there`]);
  });

  it('keeps discontinuous spans with their fragments in corpus coordinates', () => {
    const gold = tempDir(GOLD_DOCS);
    const sys = tempDir({ ...GOLD_DOCS, 'docB.ann': 'T1\tLOC 0 4;13 19\tRain Cobbet\n' });
    const c = load(gold, [sys]);
    const span = c.systems[0].spans.find((s) => s.doc === 1)!;
    expect(span).toEqual({ doc: 1, start: 30, end: 49, label: 'LOC', fragments: [[30, 34], [43, 49]] });
  });

  it('rejects a system document that is not in the gold, or whose text differs', () => {
    const gold = tempDir(GOLD_DOCS);
    const extra = tempDir({ ...GOLD_DOCS, 'docC.txt': 'New.', 'docC.ann': '' });
    expect(inputError(() => load(gold, [extra])).message).toBe(`${join(extra, 'docC.ann')}:1: record id "docC" is not in the gold standard`);
    const changed = tempDir({ ...GOLD_DOCS, 'docB.txt': 'Rain fell on Cobbett.' });
    expect(inputError(() => load(gold, [changed])).message).toBe(
      `${join(changed, 'docB.txt')}:1: text differs from gold record 2 at character 19: "t." but gold has "."`,
    );
  });
});

describe('system names', () => {
  it('parses name=path', () => {
    expect(parseSystemArg('best=out/run.conll')).toEqual({ name: 'best', path: 'out/run.conll' });
    expect(parseSystemArg('a=b=c.conll')).toEqual({ name: 'a', path: 'b=c.conll' });
  });

  it('names a bare path by its file stem', () => {
    expect(parseSystemArg('out/run-3.conll')).toEqual({ name: 'run-3', path: 'out/run-3.conll' });
    expect(parseSystemArg('out/crf.v2.jsonl')).toEqual({ name: 'crf.v2', path: 'out/crf.v2.jsonl' });
    expect(parseSystemArg('brat/sysA/')).toEqual({ name: 'sysA', path: 'brat/sysA/' });
    expect(parseSystemArg('.hidden')).toEqual({ name: '.hidden', path: '.hidden' });
    // `=path` with no such file is a name left out, not a file named so; a file named so is read.
    expect(() => parseSystemArg('=odd.conll')).toThrow('"=odd.conll": expected name=path, the name is empty');
    const odd = temp('x O\n', '=odd.conll');
    expect(parseSystemArg(odd)).toEqual({ name: '=odd', path: odd });
  });

  it('does not split a path that exists and contains "="', () => {
    const path = temp('x O\n', 'lr=0.1.conll');
    expect(parseSystemArg(path)).toEqual({ name: 'lr=0.1', path });
  });

  it('splits name=path when the whole argument does not exist', () => {
    const path = temp('x O\n', 'real.conll');
    expect(parseSystemArg(`mine=${path}`)).toEqual({ name: 'mine', path });
  });

  it('rejects name= with an empty path', () => {
    expect(usageError(() => parseSystemArg('crf=')).message).toBe('"crf=": expected name=path, the path is empty');
  });

  it('rejects two systems with one name, naming both paths', () => {
    const err = usageError(() => checkDistinctNames([parseSystemArg('a/crf.conll'), parseSystemArg('b/crf.conll')]));
    expect(err.message).toBe('two systems are named "crf" (a/crf.conll and b/crf.conll); give each its own name with name=path (a=FILE b=FILE)');
    expect(() => checkDistinctNames([parseSystemArg('x=a/crf.conll'), parseSystemArg('b/crf.conll')])).not.toThrow();
    const twice = usageError(() => checkDistinctNames([parseSystemArg('a/crf.conll'), parseSystemArg('a/crf.conll')]));
    expect(twice.message).toBe('two systems are named "crf": a/crf.conll is given twice; give each file once, or give each its own name with name=path to score it twice');
    expect(() => checkDistinctNames([parseSystemArg('one=a/crf.conll'), parseSystemArg('two=a/crf.conll')])).not.toThrow();
    // One file spelled two ways (or through a link) is the file given twice.
    const path = temp('x O\n', 'crf.conll');
    const spelled = path.replace(/\/crf\.conll$/, '/./crf.conll');
    const again = usageError(() => checkDistinctNames([parseSystemArg(path), parseSystemArg(spelled)]));
    expect(again.message).toBe(`two systems are named "crf": ${path} and ${spelled} are one file; give each file once, or give each its own name with name=path to score it twice`);
  });

  it('loadCorpus rejects duplicate names before reading anything', () => {
    const err = usageError(() => load(GOLD, [{ name: 'same', path: '/nonexistent/one' }, { name: 'same', path: fixture('sys-nodoc.conll') }]));
    expect(err.message).toBe(`two systems are named "same" (/nonexistent/one and ${fixture('sys-nodoc.conll')}); give each its own name with name=path (a=FILE b=FILE)`);
  });
});

describe('spans a system shares with the gold standard', () => {
  const goldText = 'Rain O\nin O\nOslo B-LOC\nand O\nBergen B-LOC\n\nAda B-PER\nLovelace I-PER\n';
  // Sentence 1: Oslo as the gold has it, Bergen with another type; sentence 2: one token short.
  const systemText = 'Rain O\nin O\nOslo B-LOC\nand O\nBergen B-ORG\n\nAda B-PER\nLovelace O\n';

  it('are the gold\'s own span objects; spans the gold lacks are new ones, with the same values either way', () => {
    for (const verify of [true, false]) {
      loadInternals.verifyInPlace = verify;
      let c: Corpus;
      try {
        c = load(temp(goldText, 'g.conll'), [temp(systemText, 's.conll')]);
      } finally {
        loadInternals.verifyInPlace = true;
      }
      const [s] = c.systems;
      expect(quads(s.spans)).toEqual([[0, 2, 3, 'LOC'], [0, 4, 5, 'ORG'], [0, 5, 6, 'PER']]);
      expect(s.spans[0]).toBe(c.gold.spans[0]);
      expect(s.spans[1]).not.toBe(c.gold.spans[1]);
      expect(c.gold.spans).not.toContain(s.spans[2]);
    }
  });

  it('in a file without a gold standard, its predictions share the embedded gold column\'s spans', () => {
    const c = load(undefined, [temp('Rain O O\nOslo B-LOC B-LOC\nand O O\nBergen B-LOC B-ORG\n', 's3.conll')]);
    const [s] = c.systems;
    expect(quads(c.gold.spans)).toEqual([[0, 1, 2, 'LOC'], [0, 3, 4, 'LOC']]);
    expect(quads(s.spans)).toEqual([[0, 1, 2, 'LOC'], [0, 3, 4, 'ORG']]);
    expect(s.spans[0]).toBe(c.gold.spans[0]);
    expect(s.spans[1]).not.toBe(c.gold.spans[1]);
  });
});

describe('loadCorpus: option names', () => {
  it('refuses a misspelt option, naming it and the option meant, where it read with the default', () => {
    const systems = [fixture('gold.conll')];
    unknownOption(() => loadCorpus({ gold: GOLD, systems, shceme: 'iobes' } as never), 'shceme', 'scheme');
    // Undefined or not, the name is wrong; one case apart is the option meant.
    unknownOption(() => loadCorpus({ gold: GOLD, systems, GoldColumn: undefined } as never), 'GoldColumn', 'goldColumn');
    unknownOption(() => loadCorpus({ gold: GOLD, systems, verbose: true } as never), 'verbose');
    // The option spelt right is taken.
    expect(loadCorpus({ gold: GOLD, systems, scheme: 'iob2' }).systems).toHaveLength(1);
  });
});
