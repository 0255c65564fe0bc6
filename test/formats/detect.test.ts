/**
 * Format detection: directories are BRAT, JSONL extensions are JSONL, and any other file is JSONL
 * exactly when its first non-blank line is a JSON object, so that JSONL under a CoNLL name (as
 * `complan combine` writes when spans overlap) reads back, and no CoNLL file is taken for JSONL.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../src/formats/detect.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus } from '../../src/formats/load.js';
import { inputError } from '../helpers/errors.js';
import { tempFiles } from '../helpers/temp.js';

const temp = tempFiles('detect');
const RECORD = '{"tokens": ["Ada", "Quell", "left"], "spans": [[0, 2, "PER"]]}';
const GOLD = 'Ada B-PER\nQuell I-PER\nleft O\n\n';

/** Spans of the one system read from `path` against a gold of `gold` (CoNLL text). */
function spansOf(path: string, gold = GOLD): Array<[number, number, string]> {
  const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: temp(gold, 'gold.conll'), systems: [{ name: 's', path }] });
  return corpus.systems[0].spans.map((s) => [s.start, s.end, s.label]);
}

describe('detectFormat', () => {
  it('names one BRAT .ann file given where its directory is read, rather than failing on its columns as CoNLL', () => {
    const path = temp('T1\tPER 0 3\tAda\nT2\tLOC 10 15\tQuell Town\n', 'doc.ann');
    const err = inputError(() => detectFormat(path));
    expect(err.message).toBe(`${path}: is a BRAT annotation file: BRAT is read by directory, NAME.txt and NAME.ann pairs, so give the directory (${dirname(path)}), or inputFormat conll if it is CoNLL`);
    // Read as the CoNLL it was said to be, it is no longer refused for its name.
    expect(() => loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: temp(GOLD, 'g.conll'), systems: [{ name: 'a', path: temp(GOLD, 'a.ann') }], inputFormat: 'conll' })).not.toThrow();
  });

  it('reads JSONL content as JSONL under a CoNLL extension or none', () => {
    for (const name of ['out.conll', 'out.txt', 'out.tsv', 'out.bio', 'out', 'out.pred']) {
      const path = temp(`${RECORD}\n`, name);
      expect(detectFormat(path), name).toBe('jsonl');
      expect(spansOf(path), name).toEqual([[0, 2, 'PER']]);
    }
  });

  it('looks past a BOM, blank lines and CRLF line ends to the first record', () => {
    expect(detectFormat(temp(`\uFEFF\n  \r\n${RECORD}\r\n`, 'bom.conll'))).toBe('jsonl');
    expect(detectFormat(temp('{}\n', 'empty-object.conll'))).toBe('jsonl');
    expect(detectFormat(temp(RECORD, 'no-newline.conll'))).toBe('jsonl');
  });

  it('reads a CoNLL file whose first token is { as CoNLL, whatever the extension', () => {
    const gold = '{ O\nAda B-PER\nQuell I-PER\n\n';
    for (const name of ['brace.conll', 'brace.out']) {
      for (const text of ['{ O\nAda B-PER\nQuell I-PER\n\n', '{\tO\nAda\tB-PER\nQuell\tI-PER\n\n', '\uFEFF{ O\r\nAda B-PER\r\nQuell I-PER\r\n']) {
        const path = temp(text, name);
        expect(detectFormat(path), `${name}: ${JSON.stringify(text)}`).toBe('conll');
        expect(spansOf(path, gold)).toEqual([[1, 3, 'PER']]);
      }
    }
    // Tokens that look like JSON but are not an object: still CoNLL.
    expect(detectFormat(temp('{} O\n\n', 'empty.conll'))).toBe('conll');
    expect(detectFormat(temp('{"a":1} O\n\n', 'token.conll'))).toBe('conll');
    expect(detectFormat(temp('[1,2] O\n\n', 'array.conll'))).toBe('conll');
  });

  it('without a CoNLL extension, takes a malformed record starting {" as JSONL, so its error is the JSONL reader’s', () => {
    expect(detectFormat(temp('{"tokens": ["Ada",\n', 'broken.out'))).toBe('jsonl');
    expect(detectFormat(temp('{"tokens": ["Ada",\n', 'broken.conll'))).toBe('conll');
    // A Python dict printed with str(): JSONL, so the JSONL reader says what it is.
    expect(detectFormat(temp("{'tokens': ['Ada'], 'spans': []}\n", 'repr.out'))).toBe('jsonl');
    expect(detectFormat(temp("{' O\n\n", 'token.conll'))).toBe('conll');
  });

  it('decides a first line longer than the 64 KiB it reads by its start: {" is JSONL', () => {
    const tokens = Array.from({ length: 9000 }, (_, i) => `t${i}`);
    const long = JSON.stringify({ tokens, spans: [[0, 2, 'PER']] });
    expect(long.length).toBeGreaterThan(65536);
    const path = temp(`${long}\n`, 'long.conll');
    expect(detectFormat(path)).toBe('jsonl');
    const gold = `${tokens.map((t, i) => `${t} ${i === 0 ? 'B-PER' : i === 1 ? 'I-PER' : 'O'}`).join('\n')}\n\n`;
    expect(spansOf(path, gold)).toEqual([[0, 2, 'PER']]);
    expect(detectFormat(temp(`{ ${'x'.repeat(70000)} O\n`, 'long-token.conll'))).toBe('conll');
  });

  it('keeps extensions that say JSONL, and directories with .ann files as BRAT', () => {
    for (const ext of ['jsonl', 'json', 'ndjson', 'JSONL']) expect(detectFormat(temp(`${RECORD}\n`, `x.${ext}`))).toBe('jsonl');
    expect(detectFormat(temp(GOLD, 'conll-text.jsonl'))).toBe('jsonl');
    expect(detectFormat(temp(GOLD, 'plain.conll'))).toBe('conll');
    expect(detectFormat(temp('', 'empty.conll'))).toBe('conll');
    const doc = temp('Ada left.\n', 'doc.txt');
    writeFileSync(join(dirname(doc), 'doc.ann'), 'T1\tPER 0 3\tAda\n');
    expect(detectFormat(dirname(doc))).toBe('brat');
    // Without an .ann file, a directory is its files' kind (one document per file).
    expect(detectFormat(dirname(temp('Ada B-PER\n', 'doc.conll')))).toBe('conll');
  });
});
