/**
 * The recommendation on the two self-made selection examples (examples/selection): where a bloc
 * of weak, correlated systems drags the vote of all systems down, selection genuinely helps and
 * the plan recommends a subset that beats vote-all held out; where the systems are comparable
 * peers, no selection beats vote-all beyond noise and the plan recommends a no-selection
 * baseline. Both also hold when the choice is made on one half of the documents and scored on
 * the other.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildEnsembleIndex } from '../../src/ensemble/simulate.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../src/formats/load.js';
import type { Corpus } from '../../src/model/corpus.js';
import { choiceCounts, choiceOf } from '../../src/plan/choice.js';
import { buildPlanData } from '../../src/plan/data.js';
import { parseObjective } from '../../src/plan/objective.js';
import { runPlan } from '../../src/plan/plan.js';
import { recommendationReason } from '../../src/report/plan-reason.js';
import { beyondNoise } from '../../src/plan/recommend.js';

const ROOT = join(import.meta.dirname, '../..');
const f1 = parseObjective('f1');

function example(name: string): Corpus {
  const dir = join(ROOT, 'examples/selection', name);
  const systems = readdirSync(join(dir, 'systems')).sort().map((f) => parseSystemArg(join(dir, 'systems', f)));
  return loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(dir, 'gold.conll'), systems });
}

const fOf = (c: { tp: number; fp: number; fn: number }) => (2 * c.tp) / (2 * c.tp + c.fp + c.fn);

/** Plans on the even documents, scores the recommendation and vote-all (chosen there) on the odd ones. */
function halves(corpus: Corpus) {
  const even = corpus.documents.map((d) => d.index).filter((d) => d % 2 === 0);
  const run = runPlan(corpus, { objective: f1, planUnits: even, samples: 300 });
  const index = buildEnsembleIndex(corpus);
  const planning = buildPlanData(index, (d) => d % 2 === 0);
  const unseen = buildPlanData(index, (d) => d % 2 === 1);
  const voteAll = choiceOf(planning, (1 << corpus.systems.length) - 1, { kind: 'vote' });
  return { result: run.result, gain: fOf(choiceCounts(unseen, run.recommendedChoice)) - fOf(choiceCounts(unseen, voteAll)) };
}

describe('the recommendation', () => {
  it('where selection helps: a subset of the strong systems, beating vote-all held out beyond noise', () => {
    const corpus = example('helps');
    const r = runPlan(corpus, { objective: f1, samples: 500 }).result;
    const rec = r.recommendation;
    expect(['vote-all', 'majority-all']).not.toContain(rec.procedure);
    expect(rec.members.length).toBeLessThan(corpus.systems.length);
    expect(rec.members.every((m) => m.startsWith('strong-'))).toBe(true);
    const vote = rec.vsBaselines.find((v) => v.name === 'vote-all')!;
    expect(vote.meanDiff).toBeGreaterThan(0.02);
    expect(vote.ci95[0]).toBeGreaterThan(0);
    expect(vote.p).toBeLessThan(0.05);
    expect(rec.vsBaselines.find((v) => v.name === 'majority-all')!.p).toBeLessThan(0.05);
    expect(rec.basis.kind).toBe('beats-baselines');
    expect(recommendationReason(r)).toMatch(/beats both no-selection baselines beyond noise held out/);
    expect(rec.heldOut!.folds).toBe(5);
    // The bloc drags vote-all down: it scores below the best single system's ensemble of strong peers.
    expect(r.baselines.find((b) => b.name === 'vote-all')!.heldOut!.mean).toBeLessThan(rec.heldOut!.mean - 0.02);
    // Chosen on half of the documents, it beats vote-all on the other half too.
    const h = halves(corpus);
    expect(h.result.recommendation.members.every((m) => m.startsWith('strong-'))).toBe(true);
    expect(h.gain).toBeGreaterThan(0.02);
  });

  it('where selection does not help: a no-selection baseline, and says so', () => {
    const corpus = example('no-gain');
    const r = runPlan(corpus, { objective: f1, samples: 500 }).result;
    const rec = r.recommendation;
    expect(['vote-all', 'majority-all']).toContain(rec.procedure);
    expect(rec.members).toEqual(corpus.systems.map((s) => s.name));
    expect(rec.basis.kind).not.toBe('beats-baselines');
    expect(recommendationReason(r)).toMatch(/^No selection beats the (vote|majority) of all 7 systems/);
    // The search's choice leads vote-all in-sample, but not beyond noise held out.
    const vote = r.baselines.find((b) => b.name === 'vote-all')!;
    expect(r.selection.planning.objective).toBeGreaterThan(vote.planning.objective);
    expect(r.selection.heldOut!.optimism).toBeGreaterThan(0);
    const h = halves(corpus);
    expect(['vote-all', 'majority-all']).toContain(h.result.recommendation.procedure);
    expect(Math.abs(h.gain)).toBeLessThan(0.005);
    // Compared with every other procedure, not with itself; each comparison counts the documents where the two differ.
    expect(rec.vsBaselines.map((v) => v.name)).toEqual(['selection', 'best-single', 'majority-all', 'vote-all', 'caruana'].filter((n) => n !== rec.procedure));
    for (const v of rec.vsBaselines) {
      expect(v.differing).toBeGreaterThanOrEqual(0);
      expect(v.differing).toBeLessThanOrEqual(corpus.documents.length);
      // Outputs that differ nowhere have nothing to test.
      if (v.differing === 0) expect([v.meanDiff, v.p]).toEqual([0, 1]);
    }
    expect(rec.vsBaselines.find((v) => v.name === 'best-single')!.differing).toBeGreaterThan(0);
  });
});

describe('beyondNoise', () => {
  it('needs a positive gain, randomization p below alpha, and the 95% interval above zero', () => {
    expect(beyondNoise({ observed: 0.01, pRandomization: 0.001, low: 0.002 }, 0.05)).toBe(true);
    // A tiny, steady gain: randomization is sure, the bootstrap interval still reaches below zero.
    expect(beyondNoise({ observed: 0.000017, pRandomization: 0.001, low: -0.000008 }, 0.05)).toBe(false);
    expect(beyondNoise({ observed: 0.01, pRandomization: 0.001, low: 0 }, 0.05)).toBe(false);
    expect(beyondNoise({ observed: 0.01, pRandomization: 0.06, low: 0.002 }, 0.05)).toBe(false);
    expect(beyondNoise({ observed: -0.01, pRandomization: 0.001, low: 0.002 }, 0.05)).toBe(false);
    // Over a single unit the interval is undefined: randomization alone decides (and cannot reach 0.05).
    expect(beyondNoise({ observed: 0.01, pRandomization: 0.01, low: Number.NaN }, 0.05)).toBe(true);
  });
});
