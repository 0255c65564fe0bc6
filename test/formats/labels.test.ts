import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError, UsageError } from '../../src/errors.js';
import { parseLabelList, splitLabelList } from '../../src/formats/labels.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/dialects');
const NAMES = ['O', 'B-PER', 'I-PER', 'B-ORG', 'I-ORG', 'B-LOC', 'I-LOC', 'B-MISC', 'I-MISC'];

describe('parseLabelList', () => {
  it('reads a JSON array of names, a model config\'s id2label, and one label a line', () => {
    expect(parseLabelList(readFileSync(join(FIXTURES, 'labels.json'), 'utf8'), 'labels.json')).toEqual(NAMES);
    expect(parseLabelList(readFileSync(join(FIXTURES, 'config.json'), 'utf8'), 'config.json')).toEqual(NAMES);
    expect(parseLabelList('{"1": "B-X", "0": "O"}', 'l.json')).toEqual(['O', 'B-X']);
    expect(parseLabelList('\uFEFFO\r\n B-X \r\nI-X\r\n\r\n', 'l.txt')).toEqual(['O', 'B-X', 'I-X']);
  });

  const fails = (text: string, message: string) => {
    expect(() => parseLabelList(text, 'l.txt')).toThrow(InputError);
    expect(() => parseLabelList(text, 'l.txt')).toThrow(message);
  };

  it('rejects blank lines inside, repeats, and an empty list, naming the file and line', () => {
    fails('O\n\nB-X\n', 'l.txt:2: blank line: expected one label a line (the label of id k on line k + 1)');
    fails('O\nB-X\nO\n', 'l.txt:3: label "O" appears twice (ids 0 and 2)');
    fails('\n\n', 'l.txt: no labels: expected a JSON array of label names, or one label a line');
  });

  it('rejects JSON that is not a list of non-empty names, or an id2label with a gap', () => {
    fails('[1, 2]', 'l.txt: label of id 0 is 1, expected a non-empty string');
    fails('["O", ""]', 'l.txt: label of id 1 is "", expected a non-empty string');
    fails('[]', 'l.txt: no labels: the list is empty');
    fails('{"0": "O", "2": "B-X"}', 'l.txt: expected ids 0 to 1 as keys (an id2label object), but id 1 is missing');
    fails('["O", "O"]', 'l.txt: label "O" appears twice (ids 0 and 1)');
    fails('[O]', "l.txt:1: expected a JSON array of label names (column 2: Unexpected token 'O')");
    fails('["O", "B-PER",\n', 'l.txt:1: expected a JSON array of label names, but the file ends before the JSON does (is it cut short?)');
  });

  it('refuses JSON nested deeper than the limit of the other small JSON files, naming the line', () => {
    fails(`[\n${'['.repeat(200_000)}${']'.repeat(200_000)}]`, 'l.txt:2: expected a JSON array of label names: lists and objects nested more than 64 levels deep');
    fails(`${'{"a":'.repeat(100)}1${'}'.repeat(100)}`, 'l.txt:1: expected a JSON array of label names: lists and objects nested more than 64 levels deep');
  });
});

describe('splitLabelList', () => {
  it('splits names on commas, trimming white space', () => {
    expect(splitLabelList('O, B-PER,I-PER')).toEqual(['O', 'B-PER', 'I-PER']);
  });

  it('rejects an empty or repeated name as a usage error about labels', () => {
    const err = (() => {
      try {
        splitLabelList('O,,B-X');
      } catch (e) {
        return e as UsageError;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(UsageError);
    expect(err!.param).toBe('labels');
    expect(err!.message).toBe('labels: label 2 of 3 is empty (expected names separated by commas, such as O,B-PER,I-PER)');
    expect(() => splitLabelList('O,B-X,O')).toThrow('label "O" appears twice (ids 0 and 2)');
  });
});
