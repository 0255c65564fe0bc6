/**
 * The TUI's model for the held-out check: it is `runPlan` with `complan plan`'s defaults on the
 * same inputs, it is cached, and every procedure's choice loads into the selection so that the
 * live actual scores are the procedure's in-sample ones.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_EVAL_OPTIONS } from '../../../src/metrics/evaluate.js';
import { buildModel, heldOutOptions, membersOf, selectionOf, selectionScores } from '../../../cli/tui/model.js';
import { exampleCorpus, exampleModel, examplePlan, HELPS, NEWS } from './helpers.js';

describe('tui model: the held-out check', () => {
  it('is runPlan with plan\'s defaults: the same procedures, held-out figures and recommendation', () => {
    for (const dir of [NEWS, HELPS]) {
      const { result } = exampleModel(dir).heldOutCheck();
      const expected = examplePlan(dir);
      expect(result.selection).toEqual(expected.selection);
      expect(result.baselines).toEqual(expected.baselines);
      expect(result.recommendation).toEqual(expected.recommendation);
      expect(result.heldOut?.folds).toBe(5);
      expect(result.heldOut?.units).toBe('document');
    }
  });

  it('is run once, then cached', () => {
    const m = buildModel(exampleCorpus(NEWS), DEFAULT_EVAL_OPTIONS);
    const first = m.heldOutCheck();
    expect(first.ms).toBeGreaterThan(0);
    expect(m.heldOutCheck()).toBe(first);
  });

  it('follows the TUI\'s β: F_2 is the objective with --beta 2', () => {
    const o = heldOutOptions({ ...DEFAULT_EVAL_OPTIONS, beta: 2 });
    expect(o.objective.description).toBe('F_2');
    expect(o.beta).toBe(2);
    const m = buildModel(exampleCorpus(NEWS), { ...DEFAULT_EVAL_OPTIONS, beta: 2 });
    const { result } = m.heldOutCheck();
    expect(result.beta).toBe(2);
    // F_2 weighs recall: the in-sample figure of best-single is its F_2, not its F1.
    const single = result.baselines.find((p) => p.name === 'best-single')!;
    const s = single.planning.scores;
    expect(single.planning.objective).toBeCloseTo((5 * s.precision * s.recall) / (4 * s.precision + s.recall), 12);
  });
});

describe('tui model: loading a procedure into the selection', () => {
  it('gives each procedure\'s members and rule, and actual scores equal to its in-sample ones', () => {
    for (const dir of [NEWS, HELPS]) {
      const m = exampleModel(dir);
      const { result } = m.heldOutCheck();
      for (const p of [result.selection, ...result.baselines]) {
        const sel = selectionOf(m, p)!;
        expect(sel, p.name).not.toBeNull();
        expect(membersOf(sel.mask, sel.maskHi).map((i) => m.names[i]), p.name).toEqual(p.members);
        expect(m.ruleNames[sel.rule], p.name).toBe(p.rule === 'weighted' ? 'vote' : p.rule);
        expect(sel.weights, p.name).toEqual(p.weights);
        const live = selectionScores(m, sel.mask, sel.maskHi, sel.rule, sel.weights)!;
        expect(live.actual.f, `${dir} ${p.name}`).toBeCloseTo(p.planning.objective, 12);
        expect(live.actual.tp, `${dir} ${p.name}`).toBe(p.planning.scores.tp);
        expect(live.actual.fp, `${dir} ${p.name}`).toBe(p.planning.scores.fp);
      }
    }
  });

  it('loads ensemble selection\'s weighted vote with its counts, which score otherwise than the plain vote', () => {
    const m = exampleModel(NEWS);
    const caruana = m.heldOutCheck().result.baselines.find((p) => p.name === 'caruana')!;
    // On the news example ensemble selection weighs three systems twice.
    expect(caruana.rule).toBe('weighted');
    const sel = selectionOf(m, caruana)!;
    const weighted = selectionScores(m, sel.mask, sel.maskHi, sel.rule, sel.weights)!;
    const plain = selectionScores(m, sel.mask, sel.maskHi, sel.rule)!;
    expect(weighted.actual.f).not.toBeCloseTo(plain.actual.f, 6);
  });

  it('is null for a system the TUI does not have, or a rule its planner does not offer', () => {
    const m = exampleModel(NEWS);
    expect(selectionOf(m, { members: ['crf', 'nobody'], rule: 'vote' })).toBeNull();
    expect(selectionOf(m, { members: ['crf', 'sloppy'], rule: 'kofn:2' })).toBeNull();
    expect(selectionOf(m, { members: ['crf', 'sloppy'], rule: 'weighted' })).toBeNull();
    expect(selectionOf(m, { members: ['crf'], rule: 'union' })).toEqual({ mask: 1 << m.names.indexOf('crf'), maskHi: 0, rule: 0 });
  });
});
