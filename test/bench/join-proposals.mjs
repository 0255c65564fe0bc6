#!/usr/bin/env node
// Accuracy and cost of chain-join proposal scores (src/plan/proposal.ts) against full predictions and
// simulation, children of random parents on a synthetic 30-system corpus: node test/bench/join-proposals.mjs [correlation] [tokens]
import { syntheticCorpus } from './synthetic.mjs';
const lib = (p) => import(new URL('../../dist/src/' + p, import.meta.url).href);
const { buildEnsembleIndex } = await lib('ensemble/simulate.js');
const { buildPlanData, membersOf } = await lib('plan/data.js');
const { Proposals } = await lib('plan/proposal.js');
const { predictCandidate, predictBinary } = await lib('plan/predict.js');
const { actualCounts, needOf, voteWeights } = await lib('plan/engine.js');
const { parseRule } = await lib('ensemble/rules.js');
const corr = Number(process.argv[2] ?? 0.8), tokens = Number(process.argv[3] ?? 200000);
const corpus = syntheticCorpus({ tokens, systems: 30, seed: 7, correlation: corr });
const data = buildPlanData(buildEnsembleIndex(corpus, {}), { units: 'document', select: () => true });
console.log('patterns', data.patterns.count, 'contested', data.contested.length);
const f1 = (c) => 2 * c.tp / (2 * c.tp + c.fp + c.fn);
let seed = 1; const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
for (const name of ['majority', 'kofn:3', 'vote']) {
  const rule = parseRule(name);
  const w = voteWeights(data, rule);
  for (const k of [3, 5, 8, 12]) {
    let eP = 0, eF = 0, tP = 0, tF = 0, tA = 0, cnt = 0; let agreeP = 0, agreeF = 0, pairs = 0;
    for (let rep = 0; rep < 10; rep++) {
      let S = 0; while (membersOf(S).length < k - 1) S |= 1 << Math.floor(rnd() * 30);
      const pr = new Proposals(data, rule, false); pr.stateOf(S);
      const rows = [];
      for (let x = 0; x < 30; x++) { if (S & (1 << x)) continue; const T = S | (1 << x);
        let t0 = performance.now(); const st = pr.child(S, x); const pc = pr.counts(st, needOf(rule, k)); tP += performance.now() - t0;
        t0 = performance.now(); const fc = predictCandidate(data, membersOf(T), rule, w); tF += performance.now() - t0;
        t0 = performance.now(); const ac = actualCounts(data, T, rule, false, w); tA += performance.now() - t0;
        rows.push([f1(pc), f1(fc), f1(ac)]); cnt++;
        eP += Math.abs(f1(pc) - f1(ac)); eF += Math.abs(f1(fc) - f1(ac)); }
      for (let i = 0; i < rows.length; i++) for (let j = i + 1; j < rows.length; j++) { const s = Math.sign(rows[i][2] - rows[j][2]); if (!s) continue; pairs++; if (Math.sign(rows[i][0] - rows[j][0]) === s) agreeP++; if (Math.sign(rows[i][1] - rows[j][1]) === s) agreeF++; }
    }
    console.log(name, 'k', k, 'mean|err| pts prop', (100 * eP / cnt).toFixed(3), 'full', (100 * eF / cnt).toFixed(3), 'pair-order agree prop', (agreeP / pairs).toFixed(3), 'full', (agreeF / pairs).toFixed(3), 'ms/child prop', (tP / cnt).toFixed(4), 'full', (tF / cnt).toFixed(4), 'sim', (tA / cnt).toFixed(4));
  }
}
