import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBrat } from '../../src/formats/brat.js';
import { DEFAULT_READ_OPTIONS, type Segment } from '../../src/formats/segment.js';

const CORPUS = join(import.meta.dirname, '../fixtures/brat/corpus');

function read(dir: string) {
  const segments: Segment[] = [];
  const summary = readBrat(dir, DEFAULT_READ_OPTIONS, (s) => segments.push(s));
  return { segments, summary };
}

/** Writes `files` (name → content) into a fresh temp directory and returns it. */
function tempDir(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'complan-brat-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

/** Each span's label and the text it covers (fragments joined by "|"). */
function covered(seg: Segment) {
  return seg.spans.map((s) => [
    s.label,
    (s.fragments ?? [[s.start, s.end]]).map(([a, b]) => seg.text!.slice(a, b)).join('|'),
  ]);
}

describe('readBrat: the fixture corpus', () => {
  const { segments, summary } = read(CORPUS);
  const byId = (id: string) => segments.find((s) => s.id === id)!;

  it('emits documents in code-point order of their names, without recursing', () => {
    expect(segments.map((s) => s.id)).toEqual(['Beta', 'alpha', 'gamma']);
    expect(summary.segments).toBe(3);
    expect(summary.hasEmbeddedGold).toBe(false);
    // Above U+FFFF code-point order is not UTF-16's: U+FF21 (Ａ) before U+1F600 (😀), as a directory of CoNLL files is read.
    const dir = tempDir({ '😀.txt': 'beta\n', '😀.ann': '', 'Ａ.txt': 'alpha\n', 'Ａ.ann': '' });
    expect(read(dir).segments.map((s) => s.id)).toEqual(['Ａ', '😀']);
  });

  it('fills text, id, docId, line and source', () => {
    const alpha = byId('alpha');
    expect(alpha.text!.startsWith('Harlan Vesk chairs')).toBe(true);
    expect(alpha.docId).toBe('alpha');
    expect(alpha.line).toBe(1);
    expect(alpha.source).toBe(join(CORPUS, 'alpha.ann'));
    expect(alpha.tokens).toBeUndefined();
  });

  it('reads contiguous spans with their .ann line, ignoring R, A, #, N lines', () => {
    const alpha = byId('alpha');
    expect(alpha.spans[0]).toEqual({ start: 0, end: 11, label: 'Person', line: 1 });
    expect(covered(alpha)).toEqual([
      ['Person', 'Harlan Vesk'],
      ['Organization', 'Quill|Press'],
      ['Organization', 'Quill and Marrow Press'],
      ['Location', 'Elm Row'],
      ['Location', 'Cobbleford'],
    ]);
    expect(alpha.spans.map((s) => s.line)).toEqual([1, 2, 3, 7, 8]);
  });

  it('reads a discontinuous span as sorted fragments and their hull', () => {
    const span = byId('alpha').spans[1];
    expect(span).toEqual({ start: 32, end: 54, label: 'Organization', fragments: [[32, 37], [49, 54]], line: 2 });
    expect(byId('alpha').spans[2].fragments).toBeUndefined();
  });

  it('drops an identical span with a warning and raises no other warning but that of gamma, which has no .ann, and of the attribute line', () => {
    expect(summary.warnings).toEqual([
      `${CORPUS}: gamma.txt has no .ann file: read as a document without items; write an empty .ann to say so and silence this`,
      `${join(CORPUS, 'alpha.ann')}:9: duplicate span [85, 95) "Location" dropped`,
      `${CORPUS}: an attribute line is not read (first ${join(CORPUS, 'alpha.ann')}:5): items are typed by their T line's label only, so types or values given as attributes are not scored; write the type as the label to score it`,
    ]);
  });

  it('counts attribute lines (A, and the older M) in one warning for the directory, naming the first: a type given as an attribute is not scored', () => {
    const dir = tempDir({
      'a.txt': 'On Monday we left.', 'a.ann': 'T1\tTIMEX3 3 9\tMonday\nA1\tType T1 DATE\n',
      'b.txt': 'For two days.', 'b.ann': 'T1\tTIMEX3 4 12\ttwo days\nM1\tType T1 DURATION\nR1\tLink Arg1:T1 Arg2:T1\n',
    });
    const { segments, summary } = read(dir);
    expect(segments.map((s) => s.spans.map((x) => x.label))).toEqual([['TIMEX3'], ['TIMEX3']]);
    expect(summary.warnings).toEqual([
      `${dir}: 2 attribute lines are not read (first ${join(dir, 'a.ann')}:2): items are typed by their T line's label only, so types or values given as attributes are not scored; write the type as the label to score it`,
    ]);
    // Without attribute lines, no such warning.
    expect(read(tempDir({ 'c.txt': 'Now.', 'c.ann': 'T1\tTIMEX3 0 3\tNow\nR1\tLink Arg1:T1 Arg2:T1\n' })).summary.warnings).toEqual([]);
  });

  it('converts code-point offsets to UTF-16 offsets when the text has astral characters', () => {
    const beta = byId('Beta');
    expect(beta.spans.map((s) => [s.start, s.end])).toEqual([[7, 16], [20, 26]]);
    expect(covered(beta)).toEqual([['Person', 'Tove Lind'], ['Location', 'Ørsund']]);
  });

  it('emits a .txt without .ann as a document with no spans', () => {
    const gamma = byId('gamma');
    expect(gamma.spans).toEqual([]);
    expect(gamma.text).toBe('No entities are annotated here.\n');
    expect(gamma.source).toBe(join(CORPUS, 'gamma.txt'));
  });

  it('warns of documents without .ann and of files it does not read, once each, and not of documentation', () => {
    const dir = tempDir({
      'a.txt': 'Ada', 'a.ann': 'T1\tPER 0 3\tAda\n', 'b.txt': 'Bob', 'c.txt': 'Cy', 'extra.jsonl': '{}\n', 'notes.csv': 'x\n', 'README.md': '# data\n', '.hidden': '',
    });
    expect(read(dir).summary.warnings).toEqual([
      `${dir}: 2 documents have no .ann file (first b.txt): read as documents without items; write an empty .ann to say so and silence this`,
      `${dir}: 2 files are neither .txt nor .ann (first extra.jsonl): not read (a BRAT directory holds NAME.txt and NAME.ann pairs)`,
    ]);
    expect(read(tempDir({ 'a.txt': 'Ada', 'a.ann': '' })).summary.warnings).toEqual([]);
    // A collection's documentation and brat's configuration files are passed over in silence.
    const collection = read(tempDir({
      'a.txt': 'Ada', 'a.ann': '', 'README.txt': 'About this corpus', 'LICENSE': 'CC', 'annotation.conf': '[entities]\nPER\n', 'visual.conf': '', 'tools.conf': '', 'kb_shortcuts.conf': '',
    }));
    expect(collection.summary.warnings).toEqual([]);
    expect(collection.segments.map((x) => x.id)).toEqual(['a']);
  });
});

describe('readBrat: text as written', () => {
  it('keeps CRLF, counting the CR in offsets', () => {
    const dir = tempDir({ 'd.txt': 'Ada Moss\r\nlives in Pell.\r\n', 'd.ann': 'T1\tPER 0 8\tAda Moss\nT2\tLOC 19 23\tPell\n' });
    const [seg] = read(dir).segments;
    expect(seg.text).toBe('Ada Moss\r\nlives in Pell.\r\n');
    expect(covered(seg)).toEqual([['PER', 'Ada Moss'], ['LOC', 'Pell']]);
  });

  it('strips a BOM, which BRAT counts as the first character', () => {
    const dir = tempDir({ 'd.txt': '\uFEFFAda Moss \u{1F600} Pell', 'd.ann': 'T1\tPER 1 9\tAda Moss\nT2\tLOC 12 16\tPell\n' });
    const { segments, summary } = read(dir);
    expect(segments[0].text).toBe('Ada Moss \u{1F600} Pell');
    expect(segments[0].spans.map((s) => [s.start, s.end])).toEqual([[0, 8], [12, 16]]);
    expect(covered(segments[0])).toEqual([['PER', 'Ada Moss'], ['LOC', 'Pell']]);
    expect(summary.warnings).toEqual([]);
  });

  it('warns when the text column differs from the document text', () => {
    const dir = tempDir({ 'd.txt': 'Ada Moss met Bo.', 'd.ann': 'T1\tPER 0 8\tAda Moss\nT2\tPER 13 15\tBob\nT3\tPER 0 3;13 15\tAda Bo\n' });
    const { segments, summary } = read(dir);
    expect(segments[0].spans).toHaveLength(3);
    expect(summary.warnings).toEqual([`${join(dir, 'd.ann')}:2: T2 text "Bob" differs from the document text "Bo" at 13 15`]);
  });

  it('counts every T line whose text differs in one warning for the directory, naming the first', () => {
    const dir = tempDir({
      'a.txt': 'Ada Moss met Bo.', 'a.ann': 'T1\tPER 0 8\tAda Mos\nT2\tPER 13 15\tBo\n',
      'b.txt': 'Cy Pell.', 'b.ann': 'T1\tPER 0 2\tCy \nT2\tPER 3 7\tPel\n',
    });
    const { segments, summary } = read(dir);
    expect(segments.map((s) => s.spans.length)).toEqual([2, 2]);
    expect(summary.warnings).toEqual([
      `${dir}: 3 T lines give a text that differs from the document text at their offsets, which are what is read (first ${join(dir, 'a.ann')}:1: T1 text "Ada Mos" differs from the document text "Ada Moss" at 0 8)`,
    ]);
  });

  it('accepts a T line without a text column', () => {
    const dir = tempDir({ 'd.txt': 'Ada', 'd.ann': 'T1\tPER 0 3\n' });
    expect(read(dir).segments[0].spans).toEqual([{ start: 0, end: 3, label: 'PER', line: 1 }]);
    expect(read(dir).summary.warnings).toEqual([]);
    // A last line without a line end is fine with its text field.
    expect(read(tempDir({ 'd.txt': 'Ada', 'd.ann': 'T1\tPER 0 3\tAda' })).summary.warnings).toEqual([]);
  });

  it('warns of a last line without a line end or a text field, and says an error there may be a file cut short', () => {
    const dir = tempDir({ 'd.txt': 'Ada Moss met Bo.', 'd.ann': 'T1\tPER 0 8\tAda Moss\nT2\tPER 13 15' });
    const { segments, summary } = read(dir);
    expect(segments[0].spans.map((x) => [x.start, x.end])).toEqual([[0, 8], [13, 15]]);
    expect(summary.warnings).toEqual([
      `${join(dir, 'd.ann')}:2: the file ends inside this line, without a line end or the text field brat writes (is it cut short?): read as T2 [13, 15) "PER"`,
    ]);
    const cut = tempDir({ 'd.txt': 'Ada Moss met Bo.', 'd.ann': 'T1\tPER 0 8\tAda Moss\nT2\tPER 13 1' });
    expect(() => read(cut)).toThrow(`${join(cut, 'd.ann')}:2: T2 [13, 1) "PER" has end ≤ start; the file ends inside this line, without a line end (is it cut short?)`);
  });

  it('warns of an id given twice in one file, reading both spans', () => {
    const dir = tempDir({ 'd.txt': 'Ada Moss met Bo.', 'd.ann': 'T1\tPER 0 8\tAda Moss\nT1\tPER 13 15\tBo\n' });
    const { segments, summary } = read(dir);
    expect(segments[0].spans).toHaveLength(2);
    expect(summary.warnings).toEqual([`${join(dir, 'd.ann')}:2: T1 is given again (first on line 1): ids are unique in a .ann file; both spans are read`]);
  });
});

describe('readBrat: errors', () => {
  it('rejects a missing directory', () => {
    const dir = join(tmpdir(), 'complan-brat-does-not-exist');
    expect(() => read(dir)).toThrow(`${dir}: no such file or directory`);
  });

  it('rejects a directory with no .ann files', () => {
    const dir = tempDir({ 'd.txt': 'text' });
    mkdirSync(join(dir, 'sub.ann'));
    expect(() => read(dir)).toThrow(`${dir}: no .ann files in directory`);
  });

  it('rejects an .ann without its .txt', () => {
    const dir = tempDir({ 'a.txt': 'x', 'a.ann': '', 'b.ann': 'T1\tPER 0 1\tx\n' });
    expect(() => read(dir)).toThrow(`${join(dir, 'b.ann')}: missing b.txt beside b.ann`);
  });

  it('rejects a malformed T line, naming the .ann line', () => {
    const expected = 'expected "T<id><TAB><label> <start> <end>[;<start> <end>]…<TAB><text>"';
    for (const bad of ['T2\tPER 0\tA', 'T2 PER 0 3\tAda', 'T2\tPER 0 3;\tAda', 'T2\tPER x 3\tAda']) {
      const dir = tempDir({ 'd.txt': 'Ada', 'd.ann': `T1\tPER 0 3\tAda\n${bad}\n` });
      expect(() => read(dir)).toThrow(`${join(dir, 'd.ann')}:2: ${expected}`);
    }
  });

  it('rejects an unknown annotation kind', () => {
    const dir = tempDir({ 'd.txt': 'Ada', 'd.ann': 'X1\tPER 0 3\tAda\n' });
    expect(() => read(dir)).toThrow(
      `${join(dir, 'd.ann')}:1: unknown annotation "X1\\tPER 0 3\\tAda" (expected a line starting with T, R, E, A, M, N, # or *)`,
    );
  });

  it('rejects fragments of one span that overlap, in the order written or not; takes touching ones, and sorts them', () => {
    const ann = (line: string) => ({ 'd.txt': 'John Smith met Ada', 'd.ann': `${line}\n` });
    for (const [offsets, shown] of [['0 4;2 10', '[0, 4) and [2, 10)'], ['5 10;0 6', '[0, 6) and [5, 10)']]) {
      const dir = tempDir(ann(`T1\tPER ${offsets}\tJohn Smith`));
      expect(() => read(dir)).toThrow(`${join(dir, 'd.ann')}:1: T1 "PER": its fragments ${shown} overlap (expected the fragments of a discontinuous span apart, as "0 4;8 12")`);
    }
    expect(read(tempDir(ann('T1\tPER 5 10;0 5\tSmith John'))).segments[0].spans[0]).toMatchObject({ start: 0, end: 10, fragments: [[0, 5], [5, 10]] });
  });

  it('rejects fragments with end ≤ start or beyond the text, in code points', () => {
    const ann = (line: string) => ({ 'd.txt': 'Ada \u{1F600}', 'd.ann': `T1\tPER 0 3\tAda\n${line}\n` });
    let dir = tempDir(ann('T2\tPER 3 3\t'));
    expect(() => read(dir)).toThrow(`${join(dir, 'd.ann')}:2: T2 [3, 3) "PER" has end ≤ start (an empty span: are the ends inclusive? complan reads [start, end), the end exclusive)`);
    dir = tempDir(ann('T2\tPER 0 3;4 6\tAda x'));
    expect(() => read(dir)).toThrow(`${join(dir, 'd.ann')}:2: T2 [4, 6) "PER" is outside the document (5 characters)`);
    dir = tempDir(ann('T2\tPER 4 5\t\u{1F600}'));
    expect(read(dir).segments[0].spans[1]).toMatchObject({ start: 4, end: 6 });
  });

  it('rejects a text that is not UTF-8, naming its line', () => {
    const dir = tempDir({ 'd.txt': Buffer.from([0x41, 0x0a, 0x42, 0xc3, 0x28]), 'd.ann': '' });
    expect(() => read(dir)).toThrow(`${join(dir, 'd.txt')}:2: not valid UTF-8 at column 2: byte 0xC3; convert the file to UTF-8`);
  });
});
