/**
 * Character offsets against a tokenised gold standard: records of text are laid along the gold's
 * tokens and their spans moved onto them; a span off the token boundaries is an error; a gold
 * standard of spaCy records is tokenised by its own tokens.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFiles } from '../helpers/temp.js';
import { InputError } from '../../src/errors.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, type LoadOptions } from '../../src/formats/load.js';
import type { Corpus, Span } from '../../src/model/corpus.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/dialects');
const GOLD = join(FIXTURES, 'gold.conll');
const temp = tempFiles('char-tokens');
const jsonl = (records: unknown[]) => temp(records.map((r) => JSON.stringify(r)).join('\n'), 'sys.jsonl');

function load(gold: string, systems: string[], opts: Partial<LoadOptions> = {}): Corpus {
  return loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold, systems: systems.map((path, k) => ({ name: `s${k + 1}`, path })), ...opts });
}

const quads = (spans: readonly Span[]) => spans.map((s) => [s.doc, s.start, s.end, s.label]);

function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return err as InputError;
  }
  throw new Error('expected an error, nothing was thrown');
}

/** The system spans of the CoNLL reference of the fixtures (sys.conll). */
const REFERENCE = quads(load(GOLD, [join(FIXTURES, 'sys.conll')]).systems[0].spans);

describe('text records against a tokenised gold', () => {
  it('scores spaCy records (one a sentence) and doccano records (one a document) as the CoNLL file', () => {
    const c = load(GOLD, [join(FIXTURES, 'spacy.jsonl'), join(FIXTURES, 'doccano.jsonl')]);
    expect(c.unit).toBe('token');
    expect(REFERENCE).toHaveLength(7);
    expect(quads(c.systems[0].spans)).toEqual(REFERENCE);
    expect(quads(c.systems[1].spans)).toEqual(REFERENCE);
    expect(c.systems.map((s) => s.dialect)).toEqual(['spacy', 'doccano']);
  });

  it('takes a BRAT directory whose text spells the gold tokens', () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-brat-'));
    writeFileSync(join(dir, 'a.txt'), 'Mira Okafor joined Lumen Labs.\nVelmar hosts the Brisk Cup.\n');
    writeFileSync(join(dir, 'a.ann'), 'T1\tPER 0 11\tMira Okafor\nT2\tLOC 31 37\tVelmar\n');
    writeFileSync(join(dir, 'b.txt'), 'Quoll hired Dara Mest in Pellham.');
    writeFileSync(join(dir, 'b.ann'), 'T1\tORG 0 5\tQuoll\n');
    const c = load(GOLD, [dir]);
    expect(quads(c.systems[0].spans)).toEqual([[0, 0, 2, 'PER'], [0, 6, 7, 'LOC'], [1, 12, 13, 'ORG']]);
  });

  it('passes over blank records, and matches text records to gold records by id', () => {
    const c = load(GOLD, [jsonl([{ text: ' ', ents: [] }, { text: 'Mira Okafor joined Lumen Labs.', ents: [{ start: 0, end: 4, label: 'PER' }] }, { text: 'Velmar hosts the Brisk Cup. Quoll hired Dara Mest in Pellham.', ents: [] }])]);
    expect(quads(c.systems[0].spans)).toEqual([[0, 0, 1, 'PER']]);
    const ids = temp('{"id": "a", "tokens": ["Rain"], "spans": []}\n{"id": "b", "tokens": ["in", "Oslo"], "spans": [[1, 2, "LOC"]]}\n', 'gold.jsonl');
    const byId = load(ids, [jsonl([{ id: 'b', text: 'in Oslo', label: [[3, 7, 'LOC']] }, { id: 'a', text: 'Rain', label: [] }])]);
    expect(quads(byId.systems[0].spans)).toEqual([[0, 2, 3, 'LOC']]);
    const empty = temp('{"id": "a", "tokens": ["Rain"], "spans": []}\n{"id": "e", "tokens": [], "spans": []}\n', 'gold.jsonl');
    expect(quads(load(empty, [jsonl([{ id: 'e', text: ' ', label: [] }, { id: 'a', text: 'Rain', label: [[0, 4, 'X']] }])]).systems[0].spans)).toEqual([[0, 0, 1, 'X']]);
    const short = jsonl([{ id: 'b', text: 'in', label: [] }]);
    expect(inputError(() => load(ids, [short])).message).toBe(`${short}:1: record "b" has the text of 1 token, but the gold record "b" (sentence 2) has 2`);
  });

  it('rejects a span off the gold\'s token boundaries, counting the others of the file', () => {
    const path = jsonl([
      { text: 'Mira Okafor joined Lumen Labs.', ents: [{ start: 0, end: 9, label: 'PER' }, { start: 19, end: 29, label: 'ORG' }] },
      { text: 'Velmar hosts the Brisk Cup.', ents: [{ start: 17, end: 25, label: 'MISC' }] },
      { text: 'Quoll hired Dara Mest in Pellham.', ents: [] },
    ]);
    expect(inputError(() => load(GOLD, [path])).message).toBe(
      `${path}:1: span [0, 9) PER "Mira Okaf" starts at "Mira" and ends inside "Okafor": it does not fall on the gold standard's token boundaries (nor does 1 more span of this file); complan does not move spans onto tokens`,
    );
  });

  it('rejects text that does not spell the gold tokens, or stops inside a sentence, or goes on past the gold', () => {
    const typo = jsonl([{ text: 'Mira Okafor joined Lumen Labs!', ents: [] }]);
    expect(inputError(() => load(GOLD, [typo])).message).toBe(
      `${typo}:1: text has "!" at character 29 where the gold standard has the token "." (sentence 1); a record's text must spell the gold tokens in order, with only white space between them`,
    );
    const cut = jsonl([{ text: 'Mira Okafor joined', ents: [] }]);
    expect(inputError(() => load(GOLD, [cut])).message).toBe(`${cut}:1: text ends after 3 tokens, but gold sentence 1 goes on with "Lumen"`);
    const more = jsonl([{ text: 'Mira Okafor joined Lumen Labs. Velmar hosts the Brisk Cup. Quoll hired Dara Mest in Pellham. Again', ents: [] }]);
    expect(inputError(() => load(GOLD, [more])).message).toBe(
      `${more}:1: text goes on with "Again" at character 93 after the last token of the gold standard; a record's text must spell the gold tokens in order, with only white space between them`,
    );
    const blank = jsonl([{ text: '  ', ents: [{ start: 0, end: 1, label: 'X' }] }]);
    expect(inputError(() => load(GOLD, [blank])).message).toBe(`${blank}:1: the text is blank, but the record has spans`);
  });

  it('says a record is a later gold sentence\'s, with the sentences left out before it, as a CoNLL sentence is told; not when two records are swapped', () => {
    const want = '; a record\'s text must spell the gold tokens in order, with only white space between them';
    const shifted = jsonl([{ text: 'Velmar hosts the Brisk Cup.', ents: [] }, { text: 'Quoll hired Dara Mest in Pellham.', ents: [] }]);
    expect(inputError(() => load(GOLD, [shifted])).message).toBe(
      `${shifted}:1: text has "Velmar hosts the Bri" at character 0 where the gold standard has the token "Mira" (sentence 1)${want}; `
      + `this record's text is gold sentence 2 (${GOLD}:10): is gold sentence 1 (${GOLD}:3) missing before it?`,
    );
    // The last gold sentence, with nothing after it: the two before are missing.
    const last = jsonl([{ text: 'Quoll hired Dara Mest in Pellham.', ents: [] }]);
    expect(inputError(() => load(GOLD, [last])).message).toBe(
      `${last}:1: text has "Quoll hired Dara Mes" at character 0 where the gold standard has the token "Mira" (sentence 1)${want}; `
      + `this record's text is gold sentence 3 (${GOLD}:19): are gold sentences 1 to 2 (from ${GOLD}:3) missing before it?`,
    );
    // Swapped: the next record is not the gold sentence after, so nothing is said to be missing.
    const swapped = jsonl([{ text: 'Velmar hosts the Brisk Cup.', ents: [] }, { text: 'Mira Okafor joined Lumen Labs.', ents: [] }, { text: 'Quoll hired Dara Mest in Pellham.', ents: [] }]);
    expect(inputError(() => load(GOLD, [swapped])).message).toBe(
      `${swapped}:1: text has "Velmar hosts the Bri" at character 0 where the gold standard has the token "Mira" (sentence 1)${want}`,
    );
  });
});

describe('a gold standard of spaCy records', () => {
  const gold = jsonl([
    { text: 'Mira Okafor joined Lumen Labs.', ents: [{ start: 0, end: 11, label: 'PER' }, { start: 19, end: 29, label: 'ORG' }], tokens: [[0, 4], [5, 11], [12, 18], [19, 24], [25, 29], [29, 30]].map(([start, end], id) => ({ id, start, end })), doc_id: 'd1' },
    { text: 'Velmar hosts the Brisk Cup.', ents: [{ start: 0, end: 6, label: 'LOC' }, { start: 17, end: 26, label: 'MISC' }], tokens: [[0, 6], [7, 12], [13, 16], [17, 22], [23, 26], [26, 27]].map(([start, end], id) => ({ id, start, end })), doc_id: 'd1' },
    { text: 'Quoll hired Dara Mest in Pellham.', ents: [{ start: 0, end: 5, label: 'ORG' }, { start: 12, end: 21, label: 'PER' }, { start: 25, end: 32, label: 'LOC' }], tokens: [[0, 5], [6, 11], [12, 16], [17, 21], [22, 24], [25, 32], [32, 33]].map(([start, end], id) => ({ id, start, end })), doc_id: 'd2' },
  ]);

  it('is tokenised by its own tokens, and reads as the CoNLL gold with CoNLL, Hugging Face and spaCy systems', () => {
    const conll = load(GOLD, []);
    const c = load(gold, [join(FIXTURES, 'sys.conll'), join(FIXTURES, 'hf.jsonl'), join(FIXTURES, 'spacy.jsonl')]);
    expect(c.unit).toBe('token');
    expect(c.tokens).toEqual(conll.tokens);
    expect(quads(c.gold.spans)).toEqual(quads(conll.gold.spans));
    expect(c.gold.dialect).toBe('spacy');
    for (const s of c.systems) expect(quads(s.spans), s.name).toEqual(REFERENCE);
  });
});
