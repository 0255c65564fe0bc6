/**
 * Renderings of a {@link PlanResult}: the terminal report, the JSON document (schemaVersion 1,
 * the result as it stands), a CSV with one row per candidate and per procedure, and Markdown and
 * LaTeX for papers. Every report says what its figures were measured on: in-sample (the planning
 * data, which chose the candidates), held out, or test (never used for selection); the
 * baselines stand beside the candidates, and the recommendation ends the report. Pure functions of the result; the caller decides colour (NO_COLOR /
 * FORCE_COLOR) and the terminal width.
 *
 * Numbers: rates (P, R, F, SER, K) are percentages with two decimals, as `eval` prints them.
 * Objective values follow the objective: percentages (and percentage points for gaps and gains)
 * for the named ones (`f1`, `f:β`, `ser`, `k:α:β`, and a bare `p`, `r`, `f`, `ser`, `err`, `k`),
 * plain numbers with four decimals for other expressions (`f - 0.002*size`, `tp - fp`). Rank
 * correlations have three decimals. Undefined values are `—` (`null` in JSON, empty in CSV).
 *
 * Marks on predicted scores: `≈` for the maximum-entropy estimate (three or more members, and
 * typed votes), `†` for `weighted` of more than six members estimated as the plain vote; unmarked predictions are exact.
 */
import type { CandidateScores, GreedyStep, PairedComparison, PlanCandidate, PlanResult, Procedure, ScoredOn } from '../plan/types.js';
import { isRateObjective, objectiveIsF } from '../plan/scores.js';
import { fixed, jsonNumber, percent } from './number.js';
import { abbreviateMembers, wrappedMembers, objectiveLabel, objectiveValue, plural, shortNumber, shownName, signedObjective, weightedMembers, width } from './plan-values.js';
import {
  bootstrapTables, comparisonsTable, dataLine, procedures, proceduresInFull, proceduresTable, recommendationLines, splitChoicesInFull, splitsTable, splitStability, type SavedPlan,
} from './plan-procedures.js';
import { explainFormatOf, explanationJson, explanationTables } from './plan-explain.js';
import { noteText } from './plan-notes.js';
import { recommendationReason } from './plan-reason.js';
import { testSetApart } from './plan-test-set.js';
import { predictionQualityJson, predictionQualityTable } from './plan-quality.js';
import { renderCsv, renderLatex, renderMarkdown, renderText, type Column, type Table } from './table.js';
import { wrapWords } from './terminal-text.js';
import { keepsLoneMember } from '../ensemble/rules.js';
import { checkOptionKeys, type NoneMissing } from '../metrics/option-keys.js';
import { checkReport, PLAN, PLAN_KEYS } from './report-check.js';

export interface PlanTableOptions {
  /** ANSI colour and bold (decided by the caller from NO_COLOR / FORCE_COLOR / the terminal). */
  color?: boolean;
  /** Terminal width in columns: long member lists are abbreviated to fit (no limit when absent). */
  width?: number;
  /** Show only the first `top` candidates (all when absent). */
  top?: number;
  /**
   * The short report (`plan --brief`): what the candidates are, the candidates, the choices and
   * baselines, the recommendation, then `next` (the commands to run next, as the caller words
   * them) — without the greedy path, rank agreement, prediction quality and held-out tables.
   */
  brief?: boolean;
  /**
   * Wrap the full report's prose (headline, table notes, rank agreement, the recommendation) to
   * `width`, as on a terminal; the brief report always wraps. Off, prose lines stay whole, as
   * files and pipes read best.
   */
  wrap?: boolean;
  /** Lines ending the brief report: what to run next. */
  next?: readonly string[];
  /** The plan this run saved (`--save-plan`): the recommendation's last line says where. */
  saved?: SavedPlan;
}

/** Every option {@link planTable} takes (any other key is refused). */
export const PLAN_TABLE_OPTION_KEYS = ['color', 'width', 'top', 'brief', 'wrap', 'next', 'saved'] as const satisfies readonly (keyof PlanTableOptions)[];
type _PlanTableOptionKeysListed = NoneMissing<Exclude<keyof PlanTableOptions, (typeof PLAN_TABLE_OPTION_KEYS)[number]>>;

export interface PlanDocumentOptions {
  /** Show only the first `top` candidates (all when absent). */
  top?: number;
  /** The plan this run saved (`--save-plan`): the recommendation's last line says where. */
  saved?: SavedPlan;
}

/** Every option {@link planMarkdown} and {@link planLatex} takes (any other key is refused). */
export const PLAN_DOCUMENT_OPTION_KEYS = ['top', 'saved'] as const satisfies readonly (keyof PlanDocumentOptions)[];
type _PlanDocumentOptionKeysListed = NoneMissing<Exclude<keyof PlanDocumentOptions, (typeof PLAN_DOCUMENT_OPTION_KEYS)[number]>>;

/** The mark of an estimated prediction, and its footnote. */
export const ESTIMATE_MARK = '≈';
/** The mark of `weighted` predicted as the plain vote, and its footnote. */
export const UNWEIGHTED_MARK = '†';
export const UNWEIGHTED_NOTE = 'weighted of more than six members predicted as the plain vote of its members (weights left out)';
const ESTIMATE_NOTE = 'estimated from the members\' pairwise statistics (pairwise maximum entropy); unmarked predictions are exact';
const OVER_BUDGET_MARK = '!';

const ESC = '\u001b[';
const bold = (s: string, on: boolean) => (on ? `${ESC}1m${s}${ESC}22m` : s);

/** A heading line in bold, wrapped between words to `width` with the rest indented by two. */
function headLines(line: string, width: number, on: boolean): string {
  const [first, ...rest] = wrapWords(line, width).split('\n');
  const more = rest.length === 0 ? [] : wrapWords(rest.join(' '), width - 2).split('\n').map((l) => `  ${l}`);
  return [first, ...more].map((l) => bold(l, on)).join('\n');
}

const fName = (beta: number) => (beta === 1 ? 'F1' : `F${beta}`);

export { isRateObjective };
export { abbreviateMembers } from './plan-values.js';

/** Which score column shows the objective itself, if any. */
function objectiveColumn(text: string, beta: number, kAlpha: number): 'f' | 'ser' | 'k' | undefined {
  const t = text.trim().toLowerCase();
  // The F column is F with --beta, and the K column K with --k-alpha and --beta: an objective
  // with other parameters (f1 under --beta 2, f:2 under --beta 1) gets a column of its own.
  if (objectiveIsF(t, beta)) return 'f';
  if (t === 'ser') return 'ser';
  if (t === 'k') return 'k';
  const k = /^k:([^:]+)(?::(.+))?$/.exec(t);
  if (k !== null && Number(k[1].trim()) === kAlpha && Number(k[2]?.trim() ?? 1) === beta) return 'k';
  return undefined;
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

/** The header lines: objective, rules and search, the best single system. */
export function planHeadline(r: PlanResult): string[] {
  const s = r.search;
  // An exhaustive search saw every candidate: the greedy path beside it only draws the path.
  const exhaustive = s.strategies.includes('exhaustive');
  const strategies = s.strategies.length === 0 ? s.requested : exhaustive ? 'exhaustive' : s.strategies.join(' then ');
  const how = [
    `search ${strategies}${s.requested === 'auto' ? ' (auto)' : ''}${exhaustive && s.strategies.includes('greedy') ? ', with the greedy path beside it' : ''}`,
    ...(s.guide === 'comp' ? ['guided by complementarity'] : []),
    ...(s.strategies.includes('beam') ? [`beam width ${s.beam}`] : []),
    ...(s.guidedBudget === undefined ? [] : [`guided budget ${s.guidedBudget} per rule`]),
    `sizes ${s.minSize}–${s.maxSize}`,
  ];
  const budget = r.budget === null ? '' : `; budget ${shortNumber(r.budget)}`;
  const better = /\bbetter\b/.test(r.objective.description) ? '' : ` (${r.objective.minimise ? 'lower' : 'higher'} is better)`;
  return [
    `Plan — objective ${r.objective.text}: ${r.objective.description}${better}`,
    `Rules ${r.rules.join(', ')}; ${how.join(', ')}; ${plural(s.evaluated, 'candidate')} evaluated${s.distinct < s.evaluated ? ` (${s.distinct} distinct)` : ''} over ${plural(r.systems.length, 'system')}${budget}`,
    `Best single system: ${shownName(r.bestSingle.name)}, objective ${objectiveValue(r, r.bestSingle.objective)} (in-sample)`,
  ];
}

/** The predicted F cell with its mark. */
function predictedCell(r: PlanResult, c: PlanCandidate): string {
  const v = objectiveValue(r, c.objective.predicted);
  if (c.predictedVia === 'max-entropy-unweighted') return `${ESTIMATE_MARK}${v}${UNWEIGHTED_MARK}`;
  if (c.predictedVia === 'max-entropy') return `${ESTIMATE_MARK}${v}`;
  return v;
}

/**
 * The candidates table. `membersCell` formats a member list (abbreviation for the terminal,
 * escaping for Markdown).
 */
export function candidatesTable(r: PlanResult, list: PlanCandidate[], membersCell: (m: string[]) => string): Table & { footnotes: string[] } {
  const F = fName(r.beta);
  const cost = costsGiven(r);
  const objCol = objectiveColumn(r.objective.text, r.beta, r.kAlpha);
  const label = objectiveLabel(r.objective.text, r.beta);
  // The objective's own column, when no score column is it: named as the objective is (F1 beside
  // an F2 column), or `objective` for an expression.
  const objHeader = objCol === 'f' ? F : objCol === 'ser' ? 'SER' : objCol === 'k' ? 'K' : label === r.objective.text.trim() ? 'objective' : label;
  const columns: Column[] = [
    { header: '#', align: 'right' }, { header: 'members' }, { header: 'rule' }, { header: 'size', align: 'right' },
    ...(cost ? [{ header: 'cost', align: 'right' as const }] : []),
    // The objective beside its prediction: gap is the one minus the other.
    { header: `pred ${label}`, align: 'right' },
    ...(objCol === undefined ? [{ header: objHeader, align: 'right' as const }] : []),
    // Beside an objective that is a K of other parameters, the K column says its own α.
    { header: F, align: 'right' }, { header: 'SER', align: 'right' }, { header: objCol === undefined && /^\s*k\b/i.test(r.objective.text) ? `K(α=${r.kAlpha})` : 'K', align: 'right' },
    { header: 'gap', align: 'right' }, { header: 'gain', align: 'right' },
    ...(r.testSet !== undefined ? [{ header: `test ${objHeader}`, align: 'right' as const }] : []),
  ];
  const rows = list.map((c) => [
    // A single system's rule is any that gives its own items (k-of-n with k ≥ 2 keeps none of them).
    String(c.rank), membersCell(weightedMembers(c.members, c.size === 1 ? undefined : c.weights)), c.size === 1 && keepsLoneMember(c.rule) ? '—' : c.rule, String(c.size),
    ...(cost ? [`${shortNumber(c.cost)}${c.withinBudget ? '' : OVER_BUDGET_MARK}`] : []),
    predictedCell(r, c),
    ...(objCol === undefined ? [objectiveValue(r, c.objective.actual)] : []),
    percent(c.actual.f), percent(c.actual.ser), percent(c.actual.k),
    signedObjective(r, c.objective.gap), signedObjective(r, c.gain),
    ...(r.testSet !== undefined ? [objectiveValue(r, c.test?.objective)] : []),
  ]);
  // Emphasis: the objective of the best candidate shown.
  const emphasis = new Set<string>();
  const at = columns.findIndex((col) => col.header === objHeader);
  const best = list.findIndex((c) => c.rank === 1);
  if (best >= 0 && at >= 0) emphasis.add(`${best}:${at}`);
  const notes: string[] = [];
  if (list.some((c) => c.predictedVia !== 'exact')) notes.push(`${ESTIMATE_MARK} ${ESTIMATE_NOTE}.`);
  if (list.some((c) => c.predictedVia === 'max-entropy-unweighted')) notes.push(`${UNWEIGHTED_MARK} ${UNWEIGHTED_NOTE}.`);
  if (cost && list.some((c) => !c.withinBudget)) notes.push(`${OVER_BUDGET_MARK} over the budget${r.budget === null ? '' : ` of ${shortNumber(r.budget)}`}.`);
  const unit = isRateObjective(r.objective.text) ? ' (points)' : '';
  notes.push(`gap = actual − predicted objective${unit}${r.objective.minimise ? ' (lower is better, so a negative gap is a candidate better than predicted)' : ''}; gain = over the candidate's best single member${unit}, positive is better.`);
  notes.push('Actual scores are in-sample: measured on the planning data, which ranked and chose these candidates.');
  if (list.some((c) => c.size === 1 && keepsLoneMember(c.rule))) notes.push('rule —: a single system, the same items under every rule that keeps its output, listed and counted once.');
  if (r.testSet !== undefined) notes.push(`test: on ${r.testSet.gold}${testSetApart(r, ', not used for selection')}.`);
  // Candidates listed out of those ranked: the ones scored within the size range and the budget
  // (under --search caruana, the ensembles along the selection's path, which are not the ones scored).
  const total = Math.max(r.candidates.length, r.search.eligible);
  const limits = r.budget !== null || r.search.minSize > 1 || r.search.maxSize < r.systems.length;
  const limited = limits && r.search.requested !== 'caruana' && total < r.search.distinct;
  const within = limited ? ` within the limits given, of ${r.search.distinct}${r.search.distinct < r.search.evaluated ? ' distinct' : ''} evaluated;` : ',';
  // The headline counts every candidate scored, the greedy search's before the path's: the path's are named so.
  const path = r.search.requested === 'caruana' ? ' along the selection\'s path' : '';
  const which = list.length < total ? `top ${list.length} of ${limited ? 'the ' : ''}${total}${path}` : total === 1 ? `the only one${path}` : `all ${total}${path}`;
  return {
    title: `Candidates (${which}${within} by actual objective, in-sample)`,
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
    title: 'Greedy path (actual and predicted in-sample: on the planning data, which chose each step)',
    columns: [
      { header: 'rule' }, { header: 'step', align: 'right' }, { header: 'added' }, { header: 'members', align: 'right' },
      { header: 'actual', align: 'right' }, { header: 'predicted', align: 'right' },
      ...(comp ? [{ header: 'F_Comp', align: 'right' as const }] : []),
    ],
    rows: steps.map((s) => [
      s.rule, String(s.step), `+${s.added}`, String(s.members.length), objectiveValue(r, s.actual), objectiveValue(r, s.predicted),
      ...(comp ? [percent(s.comp)] : []),
    ]),
    note: [
      // Paths of different lengths, and a system never added, are read against the stopping rule.
      `Each rule's path starts from the best single system and adds ${comp ? 'the first system, in order of F_Comp, that improves the objective (else the best)' : 'the system that gives the best objective'}; `
        + `it stops at --max-size (${r.search.maxSize}), when every system is in, or after two additions in a row that do not beat the best objective on its path (then its last two rows).`,
      ...(comp ? ['F_Comp: what the added system offered the ensemble before it (--guide comp).'] : []),
    ].join('\n'),
  };
}

/** The candidates rank agreement leaves out, as its line says it: only the kinds there are (`22 exact by construction left out`). */
function leftOut(excluded: { exact: number; duplicates: number }): string {
  const parts = [
    ...(excluded.exact > 0 || excluded.duplicates === 0 ? [`${excluded.exact} exact by construction`] : []),
    ...(excluded.duplicates > 0 ? [plural(excluded.duplicates, 'duplicate')] : []),
  ];
  return `${parts.join(' and ')} left out`;
}

/** The rank agreement lines: overall, per rule, and among candidates that beat the best single system. */
export function rankAgreementLines(r: PlanResult): string[] {
  const a = r.rankAgreement;
  // Two candidates are in one order or the other: ρ and τ are ±1 and say nothing.
  const rho = (x: { spearman: number | null; kendall: number | null; candidates: number }) => (x.candidates === 2
    ? `ρ ${fixed(x.spearman, 3)}, τ ${fixed(x.kendall, 3)} (2 candidates: ±1 whatever the predictions)`
    : `ρ ${fixed(x.spearman, 3)}, τ ${fixed(x.kendall, 3)} (${plural(x.candidates, 'candidate')})`);
  return [
    `Rank agreement (predicted against actual objective, in-sample) over ${plural(a.candidates, 'candidate')} whose prediction is an estimate `
      + `(${leftOut(a.excluded)}): `
      + `Spearman ρ ${fixed(a.spearman, 3)}, Kendall τ ${fixed(a.kendall, 3)}, D-measure@${a.topK} ${fixed(a.dMeasure, 3)}`,
    `  by rule: ${a.byRule.length === 0 ? '—' : a.byRule.map((x) => `${x.rule} ${rho(x)}`).join('; ')}`,
    `  among candidates that beat the best single system: ${rho(a.beatingBestSingle)}`,
    `  higher is better: ρ and τ run from −1 to 1, D-measure@${a.topK} (Nakache et al. 2005) from 0 to 1, the share of the predicted top ${a.topK} in the actual top ${a.topK}, weighted towards the head of the list`,
  ];
}

/** The rank agreement line (the first of {@link rankAgreementLines}). */
export function rankAgreementLine(r: PlanResult): string {
  return rankAgreementLines(r)[0];
}

/** The Pareto front of objective against cost, by cost. */
function paretoTable(r: PlanResult, membersCell: (m: string[]) => string): Table | undefined {
  const front = r.paretoFront === undefined ? r.candidates.filter((c) => c.pareto) : [...r.paretoFront];
  if (front.length === 0) return undefined;
  const sign = r.objective.minimise ? 1 : -1;
  front.sort((a, b) => a.cost - b.cost || sign * (a.objective.actual - b.objective.actual) || a.rank - b.rank);
  return {
    title: 'Pareto front (in-sample objective against cost)',
    columns: [
      { header: 'cost', align: 'right' }, { header: 'objective', align: 'right' }, { header: 'members' }, { header: 'rule' },
      { header: '#', align: 'right' },
    ],
    rows: front.map((c) => [
      // One system is itself under every rule: its rule is left blank, as best-single's is.
      shortNumber(c.cost), objectiveValue(r, c.objective.actual), membersCell(c.members), c.members.length === 1 ? '—' : c.rule, c.rank > 0 ? String(c.rank) : '—',
    ]),
    note: `${r.budget === null ? '# is the rank among the listed candidates (— when not listed).' : `Budget ${shortNumber(r.budget)}; # is the rank among the listed candidates (— when not listed or over budget).`} A single system has no rule (—).`,
  };
}

/** The terminal report. */
export function planTable(result: PlanResult, options: PlanTableOptions = {}): string {
  checkReport(result, PLAN_KEYS, PLAN);
  checkOptionKeys('options', options, PLAN_TABLE_OPTION_KEYS);
  const color = options.color === true;
  const list = shown(result, options.top);
  const out: string[] = [];
  const section = (text: string) => {
    if (out.length > 0) out.push('');
    out.push(text.replace(/\n$/, ''));
  };
  const headline = [...planHeadline(result), dataLine(result)];
  // Prose wraps to the terminal (the brief report always, to 100 columns when no width is known).
  const wrapped = options.brief === true || options.wrap === true;
  const prose = wrapped ? (l: string) => wrapWords(l, Math.max(40, options.width ?? 100)) : (l: string) => l;
  section(headline.map(prose).map((l, i) => (i === 0 ? bold(l, color) : l)).join('\n'));
  if (options.brief === true && list.length > 0) {
    section(wrapWords(`How to read it: each candidate is a set of systems combined by a rule. `
      + `${objectiveLabel(result.objective.text, result.beta)} is its actual score on the planning data (in-sample: these data also chose it); `
      + `pred ${objectiveLabel(result.objective.text, result.beta)} is what the members' pairwise statistics predict without combining them (≈: an estimate); `
      + 'gap = actual − predicted; gain = its lead over its best member alone.', options.width ?? 100));
  }
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
  const wide = options.width === undefined ? (m: string[]) => m.join('+') : (m: string[]) => abbreviateMembers(m, Math.max(16, Math.floor(options.width! / 3)));
  // The procedures table keeps within the width too: its members narrower than a third of it
  // where the other columns need that, and where even `all N systems` would not fit, without its
  // ± sd column (the recommendation's own sd is in its lines, every one in JSON).
  let chose = wide;
  let dropSd = false;
  if (options.width !== undefined) {
    const full = proceduresTable(result, (m) => m.join('+'));
    const widths = full.columns.map((c, j) => Math.max(width(c.header), ...full.rows.map((row) => width(row[j]))));
    let room = options.width - (widths.reduce((a, b) => a + b, 0) - widths[1] + 2 * (widths.length - 1));
    const sd = full.columns.findIndex((c) => c.header === '± sd');
    const whole = `all ${result.systems.length} systems`.length;
    if (room < whole && sd >= 0) {
      dropSd = true;
      room += widths[sd] + 2;
    }
    const cap = Math.max(16, Math.floor(options.width / 3));
    if (room < cap) chose = (m: string[]) => abbreviateMembers(m, Math.max(12, room));
  }
  const lineWidth = Math.max(40, options.width ?? 100);
  const style = wrapped ? { color, width: lineWidth } : { color };
  if (list.length === 0) section('No candidates.');
  else {
    section(renderText([candidatesTable(result, list, membersCell)], style));
    // Every member of every listed candidate, where the table had to shorten the list.
    const cut = list.filter((c) => membersCell(weightedMembers(c.members, c.weights)) !== weightedMembers(c.members, c.weights).join('+'));
    if (cut.length > 0) {
      section(['Members in full:', ...cut.flatMap((c) => wrappedMembers(`  #${c.rank} ${c.rule} of ${c.size}: `, weightedMembers(c.members, c.weights), lineWidth))].join('\n'));
    }
  }
  const procedureTable = proceduresTable(result, chose);
  section(renderText([dropSd ? withoutColumn(procedureTable, '± sd', '± sd left out to fit the width (--format json has it).') : procedureTable], style));
  const chosen = proceduresInFull(result, chose, lineWidth);
  if (chosen.length > 0) section(['Chosen in full:', ...chosen].join('\n'));
  const notes = result.notes.length > 0 ? ['Notes:', ...result.notes.map((n) => prose(`  - ${noteText(n)}`))].join('\n') : undefined;
  if (options.brief === true) {
    // The notes qualify the recommendation (a p-value it could not reach, what was held out): the brief report keeps them,
    // and how often the selection changed its mind over the splits, which tells how much to trust its choice.
    if (result.heldOut !== undefined && result.heldOut.splits.length > 1) section(prose(splitStability(result.heldOut)));
    // A bootstrap asked for is shown, short as it is: the brief report would spend its time and show none of it.
    if (result.bootstrap !== undefined) section(renderText(bootstrapTables(result, result.bootstrap), style));
    if (notes !== undefined) section(notes);
    section(recommendationLines(result, options.saved).map((l, i) => (i === 0 ? headLines(l, lineWidth, color) : wrapWords(l, lineWidth))).join('\n'));
    if (options.next !== undefined && options.next.length > 0) section([bold('Next:', color), ...options.next].join('\n'));
    return `${out.join('\n')}\n`;
  }
  if (result.greedyPath.length > 0) section(renderText([greedyTable(result, result.greedyPath)], style));
  section(rankAgreementLines(result).map(prose).join('\n'));
  section(renderText([predictionQualityTable(result)], style));
  if (costsGiven(result)) {
    const front = paretoTable(result, membersCell);
    if (front !== undefined) section(renderText([front], style));
  }
  honestTables(result, wide).forEach((t, i) => {
    section(renderText([t], style));
    // The splits table (the first, when there are splits) shortens the choices: every member below it.
    const inFull = i === 0 && result.heldOut !== undefined ? splitChoicesInFull(result.heldOut, wide, lineWidth) : [];
    if (inFull.length > 0) section(['Chosen in each split, in full:', ...inFull].join('\n'));
  });
  if (notes !== undefined) section(notes);
  section(recommendationLines(result, options.saved).map((l, i) => (i === 0 ? headLines(l, lineWidth, color) : prose(l))).join('\n'));
  for (const e of result.explanations ?? []) section(renderText(explanationTables(e, explainFormatOf(result)), style));
  return `${out.join('\n')}\n`;
}

/** The held-out splits, the paired comparisons (held out, test) and the bootstrap, as present. */
function honestTables(r: PlanResult, cell: (m: string[]) => string): Table[] {
  const out: Table[] = [];
  if (r.heldOut !== undefined) out.push(splitsTable(r, r.heldOut, cell));
  const rec = r.recommendation;
  if (rec.tests !== null && rec.vsBaselines.length > 0) out.push(comparisonsTable(r, rec.vsBaselines, rec.tests));
  if (rec.test !== undefined) out.push(comparisonsTable(r, rec.test.vsBaselines, rec.test.tests));
  if (r.bootstrap !== undefined) out.push(...bootstrapTables(r, r.bootstrap));
  return out;
}

// ---------------------------------------------------------------------------------------------
// JSON

function scoresJson(s: CandidateScores) {
  return {
    precision: jsonNumber(s.precision), recall: jsonNumber(s.recall), f: jsonNumber(s.f), ser: jsonNumber(s.ser), err: jsonNumber(s.err),
    k: jsonNumber(s.k), tp: jsonNumber(s.tp), fp: jsonNumber(s.fp), fn: jsonNumber(s.fn), s: jsonNumber(s.s),
  };
}

function scoredJson(x: ScoredOn) {
  return { objective: jsonNumber(x.objective), scores: scoresJson(x.scores) };
}

function candidateJson(c: PlanCandidate) {
  return {
    rank: c.rank,
    members: [...c.members],
    rule: c.rule,
    ...(c.weights === undefined ? {} : { weights: { ...c.weights } }),
    size: c.size,
    cost: jsonNumber(c.cost),
    gain: jsonNumber(c.gain),
    bestMember: c.bestMember,
    // The actual figures are the planning data's, which ranked and chose the candidates.
    inSample: true,
    objective: { actual: jsonNumber(c.objective.actual), predicted: jsonNumber(c.objective.predicted), gap: jsonNumber(c.objective.gap) },
    actual: scoresJson(c.actual),
    predicted: scoresJson(c.predicted),
    predictedVia: c.predictedVia,
    ties: c.ties,
    withinBudget: c.withinBudget,
    pareto: c.pareto,
    ...(c.test === undefined ? {} : { test: scoredJson(c.test) }),
  };
}

function procedureJson(p: Procedure) {
  const h = p.heldOut;
  return {
    name: p.name,
    members: [...p.members],
    rule: p.rule,
    ...(p.weights === undefined ? {} : { weights: { ...p.weights } }),
    size: p.size,
    planning: { inSample: true, ...scoredJson(p.planning) },
    ...(h === undefined ? {} : {
      heldOut: { mean: jsonNumber(h.mean), sd: jsonNumber(h.sd), splits: h.splits, pooled: jsonNumber(h.pooled), planningMean: jsonNumber(h.planningMean), optimism: jsonNumber(h.optimism) },
    }),
    ...(p.test === undefined ? {} : { test: scoredJson(p.test) }),
    ...(p.outside === undefined ? {} : { outside: p.outside }),
  };
}

function comparisonJson(c: PairedComparison) {
  return {
    name: c.name, meanDiff: jsonNumber(c.meanDiff), sd: jsonNumber(c.sd), se: jsonNumber(c.se),
    ci95: [jsonNumber(c.ci95[0]), jsonNumber(c.ci95[1])], p: jsonNumber(c.p), pBootstrap: jsonNumber(c.pBootstrap), differing: c.differing,
  };
}

const numbers = <K extends string>(o: Record<K, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, jsonNumber(v as number)]));

/** The result as a plain object with the keys in the order of types.ts and NaN/±∞ as null. */
export function planJsonObject(r: PlanResult): object {
  checkReport(r, PLAN_KEYS, PLAN);
  const s = r.search;
  const a = r.rankAgreement;
  const rec = r.recommendation;
  const corr = (x: { candidates: number; spearman: number | null; kendall: number | null }) => ({
    candidates: x.candidates, spearman: jsonNumber(x.spearman), kendall: jsonNumber(x.kendall),
  });
  const h = r.heldOut;
  const b = r.bootstrap;
  return {
    schemaVersion: r.schemaVersion,
    objective: { text: r.objective.text, minimise: r.objective.minimise, description: r.objective.description },
    rules: [...r.rules],
    search: {
      requested: s.requested, strategies: [...s.strategies], guide: s.guide, beam: s.beam, ...(s.guidedBudget === undefined ? {} : { guidedBudget: s.guidedBudget }),
      bags: s.bags, minSize: s.minSize, maxSize: s.maxSize, evaluated: s.evaluated, distinct: s.distinct, eligible: s.eligible,
    },
    match: r.match,
    beta: r.beta,
    kAlpha: r.kAlpha,
    systems: [...r.systems],
    bestSingle: { name: r.bestSingle.name, inSample: true, objective: jsonNumber(r.bestSingle.objective) },
    budget: jsonNumber(r.budget),
    candidates: r.candidates.map(candidateJson),
    ...(r.paretoFront === undefined ? {} : { paretoFront: r.paretoFront.map(candidateJson) }),
    greedyPath: r.greedyPath.map((g) => ({
      rule: g.rule, step: g.step, added: g.added, members: [...g.members], inSample: true, actual: jsonNumber(g.actual), predicted: jsonNumber(g.predicted),
      comp: jsonNumber(g.comp),
    })),
    rankAgreement: {
      // Of actual objectives on the planning data, which chose the candidates: in-sample, as the text says.
      inSample: true, ...corr(a), excluded: { ...a.excluded }, dMeasure: jsonNumber(a.dMeasure), topK: a.topK,
      byRule: a.byRule.map((x) => ({ rule: x.rule, ...corr(x) })), beatingBestSingle: corr(a.beatingBestSingle),
    },
    predictionQuality: predictionQualityJson(r.predictionQuality),
    ...(r.explanations === undefined ? {} : { explanations: r.explanations.map(explanationJson) }),
    planningData: { ...r.planningData },
    selection: procedureJson(r.selection),
    baselines: r.baselines.map(procedureJson),
    notes: r.notes.map((n) => ({ ...n, text: noteText(n) })),
    ...(h === undefined ? {} : {
      heldOut: {
        kind: h.kind, units: h.units,
        ...(h.fraction === undefined ? {} : { fraction: h.fraction }),
        ...(h.folds === undefined ? {} : { folds: h.folds }),
        ...(h.repeats === undefined ? {} : { repeats: h.repeats }),
        seed: h.seed,
        splits: h.splits.map((x) => ({
          repeat: x.repeat, fold: x.fold, trainUnits: x.trainUnits, testUnits: x.testUnits,
          chosen: { members: [...x.chosen.members], rule: x.chosen.rule, ...(x.chosen.weights === undefined ? {} : { weights: { ...x.chosen.weights } }) },
          planning: numbers(x.planning), heldOut: numbers(x.heldOut),
        })),
        summary: h.summary.map((x) => ({
          name: x.name, mean: jsonNumber(x.mean), sd: jsonNumber(x.sd), splits: x.splits, pooled: jsonNumber(x.pooled), planningMean: jsonNumber(x.planningMean), optimism: jsonNumber(x.optimism),
        })),
        stability: { distinct: h.stability.distinct, mostCommon: { ...h.stability.mostCommon, members: [...h.stability.mostCommon.members] }, tied: h.stability.tied },
      },
    }),
    ...(r.testSet === undefined ? {} : { testSet: { ...r.testSet } }),
    ...(b === undefined ? {} : {
      bootstrap: {
        samples: b.samples, seed: b.seed, confidence: b.confidence, units: b.units, reselected: b.reselected, procedure: b.procedure,
        procedures: b.procedures.map((x) => ({ name: x.name, mean: jsonNumber(x.mean), low: jsonNumber(x.low), high: jsonNumber(x.high) })),
        vsBaselines: b.vsBaselines.map((x) => ({ name: x.name, mean: jsonNumber(x.mean), low: jsonNumber(x.low), high: jsonNumber(x.high), notBetter: jsonNumber(x.notBetter) })),
        skipped: b.skipped,
      },
    }),
    recommendation: {
      procedure: rec.procedure,
      members: [...rec.members],
      rule: rec.rule,
      ...(rec.weights === undefined ? {} : { weights: { ...rec.weights } }),
      reason: recommendationReason(r),
      basis: rec.basis,
      alpha: rec.alpha,
      heldOut: rec.heldOut === null ? null : { mean: jsonNumber(rec.heldOut.mean), sd: jsonNumber(rec.heldOut.sd), folds: rec.heldOut.folds },
      vsBaselines: rec.vsBaselines.map(comparisonJson),
      tests: rec.tests === null ? null : { ...rec.tests },
      ...(rec.test === undefined ? {} : {
        test: { ...scoredJson(rec.test), vsBaselines: rec.test.vsBaselines.map(comparisonJson), tests: { ...rec.test.tests } },
      }),
    },
  };
}

/** The JSON document of `complan plan`: the result, two-space indented, with a trailing newline. */
export function planJson(result: PlanResult): string {
  return `${JSON.stringify(planJsonObject(result), null, 2)}\n`;
}

// ---------------------------------------------------------------------------------------------
// CSV

/** `t` without its column headed `header`, and a note saying so. */
function withoutColumn(t: Table, header: string, why: string): Table {
  const k = t.columns.findIndex((c) => c.header === header);
  if (k < 0) return t;
  return { ...t, columns: t.columns.filter((_, j) => j !== k), rows: t.rows.map((row) => row.filter((_, j) => j !== k)), note: t.note === undefined ? why : `${t.note}\n${why}` };
}

const SCORE_FIELDS = ['precision', 'recall', 'f', 'ser', 'err', 'k', 'tp', 'fp', 'fn', 's'] as const;

/** The CSV header: one row per candidate, then one per procedure (the search's choice and the baselines). */
export const PLAN_CSV_FIELDS: readonly string[] = [
  'rank', 'members', 'rule', 'size', 'cost', 'gain', 'objective_actual', 'objective_predicted', 'gap',
  ...SCORE_FIELDS.map((f) => `actual_${f}`), ...SCORE_FIELDS.map((f) => `predicted_${f}`),
  'predicted_via', 'ties', 'within_budget', 'pareto', 'procedure', 'held_out_mean', 'held_out_sd', 'test_objective', 'recommended',
  'held_out_optimism', 'outside', 'held_out_pooled', 'actual_on',
];

/** What every row's `objective_actual` and `actual_*` were measured on: the data that chose the candidates. */
const ACTUAL_ON = 'planning data (in-sample)';

/**
 * RFC 4180 CSV: one row per candidate by rank, then one row per procedure (its `procedure`
 * column named, `rank` and predictions empty, its held-out optimism and pooled figure and why it
 * may not be recommended, `outside`, when its choice is outside the limits given); members joined with `+`
 * (`name×k` for weights other than 1); `objective_actual` and `actual_*` are in-sample, as each row's
 * `actual_on` says; undefined values empty.
 */
export function planCsv(result: PlanResult): string {
  checkReport(result, PLAN_KEYS, PLAN);
  const num = (x: number | null | undefined) => {
    const v = jsonNumber(x);
    return v === null ? '' : String(v);
  };
  const rec = result.recommendation;
  const rows = shown(result, undefined).map((c) => [
    String(c.rank), weightedMembers(c.members, c.weights).join('+'), c.rule, String(c.size), num(c.cost), num(c.gain),
    num(c.objective.actual), num(c.objective.predicted), num(c.objective.gap),
    ...SCORE_FIELDS.map((f) => num(c.actual[f])), ...SCORE_FIELDS.map((f) => num(c.predicted[f])),
    c.predictedVia, String(c.ties), String(c.withinBudget), String(c.pareto), '', '', '', num(c.test?.objective), '', '', '', '', ACTUAL_ON,
  ]);
  for (const p of procedures(result)) {
    rows.push([
      '', weightedMembers(p.members, p.weights).join('+'), p.rule, String(p.size), '', '', num(p.planning.objective), '', '',
      ...SCORE_FIELDS.map((f) => num(p.planning.scores[f])), ...SCORE_FIELDS.map(() => ''),
      '', '', '', '', p.name, num(p.heldOut?.mean), num(p.heldOut?.sd), num(p.test?.objective), String(p.name === rec.procedure),
      num(p.heldOut?.optimism), p.outside ?? '', num(p.heldOut?.pooled), ACTUAL_ON,
    ]);
  }
  return renderCsv(PLAN_CSV_FIELDS, rows);
}

// ---------------------------------------------------------------------------------------------
// Markdown and LaTeX

/**
 * The greedy path and, with costs, the Pareto front, as the text report shows them (each
 * undefined when there is none), for the document formats.
 */
function pathAndFront(r: PlanResult, cell: (m: string[]) => string): [Table | undefined, Table | undefined] {
  return [r.greedyPath.length > 0 ? greedyTable(r, r.greedyPath) : undefined, costsGiven(r) ? paretoTable(r, cell) : undefined];
}

/** Markdown inline specials in free text (table cells are escaped by the table renderer). */
const mdText = (s: string) => s.replace(/([\\`*_[\]<>|])/g, '\\$1');

/** The report in Markdown: candidates, procedures, greedy path, rank agreement, prediction quality, Pareto front (with costs), held-out splits, comparisons, bootstrap, notes and the recommendation. */
export function planMarkdown(result: PlanResult, options: PlanDocumentOptions = {}): string {
  checkReport(result, PLAN_KEYS, PLAN);
  checkOptionKeys('options', options, PLAN_DOCUMENT_OPTION_KEYS);
  const list = shown(result, options.top);
  const cell = (m: string[]) => m.join('+');
  const out: string[] = [[...planHeadline(result), dataLine(result)].map(mdText).join('  \n'), ''];
  const table = (t: Table & { footnotes?: string[] }) => {
    const notes = t.footnotes ?? (t.note === undefined ? [] : t.note.split('\n'));
    out.push(renderMarkdown([{ ...t, note: undefined, footnotes: undefined } as Table]).trimEnd(), '');
    if (notes.length > 0) out.push(notes.map(mdText).join('  \n'), '');
  };
  if (list.length === 0) out.push('No candidates.', '');
  else table(candidatesTable(result, list, cell));
  table(proceduresTable(result, cell));
  const [path, front] = pathAndFront(result, cell);
  if (path !== undefined) table(path);
  out.push(rankAgreementLines(result).map((l) => mdText(l.trim())).join('  \n'), '');
  table(predictionQualityTable(result));
  if (front !== undefined) table(front);
  for (const t of honestTables(result, cell)) table(t);
  if (result.notes.length > 0) out.push(['Notes:', ...result.notes.map((n) => `- ${mdText(noteText(n))}`)].join('\n'), '');
  const [head, ...rest] = recommendationLines(result, options.saved);
  out.push(`**${mdText(head)}**  `, rest.map((l) => mdText(l.trim())).join('  \n'), '');
  for (const e of result.explanations ?? []) for (const t of explanationTables(e, explainFormatOf(result))) table(t);
  return `${out.join('\n').trimEnd()}\n`;
}

/**
 * The candidates table (booktabs, in a `table` float captioned by the objective and search) with
 * its marks and the rank agreement as notes, then the greedy path, prediction quality, the
 * procedures, the Pareto front (with costs), the held-out splits, the comparisons and the
 * bootstrap as tables, the plan's notes and the recommendation as the last table's note; every
 * name escaped.
 */
export function planLatex(result: PlanResult, options: PlanDocumentOptions = {}): string {
  checkReport(result, PLAN_KEYS, PLAN);
  checkOptionKeys('options', options, PLAN_DOCUMENT_OPTION_KEYS);
  const list = shown(result, options.top);
  const cell = (m: string[]) => m.join('+');
  const tables: Table[] = [];
  const head = planHeadline(result);
  let candidates: Table;
  let footnotes: string[] = [];
  if (list.length === 0) candidates = { columns: [{ header: 'candidates' }], rows: [['none']] };
  else {
    const t = candidatesTable(result, list, cell);
    footnotes = t.footnotes;
    candidates = { ...t, footnotes: undefined } as Table;
  }
  candidates.title = `Plan candidates — ${head[0].replace(/^Plan — /, '')}. ${head[1]}. ${head[2]}. ${dataLine(result)}`;
  candidates.note = [...footnotes, `${rankAgreementLines(result).map((l) => l.trim()).join('; ')}.`].join(' ');
  const [path, front] = pathAndFront(result, cell);
  tables.push(candidates, ...(path === undefined ? [] : [path]), predictionQualityTable(result), proceduresTable(result, cell), ...(front === undefined ? [] : [front]), ...honestTables(result, cell));
  const last = tables[tables.length - 1];
  const notes = result.notes.map((n) => `Note: ${noteText(n)}.`);
  last.note = [last.note, ...notes, recommendationLines(result, options.saved).map((l) => l.trim().replace(/([^.])$/, '$1.')).join(' ')].filter((x) => x !== undefined && x !== '').join(' ');
  for (const e of result.explanations ?? []) tables.push(...explanationTables(e, explainFormatOf(result)));
  return renderLatex(tables);
}
