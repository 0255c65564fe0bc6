/**
 * System files read on worker threads (load-parallel.ts), handed the gold standard the main
 * thread read (gold-handoff.ts) or reading the reference again: the corpus, every warning and
 * every error are those of a load on one thread. Run from the sources, so the workers start
 * through the TypeScript module hook; test/cli/bin.test.ts covers the build. Progress through a
 * file (onBytes), from the main thread and from workers.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Corpus } from '../../src/model/corpus.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg, type BytesProgress, type LoadOptions, type ReadProgress } from '../../src/formats/load.js';
import { lineReaderInternals } from '../../src/formats/lines.js';
import { parallelInternals } from '../../src/formats/load-parallel.js';
import { fromColumns, toColumns } from '../../src/model/span-columns.js';
import { builtModule, runOnBuild } from '../helpers/build-load.js';
import { thrown } from '../helpers/errors.js';
import { tempFiles } from '../helpers/temp.js';
import { corpusTokens } from '../../src/model/corpus-tokens.js';
import { TokenStore } from '../../src/model/token-store.js';

const NEWS = join(import.meta.dirname, '../../examples/news');
const GOLD = join(NEWS, 'gold.conll');
const SYSTEMS = readdirSync(join(NEWS, 'systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => parseSystemArg(join(NEWS, 'systems', f)));
const temp = tempFiles('parallel');
const saved = { ...parallelInternals };

afterEach(() => Object.assign(parallelInternals, saved));

/** Loads with `workers` worker threads, however small the files. */
function load(opts: LoadOptions, workers: number) {
  parallelInternals.minBytes = 0;
  parallelInternals.goldShare = 0;
  parallelInternals.handoffShare = 0;
  parallelInternals.workers = workers;
  const before = parallelInternals.started;
  try {
    return loadCorpus(opts);
  } finally {
    // Each worker thread takes a run of files (the main thread keeps at least one).
    expect(parallelInternals.started - before).toBe(Math.min(workers, opts.systems.length - 1 - (opts.gold === undefined ? 1 : 0)));
  }
}

describe('loading on worker threads', () => {
  it('gives the corpus one thread gives: spans, warnings, schemes and token tallies of every system', () => {
    const opts = { ...DEFAULT_LOAD_OPTIONS, gold: GOLD, systems: SYSTEMS };
    const one = load(opts, 0);
    for (const workers of [1, 2]) {
      const many = load(opts, workers);
      expect(many.systems.map((s) => s.name)).toEqual(one.systems.map((s) => s.name));
      expect(many).toEqual(one);
    }
  });

  it('warns of types the gold never uses in files a worker read, as one thread does, and of none otherwise', () => {
    const gold = temp('Ada B-PER\nin O\nParis B-LOC\n\n', 'gold.conll');
    const sys = (name: string, tags: string) => ({ name, path: temp(`Ada ${tags.split(' ')[0]}\nin O\nParis ${tags.split(' ')[1]}\n\n`, `${name}.conll`) });
    const opts = { ...DEFAULT_LOAD_OPTIONS, gold, systems: [sys('a', 'B-PER O'), sys('b', 'B-PER B-LOCC'), sys('c', 'B-PERR B-LOC')] };
    const one = load(opts, 0).systems.map((s) => s.warnings);
    expect(load(opts, 2).systems.map((s) => s.warnings)).toEqual(one);
    expect(one[0]).toEqual([]);
    expect(one[1]).toHaveLength(1);
    expect(one[1][0]).toContain('type "LOCC" (1 item, perhaps "LOC") is not in the gold standard');
    expect(one[2][0]).toContain('type "PERR" (1 item, perhaps "PER") is not in the gold standard');
  });

  it('hands the gold standard to the workers, whose spans that are the gold\'s are the main thread\'s gold objects', () => {
    const opts = { ...DEFAULT_LOAD_OPTIONS, gold: GOLD, systems: SYSTEMS };
    const one = load(opts, 0);
    const before = parallelInternals.handedOff;
    const many = load(opts, 1);
    expect(parallelInternals.handedOff).toBe(before + 1);
    // Handed over as they wait in the file's text: the main thread's gold tokens are not numbered.
    const store = corpusTokens(many);
    expect(store instanceof TokenStore && store.deferring).toBe(true);
    const sharedCount = (c: Corpus) => {
      const gold = new Set(c.gold.spans);
      return c.systems.map((s) => s.spans.filter((x) => gold.has(x)).length);
    };
    // Most of each system's spans are the gold's own objects, on either thread.
    expect(sharedCount(one).every((n, k) => n > one.systems[k].spans.length / 2)).toBe(true);
    expect(sharedCount(many)).toEqual(sharedCount(one));
  });

  // One test a reading option: each starts a worker, which, run from the sources, starts slowly.
  it.each<[Partial<LoadOptions>, boolean]>([
    [{ invalid: 'drop' }, true], [{ invalid: 'reject' }, false], [{ strictScheme: true }, false], [{ scheme: 'iob1' }, true],
    [{ scheme: 'iobes' }, true], [{ ignoreEmbeddedGold: true }, true], [{ inputFormat: 'conll' }, true],
  ])('hands the gold over under the reading option %j, with the corpus or the error one thread gives', (v, loads) => {
    const outcome = (opts: LoadOptions, workers: number) => {
      try {
        return { corpus: load(opts, workers) };
      } catch (err) {
        return { error: (err as Error).message };
      }
    };
    const opts = { ...DEFAULT_LOAD_OPTIONS, ...v, gold: GOLD, systems: SYSTEMS };
    const one = outcome(opts, 0);
    // The sloppy system's I- after O fails a strict reading, and only that.
    expect('corpus' in one).toBe(loads);
    const before = parallelInternals.handedOff;
    expect(outcome(opts, 1)).toEqual(one);
    // The gold reads under every option (the error is a system's): handed over either way.
    expect(parallelInternals.handedOff - before).toBe(1);
  });

  it('hands a JSONL gold standard over with its record and document ids', () => {
    const dir = join(NEWS, 'jsonl');
    const files = readdirSync(dir).filter((f) => f.endsWith('.jsonl') && f !== 'gold.jsonl').sort().map((f) => parseSystemArg(join(dir, f)));
    const opts = { ...DEFAULT_LOAD_OPTIONS, gold: join(dir, 'gold.jsonl'), systems: files };
    const one = load(opts, 0);
    expect(one.documents[0].id).toBe('d1');
    const before = parallelInternals.handedOff;
    expect(load(opts, 1)).toEqual(one);
    expect(parallelInternals.handedOff).toBe(before + 1);
  });

  it('has the workers read a gold of text (character offsets) themselves, columns not carrying it', () => {
    const texts = ['Maren Holt scored twice.', 'Castlebridge drew with Lowmere Rovers.', 'Rain fell in Brussels.'];
    const record = (text: string, words: string[], label: string) => {
      const spans = words.map((w) => ({ start: text.indexOf(w), end: text.indexOf(w) + w.length, label }));
      return JSON.stringify({ text, spans });
    };
    const gold = temp(texts.map((t, k) => record(t, [['Maren Holt'], ['Castlebridge', 'Lowmere Rovers'], ['Brussels']][k], k === 0 ? 'PER' : k === 1 ? 'ORG' : 'LOC')).join('\n'), 'text-gold.jsonl');
    const systems = ['a', 'b', 'c'].map((name, n) => parseSystemArg(temp(texts.map((t, k) => record(t, [['Maren'], ['Castlebridge'], ['Brussels', 'Rain']][k].slice(0, n + 1), 'PER')).join('\n'), `${name}.jsonl`)));
    const opts = { ...DEFAULT_LOAD_OPTIONS, gold, systems };
    const one = load(opts, 0);
    expect(one.unit).toBe('char');
    const before = parallelInternals.handedOff;
    expect(load(opts, 1)).toEqual(one);
    expect(parallelInternals.handedOff).toBe(before);
  });

  it('stops the workers waiting for the gold standard when reading it fails, with the error one thread reports', () => {
    const lines = readFileSync(GOLD, 'utf8').split('\n');
    const at = lines.length - 40;
    lines[at] = `${lines[at]} extra`;
    const opts = { ...DEFAULT_LOAD_OPTIONS, gold: temp(lines.join('\n'), 'bad-gold.conll'), systems: SYSTEMS };
    const one = thrown(() => load(opts, 0));
    expect(one.message).toMatch(new RegExp(`bad-gold\\.conll:${at + 1}: `));
    const t = performance.now();
    expect(thrown(() => load(opts, 1)).message).toBe(one.message);
    expect(performance.now() - t).toBeLessThan(10_000);
  });

  it('without a gold file, reads the first system\'s embedded gold on the main thread and the rest on workers', () => {
    const conlleval = (tag: (gold: string) => string) => readFileSync(GOLD, 'utf8').split('\n')
      .map((l) => (l.trim() === '' || l.startsWith('-DOCSTART-') ? l : `${l} ${tag(l.split(' ')[1])}`)).join('\n');
    const files = [
      temp(conlleval((g) => g), 'a.conll'),
      temp(conlleval(() => 'O'), 'b.conll'),
      temp(conlleval((g) => (g.startsWith('I-') ? `B-${g.slice(2)}` : g)), 'c.conll'),
    ].map(parseSystemArg);
    const opts = { ...DEFAULT_LOAD_OPTIONS, systems: files };
    const one = load(opts, 0);
    expect(one.systems.find((s) => s.name === 'b')!.spans).toEqual([]);
    const before = parallelInternals.handedOff;
    expect(load(opts, 1)).toEqual(one);
    // An embedded reference is read again by the workers, not handed over.
    expect(parallelInternals.handedOff).toBe(before);
  });

  it('reports the error a load on one thread reports, the first in input order, naming file and line', () => {
    const lines = readFileSync(SYSTEMS[3].path, 'utf8').split('\n');
    const bad = lines.slice();
    bad[7] = `${bad[7]} extra`;
    const worse = lines.slice();
    worse[2] = 'token';
    const systems = [...SYSTEMS.slice(0, 3), parseSystemArg(temp(bad.join('\n'), 'bad.conll')), parseSystemArg(temp(worse.join('\n'), 'worse.conll'))];
    const opts = { ...DEFAULT_LOAD_OPTIONS, gold: GOLD, systems };
    const one = thrown(() => load(opts, 0));
    expect(one.message).toMatch(/bad\.conll:8: expected \d columns/);
    for (const workers of [1, 2]) expect(thrown(() => load(opts, workers)).message).toBe(one.message);
  });

  it('reports a worker that cannot start as an error instead of waiting for it', () => {
    parallelInternals.entry = new URL('./no-such-worker.js', import.meta.url).href;
    expect(thrown(() => load({ ...DEFAULT_LOAD_OPTIONS, gold: GOLD, systems: SYSTEMS }, 1)).message).toMatch(/^a loading thread failed to start: /);
  });

  it('gives up on a worker that falls silent (as one that died would) with an error, not a wait without end', () => {
    // A worker that starts and then never reports: what the main thread sees of one that ran out of memory.
    parallelInternals.entry = pathToFileURL(temp('setInterval(() => {}, 1000);\n', 'silent-worker.mjs')).href;
    parallelInternals.stallMs = 300;
    const t = performance.now();
    expect(thrown(() => load({ ...DEFAULT_LOAD_OPTIONS, gold: GOLD, systems: SYSTEMS }, 1)).message)
      .toBe('loading stopped: a loading thread has sent nothing for 0.3 s (it may have run out of memory)');
    expect(performance.now() - t).toBeLessThan(10_000);
  });

  it('reports every file read, once, the gold standard first', () => {
    const seen: ReadProgress[] = [];
    const corpus = load({ ...DEFAULT_LOAD_OPTIONS, gold: GOLD, systems: SYSTEMS, onRead: (p) => seen.push(p) }, 1);
    expect(seen.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seen[0].path).toBe(GOLD);
    expect(seen.map((p) => p.path).sort()).toEqual([GOLD, ...SYSTEMS.map((s) => s.path)].sort());
    for (const s of corpus.systems) expect(seen.find((p) => p.path === s.source)!.items).toBe(s.spans.length);
  });

  it('keeps small inputs on the main thread, below the size that pays for a worker', () => {
    parallelInternals.workers = 1;
    const seen: ReadProgress[] = [];
    const before = parallelInternals.started;
    loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: GOLD, systems: SYSTEMS, onRead: (p) => seen.push(p) });
    expect(parallelInternals.started).toBe(before);
    // Read on one thread, the files are reported in input order.
    expect(seen.map((p) => p.path)).toEqual([GOLD, ...SYSTEMS.map((s) => s.path)]);
  });

  it('keeps files on the main thread when a worker\'s share is small next to the gold standard it is handed', () => {
    // Five systems about the gold standard's size each: a share of two or three is under eight golds.
    parallelInternals.workers = 1;
    parallelInternals.minBytes = 0;
    const before = parallelInternals.started;
    loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: GOLD, systems: SYSTEMS });
    expect(parallelInternals.started).toBe(before);
    parallelInternals.handoffShare = 1;
    loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: GOLD, systems: SYSTEMS });
    expect(parallelInternals.started).toBe(before + 1);
  });
});

describe('loading on worker threads from the build (dist/)', () => {
  it('gives the corpus one thread gives, the workers started from load-worker.js', () => {
    const r = runOnBuild<{ same: boolean; started: number; length: number }>(`
      const { loadCorpus, parseSystemArg, DEFAULT_LOAD_OPTIONS } = await import(${builtModule('load.js')});
      const { parallelInternals } = await import(${builtModule('load-parallel.js')});
      Object.assign(parallelInternals, { minBytes: 0, goldShare: 0, handoffShare: 0 });
      const opts = { ...DEFAULT_LOAD_OPTIONS, gold: ${JSON.stringify(GOLD)}, systems: ${JSON.stringify(SYSTEMS.map((x) => x.path))}.map(parseSystemArg) };
      const out = (workers) => { parallelInternals.workers = workers; return JSON.stringify(loadCorpus(opts)); };
      const one = out(0);
      const many = out(1);
      console.log(JSON.stringify({ same: one === many, started: parallelInternals.started, length: one.length }));`);
    expect(r.started).toBe(1);
    expect(r.length).toBeGreaterThan(10_000);
    expect(r.same).toBe(true);
  });
});

describe('span columns', () => {
  it('hold contiguous spans and give them back as they were', () => {
    const spans = [{ doc: 0, start: 1, end: 3, label: 'PER' }, { doc: 1, start: 7, end: 8, label: 'LOC' }, { doc: 1, start: 9, end: 12, label: 'PER' }];
    const cols = toColumns(spans)!;
    expect(cols.labels).toEqual(['PER', 'LOC']);
    expect([...cols.label]).toEqual([0, 1, 0]);
    expect(fromColumns(cols)).toEqual(spans);
  });

  it('refuse spans with fragments', () => {
    expect(toColumns([{ doc: 0, start: 1, end: 5, label: 'X', fragments: [[1, 2], [4, 5]] }])).toBeUndefined();
  });
});

describe('progress through a file (onBytes)', () => {
  it('reports the bytes read of each file after every chunk, with its size and the files read before it', () => {
    const savedChunk = lineReaderInternals.chunkSize;
    lineReaderInternals.chunkSize = 4096;
    try {
      const seen: BytesProgress[] = [];
      loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: GOLD, systems: SYSTEMS.slice(0, 2), onBytes: (p) => seen.push(p) });
      const gold = seen.filter((p) => p.path === GOLD);
      const size = statSync(GOLD).size;
      expect(gold.map((p) => p.bytes)).toEqual([4096, 8192, size]);
      expect(gold.every((p) => p.size === size && p.done === 0 && p.total === 3)).toBe(true);
      const second = seen.filter((p) => p.path === SYSTEMS[1].path);
      expect(second.map((p) => p.done)).toEqual(second.map(() => 2));
      expect(second[second.length - 1].bytes).toBe(statSync(SYSTEMS[1].path).size);
    } finally {
      lineReaderInternals.chunkSize = savedChunk;
    }
  });

  it('hears from worker threads too, of their files only (not of the gold standard, read once here)', () => {
    const seen: BytesProgress[] = [];
    load({ ...DEFAULT_LOAD_OPTIONS, gold: GOLD, systems: SYSTEMS, onBytes: (p) => seen.push(p) }, 1);
    const paths = seen.map((p) => p.path);
    expect(paths.filter((p) => p === GOLD)).toHaveLength(1);
    expect(new Set(paths)).toEqual(new Set([GOLD, ...SYSTEMS.map((s) => s.path)]));
    for (const s of SYSTEMS) expect(seen.find((p) => p.path === s.path)!.bytes).toBe(statSync(s.path).size);
  });
});

describe('memory for the spans read on worker threads', () => {
  it('a heap without room for their objects stops the load with one line naming a file the worker read, rather than V8 aborting', () => {
    const opts = { ...DEFAULT_LOAD_OPTIONS, gold: GOLD, systems: SYSTEMS };
    const share = lineReaderInternals.roomShare;
    lineReaderInternals.roomShare = 0; // no room at all
    let err: Error;
    try {
      err = thrown(() => load(opts, 1));
    } finally {
      lineReaderInternals.roomShare = share;
    }
    const workerFiles = SYSTEMS.slice(1).map((s) => s.path);
    const named = workerFiles.find((f) => err.message.startsWith(`${f}: `));
    expect(named, err.message).toBeDefined();
    expect(err.message).toMatch(/: memory is full: (its items, read on another thread,|the items of \d+ systems read on another thread) need about [\d,]+ MiB more, with [\d,]+ MiB in use, and a load may fill [\d,]+ MiB of the [\d,]+ MiB Node may use \(the rest is V8's young generation and room to work\): complan holds its inputs in memory; raise the limit with NODE_OPTIONS=--max-old-space-size=MiB$/);
    // With the heap as it is, the same load gives one thread's corpus.
    expect(load(opts, 1)).toEqual(load(opts, 0));
  });
});
