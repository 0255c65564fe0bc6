/**
 * The report's figures. The Pareto chart draws the front of every evaluated candidate, not of the
 * sample of candidates whose prediction is measured: with more than 500 member sets the scatter
 * is a sample, and a front taken over it would start from whichever single system the sample
 * holds. Checked against the plan's own front (`budget` lists it) on ten invented systems (1,023
 * member sets) and on the twelve CoNLL-2003 systems when present. The scatter rings the
 * recommendation at its own predicted and actual objective, or says why it cannot.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg, type Corpus } from '../../src/index.js';
import { parseObjective } from '../../src/plan/objective.js';
import { runPlan, type PlanOptions } from '../../src/plan/plan.js';
import { htmlReportInput } from '../../src/report/html-report.js';
import { procedures } from '../../src/report/plan-procedures.js';
import { planScatterSvg } from '../../src/report/plan-svg.js';
import { reportHtml } from '../../src/report/html.js';
import { percent } from '../../src/report/number.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';
import { writeManySystems } from '../helpers/many-systems.js';

const many = writeManySystems(10, 12, 5);
afterAll(() => rmSync(many.dir, { recursive: true, force: true }));

const NEWS = join(import.meta.dirname, '../../examples/news');
const newsCorpus = () => load(join(NEWS, 'gold.conll'), ['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'].map((s) => join(NEWS, 'systems', `${s}.conll`)));

const load = (gold: string, systems: string[]): Corpus => loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold, systems: systems.map((s) => parseSystemArg(s)) });

/** The front's points as the chart's tooltips give them: `label: members (size) N, VALUE (Pareto front)`. */
function chartFront(html: string): Array<{ label: string; size: number; value: string }> {
  const svg = /<svg class="pareto"[\s\S]*?<\/svg>/.exec(html)![0];
  const group = /<g class="front"[^>]*>([\s\S]*?)<\/g>/.exec(svg)![1];
  return [...group.matchAll(/<title>(.*?): members \(size\) (\d+), ([\d.]+) \(Pareto front\)<\/title>/g)]
    .map((m) => ({ label: m[1], size: Number(m[2]), value: m[3] }));
}

/** The plan's own front over every evaluated candidate, as size and objective in % (two decimals). */
function planFront(corpus: Corpus, o: PlanOptions): Array<{ size: number; value: string; members: string[] }> {
  const r = runPlan(corpus, { ...o, budget: corpus.systems.length }).result;
  return r.paretoFront!.map((c) => ({ size: c.size, value: (c.objective.actual * 100).toFixed(2), members: c.members }));
}

function expectSameFront(corpus: Corpus, o: PlanOptions): void {
  const input = htmlReportInput(corpus, { plan: o, examples: 1 });
  const scatter = input.scatter;
  const drawn = chartFront(reportHtml(input));
  const want = planFront(corpus, o);
  expect(drawn.map((p) => `${p.size}|${p.value}`)).toEqual(want.map((p) => `${p.size}|${p.value}`));
  // Its first point is the best single system, by name.
  expect(drawn[0].size).toBe(1);
  expect(drawn[0].label).toBe(input.plan.bestSingle.name);
  expect(drawn[0].value).toBe((input.plan.bestSingle.objective * 100).toFixed(2));
  // Front points name their members.
  drawn.forEach((p, i) => expect(p.label.includes(want[i].members.join('+')) || p.label === want[i].members[0]).toBe(true));
  // The scatter itself is a sample here, smaller than the candidates evaluated.
  expect(scatter.length).toBeLessThan(input.plan.search.evaluated);
}

describe('the report\'s Pareto chart', () => {
  it('draws the front of all candidates when the scatter is a sample (ten invented systems)', () => {
    const corpus = load(many.gold, many.systems);
    expectSameFront(corpus, { objective: parseObjective('f1'), folds: 0, search: 'exhaustive', samples: 50 });
  });

  it('says in its caption that the front is over every evaluated candidate', () => {
    const corpus = load(many.gold, many.systems);
    const input = htmlReportInput(corpus, { plan: { objective: parseObjective('f1'), folds: 0, samples: 50 }, examples: 0 });
    expect(reportHtml(input)).toContain(`and of every candidate on the Pareto front of all ${input.plan.search.evaluated.toLocaleString('en-US')} evaluated`);
  });

  const conll = conll03Present('html-pareto');
  it.skipIf(!conll)('draws the plan\'s front on the twelve CoNLL-2003 systems, from the best single system', () => {
    const files = readdirSync(CONLL03_DIR).filter((f) => (f.endsWith('.conll') && f !== 'gold.conll') || f.endsWith('.jsonl')).sort();
    const corpus = load(join(CONLL03_DIR, 'gold.conll'), files.map((f) => join(CONLL03_DIR, f)));
    expectSameFront(corpus, { objective: parseObjective('f1'), folds: 0, samples: 50 });
  }, 60_000);
});

describe('the report\'s scatter', () => {
  /** The scatter's ring: its tooltip's label, predicted and actual values, and the note under the plot. */
  function ringOf(html: string): { label: string; predicted: number; actual: number; note: string } | undefined {
    const m = /<g class="ring"><circle [^>]*\/><title>(.*?): predicted ([\d.e-]+), actual ([\d.e-]+)<\/title><\/g>/.exec(html);
    if (m === null) return undefined;
    return { label: m[1], predicted: Number(m[2]), actual: Number(m[3]), note: /Ringed in red: ([^<]*)\.<\/text>/.exec(html)![1] };
  }

  it('rings the recommendation at its predicted and actual objective (vote-all on the news example)', () => {
    const input = htmlReportInput(newsCorpus(), { plan: { objective: parseObjective('f1') }, examples: 0 });
    const html = reportHtml(input);
    expect(input.plan.recommendation.procedure).toBe('vote-all');
    const ring = ringOf(html)!;
    expect(ring).toBeDefined();
    expect(ring.label).toBe('the recommendation, vote of all 5 systems (vote-all)');
    expect(ring.note).toBe(ring.label);
    // Its actual objective is the procedure's own on the planning data; its prediction the scatter's for the same candidate.
    // In %, as the tables show F1.
    expect(ring.actual).toBe(Number(percent(procedures(input.plan).find((p) => p.name === 'vote-all')!.planning.objective)));
    const same = input.scatter.filter((p) => p.rule === 'vote' && p.size === 5);
    expect(same).toHaveLength(1);
    expect(ring.predicted).toBe(Number(percent(same[0].predicted)));
    expect(html).toContain('the listed ones numbered as in the table below; the recommendation ringed in red.</figcaption>');
  });

  it('rings a selected candidate where the search put it', () => {
    const input = htmlReportInput(newsCorpus(), { plan: { objective: parseObjective('f1'), seed: 3 }, examples: 0 });
    const rec = input.plan.recommendation;
    expect(rec.procedure).toBe('selection');
    const listed = input.scatter.find((p) => p.highlight && p.rule === rec.rule && p.members.join('+') === rec.members.join('+'))!;
    expect(listed).toBeDefined();
    const ring = ringOf(reportHtml(input))!;
    expect([ring.predicted, ring.actual]).toEqual([Number(percent(listed.predicted)), Number(percent(listed.actual))]);
  });

  it('says why when the recommendation is no candidate of the search (vote-all, the search on weighted alone)', () => {
    const input = htmlReportInput(newsCorpus(), { plan: { objective: parseObjective('f1'), rules: [{ kind: 'weighted', weights: { kind: 'f1' } }] }, examples: 0 });
    expect(input.plan.recommendation.procedure).toBe('vote-all');
    expect(input.recommendationPoint).toBeUndefined();
    const html = reportHtml(input);
    expect(ringOf(html)).toBeUndefined();
    expect(html).toContain('the recommendation, vote of all 5 systems (vote-all), is not among them (the search did not evaluate it).');
  });

  it('says why when the recommendation is ensemble selection\'s weighted choice (two folds, 100 resamples, on the news example)', () => {
    const input = htmlReportInput(newsCorpus(), { plan: { objective: parseObjective('f1'), folds: 2, samples: 100 }, examples: 0 });
    expect(input.plan.recommendation.procedure).toBe('caruana');
    expect(input.recommendationPoint).toBeUndefined();
    const html = reportHtml(input);
    expect(ringOf(html)).toBeUndefined();
    expect(html).toMatch(/the recommendation, weighted\([^)]*\) \(caruana\), is not among them \(ensemble selection&#39;s choice is no candidate of the search\)\./);
  });

  it('widens the axes to a ring outside the points, and leaves out a ring without finite values', () => {
    const points = [{ predicted: 0.5, actual: 0.52, rule: 'union', label: '' }, { predicted: 0.6, actual: 0.58, rule: 'vote', label: '' }];
    const plain = planScatterSvg(points, { objective: 'F1' });
    expect(plain).not.toContain('0.90');
    const ringed = planScatterSvg(points, { objective: 'F1', ring: { predicted: 0.9, actual: 0.88, label: 'the recommendation, x' } });
    expect(ringed).toContain('>0.90</text>');
    expect(ringed).toContain('<g class="ring">');
    expect(ringed).toContain('Ringed in red: the recommendation, x.');
    const undefinedRing = planScatterSvg(points, { objective: 'F1', ring: { predicted: Number.NaN, actual: 0.88, label: 'x' } });
    expect(undefinedRing).toBe(plain);
  });
});
