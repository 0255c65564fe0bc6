/**
 * The planner view's searches are the planner's own (`searchSteps`, the search `complan plan`
 * runs), with the held-out check's options — the objective F_β with the TUI's β, rules union,
 * intersection, majority and vote — and the strategy the key asks for, so the list equals that of
 * `complan plan --search greedy|exhaustive --folds 0`. The search runs in slices with
 * `setImmediate` between them (`runInSlices`), so keystrokes and redraws are handled while it
 * runs, and it can be stopped. UI-free: no React, no Ink.
 */
import { searchSetup } from '../../src/plan/plan.js';
import { searchSteps, type Planned } from '../../src/plan/search.js';
import { runInSlices } from '../../src/plan/steps.js';
import { heldOutOptions, type TuiModel } from './model.js';
import { UsageError } from '../../src/errors.js';

export type SearchKind = 'greedy' | 'exhaustive';

/** A listed candidate: members (bitmask: systems 0–31, and 32–63), rule (index in the model's rules), actual objective. */
export interface Candidate {
  mask: number;
  maskHi: number;
  rule: number;
  value: number;
}

export interface SearchState {
  kind: SearchKind;
  /** The objective's name (F1, F_2). */
  objective: string;
  status: 'running' | 'done' | 'stopped' | 'failed';
  /** Why the planner refused the search (status failed), as its usage error says it. */
  error?: string;
  /** The planner's progress: the phase it reported last (exhaustive, greedy, caruana), and how far it is (total 0: no report yet). */
  phase: string;
  done: number;
  total: number;
  /** The plan's candidates, best first (once done). */
  top: Candidate[];
  /** Candidates the search evaluated (once done). */
  evaluated: number;
}

export interface SearchHandle {
  stop: () => void;
  /** Resolves when the search ends (finished or stopped). */
  finished: Promise<void>;
}

/** Candidates listed at least: `complan plan`'s default. */
export const SEARCH_TOP = 10;

/** The plan's candidates of a finished search, as the planner view lists them. */
export function candidatesOf(p: Planned): Candidate[] {
  return p.listed.map((l) => ({ mask: l.S, maskHi: l.Shi, rule: l.ruleIndex, value: l.value }));
}

/**
 * Why the planner refused a search, in the TUI's terms: what it is refused for, then the key that
 * runs a search it takes (the planner's own advice names its options, which the TUI has not).
 */
export function refusal(err: unknown): string {
  if (!(err instanceof UsageError)) return err instanceof Error ? err.message : String(err);
  const why = err.message.split(';')[0].replace(/^search exhaustive takes/, 'exhaustive search takes');
  return `${why}: g runs the greedy search`;
}

/**
 * Starts a search. `onUpdate` gets a fresh state at the start, after every slice and at the end.
 * @param sliceMs work per slice (see runInSlices).
 * @param top candidates to list (plan's --top; the view asks for as many as its height shows, ten at least).
 * A search the planner refuses (exhaustive search over too many systems) ends failed, with its message.
 */
export function startSearch(model: TuiModel, kind: SearchKind, onUpdate: (s: SearchState) => void, sliceMs?: number, top = SEARCH_TOP): SearchHandle {
  const { settings, scorer } = searchSetup(model.names, { ...heldOutOptions(model.options), search: kind, top });
  let state: SearchState = { kind, objective: scorer.objective.description, status: 'running', phase: kind, done: 0, total: 0, top: [], evaluated: 0 };
  const stop = new AbortController();
  const steps = searchSteps(model.plan, scorer, settings, (phase, done, total) => { state = { ...state, phase, done, total }; });
  onUpdate(state);
  const finished = runInSlices(steps, { sliceMs, signal: stop.signal, onSlice: () => onUpdate(state) }).then((outcome) => {
    onUpdate(outcome.status === 'done'
      ? { ...state, status: 'done', top: candidatesOf(outcome.value), evaluated: outcome.value.ctx.store.length }
      : { ...state, status: 'stopped' });
  }, (err: unknown) => {
    onUpdate({ ...state, status: 'failed', error: refusal(err) });
  });
  return { stop: () => stop.abort(), finished };
}
