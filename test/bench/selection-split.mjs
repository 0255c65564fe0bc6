#!/usr/bin/env node
// The split experiment behind the planning manual's figures on selection bias: choose on one
// random half of the documents, score the choice on the other half.
//
//   node test/bench/selection-split.mjs [--splits 20] [--folds 5] [--bloc K] [DIR]
//
// DIR holds gold.conll and the systems' outputs (default: ../shared/data/conll03-12sys, the
// twelve CoNLL-2003 systems; also examples/selection/helps or no-gain, whose systems are under
// systems/). For each split (seeded 1, 2, ...; the halves are a seeded shuffle of the
// documents), complan plans on half A exactly as `complan plan` does (default rules, objective
// F1, five folds inside half A for the held-out estimate) and the script scores on half B: the
// recommendation, the search's top candidate (what `plan --top` lists first), and vote-all
// chosen on half A. It prints one line per split and the means: the realized gain of each over
// vote-all on half B, the plan's own held-out estimate of the recommendation's gain
// (recommendation.vsBaselines[vote-all].meanDiff) and its error. `--bloc K` first adds K weak,
// mutually correlated systems: copies of the weakest system, copy k missing every span whose
// index i has (7i + k) mod 20 = 0 (a different twentieth each), as the integration test does.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const arg = (name, def) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : def;
};
const SPLITS = arg('--splits', 20);
const FOLDS = arg('--folds', 5);
const BLOC = arg('--bloc', 0);
const positional = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !(i > 0 && all[i - 1].startsWith('--')));
const dir = resolve(positional[0] ?? join(root, '../shared/data/conll03-12sys'));
if (!existsSync(join(dir, 'gold.conll'))) {
  console.error(`no gold.conll in ${dir}`);
  process.exit(1);
}
const lib = await import(join(root, 'dist/src/index.js'));
const systemsDir = existsSync(join(dir, 'systems')) ? join(dir, 'systems') : dir;
const files = readdirSync(systemsDir).filter((f) => /\.(conll|jsonl)$/.test(f) && f !== 'gold.conll').sort().map((f) => join(systemsDir, f));
let corpus = lib.loadCorpus({ ...lib.DEFAULT_LOAD_OPTIONS, gold: join(dir, 'gold.conll'), systems: files.map((f) => lib.parseSystemArg(f)) });
if (BLOC > 0) {
  const scores = lib.evaluate(corpus).systems;
  const weakest = corpus.systems[scores.reduce((w, s, k) => (s.f < scores[w].f ? k : w), 0)];
  const bloc = Array.from({ length: BLOC }, (_, k) => ({ ...weakest, name: `weak-bloc-${k + 1}`, spans: weakest.spans.filter((_, i) => (i * 7 + k) % 20 !== 0) }));
  corpus = { ...corpus, systems: [...corpus.systems, ...bloc] };
  console.log(`added a bloc of ${BLOC} copies of ${weakest.name}, each missing a different twentieth of its spans`);
}
const objective = lib.parseObjective('f1');
const index = lib.buildEnsembleIndex(corpus);
const D = corpus.documents.length;
const names = corpus.systems.map((s) => s.name);

const f1On = (data, choice) => lib.choiceCounts(data, choice);
const fOf = (c) => {
  const p = c.tp + c.fp === 0 ? 1 : c.tp / (c.tp + c.fp);
  const r = c.tp + c.fn === 0 ? 1 : c.tp / (c.tp + c.fn);
  return p + r === 0 ? 0 : (2 * p * r) / (p + r);
};
const pts = (x) => (x >= 0 ? '+' : '') + (100 * x).toFixed(2);

console.log(`${dir}: ${names.length} systems, ${D} documents; ${SPLITS} random halves; ${FOLDS} folds inside each planning half`);
const rows = [];
for (let seed = 1; seed <= SPLITS; seed++) {
  const random = lib.mulberry32(1000 + seed);
  const order = Array.from({ length: D }, (_, d) => d);
  for (let i = D - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const A = order.slice(0, Math.floor(D / 2));
  const inB = new Uint8Array(D).fill(1);
  for (const d of A) inB[d] = 0;
  const run = lib.runPlan(corpus, { objective, planUnits: A, folds: FOLDS, seed: 1 });
  const r = run.result;
  const B = lib.buildPlanData(index, { select: (d) => inB[d] === 1 });
  const Adata = lib.buildPlanData(index, { select: (d) => inB[d] === 0 });
  const all = (1 << names.length) - 1;
  const voteAll = lib.choiceOf(Adata, all, { kind: 'vote' });
  const vB = fOf(f1On(B, voteAll));
  const recB = fOf(f1On(B, run.recommendedChoice));
  const topB = fOf(f1On(B, run.candidateChoice(1)));
  const topA = r.candidates[0].objective.actual;
  const vA = r.baselines.find((b) => b.name === 'vote-all').planning.objective;
  const estimate = r.recommendation.vsBaselines.find((v) => v.name === 'vote-all')?.meanDiff ?? 0;
  const row = {
    seed, procedure: r.recommendation.procedure, size: r.recommendation.members.length,
    recGain: recB - vB, estimate, topLeadA: topA - vA, topGain: topB - vB,
  };
  rows.push(row);
  console.log(`split ${String(seed).padStart(2)}: recommends ${row.procedure.padEnd(12)} (${String(row.size).padStart(2)} members); held out on B vs vote-all ${pts(row.recGain)}, plan's estimate ${pts(row.estimate)}; top candidate leads vote-all by ${pts(row.topLeadA)} on A, ${pts(row.topGain)} on B`);
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const count = {};
for (const r of rows) count[r.procedure] = (count[r.procedure] ?? 0) + 1;
console.log(`recommendations: ${Object.entries(count).map(([k, v]) => `${k} ${v}`).join(', ')}`);
console.log(`recommendation vs vote-all on the unseen half: mean ${pts(mean(rows.map((r) => r.recGain)))} points, better in ${rows.filter((r) => r.recGain > 0).length}/${rows.length}`);
console.log(`plan's estimate minus realized gain: mean ${pts(mean(rows.map((r) => r.estimate - r.recGain)))}, mean |error| ${pts(mean(rows.map((r) => Math.abs(r.estimate - r.recGain))))}, max |error| ${pts(Math.max(...rows.map((r) => Math.abs(r.estimate - r.recGain))))}`);
console.log(`top candidate vs vote-all: ${pts(mean(rows.map((r) => r.topLeadA)))} on the planning half, ${pts(mean(rows.map((r) => r.topGain)))} on the unseen half (better in ${rows.filter((r) => r.topGain > 0).length}/${rows.length})`);
