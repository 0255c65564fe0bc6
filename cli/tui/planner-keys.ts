/**
 * The Planner view's state and what each key does to it, as one pure function: the view keeps the
 * latest state outside React's render cycle and hands every key that state, so keys that arrive
 * together (a slow link delivers `↓ ↓ space` in one read) act one after the other on the cursor
 * each leaves, never on a stale one. UI-free: no React, no Ink.
 */
import type { CandidateExplanation, Procedure } from '../../src/plan/types.js';
import { bitHi, bitLo } from '../../src/plan/member-set.js';
import { ONE_SYSTEM } from '../../src/plan/plan.js';
import type { MemberWeights, Selection } from './model.js';
import type { Candidate } from './search.js';

export type PlannerPane = 'search' | 'heldout' | 'quality' | 'explain';

export interface PlannerState {
  /** The selection's members (bitmask: systems 0–31, and 32–63), its rule (index), and a weighted vote's counts. */
  selected: number;
  selectedHi: number;
  rule: number;
  weights?: MemberWeights;
  /** The systems list's cursor. */
  cursor: number;
  notice: string | null;
  /** The lower part: the search's candidates, the held-out panel, prediction quality or an explanation. */
  pane: PlannerPane;
  /** The explained candidate while its panel is open, and the pane to go back to. */
  explained: { e: CandidateExplanation; back: Exclude<PlannerPane, 'explain'> } | null;
  /** Where the arrows go: the systems list or the list below (candidates or procedures). */
  focus: 'systems' | 'list';
  pick: number;
  procPick: number;
  /** The pane the held-out or quality panel was opened from: its key pressed again goes back there. */
  back?: 'search' | 'heldout' | 'quality';
}

export const INITIAL_PLANNER: PlannerState = {
  selected: 0, selectedHi: 0, rule: 0, cursor: 0, notice: null, pane: 'search', explained: null, focus: 'systems', pick: 0, procPick: 0,
};

/** A key as Ink reports it, reduced to what the planner reads. */
export interface PlannerKey {
  input: string;
  up?: boolean; down?: boolean; left?: boolean; right?: boolean; enter?: boolean; escape?: boolean;
}

/** What the key meets besides the state: the data, the lists below, and how to explain. */
export interface PlannerContext {
  systems: number;
  rules: number;
  candidates: readonly Candidate[];
  procedures: readonly Procedure[];
  searchRunning: boolean;
  checkRunning: boolean;
  selectionOf: (p: Procedure) => Selection | null;
  explain: (s: Selection) => CandidateExplanation;
}

/** Work a key starts outside the state: a search, the held-out check, or stopping the search. */
export type PlannerEffect = 'greedy' | 'exhaustive' | 'check' | 'stop';

export interface PlannerStep {
  state: PlannerState;
  effect?: PlannerEffect;
}

/** The length of the list below for a pane (0: nothing to move in). */
function listLength(s: PlannerState, c: PlannerContext): number {
  return s.pane === 'search' ? c.candidates.length : s.pane === 'heldout' ? c.procedures.length : 0;
}

/** Whether the arrows move in the systems list. */
export function systemsFocused(s: PlannerState, c: PlannerContext): boolean {
  return s.focus === 'systems' || listLength(s, c) === 0;
}

/** The candidate `x` explains: the list's under the cursor, else the selection (null: none). */
export function highlighted(s: PlannerState, c: PlannerContext): Selection | null {
  const sys = systemsFocused(s, c);
  if (!sys && s.pane === 'search' && c.candidates[s.pick] !== undefined) return { mask: c.candidates[s.pick].mask, maskHi: c.candidates[s.pick].maskHi, rule: c.candidates[s.pick].rule };
  if (!sys && s.pane === 'heldout' && c.procedures[s.procPick] !== undefined) return c.selectionOf(c.procedures[s.procPick]);
  return s.selected === 0 && s.selectedHi === 0 ? null : { mask: s.selected, maskHi: s.selectedHi, rule: s.rule, weights: s.weights };
}

function load(s: PlannerState, sel: Selection): PlannerState {
  return { ...s, selected: sel.mask, selectedHi: sel.maskHi, rule: sel.rule, weights: sel.weights, notice: null, focus: 'systems' };
}

/** Why the searches and the held-out check do not run on one system: `complan plan`'s reason for refusing it. */
export const NOTHING_TO_PLAN = `complan ${ONE_SYSTEM}`;

/** The state after one key, and the work it starts. */
export function plannerKey(s: PlannerState, k: PlannerKey, c: PlannerContext): PlannerStep {
  if (s.pane === 'explain') {
    // Other keys wait until the explanation closes.
    return k.input === 'x' || k.escape === true ? { state: { ...s, pane: s.explained?.back ?? 'search', explained: null } } : { state: s };
  }
  const input = k.input;
  // One system: the searches and the check would each rank that system alone, under every rule;
  // the candidates' pane says so in place of their keys (SearchPane.tsx).
  if (c.systems < 2 && ['g', 'e', 'h', 'p'].includes(input)) return { state: s };
  if (input === 'x') {
    const sel = highlighted(s, c);
    if (sel === null) return { state: { ...s, notice: 'x explains: select systems, or highlight a candidate in the list' } };
    return { state: { ...s, explained: { e: c.explain(sel), back: s.pane }, pane: 'explain', notice: null } };
  }
  if (input === 'p' || input === 'h') {
    const pane = input === 'p' ? 'quality' : 'heldout';
    const back = s.pane === pane && !c.checkRunning;
    // Pressed again, the key returns to the pane it was opened from (h then p then p: held out again).
    if (back) return { state: { ...s, pane: s.back ?? 'search', back: undefined, focus: 'systems', notice: null } };
    const from = s.pane;
    return { state: { ...s, pane, back: from === pane ? s.back : from, focus: 'systems', notice: null }, effect: 'check' };
  }
  if (input === 'g' || input === 'e') return { state: { ...s, pick: 0, pane: 'search' }, effect: input === 'g' ? 'greedy' : 'exhaustive' };
  if (input === 'r') return { state: { ...s, rule: (s.rule + 1) % c.rules, weights: undefined } };
  if (k.escape === true && c.searchRunning) return { state: s, effect: 'stop' };
  const length = listLength(s, c);
  if (k.right === true && length > 0) return { state: { ...s, focus: 'list' } };
  if (k.left === true) return { state: { ...s, focus: 'systems' } };
  if (systemsFocused(s, c)) {
    if (k.up === true) return { state: { ...s, cursor: Math.max(0, s.cursor - 1) } };
    if (k.down === true) return { state: { ...s, cursor: Math.min(c.systems - 1, s.cursor + 1) } };
    if (input === ' ') return { state: { ...s, selected: s.selected ^ bitLo(s.cursor), selectedHi: s.selectedHi ^ bitHi(s.cursor), weights: undefined } };
    return { state: s };
  }
  const field = s.pane === 'search' ? 'pick' : 'procPick';
  if (k.up === true) return { state: { ...s, [field]: Math.max(0, s[field] - 1) } };
  if (k.down === true) return { state: { ...s, [field]: Math.min(length - 1, s[field] + 1) } };
  if (k.enter === true && s.pane === 'search' && c.candidates[s.pick] !== undefined) {
    return { state: load(s, { mask: c.candidates[s.pick].mask, maskHi: c.candidates[s.pick].maskHi, rule: c.candidates[s.pick].rule }) };
  }
  if (k.enter === true && s.pane === 'heldout' && c.procedures[s.procPick] !== undefined) {
    const p = c.procedures[s.procPick];
    const sel = c.selectionOf(p);
    return { state: sel === null ? { ...s, notice: `${p.name} chose ${p.rule}, which the planner cannot score: not loaded` } : load(s, sel) };
  }
  return { state: s };
}
