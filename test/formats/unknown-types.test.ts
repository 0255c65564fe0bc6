/** Types a system predicts that the gold standard never uses: a warning naming them and the first. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_OPTIONS, loadCorpus } from '../../src/formats/load.js';
import { typesOf, unknownTypes } from '../../src/formats/unknown-types.js';
import type { Span } from '../../src/model/corpus.js';
import { tempFiles } from '../helpers/temp.js';

const temp = tempFiles('unknown-types');
const span = (start: number, label: string): Span => ({ doc: 0, start, end: start + 1, label });

describe('unknownTypes', () => {
  it('lists the types not known, in order of first appearance, with their items and first item', () => {
    const spans = [span(0, 'PER'), span(1, 'PERR'), span(2, 'PERR'), span(3, 'LOC'), span(4, ''), span(5, 'PERR')];
    const out = unknownTypes(spans, new Set(['PER', 'LOC']));
    expect(out.map((u) => [u.type, u.items, u.first.start])).toEqual([['PERR', 3, 1], ['', 1, 4]]);
    expect(unknownTypes(spans, typesOf(spans))).toEqual([]);
    expect([...typesOf([span(0, 'B'), span(1, 'A'), span(2, 'A'), span(3, 'B')])]).toEqual(['B', 'A']);
  });
});

describe('the loader\'s warning', () => {
  const gold = temp('-DOCSTART- O\n\nAda B-PER\nleft O\n\nin O\nParis B-LOC\n\n', 'gold.conll');
  let path = '';
  const load = (system: string) => {
    path = temp(system, 's.conll');
    return loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold, systems: [{ name: 's', path }] }).systems[0].warnings;
  };

  it('names the types the gold never uses, their items, and the line of the first in the system\'s file, with its gold sentence', () => {
    expect(load('-DOCSTART- O\n\nAda B-PER\nleft O\n\nin O\nParis B-LOCC\n\n')).toEqual([
      `${path}: type "LOCC" (1 item, perhaps "LOC") is not in the gold standard, whose types are "LOC", "PER"; the first at ${path}:7 (gold sentence 2): a typo in the tags? Every such item counts as a false positive`,
    ]);
    const two = load('-DOCSTART- O\n\nAda B-PERR\nleft B-X\n\nin B-X\nParis B-LOC\n\n');
    expect(two).toHaveLength(1);
    expect(two[0]).toContain('types "PERR" (1 item, perhaps "PER"), "X" (2 items) are not in the gold standard');
    expect(two[0]).toContain(`the first at ${path}:3 (gold sentence 1)`);
    // A gold type but for case: named, with why it is not the same.
    expect(load('-DOCSTART- O\n\nAda B-Per\nleft O\n\nin O\nParis B-LOC\n\n')[0]).toContain('type "Per" (1 item, perhaps "PER", as types are case-sensitive) is not in the gold standard');
  });

  it('names the system\'s line, not the gold\'s, when the two files are laid out differently', () => {
    // No marker, blank lines doubled: gold sentence 2 starts on line 6 of the gold file, and
    // "Paris" stands on line 7 of the system's.
    const warnings = load('Ada B-PER\nleft O\n\n\n\nin O\nParis B-LOCC\n\n');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`; the first at ${path}:7 (gold sentence 2): a typo`);
    expect(warnings[0]).not.toContain(gold);
    // A JSONL system: the line of the record, blank lines counted.
    const jsonl = temp('{"tokens":["Ada","left"],"ner_tags":["B-PER","O"]}\n\n\n{"tokens":["in","Paris"],"ner_tags":["O","B-LOCC"]}\n', 's.jsonl');
    const read = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold, systems: [{ name: 's', path: jsonl }] }).systems[0].warnings;
    expect(read).toHaveLength(1);
    expect(read[0]).toContain(`; the first at ${jsonl}:4 (gold sentence 2): a typo`);
  });

  it('counts a gold standard of texts in records, as eval\'s title does', () => {
    // A record of text is often a whole document: "gold sentence 2" would misname it.
    const texts = temp('{"id": "d1", "text": "Ann came on Monday.", "spans": [[12, 18, "DATE"]]}\n{"id": "d2", "text": "Open daily.", "spans": [[5, 10, "SET"]]}\n', 'texts.jsonl');
    const sys = temp('{"id": "d1", "text": "Ann came on Monday.", "spans": [[12, 18, "DATE"]]}\n{"id": "d2", "text": "Open daily.", "spans": [[5, 10, "SETT"]]}\n', 'sys.jsonl');
    const warnings = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: texts, systems: [{ name: 's', path: sys }] }).systems[0].warnings;
    expect(warnings).toEqual([
      `${sys}: type "SETT" (1 item, perhaps "SET") is not in the gold standard, whose types are "DATE", "SET"; the first at ${sys}:2 (gold record 2): a typo in the tags? Every such item counts as a false positive`,
    ]);
  });

  it('says when a type is untyped, or the start of a gold type (a file cut inside its last tag)', () => {
    // Cut inside the last tag, with no line end: B-LOC read as B-LO.
    const cut = load('-DOCSTART- O\n\nAda B-PER\nleft O\n\nin O\nParis B-LO');
    expect(cut).toHaveLength(1);
    expect(cut[0]).toContain('type "LO" (1 item, the start of "LOC": a tag cut short, as at the end of a file cut inside its last line?) is not in the gold standard');
    const untyped = load('-DOCSTART- O\n\nAda B-\nleft O\n\nin O\nParis B-LOC\n\n');
    expect(untyped[0]).toContain('type "" (1 item, from untyped tags such as B- or I-) is not in the gold standard');
    // One untyped item, in the last sentence: a tag cut after its hyphen (B-LOC read as B-).
    const cutTyped = load('-DOCSTART- O\n\nAda B-PER\nleft O\n\nin O\nParis B-');
    expect(cutTyped[0]).toContain('type "" (1 item, from untyped tags such as B- or I-, in the last sentence only: a tag cut short, as at the end of a file cut inside its last line?) is not in the gold standard');
    // Spans given with their labels have no tags: an empty label is said as such.
    const gold = temp('-DOCSTART- O\n\nAda B-PER\nleft O\n\nin O\nParis B-LOC\n\n', 'g.conll');
    const spans = temp('{"tokens":["Ada","left"],"spans":[{"start":0,"end":1,"label":""}]}\n{"tokens":["in","Paris"],"spans":[]}\n', 'empty-label.jsonl');
    const labelled = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold, systems: [{ name: 's', path: spans }] }).systems[0].warnings;
    expect(labelled[0]).toContain('type "" (1 item, an empty label) is not in the gold standard');
    // Two of them, or one elsewhere, are untyped tags and no more.
    expect(load('-DOCSTART- O\n\nAda B-\nleft O\n\nin O\nParis B-\n\n')[0]).toContain('type "" (2 items, from untyped tags such as B- or I-) is not');
    // The start of a gold type in many items, or away from the last sentence, is no tag cut short: perhaps another name for it.
    const persons = temp('-DOCSTART- O\n\nAda B-PERSON\nleft O\n\nin O\nParis B-LOC\n\n', 'persons.conll');
    const renamed = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: persons, systems: [{ name: 's', path: temp('-DOCSTART- O\n\nAda B-PER\nleft O\n\nin O\nParis B-LOC\n\n', 'per.conll') }] }).systems[0].warnings;
    expect(renamed[0]).toContain('type "PER" (1 item, perhaps "PERSON") is not in the gold standard');
    expect(renamed[0]).not.toContain('cut short');
    // A type that only shares a start with a gold type is not one's start: it is that type written out.
    expect(load('-DOCSTART- O\n\nAda B-PERSON\nleft O\n\nin O\nParis B-LOC\n\n')[0]).toContain('type "PERSON" (1 item, perhaps "PER" written out) is not');
    expect(load('-DOCSTART- O\n\nAda B-PER\nleft O\n\nin O\nParis B-Location\n\n')[0]).toContain('type "Location" (1 item, perhaps "LOC" written out) is not');
    // One letter more is a typo, named as one; a type the gold's does not start is given no hint.
    expect(load('-DOCSTART- O\n\nAda B-PERS\nleft O\n\nin O\nParis B-LOC\n\n')[0]).toContain('type "PERS" (1 item, perhaps "PER") is not');
    expect(load('-DOCSTART- O\n\nAda B-PER\nleft O\n\nin O\nParis B-GPE\n\n')[0]).toContain('type "GPE" (1 item) is not');
  });

  it('says nothing when every type is the gold\'s, or when the gold has no items at all', () => {
    expect(load('-DOCSTART- O\n\nAda B-LOC\nleft O\n\nin O\nParis O\n\n')).toEqual([]);
    const empty = temp('Ada O\nleft O\n\n', 'empty-gold.conll');
    const warnings = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: empty, systems: [{ name: 's', path: temp('Ada B-PER\nleft O\n\n', 'per.conll') }] }).systems[0].warnings;
    expect(warnings).toEqual([]);
  });

  it('warns of a conlleval file whose predictions have a type its own gold column lacks, and only then', () => {
    const lone = (text: string) => {
      const file = temp(text, 'lone.conll');
      return { file, warnings: loadCorpus({ ...DEFAULT_LOAD_OPTIONS, systems: [{ name: 'lone', path: file }] }).systems[0].warnings };
    };
    const typo = lone('-DOCSTART- O O\n\nAda B-PER B-PER\nleft O O\n\nin O O\nParis B-LOC B-LOCC\n\n');
    expect(typo.warnings).toEqual([
      `${typo.file}: type "LOCC" (1 item, perhaps "LOC") is not in the gold standard, whose types are "LOC", "PER"; the first at ${typo.file}:7 (gold sentence 2): a typo in the tags? Every such item counts as a false positive`,
    ]);
    // A prediction of its own, of a gold type, is no unknown type.
    expect(lone('-DOCSTART- O O\n\nAda B-PER B-LOC\nleft O O\n\nin O O\nParis B-LOC B-LOC\n\n').warnings).toEqual([]);
  });
});
