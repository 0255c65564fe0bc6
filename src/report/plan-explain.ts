/**
 * Explanations of candidates (`plan --explain`, the TUI's `x`) as tables the terminal, Markdown,
 * LaTeX and the TUI share: the members (score alone, the candidate without each, the leave-one-out
 * gain) and the pairs behind the prediction (shared counts and complementarity both ways). Pure
 * functions of the explanation and the objective it was scored with.
 */
import { isRateObjective, objectiveIsF, signedAmount } from '../plan/scores.js';
import type { CandidateExplanation, PairComplementarity, PlanResult } from '../plan/types.js';
import { expressionValue, jsonNumber, percent } from './number.js';
import { weightedMembers } from './plan-values.js';
import type { Table } from './table.js';

/** How to write an explanation's values: the objective's text and the command's β. */
export interface ExplainFormat {
  objective: string;
  beta: number;
}

export function explainFormatOf(r: PlanResult): ExplainFormat {
  return { objective: r.objective.text, beta: r.beta };
}

const METHOD: Record<CandidateExplanation['predictedVia'], string> = {
  exact: 'exact', 'max-entropy': 'pairwise maximum entropy', 'max-entropy-unweighted': 'pairwise maximum entropy, weights left out',
};

/** `vote(a+b+c)`, or the member's name alone. */
export function explainedName(e: CandidateExplanation): string {
  const members = weightedMembers(e.members, e.weights);
  return members.length === 1 ? members[0] : `${e.rule}(${members.join('+')})`;
}

/** The headline: the candidate, its actual and predicted scores and how they were predicted. */
export function explanationHeadline(e: CandidateExplanation, fmt: ExplainFormat): string {
  const rate = isRateObjective(fmt.objective);
  const value = (x: number) => (rate ? percent(x) : expressionValue(x));
  const F = fmt.beta === 1 ? 'F1' : `F${fmt.beta}`;
  const figures = objectiveIsF(fmt.objective, fmt.beta)
    ? `${F} actual ${percent(e.f.actual)}, predicted ${percent(e.f.predicted)}`
    : `objective actual ${value(e.objective.actual)}, predicted ${value(e.objective.predicted)}; ${F} actual ${percent(e.f.actual)}, predicted ${percent(e.f.predicted)}`;
  return `${e.rank > 0 ? `#${e.rank} ` : ''}${explainedName(e)}: ${figures} (${METHOD[e.predictedVia]}; in-sample)`;
}

const comp = (c: PairComplementarity) => [c.pComp, c.rComp, c.fComp].map((x) => percent(x, 1)).join('/');

/** The members table, and the pairs table when there are two members or more. */
export function explanationTables(e: CandidateExplanation, fmt: ExplainFormat): Table[] {
  const rate = isRateObjective(fmt.objective);
  const F = fmt.beta === 1 ? 'F1' : `F${fmt.beta}`;
  const sameF = objectiveIsF(fmt.objective, fmt.beta);
  const value = (x: number | undefined) => (x === undefined ? '—' : rate ? percent(x) : expressionValue(x));
  const what = sameF ? F : 'objective';
  const members: Table = {
    title: `Explanation of ${explanationHeadline(e, fmt)}`,
    columns: [
      { header: '#', align: 'right' }, { header: 'member' },
      { header: `${what} alone`, align: 'right' }, ...(sameF ? [] : [{ header: `${F} alone`, align: 'right' as const }]),
      { header: 'without it', align: 'right' }, ...(sameF ? [] : [{ header: `${F} without`, align: 'right' as const }]),
      { header: 'leave-one-out gain', align: 'right' },
    ],
    rows: e.contributions.map((c, i) => [
      String(i + 1), c.name, value(c.alone.objective), ...(sameF ? [] : [percent(c.alone.f)]),
      value(c.without?.objective), ...(sameF ? [] : [c.without === null ? '—' : percent(c.without.f)]),
      signedAmount(c.marginal, rate),
    ]),
    note: [
      `without it: the candidate without the member, simulated with the same rule; leave-one-out gain: the candidate's ${what} minus that${rate ? ' (points)' : ''}, positive when the member helps.`,
      ...e.notes.map((n) => `${n[0].toUpperCase()}${n.slice(1)}.`),
    ].join('\n'),
  };
  if (e.pairs.length === 0) return [members];
  const index = (name: string) => e.members.indexOf(name) + 1;
  const pairs: Table = {
    title: `The pairs behind the prediction (members numbered as above; ${e.pairs.length} pair${e.pairs.length === 1 ? '' : 's'})`,
    columns: [
      { header: 'pair' }, { header: 'both correct', align: 'right' }, { header: 'both missed', align: 'right' }, { header: 'both wrong', align: 'right' },
      { header: 'same wrong label', align: 'right' }, { header: 'Comp(a,b) P/R/F', align: 'right' }, { header: 'Comp(b,a) P/R/F', align: 'right' },
    ],
    rows: e.pairs.map((p) => [
      `${index(p.a)}–${index(p.b)}`, String(p.bothCorrect), String(p.bothMissed), String(p.bothWrong), String(p.bothWrongLabel), comp(p.bOffersA), comp(p.aOffersB),
    ]),
    note: [
      'pair a–b; both correct, both missed: gold items both find, both miss; both wrong: spurious items both return; same wrong label: gold boundaries where both give the same wrong label.',
      `Comp(a,b): what b offers a — P_Comp, the share of a's spurious items b avoids; R_Comp, the share of a's misses b finds; F_Comp, their F (β = ${fmt.beta}); in %.`,
    ].join('\n'),
  };
  return [members, pairs];
}

/** An explanation as JSON (keys in the order of types.ts, NaN/±∞ as null). */
export function explanationJson(e: CandidateExplanation) {
  const c = (x: PairComplementarity) => ({ pComp: jsonNumber(x.pComp), rComp: jsonNumber(x.rComp), fComp: jsonNumber(x.fComp) });
  const of = (x: { objective: number; f: number }) => ({ objective: jsonNumber(x.objective), f: jsonNumber(x.f) });
  return {
    rank: e.rank, members: [...e.members], rule: e.rule, ...(e.weights === undefined ? {} : { weights: { ...e.weights } }), size: e.size,
    objective: { actual: jsonNumber(e.objective.actual), predicted: jsonNumber(e.objective.predicted) },
    f: { actual: jsonNumber(e.f.actual), predicted: jsonNumber(e.f.predicted) },
    predictedVia: e.predictedVia,
    contributions: e.contributions.map((x) => ({ name: x.name, alone: of(x.alone), without: x.without === null ? null : of(x.without), marginal: jsonNumber(x.marginal) })),
    pairs: e.pairs.map((p) => ({ ...p, bOffersA: c(p.bOffersA), aOffersB: c(p.aOffersB) })),
    notes: [...e.notes],
  };
}
