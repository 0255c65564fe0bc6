/**
 * Renderings of a {@link PlanResult} (DESIGN §7, §8): the terminal report, the JSON document
 * (schemaVersion 1, the result as it stands), a CSV with one row per candidate, and Markdown and
 * LaTeX for papers. Pure functions of the result; the caller decides colour (NO_COLOR /
 * FORCE_COLOR) and the terminal width.
 *
 * Numbers: rates (P, R, F, SER, K) are percentages with two decimals, as `eval` prints them.
 * Objective values follow the objective: percentages (and percentage points for gaps and gains)
 * for the named ones (`f1`, `f:β`, `ser`, `k:α:β`, and a bare `p`, `r`, `f`, `ser`, `err`, `k`),
 * plain numbers with four decimals for other expressions (`f - 0.002*size`, `tp - fp`). Rank
 * correlations have three decimals. Undefined values are `—` (`null` in JSON, empty in CSV).
 *
 * Marks on predicted scores: `≈` for the beta-binomial estimate (three or more members), `†`
 * for typed rules predicted through majority; unmarked predictions are exact.
 */
import type { BootstrapResult, CandidateScores, GreedyStep, HeldOut, PlanCandidate, PlanResult } from '../plan/types.js';
import { fixed, jsonNumber, percent, UNDEFINED } from './number.js';
import { renderCsv, renderLatex, renderMarkdown, renderText, type Column, type Table } from './table.js';

export interface PlanTableOptions {
  /** ANSI colour and bold (decided by the caller from NO_COLOR / FORCE_COLOR / the terminal). */
  color?: boolean;
  /** Terminal width in columns: long member lists are abbreviated to fit (no limit when absent). */
  width?: number;
  /** Show only the first `top` candidates (all when absent). */
  top?: number;
}

export interface PlanDocumentOptions {
  /** Show only the first `top` candidates (all when absent). */
  top?: number;
}

/** The mark of a beta-binomial prediction, and its footnote. */
export const ESTIMATE_MARK = '≈';
/** The mark of a typed rule predicted through majority, and its footnote. */
export const VIA_MAJORITY_MARK = '†';
export const VIA_MAJORITY_NOTE = 'vote/weighted predicted through majority (their binary counterpart)';
const ESTIMATE_NOTE = 'predicted by the beta-binomial estimator (three or more members); unmarked predictions are exact';
const OVER_BUDGET_MARK = '!';

const ESC = '\u001b[';
const bold = (s: string, on: boolean) => (on ? `${ESC}1m${s}${ESC}22m` : s);

/** Display width (code points; names hold no wide characters). */
const width = (s: string) => [...s].length;

const fName = (beta: number) => (beta === 1 ? 'F1' : `F${beta}`);

/** Whether the objective is a rate shown as a percentage (else a plain number). */
export function isRateObjective(text: string): boolean {
  return /^\s*(f1|f|p|r|ser|err|k|f:[^:\s]+|k:[^:\s]+:[^:\s]+)\s*$/i.test(text);
}

/** Which score column shows the objective itself, if any. */
function objectiveColumn(text: string): 'f' | 'ser' | 'k' | undefined {
  const t = text.trim().toLowerCase();
  if (t === 'f1' || t === 'f' || t.startsWith('f:')) return 'f';
  if (t === 'ser') return 'ser';
  if (t === 'k' || t.startsWith('k:')) return 'k';
  return undefined;
}

/** An objective value: a percentage for rate objectives, else four decimals. */
function objectiveValue(r: PlanResult, x: number | null | undefined): string {
  return isRateObjective(r.objective.text) ? percent(x) : fixed(x, 4);
}

/** A signed difference of objective values (percentage points for rate objectives). */
function signedObjective(r: PlanResult, x: number | null | undefined): string {
  if (x === null || x === undefined || Number.isNaN(x)) return UNDEFINED;
  const s = isRateObjective(r.objective.text) ? fixed(x * 100) : fixed(x, 4);
  if (s === '∞') return '+∞';
  return s.startsWith('-') || /^0\.?0*$/.test(s) ? s : `+${s}`;
}

/** A cost or budget: up to two decimals, without trailing zeros (3, 2.5, 0.25). */
function shortNumber(x: number): string {
  const s = fixed(x, 2);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/**
 * `members` joined with `+`, abbreviated to at most `max` characters: as many leading names as
 * fit, then `+N more` (e.g. `flair-glove-lstmcrf+5 more`); a single name too long is cut with `…`.
 */
export function abbreviateMembers(members: readonly string[], max: number): string {
  const full = members.join('+');
  if (width(full) <= max) return full;
  for (let k = members.length - 1; k >= 1; k--) {
    const s = `${members.slice(0, k).join('+')}+${members.length - k} more`;
    if (width(s) <= max) return s;
  }
  const tail = members.length > 1 ? `+${members.length - 1} more` : '';
  const room = Math.max(1, max - width(tail) - 1);
  return `${[...members[0]].slice(0, room).join('')}…${tail}`;
}

/** Candidates by rank, the first `top` of them. */
function shown(r: PlanResult, top: number | undefined): PlanCandidate[] {
  const all = [...r.candidates].sort((a, b) => a.rank - b.rank);
  return top === undefined ? all : all.slice(0, Math.max(0, top));
}

/** Whether costs matter: some candidate costs other than its size, or a budget is set. */
function costsGiven(r: PlanResult): boolean {
  return r.budget !== null || r.candidates.some((c) => c.cost !== c.size);
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** The header lines: objective, rules and search, the best single system. */
export function planHeadline(r: PlanResult): string[] {
  const s = r.search;
  const strategies = s.strategies.length === 0 ? s.requested : s.strategies.join(' then ');
  const how = [
    `search ${strategies}${s.requested === 'auto' ? ' (auto)' : ''}`,
    ...(s.guide === 'comp' ? ['guided by complementarity'] : []),
    ...(s.strategies.includes('beam') ? [`beam width ${s.beam}`] : []),
    `sizes ${s.minSize}–${s.maxSize}`,
  ];
  const budget = r.budget === null ? '' : `; budget ${shortNumber(r.budget)}`;
  const better = /\bbetter\b/.test(r.objective.description) ? '' : ` (${r.objective.minimise ? 'lower' : 'higher'} is better)`;
  return [
    `Plan — objective ${r.objective.text}: ${r.objective.description}${better}`,
    `Rules ${r.rules.join(', ')}; ${how.join(', ')}; ${plural(s.evaluated, 'candidate')} evaluated over ${plural(r.systems.length, 'system')}${budget}`,
    `Best single system: ${r.bestSingle.name}, objective ${objectiveValue(r, r.bestSingle.objective)}`,
  ];
}

/** The predicted F cell with its mark. */
function predictedCell(c: PlanCandidate): string {
  const v = percent(c.predicted.f);
  if (c.predictedVia === 'via-majority') return `${v}${VIA_MAJORITY_MARK}`;
  if (c.predictedVia === 'beta-binomial') return `${ESTIMATE_MARK}${v}`;
  return v;
}

/**
 * The candidates table. `membersCell` formats a member list (abbreviation for the terminal,
 * escaping for Markdown).
 */
function candidatesTable(r: PlanResult, list: PlanCandidate[], membersCell: (m: string[]) => string): Table & { footnotes: string[] } {
  const F = fName(r.beta);
  const cost = costsGiven(r);
  const objCol = objectiveColumn(r.objective.text);
  const columns: Column[] = [
    { header: '#', align: 'right' }, { header: 'members' }, { header: 'rule' }, { header: 'size', align: 'right' },
    ...(cost ? [{ header: 'cost', align: 'right' as const }] : []),
    { header: `pred ${F}`, align: 'right' }, { header: F, align: 'right' }, { header: 'SER', align: 'right' }, { header: 'K', align: 'right' },
    ...(objCol === undefined ? [{ header: 'objective', align: 'right' as const }] : []),
    { header: 'gap', align: 'right' }, { header: 'gain', align: 'right' },
  ];
  const rows = list.map((c) => [
    String(c.rank), membersCell(c.members), c.rule, String(c.size),
    ...(cost ? [`${shortNumber(c.cost)}${c.withinBudget ? '' : OVER_BUDGET_MARK}`] : []),
    predictedCell(c), percent(c.actual.f), percent(c.actual.ser), percent(c.actual.k),
    ...(objCol === undefined ? [objectiveValue(r, c.objective.actual)] : []),
    signedObjective(r, c.objective.gap), signedObjective(r, c.gain),
  ]);
  // Emphasis: the objective of the best candidate shown.
  const emphasis = new Set<string>();
  const at = columns.findIndex((col) => col.header === (objCol === 'f' ? F : objCol === 'ser' ? 'SER' : objCol === 'k' ? 'K' : 'objective'));
  const best = list.findIndex((c) => c.rank === 1);
  if (best >= 0 && at >= 0) emphasis.add(`${best}:${at}`);
  const notes: string[] = [];
  if (list.some((c) => c.predictedVia === 'beta-binomial')) notes.push(`${ESTIMATE_MARK} ${ESTIMATE_NOTE}.`);
  if (list.some((c) => c.predictedVia === 'via-majority')) notes.push(`${VIA_MAJORITY_MARK} ${VIA_MAJORITY_NOTE}.`);
  if (cost && list.some((c) => !c.withinBudget)) notes.push(`${OVER_BUDGET_MARK} over the budget${r.budget === null ? '' : ` of ${shortNumber(r.budget)}`}.`);
  const unit = isRateObjective(r.objective.text) ? ' (points)' : '';
  notes.push(`gap = actual − predicted objective${unit}; gain = over the candidate's best single member${unit}, positive is better.`);
  // Candidates listed out of those scored (a budget or size range may leave fewer to rank).
  const total = Math.max(r.candidates.length, r.rankAgreement.candidates);
  const which = list.length < total ? `top ${list.length} of ${total}` : total === 1 ? 'the only one' : `all ${total}`;
  return {
    title: `Candidates (${which}, by actual objective)`,
    columns,
    rows,
    emphasis,
    note: notes.join('\n'),
    footnotes: notes,
  };
}

/** The greedy path: one row per step per rule. */
function greedyTable(r: PlanResult, steps: GreedyStep[]): Table {
  const comp = steps.some((s) => s.comp !== null);
  return {
    title: 'Greedy path',
    columns: [
      { header: 'rule' }, { header: 'step', align: 'right' }, { header: 'added' }, { header: 'members', align: 'right' },
      { header: 'actual', align: 'right' }, { header: 'predicted', align: 'right' },
      ...(comp ? [{ header: 'F_Comp', align: 'right' as const }] : []),
    ],
    rows: steps.map((s) => [
      s.rule, String(s.step), `+${s.added}`, String(s.members.length), objectiveValue(r, s.actual), objectiveValue(r, s.predicted),
      ...(comp ? [percent(s.comp)] : []),
    ]),
    note: comp ? 'F_Comp: what the added system offered the ensemble before it (--guide comp).' : undefined,
  };
}

/** The rank agreement line. */
export function rankAgreementLine(r: PlanResult): string {
  const a = r.rankAgreement;
  return `Rank agreement (predicted against actual objective) over ${plural(a.candidates, 'candidate')}: `
    + `Spearman ρ ${fixed(a.spearman, 3)}, Kendall τ ${fixed(a.kendall, 3)}, D-measure@${a.topK} ${fixed(a.dMeasure, 3)}`;
}

/** The Pareto front of objective against cost, by cost. */
function paretoTable(r: PlanResult, membersCell: (m: string[]) => string): Table | undefined {
  const front = r.paretoFront === undefined ? r.candidates.filter((c) => c.pareto) : [...r.paretoFront];
  if (front.length === 0) return undefined;
  const sign = r.objective.minimise ? 1 : -1;
  front.sort((a, b) => a.cost - b.cost || sign * (a.objective.actual - b.objective.actual) || a.rank - b.rank);
  return {
    title: 'Pareto front (objective against cost)',
    columns: [
      { header: 'cost', align: 'right' }, { header: 'objective', align: 'right' }, { header: 'members' }, { header: 'rule' },
      { header: '#', align: 'right' },
    ],
    rows: front.map((c) => [
      shortNumber(c.cost), objectiveValue(r, c.objective.actual), membersCell(c.members), c.rule, c.rank > 0 ? String(c.rank) : '—',
    ]),
    note: r.budget === null ? '# is the rank among the listed candidates (— when not listed).' : `Budget ${shortNumber(r.budget)}; # is the rank among the listed candidates (— when not listed or over budget).`,
  };
}

/** How the held-out split was made, for titles. */
function heldOutKind(h: HeldOut): string {
  if (h.kind === 'folds') return `${h.folds ?? h.perFold.length} folds`;
  const share = h.fraction === undefined ? '' : ` ${Number((h.fraction * 100).toFixed(2))}%`;
  return `holdout${share}`;
}

/** The held-out table: per fold, what was chosen and how it did on unseen documents. */
function heldOutTable(r: PlanResult, h: HeldOut, membersCell: (m: string[]) => string): Table {
  return {
    title: `Held-out check (${heldOutKind(h)} by document, seed ${h.seed})`,
    columns: [
      { header: 'fold', align: 'right' }, { header: 'train docs', align: 'right' }, { header: 'test docs', align: 'right' },
      { header: 'chosen' }, { header: 'planning', align: 'right' }, { header: 'held-out', align: 'right' },
      { header: 'best single' }, { header: 'its held-out', align: 'right' },
    ],
    rows: h.perFold.map((f) => [
      String(f.fold), String(f.trainDocuments), String(f.testDocuments), `${f.chosen.rule}(${membersCell(f.chosen.members)})`,
      objectiveValue(r, f.planning.objective), objectiveValue(r, f.heldOut.objective), f.bestSingle.name, objectiveValue(r, f.bestSingle.heldOut),
    ]),
    note: heldOutMeansLine(r, h),
  };
}

/** The held-out means, and the chosen candidates' held-out gain over the best single systems. */
export function heldOutMeansLine(r: PlanResult, h: HeldOut): string {
  const gain = r.objective.minimise ? h.meanBestSingleHeldOut - h.meanHeldOut : h.meanHeldOut - h.meanBestSingleHeldOut;
  return `Means over ${plural(h.perFold.length, 'fold')}: planning ${objectiveValue(r, h.meanPlanning)}, held-out ${objectiveValue(r, h.meanHeldOut)}, `
    + `best single held-out ${objectiveValue(r, h.meanBestSingleHeldOut)}; held-out gain ${signedObjective(r, gain)}.`;
}

/** The bootstrap line: the winner's gain over the best single system with its interval. */
export function bootstrapLine(r: PlanResult, b: BootstrapResult): string {
  const level = Number((b.confidence * 100).toFixed(2));
  return `Bootstrap (${plural(b.samples, 'resample')} of documents, seed ${b.seed}): gain of ${b.candidate.rule}(${b.candidate.members.join('+')}) `
    + `over ${b.bestSingle} ${signedObjective(r, b.observed)}, ${level}% interval ${signedObjective(r, b.low)} to ${signedObjective(r, b.high)} `
    + `(mean ${signedObjective(r, b.mean)}); not better in ${percent(b.notBetter, 1)}% of resamples.`;
}

/** The terminal report. */
export function planTable(result: PlanResult, options: PlanTableOptions = {}): string {
  const color = options.color === true;
  const list = shown(result, options.top);
  const out: string[] = [];
  const section = (text: string) => {
    if (out.length > 0) out.push('');
    out.push(text.replace(/\n$/, ''));
  };
  section(planHeadline(result).map((l, i) => (i === 0 ? bold(l, color) : l)).join('\n'));
  // Members fit the terminal: lay the table out once in full, then give the members column what
  // the other columns leave.
  let membersCell = (m: string[]) => m.join('+');
  if (options.width !== undefined && list.length > 0) {
    const full = candidatesTable(result, list, membersCell);
    const widths = full.columns.map((c, j) => Math.max(width(c.header), ...full.rows.map((row) => width(row[j]))));
    const others = widths.reduce((a, b) => a + b, 0) - widths[1] + 2 * (widths.length - 1);
    const room = Math.max(12, options.width - others);
    membersCell = (m) => abbreviateMembers(m, room);
  }
  const style = { color };
  if (list.length === 0) section('No candidates.');
  else section(renderText([candidatesTable(result, list, membersCell)], style));
  if (result.greedyPath.length > 0) section(renderText([greedyTable(result, result.greedyPath)], style));
  section(rankAgreementLine(result));
  if (costsGiven(result)) {
    const front = paretoTable(result, membersCell);
    if (front !== undefined) section(renderText([front], style));
  }
  if (result.heldOut !== undefined) {
    const h = result.heldOut;
    const wide = options.width === undefined ? (m: string[]) => m.join('+') : (m: string[]) => abbreviateMembers(m, Math.max(16, Math.floor(options.width! / 3)));
    section(renderText([heldOutTable(result, h, wide)], style));
  }
  if (result.bootstrap !== undefined) section(bootstrapLine(result, result.bootstrap));
  if (result.notes.length > 0) section(['Notes:', ...result.notes.map((n) => `  - ${n}`)].join('\n'));
  return `${out.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// JSON

function scoresJson(s: CandidateScores) {
  return {
    precision: jsonNumber(s.precision), recall: jsonNumber(s.recall), f: jsonNumber(s.f), ser: jsonNumber(s.ser), err: jsonNumber(s.err),
    k: jsonNumber(s.k), tp: jsonNumber(s.tp), fp: jsonNumber(s.fp), fn: jsonNumber(s.fn), s: jsonNumber(s.s),
  };
}

function candidateJson(c: PlanCandidate) {
  return {
    rank: c.rank,
    members: [...c.members],
    rule: c.rule,
    size: c.size,
    cost: jsonNumber(c.cost),
    gain: jsonNumber(c.gain),
    bestMember: c.bestMember,
    objective: { actual: jsonNumber(c.objective.actual), predicted: jsonNumber(c.objective.predicted), gap: jsonNumber(c.objective.gap) },
    actual: scoresJson(c.actual),
    predicted: scoresJson(c.predicted),
    predictedVia: c.predictedVia,
    ties: c.ties,
    withinBudget: c.withinBudget,
    pareto: c.pareto,
  };
}

function heldOutJson(h: HeldOut) {
  return {
    kind: h.kind,
    ...(h.fraction === undefined ? {} : { fraction: h.fraction }),
    ...(h.folds === undefined ? {} : { folds: h.folds }),
    seed: h.seed,
    perFold: h.perFold.map((f) => ({
      fold: f.fold,
      trainDocuments: f.trainDocuments,
      testDocuments: f.testDocuments,
      chosen: { members: [...f.chosen.members], rule: f.chosen.rule },
      planning: { objective: jsonNumber(f.planning.objective), scores: scoresJson(f.planning.scores) },
      heldOut: { objective: jsonNumber(f.heldOut.objective), scores: scoresJson(f.heldOut.scores) },
      bestSingle: { name: f.bestSingle.name, planning: jsonNumber(f.bestSingle.planning), heldOut: jsonNumber(f.bestSingle.heldOut) },
    })),
    meanPlanning: jsonNumber(h.meanPlanning),
    meanHeldOut: jsonNumber(h.meanHeldOut),
    meanBestSingleHeldOut: jsonNumber(h.meanBestSingleHeldOut),
  };
}

function bootstrapJson(b: BootstrapResult) {
  return {
    samples: b.samples,
    seed: b.seed,
    confidence: jsonNumber(b.confidence),
    candidate: { members: [...b.candidate.members], rule: b.candidate.rule },
    bestSingle: b.bestSingle,
    observed: jsonNumber(b.observed),
    mean: jsonNumber(b.mean),
    low: jsonNumber(b.low),
    high: jsonNumber(b.high),
    notBetter: jsonNumber(b.notBetter),
  };
}

/** The result as a plain object with the keys in the order of types.ts and NaN/±∞ as null. */
export function planJsonObject(r: PlanResult): object {
  const s = r.search;
  const a = r.rankAgreement;
  return {
    schemaVersion: r.schemaVersion,
    objective: { text: r.objective.text, minimise: r.objective.minimise, description: r.objective.description },
    rules: [...r.rules],
    search: {
      requested: s.requested, strategies: [...s.strategies], guide: s.guide, beam: s.beam, minSize: s.minSize, maxSize: s.maxSize, evaluated: s.evaluated,
    },
    match: r.match,
    beta: r.beta,
    kAlpha: r.kAlpha,
    systems: [...r.systems],
    bestSingle: { name: r.bestSingle.name, objective: jsonNumber(r.bestSingle.objective) },
    budget: jsonNumber(r.budget),
    candidates: r.candidates.map(candidateJson),
    ...(r.paretoFront === undefined ? {} : { paretoFront: r.paretoFront.map(candidateJson) }),
    greedyPath: r.greedyPath.map((g) => ({
      rule: g.rule, step: g.step, added: g.added, members: [...g.members], actual: jsonNumber(g.actual), predicted: jsonNumber(g.predicted),
      comp: jsonNumber(g.comp),
    })),
    rankAgreement: {
      candidates: a.candidates, spearman: jsonNumber(a.spearman), kendall: jsonNumber(a.kendall), dMeasure: jsonNumber(a.dMeasure), topK: a.topK,
    },
    notes: [...r.notes],
    ...(r.heldOut === undefined ? {} : { heldOut: heldOutJson(r.heldOut) }),
    ...(r.bootstrap === undefined ? {} : { bootstrap: bootstrapJson(r.bootstrap) }),
  };
}

/** The JSON document of `complan plan`: the result, two-space indented, with a trailing newline. */
export function planJson(result: PlanResult): string {
  return `${JSON.stringify(planJsonObject(result), null, 2)}\n`;
}

// ---------------------------------------------------------------------------------------------
// CSV

const SCORE_FIELDS = ['precision', 'recall', 'f', 'ser', 'err', 'k', 'tp', 'fp', 'fn', 's'] as const;

/** The CSV header: one row per candidate. */
export const PLAN_CSV_FIELDS: readonly string[] = [
  'rank', 'members', 'rule', 'size', 'cost', 'gain', 'objective_actual', 'objective_predicted', 'gap',
  ...SCORE_FIELDS.map((f) => `actual_${f}`), ...SCORE_FIELDS.map((f) => `predicted_${f}`),
  'predicted_via', 'ties', 'within_budget', 'pareto',
];

/** RFC 4180 CSV, one row per candidate by rank; members joined with `+`; undefined values empty. */
export function planCsv(result: PlanResult): string {
  const num = (x: number | null | undefined) => {
    const v = jsonNumber(x);
    return v === null ? '' : String(v);
  };
  const rows = shown(result, undefined).map((c) => [
    String(c.rank), c.members.join('+'), c.rule, String(c.size), num(c.cost), num(c.gain),
    num(c.objective.actual), num(c.objective.predicted), num(c.objective.gap),
    ...SCORE_FIELDS.map((f) => num(c.actual[f])), ...SCORE_FIELDS.map((f) => num(c.predicted[f])),
    c.predictedVia, String(c.ties), String(c.withinBudget), String(c.pareto),
  ]);
  return renderCsv(PLAN_CSV_FIELDS, rows);
}

// ---------------------------------------------------------------------------------------------
// Markdown and LaTeX

/** Markdown inline specials in free text (table cells get `|` escaped by the table renderer). */
const mdText = (s: string) => s.replace(/([\\`*_[\]<>|])/g, '\\$1');
const mdCell = (s: string) => s.replace(/([\\`*_[\]<>])/g, '\\$1');

/** The candidates table, then rank agreement, the held-out table and the bootstrap line, in Markdown. */
export function planMarkdown(result: PlanResult, options: PlanDocumentOptions = {}): string {
  const list = shown(result, options.top);
  const cell = (m: string[]) => mdCell(m.join('+'));
  const out: string[] = [planHeadline(result).map(mdText).join('  \n'), ''];
  if (list.length === 0) out.push('No candidates.', '');
  else {
    const t = candidatesTable(result, list, cell);
    // Table cells other than members are ours (numbers, marks, rule names): escape the rule.
    t.rows = t.rows.map((row) => row.map((c, j) => (j === 2 ? mdCell(c) : c)));
    out.push(renderMarkdown([{ ...t, note: undefined }]).trimEnd(), '', t.footnotes.map(mdText).join('  \n'), '');
  }
  out.push(mdText(rankAgreementLine(result)), '');
  if (result.heldOut !== undefined) {
    const t = heldOutTable(result, result.heldOut, cell);
    t.rows = t.rows.map((row) => row.map((c, j) => (j === 6 ? mdCell(c) : c)));
    out.push(renderMarkdown([{ ...t, note: undefined }]).trimEnd(), '', mdText(t.note ?? ''), '');
  }
  if (result.bootstrap !== undefined) out.push(mdText(bootstrapLine(result, result.bootstrap)), '');
  return `${out.join('\n').trimEnd()}\n`;
}

/** Characters the house LaTeX escaper leaves alone, as LaTeX (applied after escaping). */
const LATEX_EXTRA: Record<string, string> = {
  '≈': '$\\approx$', '†': '$^\\dagger$', 'ρ': '$\\rho$', 'τ': '$\\tau$', '−': '$-$', '–': '--', '…': '\\ldots{}', '≤': '$\\le$', '≥': '$\\ge$',
};

function latexExtra(s: string): string {
  return s.replace(/[≈†ρτ−–…≤≥]/g, (c) => LATEX_EXTRA[c]);
}

/**
 * The candidates table (booktabs, in a `table` float captioned by the objective and search),
 * its marks, the rank agreement and, when present, the held-out table and the bootstrap line
 * as table notes; every name escaped.
 */
export function planLatex(result: PlanResult, options: PlanDocumentOptions = {}): string {
  const list = shown(result, options.top);
  const cell = (m: string[]) => m.join('+');
  const tables: Table[] = [];
  const head = planHeadline(result);
  const bootstrap = result.bootstrap === undefined ? undefined : bootstrapLine(result, result.bootstrap);
  let candidates: Table;
  let footnotes: string[] = [];
  if (list.length === 0) candidates = { columns: [{ header: 'candidates' }], rows: [['none']] };
  else {
    const t = candidatesTable(result, list, cell);
    footnotes = t.footnotes;
    candidates = { ...t, footnotes: undefined } as Table;
  }
  candidates.title = `Plan candidates — ${head[0].replace(/^Plan — /, '')}. ${head[1]}. ${head[2]}.`;
  const notes = [...footnotes, `${rankAgreementLine(result)}.`];
  if (result.heldOut === undefined && bootstrap !== undefined) notes.push(bootstrap);
  candidates.note = notes.join(' ');
  tables.push(candidates);
  if (result.heldOut !== undefined) {
    const h = heldOutTable(result, result.heldOut, cell);
    if (bootstrap !== undefined) h.note = `${h.note} ${bootstrap}`;
    tables.push(h);
  }
  return latexExtra(renderLatex(tables));
}
