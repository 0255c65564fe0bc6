// One fresh process doing what the first speed target times: load the gold and the systems,
// eval them, compute the complementarity matrices, and simulate and score the four base rules
// (union, intersection, majority, vote) over all systems. Prints its phase times (cold JIT, as
// a user sees them) as one JSON line; run.mjs measures the wall time around it.
//
//   node test/bench/pipeline.mjs GOLD SYSTEM...
// The library as a user imports it: the package's main export, dist/src/index.js.
import {
  BASE_RULES, buildEnsembleIndex, buildUniverse, compareSystems, DEFAULT_LOAD_OPTIONS, ensembleCounts, evaluate,
  loadCorpus, parseSystemArg, prf, simulate,
} from '../../dist/src/index.js';

const [gold, ...systems] = process.argv.slice(2);
// Time from the process's start, so that loading the library counts.
const t = [performance.now()];
const startMs = t[0];
const lap = () => { t.push(performance.now()); return t[t.length - 1] - t[t.length - 2]; };
const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold, systems: systems.map(parseSystemArg) });
const load = lap();
const report = evaluate(corpus);
const evalMs = lap();
const universe = buildUniverse(corpus, 'strict');
const comparison = compareSystems(corpus, undefined, universe);
const compareMs = lap();
const index = buildEnsembleIndex(corpus, { universe });
const all = corpus.systems.map((_, k) => k);
const results = BASE_RULES.map((rule) => simulate(index, all, rule));
const simulateMs = lap();
// Strict counts from the bitsets, equal to eval's (tested in test/ensemble/simulate.test.ts).
const scored = results.map((r) => prf(ensembleCounts(index, r)));
const scoreMs = lap();
process.stdout.write(JSON.stringify({
  start: startMs, load, eval: evalMs, compare: compareMs, simulate: simulateMs, score: scoreMs,
  pairs: comparison.pairs.length, systems: report.systems.length,
  rules: Object.fromEntries(scored.map((s, k) => [BASE_RULES[k].kind, s.f])),
  maxrss: process.resourceUsage().maxRSS,
}) + '\n');
