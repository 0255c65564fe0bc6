/**
 * How the plan's renderers write values: objective values (percentages for rates, four decimals
 * for other expressions), signed differences (percentage points), costs, counts of things, and
 * member lists abbreviated to fit a terminal.
 */
import { amountDecimals, isRateObjective, signedAmount } from '../plan/scores.js';
import type { PlanResult } from '../plan/types.js';
import { expressionValue, fixed, percent, UNDEFINED } from './number.js';
import { MAX_CELL, terminalLine } from './terminal-text.js';

/** A system name as the report's lines print it: control characters escaped, clipped as a table cell is. */
export function shownName(name: string): string {
  return terminalLine(name, MAX_CELL);
}

/** Display width (code points; names hold no wide characters). */
export const width = (s: string) => [...s].length;

export const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** An objective value: a percentage for rate objectives, else four decimals, none for a whole number (see expressionValue). */
export function objectiveValue(r: PlanResult, x: number | null | undefined): string {
  return objectiveText(r.objective.text, x);
}

/** A value of the objective written `objective` (`f1`, an expression): a percentage for rates, else as {@link expressionValue} writes it. */
export function objectiveText(objective: string, x: number | null | undefined): string {
  return isRateObjective(objective) ? percent(x) : expressionValue(x);
}

/** A signed difference of objective values (percentage points for rate objectives). */
export function signedObjective(r: PlanResult, x: number | null | undefined): string {
  if (x === null || x === undefined || Number.isNaN(x)) return UNDEFINED;
  const s = isRateObjective(r.objective.text) ? fixed(x * 100) : expressionValue(x);
  if (s === '∞') return '+∞';
  return s.startsWith('-') || /^0\.?0*$/.test(s) ? s : `+${s}`;
}

/**
 * Signed differences written together (a difference and its interval), at the decimals that show
 * each one's sign (see amountDecimals): `+0.002`, `-0.001 to +0.005` where two decimals would
 * read `0.00`, `-0.00 to 0.00`.
 */
export function signedObjectives(r: PlanResult, xs: readonly number[]): string[] {
  const rate = isRateObjective(r.objective.text);
  const d = amountDecimals(xs, rate);
  return xs.map((x) => signedAmount(x, rate, d));
}

/** A cost or budget: up to two decimals, without trailing zeros (3, 2.5, 0.25). */
export function shortNumber(x: number): string {
  const s = fixed(x, 2);
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/** A p-value: three decimals, or `< 0.001` (as the recommendation's reason writes it). */
export { pText as pValue } from './number.js';

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

/**
 * A labelled member list laid out in lines of at most `max` characters: `label` then the members
 * separated by commas, wrapped at commas, continuation lines indented under the first member
 * (a name longer than a line is kept whole on its own line).
 */
export function wrappedMembers(label: string, members: readonly string[], max: number): string[] {
  const indent = ' '.repeat(width(label));
  const lines: string[] = [];
  let line = label;
  members.forEach((m, i) => {
    const piece = i < members.length - 1 ? `${m},` : m;
    const fresh = line === label || line === indent;
    if (!fresh && width(line) + 1 + width(piece) > max) {
      lines.push(line);
      line = indent;
    }
    line += line === label || line === indent ? piece : ` ${piece}`;
  });
  lines.push(line);
  return lines;
}

/** Members with their weights where a weight is not 1 (`a×2`), for a weighted vote of counts. */
export function weightedMembers(members: readonly string[], weights: Readonly<Record<string, number>> | undefined): string[] {
  // Names as the report prints them (shownName): every member list of every report comes through here.
  if (weights === undefined) return members.map(shownName);
  return members.map((m) => (weights[m] === undefined || weights[m] === 1 ? shownName(m) : `${shownName(m)}×${shortNumber(weights[m])}`));
}

/**
 * The objective's name in column headers: F1 (Fβ), SER, ERR, P, R or K for the named measures,
 * the expression itself otherwise.
 */
export function objectiveLabel(text: string, beta: number): string {
  const t = text.trim().toLowerCase();
  // f1 is F1 whatever --beta; f is F with --beta.
  if (t === 'f1') return 'F1';
  if (t === 'f') return beta === 1 ? 'F1' : `F${beta}`;
  if (t.startsWith('f:')) return `F${t.slice(2).trim()}`;
  if (t === 'k') return 'K';
  if (t.startsWith('k:')) {
    const [alpha, b] = t.slice(2).split(':').map((x) => x.trim());
    return b === undefined ? `K(α=${alpha})` : `K(α=${alpha},β=${b})`;
  }
  const named: Record<string, string> = { ser: 'SER', err: 'ERR', p: 'P', r: 'R' };
  return named[t] ?? text.trim();
}

/** What a procedure chose, e.g. `vote(a+b+c)`, `crf` alone, or `vote of all 12 systems`. */
export function chosen(r: PlanResult, members: readonly string[], rule: string, weights?: Record<string, number>): string {
  if (members.length === 1) return members[0];
  if (weights === undefined && members.length === r.systems.length) return `${rule} of all ${r.systems.length} systems`;
  return `${rule}(${weightedMembers([...members], weights).join('+')})`;
}

/**
 * The recommendation as the scatter rings it, at its place (PlanRun.recommendationPoint());
 * undefined when it is no evaluated candidate.
 */
export function recommendationRing(r: PlanResult, point: { predicted: number; actual: number } | undefined): { predicted: number; actual: number; label: string } | undefined {
  if (point === undefined) return undefined;
  const rec = r.recommendation;
  return { ...point, label: `the recommendation, ${chosen(r, rec.members, rec.rule, rec.weights)} (${rec.procedure})` };
}

/**
 * Members under a rule as prose writes them: one system by its name alone; `rule(a+b+c)` while
 * that is at most `max` characters, else `rule of N: a, b, c`, which a terminal can wrap between
 * names.
 */
export function ruleOfMembers(rule: string, names: readonly string[], max: number): string {
  // One system is itself under every rule: `union(crf)` read as an ensemble.
  if (names.length === 1) return names[0];
  const joined = `${rule}(${names.join('+')})`;
  return joined.length <= max ? joined : `${rule} of ${names.length}: ${names.join(', ')}`;
}
