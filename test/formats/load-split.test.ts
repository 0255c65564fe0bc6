/**
 * One large reference file read in parts on worker threads (load-split.ts): the corpus, every
 * error and the progress are those of one pass. Parts are made small here (a few KiB) so that
 * small invented files are cut in several places.
 */
import { closeSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg, type BytesProgress, type LoadOptions } from '../../src/formats/load.js';
import { findCut, splitInternals } from '../../src/formats/load-split.js';
import { lineReaderInternals } from '../../src/formats/lines.js';
import { builtModule, runOnBuild } from '../helpers/build-load.js';
import { inputError, thrown } from '../helpers/errors.js';
import { tempFiles } from '../helpers/temp.js';

const temp = tempFiles('split');
const saved = { ...splitInternals };
const savedChunk = lineReaderInternals.chunkSize;

afterEach(() => {
  Object.assign(splitInternals, saved);
  lineReaderInternals.chunkSize = savedChunk;
});

const LABELS = ['PER', 'ORG', 'LOC', 'MISC'];

/** A small random generator (the same files on every run). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * A conlleval-style file (`token pos chunk gold pred`) of `documents` documents: markers when
 * `markers`, sentences of 3 to 12 tokens, entities and prediction errors at random.
 */
function conlleval(documents: number, { seed = 1, markers = true, eol = '\n', columns = 5 } = {}): string {
  const r = random(seed);
  const out: string[] = [];
  for (let d = 0; d < documents; d++) {
    if (markers) out.push(`-DOCSTART- ${'-X- '.repeat(columns - 3)}O O`, '');
    const sentences = 1 + Math.floor(r() * 6);
    for (let k = 0; k < sentences; k++) {
      const n = 3 + Math.floor(r() * 10);
      let inside = '';
      for (let j = 0; j < n; j++) {
        let gold = 'O';
        if (inside !== '' && r() < 0.5) gold = `I-${inside}`;
        else if (r() < 0.2) {
          inside = LABELS[Math.floor(r() * 4)];
          gold = `B-${inside}`;
        } else inside = '';
        if (gold === 'O') inside = '';
        const pred = r() < 0.1 ? (gold === 'O' ? 'B-PER' : 'O') : gold;
        const token = `w${Math.floor(r() * r() * 500)}${j === 0 ? 'é' : ''}`;
        out.push([token, ...(columns > 3 ? ['NN', 'B-NP'].slice(0, columns - 3) : []), gold, pred].join(' '));
      }
      out.push('');
    }
  }
  return out.join(eol);
}

/** Loads `opts` in `parts` parts (each at least 2 KiB), checking how many went to workers. */
function load(opts: LoadOptions, parts: number, expectWorkers = parts - 1) {
  splitInternals.minBytes = 2048;
  splitInternals.parts = parts;
  const before = splitInternals.started;
  const corpus = loadCorpus(opts);
  expect(splitInternals.started - before).toBe(expectWorkers);
  return corpus;
}

describe('reading one large reference file in parts', () => {
  it('gives the corpus of one pass: documents, sentences and their lines, tokens, spans, schemes and token tallies', () => {
    const file = temp(conlleval(60), 'big.conll');
    expect(statSync(file).size).toBeGreaterThan(3 * 2048);
    const opts = { ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(file)] };
    const one = load(opts, 1);
    expect(one.documents.length).toBe(60);
    expect(one.systems[0].tokenTally!.tokens).toBeGreaterThan(0);
    expect(load(opts, 3)).toEqual(one);
  });

  it('gives the same corpus when other systems are read against the reference (their tallies use its tags)', () => {
    const text = conlleval(50, { seed: 3 });
    const other = text.split('\n').map((l) => (l === '' || l.startsWith('-DOCSTART-') ? l : l.replace(/ (\S+)$/, ' O'))).join('\n');
    const opts = { ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(temp(text, 'a.conll')), parseSystemArg(temp(other, 'b.conll'))] };
    const one = load(opts, 1);
    expect(one.systems[1].tokenTally).toBeDefined();
    expect(load(opts, 2)).toEqual(one);
  });

  it('names the line of a type the reference lacks that a later part predicts, as one pass does', () => {
    const lines = conlleval(60, { seed: 7 }).split('\n');
    // A prediction of a type no gold tag has, near the end: in the last part.
    let at = lines.length - 1;
    while (!/^w\S* (\S+ ){3}O$/.test(lines[at])) at--;
    lines[at] = lines[at].replace(/O$/, 'B-LOCC');
    const file = temp(lines.join('\n'), 'late.conll');
    const opts = { ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(file)] };
    const one = load(opts, 1);
    expect(one.systems[0].warnings.find((w) => w.includes('"LOCC"'))).toContain(`; the first at ${file}:${at + 1} (gold sentence `);
    expect(load(opts, 3).systems[0].warnings).toEqual(one.systems[0].warnings);
  });

  it('splits a gold file, whose tags the systems are verified against', () => {
    const text = conlleval(60, { seed: 5, columns: 3 });
    const gold = text.split('\n').map((l) => l.split(' ').slice(0, 2).join(' ')).join('\n');
    const sys = text.split('\n').map((l) => (l === '' || l.startsWith('-DOCSTART-') ? l : l.split(' ').filter((_, i) => i !== 1).join(' '))).join('\n');
    const opts = { ...DEFAULT_LOAD_OPTIONS, gold: temp(gold, 'gold.conll'), systems: [parseSystemArg(temp(sys, 'sys.conll'))] };
    const one = load(opts, 1);
    expect(one.systems[0].spans.length).toBeGreaterThan(0);
    expect(load(opts, 3)).toEqual(one);
  });

  it('counts a lone file\'s tokens without keeping them, in parts as in one pass, for a caller that never asks for one', () => {
    const file = temp(conlleval(60, { seed: 5 }), 'lone.conll');
    const kept = load({ ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(file)] }, 1);
    const opts = { ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(file)], keepTokens: false };
    for (const counted of [load(opts, 1), load(opts, 3)]) {
      expect(counted.length).toBe(kept.length);
      expect(counted.gold.spans).toEqual(kept.gold.spans);
      expect(counted.systems).toEqual(kept.systems);
      expect(counted.documents).toEqual(kept.documents);
      expect(counted.sentences).toEqual(kept.sentences);
      expect(() => counted.tokens).toThrow('the tokens of this corpus were not kept: it was loaded with {keepTokens: false}');
      // Copies leave them out rather than ask for them.
      expect({ ...counted }.tokens).toBeUndefined();
      expect(JSON.parse(JSON.stringify(counted)).length).toBe(kept.length);
      expect(structuredClone(counted).gold.spans).toEqual(kept.gold.spans);
    }
    // Another file is checked against the reference's tokens: they are kept.
    const other = temp(conlleval(60, { seed: 5 }).replace(/ (\S+)$/gm, ' O'), 'other.conll');
    const both = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(file), parseSystemArg(other)], keepTokens: false });
    expect(both.tokens).toEqual(kept.tokens);
  });

  it('continues the document of the part before when a part does not start with a marker, and reads CRLF files', () => {
    for (const file of [temp(conlleval(40, { seed: 7, markers: false })), temp(conlleval(40, { seed: 8, eol: '\r\n' }))]) {
      const opts = { ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(file)] };
      const one = load(opts, 1);
      expect(load(opts, 2)).toEqual(one);
    }
  });

  it('reports the error one pass reports, on its line, when a later part has bad input', () => {
    const lines = conlleval(60, { seed: 9 }).split('\n');
    const at = Math.floor(lines.length * 0.8);
    while (lines[at] === '' || lines[at].startsWith('-DOCSTART-')) lines.splice(at, 1);
    const columns = lines.slice();
    columns[at] = `${columns[at]} extra`;
    const short = lines.slice();
    short[at] = short[at].split(' ')[0];
    for (const [name, text] of [['columns', columns.join('\n')], ['short', short.join('\n')]] as const) {
      const opts = { ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(temp(text, `${name}.conll`))] };
      const one = thrown(() => load(opts, 1));
      expect(one.message).toContain(`${name}.conll:${at + 1}:`);
      expect(thrown(() => load(opts, 3)).message).toBe(one.message);
    }
  });

  it('reports bytes that are not UTF-8 in a later part on their line', () => {
    const text = conlleval(60, { seed: 11 });
    const lines = text.split('\n');
    const at = Math.floor(lines.length * 0.9);
    const before = Buffer.from(lines.slice(0, at).join('\n') + '\n');
    const bytes = Buffer.concat([before, Buffer.from([0xff]), Buffer.from(lines.slice(at).join('\n'))]);
    const file = temp('', 'bytes.conll');
    writeFileSync(file, bytes);
    const opts = { ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(file)] };
    const one = thrown(() => load(opts, 1));
    expect(one.message).toContain(`bytes.conll:${at + 1}:`);
    expect(thrown(() => load(opts, 3)).message).toBe(one.message);
  });

  it('reads on in one pass when a later part\'s lines have other columns, with the error one pass gives', () => {
    const head = conlleval(30, { seed: 12 });
    const tail = conlleval(30, { seed: 13, columns: 4 });
    const opts = { ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(temp(`${head}\n${tail}`, 'mixed.conll'))] };
    const one = thrown(() => load(opts, 1));
    expect(one.message).toMatch(/mixed\.conll:\d+: expected 5 columns as on line 3, found 4/);
    expect(thrown(() => load(opts, 2)).message).toBe(one.message);
  });

  it('reads small files, invalid tags dropped, and streams in one pass', () => {
    const file = temp(conlleval(60, { seed: 14 }));
    splitInternals.minBytes = statSync(file).size;
    const before = splitInternals.started;
    loadCorpus({ ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(file)] });
    splitInternals.minBytes = 2048;
    splitInternals.parts = 3;
    loadCorpus({ ...DEFAULT_LOAD_OPTIONS, invalid: 'drop', systems: [parseSystemArg(file)] });
    expect(splitInternals.started).toBe(before);
  });

  it('reports progress through the whole file, every part counted', () => {
    lineReaderInternals.chunkSize = 1024;
    const file = temp(conlleval(80, { seed: 15 }));
    const seen: BytesProgress[] = [];
    load({ ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(file)], onBytes: (p) => seen.push({ ...p }) }, 3);
    const bytes = seen.map((p) => p.bytes);
    expect(bytes.length).toBeGreaterThan(3);
    expect(Math.max(...bytes)).toBe(statSync(file).size);
    expect(seen.every((p) => p.path === file && p.size === statSync(file).size)).toBe(true);
  });
});

describe('reading in parts from the build (dist/)', () => {
  it('gives the corpus of one pass, the part read by load-worker.js', () => {
    const file = temp(conlleval(60, { seed: 21 }), 'built.conll');
    const r = runOnBuild<{ same: boolean; started: number; length: number }>(`
      const { loadCorpus, parseSystemArg, DEFAULT_LOAD_OPTIONS } = await import(${builtModule('load.js')});
      const { splitInternals } = await import(${builtModule('load-split.js')});
      splitInternals.minBytes = 2048;
      const opts = { ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(${JSON.stringify(file)})] };
      const out = (parts) => { splitInternals.parts = parts; return JSON.stringify(loadCorpus(opts)); };
      const one = out(1);
      const two = out(2);
      console.log(JSON.stringify({ same: one === two, started: splitInternals.started, length: one.length }));`);
    expect(r.started).toBe(1);
    expect(r.length).toBeGreaterThan(10_000);
    expect(r.same).toBe(true);
  });
});

describe('findCut', () => {
  const cutOf = (text: string, from = 0) => {
    const file = temp(text, 'cut.conll');
    const fd = openSync(file, 'r');
    try {
      return findCut(fd, from, statSync(file).size);
    } finally {
      closeSync(fd);
    }
  };

  it('cuts after a blank line that follows a token line', () => {
    const text = 'a O\nb O\n\nc O\n\nd O\n';
    expect(cutOf(text)).toBe(text.indexOf('c O'));
    // From byte 5 the line before the first blank line began before the window: not a cut.
    expect(cutOf(text, 4)).toBe(text.indexOf('c O'));
    expect(cutOf(text, 5)).toBe(text.indexOf('d O'));
    expect(cutOf(text, text.indexOf('c O'))).toBe(text.indexOf('d O'));
    const crlf = 'a O\r\n\r\nb O\r\n';
    expect(cutOf(crlf)).toBe(crlf.indexOf('b O'));
  });

  it('never cuts after a document marker or between blank lines, nor at the end of the file', () => {
    const text = 'a O\n\n-DOCSTART- O\n\n\nb O\n\nc O\n';
    expect(cutOf(text, 2)).toBe(text.indexOf('c O'));
    expect(cutOf('a O\nb O\n\n')).toBeUndefined();
    expect(cutOf('a O\nb O\nc O\n')).toBeUndefined();
  });

  it('searches only its window', () => {
    splitInternals.window = 16;
    const text = `${'a O\n'.repeat(10)}\nb O\n`;
    expect(cutOf(text)).toBeUndefined();
    splitInternals.window = 1 << 20;
    expect(cutOf(text)).toBe(text.indexOf('b O'));
    expect(readFileSync(temp(text), 'utf8')).toBe(text);
  });
});

describe('memory for the parts read on other threads', () => {
  it('a heap without room for their objects stops the load with one line naming the file, rather than V8 aborting as it makes them', () => {
    const file = temp(conlleval(60), 'roomless.conll');
    const opts = { ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(file)] };
    const saved = lineReaderInternals.roomShare;
    lineReaderInternals.roomShare = 0; // no room at all
    try {
      const err = inputError(() => load(opts, 3));
      expect(err.message).toMatch(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: memory is full: the items read on 2 other threads need about [\\d,]+ MiB more, with [\\d,]+ MiB in use, and a load may fill [\\d,]+ MiB of the [\\d,]+ MiB Node may use \\(the rest is V8's young generation and room to work\\): complan holds its inputs in memory; raise the limit with NODE_OPTIONS=--max-old-space-size=MiB$`));
    } finally {
      lineReaderInternals.roomShare = saved;
    }
    // With the heap as it is, the same file loads in parts, as in one pass.
    expect(load(opts, 3).gold.spans.length).toBe(load(opts, 1, 0).gold.spans.length);
  });
});

