// complan as a library: load a gold standard and system outputs, score them, measure what each
// system offers another, simulate an ensemble, and plan one. Run it from the repository after
// `npm install`:
//
//   node examples/library.mjs
//
// In your own project, `npm install` complan and import from 'complan' instead of the path below.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildEnsembleIndex, compareSystems, DEFAULT_LOAD_OPTIONS, ensembleCounts, evaluate, loadCorpus, pairAt,
  parseObjective, parseRule, parseSystemArg, plan, prf, simulate,
} from '../dist/src/index.js';

const news = join(dirname(fileURLToPath(import.meta.url)), 'news');
const systems = readdirSync(join(news, 'systems')).filter((f) => f.endsWith('.conll')).sort();

// 1. Load: the same options as the command line's (formats are detected, schemes too).
const corpus = loadCorpus({
  ...DEFAULT_LOAD_OPTIONS,
  gold: join(news, 'gold.conll'),
  systems: systems.map((f) => parseSystemArg(join(news, 'systems', f))),
});

// 2. Score: strict match, as conlleval.
const report = evaluate(corpus);
for (const s of report.systems) {
  console.log(`${s.name.padEnd(10)} F1 ${(100 * s.f).toFixed(2)}  SER ${(100 * s.ser).toFixed(2)}`);
}

// 3. Complementarity: what system B offers system A (R_Comp: the share of A's misses B finds).
const comparison = compareSystems(corpus);
const names = corpus.systems.map((s) => s.name);
const a = names.indexOf('crf');
const b = names.indexOf('gazetteer');
console.log(`R_Comp(crf, gazetteer) = ${(100 * pairAt(comparison, a, b).rComp).toFixed(1)}%`);

// 4. An ensemble: the typed vote of all systems, scored like any system.
const index = buildEnsembleIndex(corpus);
const vote = simulate(index, names.map((_, k) => k), parseRule('vote'));
const counts = ensembleCounts(index, vote);
console.log(`vote of all five: F1 ${(100 * prf(counts).f).toFixed(2)}`);

// 5. A plan: the best candidates by F1, the baselines and the recommendation. With `folds: 0`
// nothing is held out: every figure is in-sample (the data that ranked the candidates), and as
// nothing can be shown to beat the vote of all systems, that is recommended (basis
// 'no-held-out'). Leave `folds` out for the command's five folds and a held-out recommendation.
const result = plan(corpus, { objective: parseObjective('f1'), top: 3, folds: 0 });
for (const c of result.candidates) console.log(`#${c.rank} ${c.rule}(${c.members.join('+')}) F1 ${(100 * c.objective.actual).toFixed(2)} (in-sample)`);
console.log(`recommended: ${result.recommendation.procedure} (${result.recommendation.basis.kind})`);
