#!/usr/bin/env node
// Scale benchmarks: the synthetic corpus (test/bench/synthetic.mjs) written
// to disk as CoNLL files — a gold standard and one `token tag` file per system — and read back
// the way `complan` reads a user's files. Every measurement runs in a fresh Node process (this
// script, with --child), so its peak RSS (process.resourceUsage().maxRSS) is that phase's own;
// no heap flags are given, as a user gives none.
//
//   node test/bench/scale.mjs                 the targets at 1M tokens × 30 systems, then growth
//   node test/bench/scale.mjs --gigabyte      also ~1 GB conlleval-layout files: synthetic, and of CoNLL-2003
//                                             text when the shared outputs are there (~4 min more)
//   node test/bench/scale.mjs --gigabyte-only only the 1 GB file
//   --correlation C  error correlation of the synthetic systems, 0..1 (default 1)
//   --keep           keep the generated files (in $TMPDIR/complan-bench-scale) for the next run
//   --runs N         N processes per measurement, the median reported (default 1); the load time
//                    is the median over every process that loads the corpus (load, matrix, greedy)
//
// Phases: load (files → corpus); full matrix (compareSystems over every ordered pair, as
// `complan compare` computes it, after a load in the same process); greedy search (runPlan,
// greedy, union/intersection/majority/vote); exhaustive search (runPlan, majority, 2^n − 1 member
// sets, with its default five folds: six searches; on one thread and on all). Generated files are
// cached by their parameters and deleted at the end unless --keep.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const dist = (p) => join(root, 'dist', p);
const argv = process.argv.slice(2);

const M = 1_000_000;
const GB = 1e9;
/** The speed targets at 1M tokens × 30 systems. */
const TARGETS = { loadMatrixMs: 15_000, loadMatrixBytes: 2 * GB, greedyMs: 10_000, exhaustiveMs: 6_000 };

// ------------------------------------------------------------------------------------ children

/** One measurement in this fresh process; prints one JSON line. */
async function child(what, args) {
  const maxRSS = () => process.resourceUsage().maxRSS * 1024; // bytes
  const out = {};
  if (what === 'generate') {
    const [dir, tokens, systems, seed, correlation] = args;
    const { writeSyntheticFiles } = await import('./synthetic.mjs');
    Object.assign(out, await writeSyntheticFiles(dir, { tokens: Number(tokens), systems: Number(systems), seed: Number(seed), correlation: Number(correlation) }));
  } else if (what === 'generate-gigabyte') {
    const { writeConllevalFile } = await import('./synthetic.mjs');
    const t = performance.now();
    Object.assign(out, await writeConllevalFile(args[0], Number(args[1])));
    out.ms = performance.now() - t;
  } else if (what === 'jsonl-files') {
    // The systems of a CoNLL corpus written as JSONL (`{"tokens": [...], "spans": [...]}` per
    // sentence), into DIR/jsonl, for the JSONL load.
    const [dir, systemsArg] = args;
    const { loadCorpus, parseSystemArg, DEFAULT_LOAD_OPTIONS } = await import(dist('src/formats/load.js'));
    const { parallelInternals } = await import(dist('src/formats/load-parallel.js'));
    const { formatJsonl } = await import(dist('src/formats/write-jsonl.js'));
    const { writeFileAtomic } = await import(dist('src/formats/write-file.js'));
    const { systemFiles } = await import('./synthetic.mjs');
    parallelInternals.workers = 0;
    const names = systemFiles(Number(systemsArg));
    const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(dir, 'gold.conll'), systems: names.map((f) => parseSystemArg(join(dir, f))) });
    mkdirSync(join(dir, 'jsonl'), { recursive: true });
    for (const s of corpus.systems) writeFileAtomic(join(dir, 'jsonl', `${s.name}.jsonl`), formatJsonl(corpus, s.spans));
  } else if (what === 'load-threads') {
    // Loading alone, CoNLL or JSONL system files, on one thread (workers 0) or as many as the
    // loader chooses (workers -1).
    const [dir, systemsArg, format, workers] = args;
    const { loadCorpus, parseSystemArg, DEFAULT_LOAD_OPTIONS } = await import(dist('src/formats/load.js'));
    const { parallelInternals } = await import(dist('src/formats/load-parallel.js'));
    const { systemFiles } = await import('./synthetic.mjs');
    parallelInternals.workers = Number(workers);
    const files = systemFiles(Number(systemsArg)).map((f) => (format === 'jsonl' ? join(dir, 'jsonl', f.replace(/\.conll$/, '.jsonl')) : join(dir, f)));
    out.bytes = [join(dir, 'gold.conll'), ...files].reduce((n, f) => n + statSync(f).size, 0);
    const t = performance.now();
    const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(dir, 'gold.conll'), systems: files.map(parseSystemArg) });
    out.loadMs = performance.now() - t;
    out.workers = parallelInternals.started;
    out.items = corpus.gold.spans.length + corpus.systems.reduce((n, s) => n + s.spans.length, 0);
  } else if (what === 'read-lines') {
    // Only the streaming line reader: what reading a file costs before anything is kept.
    const { forEachLineRange } = await import(dist('src/formats/lines.js'));
    const t = performance.now();
    let chars = 0;
    let longest = 0;
    out.lines = forEachLineRange(args[0], (text, start, end) => {
      chars += end - start + 1;
      if (text.length > longest) longest = text.length;
    });
    out.ms = performance.now() - t;
    out.chars = chars;
    out.longestChunkText = longest;
  } else if (what === 'gigabyte') {
    // What `complan eval FILE` does (no --gold: the embedded gold column is the reference), in
    // phases, then where the heap goes (run with --expose-gc; gc() is called only after the
    // peak has been read).
    // A second argument `one` reads on one thread; otherwise the file is read in parts on every core.
    const { loadCorpus, parseSystemArg, DEFAULT_LOAD_OPTIONS } = await import(dist('src/formats/load.js'));
    const { evaluate } = await import(dist('src/metrics/evaluate.js'));
    const { parallelInternals } = await import(dist('src/formats/load-parallel.js'));
    const { splitInternals } = await import(dist('src/formats/load-split.js'));
    if (args[1] === 'one') parallelInternals.workers = 0;
    let t = performance.now();
    // As `eval` loads a lone file: its tokens counted, not kept.
    const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, systems: [parseSystemArg(args[0])], keepTokens: false });
    out.loadMs = performance.now() - t;
    out.parts = splitInternals.started + 1;
    out.loadRSS = maxRSS();
    const v8 = await import('node:v8');
    const hs = v8.getHeapStatistics();
    out.heapAfterLoad = { total: hs.total_heap_size, used: hs.used_heap_size, limit: hs.heap_size_limit };
    t = performance.now();
    const held = { corpus, report: evaluate(corpus) };
    out.evalMs = performance.now() - t;
    out.maxRSS = maxRSS();
    out.tokens = corpus.length;
    // Counted on the table: reading corpus.sentences would make an object of each (the breakdown below would weigh them).
    const { sentenceCount } = await import(dist('src/model/sentence-table.js'));
    out.sentences = sentenceCount(corpus);
    out.documents = corpus.documents.length;
    out.items = corpus.gold.spans.length + corpus.systems.reduce((n, s) => n + s.spans.length, 0);
    out.f1 = held.report.systems[0].f;
    if (typeof globalThis.gc === 'function') out.heap = heapBreakdown(held);
  } else {
    const [dir, tokensArg, systemsArg] = args;
    const systems = Number(systemsArg);
    const { loadCorpus, parseSystemArg, DEFAULT_LOAD_OPTIONS } = await import(dist('src/formats/load.js'));
    const { systemFiles } = await import('./synthetic.mjs');
    const files = systemFiles(systems).map((f) => join(dir, f));
    out.bytes = [join(dir, 'gold.conll'), ...files].reduce((n, f) => n + statSync(f).size, 0);
    let t = performance.now();
    const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(dir, 'gold.conll'), systems: files.map(parseSystemArg) });
    out.loadMs = performance.now() - t;
    out.loadRSS = maxRSS();
    out.tokens = corpus.length;
    out.systems = corpus.systems.length;
    out.items = corpus.gold.spans.length + corpus.systems.reduce((n, s) => n + s.spans.length, 0);
    if (tokensArg !== undefined && Number(tokensArg) !== corpus.length) throw new Error(`expected ${tokensArg} tokens, read ${corpus.length}`);
    if (what === 'matrix') {
      const { compareSystems } = await import(dist('src/complementarity/matrix.js'));
      t = performance.now();
      // `complan compare`'s defaults: strict match, β = 1, every type, 3 examples per cell.
      const c = compareSystems(corpus, { match: 'strict', beta: 1, types: undefined, examples: 3 });
      out.ms = performance.now() - t;
      out.loadPlusMs = out.loadMs + out.ms;
      out.pairs = c.pairs.length;
      const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
      out.meanKappa = mean(c.pairs.map((p) => p.kappa ?? 0));
      out.meanRComp = mean(c.pairs.map((p) => p.rComp ?? 0));
    } else if (what === 'greedy' || what === 'exhaustive') {
      const { runPlan } = await import(dist('src/plan/plan.js'));
      const { parseObjective } = await import(dist('src/plan/objective.js'));
      const { parseRule } = await import(dist('src/ensemble/rules.js'));
      const options = what === 'exhaustive'
        ? { objective: parseObjective('f1'), rules: [parseRule('majority')], search: 'exhaustive' }
        : { objective: parseObjective('f1'), search: 'greedy' };
      if (args[3] !== undefined) options.threads = Number(args[3]);
      // The exhaustive searches' spans: each from its first progress report to its last (on several
      // threads the main thread's work alongside the workers falls inside them).
      let from;
      out.searchMs = 0;
      options.onProgress = (phase, done, total) => {
        if (!phase.endsWith('exhaustive')) return;
        if (done === 0) from = performance.now();
        else if (done === total && from !== undefined) {
          out.searchMs += performance.now() - from;
          from = undefined;
        }
      };
      t = performance.now();
      const r = runPlan(corpus, options).result;
      out.ms = performance.now() - t;
      out.evaluated = r.search.evaluated;
      out.winner = `${r.candidates[0].rule} of ${r.candidates[0].members.length}, F1 ${(100 * r.candidates[0].actual.f).toFixed(2)}`;
    } else if (what !== 'load') {
      throw new Error(`unknown child ${what}`);
    }
    out.maxRSS = maxRSS();
  }
  out.maxRSS ??= maxRSS();
  out.what = what;
  process.stdout.write(JSON.stringify(out) + '\n');
}

/**
 * Heap retained by each part of a loaded corpus: the heap after a full GC, then again after
 * each part is let go. Parts are let go in order, so each figure is what that part alone keeps.
 */
function heapBreakdown(held) {
  const { corpus } = held;
  // The heap and the typed arrays' stores (outside the heap: the corpus's token ids).
  const heap = () => {
    globalThis.gc();
    globalThis.gc();
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  const parts = {};
  let before = heap();
  parts.total = before;
  const drop = (name, f) => {
    f();
    const now = heap();
    parts[name] = before - now;
    before = now;
  };
  drop('report', () => { held.report = undefined; });
  // (`eval` keeps no tokens of a lone file: there are none to drop.)
  drop('systemSpans', () => { corpus.systems[0].spans = []; });
  drop('goldSpans', () => { corpus.gold.spans = []; });
  drop('sentences', () => { corpus.sentences = []; });
  drop('documents', () => { corpus.documents = []; });
  parts.rest = before;
  return parts;
}

// -------------------------------------------------------------------------------------- parent

function option(name, fallback) {
  const k = argv.indexOf(name);
  return k >= 0 ? argv[k + 1] : fallback;
}

/** Runs a child measurement in a fresh Node process and returns its JSON. */
function spawnChild(what, args, nodeFlags = []) {
  const p = spawnSync(process.execPath, [...nodeFlags, fileURLToPath(import.meta.url), '--child', what, ...args.map(String)], {
    encoding: 'utf8', maxBuffer: 1 << 24,
  });
  if (p.status !== 0) throw new Error(`scale benchmark child "${what} ${args.join(' ')}" failed (${p.status ?? p.signal}):\n${p.stderr}`);
  return JSON.parse(p.stdout.trim().split('\n').pop());
}

/** The threads exhaustive search uses by default (as the library decides it). */
const defaultThreads = Math.min(8, availableParallelism());

/** Wall time of one `node -e 0`, timed before each measurement: how busy the machine was (about 70–80 ms when quiet). */
function bareNode() {
  const t0 = process.hrtime.bigint();
  spawnSync(process.execPath, ['-e', '0'], { stdio: 'ignore' });
  return Number(process.hrtime.bigint() - t0) / 1e6;
}

const secs = (ms) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const mib = (bytes) => `${Math.round(bytes / 2 ** 20).toLocaleString('en')} MiB`;
const int = (x) => Math.round(x).toLocaleString('en');
const perSec = (n, ms) => int(n / (ms / 1000));
const short = (n) => (n >= M ? `${n / M}M` : `${n / 1000}k`);
const met = (ok) => (ok ? 'met' : 'NOT met');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const cacheRoot = option('--dir', join(tmpdir(), 'complan-bench-scale'));
  const correlation = Number(option('--correlation', '1'));
  const seed = 7;
  const keep = argv.includes('--keep');
  const gigabyteOnly = argv.includes('--gigabyte-only');
  const gigabyte = gigabyteOnly || argv.includes('--gigabyte');
  if (!existsSync(dist('cli/program.js'))) {
    console.error('dist/ is missing: run `npm run build` first');
    process.exit(1);
  }
  mkdirSync(cacheRoot, { recursive: true });
  try {
    if (!gigabyteOnly) scale(cacheRoot, seed, correlation);
    if (gigabyte) await gigabyteBench(cacheRoot);
  } finally {
    if (keep) console.log(`\n(generated files kept in ${cacheRoot})`);
    else rmSync(cacheRoot, { recursive: true, force: true });
  }
}

/** The corpus directory for these parameters, generated (in a child) unless cached. */
function corpusDir(cacheRoot, tokens, systems, seed, correlation) {
  const dir = join(cacheRoot, `t${tokens}-s${systems}-seed${seed}-c${correlation}`);
  const marker = join(dir, 'complete.json');
  if (existsSync(marker)) return { dir, ...JSON.parse(readFileSync(marker, 'utf8')), cached: true };
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const g = spawnChild('generate', [dir, tokens, systems, seed, correlation]);
  writeFileSync(marker, JSON.stringify(g));
  return { dir, ...g, cached: false };
}

function scale(cacheRoot, seed, correlation) {
  const SYSTEMS = 30;
  console.log(`\nScale: synthetic corpus written as CoNLL files and read back; every phase in a fresh Node ${process.version} process`);
  console.log(`(${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}; load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} at the start)`);
  const corpora = new Map();
  const corpus = (tokens) => {
    if (!corpora.has(tokens)) corpora.set(tokens, corpusDir(cacheRoot, tokens, SYSTEMS, seed, correlation));
    return corpora.get(tokens);
  };
  const runs = Math.max(1, Number(option('--runs', '1')));
  /** `runs` processes; every numeric figure is their median, `all` the runs themselves. */
  const measure = (what, tokens, systems, ...more) => {
    const all = Array.from({ length: runs }, () => ({ bareMs: bareNode(), ...spawnChild(what, [corpus(tokens).dir, tokens, systems, ...more]) }));
    const out = { ...all[0], all };
    for (const [k, v] of Object.entries(all[0])) if (typeof v === 'number') out[k] = median(all.map((r) => r[k]));
    return out;
  };
  /** The load phase, its time the median over every process that loaded this corpus. */
  const loadOf = (l, m, g) => ({ ...l, loadMs: median([l, m, g].flatMap((x) => x.all.map((r) => r.loadMs))) });
  console.log(runs === 1
    ? 'One process per figure; the load time is the median of the three processes that load the corpus (load, matrix, greedy).'
    : `Median of ${runs} processes per figure; the load time is the median of the ${3 * runs} processes that load the corpus (load, matrix, greedy).`);

  // The targets: 1M tokens × 30 systems (20 for exhaustive).
  const c = corpus(M);
  console.log(`\n1,000,000 tokens × 30 systems: gold.conll + 30 system files (token tag, IOB2), ${mib(c.bytes)} in all; error correlation ${correlation}`);
  console.log(`  ${c.cached ? 'cached' : `generated in ${secs(c.ms)}`}; ${int(c.dropped)} overlapping system spans dropped when writing CoNLL (--resolve-overlaps first)`);
  const matrix = measure('matrix', M, SYSTEMS);
  const greedy = measure('greedy', M, SYSTEMS);
  const load = loadOf(measure('load', M, SYSTEMS), matrix, greedy);
  const exhaustive = measure('exhaustive', M, 20);
  const exhaustiveOne = measure('exhaustive', M, 20, 1);
  const loadMatrix = matrix.loadPlusMs;
  console.log(`  load          ${secs(load.loadMs).padStart(8)}  ${int(load.items)} items, ${perSec(load.items, load.loadMs)} items/s, ${(load.bytes / 2 ** 20 / (load.loadMs / 1000)).toFixed(0)} MiB/s; peak RSS ${mib(load.loadRSS)}`);
  console.log(`  full matrix   ${secs(matrix.ms).padStart(8)}  ${int(matrix.pairs)} ordered pairs, ${perSec(matrix.items, matrix.ms)} items/s; mean kappa ${matrix.meanKappa.toFixed(3)}, mean R_Comp ${matrix.meanRComp.toFixed(3)}`);
  console.log(`  load + matrix ${secs(loadMatrix).padStart(8)}  (load then matrix in one process; load ${secs(matrix.loadMs)}, matrix ${secs(matrix.ms)}); peak RSS ${mib(matrix.maxRSS)}`);
  console.log(`  greedy        ${secs(greedy.ms).padStart(8)}  ${int(greedy.evaluated)} candidates, ${perSec(greedy.items, greedy.ms)} items/s; best ${greedy.winner}; peak RSS ${mib(greedy.maxRSS)} (load ${secs(greedy.loadMs)} before it)`);
  for (const [e, threads] of [[exhaustiveOne, 'one thread'], [exhaustive, `${defaultThreads} threads`]]) {
    console.log(`  exhaustive    ${secs(e.ms).padStart(8)}  20 systems, majority, ${threads}: ${int(e.evaluated)} member sets, searched 6 times (all the data and 5 folds) in ${secs(e.searchMs)}, ${perSec(6 * e.evaluated, e.searchMs)} sets/s; best ${e.winner}; peak RSS ${mib(e.maxRSS)}; node -e 0 before it ${Math.round(e.bareMs)} ms`);
  }
  console.log('\n  Speed targets (this machine):');
  console.log(`    load + full matrix, 1M tokens × 30 systems, < 15 s: ${secs(loadMatrix)} — ${met(loadMatrix < TARGETS.loadMatrixMs)}`);
  console.log(`    … and < 2 GB peak: ${mib(matrix.maxRSS)} (${(matrix.maxRSS / GB).toFixed(2)} GB) — ${met(matrix.maxRSS < TARGETS.loadMatrixBytes)}`);
  console.log(`    greedy search, 30 systems, < 10 s: ${secs(greedy.ms)} — ${met(greedy.ms < TARGETS.greedyMs)}`);
  console.log(`    exhaustive search, 20 systems, majority, ≤ 6 s: one thread ${secs(exhaustiveOne.ms)} — ${met(exhaustiveOne.ms <= TARGETS.exhaustiveMs)}; ${defaultThreads} threads ${secs(exhaustive.ms)} — ${met(exhaustive.ms <= TARGETS.exhaustiveMs)} (the same winner: ${exhaustive.winner === exhaustiveOne.winner ? 'yes' : 'NO'})`);
  loadingThroughput(c.dir, SYSTEMS, runs);

  // Growth.
  const rows = [];
  const row = (tokens, systems) => {
    const same = tokens === M && systems === SYSTEMS;
    if (same) return { tokens, systems, bytes: load.bytes, items: load.items, load, matrix, greedy };
    const m = measure('matrix', tokens, systems);
    const g = measure('greedy', tokens, systems);
    const l = loadOf(measure('load', tokens, systems), m, g);
    return { tokens, systems, bytes: l.bytes, items: l.items, load: l, matrix: m, greedy: g };
  };
  console.log('\nGrowth (each figure from its own process; × is the ratio to the row above)');
  for (const tokens of [250_000, 500_000, M, 2 * M]) rows.push(row(tokens, SYSTEMS));
  const bySystems = [8, 15].map((systems) => row(M, systems));
  bySystems.push(rows.find((r) => r.tokens === M));
  const exhaustives = [16, 18].map((n) => measure('exhaustive', M, n));
  exhaustives.push(exhaustive);
  for (const tokens of corpora.keys()) if (tokens !== M) rmSync(corpora.get(tokens).dir, { recursive: true, force: true });

  console.log(`\n(load average ${loadavg().map((x) => x.toFixed(2)).join(' ')} at the end)`);
  console.log('\n' + growthTable('Tokens double (30 systems)', rows));
  console.log('\n' + growthTable('Systems double (1M tokens)', bySystems));
  console.log('\n' + exhaustiveTable(exhaustives));
}

/**
 * Loading alone, 1M tokens × 30 systems, CoNLL and JSONL system files, on one thread and with
 * worker threads: throughput against the targets (≥ 60 MiB/s on one core, ≥ 100 MiB/s on two).
 */
function loadingThroughput(dir, systems, runs) {
  if (!existsSync(join(dir, 'jsonl', 'complete'))) {
    spawnChild('jsonl-files', [dir, systems]);
    writeFileSync(join(dir, 'jsonl', 'complete'), '');
  }
  console.log(`\n  Loading alone (gold.conll + ${systems} system files; median of ${runs} processes; ${cpus().length} cores, load average ${loadavg()[0].toFixed(2)}):`);
  for (const format of ['conll', 'jsonl']) {
    for (const workers of [0, -1]) {
      const all = Array.from({ length: runs }, () => spawnChild('load-threads', [dir, systems, format, workers]));
      const ms = median(all.map((r) => r.loadMs));
      const rate = all[0].bytes / 2 ** 20 / (ms / 1000);
      const target = workers === 0 ? 60 : 100;
      console.log(`    ${format.padEnd(5)} ${workers === 0 ? 'one thread ' : `${all[0].workers} worker(s) `} ${secs(ms).padStart(8)}  ${mib(all[0].bytes)}, ${rate.toFixed(0)} MiB/s; peak RSS ${mib(median(all.map((r) => r.maxRSS)))}   target ≥ ${target} MiB/s: ${met(rate >= target)}`);
    }
  }
}

/** `value (×ratio)`, the ratio to the previous row's value. */
function withRatio(value, prev, format) {
  return prev === undefined ? format(value) : `${format(value)} (×${(value / prev).toFixed(1)})`;
}

function growthTable(title, rows) {
  const lines = [
    `**${title}**`,
    '',
    '| tokens | systems | input | items | load | load peak RSS | full matrix | load + matrix peak RSS | greedy (4 rules) | greedy peak RSS |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  rows.forEach((r, k) => {
    const p = rows[k - 1];
    lines.push(`| ${short(r.tokens)} | ${r.systems} | ${mib(r.bytes)} | ${int(r.items)} `
      + `| ${withRatio(r.load.loadMs, p?.load.loadMs, secs)} | ${withRatio(r.load.loadRSS, p?.load.loadRSS, mib)} `
      + `| ${withRatio(r.matrix.ms, p?.matrix.ms, secs)} | ${withRatio(r.matrix.maxRSS, p?.matrix.maxRSS, mib)} `
      + `| ${withRatio(r.greedy.ms, p?.greedy.ms, secs)} | ${withRatio(r.greedy.maxRSS, p?.greedy.maxRSS, mib)} |`);
  });
  return lines.join('\n');
}

function exhaustiveTable(rows) {
  const lines = [
    '**Exhaustive search, majority (1M tokens)**: every member set is scored, 2ⁿ − 1 of them, so two more systems',
    `mean four times the sets, and doubling the systems squares their number (2²ⁿ = (2ⁿ)²). The plan searches six times`,
    `(all the data, then each of 5 folds); ${defaultThreads} threads.`,
    '',
    '| systems | member sets | items | plan | the six searches | sets/s | peak RSS |',
    '|---:|---:|---:|---:|---:|---:|---:|',
  ];
  rows.forEach((r, k) => {
    const p = rows[k - 1];
    lines.push(`| ${r.systems} | ${int(r.evaluated)} | ${int(r.items)} | ${withRatio(r.ms, p?.ms, secs)} | ${withRatio(r.searchMs, p?.searchMs, secs)} | ${perSec(6 * r.evaluated, r.searchMs)} | ${withRatio(r.maxRSS, p?.maxRSS, mib)} |`);
  });
  return lines.join('\n');
}

/** The 1 GB CoNLL files (conlleval layout, embedded gold): streaming and where memory goes. */
async function gigabyteBench(cacheRoot) {
  const path = join(cacheRoot, 'conlleval-1GB.conll');
  const marker = `${path}.json`;
  let g;
  if (existsSync(marker)) g = { ...JSON.parse(readFileSync(marker, 'utf8')), cached: true };
  else {
    g = spawnChild('generate-gigabyte', [path, 1e9]);
    writeFileSync(marker, JSON.stringify(g));
  }
  console.log(`\nA 1 GB CoNLL file (conlleval layout: token POS chunk gold prediction; -DOCSTART- documents), read as \`complan eval FILE\` reads it`);
  console.log(`  ${int(g.bytes)} bytes, ${int(g.tokens)} tokens, ${int(g.sentences)} sentences, ${int(g.documents)} documents; ${g.cached ? 'cached' : `written in ${secs(g.ms)}`}`);
  const { constants } = await import('node:buffer');
  console.log(`  V8's longest string has ${int(constants.MAX_STRING_LENGTH)} characters: this file cannot be held in one string at all`);
  const r = spawnChild('read-lines', [path]);
  console.log(`  line reader alone (4 MiB chunks, nothing kept): ${int(r.lines)} lines in ${secs(r.ms)}, ${(g.bytes / 2 ** 20 / (r.ms / 1000)).toFixed(0)} MiB/s; longest chunk text ${int(r.longestChunkText)} characters; peak RSS ${mib(r.maxRSS ?? 0)}`);
  const one = spawnChild('gigabyte', [path, 'one']);
  console.log(`  load on one thread (embedded gold as the reference): ${secs(one.loadMs)}, ${(g.bytes / 2 ** 20 / (one.loadMs / 1000)).toFixed(0)} MiB/s; peak RSS ${mib(one.loadRSS)}`);
  gigabyteLoad(path, g.bytes);
  // The same size of real text: a CoNLL-2003 system's conlleval file, repeated. Short tokens and
  // dense entities make about twice the tokens and items of the synthetic file per byte.
  const sharedFile = join(sharedData, 'bert-lstmcrf.conll');
  if (!existsSync(sharedFile)) {
    console.log(`\n(the CoNLL-2003 outputs are not in ${sharedData}: the 1 GB file of their text is skipped)`);
    return;
  }
  const real = join(cacheRoot, 'conll03-1GB.conll');
  const bytes = repeatToSize(sharedFile, real, 1e9);
  console.log(`\nA 1 GB conlleval file of CoNLL-2003 text (${sharedFile} repeated), read as \`complan eval FILE\` reads it: ${int(bytes)} bytes`);
  gigabyteLoad(real, bytes);
}

/** The shared CoNLL-2003 outputs (COMPLAN_DATA names their folder, as for the tests). */
const sharedData = resolve(process.env.COMPLAN_DATA ?? resolve(root, '../shared/data/conll03-12sys'));

/** Writes `from` repeated until `to` holds at least `size` bytes (kept when there already); its size. */
function repeatToSize(from, to, size) {
  if (existsSync(to) && statSync(to).size >= size) return statSync(to).size;
  const text = readFileSync(from);
  const fd = openSync(`${to}.part`, 'w');
  try {
    for (let n = 0; n < size; n += text.length) writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
  renameSync(`${to}.part`, to);
  return statSync(to).size;
}

/** `complan eval FILE`'s load of a 1 GB file in parts, its evaluation, and where memory goes, against the targets. */
function gigabyteLoad(path, bytes) {
  const e = spawnChild('gigabyte', [path], ['--expose-gc']);
  console.log(`  load in ${e.parts} parts, one a core: ${secs(e.loadMs)}, ${perSec(e.tokens, e.loadMs)} tokens/s, ${(bytes / 2 ** 20 / (e.loadMs / 1000)).toFixed(0)} MiB/s; ${int(e.tokens)} tokens, ${int(e.items)} items; peak RSS ${mib(e.loadRSS)}`);
  console.log(`    V8 heap right after the load: ${mib(e.heapAfterLoad.total)} reserved, ${mib(e.heapAfterLoad.used)} in use before a GC (limit ${mib(e.heapAfterLoad.limit)})`);
  console.log(`  evaluate: ${secs(e.evalMs)}; F1 ${(100 * e.f1).toFixed(2)}; peak RSS ${mib(e.maxRSS)} (${(e.maxRSS / bytes).toFixed(2)} × the file's size)`);
  console.log(`  target: loaded in ≤ 15 s: ${secs(e.loadMs)} — ${met(e.loadMs <= 15_000)}; peak RSS of the load ≤ 1.5 GB: ${(e.loadRSS / GB).toFixed(2)} GB — ${met(e.loadRSS <= 1.5 * GB)}`);
  if (e.heap !== undefined) {
    const h = e.heap;
    const per = (b, n) => `${(b / n).toFixed(0)} B each`;
    console.log(`  heap and typed arrays after load and evaluate, after a full GC: ${mib(h.total)}, of which`);
    console.log(`    tokens (${int(e.tokens)}): counted, not kept (eval never shows one)`);
    console.log(`    predicted spans not the gold's: ${mib(h.systemSpans)}; gold spans: ${mib(h.goldSpans)} (${per(h.goldSpans + h.systemSpans, e.items)} item)`);
    console.log(`    sentences (${int(e.sentences)}): ${mib(h.sentences)}; documents: ${mib(h.documents)}; the evaluation report: ${mib(h.report)}; the rest (code, caches): ${mib(h.rest)}`);
  }
}

if (argv[0] === '--child') {
  await child(argv[1], argv.slice(2));
} else {
  await main();
}
