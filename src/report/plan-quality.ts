/**
 * The prediction quality of a plan as a table the terminal, Markdown, LaTeX and the TUI share:
 * one row per rule (all sizes; per size in JSON), for the objective and, when the objective is
 * not F_β itself, for F_β: MAE, bias and Spearman's ρ of the prediction, of "its best member" and
 * of "the mean of its members". Errors are in the objective's units as the report writes them
 * (points for rates, four decimals otherwise); ρ with three decimals. Pure functions of the result.
 */
import { objectiveIsF, isRateObjective, signedAmount } from '../plan/scores.js';
import type { PlanResult, PredictionAccuracy, PredictionQuality, PredictorAccuracies } from '../plan/types.js';
import { expressionValue, fixed, jsonNumber, percent } from './number.js';
import { objectiveLabel } from './plan-values.js';
import type { Table } from './table.js';

/** What the figures were measured on, in words. */
export function qualitySample(q: PredictionQuality): string {
  const s = q.sample;
  const sets = s.sampled ? `a fixed sample of ${s.memberSets} of ${s.of} member sets` : `all ${s.of} member set${s.of === 1 ? '' : 's'}`;
  return `in-sample on the planning data: ${s.candidates - s.exact} estimated candidates from ${sets}, ${s.exact} exact by construction left out`;
}

const fName = (beta: number) => (beta === 1 ? 'F1' : `F${beta}`);

function cells(a: PredictionAccuracy, rate: boolean): string[] {
  return [rate ? percent(a.mae) : expressionValue(a.mae), signedAmount(a.bias, rate), fixed(a.spearman, 3)];
}

function row(rule: string, measure: string, n: number, x: PredictorAccuracies, rate: boolean): string[] {
  return [rule, measure, String(n), ...cells(x.predicted, rate), ...cells(x.bestMember, rate), ...cells(x.meanMember, rate)];
}

/** The table: per rule, the objective (and F_β when the objective is something else). */
export function predictionQualityTable(r: PlanResult): Table {
  const q = r.predictionQuality;
  const F = fName(r.beta);
  const sameF = objectiveIsF(r.objective.text, r.beta);
  const rate = isRateObjective(r.objective.text);
  const rows: string[][] = [];
  for (const g of q.byRule) {
    rows.push(row(g.rule, sameF ? F : objectiveLabel(r.objective.text, r.beta), g.candidates, g.objective, rate));
    if (!sameF) rows.push(row('', F, g.candidates, g.f, true));
  }
  const unit = rate ? 'points' : 'objective units';
  return {
    title: `Prediction quality (predicted against actual, ${qualitySample(q)})`,
    columns: [
      { header: 'rule' }, { header: 'measure' }, { header: 'n', align: 'right' },
      ...['MAE', 'bias', 'ρ', 'best MAE', 'best bias', 'best ρ', 'mean MAE', 'mean bias', 'mean ρ'].map((header) => ({ header, align: 'right' as const })),
    ],
    rows: rows.length > 0 ? rows : [['—', '', '0', ...new Array<string>(9).fill('—')]],
    note: [
      `MAE = mean absolute error of predicted against actual, bias = mean (predicted − actual) (${unit}${sameF || rate ? '' : `; ${F} in points`}), ρ = Spearman's ρ of predicted against actual.`,
      'best: the candidate predicted to score what its best member scores alone; mean: the mean of its members\' scores alone.',
      'Per size: complan plan --format json (predictionQuality.byRule[].bySize).',
    ].join('\n'),
  };
}

function accuracyJson(a: PredictionAccuracy) {
  return { mae: jsonNumber(a.mae), bias: jsonNumber(a.bias), spearman: jsonNumber(a.spearman) };
}

function accuraciesJson(x: PredictorAccuracies) {
  return { predicted: accuracyJson(x.predicted), bestMember: accuracyJson(x.bestMember), meanMember: accuracyJson(x.meanMember) };
}

/** `predictionQuality` as JSON (keys in the order of types.ts, NaN/±∞ as null). */
export function predictionQualityJson(q: PredictionQuality) {
  const group = (g: { candidates: number; objective: PredictorAccuracies; f: PredictorAccuracies }) => ({
    candidates: g.candidates, objective: accuraciesJson(g.objective), f: accuraciesJson(g.f),
  });
  return {
    sample: { ...q.sample },
    byRule: q.byRule.map((g) => ({ rule: g.rule, ...group(g), bySize: g.bySize.map((s) => ({ size: s.size, ...group(s) })) })),
  };
}
