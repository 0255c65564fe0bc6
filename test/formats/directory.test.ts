/**
 * A directory of CoNLL or JSONL files is one input, one document per file, in code-point order
 * of the names; hidden files and subdirectories are passed over; mixed kinds are an error.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { detectFormat } from '../../src/formats/detect.js';
import { compareCodePoints, compareNumbered, isDocumentation, listDirectory, numberOrderSlip, zeroPadded } from '../../src/formats/directory.js';
import { DEFAULT_LOAD_OPTIONS, inputStem, loadCorpus, parseSystemArg, type LoadOptions } from '../../src/formats/load.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import { thrown } from '../helpers/errors.js';

const ROOT = join(import.meta.dirname, '../..');
const GOLD = join(ROOT, 'examples/news/gold.conll');
const CRF = join(ROOT, 'examples/news/systems/crf.conll');
const GOLD_JSONL = join(ROOT, 'examples/news/jsonl/gold.jsonl');
const CRF_JSONL = join(ROOT, 'examples/news/jsonl/crf.jsonl');

const base = mkdtempSync(join(tmpdir(), 'complan-dir-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let dirs = 0;

/** A fresh directory holding `files` (name → content; a name ending in / is a subdirectory). */
function dirWith(files: Record<string, string>): string {
  const dir = join(base, `d${dirs++}`);
  mkdirSync(dir);
  for (const [name, content] of Object.entries(files)) {
    if (name.endsWith('/')) mkdirSync(join(dir, name));
    else writeFileSync(join(dir, name), content);
  }
  return dir;
}

/** The documents of a CoNLL file (the text between -DOCSTART- lines). */
function conllDocs(path: string): string[] {
  return readFileSync(path, 'utf8').split(/^-DOCSTART-.*\n/m).filter((d) => d.trim() !== '');
}

/** The records of a JSONL file grouped by doc_id, in order. */
function jsonlDocs(path: string): string[] {
  const docs = new Map<string, string>();
  for (const line of readFileSync(path, 'utf8').split('\n').filter((l) => l !== '')) {
    const id = (JSON.parse(line) as { doc_id: string }).doc_id;
    docs.set(id, `${docs.get(id) ?? ''}${line}\n`);
  }
  return [...docs.values()];
}

/** Names that sort in document order: doc-01 ... */
const named = (docs: string[], ext: string) => Object.fromEntries(docs.map((d, i) => [`doc-${String(i + 1).padStart(2, '0')}${ext}`, d]));

function load(gold: string, system: string, opts: Partial<LoadOptions> = {}) {
  return loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold, systems: [{ name: 'sys', path: system }], ...opts });
}

describe('code-point order', () => {
  it('orders astral characters after U+E000–U+FFFF, as bytes of UTF-8 do (code units would not)', () => {
    const names = ['b', '\u{1F600}', '\uFF21', 'a', 'ab', 'B'];
    expect([...names].sort(compareCodePoints)).toEqual(['B', 'a', 'ab', 'b', '\uFF21', '\u{1F600}']);
    expect([...names].sort()).toEqual(['B', 'a', 'ab', 'b', '\u{1F600}', '\uFF21']);
    const bytes = [...names].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...names].sort(compareCodePoints)).toEqual(bytes);
  });
});

describe('numeric order of names, for the hint when a directory does not line up', () => {
  it('orders runs of digits by their numbers, and the rest by code point', () => {
    const names = ['doc-10.conll', 'doc-2.conll', 'doc-1.conll', 'doc-02b.conll', 'a9', 'a10x', 'b'];
    expect([...names].sort(compareNumbered)).toEqual(['a9', 'a10x', 'b', 'doc-1.conll', 'doc-2.conll', 'doc-02b.conll', 'doc-10.conll']);
    expect(compareNumbered('doc-002', 'doc-2')).toBe(0);
    // Numbers longer than any integer type compare by their digits.
    expect(compareNumbered('n99999999999999999999', 'n100000000000000000000')).toBeLessThan(0);
  });

  it('finds the first file a later one precedes numerically, and that later one', () => {
    expect(numberOrderSlip(['doc-1', 'doc-10', 'doc-11', 'doc-2', 'doc-3'])).toEqual(['doc-10', 'doc-2']);
    expect(numberOrderSlip(['doc-01', 'doc-02', 'doc-10'])).toBeUndefined();
    expect(numberOrderSlip(['alpha', 'beta', 'gamma'])).toBeUndefined();
    expect(numberOrderSlip([])).toBeUndefined();
    // Names alike but for their numbers only: doc1 and doc-10 are not put in order by zeros.
    expect(numberOrderSlip(['doc-10.conll', 'doc1.conll', 'doc2.conll'])).toBeUndefined();
    expect(numberOrderSlip(['a-1', 'a-10', 'b', 'doc-10', 'doc-9'])).toEqual(['doc-10', 'doc-9']);
  });

  it('pads a name\'s numbers to the widths of another\'s', () => {
    expect(zeroPadded('doc-2.conll', 'doc-10.conll')).toBe('doc-02.conll');
    expect(zeroPadded('v3-part7', 'v12-part100')).toBe('v03-part007');
    expect(zeroPadded('doc-2', 'report')).toBe('doc-2');
    // Against a directory's files: the widest number among names alike but for their numbers.
    expect(zeroPadded('doc-2.conll', ['doc-1.conll', 'doc-10.conll', 'doc-231.conll', 'notes-10000.conll'])).toBe('doc-002.conll');
  });
});

describe('the name a system is given by its path', () => {
  it('is a file\'s name without its extension, and a directory\'s whole name', () => {
    const dir = join(base, 'runs.v2');
    mkdirSync(dir);
    expect(parseSystemArg(dir).name).toBe('runs.v2');
    expect(parseSystemArg(`${dir}/`).name).toBe('runs.v2');
    expect(parseSystemArg(CRF).name).toBe('crf');
    // A path that does not exist is named as a file: reading it reports it.
    expect(inputStem(join(base, 'missing.v2'))).toBe('missing');
    expect(inputStem('/dev/fd/63')).toBe('fd63');
  });
});

describe('a directory of CoNLL files', () => {
  const goldDocs = conllDocs(GOLD);
  const crfDocs = conllDocs(CRF);

  it('is one input with one document per file, in name order, scoring as the single file', () => {
    expect(goldDocs).toHaveLength(8);
    const goldDir = dirWith(named(goldDocs, '.conll'));
    const crfDir = dirWith({ ...named(crfDocs, '.conll'), '.hidden.conll': 'junk', 'notes/': '' });
    expect(detectFormat(goldDir)).toBe('conll');
    expect(listDirectory(crfDir).files).toEqual(Object.keys(named(crfDocs, '.conll')));
    const fromDirs = load(goldDir, crfDir);
    const fromFiles = load(GOLD, CRF);
    expect(fromDirs.documents.map((d) => d.id)).toEqual(Object.keys(named(goldDocs, '.conll')));
    expect(fromDirs.documents.map((d) => [d.start, d.end, d.firstSentence, d.endSentence]))
      .toEqual(fromFiles.documents.map((d) => [d.start, d.end, d.firstSentence, d.endSentence]));
    expect(fromDirs.systems[0].spans).toEqual(fromFiles.systems[0].spans);
    expect(fromDirs.gold.spans).toEqual(fromFiles.gold.spans);
    expect(fromDirs.systems[0].format).toBe('conll');
    expect(fromDirs.systems[0].scheme).toBe(fromFiles.systems[0].scheme);
    const a = evaluate(fromDirs).systems[0];
    const b = evaluate(fromFiles).systems[0];
    expect([a.tp, a.fp, a.fn, a.macro.doc?.f]).toEqual([b.tp, b.fp, b.fn, b.macro.doc?.f]);
    expect(a.tp).toBeGreaterThan(100);
    // A directory system against the single gold file, and the reverse.
    expect(load(GOLD, crfDir).systems[0].spans).toEqual(fromFiles.systems[0].spans);
    expect(load(goldDir, CRF).systems[0].spans).toEqual(fromFiles.systems[0].spans);
  });

  it('counts the -DOCSTART- lines its files keep in the token accuracy, as the single file does', () => {
    // Each file with its document's marker line.
    const withMarkers = (path: string) => readFileSync(path, 'utf8').split(/^(?=-DOCSTART-)/m).filter((d) => d.trim() !== '');
    const goldDir = dirWith(named(withMarkers(GOLD), '.conll'));
    const crfDir = dirWith(named(withMarkers(CRF), '.conll'));
    const fromDirs = load(goldDir, crfDir).systems[0].tokenTally!;
    const fromFiles = load(GOLD, CRF).systems[0].tokenTally!;
    expect(fromFiles.markers).toBe(8);
    expect(fromDirs).toEqual(fromFiles);
  });

  it('reads the files in name order, not in the order they were written', () => {
    const files = named(goldDocs, '.conll');
    const reversed = Object.fromEntries(Object.entries(files).reverse());
    const c = load(dirWith(reversed), CRF);
    expect(c.documents.map((d) => d.id)).toEqual(Object.keys(files));
  });

  it('keeps one document per file: -DOCSTART- inside a file starts none', () => {
    const two = goldDocs.slice(0, 2);
    const dir = dirWith({ 'a.conll': `-DOCSTART- O\n\n${two[0]}-DOCSTART- O\n\n${two[1]}` });
    const c = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: dir, systems: [] });
    expect(c.documents.map((d) => d.id)).toEqual(['a.conll']);
  });

  it('validates every file under one scheme detected over all of them (--strict-scheme)', () => {
    // IOB1: the second file alone (I- only) would be taken as IO.
    const dir = dirWith({ 'a.conll': 'x I-A\ny B-A\n', 'b.conll': 'z I-A\n' });
    const ok = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: dir, systems: [], strictScheme: true });
    expect(ok.gold.scheme).toBe('iob1');
    const bad = dirWith({ 'a.conll': 'x B-A\n', 'b.conll': 'z I-A\n' });
    const err = thrown(() => loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: bad, systems: [], strictScheme: true }));
    expect(err.message).toBe(`${join(bad, 'b.conll')}:1: invalid IOB2 transition: sentence start then "I-A" (I- must continue a chunk of the same type)`);
  });

  it('checks an embedded gold column by its own scheme, detected over every file, as in one file (--strict-scheme, --invalid drop)', () => {
    // The gold column in IOBES, the predictions in IOB2.
    const a = 'Ada S-PER B-PER\nsang O O\n\n';
    const b = 'Ada B-PER B-PER\nLovelace E-PER I-PER\n\n';
    const dir = dirWith({ 'a.conll': a, 'b.conll': b });
    const file = join(dirWith({}), 'joined.conll');
    writeFileSync(file, a + b);
    for (const extra of [{ strictScheme: true }, { invalid: 'drop' as const }]) {
      const fromDir = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, systems: [{ name: 'sys', path: dir }], ...extra });
      const fromFile = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, systems: [{ name: 'sys', path: file }], ...extra });
      expect(fromDir.gold.scheme).toBe('iobes');
      expect(fromDir.systems[0].scheme).toBe('iob2');
      const spans = (c: typeof fromDir) => c.gold.spans.map((s) => [s.start, s.end, s.label]);
      expect(spans(fromDir)).toEqual(spans(fromFile));
      expect(spans(fromDir)).toEqual([[0, 1, 'PER'], [2, 4, 'PER']]);
    }
  });

  it('warns once of the chunks --invalid drop drops in its files, naming the file of the first', () => {
    const gold = dirWith({ 'a.conll': 'Ada B-PER\n\n', 'b.conll': 'Ada B-PER\nsang O\nLovelace I-PER\n\n', 'c.conll': 'Ada I-PER\n\n' });
    const c = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold, systems: [], scheme: 'iob2', invalid: 'drop' });
    expect(c.gold.spans).toHaveLength(2);
    expect(c.gold.warnings).toEqual([
      `${join(gold, 'b.conll')}:3: --invalid drop dropped 2 gold chunks that IOB2 does not allow, the first on this line; --invalid repair reads them as conlleval does`,
    ]);
  });

  it('names the file and line of an error inside it', () => {
    const dir = dirWith({ 'a.conll': goldDocs[0], 'b.conll': 'Oops B-X extra\n' });
    const err = thrown(() => load(GOLD, dir));
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toMatch(new RegExp(`^${join(dir, 'b.conll').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:1: `));
  });

  it('where its files end too soon, names its last file with sentences, and the file of the missing gold sentence', () => {
    const gold = dirWith({ 'a.conll': 'John B-PER\nSmith I-PER\n\n', 'b.conll': 'Mary B-PER\n\n' });
    const part = dirWith({ 'a.conll': 'John B-PER\nSmith I-PER\n\n', 'b.conll': '' });
    expect(thrown(() => load(gold, part)).message)
      .toBe(`${join(part, 'a.conll')}:1: the files of ${part} end after 1 sentence, but the gold standard has 2; the first missing is gold sentence 2 (${join(gold, 'b.conll')}:1)`);
    const one = join(dirWith({ 'one.conll': 'John B-PER\nSmith I-PER\n\n' }), 'one.conll');
    // A file against a gold directory of several files: the directory is all of them, as the message says.
    expect(thrown(() => load(gold, one)).message).toBe(`${one}:3: the file ends after 1 sentence, but the gold standard has 2; the first missing is gold sentence 2 (${join(gold, 'b.conll')}:1) `
      + `(the gold standard ${gold} is a directory, one input, one document a file: its 2 files, read in code-point order of their names, are all the gold standard)`);
    const empty = dirWith({ 'a.conll': '', 'b.conll': '' });
    expect(thrown(() => load(gold, empty)).message).toBe(`${empty}: the files of the directory are empty, but the gold standard has 2 sentences`);
  });
});

describe('a directory of JSONL files', () => {
  it('is one input with one document per file, scoring as the single file', () => {
    const goldDir = dirWith(named(jsonlDocs(GOLD_JSONL), '.jsonl'));
    const crfDir = dirWith(named(jsonlDocs(CRF_JSONL), '.jsonl'));
    expect(detectFormat(crfDir)).toBe('jsonl');
    const fromDirs = load(goldDir, crfDir);
    const fromFiles = load(GOLD_JSONL, CRF_JSONL);
    expect(fromDirs.documents).toHaveLength(8);
    expect(fromDirs.documents[0].id).toBe('doc-01.jsonl');
    expect(fromDirs.systems[0].spans).toEqual(fromFiles.systems[0].spans);
    expect(fromDirs.systems[0].format).toBe('jsonl');
    // And against the CoNLL gold standard.
    expect(load(GOLD, crfDir).systems[0].spans).toEqual(load(GOLD, CRF).systems[0].spans);
  });
});

describe('directories that are not one input', () => {
  it('a directory mixing CoNLL and JSONL files is an error naming one of each', () => {
    const dir = dirWith({ 'a.conll': 'x O\n', 'b.conll': 'y O\n', 'c.jsonl': '{"tokens":["z"],"spans":[]}\n' });
    const err = thrown(() => detectFormat(dir));
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toBe(`${dir}: the directory mixes kinds of files: a.conll is CoNLL but c.jsonl is JSONL (a directory is one input, one output split into documents: all CoNLL or all JSONL files, one document per file; to give several systems, list their files)`);
  });

  it('a broken symbolic link or a FIFO among its files is an error naming it, not a document lost without a word', () => {
    const dir = dirWith({ 'a.conll': 'John B-PER\n\n' });
    symlinkSync(join(base, 'nowhere.conll'), join(dir, 'b.conll'));
    expect(thrown(() => listDirectory(dir)).message)
      .toBe(`${join(dir, 'b.conll')}: is a broken symbolic link: every file of a directory is one of its documents (restore its target, or remove the link)`);
    const fifo = dirWith({ 'a.conll': 'John B-PER\n\n' });
    if (spawnSync('mkfifo', [join(fifo, 'f.conll')]).status === 0) {
      expect(thrown(() => listDirectory(fifo)).message).toBe(`${join(fifo, 'f.conll')}: is a FIFO (named pipe), not a file: every file of a directory is one of its documents (move it out of ${fifo})`);
    }
    // A link to a file is followed; one to a subdirectory is passed over, as subdirectories are.
    const linked = dirWith({ 'sub/': '' });
    symlinkSync(GOLD, join(linked, 'g.conll'));
    symlinkSync(join(linked, 'sub'), join(linked, 'to-sub'));
    expect(listDirectory(linked).files).toEqual(['g.conll']);
  });

  it('an empty directory (hidden files and subdirectories aside) is an error', () => {
    const dir = dirWith({ '.DS_Store': 'x', 'sub/': '' });
    expect(thrown(() => detectFormat(dir)).message).toBe(`${dir}: the directory has no input files (expected CoNLL or JSONL files, one document per file, or BRAT NAME.txt and NAME.ann pairs)`);
  });

  it('passes over a folder\'s documentation (README, LICENSE, Markdown, HTML, PDF), which read as CoNLL would be a document of nonsense', () => {
    const dir = dirWith({ 'README.md': '# Outputs\n\nSee below.\n', 'LICENSE': 'Some licence text\n', 'notes.rst': 'x\n', 'a.conll': 'x O\n', 'b.jsonl.html': '<p>\n' });
    expect(listDirectory(dir).files).toEqual(['a.conll']);
    expect(detectFormat(dir)).toBe('conll');
    // Data named like documentation only in part is still data.
    expect(['README.md', 'Readme', 'licence.txt', 'changelog', 'x.md', 'a.pdf', 'readme.conll', 'readmes.txt', 'md.conll', 'notice.jsonl']
      .map((n) => isDocumentation(n))).toEqual([true, true, true, true, true, true, false, false, false, false]);
  });

  it('a directory with an .ann file is still BRAT', () => {
    expect(detectFormat(dirWith({ 'a.txt': 'Hello', 'a.ann': 'T1\tX 0 5\tHello\n' }))).toBe('brat');
  });
});

describe('a directory of .txt files without .ann', () => {
  it('is read as CoNLL, and an error in it says so and what BRAT needs', () => {
    const gold = dirWith({ 'd1.txt': 'Ada met Bob.', 'd1.ann': 'T1\tPER 0 3\tAda\n' });
    const texts = dirWith({ 'd1.txt': 'Ada met Bob.\n' });
    const err = thrown(() => loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold, systems: [{ name: 'sys', path: texts }] }));
    expect(err).toBeInstanceOf(InputError);
    expect(err.message).toMatch(/d1\.txt:1: .*\(.* holds \.txt files and no \.ann file, so it was read as CoNLL, one document a file; for BRAT, put each NAME\.ann beside its NAME\.txt\)$/);
  });
});

describe('a BRAT directory read as another format by --input-format', () => {
  it('says it holds .ann files and to leave the format auto, for a system or the gold', () => {
    const brat = dirWith({ 'd1.txt': 'Ada met Bob.', 'd1.ann': 'T1\tPER 0 3\tAda\n' });
    const gold = dirWith({ 'd1.txt': 'Ada met Bob.', 'd1.ann': 'T1\tPER 0 3\tAda\n' });
    for (const [g, sys] of [[GOLD_JSONL, brat], [gold, CRF_JSONL]]) {
      const err = thrown(() => loadCorpus({ ...DEFAULT_LOAD_OPTIONS, inputFormat: 'jsonl', gold: g, systems: [{ name: 'sys', path: sys }] })) as InputError;
      expect(err).toBeInstanceOf(InputError);
      expect(err.message).toMatch(/d1\.ann:1: expected a JSON object.* \(.* holds \.ann files, BRAT standoff, but inputFormat jsonl read it as JSONL: leave inputFormat auto\)$/);
      expect(err.template).toMatch(/but \{inputFormat\} jsonl read it as JSONL: leave \{inputFormat\} auto\)$/);
    }
  });
});
