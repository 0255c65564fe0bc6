/**
 * The held-out panel's text, pure functions of `complan plan`'s result (UI-free: no React, no
 * Ink): the procedures table as `plan` prints it, cut to the columns the panel shows and fitted to
 * a width, what its figures were measured on, and the recommendation in two lines.
 */
import { isRateObjective } from '../../src/plan/scores.js';
import type { PlanResult, ProcedureName } from '../../src/plan/types.js';
import { noteText } from '../../src/report/plan-notes.js';
import { dataLine, planningDataPhrase, procedures, proceduresTable, splitsPhrase } from '../../src/report/plan-procedures.js';
import { abbreviateMembers, plural, signedObjective, weightedMembers, width as textWidth } from '../../src/report/plan-values.js';
import { pIs } from '../../src/report/number.js';
import { renderText, type Table } from '../../src/report/table.js';
import { clip, cutAtWord, wrapKeepingFigures } from './text.js';

/** The columns of `plan`'s procedures table that the panel shows (optimism and test are left out). */
const SHOWN = ['procedure', 'chose', 'rule', 'in-sample', 'held-out', '± sd'];

/** Characters before each row: the cursor and the recommendation's mark. */
export const MARKS = 2;

export interface ProcedureLines {
  header: string;
  /** In `plan`'s order: selection, best-single, majority-all, vote-all, caruana. */
  rows: Array<{ name: ProcedureName; text: string }>;
}

/** `plan`'s procedures table with member lists written by `cell`, cut to the shown columns. */
function shownTable(r: PlanResult, cell: (m: string[]) => string): Table {
  const t = proceduresTable(r, cell);
  const keep = SHOWN.map((h) => t.columns.findIndex((c) => c.header === h)).filter((j) => j >= 0);
  return { columns: keep.map((j) => t.columns[j]), rows: t.rows.map((row) => keep.map((j) => row[j])) };
}

/** A cell of the shown table: the column headed `header`, the row of procedure `name`. */
function cellOf(r: PlanResult, t: Table, header: string, name: ProcedureName): string | undefined {
  const j = t.columns.findIndex((c) => c.header === header);
  const i = procedures(r).findIndex((p) => p.name === name);
  return j < 0 || i < 0 ? undefined : t.rows[i][j];
}

/**
 * The procedures as `plan`'s table lays them out, in `width` characters with {@link MARKS} before
 * each row: the table is laid out once in full, then the members get what the other columns leave.
 */
export function procedureLines(r: PlanResult, width: number): ProcedureLines {
  const full = shownTable(r, (m) => m.join('+'));
  const widths = full.columns.map((c, j) => Math.max(textWidth(c.header), ...full.rows.map((row) => textWidth(row[j]))));
  const chose = full.columns.findIndex((c) => c.header === 'chose');
  const others = widths.reduce((a, b) => a + b, 0) - widths[chose] + 2 * (widths.length - 1);
  const room = Math.max(8, width - MARKS - others);
  const [header, , ...rows] = renderText([shownTable(r, (m) => abbreviateMembers(m, room))]).split('\n');
  return { header, rows: procedures(r).map((p, i) => ({ name: p.name, text: rows[i] })) };
}

/** The baseline the recommendation is measured against: vote-all, or majority-all when it is vote-all. */
export function measuredAgainst(r: PlanResult): 'vote-all' | 'majority-all' {
  return r.recommendation.procedure === 'vote-all' ? 'majority-all' : 'vote-all';
}

/**
 * The recommendation in lines of at most `width` characters (two, or three when narrow): the
 * procedure and what it chose (members abbreviated to fit), then its held-out figure and its
 * paired difference from vote-all (from majority-all when vote-all is recommended) with the
 * approximate-randomization p-value, then that these figures are slightly optimistic.
 */
export function recommendationSummary(r: PlanResult, width: number): string[] {
  const rec = r.recommendation;
  const head = `Recommendation (${rec.procedure}): `;
  const members = weightedMembers(rec.members, rec.weights);
  const what = members.length === 1 ? members[0] : `${rec.rule}(${abbreviateMembers(members, Math.max(8, width - head.length - rec.rule.length - 2))})`;
  const t = shownTable(r, (m) => m.join('+'));
  const mean = cellOf(r, t, 'held-out', rec.procedure);
  const sd = cellOf(r, t, '± sd', rec.procedure);
  if (rec.heldOut === null || mean === undefined) return [head + what, `  ${((n) => (n === undefined ? 'no held-out estimate' : noteText(n)))(r.notes.find((x) => x.kind === 'no-held-out'))}`];
  const splits = plural(rec.heldOut.folds, 'split');
  const held = `held-out ${mean}${sd === undefined || sd === '—' ? ` over ${splits}` : ` ± ${sd} (sd over ${splits})`}`;
  const against = measuredAgainst(r);
  const c = rec.vsBaselines.find((x) => x.name === against);
  const unit = isRateObjective(r.objective.text) ? ' points' : '';
  const vs = c === undefined ? '' : `; ${signedObjective(r, c.meanDiff)}${unit} over ${against} (${pIs(c.p)})`;
  const figures = `  ${held}${vs}`;
  // As the command says: the held-out figures chose among the procedures too.
  const caveat = ['  (these figures also picked it, so slightly optimistic)', '  (these picked it too: slightly optimistic)'].find((l) => l.length <= width) ?? '  (slightly optimistic)';
  if (textWidth(figures) <= width || c === undefined) return [head + what, figures, caveat];
  // On a line of its own the difference says what it was measured on, as it does after `held-out` on one line.
  const diff = `${signedObjective(r, c.meanDiff)}${unit} over ${against}`;
  const p = `(${pIs(c.p)})`;
  const forms = [`  ${diff} on the same held-out splits ${p}`, `  ${diff}, held out ${p}`];
  return [head + what, `  ${held}`, forms.find((l) => textWidth(l) <= width) ?? forms[1], caveat];
}

/**
 * What the in-sample and held-out figures were measured on, in at most `rows` lines of `width`:
 * plan's sentence, wrapped, where the rows hold it; else a line for each kind of figure, its label
 * first (`In-sample: the planning data (…)`, `Held-out: 5-fold cross-validation by document, …`),
 * so that a short panel keeps what every column was measured on rather than the first kind's words.
 */
export function dataLines(r: PlanResult, width: number, rows: number): string[] {
  const sentence = wrapKeepingFigures(dataLine(r), width);
  if (sentence.length <= rows) return sentence;
  const kinds = [`In-sample: ${planningDataPhrase(r)}`, r.heldOut === undefined ? 'No held-out estimate' : `Held-out: ${splitsPhrase(r.heldOut)}`];
  return clip(kinds.map((l) => cutAtWord(l, width)), Math.max(1, rows), width);
}
