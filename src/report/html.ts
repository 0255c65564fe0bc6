/**
 * The shareable HTML report (`complan report --html FILE`): one self-contained page (inline
 * CSS, script and SVG; nothing loaded from anywhere, which its Content-Security-Policy enforces)
 * holding the whole analysis of a set of systems:
 *
 * 1. the summary: the recommendation in one sentence with its held-out score against the
 *    baselines, one small table, and the reason;
 * 2. the systems: sortable scores (P, R, F, SER, K, per type) and the type-confusion matrices;
 * 3. the complementarity heatmap (F_Comp of every ordered pair), each cell showing its pair's
 *    P_Comp, R_Comp, F_Comp and example items in their sentence context;
 * 4. the candidates: predicted against actual, the Pareto front of size or cost against the
 *    objective with the recommendation ringed, the candidates, and the held-out tables with
 *    their confidence intervals;
 * 5. the ablation, when a baseline is named.
 *
 * A pure function of the results: the same input gives the same bytes (no dates, no random
 * ids). Every text from the inputs is escaped.
 */
import type { Ablation } from '../ablation/ablate.js';
import type { Comparison } from '../complementarity/matrix.js';
import type { EvalReport } from '../metrics/evaluate.js';
import type { PlanResult } from '../plan/types.js';
import { isRateObjective } from '../plan/scores.js';
import { ablateTables } from './ablate.js';
import { compareHeadline } from './compare.js';
import { htmlEscape, scriptJson } from './html-escape.js';
import { EXAMPLE_LISTS, heatmapHtml, type HeatmapData } from './html-heatmap.js';
import { REPORT_SCRIPT } from './html-script.js';
import { REPORT_STYLE } from './html-style.js';
import { systemsHtml, type TypeConfusion } from './html-systems.js';
import { tableHtml } from './html-table.js';
import { paretoSvg } from './pareto-svg.js';
import { candidatesTable, planHeadline } from './plan.js';
import { noteText } from './plan-notes.js';
import { bootstrapTables, comparisonsTable, dataLine, difference, planningDataPhrase, procedures, typesPhrase, proceduresTable, splitsTable } from './plan-procedures.js';
import { recommendationReason } from './plan-reason.js';
import { testSetApart } from './plan-test-set.js';
import { candidatePoints, grouped, planScatterSvg } from './plan-svg.js';
import { chosen, objectiveValue, plural, recommendationRing, signedObjective, signedObjectives } from './plan-values.js';
import { pText } from './number.js';
import { signature, type RunSettings } from './settings.js';
import type { Table } from './table.js';

/** A candidate as the plan's scatter gives it (PlanRun.scatter). */
export interface HtmlScatterPoint {
  predicted: number;
  actual: number;
  rule: string;
  members: readonly string[];
  highlight: boolean;
  size: number;
  cost: number;
}

/** Everything the report shows. */
export interface HtmlReportInput {
  /** The page's title (default: "complan report: N systems"). */
  title?: string;
  plan: PlanResult;
  /** The candidates whose prediction is measured, listed ones last (PlanRun.scatter()). */
  scatter: readonly HtmlScatterPoint[];
  /**
   * The Pareto chart's points (PlanRun.paretoPoints()): the scatter's candidates and every
   * candidate on the front over all evaluated ones. Absent: the chart draws the scatter's
   * candidates alone, and its front is theirs.
   */
  pareto?: ReadonlyArray<{ actual: number; rule: string; members: readonly string[]; size: number; cost: number; front: boolean }>;
  /** The recommendation's place in the scatter (PlanRun.recommendationPoint()), ringed there; absent when it is no evaluated candidate. */
  recommendationPoint?: { predicted: number; actual: number };
  /** Cost per system (each costs 1 when absent); sets the Pareto chart's x axis to cost. */
  costs?: ReadonlyMap<string, number>;
  comparison: Comparison;
  /** The pairs' details for the heatmap (heatmapData). */
  heatmap: HeatmapData;
  evaluation: EvalReport;
  /** Type-confusion matrix per system name, when the evaluation computes them. */
  confusion?: ReadonlyMap<string, TypeConfusion>;
  ablation?: Ablation;
  /** The settings signature shown in the footer. */
  settings?: RunSettings;
  /** Candidates listed and numbered in the scatter (default 10). */
  top?: number;
}

/** The summary's one sentence: what to use, its held-out score, and the other procedures' (the search's choice first). */
export function summarySentence(r: PlanResult): string {
  const rec = r.recommendation;
  const what = chosen(r, rec.members, rec.rule, rec.weights);
  const obj = r.objective.description;
  const own = procedures(r).find((p) => p.name === rec.procedure);
  // The test set chose nothing: its figure is said beside the others, never instead of them.
  const test = r.testSet === undefined || own?.test === undefined ? ''
    : ` On the test set (${r.testSet.gold})${testSetApart(r, ', not used for selection')}: ${objectiveValue(r, own.test.objective)}.`;
  if (rec.heldOut === null) {
    return `Use ${what} (${rec.procedure}): no held-out estimate was made, so its ${obj} of ${objectiveValue(r, own?.planning.objective)} on the planning data is in-sample.${test}`;
  }
  const sd = rec.heldOut.sd === null ? '' : ` ± ${signedObjective(r, rec.heldOut.sd).replace(/^\+/, '')}`;
  // Every other procedure, the search's choice too: a baseline is recommended over it, or it over them.
  const others = procedures(r).filter((p) => p.name !== rec.procedure && p.heldOut !== undefined)
    .map((p) => `${p.name} ${objectiveValue(r, p.heldOut!.mean)}`);
  // The recommendation is picked among the procedures by these very figures, as the text report says beside them.
  return `Use ${what} (${rec.procedure}): held-out ${obj} ${objectiveValue(r, rec.heldOut.mean)}${sd === '' ? ` over ${plural(rec.heldOut.folds, 'split')}` : `${sd} (sd over ${plural(rec.heldOut.folds, 'split')})`}, `
    + `against ${others.join(', ')} (these figures also picked it, so its own is slightly optimistic).${test}`;
}

/**
 * What the Systems and Complementarity sections are measured on: every unit of the gold standard,
 * which is the planning data (in-sample), or with a hold-out the planning part and the part held
 * out together; never the test set.
 */
export function sectionData(r: PlanResult, gold: string): string {
  const d = r.planningData;
  const planned = d.units === 'document' ? d.documents : d.sentences;
  const units = (n: number) => `${n} ${d.units}${n === 1 ? '' : 's'}`;
  const on = planned >= d.of
    ? `Measured on all ${units(d.of)} of ${gold}: the planning data, which chose the plan, so in-sample.`
    : `Measured on all ${units(d.of)} of ${gold}: the ${planned} the plan was chosen on and the ${d.of - planned} it held out, so partly in-sample.`;
  const only = d.types === undefined ? '' : ` Items${typesPhrase(d.types)} only.`;
  return r.testSet === undefined ? `${on}${only}` : `${on}${only} Not on the test set (${r.testSet.gold}).`;
}

/** The summary's small table: each procedure's choice, its held-out score, and the recommendation's paired difference with it. */
export function summaryTable(r: PlanResult): Table {
  const rec = r.recommendation;
  const held = r.heldOut !== undefined;
  const vs = new Map(rec.vsBaselines.map((c) => [c.name, c]));
  const test = r.testSet !== undefined;
  const rows = procedures(r).map((p) => {
    const c = vs.get(p.name);
    const mark = p.name === rec.procedure ? ' (recommended)' : '';
    return [
      `${p.name}${mark}`, chosen(r, p.members, p.rule, p.weights), objectiveValue(r, p.planning.objective),
      ...(test ? [objectiveValue(r, p.test?.objective)] : []),
      ...(held ? [
        objectiveValue(r, p.heldOut?.mean),
        p.name === rec.procedure ? '·' : c === undefined ? '—' : signedObjective(r, c.meanDiff),
        p.name === rec.procedure || c === undefined ? '—' : signedObjectives(r, [c.ci95[0], c.ci95[1]]).join(' to '),
        p.name === rec.procedure || c === undefined ? '—' : pText(c.p),
      ] : []),
    ];
  });
  return {
    title: held ? `The recommendation against the baselines (${r.objective.description})` : `The procedures' choices, in-sample${test ? ' and on the test set' : ''} (${r.objective.description})`,
    columns: [
      { header: 'procedure' }, { header: 'chose' }, { header: 'in-sample', align: 'right' },
      ...(test ? [{ header: 'test', align: 'right' as const }] : []),
      ...(held ? [
        { header: 'held-out', align: 'right' as const }, { header: 'recommendation −', align: 'right' as const },
        { header: '95% interval', align: 'right' as const }, { header: 'p', align: 'right' as const },
      ] : []),
    ],
    rows,
    note: (held
      ? `in-sample: on the planning data, which made every choice; held-out: every choice made again without the units it is scored on; recommendation −: ${difference(r, 'the recommendation\'s held-out score minus the procedure\'s', 'the procedure\'s held-out score minus the recommendation\'s')}, mean over the splits, with its paired-bootstrap interval and approximate-randomization p.`
      : test ? 'No held-out estimate: the in-sample figures were measured on the data that made the choice.' : 'No held-out estimate: every figure is in-sample (measured on the data that made the choice).')
      + (test ? ` test: on the test set (${r.testSet!.gold})${testSetApart(r, ', which chose nothing')}.` : ''),
  };
}

function section(id: string, title: string, body: string): string {
  return `<section id="${id}" aria-labelledby="${id}-h"><h2 id="${id}-h">${htmlEscape(title)}</h2>${body}</section>`;
}

/** An SVG document as an element to inline: without its XML declaration. */
const inline = (svg: string) => svg.replace(/^<\?xml[^>]*\?>\s*/, '');

function candidatesHtml(input: HtmlReportInput): string {
  const r = input.plan;
  const top = input.top ?? 10;
  const out: string[] = [];
  out.push(`<p>${planHeadline(r).map(htmlEscape).join('<br>')}</p>`);
  out.push(`<p class="note">${htmlEscape(dataLine(r))}</p>`);
  out.push('<div class="figures-row">');
  const rec = r.recommendation;
  const recLabel = `${chosen(r, rec.members, rec.rule, rec.weights)} (${rec.procedure})`;
  const ring = recommendationRing(r, input.recommendationPoint);
  out.push(`<figure>${inline(planScatterSvg(candidatePoints(input.scatter), { objective: r.objective.description, minimise: r.objective.minimise, maxLabels: top, ring, percent: isRateObjective(r.objective.text), data: `in-sample, on ${planningDataPhrase(r)}` }))}`
    + `<figcaption class="note">${htmlEscape(`Predicted against actual objective of the candidates (in-sample); the listed ones numbered as in the table below; ${ring === undefined
      ? `the recommendation, ${recLabel}, is not among them (${rec.procedure === 'caruana' ? 'ensemble selection\'s choice is no candidate of the search' : 'the search did not evaluate it'}).`
      : 'the recommendation ringed in red.'}`)}</figcaption></figure>`);
  const costs = input.costs !== undefined && input.costs.size > 0;
  const recProc = procedures(r).find((p) => p.name === rec.procedure);
  const recX = costs ? rec.members.reduce((s, m) => s + (input.costs!.get(m) ?? 1), 0) : rec.members.length;
  const paretoPoints = input.pareto ?? input.scatter.map((p) => ({ ...p, front: false }));
  const frontOf = (p: { rule: string; members: readonly string[] }) => (p.members.length === 1 ? p.members[0] : `${p.rule}(${p.members.join('+')})`);
  out.push(`<figure>${paretoSvg(paretoPoints.map((p) => ({ x: costs ? p.cost : p.size, value: p.actual, label: p.members.length > 0 ? frontOf(p) : '' })), {
    axis: costs ? 'cost' : 'size', objective: r.objective.description, minimise: r.objective.minimise, format: (v) => objectiveValue(r, v),
    recommendation: recProc === undefined ? undefined : { x: recX, value: recProc.planning.objective, label: recLabel },
  })}<figcaption class="note">${htmlEscape(`Actual ${r.objective.description} (in-sample) against ${costs ? 'cost' : 'size'} of the candidates in the scatter`
    + `${input.pareto === undefined ? '' : ` and of every candidate on the Pareto front of all ${grouped(r.search.evaluated)} evaluated`}: the Pareto front (no candidate is at most as ${costs ? 'costly' : 'large'} and at least as good, one of the two strictly) joined by a line; the recommendation ringed in red.`)}</figcaption></figure>`);
  out.push('</div>');
  const listed = [...r.candidates].sort((a, b) => a.rank - b.rank).slice(0, top);
  out.push(tableHtml(candidatesTable(r, listed, (m) => m.join('+')), { sortable: true, id: 'candidates-table' }));
  // Without held-out splits (no folds, no holdout) the procedures' table holds in-sample figures only.
  out.push(`<h3>${r.heldOut !== undefined ? 'Held out' : r.testSet !== undefined ? 'Procedures and baselines: in-sample, and on the test set' : 'Procedures and baselines (in-sample)'}</h3>`);
  out.push(tableHtml(proceduresTable(r, (m) => m.join('+'))));
  if (rec.tests !== null && rec.vsBaselines.length > 0) out.push(tableHtml(comparisonsTable(r, rec.vsBaselines, rec.tests)));
  if (rec.test !== undefined) out.push(tableHtml(comparisonsTable(r, rec.test.vsBaselines, rec.test.tests)));
  if (r.heldOut !== undefined) out.push(`<details><summary>The ${plural(r.heldOut.splits.length, 'split')}</summary>${tableHtml(splitsTable(r, r.heldOut, (m) => m.join('+')))}</details>`);
  if (r.bootstrap !== undefined) out.push(...bootstrapTables(r, r.bootstrap).map((t) => tableHtml(t)));
  // The plan's notes, which the tables' legends refer to ("see the notes").
  if (r.notes.length > 0) out.push(`<h3>Notes</h3><ul class="note">${r.notes.map((n) => `<li>${htmlEscape(noteText(n))}</li>`).join('')}</ul>`);
  return out.join('');
}

/** The report as a complete HTML document. */
export function reportHtml(input: HtmlReportInput): string {
  const r = input.plan;
  const c = input.comparison;
  const title = input.title ?? `complan report: ${plural(r.systems.length, 'system')}`;
  const data = { heatmap: input.heatmap, exampleLists: EXAMPLE_LISTS };
  const out: string[] = [];
  out.push('<!DOCTYPE html>');
  out.push('<html lang="en"><head><meta charset="utf-8">');
  out.push('<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'unsafe-inline\'; script-src \'unsafe-inline\'; img-src data:">');
  out.push('<meta name="viewport" content="width=device-width, initial-scale=1">');
  out.push('<meta name="color-scheme" content="light dark">');
  out.push(`<title>${htmlEscape(title)}</title>`);
  out.push(`<style>${REPORT_STYLE}</style></head><body>`);
  out.push(`<header><h1>${htmlEscape(title)}</h1>`);
  out.push(`<p class="muted">${htmlEscape(`${input.evaluation.gold.source}: ${plural(input.evaluation.gold.items, 'gold item')}${typesPhrase(r.planningData.types)} in ${plural(input.evaluation.gold.documents, 'document')}, ${plural(input.evaluation.gold.sentences, input.evaluation.gold.unit === 'token' ? 'sentence' : 'record')}; systems ${r.systems.join(', ')}.`)}</p>`);
  out.push('<nav aria-label="Sections"><ul><li><a href="#summary">Summary</a></li><li><a href="#systems">Systems</a></li><li><a href="#complementarity">Complementarity</a></li><li><a href="#candidates">Candidates</a></li>'
    + `${input.ablation === undefined ? '' : '<li><a href="#ablation">Ablation</a></li>'}</ul></nav></header><main>`);

  out.push(section('summary', 'Summary', `<div class="summary"><p class="verdict">${htmlEscape(summarySentence(r))}</p>`
    + `<p>${htmlEscape(recommendationReason(r))}</p>${tableHtml(summaryTable(r), { id: 'summary-table' })}</div>`));
  const measured = `<p class="note">${htmlEscape(sectionData(r, input.evaluation.gold.source))}</p>`;
  out.push(section('systems', 'Systems', measured + systemsHtml(input.evaluation, input.confusion)));
  out.push(section('complementarity', 'Complementarity', `${measured}<p class="note">${htmlEscape(compareHeadline(c))}. Hover, focus or press a cell to see what B offers A: P_Comp, R_Comp, F_Comp and example items in their sentences; arrow keys move between cells.</p>`
    + `<div class="heatmap-area"><div>${heatmapHtml(c)}</div><aside id="pair-detail" aria-live="polite" aria-label="Pair details"><p class="note">Choose a cell to see its pair.</p></aside></div>`));
  out.push(section('candidates', r.heldOut === undefined ? 'Candidates' : 'Candidates and held-out estimates', candidatesHtml(input)));
  if (input.ablation !== undefined) {
    // On the same data as the Systems section, and said so as there.
    out.push(section('ablation', `Ablation against ${input.ablation.baseline}`, measured + ablateTables(input.ablation).map((t) => tableHtml(t)).join('')));
  }
  out.push('</main>');
  out.push(`<footer>${input.settings === undefined ? '' : `settings: ${htmlEscape(signature(input.settings))}`}</footer>`);
  out.push(`<script type="application/json" id="complan-data">${scriptJson(data)}</script>`);
  out.push(`<script>${REPORT_SCRIPT}</script>`);
  out.push('</body></html>');
  return out.join('\n') + '\n';
}
