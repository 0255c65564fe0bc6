import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { conllInternals, fieldBounds, readConll, splitFields } from '../../src/formats/conll.js';
import { DEFAULT_READ_OPTIONS, type RawSpan, type ReadOptions, type Segment } from '../../src/formats/segment.js';
import { TokenStore } from '../../src/model/token-store.js';
import { inputError } from '../helpers/errors.js';

const FIXTURES = join(import.meta.dirname, '../fixtures/conll');
const fixture = (name: string) => join(FIXTURES, name);

const dir = mkdtempSync(join(tmpdir(), 'complan-conll-'));
let serial = 0;

/** Writes `content` to a fresh temp file and returns its path. */
function temp(content: string | Buffer, name = `in-${serial++}.conll`): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

function read(path: string, opts: Partial<ReadOptions> = {}) {
  const segments: Segment[] = [];
  const summary = readConll(path, { ...DEFAULT_READ_OPTIONS, ...opts }, (s) => segments.push(s));
  return { segments, summary };
}

const gold = (path: string, opts: Partial<ReadOptions> = {}) => read(path, { role: 'gold', ...opts });

/** Spans as [start, end, label, line]. */
const quads = (spans: readonly RawSpan[] | undefined) => spans?.map((s) => [s.start, s.end, s.label, s.line]);


describe('splitFields and fieldBounds', () => {
  it('splits on runs of spaces and tabs, ignoring leading and trailing ones', () => {
    expect(splitFields('a b')).toEqual(['a', 'b']);
    expect(splitFields('a\tb')).toEqual(['a', 'b']);
    expect(splitFields('  a \t\t b\t c  ')).toEqual(['a', 'b', 'c']);
    expect(splitFields('one')).toEqual(['one']);
    expect(splitFields('')).toEqual([]);
    expect(splitFields(' \t ')).toEqual([]);
  });

  it('splits on space and tab only', () => {
    expect(splitFields('a\u00a0b c')).toEqual(['a\u00a0b', 'c']);
    expect(splitFields('a\rb\u3000c')).toEqual(['a\rb\u3000c']);
    expect(splitFields('x\vy')).toEqual(['x\vy']);
  });

  it('keeps punctuation and hyphenated tags whole', () => {
    expect(splitFields('-DOCSTART- -X- -X- O')).toEqual(['-DOCSTART-', '-X-', '-X-', 'O']);
    expect(splitFields('"Hi," B-WORK-OF-ART')).toEqual(['"Hi,"', 'B-WORK-OF-ART']);
  });

  it('fieldBounds scans only [start, end) and writes pairs of bounds', () => {
    const b: number[] = [];
    expect(fieldBounds('xx ab  c yy', 3, 8, b)).toBe(2);
    expect(b.slice(0, 4)).toEqual([3, 5, 7, 8]);
    expect(fieldBounds('xx ab  c yy', 2, 3, b)).toBe(0);
    expect(fieldBounds('abc', 1, 2, b)).toBe(1);
    expect(b.slice(0, 2)).toEqual([1, 2]);
  });
});

describe('readConll: a gold file', () => {
  const path = fixture('gold.conll');
  const { segments, summary } = gold(path);

  it('makes one segment per sentence, skipping runs of blank lines and -DOCSTART- lines', () => {
    expect(segments.map((s) => s.tokens)).toEqual([
      ['Ilse', 'Marrow', 'sailed', 'to', 'Vantor', '.'],
      ['Brightwater', 'Mills', 'closed'],
      ['Quen', 'spoke'],
    ]);
    expect(summary.segments).toBe(3);
  });

  it('flags the sentence after each -DOCSTART- with docBreak', () => {
    expect(segments.map((s) => s.docBreak)).toEqual([true, undefined, true]);
  });

  it('gives each segment the line of its first token, its source, and tokenPerLine', () => {
    expect(segments.map((s) => s.line)).toEqual([3, 12, 17]);
    expect(segments.every((s) => s.source === path && s.tokenPerLine === true)).toBe(true);
  });

  it('decodes the gold tags in column 2, each span on the line of its first token', () => {
    expect(quads(segments[0].spans)).toEqual([[0, 2, 'PER', 3], [4, 5, 'LOC', 7]]);
    expect(quads(segments[1].spans)).toEqual([[0, 2, 'ORG', 12]]);
    expect(quads(segments[2].spans)).toEqual([[0, 1, 'PER', 17]]);
  });

  it('has no embedded gold and detects the scheme', () => {
    expect(segments.every((s) => s.embeddedGold === undefined)).toBe(true);
    expect(summary.hasEmbeddedGold).toBe(false);
    expect(summary.scheme).toBe('iob2');
    expect(summary.warnings).toEqual([]);
  });

  it('does not count the columns of -DOCSTART- lines', () => {
    // The -DOCSTART- lines have 3 fields and the token lines 2: no column error.
    expect(segments).toHaveLength(3);
  });
});

describe('readConll: separators and line ends', () => {
  it('accepts tabs, spaces and mixed runs; a whitespace-only line breaks; no final newline', () => {
    const { segments } = gold(fixture('mixed.conll'));
    expect(segments.map((s) => s.tokens)).toEqual([['Ossa', 'Ridge', 'Fenn'], ['noon', 'Orla']]);
    expect(segments.map((s) => s.line)).toEqual([1, 5]);
    expect(quads(segments[0].spans)).toEqual([[0, 2, 'LOC', 1], [2, 3, 'PER', 3]]);
    expect(quads(segments[1].spans)).toEqual([[1, 2, 'PER', 6]]);
  });

  it('reads CRLF and a BOM like LF', () => {
    const lf = 'Ada B-PER\nKorr I-PER\n\nin O\nDelft B-LOC\n';
    const crlf = temp(`\uFEFF${lf.replace(/\n/g, '\r\n')}`);
    const a = gold(temp(lf)).segments;
    const b = gold(crlf).segments;
    expect(b.map((s) => [s.tokens, s.line, quads(s.spans)])).toEqual(a.map((s) => [s.tokens, s.line, quads(s.spans)]));
    expect(b[0].tokens![0]).toBe('Ada');
    expect(b[1].tokens).toEqual(['in', 'Delft']);
  });

  it('reads a trailing sentence without a final newline, and trailing blank lines', () => {
    expect(gold(temp('a O\nb B-PER')).segments.map((s) => s.tokens)).toEqual([['a', 'b']]);
    expect(gold(temp('a O\n\n\n\n')).summary.segments).toBe(1);
  });

  it('breaks a document at -DOCSTART- even without a blank line before it', () => {
    const { segments } = gold(temp('a B-PER\n-DOCSTART-\nb B-PER\n'));
    expect(segments.map((s) => [s.tokens, s.docBreak, s.line])).toEqual([[['a'], undefined, 1], [['b'], true, 3]]);
  });

  it('keeps one docBreak for repeated -DOCSTART- lines and empty documents', () => {
    const { segments } = gold(temp('-DOCSTART- O\n\n-DOCSTART- O\n\nx O\n'));
    expect(segments.map((s) => s.docBreak)).toEqual([true]);
  });

  it('reads an empty file or one with only blank lines as no segments', () => {
    expect(gold(temp('')).summary.segments).toBe(0);
    expect(gold(temp('\n \n\t\n')).segments).toEqual([]);
  });
});

describe('readConll: system files', () => {
  it('reads conlleval style token gold pred: spans from the last column, embedded gold from column 2', () => {
    const path = fixture('conlleval.conll');
    const { segments, summary } = read(path);
    expect(segments.map((s) => s.line)).toEqual([3, 10, 15]);
    expect(segments.map((s) => s.docBreak)).toEqual([true, undefined, true]);
    expect(quads(segments[0].spans)).toEqual([[0, 1, 'PER', 3], [4, 5, 'ORG', 7]]);
    expect(quads(segments[0].embeddedGold)).toEqual([[0, 2, 'PER', 3], [4, 5, 'LOC', 7]]);
    expect(quads(segments[1].spans)).toEqual([[0, 2, 'ORG', 10], [2, 3, 'MISC', 12]]);
    expect(quads(segments[1].embeddedGold)).toEqual([[0, 2, 'ORG', 10]]);
    expect(quads(segments[2].spans)).toEqual([[0, 1, 'PER', 15]]);
    expect(quads(segments[2].embeddedGold)).toEqual([[0, 1, 'PER', 15]]);
    expect(summary.hasEmbeddedGold).toBe(true);
    // I-MISC after I-ORG opens a chunk, but B- tags open chunks after O too: IOB2 with an error.
    expect(summary.scheme).toBe('iob2');
  });

  it('reads a 2-column system file without embedded gold', () => {
    const { segments, summary } = read(fixture('two-column.conll'));
    expect(quads(segments[0].spans)).toEqual([[0, 2, 'PER', 1]]);
    expect(quads(segments[1].spans)).toEqual([[0, 1, 'PER', 5]]);
    expect(segments.every((s) => s.embeddedGold === undefined)).toBe(true);
    expect(summary.hasEmbeddedGold).toBe(false);
  });

  it('reads a 3-column file as gold from column 2 only, with no embedded gold', () => {
    const { segments, summary } = gold(fixture('conlleval.conll'));
    expect(quads(segments[0].spans)).toEqual([[0, 2, 'PER', 3], [4, 5, 'LOC', 7]]);
    expect(segments[0].embeddedGold).toBeUndefined();
    expect(summary.hasEmbeddedGold).toBe(false);
  });

  it('takes the gold column from goldColumn, for gold and for embedded gold', () => {
    const path = fixture('conlleval.conll');
    const g = gold(path, { goldColumn: 3 }).segments;
    expect(quads(g[0].spans)).toEqual([[0, 1, 'PER', 3], [4, 5, 'ORG', 7]]);
    // predColumn 2 and goldColumn 3: the columns swap roles.
    const s = read(path, { predColumn: 2, goldColumn: 3 }).segments;
    expect(quads(s[0].spans)).toEqual([[0, 2, 'PER', 3], [4, 5, 'LOC', 7]]);
    expect(quads(s[0].embeddedGold)).toEqual([[0, 1, 'PER', 3], [4, 5, 'ORG', 7]]);
  });

  it('reads no embedded gold when the gold column is the prediction column', () => {
    const { segments, summary } = read(fixture('conlleval.conll'), { predColumn: 2 });
    expect(quads(segments[0].spans)).toEqual([[0, 2, 'PER', 3], [4, 5, 'LOC', 7]]);
    expect(segments[0].embeddedGold).toBeUndefined();
    expect(summary.hasEmbeddedGold).toBe(false);
  });

  it('reads 4-column files with the columns given', () => {
    const path = fixture('four-column.conll');
    const s = read(path, { goldColumn: 3 });
    expect(quads(s.segments[0].spans)).toEqual([[0, 1, 'ORG', 1], [1, 2, 'LOC', 2], [3, 4, 'PER', 4]]);
    expect(quads(s.segments[0].embeddedGold)).toEqual([[0, 2, 'ORG', 1], [3, 4, 'PER', 4]]);
    const g = gold(path, { goldColumn: 3 });
    expect(quads(g.segments[0].spans)).toEqual([[0, 2, 'ORG', 1], [3, 4, 'PER', 4]]);
    expect(g.segments[0].embeddedGold).toBeUndefined();
    const swapped = read(path, { predColumn: 3, goldColumn: 4 });
    expect(quads(swapped.segments[0].spans)).toEqual([[0, 2, 'ORG', 1], [3, 4, 'PER', 4]]);
    expect(quads(swapped.segments[0].embeddedGold)).toEqual([[0, 1, 'ORG', 1], [1, 2, 'LOC', 2], [3, 4, 'PER', 4]]);
  });

  it('reads the column before the prediction of a 4-column system file as embedded gold by default, as conlleval does', () => {
    const path = fixture('four-column.conll');
    const s = read(path);
    expect(quads(s.segments[0].spans)).toEqual([[0, 1, 'ORG', 1], [1, 2, 'LOC', 2], [3, 4, 'PER', 4]]);
    expect(quads(s.segments[0].embeddedGold)).toEqual([[0, 2, 'ORG', 1], [3, 4, 'PER', 4]]);
  });

  it('names the tag columns when an explicit column holds something else', () => {
    const path = fixture('four-column.conll');
    expect(inputError(() => read(path, { goldColumn: 2 })).message).toBe(
      `${path}:1: tag "NNP" is not a chunk tag (expected O, or B-, I-, E-, S-, L- or U- followed by a type); `
      + 'tags were read from column 2 (gold) and 4 (prediction) (choose with goldColumn, predColumn)',
    );
  });

  it('says that column 2 of a 3-column system file is its own gold, when that column holds no tags (token POS prediction)', () => {
    const path = temp('Ilse NNP B-PER\nMarrow NNP I-PER\nsailed VBD O\n\n');
    expect(inputError(() => read(path)).message).toBe(
      `${path}:1: tag "NNP" is not a chunk tag (expected O, or B-, I-, E-, S-, L- or U- followed by a type); `
      + 'tags were read from column 2 (gold) and 3 (prediction) (choose with goldColumn, predColumn); '
      + 'column 2 of three is read as the file\'s own gold tags, as conlleval reads token gold prediction: if it holds something else (POS tags?), keep only columns 1 and 3 (the token and the prediction)',
    );
    // A bad tag in the prediction column is the prediction's: no such word.
    expect(inputError(() => read(temp('Ilse B-PER NNP\n\n'))).message).not.toContain('own gold');
  });

  it('says a first line of column names (token label, as a TSV export writes) looks like a header', () => {
    const path = temp('\ntoken\tlabel\nIlse\tB-PER\n\n');
    expect(inputError(() => read(path)).message).toBe(
      `${path}:2: tag "label" is not a chunk tag (expected O, or B-, I-, E-, S-, L- or U- followed by a type); `
      + 'tags were read from column 2 (choose with goldColumn, predColumn); line 2, the first token line, looks like a header of column names, which CoNLL files do not have: remove it',
    );
    expect(inputError(() => gold(temp('Word NER\nIlse B-PER\n\n'))).message).toContain('line 1, the first token line, looks like a header');
    // The same word on a later line is a bad tag, not a header.
    expect(inputError(() => read(temp('Ilse B-PER\ntoken label\n\n'))).message).not.toContain('header');
  });

  it('says a line read as the token "#" with a bad tag may be a comment line', () => {
    const hint = (line: number, tag: string) => `line ${line} reads as the token "#" tagged "${tag}": if it is a comment line, remove such lines (grep -v '^#'), as CoNLL files here have none`;
    const text = 'Ilse B-PER\nsailed O\n\n# tweet\nParis B-LOC\n\n';
    const path = temp(text);
    expect(inputError(() => gold(path)).message).toBe(
      `${path}:4: tag "tweet" is not a chunk tag (expected O, or B-, I-, E-, S-, L- or U- followed by a type); `
      + `tags were read from column 2 (choose with goldColumn, predColumn); ${hint(4, 'tweet')}`,
    );
    // Tokens written to a store (as a loaded gold's are), or kept by a system file.
    expect(inputError(() => gold(path, { tokenStore: new TokenStore() })).message).toContain(hint(4, 'tweet'));
    expect(inputError(() => read(path)).message).toContain(hint(4, 'tweet'));
    // Within a sentence, and in the gold column of a 3-column file.
    expect(inputError(() => read(temp('Ilse B-PER\n# note\n\n'))).message).toContain(hint(2, 'note'));
    expect(inputError(() => read(temp('Ilse B-PER B-PER\n\n# id 5\nParis B-LOC B-LOC\n\n'))).message).toContain(hint(3, '5'));
    // A bad tag of any other token is not called a comment.
    expect(inputError(() => read(temp('Ilse B-PER\n#hashtag tweet\n\n'))).message).not.toContain('comment');
  });
});

describe('readConll: plain lines read in one loop', () => {
  it('reads a system file of single-space lines as one of tab-separated lines, odd lines among them', () => {
    const labels = ['PER', 'ORG', 'LOC'];
    const lines: string[] = ['-DOCSTART- -X- O O', ''];
    for (let k = 0; k < 400; k++) {
      const tag = (j: number) => (j % 5 === 1 ? `B-${labels[k % 3]}` : j % 5 === 2 ? `I-${labels[k % 3]}` : 'O');
      for (let j = 0; j < 3 + (k % 6); j++) {
        const gold = tag(j);
        const pred = (k + j) % 7 === 0 ? 'O' : gold;
        // Now and then a line the loop leaves to the line-by-line reader: spaces doubled or trailing.
        lines.push(k % 11 === 0 && j === 1 ? `w${k}  NN ${gold} ${pred}` : k % 13 === 0 && j === 0 ? `w${k} NN ${gold} ${pred} ` : `w${(k * 7 + j) % 50}é NN ${gold} ${pred}`);
      }
      lines.push(k % 17 === 0 ? '-DOCSTART- -X- O O' : '');
      if (k % 17 === 0) lines.push('');
    }
    const text = lines.join('\n');
    const tabs = text.replace(/ /g, '\t');
    for (const store of [false, true]) {
      const opts = () => (store ? { tokenStore: new TokenStore() } : {});
      const a = read(temp(text), opts());
      const b = read(temp(tabs), opts());
      const view = (r: ReturnType<typeof read>) => r.segments.map((g) => ({ ...g, source: '', spans: quads(g.spans), embeddedGold: quads(g.embeddedGold) }));
      expect(a.segments.length).toBe(b.segments.length);
      expect(view(a)).toEqual(view(b));
      expect({ ...a.summary }).toEqual({ ...b.summary });
    }
  });
});

describe('readConll: errors', () => {
  it('rejects a line whose column count differs from the first token line', () => {
    const path = temp('Ilse B-PER B-PER\nMarrow I-PER I-PER\n\nsailed O\n');
    const err = inputError(() => read(path));
    expect(err.message).toBe(`${path}:4: expected 3 columns as on line 1, found 2 (columns are separated by spaces or tabs, so a token cannot hold one)`);
    expect(err.line).toBe(4);
  });

  it('names a no-break or other Unicode space on a line of the wrong column count: it looks like a separator and is not one', () => {
    for (const [space, what] of [['\u00a0', 'a no-break space (\\u00a0)'], ['\u202f', 'a no-break space (\\u202f)'], ['\u2009', 'a Unicode space (\\u2009)'], ['\u3000', 'a Unicode space (\\u3000)']]) {
      const path = temp(`Ilse B-PER B-PER\nMarrow I-PER I-PER\n\nsailed${space}O O\n`);
      expect(inputError(() => read(path)).message).toBe(`${path}:4: expected 3 columns as on line 1, found 2 (columns are separated by spaces or tabs, so a token cannot hold one; `
        + `the line holds ${what}, which separates no columns)`);
    }
    // On the first token line too, where the whole file often has them (pasted from a web page): gold and system.
    const first = temp('Ilse\u00a0B-PER\nMarrow\u00a0I-PER\n\n');
    expect(inputError(() => read(first)).message).toBe(`${first}:1: expected at least 2 columns (the token and the predicted tag), found 1 (the line holds a no-break space (\\u00a0), which separates no columns)`);
    expect(inputError(() => gold(first)).message).toBe(`${first}:1: expected at least 2 columns (the token, and the gold tag in column 2), found 1 (the line holds a no-break space (\\u00a0), which separates no columns)`);
    // A plain one-column line says nothing more.
    const plain = temp('Ilse\nMarrow\n\n');
    expect(inputError(() => read(plain)).message).toBe(`${plain}:1: expected at least 2 columns (the token and the predicted tag), found 1`);
    // Within a token on a line of the right count, such a space is the token's own.
    expect(read(temp('Ilse B-PER B-PER\nMar\u00a0row I-PER I-PER\n\n')).segments).toHaveLength(1);
  });

  it('names a comment line (# …, as CoNLL-U and some NER corpora have) that breaks the column count, first or later', () => {
    const said = (n: number) => `; line ${n} starts with "#", as a comment line does (CoNLL-U's # text = …): CoNLL files here have none, so remove such lines (grep -v '^#'))`;
    const first = temp('# id 7\tdomain=en\nIlse B-PER\nMarrow I-PER\n\n');
    expect(inputError(() => read(first)).message).toBe(`${first}:2: expected 4 columns as on line 1, found 2 (or line 1, the first token line, is the odd one; columns are separated by spaces or tabs, so a token cannot hold one${said(1)}`);
    const later = temp('Ilse B-PER\nMarrow I-PER\n\n# text = Ilse sang\nsang O\n\n');
    expect(inputError(() => gold(later)).message).toBe(`${later}:4: expected 2 columns as on line 1, found 5 (columns are separated by spaces or tabs, so a token cannot hold one${said(4)}`);
    // A "#" token on a line of the right count is a token.
    expect(read(temp('# O\nIlse B-PER\n\n')).segments).toHaveLength(1);
  });

  it('says when the wrong line is the last and has no line end: the file may be cut inside it', () => {
    const cut = temp('Ilse B-PER B-PER\nMarrow I-PER I-PER\n\nsailed O O\nsou');
    const err = inputError(() => read(cut));
    expect(err.message).toBe(`${cut}:5: expected 3 columns as on line 1, found 1 (columns are separated by spaces or tabs, so a token cannot hold one); `
      + 'the file ends inside this line, without a line end (is it cut short?)');
    expect(err.line).toBe(5);
    // The same line with its line end, or a right last line without one: no such guess.
    expect(inputError(() => read(temp('Ilse B-PER B-PER\nMarrow I-PER I-PER\n\nsailed O O\nsou\n'))).message).not.toContain('cut short');
    expect(read(temp('Ilse B-PER B-PER\nMarrow I-PER I-PER\n\nsailed O O')).segments).toHaveLength(2);
  });

  it('counts from the first token line, after -DOCSTART- and blank lines', () => {
    const path = temp('-DOCSTART- -X- O\n\nIlse B-PER\nMarrow I-PER extra\n');
    // Right after the first token line, that line may be the odd one: the message says so.
    expect(inputError(() => gold(path)).message).toBe(`${path}:4: expected 2 columns as on line 3, found 3 (or line 3, the first token line, is the odd one; columns are separated by spaces or tabs, so a token cannot hold one)`);
  });

  it('rejects too few columns for a gold file', () => {
    const path = temp('\nIlse\nMarrow\n');
    expect(inputError(() => gold(path)).message).toBe(
      `${path}:2: expected at least 2 columns (the token, and the gold tag in column 2), found 1`,
    );
    const p3 = temp('Ilse B-PER\n');
    expect(inputError(() => gold(p3, { goldColumn: 3 })).message).toBe(
      `${p3}:1: expected at least 3 columns (the token, and the gold tag in column 3), found 2`,
    );
  });

  it('rejects too few columns for a system file', () => {
    const path = temp('Ilse\n');
    expect(inputError(() => read(path)).message).toBe(
      `${path}:1: expected at least 2 columns (the token and the predicted tag), found 1`,
    );
    const p4 = temp('Ilse B-PER B-PER\n');
    expect(inputError(() => read(p4, { predColumn: 4 })).message).toBe(
      `${p4}:1: expected at least 4 columns (the token and the predicted tag), found 3`,
    );
  });

  it('names the line of a tag that is not a chunk tag', () => {
    const path = temp('a O\nb O\n\nc O\nd PERSON\n');
    expect(inputError(() => gold(path)).message).toBe(
      `${path}:5: tag "PERSON" is not a chunk tag (expected O, or B-, I-, E-, S-, L- or U- followed by a type); `
      + 'tags were read from column 2 (choose with goldColumn, predColumn)',
    );
  });

  it('names the line of a bad embedded gold tag', () => {
    const path = temp('a O O\nb B-PER GOLD\n');
    expect(inputError(() => read(path, { goldColumn: 3, predColumn: 2 })).line).toBe(2);
  });

  it('names a missing file', () => {
    const path = join(dir, 'absent.conll');
    expect(inputError(() => gold(path)).message).toBe(`${path}: no such file or directory`);
  });
});

describe('readConll: strict schemes', () => {
  it('validates against a declared scheme, naming the line', () => {
    const path = temp('a B-PER\nb I-PER\n\nc O\nd I-LOC\n');
    expect(inputError(() => gold(path, { scheme: 'iob2', strictScheme: true })).message).toBe(
      `${path}:5: invalid IOB2 transition: "O" then "I-LOC" (I- must continue a chunk of the same type)`,
    );
    // Without strict the same file is chunked as conlleval does.
    expect(quads(gold(path, { scheme: 'iob2' }).segments[1].spans)).toEqual([[1, 2, 'LOC', 5]]);
  });

  it('detects the scheme first when strict with auto, then validates against it', () => {
    // IOBES (S- seen); the B-PER on line 5 is never closed.
    const path = temp('a S-LOC\nb O\n\nc O\nd B-PER\ne O\n');
    expect(inputError(() => gold(path, { strictScheme: true })).message).toBe(
      `${path}:5: invalid IOBES transition: "B-PER" then "O" (a chunk must close with E- or S-)`,
    );
  });

  it('emits only the sentences before a strict error in a later sentence', () => {
    const path = temp('a S-LOC\n\nb B-PER\nc O\n');
    const seen: Segment[] = [];
    expect(() => readConll(path, { ...DEFAULT_READ_OPTIONS, role: 'gold', strictScheme: true }, (s) => seen.push(s))).toThrow(InputError);
    // The first pass detects silently; the second fails on sentence 2 after emitting sentence 1.
    expect(seen.map((s) => s.tokens)).toEqual([['a']]);
  });

  it('accepts valid files of every scheme under strict auto, reporting the scheme', () => {
    const files: Array<[string, string]> = [
      ['iob2', 'a B-PER\nb I-PER\nc B-PER\nd O\n'],
      ['iob1', 'a I-PER\nb B-PER\nc O\nd I-LOC\n'],
      ['ioe2', 'a E-PER\nb I-PER\nc E-PER\nd O\n'],
      ['ioe1', 'a I-PER\nb E-PER\nc I-PER\nd O\n'],
      ['iobes', 'a S-PER\nb B-PER\nc E-PER\nd O\n'],
      ['bilou', 'a U-PER\nb B-PER\nc L-PER\nd O\n'],
      ['io', 'a I-PER\nb I-PER\nc O\nd I-LOC\n'],
    ];
    for (const [scheme, content] of files) {
      const { segments, summary } = gold(temp(content), { strictScheme: true });
      expect(summary.scheme, scheme).toBe(scheme);
      expect(segments).toHaveLength(1);
    }
  });

  it('decodes S- then B- of one type as two chunks', () => {
    const { segments } = gold(temp('a S-PER\nb B-PER\nc E-PER\n'), { strictScheme: true });
    expect(quads(segments[0].spans)).toEqual([[0, 1, 'PER', 1], [1, 3, 'PER', 2]]);
  });

  it('validates the embedded gold against its own detected scheme', () => {
    // Predictions in IOB2, embedded gold in IOBES: both valid under their own scheme.
    const ok = temp('a S-PER B-PER\nb O O\nc B-LOC B-LOC\nd E-LOC I-LOC\n');
    const { segments, summary } = read(ok, { strictScheme: true });
    expect(summary.scheme).toBe('iob2');
    expect(quads(segments[0].embeddedGold)).toEqual([[0, 1, 'PER', 1], [2, 4, 'LOC', 3]]);
    // The embedded IOBES gold leaves a chunk open on line 3.
    const bad = temp('a S-PER B-PER\nb O O\nc B-LOC B-LOC\nd O O\n');
    expect(inputError(() => read(bad, { strictScheme: true })).message).toBe(
      `${bad}:3: invalid IOBES transition: "B-LOC" then "O" (a chunk must close with E- or S-)`,
    );
  });

  it('validates the embedded gold against a declared scheme too', () => {
    const path = temp('a B-PER B-PER\nb I-PER I-PER\n\nc O O\nd I-PER B-PER\n');
    expect(inputError(() => read(path, { scheme: 'iob2', strictScheme: true })).message).toBe(
      `${path}:5: invalid IOB2 transition: "O" then "I-PER" (I- must continue a chunk of the same type)`,
    );
  });
});

describe('readConll: carriage returns', () => {
  const CHUNK = 1 << 22;

  it('rejects a carriage return inside a line (CR-only line ends), naming line and column', () => {
    const path = temp('Ada B-PER\r\nQuell I-PER\r\n\r\nOslo B-LOC\rwas O\r\n');
    expect(inputError(() => gold(path)).message).toBe(
      `${path}:4: carriage return inside the line at column 11: CoNLL lines end with LF or CRLF (convert CR-only line ends to LF)`,
    );
    expect(inputError(() => gold(temp('a O\r\rb O\r'))).line).toBe(1);
  });

  it('accepts CRLF whose CR ends one chunk and LF starts the next, and a last line ending in CR', () => {
    // Lines of 11 bytes ("tNNNNNN O\r\n", the CR at offset 9) after a first line of P bytes whose
    // length puts a CR at byte CHUNK - 1.
    const line = (k: number) => `t${String(k).padStart(6, '0')} O\r\n`;
    const n = Math.ceil(CHUNK / 11) + 2;
    const p = ((CHUNK - 10) % 11) + 11;
    let text = `${'x'.repeat(p - 4)} O\r\n`;
    for (let k = 0; k < n; k++) text += line(k);
    expect(text.charCodeAt(CHUNK - 1)).toBe(13);
    expect(text.charCodeAt(CHUNK)).toBe(10);
    const { segments } = gold(temp(`${text}last O\r`));
    expect(segments[0].tokens).toHaveLength(n + 2);
  });
});

describe('a sentence without end', () => {
  it('stops at the limit of tokens a sentence may hold, naming the line it starts on, for a gold and a system file', () => {
    const saved = conllInternals.maxSentenceTokens;
    conllInternals.maxSentenceTokens = 1000;
    try {
      const ok = temp('-DOCSTART- O\n\n' + 'tok O\n'.repeat(1000));
      expect(gold(ok).segments[0].tags).toHaveLength(1000);
      const endless = temp('-DOCSTART- O\n\n' + 'tok O\n'.repeat(1001));
      const message = ':3: the sentence that starts here has more than 1,000 tokens without a blank line: expected sentences separated by blank lines (is the input endless?)';
      expect(() => gold(endless)).toThrow(endless + message);
      expect(() => read(endless, { role: 'system' })).toThrow(endless + message);
      const tabs = temp('tok\tX\tO\n'.repeat(1001));
      expect(() => read(tabs, { role: 'system' })).toThrow(':1: the sentence that starts here has more than 1,000 tokens');
    } finally {
      conllInternals.maxSentenceTokens = saved;
    }
  });
});

describe('tokens and tags written to stores', () => {
  const files = {
    quick: '-DOCSTART- O\n\nRain O\nin O\nOslo B-LOC\n\nOk O\n',
    tabs: 'Rain\tO\nin\tO\nOslo\tB-LOC\n\nOk\tO\n',
    columns: 'Rain NN O\nin IN O\nOslo NNP B-LOC\n\nOk UH O\n',
  };
  for (const [layout, content] of Object.entries(files)) {
    it(`gives a gold file's segments storedTokens and no tokens or tags, the stores holding them in order (${layout})`, () => {
      const path = temp(content);
      const plain = gold(path, layout === 'columns' ? { goldColumn: 3 } : {});
      const tokenStore = new TokenStore();
      const tagStore = new TokenStore();
      const stored = gold(path, { tokenStore, tagStore, ...(layout === 'columns' ? { goldColumn: 3 } : {}) });
      expect(stored.segments.map((s) => [s.tokens, s.tags, s.storedTokens])).toEqual([[undefined, undefined, 3], [undefined, undefined, 1]]);
      expect(tokenStore.slice()).toEqual(plain.segments.flatMap((s) => s.tokens));
      expect(tagStore.slice()).toEqual(plain.segments.flatMap((s) => s.tags));
      expect(stored.segments.map((s) => quads(s.spans))).toEqual(plain.segments.map((s) => quads(s.spans)));
    });
  }

  it('writes a system file\'s tokens (the reference of a load without a gold file), never its tags', () => {
    const path = temp('Rain O O\nin O O\nOslo B-LOC B-PER\n');
    const tokenStore = new TokenStore();
    const tagStore = new TokenStore();
    const { segments } = read(path, { tokenStore, tagStore });
    expect(tokenStore.slice()).toEqual(['Rain', 'in', 'Oslo']);
    expect(tagStore.length).toBe(0);
    expect(segments[0].tags).toEqual(['O', 'O', 'B-PER']);
    expect(segments[0].goldTags).toEqual(['O', 'O', 'B-LOC']);
  });

  it('writes nothing in the first of two passes (a scheme detected before --invalid drop)', () => {
    const path = temp('Rain O\nin I-LOC\nOslo B-LOC\n');
    const tokenStore = new TokenStore();
    const tagStore = new TokenStore();
    gold(path, { tokenStore, tagStore, invalid: 'drop' });
    expect(tokenStore.slice()).toEqual(['Rain', 'in', 'Oslo']);
    expect(tagStore.slice()).toEqual(['O', 'I-LOC', 'B-LOC']);
  });
});
