/**
 * Fuzzing the readers (bad input never produces a stack trace).
 *
 * (a) Random bytes, and random text made of the pieces these formats are made of, as CoNLL,
 *     JSONL and BRAT inputs; (b) random mutations of valid files (byte flips, lines deleted,
 *     duplicated or swapped, truncation, inserted tabs, spaces, CR, BOM, NUL, bad bytes…). Both
 *     are loaded with `loadCorpus`, and a subset through the CLI: the only acceptable outcomes are
 *     success or an InputError / UsageError of one line (CLI: exit 1 or 2, one `complan:` line,
 *     nothing on standard output, no stack trace). Anything else is a bug; fast-check prints the
 *     failing input and the seed to replay it.
 * (c) Valid input is never rejected: random corpora (tokens without white space, including
 *     astral characters; spans in every tag scheme the readers know; with and without
 *     -DOCSTART-, BOM, CRLF, tabs; JSONL in each accepted shape; BRAT with discontinuous spans)
 *     load, and the spans read are the spans generated.
 */
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InputError, UsageError } from '../../src/errors.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, type LoadOptions } from '../../src/formats/load.js';
import type { InvalidTags, TagScheme } from '../../src/formats/segment.js';
import type { Corpus, Span } from '../../src/model/corpus.js';
import { runCli } from '../cli/helpers.js';

/**
 * Runs per property are tuned to keep this file near 5 s; COMPLAN_FUZZ_SCALE=20 (say) multiplies
 * them for a longer hunt.
 */
const SCALE = Math.max(1, Number(process.env.COMPLAN_FUZZ_SCALE ?? 1) || 1);
const runs = (n: number) => ({ numRuns: Math.round(n * SCALE) });

// ---------------------------------------------------------------------------------------------
// Files

const ROOT = mkdtempSync(join(tmpdir(), 'complan-fuzz-'));
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));
let serial = 0;

/** A fresh directory for one run. */
function freshDir(): string {
  const dir = join(ROOT, `r${serial++}`);
  mkdirSync(dir);
  return dir;
}

type Content = string | Uint8Array;
const bytes = (c: Content): Buffer => (typeof c === 'string' ? Buffer.from(c, 'utf8') : Buffer.from(c));

/** Writes `files` (relative path → content) under `dir`. */
function writeAll(dir: string, files: Record<string, Content>): void {
  for (const [name, content] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, bytes(content));
  }
}

// ---------------------------------------------------------------------------------------------
// Outcomes

function load(gold: string | undefined, systems: string[], opts: Partial<LoadOptions> = {}): Corpus {
  return loadCorpus({ ...DEFAULT_LOAD_OPTIONS, ...opts, gold, systems: systems.map((path, k) => ({ path, name: `s${k}` })) });
}

/**
 * Loads, accepting success or a clean InputError / UsageError (one line, a message, a file
 * named when it is an input error about a file); rethrows anything else, failing the property.
 */
function loadCleanly(gold: string | undefined, systems: string[], opts: Partial<LoadOptions> = {}): Corpus | InputError | UsageError {
  try {
    return load(gold, systems, opts);
  } catch (err) {
    if (!(err instanceof InputError) && !(err instanceof UsageError)) throw err;
    expect(err.message.length).toBeGreaterThan(0);
    expect(err.message, 'one line').not.toMatch(/[\n\r\u2028\u2029]/);
    if (err instanceof InputError && err.line !== undefined) {
      expect(err.file, 'a line comes with a file').toBeDefined();
      expect(Number.isInteger(err.line) && err.line >= 1, `line ${err.line}`).toBe(true);
    }
    return err;
  }
}

/**
 * Runs the CLI: exit 0, or 1/2 with one clean `complan:` error line (after the readers' warnings,
 * if any, each a `complan: warning:` line) and nothing on stdout.
 */
async function cliCleanly(args: string[]): Promise<number> {
  const r = await runCli(args);
  expect([0, 1, 2], r.stderr).toContain(r.code);
  expect(r.stderr).not.toMatch(/^\s+at /m);
  expect(r.stderr).not.toMatch(/internal error/);
  if (r.code !== 0) {
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^(?:complan: warning: [^\n]+\n)*complan: (?!warning: )[^\n]+\n$/);
  }
  return r.code;
}

// ---------------------------------------------------------------------------------------------
// Valid corpora

const TYPES = ['PER', 'LOC', 'ORG', 'MISC', 'DATE-TIME'];
/** Characters of tokens: no white space; accents, CJK, an astral emoji, JSON and CoNLL punctuation. */
const CHARS = ['a', 'b', 'Z', 'q', 'é', 'ß', '中', '😀', '-', '.', ',', '"', "'", '{', '}', '[', '\\', '0', '7', '_', 'O', 'B', 'I', '#', '%'];
const tokenArb = fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 5 }).map((cs) => cs.join(''));

type Scheme = Exclude<TagScheme, 'auto'>;
const SCHEMES: Scheme[] = ['iob1', 'iob2', 'ioe1', 'ioe2', 'iobes', 'bilou', 'io'];

/** A span relative to its sentence, in tokens; fragments likewise. */
interface GenSpan {
  start: number;
  end: number;
  label: string;
  fragments?: Array<[number, number]>;
}

interface GenSentence {
  tokens: string[];
  /** Non-overlapping chunks, which every format can hold. */
  chunks: GenSpan[];
  /** Further spans (overlapping, nested, discontinuous) for the formats that hold them. */
  extra: GenSpan[];
}

/** Documents of sentences. */
type GenCorpus = GenSentence[][];

const markArb = fc.record({ len: fc.constantFrom(0, 0, 1, 1, 2, 3), type: fc.nat({ max: TYPES.length - 1 }) });
const extraArb = fc.record({ a: fc.nat(), b: fc.nat(), type: fc.nat({ max: TYPES.length - 1 }), split: fc.boolean() });
const sentenceArb = fc.record({
  tokens: fc.array(tokenArb, { minLength: 1, maxLength: 7 }),
  marks: fc.array(markArb, { minLength: 1, maxLength: 7 }),
  extra: fc.array(extraArb, { maxLength: 3 }),
});

/** A random corpus; `noAdjacentSameType` for the IO scheme, which cannot separate such chunks. */
function corpusArb(noAdjacentSameType: fc.Arbitrary<boolean> = fc.constant(false)): fc.Arbitrary<GenCorpus> {
  return fc.record({ docs: fc.array(fc.array(sentenceArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }), io: noAdjacentSameType })
    .map(({ docs, io }) => docs.map((doc) => doc.map((s) => toSentence(s.tokens, s.marks, s.extra, io))));
}

function toSentence(
  tokens: string[], marks: Array<{ len: number; type: number }>, extra: Array<{ a: number; b: number; type: number; split: boolean }>, io: boolean,
): GenSentence {
  const n = tokens.length;
  const chunks: GenSpan[] = [];
  for (let i = 0, k = 0; i < n; k++) {
    const m = marks[k % marks.length];
    if (m.len === 0) {
      i++;
      continue;
    }
    const span = { start: i, end: Math.min(n, i + m.len), label: TYPES[m.type] };
    const prev = chunks[chunks.length - 1];
    if (!(io && prev !== undefined && prev.end === span.start && prev.label === span.label)) chunks.push(span);
    i = span.end;
  }
  const seen = new Set(chunks.map(key));
  const more: GenSpan[] = [];
  for (const x of extra) {
    const a = x.a % n;
    const b = x.b % n;
    const span: GenSpan = { start: Math.min(a, b), end: Math.max(a, b) + 1, label: TYPES[x.type] };
    // A discontinuous span: its first and last token.
    if (x.split && span.end - span.start >= 3) span.fragments = [[span.start, span.start + 1], [span.end - 1, span.end]];
    if (!seen.has(key(span))) {
      seen.add(key(span));
      more.push(span);
    }
  }
  return { tokens, chunks, extra: more };
}

const key = (s: GenSpan) => `${s.start}:${s.end}:${s.label}:${JSON.stringify(s.fragments ?? null)}`;

/** Tags of one sentence of `n` tokens holding `spans` (non-overlapping) in `scheme`. */
function encode(n: number, spans: readonly GenSpan[], scheme: Scheme): string[] {
  const tags = new Array<string>(n).fill('O');
  for (const s of spans) {
    const prevAdjacent = spans.some((p) => p.end === s.start && p.label === s.label);
    const nextAdjacent = spans.some((p) => p.start === s.end && p.label === s.label);
    for (let i = s.start; i < s.end; i++) {
      const first = i === s.start;
      const last = i === s.end - 1;
      let p: string;
      switch (scheme) {
        case 'iob2': p = first ? 'B' : 'I'; break;
        case 'iob1': p = first && prevAdjacent ? 'B' : 'I'; break;
        case 'ioe2': p = last ? 'E' : 'I'; break;
        case 'ioe1': p = last && nextAdjacent ? 'E' : 'I'; break;
        case 'iobes': p = first && last ? 'S' : first ? 'B' : last ? 'E' : 'I'; break;
        case 'bilou': p = first && last ? 'U' : first ? 'B' : last ? 'L' : 'I'; break;
        case 'io': p = 'I'; break;
      }
      tags[i] = `${p}-${s.label}`;
    }
  }
  return tags;
}

/** A span as compared: document, corpus offsets, label, fragments. */
const spanKey = (s: Span) => `${s.doc}:${s.start}:${s.end}:${s.label}:${JSON.stringify(s.fragments ?? null)}`;
const keys = (spans: readonly Span[]) => spans.map(spanKey).sort();

/** The spans of a token corpus in corpus coordinates; documents counted only when marked. */
function expectedTokenSpans(c: GenCorpus, which: (s: GenSentence) => GenSpan[], docsMarked: boolean): Span[] {
  const out: Span[] = [];
  let base = 0;
  c.forEach((doc, d) => {
    for (const s of doc) {
      for (const g of which(s)) {
        const span: Span = { doc: docsMarked ? d : 0, start: base + g.start, end: base + g.end, label: g.label };
        if (g.fragments !== undefined) span.fragments = g.fragments.map(([a, b]) => [base + a, base + b]);
        out.push(span);
      }
      base += s.tokens.length;
    }
  });
  return out;
}

const allTokens = (c: GenCorpus) => c.flat().flatMap((s) => s.tokens);

interface LineOptions {
  bom: boolean;
  crlf: boolean;
  /** Drop the line end of the last line. */
  noFinalEol: boolean;
}

const lineOptionsArb: fc.Arbitrary<LineOptions> = fc.record({ bom: fc.boolean(), crlf: fc.boolean(), noFinalEol: fc.boolean() });

function finish(lines: string[], o: LineOptions): string {
  const eol = o.crlf ? '\r\n' : '\n';
  let text = lines.join(eol) + eol;
  if (o.noFinalEol) text = text.replace(/(\r?\n)+$/, '');
  return (o.bom ? '\uFEFF' : '') + text;
}

interface ConllLayout extends LineOptions {
  scheme: Scheme;
  docstart: boolean;
  /** Separators between columns: seeds a choice among space, tab and runs of both. */
  sepSeed: number;
  /** Two blank lines between sentences instead of one. */
  doubleBlank: boolean;
  /** A conlleval-style system file: `token gold pred`, the gold in this scheme. */
  embedded?: Scheme;
  /** A gold file `token POS chunk tag` (read with --gold-column 4). */
  wide?: boolean;
}

/** A CoNLL file of the corpus's chunks. */
function conllFile(c: GenCorpus, o: ConllLayout): string {
  const seps = [' ', '\t', '  ', ' \t', '\t\t '];
  let seed = o.sepSeed;
  const sep = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seps[seed % seps.length];
  };
  const lines: string[] = [];
  for (const doc of c) {
    if (o.docstart) {
      lines.push(['-DOCSTART-', ...(o.wide ? ['-X-', '-X-'] : []), 'O', ...(o.embedded ? ['O'] : [])].join(' '), '');
    }
    for (const s of doc) {
      const tags = encode(s.tokens.length, s.chunks, o.scheme);
      const gold = o.embedded ? encode(s.tokens.length, s.chunks, o.embedded) : undefined;
      s.tokens.forEach((t, i) => {
        const cols = [t, ...(o.wide ? ['NN', 'I-NP'] : []), ...(gold ? [gold[i]] : []), tags[i]];
        lines.push(cols.join(sep()));
      });
      lines.push('');
      if (o.doubleBlank) lines.push('');
    }
  }
  return finish(lines, o);
}

const conllLayoutArb = (scheme: fc.Arbitrary<Scheme>): fc.Arbitrary<ConllLayout> =>
  fc.record({ scheme, docstart: fc.boolean(), sepSeed: fc.nat(), doubleBlank: fc.boolean() }).chain((l) => lineOptionsArb.map((o) => ({ ...l, ...o })));

// ---------------------------------------------------------------------------------------------
// JSONL

type Shape = 'triples' | 'objects' | 'entities' | 'ner' | 'ner_tags';

interface JsonlLayout extends LineOptions {
  /** Token offsets, or character offsets into `text`. */
  unit: 'tokens' | 'text';
  /** Shape of each record, cycled. */
  shapes: Shape[];
  /** The key of a span object's label, cycled. */
  labelKeys: Array<'label' | 'type' | 'tag'>;
  ids: boolean;
  docIds: boolean;
  /** Scheme of ner_tags records. */
  tagScheme: Scheme;
  /** Positions after which to put an empty record (no tokens, empty text); not with ids. */
  empties: number[];
  blankLines: boolean;
  /** Write records in this order (a permutation seed), only with ids. */
  shuffle: number;
}

const jsonlLayoutArb = (unit: fc.Arbitrary<'tokens' | 'text'>, tagScheme: fc.Arbitrary<Scheme>): fc.Arbitrary<JsonlLayout> =>
  fc.record({
    unit,
    shapes: fc.array(fc.constantFrom<Shape>('triples', 'objects', 'entities', 'ner', 'ner_tags'), { minLength: 1, maxLength: 4 }),
    labelKeys: fc.array(fc.constantFrom<'label' | 'type' | 'tag'>('label', 'type', 'tag'), { minLength: 1, maxLength: 3 }),
    ids: fc.boolean(),
    docIds: fc.boolean(),
    tagScheme,
    empties: fc.array(fc.nat({ max: 12 }), { maxLength: 2 }),
    blankLines: fc.boolean(),
    shuffle: fc.nat(),
  }).chain((l) => lineOptionsArb.map((o) => ({ ...l, ...o })));

/** Code-point and UTF-16 offsets of each token start (and the end) in tokens.join(' '). */
function offsets(tokens: string[]): { cp: number[]; units: number[]; text: string } {
  const cp: number[] = [];
  const units: number[] = [];
  let c = 0;
  let u = 0;
  tokens.forEach((t, i) => {
    if (i > 0) {
      c++;
      u++;
    }
    cp.push(c);
    units.push(u);
    c += [...t].length;
    u += t.length;
  });
  cp.push(c);
  units.push(u);
  return { cp, units, text: tokens.join(' ') };
}

/**
 * A JSONL file of the corpus, and the spans it holds (corpus coordinates; `doc` is the generated
 * document, which the corpus has only when the gold standard marks documents).
 */
function jsonlFile(c: GenCorpus, o: JsonlLayout): { text: string; spans: Span[] } {
  const records: string[] = [];
  const spans: Span[] = [];
  let base = 0;
  let k = 0;
  c.forEach((doc, d) => {
    for (const s of doc) {
      const shape = o.unit === 'text' && o.shapes[k % o.shapes.length] === 'ner_tags' ? 'triples' : o.shapes[k % o.shapes.length];
      const labelKey = o.labelKeys[k % o.labelKeys.length];
      const rec: Record<string, unknown> = {};
      if (o.ids) rec.id = `r${k}`;
      if (o.docIds) rec.doc_id = `d${d}`;
      const held = shape === 'ner_tags' ? s.chunks : [...s.chunks, ...s.extra];
      const off = offsets(s.tokens);
      // Offsets as written (tokens or code points) and as read (tokens or UTF-16 units).
      const [from, to]: [(i: number) => number, (i: number) => number] = o.unit === 'tokens'
        ? [(i) => i, (i) => i]
        : [(i) => off.cp[i], (i) => off.units[i]];
      // A span end is the end of its last token (not the start of the next, past a space).
      const endOf = (e: number, map: (i: number) => number) => (o.unit === 'tokens' ? e : map(e - 1) + (map === from ? [...s.tokens[e - 1]].length : s.tokens[e - 1].length));
      if (o.unit === 'tokens') rec.tokens = s.tokens;
      else rec.text = off.text;
      if (shape === 'ner_tags') {
        rec.ner_tags = encode(s.tokens.length, s.chunks, o.tagScheme);
      } else {
        const written = held.map((g) => {
          const start = from(g.start);
          const end = endOf(g.end, from);
          const fragments = g.fragments?.map(([a, b]) => [from(a), endOf(b, from)]);
          if (shape === 'triples' && fragments === undefined) return [start, end, g.label];
          return { start, end, [labelKey]: g.label, ...(fragments ? { fragments } : {}) };
        });
        rec[shape === 'entities' ? 'entities' : shape === 'ner' ? 'ner' : 'spans'] = written;
      }
      for (const g of held) {
        const span: Span = { doc: d, start: base + to(g.start), end: base + endOf(g.end, to), label: g.label };
        if (g.fragments !== undefined) span.fragments = g.fragments.map(([a, b]) => [base + to(a), base + endOf(b, to)]);
        spans.push(span);
      }
      records.push(JSON.stringify(rec));
      if (!o.ids && o.empties.includes(k)) records.push(JSON.stringify(o.unit === 'tokens' ? { tokens: [] } : { text: '' }));
      if (o.blankLines && k % 2 === 0) records.push('');
      base += o.unit === 'tokens' ? s.tokens.length : off.text.length;
      k++;
    }
  });
  if (o.ids && o.shuffle > 0) {
    // A permutation of the records (blank lines dropped): alignment is by id.
    const recs = records.filter((r) => r !== '');
    for (let i = recs.length - 1; i > 0; i--) {
      const j = (o.shuffle * (i + 7)) % (i + 1);
      [recs[i], recs[j]] = [recs[j], recs[i]];
    }
    return { text: finish(recs, o), spans };
  }
  return { text: finish(records, o), spans };
}

// ---------------------------------------------------------------------------------------------
// BRAT

interface BratLayout {
  bomTxt: boolean;
  bomAnn: boolean;
  crlfAnn: boolean;
  /** Sentences of a document joined by a line end (else a space). */
  newlines: boolean;
  crlfTxt: boolean;
  /** Lines of other annotation kinds, which are skipped. */
  others: boolean;
  /** A document with a .txt but no .ann. */
  bare: boolean;
}

const bratLayoutArb: fc.Arbitrary<BratLayout> = fc.record({
  bomTxt: fc.boolean(), bomAnn: fc.boolean(), crlfAnn: fc.boolean(), newlines: fc.boolean(), crlfTxt: fc.boolean(), others: fc.boolean(), bare: fc.boolean(),
});

/** A BRAT directory's files for the corpus (one document per generated document), and its spans. */
function bratFiles(c: GenCorpus, o: BratLayout): { files: Record<string, string>; spans: Span[] } {
  const files: Record<string, string> = {};
  const spans: Span[] = [];
  let base = 0;
  let index = 0;
  c.forEach((doc, d) => {
    const name = `doc${String(d).padStart(2, '0')}`;
    const join = o.newlines ? (o.crlfTxt ? '\r\n' : '\n') : ' ';
    const text = doc.map((s) => s.tokens.join(' ')).join(join);
    const lines: string[] = [];
    const bom = o.bomTxt ? 1 : 0;
    let cpAt = 0;
    let unitAt = 0;
    let t = 1;
    for (const s of doc) {
      const off = offsets(s.tokens);
      const cpEnd = (e: number) => off.cp[e - 1] + [...s.tokens[e - 1]].length;
      const unitEnd = (e: number) => off.units[e - 1] + s.tokens[e - 1].length;
      for (const g of [...s.chunks, ...s.extra]) {
        const parts: Array<[number, number]> = g.fragments ?? [[g.start, g.end]];
        const written = parts.map(([a, b]) => `${bom + cpAt + off.cp[a]} ${bom + cpAt + cpEnd(b)}`).join(';');
        const shown = parts.map(([a, b]) => s.tokens.slice(a, b).join(' ')).join(' ');
        lines.push(`T${t++}\t${g.label} ${written}\t${shown}`);
        if (o.others && t % 3 === 0) lines.push(`#${t}\tAnnotatorNotes T${t - 1}\tchecked`, `A${t}\tNegated T${t - 1}`);
        const span: Span = { doc: index, start: base + unitAt + off.units[g.start], end: base + unitAt + unitEnd(g.end), label: g.label };
        if (g.fragments !== undefined) span.fragments = g.fragments.map(([a, b]) => [base + unitAt + off.units[a], base + unitAt + unitEnd(b)]);
        spans.push(span);
      }
      cpAt += [...off.text].length + [...join].length;
      unitAt += off.text.length + join.length;
    }
    files[`${name}.txt`] = (o.bomTxt ? '\uFEFF' : '') + text;
    files[`${name}.ann`] = (o.bomAnn ? '\uFEFF' : '') + lines.map((l) => l + (o.crlfAnn ? '\r\n' : '\n')).join('');
    base += text.length;
    index++;
  });
  if (o.bare) {
    // Sorted after the others: a document without spans.
    files['zz-bare.txt'] = 'Nothing annotated here.';
  }
  return { files, spans };
}

// ---------------------------------------------------------------------------------------------
// Mutations

const INSERTS: Content[] = [
  '\t', ' ', '  ', '\r', '\r\n', '\n', '\n\n', '\uFEFF', '\0', '-DOCSTART- O\n', '"', '{', '}', '[', ']', ',', ':', 'B-', 'I-', 'E-', 'S-', 'X-',
  '-', '0', '-1', '99999999999', '1e400', 'null', 'é', '😀', '\u2028', new Uint8Array([0xff]), new Uint8Array([0xc3]), new Uint8Array([0xe2, 0x82]),
  '\t\t', 'T9\tPER 0 1\tx\n', '{"tokens": []}\n', ';', '\\',
];

type Mutation =
  | { kind: 'flip'; at: number; xor: number }
  | { kind: 'delete-line' | 'duplicate-line' | 'truncate'; at: number }
  | { kind: 'swap-lines'; at: number; other: number }
  | { kind: 'insert'; at: number; what: Content };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), at: fc.nat(), xor: fc.integer({ min: 1, max: 255 }) }),
  fc.record({ kind: fc.constantFrom('delete-line' as const, 'duplicate-line' as const, 'truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('swap-lines' as const), at: fc.nat(), other: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), what: fc.constantFrom(...INSERTS) }),
);

/** The lines of `buf`, each with its line end. */
function splitLines(buf: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  for (let i = 0; i < buf.length; i++) {
    if (buf[i] === 10) {
      out.push(buf.subarray(start, i + 1));
      start = i + 1;
    }
  }
  if (start < buf.length) out.push(buf.subarray(start));
  return out;
}

function mutate(content: Content, mutations: readonly Mutation[]): Buffer {
  let buf = bytes(content);
  for (const m of mutations) {
    const lines = splitLines(buf);
    switch (m.kind) {
      case 'flip': {
        if (buf.length === 0) break;
        buf = Buffer.from(buf);
        buf[m.at % buf.length] ^= m.xor;
        break;
      }
      case 'truncate':
        buf = buf.subarray(0, m.at % (buf.length + 1));
        break;
      case 'insert': {
        const at = m.at % (buf.length + 1);
        buf = Buffer.concat([buf.subarray(0, at), bytes(m.what), buf.subarray(at)]);
        break;
      }
      case 'delete-line':
        if (lines.length > 0) lines.splice(m.at % lines.length, 1);
        buf = Buffer.concat(lines);
        break;
      case 'duplicate-line':
        if (lines.length > 0) {
          const k = m.at % lines.length;
          lines.splice(k, 0, lines[k]);
        }
        buf = Buffer.concat(lines);
        break;
      case 'swap-lines':
        if (lines.length > 1) {
          const a = m.at % lines.length;
          const b = m.other % lines.length;
          [lines[a], lines[b]] = [lines[b], lines[a]];
        }
        buf = Buffer.concat(lines);
        break;
    }
  }
  return buf;
}

const mutationsArb = fc.array(mutationArb, { minLength: 1, maxLength: 4 });

const loadOptionsArb: fc.Arbitrary<Partial<LoadOptions>> = fc.record({
  scheme: fc.constantFrom<TagScheme>('auto', 'auto', 'iob2', 'iobes', 'iob1', 'io'),
  strictScheme: fc.boolean(),
  invalid: fc.constantFrom<InvalidTags>('repair', 'drop', 'reject'),
});

/** Pieces of the three formats, for random text that is almost an input. */
const PIECES = [
  'Zorbo', 'Klant', '.', 'O', 'B-PER', 'I-PER', 'E-LOC', 'S-ORG', 'X-Y', 'B-', '-DOCSTART-', ' ', ' ', '\t', '\n', '\n', '\r\n', '\r', '\uFEFF', '\0',
  '{', '}', '[', ']', '"', ':', ',', '"tokens"', '"text"', '"spans"', '"entities"', '"ner_tags"', '"id"', '"label"', '"start"', '"end"', '0', '1', '2',
  '-3', '1.5', 'null', 'true', 'T1', 'PER', ';', '#', 'R1', 'é', '😀',
];
const noiseArb = fc.oneof(
  fc.uint8Array({ maxLength: 200 }),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((p) => p.join('')),
);

// ---------------------------------------------------------------------------------------------
// (a) random bytes and noise, (b) mutations: only success or a clean error

const GOLD_CONLL = 'Zorbo B-PER\nKlant I-PER\nwent O\n\nQuoll B-ORG\n. O\n';
const GOLD_JSONL = '{"tokens": ["Zorbo", "Klant", "went"], "spans": [[0, 2, "PER"]]}\n{"tokens": ["Quoll", "."], "spans": [[0, 1, "ORG"]]}\n';
const GOLD_BRAT = { 'd1.txt': 'Zorbo Klant went to Velmar.', 'd1.ann': 'T1\tPER 0 11\tZorbo Klant\nT2\tLOC 20 26\tVelmar\n' };

describe('fuzz (a): random bytes and near-input noise are read or rejected cleanly', () => {
  it('as CoNLL and JSONL, system or gold', () => {
    fc.assert(fc.property(noiseArb, fc.constantFrom('conll', 'jsonl'), fc.boolean(), loadOptionsArb, (noise, ext, asGold, opts) => {
      const dir = freshDir();
      const clean = ext === 'conll' ? GOLD_CONLL : GOLD_JSONL;
      writeAll(dir, { [`clean.${ext}`]: clean, [`noise.${ext}`]: noise });
      const [gold, sys] = asGold ? ['noise', 'clean'] : ['clean', 'noise'];
      loadCleanly(join(dir, `${gold}.${ext}`), [join(dir, `${sys}.${ext}`)], opts);
      // Without --gold, the noise is the reference (embedded gold) or a usage error.
      loadCleanly(undefined, [join(dir, `noise.${ext}`)], opts);
    }), runs(300));
  });

  it('as a file of unknown extension (format sniffed) and as BRAT .ann and .txt files', () => {
    fc.assert(fc.property(noiseArb, noiseArb, (ann, txt) => {
      const dir = freshDir();
      writeAll(dir, { 'noise.out': ann, ...Object.fromEntries(Object.entries(GOLD_BRAT).map(([k, v]) => [`gold/${k}`, v])), 'sys/d1.ann': ann, 'sys/d1.txt': txt });
      loadCleanly(join(dir, 'noise.out'), [join(dir, 'noise.out')]);
      loadCleanly(join(dir, 'gold'), [join(dir, 'sys')]);
    }), runs(150));
  });
});

/** Valid files to mutate: a gold and a system file of one format, and the corpus they hold. */
const baseArb = fc.oneof(
  fc.record({ c: corpusArb(), layout: conllLayoutArb(fc.constantFrom(...SCHEMES.filter((s) => s !== 'io'))) })
    .map(({ c, layout }) => ({ ext: 'conll', gold: conllFile(c, { ...layout, scheme: 'iob2' }), sys: conllFile(c, layout) })),
  fc.record({ c: corpusArb(), layout: jsonlLayoutArb(fc.constantFrom('tokens' as const, 'text' as const), fc.constantFrom(...SCHEMES.filter((s) => s !== 'io'))) })
    .map(({ c, layout }) => ({ ext: 'jsonl', gold: jsonlFile(c, { ...layout, shuffle: 0 }).text, sys: jsonlFile(c, layout).text })),
);

describe('fuzz (b): mutated valid files are read or rejected cleanly', () => {
  it('CoNLL and JSONL: the system, the gold or both mutated', () => {
    fc.assert(fc.property(baseArb, mutationsArb, fc.constantFrom('sys', 'gold', 'both'), loadOptionsArb, (base, muts, which, opts) => {
      const dir = freshDir();
      const gold = which === 'sys' ? base.gold : mutate(base.gold, muts);
      const sys = which === 'gold' ? base.sys : mutate(base.sys, muts);
      writeAll(dir, { [`gold.${base.ext}`]: gold, [`sys.${base.ext}`]: sys });
      loadCleanly(join(dir, `gold.${base.ext}`), [join(dir, `sys.${base.ext}`)], opts);
    }), runs(400));
  });

  it('BRAT: an .ann or .txt file mutated', () => {
    fc.assert(fc.property(corpusArb(), bratLayoutArb, mutationsArb, fc.boolean(), (c, layout, muts, ann) => {
      const dir = freshDir();
      const { files } = bratFiles(c, layout);
      const names = Object.keys(files).filter((f) => f.endsWith(ann ? '.ann' : '.txt'));
      const target = names[muts[0].at % names.length];
      const mutated = { ...files, [target]: mutate(files[target], muts) };
      writeAll(dir, {
        ...Object.fromEntries(Object.entries(files).map(([k, v]) => [`gold/${k}`, v])),
        ...Object.fromEntries(Object.entries(mutated).map(([k, v]) => [`sys/${k}`, v])),
      });
      loadCleanly(join(dir, 'gold'), [join(dir, 'sys')]);
      loadCleanly(join(dir, 'sys'), [join(dir, 'gold')]);
    }), runs(150));
  });

  it('through the CLI: eval exits 0, or 1/2 with one complan: error line (mutations, or noise as in (a))', async () => {
    const invalidArb = fc.constantFrom([], ['--strict-scheme'], ['--invalid', 'drop']);
    await fc.assert(fc.asyncProperty(baseArb, mutationsArb, fc.option(noiseArb, { freq: 3 }), invalidArb, async (base, muts, noise, invalid) => {
      const dir = freshDir();
      writeAll(dir, { [`gold.${base.ext}`]: base.gold, [`sys.${base.ext}`]: noise ?? mutate(base.sys, muts) });
      await cliCleanly(['eval', '--format', 'json', '--gold', join(dir, `gold.${base.ext}`), ...invalid, join(dir, `sys.${base.ext}`)]);
    }), runs(80));
  });

  it('through the CLI: combine writes the whole output or nothing', async () => {
    await fc.assert(fc.asyncProperty(baseArb, mutationsArb, fc.constantFrom('conll', 'jsonl'), async (base, muts, out) => {
      const dir = freshDir();
      writeAll(dir, { [`gold.${base.ext}`]: base.gold, [`a.${base.ext}`]: base.sys, [`b.${base.ext}`]: mutate(base.sys, muts) });
      mkdirSync(join(dir, 'out'));
      const target = join(dir, 'out', `ensemble.${out}`);
      const code = await cliCleanly([
        'combine', '--gold', join(dir, `gold.${base.ext}`), '--rule', 'union', ...(out === 'conll' ? ['--resolve-overlaps', 'longest'] : []),
        '--out', target, join(dir, `a.${base.ext}`), join(dir, `b.${base.ext}`),
      ]);
      expect(readdirSync(join(dir, 'out'))).toEqual(code === 0 ? [`ensemble.${out}`] : []);
      if (code === 0) expect(readFileSync(target, 'utf8').length).toBeGreaterThan(0);
    }), runs(40));
  });
});

// ---------------------------------------------------------------------------------------------
// (c) valid input is never rejected, and reads as generated

describe('fuzz (c): valid corpora load, with the spans generated', () => {
  it('CoNLL in every scheme, gold and system in different layouts (conlleval-style too)', () => {
    const arb = fc.record({ goldScheme: fc.constantFrom(...SCHEMES), sysScheme: fc.constantFrom(...SCHEMES) }).chain(({ goldScheme, sysScheme }) => fc.record({
      c: corpusArb(fc.constant(goldScheme === 'io' || sysScheme === 'io')),
      gold: conllLayoutArb(fc.constant(goldScheme)),
      sys: conllLayoutArb(fc.constant(sysScheme)),
      embedded: fc.boolean(),
      wide: fc.boolean(),
      invalid: fc.constantFrom<InvalidTags>('repair', 'drop', 'reject'),
    }));
    fc.assert(fc.property(arb, ({ c, gold, sys, embedded, wide, invalid: asked }) => {
      // seqeval's IOE1 rules never start a chunk at E- after O or another type, so dropping
      // loses valid one-token IOE1 chunks (as seqeval does): read those files as written.
      const invalid = asked === 'drop' && (gold.scheme === 'ioe1' || sys.scheme === 'ioe1') ? 'repair' : asked;
      const strict = invalid !== 'repair';
      const dir = freshDir();
      const useWide = wide && !embedded;
      writeAll(dir, {
        'gold.conll': conllFile(c, { ...gold, wide: useWide }),
        'sys.conll': conllFile(c, { ...sys, embedded: embedded ? gold.scheme : undefined }),
      });
      const same = gold.scheme === sys.scheme;
      // An explicit scheme applies to every file; strict validation (or dropping) then checks every transition.
      const opts: Partial<LoadOptions> = { scheme: same && strict ? gold.scheme : 'auto', invalid, goldColumn: useWide ? 4 : 0 };
      const corpus = load(join(dir, 'gold.conll'), [join(dir, 'sys.conll')], opts);
      const want = keys(expectedTokenSpans(c, (s) => s.chunks, gold.docstart));
      expect(corpus.tokens).toEqual(allTokens(c));
      expect(keys(corpus.gold.spans)).toEqual(want);
      // System spans take the gold's documents.
      expect(keys(corpus.systems[0].spans)).toEqual(want);
      if (embedded) {
        // Without --gold, the embedded gold column is the reference.
        const own = load(undefined, [join(dir, 'sys.conll')], { ...opts, goldColumn: 0 });
        expect(keys(own.gold.spans)).toEqual(keys(expectedTokenSpans(c, (s) => s.chunks, sys.docstart)));
      }
    }), runs(250));
  });

  it('JSONL in each accepted shape (tokens or text; triples, objects, entities, ner, ner_tags; ids, doc_id, fragments, empty records)', () => {
    const arb = fc.record({
      c: corpusArb(),
      gold: jsonlLayoutArb(fc.constantFrom('tokens' as const, 'text' as const), fc.constantFrom(...SCHEMES.filter((s) => s !== 'io'))),
      sys: jsonlLayoutArb(fc.constantFrom('tokens' as const, 'text' as const), fc.constantFrom(...SCHEMES.filter((s) => s !== 'io'))),
      conllGold: fc.boolean(),
    });
    fc.assert(fc.property(arb, ({ c, gold, sys, conllGold }) => {
      const dir = freshDir();
      // Both files in one unit; a system in another order only when both have ids (a gold
      // without ids, such as CoNLL, aligns by order).
      const useConll = conllGold && gold.unit === 'tokens';
      const byId = gold.ids && sys.ids && !useConll;
      const sysLayout = { ...sys, unit: gold.unit, ids: gold.ids && sys.ids, shuffle: byId ? sys.shuffle : 0 };
      const g = jsonlFile(c, { ...gold, shuffle: 0 });
      const s = jsonlFile(c, sysLayout);
      writeAll(dir, {
        'gold.jsonl': g.text,
        'gold.conll': conllFile(c, { scheme: 'iob2', docstart: gold.docIds, sepSeed: 0, doubleBlank: false, bom: false, crlf: false, noFinalEol: false }),
        'sys.jsonl': s.text,
      });
      const corpus = load(join(dir, useConll ? 'gold.conll' : 'gold.jsonl'), [join(dir, 'sys.jsonl')]);
      // Documents exist when the gold marks them (doc_id, or -DOCSTART- in the CoNLL gold).
      const inDocs = (spans: Span[]) => spans.map((x) => ({ ...x, doc: gold.docIds ? x.doc : 0 }));
      expect(keys(corpus.gold.spans)).toEqual(keys(useConll ? expectedTokenSpans(c, (x) => x.chunks, gold.docIds) : inDocs(g.spans)));
      // The system's spans, in the gold's documents.
      expect(keys(corpus.systems[0].spans)).toEqual(keys(inDocs(s.spans)));
      if (gold.unit === 'tokens') expect(corpus.tokens).toEqual(allTokens(c));
      else expect(corpus.texts?.join('')).toBe(c.flat().map((x) => x.tokens.join(' ')).join(''));
    }), runs(250));
  });

  it('BRAT with discontinuous spans, BOM, CRLF and other annotation kinds', () => {
    fc.assert(fc.property(corpusArb(), bratLayoutArb, bratLayoutArb, (c, a, b) => {
      const dir = freshDir();
      // The system's text files must be the gold's; its .ann files may differ in form.
      const gold = bratFiles(c, a);
      const sys = bratFiles(c, { ...b, bomTxt: a.bomTxt, newlines: a.newlines, crlfTxt: a.crlfTxt, bare: a.bare });
      writeAll(dir, {
        ...Object.fromEntries(Object.entries(gold.files).map(([k, v]) => [`gold/${k}`, v])),
        ...Object.fromEntries(Object.entries(sys.files).map(([k, v]) => [`sys/${k}`, v])),
      });
      const corpus = load(join(dir, 'gold'), [join(dir, 'sys')]);
      expect(corpus.unit).toBe('char');
      expect(keys(corpus.gold.spans)).toEqual(keys(gold.spans));
      expect(keys(corpus.systems[0].spans)).toEqual(keys(gold.spans));
      // Documents left without an .ann file (bare) are warned of, and attribute lines (others), once
      // for the directory; nothing else is.
      const attributes = corpus.gold.warnings.filter((w) => / attribute lines? (is|are) not read /.test(w));
      expect(attributes.length).toBeLessThanOrEqual(1);
      if (!a.others) expect(attributes).toEqual([]);
      expect(corpus.gold.warnings.filter((w) => !/ no \.ann file/.test(w) && !attributes.includes(w))).toEqual([]);
      if (!a.bare && !a.others) expect(corpus.gold.warnings).toEqual([]);
    }), runs(150));
  });
});
