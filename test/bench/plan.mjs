// Planner benchmarks in one fresh process, printed as one JSON line:
//   node test/bench/plan.mjs synthetic-exhaustive [systems] [tokens]   exhaustive, majority
//   node test/bench/plan.mjs synthetic-greedy [systems] [tokens]       greedy, the four base rules
//   a fourth argument sets the threads of exhaustive search (default: the library's), a fifth the
//   held-out folds (default 0: the search alone; 5 is the plan's default, the search run six times)
// Phase times: corpus generation, planning data (index + pairwise statistics), search (without
// the held-out folds, which would repeat the search once per fold).
import { syntheticCorpus } from './synthetic.mjs';

const root = new URL('../../', import.meta.url);
const { runPlan } = await import(new URL('dist/src/plan/plan.js', root));
const { parseObjective } = await import(new URL('dist/src/plan/objective.js', root));
const { parseRule } = await import(new URL('dist/src/ensemble/rules.js', root));

const [what, systemsArg, tokensArg, threadsArg, foldsArg] = process.argv.slice(2);
const systems = Number(systemsArg ?? (what === 'synthetic-greedy' ? 30 : 20));
const tokens = Number(tokensArg ?? 1_000_000);
let t = performance.now();
const corpus = syntheticCorpus({ tokens, systems, seed: 7 });
const generate = performance.now() - t;
const items = corpus.gold.spans.length + corpus.systems.reduce((n, s) => n + s.spans.length, 0);
// The search alone: no held-out folds (each fold would run the search again on its training part).
const options = what === 'synthetic-exhaustive'
  ? { objective: parseObjective('f1'), rules: [parseRule('majority')], search: 'exhaustive', top: 3, folds: 0 }
  : { objective: parseObjective('f1'), search: 'greedy', top: 3, folds: 0 };
if (threadsArg !== undefined) options.threads = Number(threadsArg);
if (foldsArg !== undefined) options.folds = Number(foldsArg);
const phases = {};
let last = performance.now();
// The exhaustive searches themselves: each from its first progress report (0 done) to its last (all done).
let searchFrom;
let search = 0;
options.onProgress = (phase, done, total) => {
  const now = performance.now();
  phases[phase] = (phases[phase] ?? 0) + (now - last);
  last = now;
  if (phase.endsWith('exhaustive') && done === 0) searchFrom = now;
  if (phase.endsWith('exhaustive') && done === total && searchFrom !== undefined) {
    search += now - searchFrom;
    searchFrom = undefined;
  }
};
t = performance.now();
last = t;
const run = runPlan(corpus, options);
const plan = performance.now() - t;
const r = run.result;
process.stdout.write(JSON.stringify({
  what, systems, tokens, items, generate, plan, phases, search, threads: options.threads ?? null, folds: options.folds,
  evaluated: r.search.evaluated, strategies: r.search.strategies,
  winner: { members: r.candidates[0].members.length, rule: r.candidates[0].rule, f: r.candidates[0].actual.f },
  bestSingle: r.bestSingle,
  rankAgreement: r.rankAgreement,
  maxrss: process.resourceUsage().maxRSS,
}) + '\n');
