// One fresh process doing what DESIGN §10's first target times: load the gold and the systems,
// eval them, compute the complementarity matrices, and simulate and score the four base rules
// (union, intersection, majority, vote) over all systems. Prints its phase times (cold JIT, as
// a user sees them) as one JSON line; run.mjs measures the wall time around it.
//
//   node test/bench/pipeline.mjs GOLD SYSTEM...
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../dist/src/formats/load.js';
import { evaluate } from '../../dist/src/metrics/evaluate.js';
import { compareSystems } from '../../dist/src/complementarity/matrix.js';
import { buildEnsembleIndex, ensembleCounts, simulate } from '../../dist/src/ensemble/simulate.js';
import { buildUniverse } from '../../dist/src/model/universe.js';
import { prf } from '../../dist/src/metrics/prf.js';
import { BASE_RULES } from '../../dist/src/ensemble/rules.js';

const [gold, ...systems] = process.argv.slice(2);
const t = [performance.now()];
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
  load, eval: evalMs, compare: compareMs, simulate: simulateMs, score: scoreMs,
  pairs: comparison.pairs.length, systems: report.systems.length,
  rules: Object.fromEntries(scored.map((s, k) => [BASE_RULES[k].kind, s.f])),
  maxrss: process.resourceUsage().maxRSS,
}) + '\n');
