#!/usr/bin/env node
// The prediction-guided search (src/plan/guided.ts) against exhaustive, greedy and beam search on
// synthetic corpora (test/bench/synthetic.mjs), one rule at a time, objective F1, in-process:
//
//   node test/bench/guided.mjs            the sweep: 20 systems (exhaustive known) and 30 systems
//                                         (2^30 member sets: exhaustive impossible), 1M tokens,
//                                         seeds 7 and 8, correlations 1 and 0.8, more rules (~6 min)
//   node test/bench/guided.mjs --quick    what `npm run bench` prints: 200,000 tokens, seed 7;
//                                         20 systems at correlation 0.8, 30 and 40 at 0.8 and 1
//                                         (~2 min)
//   --systems 40,64                       the comparison without exhaustive search at these numbers
//                                         of systems (2 to 64) instead of the default (30; 30 and
//                                         40 with --quick); the 20-system part is left out
//   --runs R                              timed repetitions per search (median; default 3)
//   --objective ser                       only the 30-system comparison, under this objective (an
//                                         exhaustive search of 20 systems under SER takes minutes)
//
// 20 systems: per rule, the exhaustive optimum and its time, the guided search's time, their
// ratio, whether it found the optimum, and its gap in objective points; greedy and beam beside it.
//   --tokens N                            corpus size (default 200,000 with --quick, else 1,000,000)
// `vote` is searched up to 5 members there (4 with 1M tokens): the exhaustive search of every size
// would simulate a typed vote a million times. 30 systems: greedy, beam (width 5), the guided
// search with its default budget (the same at 40 or 64 systems), the guided search at greedy's time (the largest budget of 12,
// 25, 50, 100, 200, 400 whose median time is at most greedy's; the smallest, marked '>', when none
// is; a verdict per rule says whether it found better than greedy),
// beam widened until it takes at least the guided search's time, and greedy then guided on one
// store (what `complan plan --search guided` runs: the guided refinement starts from greedy's
// candidates too); each one's gap to the best candidate any of them found. Apart from that last
// one, every search runs on a fresh store: nothing is shared.
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { syntheticCorpus } from './synthetic.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const lib = (p) => import(join(root, 'dist/src', p));
const { buildEnsembleIndex } = await lib('ensemble/simulate.js');
const { buildPlanData } = await lib('plan/data.js');
const { makeContext } = await lib('plan/store.js');
const { exhaustive, subsetCount } = await lib('plan/exhaustive.js');
const { beam, bestSingle, betterCandidate, greedy } = await lib('plan/greedy.js');
const { DEFAULT_GUIDED_BUDGET, guided } = await lib('plan/guided.js');
const { Scorer } = await lib('plan/scores.js');
const { parseObjective } = await lib('plan/objective.js');
const { parseRule } = await lib('ensemble/rules.js');

const quick = process.argv.includes('--quick');
const objectiveAt = process.argv.indexOf('--objective');
const OBJECTIVE = objectiveAt > 0 ? process.argv[objectiveAt + 1] : 'f1';
const runsAt = process.argv.indexOf('--runs');
const RUNS = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;
const tokensAt = process.argv.indexOf('--tokens');
const TOKENS = tokensAt > 0 ? Number(process.argv[tokensAt + 1]) : quick ? 200_000 : 1_000_000;
const SEEDS = quick ? [7] : [7, 8];
const systemsAt = process.argv.indexOf('--systems');
/** Numbers of systems of the comparison without exhaustive search. */
const LARGE_SIZES = systemsAt > 0 ? process.argv[systemsAt + 1].split(',').map(Number) : quick ? [30, 40] : [30];
if (LARGE_SIZES.some((n) => !Number.isInteger(n) || n < 2 || n > 64)) throw new RangeError(`--systems takes numbers of systems from 2 to 64, got ${process.argv[systemsAt + 1]}`);
const CORRELATIONS = [1, 0.8];
const SMALL_CORRELATIONS = quick ? [0.8] : CORRELATIONS;
const SMALL_RULES = quick ? ['union', 'intersection', 'majority', 'kofn:3', 'kofn:4', 'vote'] : ['union', 'intersection', 'majority', 'kofn:3', 'kofn:4', 'vote'];
const LARGE_RULES = quick ? ['majority', 'kofn:3', 'kofn:4', 'vote', 'weighted'] : ['union', 'majority', 'kofn:3', 'kofn:4', 'vote', 'weighted'];
/** Budgets tried for the guided search at greedy's time. */
const LADDER = [12, 25, 50, 100, 200, 400];
const TYPED_MAX_SIZE = quick ? 5 : 4;

const ruleOf = (name) => (name === 'weighted' ? parseRule('weighted', { kind: 'f1' }) : parseRule(name));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const pts = (x) => (100 * x).toFixed(2);
/** A gap in points, with three decimals (a gap below 0.005 points is not shown as 0.00). */
const gapPts = (x) => (100 * x).toFixed(3);
const ms = (x) => (x < 10 ? x.toFixed(1) : x.toFixed(0));
const pad = (s, w) => String(s).padStart(w);

function planData(systems, seed, correlation) {
  const corpus = syntheticCorpus({ tokens: TOKENS, systems, seed, correlation });
  const data = buildPlanData(buildEnsembleIndex(corpus, {}), { units: 'document', select: () => true });
  const scorer = new Scorer(parseObjective(OBJECTIVE), { beta: 1, kAlpha: 1, zeroDivision: 'gerbil' }, new Float64Array(systems).fill(1));
  return { data, scorer };
}

/** Runs `search(ctx)` on fresh stores (`runs` times): the median time, the evaluations and the best candidate found. */
function timed({ data, scorer }, rule, maxSize, search, runs = RUNS) {
  const times = [];
  let out;
  for (let k = 0; k < runs; k++) {
    const ctx = makeContext(data, [rule], scorer, 1, maxSize);
    const t0 = performance.now();
    search(ctx);
    times.push(performance.now() - t0);
    let best = 0;
    for (let c = 1; c < ctx.store.length; c++) if (betterCandidate(ctx, c, best)) best = c;
    out = { evaluated: ctx.store.length, value: ctx.store.actual[best], key: scorer.key(ctx.store.actual[best]) };
  }
  return { ms: median(times), ...out };
}

const greedySearch = (ctx) => {
  const first = bestSingle(ctx, 0);
  // The single system's bit: in the low word (systems 0–31) or the high word (32–63).
  const lo = ctx.store.masks[first];
  greedy(ctx, 0, 'score', lo !== 0 ? 31 - Math.clz32(lo) : 63 - Math.clz32(ctx.store.masksHi[first]));
};
const guidedSearch = (budget) => (ctx) => guided(ctx, 0, { budget });
const beamSearch = (width) => (ctx) => beam(ctx, 0, width);

function small(seed, correlation) {
  const d = planData(20, seed, correlation);
  console.log(`\n20 systems, ${TOKENS.toLocaleString('en')} tokens, seed ${seed}, correlation ${correlation}: guided (budget ${DEFAULT_GUIDED_BUDGET}) against the exhaustive optimum, ${OBJECTIVE} (times: ms, median of ${RUNS}; exhaustive: one run)`);
  console.log(`  ${'rule'.padEnd(12)} ${pad('sets', 9)} ${pad('exh ms', 7)} ${pad('optimum', 7)} ${pad('guided', 7)} ${pad('evals', 5)} ${pad('ratio', 6)} ${pad('found', 5)} ${pad('gap', 5)}   greedy (ms, gap)   beam 5 (ms, gap)`);
  const rows = [];
  for (const name of SMALL_RULES) {
    const rule = ruleOf(name);
    const maxSize = rule.kind === 'vote' || rule.kind === 'weighted' ? TYPED_MAX_SIZE : 20;
    const ex = timed(d, rule, maxSize, (ctx) => exhaustive(ctx), 1);
    const gu = timed(d, rule, maxSize, guidedSearch(DEFAULT_GUIDED_BUDGET));
    const gr = timed(d, rule, maxSize, greedySearch);
    const be = timed(d, rule, maxSize, beamSearch(5));
    const gap = ex.key - gu.key;
    const label = maxSize < 20 ? `${name} ≤${maxSize}` : name;
    rows.push({ name: label, ratio: gu.ms / ex.ms, found: gap <= 1e-12, gap });
    console.log(`  ${label.padEnd(12)} ${pad(subsetCount(20, 1, maxSize).toLocaleString('en'), 9)} ${pad(ms(ex.ms), 7)} ${pad(pts(ex.value), 7)} ${pad(ms(gu.ms), 7)} ${pad(gu.evaluated, 5)} ${pad(`1/${Math.round(ex.ms / gu.ms)}`, 6)} ${pad(gap <= 1e-12 ? 'yes' : 'no', 5)} ${pad(gapPts(gap), 5)}   ${pad(ms(gr.ms), 5)} ${pad(gapPts(ex.key - gr.key), 5)}        ${pad(ms(be.ms), 5)} ${pad(gapPts(ex.key - be.key), 5)}`);
  }
  return rows;
}

function large(n, seed, correlation) {
  const d = planData(n, seed, correlation);
  console.log(`\n${n} systems (2^${n} − 1 member sets: no exhaustive search), ${TOKENS.toLocaleString('en')} tokens, seed ${seed}, correlation ${correlation}, ${OBJECTIVE}: each search's best, as the gap to the best any of them found (points), its time (ms) and exact evaluations`);
  console.log(`  ${'rule'.padEnd(9)} ${pad('best', 6)}   ${'greedy'.padEnd(18)} ${'beam 5'.padEnd(18)} ${`guided ${DEFAULT_GUIDED_BUDGET}`.padEnd(18)} ${"guided at greedy's time".padEnd(26)} ${'greedy then guided'.padEnd(18)} beam at guided's time`);
  const verdicts = [];
  for (const name of LARGE_RULES) {
    const rule = ruleOf(name);
    const gr = timed(d, rule, n, greedySearch);
    const be = timed(d, rule, n, beamSearch(5));
    const gu = timed(d, rule, n, guidedSearch(DEFAULT_GUIDED_BUDGET));
    // The largest budget of the ladder within greedy's time (each timed on its own, so a noisy
    // slow run of one budget does not hide a larger one; a budget the search does not use up
    // ends the ladder, as larger ones would repeat it).
    let same;
    let sameBudget = LADDER[0];
    for (const b of LADDER) {
      const t = timed(d, rule, n, guidedSearch(b));
      if (same === undefined || t.ms <= gr.ms) {
        same = t;
        sameBudget = b;
      }
      if (t.evaluated < n + b) break;
    }
    const both = timed(d, rule, n, (ctx) => { greedySearch(ctx); guided(ctx, 0, { budget: DEFAULT_GUIDED_BUDGET }); });
    let width = 5;
    let wide = be;
    while (wide.ms < gu.ms && width < 320) {
      width *= 2;
      wide = timed(d, rule, n, beamSearch(width), 1);
    }
    const runs = [gr, be, gu, same, both, wide];
    const top = runs.reduce((a, b) => (b.key > a.key ? b : a));
    const cell = (x) => `${gapPts(top.key - x.key)} ${ms(x.ms)}/${x.evaluated}`.padEnd(18);
    console.log(`  ${name.padEnd(9)} ${pad(pts(top.value), 6)}   ${cell(gr)} ${cell(be)} ${cell(gu)} ${`${same.ms > gr.ms ? '>' : ''}b${sameBudget}:`.padEnd(6)} ${cell(same)} ${cell(both)} width ${width}: ${cell(wide)}`);
    const verdict = same.ms <= gr.ms && same.key > gr.key ? 'yes' : same.key > gr.key ? 'no (better, but slower)' : same.key === gr.key ? 'no (tie)' : 'no (worse)';
    verdicts.push(`  ${name}: guided better than greedy at equal time: ${verdict} (guided ${gapPts(top.key - same.key)} short in ${ms(same.ms)} ms, budget ${sameBudget}; greedy ${gapPts(top.key - gr.key)} short in ${ms(gr.ms)} ms${same.ms > gr.ms ? '; even the smallest budget takes longer than greedy' : ''})`);
  }
  for (const v of verdicts) console.log(v);
}

const t0 = performance.now();
console.log(`\nGuided search — Node ${process.version}`);
if (OBJECTIVE === 'f1' && systemsAt < 0) {
  const all = [];
  for (const seed of SEEDS) for (const c of SMALL_CORRELATIONS) all.push(...small(seed, c));
  const found = all.filter((r) => r.found).length;
  console.log(`  guided: optimum found in ${found} of ${all.length}; largest gap ${gapPts(Math.max(...all.map((r) => r.gap)))} points; time ratio to exhaustive at most 1/${Math.floor(1 / Math.max(...all.map((r) => r.ratio)))} (target at most 1/10: ${all.every((r) => r.ratio <= 0.1) ? 'met' : 'NOT met'})`);
}
for (const n of LARGE_SIZES) for (const seed of SEEDS) for (const c of CORRELATIONS) large(n, seed, c);
console.log(`\n(${((performance.now() - t0) / 1000).toFixed(0)} s)`);
