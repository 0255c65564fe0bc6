/**
 * The report's Pareto chart draws the front of every evaluated candidate, not of the sample of
 * candidates whose prediction is measured: with more than 500 member sets the scatter is a
 * sample, and a front taken over it would start from whichever single system the sample holds.
 * Checked against the plan's own front (`budget` lists it) on ten invented systems (1,023 member
 * sets) and on the twelve CoNLL-2003 systems when present.
 */
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg, type Corpus } from '../../src/index.js';
import { parseObjective } from '../../src/plan/objective.js';
import { runPlan, type PlanOptions } from '../../src/plan/plan.js';
import { htmlReportInput } from '../../src/report/html-report.js';
import { reportHtml } from '../../src/report/html.js';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';
import { writeManySystems } from '../helpers/many-systems.js';

const many = writeManySystems(10, 12, 5);
afterAll(() => rmSync(many.dir, { recursive: true, force: true }));

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
