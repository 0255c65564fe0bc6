#!/usr/bin/env node
// How close the predicted scores of candidates (from their members' pairwise statistics) come
// to their actual scores, against two naive predictors: "the ensemble scores what its best
// member scores" and "the mean of its members". The figures behind the planning manual.
//
//   node test/bench/prediction-quality.mjs [--min 3] [--max 6] [--rules majority,vote,...] [--cap N] [DIR]
//
// DIR holds gold.conll and the systems' outputs (default: ../shared/data/conll03-12sys; also
// the examples, whose systems are under systems/). `--synthetic K` uses the benchmarks'
// synthetic corpus with K systems instead (100,000 tokens, seed 7). For every member set of
// --min..--max systems (or an evenly spaced --cap of them) and every rule, it prints, per rule:
// MAE, bias (mean predicted − actual) and Spearman's ρ of F1, SER and K (α = β = 1), in points,
// and the relative error of the predicted substitutions (Σ|predicted − actual| / Σ actual).
// Needs the build (npm run build).
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const argv = process.argv.slice(2);
const opt = (name, def) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : def;
};
const positional = argv.filter((a, i) => !a.startsWith('--') && !(i > 0 && argv[i - 1].startsWith('--')));
const MIN = Number(opt('--min', 3));
const MAX = Number(opt('--max', 6));
const CAP = Number(opt('--cap', Infinity));
const RULES = opt('--rules', 'majority,vote,union,intersection,kofn:2').split(',');
const SYNTHETIC = opt('--synthetic', undefined);
const lib = await import(join(root, 'dist/src/index.js'));

let corpus;
let source;
if (SYNTHETIC !== undefined) {
  const { syntheticCorpus } = await import('./synthetic.mjs');
  corpus = syntheticCorpus({ tokens: 100_000, systems: Number(SYNTHETIC), seed: 7 });
  source = `synthetic corpus, ${SYNTHETIC} systems, 100,000 tokens, seed 7`;
} else {
  const dir = resolve(positional[0] ?? join(root, '../shared/data/conll03-12sys'));
  if (!existsSync(join(dir, 'gold.conll'))) {
    console.error(`no gold.conll in ${dir}`);
    process.exit(1);
  }
  const systemsDir = existsSync(join(dir, 'systems')) ? join(dir, 'systems') : dir;
  const files = readdirSync(systemsDir).filter((f) => /\.(conll|jsonl)$/.test(f) && f !== 'gold.conll').sort().map((f) => join(systemsDir, f));
  corpus = lib.loadCorpus({ ...lib.DEFAULT_LOAD_OPTIONS, gold: join(dir, 'gold.conll'), systems: files.map((f) => lib.parseSystemArg(f)) });
  source = dir;
}
const data = lib.buildPlanData(lib.buildEnsembleIndex(corpus));
const n = data.n;
const G = data.goldSize;

const sets = [];
for (let S = 1; S < 1 << n; S++) {
  let k = 0;
  for (let x = S; x; x &= x - 1) k++;
  if (k >= MIN && k <= MAX) sets.push(S);
}
const step = Math.max(1, Math.floor(sets.length / Math.min(CAP, sets.length)));
const picked = sets.filter((_, i) => i % step === 0);
const membersOf = (S) => [...Array(n).keys()].filter((m) => (S >> m) & 1);

const scores = (c) => {
  const p = c.tp + c.fp === 0 ? 0 : c.tp / (c.tp + c.fp);
  const r = G === 0 ? 0 : c.tp / G;
  return { f: p + r === 0 ? 0 : (2 * p * r) / (p + r), ser: (c.fn + c.fp - c.s) / G, k: lib.kMeasure(p, r, 1, 1) };
};
const single = Array.from({ length: n }, (_, m) => scores({ tp: data.tp[m], fp: data.fp[m], fn: G - data.tp[m], s: data.s[m] }));

const stats = (pred, act) => {
  let abs = 0;
  let bias = 0;
  for (let i = 0; i < pred.length; i++) {
    abs += Math.abs(pred[i] - act[i]);
    bias += pred[i] - act[i];
  }
  const rho = lib.spearman(pred, act);
  return `MAE ${(100 * abs / pred.length).toFixed(2)} bias ${(100 * bias / pred.length >= 0 ? '+' : '') + (100 * bias / pred.length).toFixed(2)} ρ ${rho === null ? '—' : rho.toFixed(3)}`;
};

console.log(`${source}: ${n} systems, ${G} gold items; ${picked.length} member sets of ${MIN}–${MAX} systems${picked.length < sets.length ? ` (every ${step}th of ${sets.length})` : ''}`);
for (const name of RULES) {
  const rule = lib.parseRule(name);
  const rows = { pred: { f: [], ser: [], k: [] }, act: { f: [], ser: [], k: [] }, best: { f: [], ser: [], k: [] }, mean: { f: [], ser: [], k: [] } };
  let sAbs = 0;
  let sAct = 0;
  const t0 = performance.now();
  let predictMs = 0;
  for (const S of picked) {
    const members = membersOf(S);
    if (rule.kind === 'kofn' && rule.k > members.length) continue;
    const t1 = performance.now();
    const p = lib.predictCandidate(data, members, rule);
    predictMs += performance.now() - t1;
    const a = lib.choiceCounts(data, lib.choiceOf(data, S, rule));
    const ps = scores(p);
    const as = scores(a);
    for (const key of ['f', 'ser', 'k']) {
      rows.pred[key].push(ps[key]);
      rows.act[key].push(as[key]);
      const own = members.map((m) => single[m][key]);
      rows.best[key].push(key === 'ser' ? Math.min(...own) : Math.max(...own));
      rows.mean[key].push(own.reduce((x, y) => x + y, 0) / own.length);
    }
    sAbs += Math.abs(p.s - a.s);
    sAct += a.s;
  }
  const count = rows.pred.f.length;
  console.log(`\n${name} (${count} candidates; prediction ${(1000 * predictMs / Math.max(1, count)).toFixed(0)} µs each, ${((performance.now() - t0) / 1000).toFixed(1)} s with simulation)`);
  for (const key of ['f', 'ser', 'k']) {
    const label = { f: 'F1 ', ser: 'SER', k: 'K  ' }[key];
    console.log(`  ${label}  predicted: ${stats(rows.pred[key], rows.act[key])} | best member: ${stats(rows.best[key], rows.act[key])} | mean member: ${stats(rows.mean[key], rows.act[key])}`);
  }
  console.log(`  substitutions: relative error ${sAct === 0 ? '—' : `${(100 * sAbs / sAct).toFixed(1)}%`} (actual mean ${(sAct / Math.max(1, count)).toFixed(1)})`);
}
