/**
 * The JSONL dialects score exactly as the CoNLL files they are made from: the ten CoNLL-2003
 * system outputs (../shared/data/conll03-12sys, read at run time, never copied: the text is
 * Reuters-licensed) are rewritten, in a temporary folder that is removed afterwards, as Hugging
 * Face rows (tag strings; class ids with --labels), spaCy `doc.to_json()` records and doccano
 * records (character offsets, scored against the CoNLL gold through its tokens), and every
 * figure of eval's JSON must equal the CoNLL file's. So must the gold standard rewritten as
 * Hugging Face rows and as spaCy records, and rows that keep the -DOCSTART- lines as rows of
 * their own (documents and token accuracy included). Skipped when the data is absent.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus } from '../../src/formats/load.js';
import { DEFAULT_LOAD_OPTIONS } from '../../src/formats/load.js';
import type { Corpus, Span } from '../../src/model/corpus.js';
import { runCli } from '../cli/helpers.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';

const exists = conll03Present('dialects-conll03');
const GOLD = join(CONLL03_DIR, 'gold.conll');

type Json = Record<string, unknown>;

/** The predicted tags of a CoNLL file (its last column), one list per sentence; -DOCSTART- lines skipped. */
function sentenceTags(path: string): { tokens: string[][]; tags: string[][] } {
  const tokens: string[][] = [];
  const tags: string[][] = [];
  let toks: string[] = [];
  let tgs: string[] = [];
  const close = () => {
    if (toks.length > 0) {
      tokens.push(toks);
      tags.push(tgs);
    }
    toks = [];
    tgs = [];
  };
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const cols = line.trim().split(/\s+/);
    if (line.trim() === '' || cols[0] === '-DOCSTART-') close();
    else {
      toks.push(cols[0]);
      tgs.push(cols[cols.length - 1]);
    }
  }
  close();
  return { tokens, tags };
}

/** A sentence's text (its tokens joined by single spaces) and each token's character start. */
function layout(tokens: readonly string[]): { text: string; starts: number[] } {
  const starts: number[] = [];
  let text = '';
  for (const t of tokens) {
    if (text.length > 0) text += ' ';
    starts.push(text.length);
    text += t;
  }
  return { text, starts };
}

/** A system's spans grouped by gold sentence, relative to it. */
function bySentence(corpus: Corpus, spans: readonly Span[]): Span[][] {
  const out: Span[][] = corpus.sentences.map(() => []);
  let k = 0;
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    while (corpus.sentences[k].end <= s.start) k++;
    out[k].push({ ...s, start: s.start - corpus.sentences[k].start, end: s.end - corpus.sentences[k].start });
  }
  return out;
}

/** The spaCy `doc.to_json()` record of a sentence: text, character ents and token objects. */
function spacyRecord(tokens: readonly string[], spans: readonly Span[], docId?: string): Json {
  const { text, starts } = layout(tokens);
  const end = (j: number) => starts[j] + tokens[j].length;
  return {
    text,
    ents: spans.map((s) => ({ start: starts[s.start], end: end(s.end - 1), label: s.label })),
    sents: [{ start: 0, end: text.length }],
    tokens: tokens.map((_, j) => ({ id: j, start: starts[j], end: end(j), pos: 'X' })),
    ...(docId === undefined ? {} : { doc_id: docId }),
  };
}

/**
 * eval's figures of one system, without what says where and how it was read, nor the token
 * accuracy, which counts a file's own tags and -DOCSTART- lines (checked on its own below).
 */
function figures(system: Json): Json {
  const { name: _n, source: _s, format: _f, dialect: _d, scheme: _c, tokenAccuracy: _a, tokenTally: _t, ...rest } = system;
  return rest;
}

interface Tally { tokens: number; correct: number; markers: number }

/** The tally of the same predictions written without -DOCSTART- lines. */
const withoutMarkers = (t: Tally): Tally => ({ tokens: t.tokens - t.markers, correct: t.correct - t.markers, markers: 0 });

async function evalSystems(args: string[]): Promise<{ gold: Json; systems: Map<string, Json> }> {
  const r = await runCli(['eval', '--format', 'json', ...args]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  const doc = JSON.parse(r.stdout) as { gold: Json; systems: Json[] };
  return { gold: doc.gold, systems: new Map(doc.systems.map((s) => [s.name as string, s])) };
}

describe.skipIf(!exists)('JSONL dialects on the CoNLL-2003 test set score as the CoNLL files', () => {
  const dir = exists ? mkdtempSync(join(tmpdir(), 'complan-dialects-')) : '';
  let names: string[] = [];
  let reference: { gold: Json; systems: Map<string, Json> };
  let corpus: Corpus;
  const sets: Record<string, string[]> = { hf: [], ids: [], spacy: [], doccano: [] };
  const labels = new Set<string>();

  beforeAll(async () => {
    names = readdirSync(CONLL03_DIR).filter((f) => f.endsWith('.conll') && f !== 'gold.conll').map((f) => f.slice(0, -6)).sort();
    const paths = names.map((n) => `${n}=${join(CONLL03_DIR, `${n}.conll`)}`);
    corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: GOLD, systems: paths.map((p) => ({ name: p.split('=')[0], path: p.slice(p.indexOf('=') + 1) })) });
    reference = await evalSystems(['--gold', GOLD, ...paths]);
    const read = names.map((n) => sentenceTags(join(CONLL03_DIR, `${n}.conll`)));
    for (const r of read) for (const s of r.tags) for (const t of s) labels.add(t);
    const labelList = ['O', ...[...labels].filter((l) => l !== 'O').sort()];
    writeFileSync(join(dir, 'labels.txt'), `${labelList.join('\n')}\n`);
    names.forEach((name, k) => {
      const { tokens, tags } = read[k];
      const rows = tokens.map((t, i) => JSON.stringify({ id: String(i), tokens: t, ner_tags: tags[i] }));
      writeFileSync(join(dir, `${name}.hf.jsonl`), `${rows.join('\n')}\n`);
      const ids = tokens.map((t, i) => JSON.stringify({ id: String(i), tokens: t, ner_tags: tags[i].map((g) => labelList.indexOf(g)), pos_tags: t.map(() => 0) }));
      writeFileSync(join(dir, `${name}.ids.jsonl`), `${ids.join('\n')}\n`);
      const spans = bySentence(corpus, corpus.systems.find((s) => s.name === name)!.spans);
      const spacy = tokens.map((t, i) => JSON.stringify(spacyRecord(t, spans[i])));
      writeFileSync(join(dir, `${name}.spacy.jsonl`), `${spacy.join('\n')}\n`);
      // doccano: one record per gold document, its sentences on lines of their own.
      const docs = corpus.documents.map((d) => {
        let text = '';
        const label: Array<[number, number, string]> = [];
        for (let i = d.firstSentence; i < d.endSentence; i++) {
          if (i > d.firstSentence) text += '\n';
          const { text: line, starts } = layout(tokens[i]);
          for (const s of spans[i]) label.push([text.length + starts[s.start], text.length + starts[s.end - 1] + tokens[i][s.end - 1].length, s.label]);
          text += line;
        }
        return JSON.stringify({ id: d.index + 1, text, label, Comments: [] });
      });
      writeFileSync(join(dir, `${name}.doccano.jsonl`), `${docs.join('\n')}\n`);
      for (const kind of Object.keys(sets)) sets[kind].push(`${name}=${join(dir, `${name}.${kind}.jsonl`)}`);
    });
  }, 120_000);

  afterAll(() => {
    if (dir !== '') rmSync(dir, { recursive: true, force: true });
  });

  const same = (got: { systems: Map<string, Json> }, dialect: string) => {
    expect([...got.systems.keys()].sort()).toEqual(names);
    for (const name of names) {
      const mine = got.systems.get(name)!;
      expect(mine.dialect, name).toBe(dialect);
      expect(mine.format, name).toBe('jsonl');
      expect(figures(mine), name).toEqual(figures(reference.systems.get(name)!));
      // Rows carry tags (the CoNLL file's, without its markers); spans have none.
      const tally = dialect.startsWith('huggingface') ? withoutMarkers(reference.systems.get(name)!.tokenTally as Tally) : null;
      expect(mine.tokenTally, name).toEqual(tally);
    }
  };

  it('finds the ten CoNLL systems, whose references score as conlleval (one spot check)', () => {
    expect(names).toHaveLength(10);
    expect(reference.systems.get('cnn-glove-lstmcrf')).toMatchObject({ tp: 5137, fp: 520, fn: 511 });
  });

  it('Hugging Face rows with tag strings', async () => {
    same(await evalSystems(['--gold', GOLD, ...sets.hf]), 'huggingface');
  }, 60_000);

  it('Hugging Face rows with integer class ids and --labels FILE (one label a line)', async () => {
    same(await evalSystems(['--gold', GOLD, '--labels', join(dir, 'labels.txt'), ...sets.ids]), 'huggingface-ids');
  }, 60_000);

  it('Hugging Face rows with integer class ids and --labels given as a list', async () => {
    const list = readFileSync(join(dir, 'labels.txt'), 'utf8').trim().split('\n').join(',');
    const one = sets.ids.filter((s) => s.startsWith('rand-lstmcrf='));
    const got = await evalSystems(['--gold', GOLD, '--labels', list, ...one]);
    expect(figures(got.systems.get('rand-lstmcrf')!)).toEqual(figures(reference.systems.get('rand-lstmcrf')!));
  }, 60_000);

  it('spaCy records (character ents on text of tokens joined by spaces) against the CoNLL gold', async () => {
    same(await evalSystems(['--gold', GOLD, ...sets.spacy]), 'spacy');
  }, 60_000);

  it('doccano records, one per document (sentences on lines), against the CoNLL gold', async () => {
    same(await evalSystems(['--gold', GOLD, ...sets.doccano]), 'doccano');
  }, 60_000);

  it('Hugging Face rows that keep the -DOCSTART- lines as rows: documents and token accuracy as the CoNLL files', async () => {
    // Every line of a file turned into rows, the document markers included, gold and systems alike.
    const rowsOf = (path: string, column: 'gold' | 'last') => {
      const rows: string[] = [];
      let toks: string[] = [];
      let tgs: string[] = [];
      const close = () => {
        if (toks.length > 0) rows.push(JSON.stringify({ id: String(rows.length), tokens: toks, ner_tags: tgs }));
        [toks, tgs] = [[], []];
      };
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        const cols = line.trim().split(/\s+/);
        if (line.trim() === '') close();
        else {
          if (cols[0] === '-DOCSTART-') close();
          toks.push(cols[0]);
          tgs.push(column === 'gold' ? cols[1] : cols[cols.length - 1]);
          if (cols[0] === '-DOCSTART-') close();
        }
      }
      close();
      return `${rows.join('\n')}\n`;
    };
    writeFileSync(join(dir, 'gold.docstart.jsonl'), rowsOf(GOLD, 'gold'));
    // The CoNLL files that keep their -DOCSTART- lines (bert-*, flair-*).
    const kept = names.filter((n) => readFileSync(join(CONLL03_DIR, `${n}.conll`), 'utf8').startsWith('-DOCSTART-'));
    expect(kept).toHaveLength(4);
    for (const n of kept) writeFileSync(join(dir, `${n}.docstart.jsonl`), rowsOf(join(CONLL03_DIR, `${n}.conll`), 'last'));
    const rows = kept.map((n) => `${n}=${join(dir, `${n}.docstart.jsonl`)}`);
    for (const gold of [GOLD, join(dir, 'gold.docstart.jsonl')]) {
      const got = await evalSystems(['--gold', gold, ...rows]);
      expect(got.gold.documents).toBe(231);
      for (const n of kept) {
        const mine = got.systems.get(n)!;
        expect(figures(mine), n).toEqual(figures(reference.systems.get(n)!));
        // The markers count as conlleval counts the lines: the CoNLL file's own tally.
        expect(mine.tokenTally, n).toEqual(reference.systems.get(n)!.tokenTally);
        expect((mine.tokenTally as Tally).markers, n).toBe(231);
      }
    }
  }, 120_000);

  it('the gold standard as Hugging Face rows and as spaCy records, with doc_id', async () => {
    const { tokens, tags } = sentenceTags(GOLD);
    const docOf = (i: number) => corpus.documents[corpus.sentences[i].doc].id;
    const hf = tokens.map((t, i) => JSON.stringify({ tokens: t, ner_tags: tags[i], doc_id: docOf(i) }));
    writeFileSync(join(dir, 'gold.hf.jsonl'), `${hf.join('\n')}\n`);
    const goldSpans = bySentence(corpus, corpus.gold.spans);
    const spacy = tokens.map((t, i) => JSON.stringify(spacyRecord(t, goldSpans[i], docOf(i))));
    writeFileSync(join(dir, 'gold.spacy.jsonl'), `${spacy.join('\n')}\n`);
    const two = names.slice(0, 2).map((n) => `${n}=${join(CONLL03_DIR, `${n}.conll`)}`);
    for (const [file, dialect] of [['gold.hf.jsonl', 'huggingface'], ['gold.spacy.jsonl', 'spacy']]) {
      const got = await evalSystems(['--gold', join(dir, file), ...two]);
      // The same corpus, read in another form: a scheme only where it was read from tags.
      const { source: _s, dialect: d, scheme, ...gold } = got.gold;
      const { source: _r, dialect: _n, scheme: referenceScheme, ...want } = reference.gold;
      expect(d).toBe(dialect);
      expect(referenceScheme).toBe('iob2');
      expect(scheme).toBe(dialect === 'huggingface' ? 'iob2' : undefined);
      expect(gold).toEqual(want);
      for (const n of names.slice(0, 2)) {
        expect(figures(got.systems.get(n)!), `${file} ${n}`).toEqual(figures(reference.systems.get(n)!));
        // The CoNLL systems' own tags against the rows' gold tags; spaCy's gold has no tags.
        expect(got.systems.get(n)!.tokenTally, `${file} ${n}`).toEqual(dialect === 'huggingface' ? reference.systems.get(n)!.tokenTally : null);
      }
    }
  }, 120_000);
});
