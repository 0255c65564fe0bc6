// Planner benchmarks in one fresh process, printed as one JSON line:
//   node test/bench/plan.mjs synthetic-exhaustive [systems] [tokens]   exhaustive, majority
//   node test/bench/plan.mjs synthetic-greedy [systems] [tokens]       greedy, the four base rules
// Phase times: corpus generation, planning data (index + pairwise statistics), search (without
// the held-out folds, which would repeat the search once per fold).
import { syntheticCorpus } from './synthetic.mjs';

const root = new URL('../../', import.meta.url);
const { runPlan } = await import(new URL('dist/src/plan/plan.js', root));
const { parseObjective } = await import(new URL('dist/src/plan/objective.js', root));
const { parseRule } = await import(new URL('dist/src/ensemble/rules.js', root));

const [what, systemsArg, tokensArg] = process.argv.slice(2);
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
const phases = {};
let last = performance.now();
options.onProgress = (phase) => {
  const now = performance.now();
  phases[phase] = (phases[phase] ?? 0) + (now - last);
  last = now;
};
t = performance.now();
last = t;
const run = runPlan(corpus, options);
const plan = performance.now() - t;
const r = run.result;
process.stdout.write(JSON.stringify({
  what, systems, tokens, items, generate, plan, phases,
  evaluated: r.search.evaluated, strategies: r.search.strategies,
  winner: { members: r.candidates[0].members.length, rule: r.candidates[0].rule, f: r.candidates[0].actual.f },
  bestSingle: r.bestSingle,
  rankAgreement: r.rankAgreement,
  maxrss: process.resourceUsage().maxRSS,
}) + '\n');
