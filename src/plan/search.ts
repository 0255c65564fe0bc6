/**
 * One run of the planner's search on one set of planning data: the strategies (exhaustive,
 * greedy, beam, guided, auto, caruana) score candidates into a store, and the best are listed.
 * The same function runs on all the planning data and, for held-out estimates, inside every
 * training part.
 */
import { showValue, UsageError } from '../errors.js';
import { checkChoice, checkSeed } from '../metrics/options-check.js';
import { BASE_RULES, checkRule, keepsLoneMember, parseRule, type Rule } from '../ensemble/rules.js';

import { caruana, maskHiOfWeights, maskOfWeights, ruleOfWeights, type CaruanaResult } from './caruana.js';
import { MAX_EXHAUSTIVE_SYSTEMS, type PlanData } from './data.js';
import { setSize } from './member-set.js';
import { exhaustiveSteps, subsetCount } from './exhaustive.js';
import { defaultThreads, MAX_THREADS } from './exhaustive-threads.js';
import { beamSteps, betterCandidate, greedySteps, type PathStep } from './greedy.js';
import { DEFAULT_GUIDED_BUDGET, guided } from './guided.js';
import type { Scorer } from './scores.js';
import { finish, type Steps } from './steps.js';
import { makeContext, type SearchContext } from './store.js';

/** The kinds of rule a search takes. */

export type SearchStrategy = 'exhaustive' | 'greedy' | 'beam' | 'guided' | 'auto' | 'caruana';

/** Every search strategy, as the `search` option names them. */
export const SEARCH_STRATEGIES: readonly SearchStrategy[] = ['exhaustive', 'greedy', 'beam', 'guided', 'auto', 'caruana'];

/** What guides greedy and beam search: the candidates' scores, or complementarity. */
export const SEARCH_GUIDES: ReadonlyArray<'score' | 'comp'> = ['score', 'comp'];

/** The search settings of a plan (see `PlanOptions`). */
export interface SearchSettings {
  rules: readonly Rule[];
  search: SearchStrategy;
  guide: 'score' | 'comp';
  beam: number;
  /** Exact evaluations per rule of the guided search, beyond the single-system seeds. */
  guidedBudget: number;
  minSize: number;
  maxSize: number;
  top: number;
  seed: number;
  /** Bags of ensemble selection with replacement (1: plain). */
  bags: number;
  budget: number | undefined;
  /** `auto` searches exhaustively up to this many member sets. */
  autoLimit: number;
  /** Exhaustive search refuses more member sets than this. */
  exhaustiveLimit: number;
  /** Threads of exhaustive search (1: the main thread alone). */
  threads: number;
  /**
   * How many searches of about one size the run makes with these settings (a plan: one on all
   * the data and one per held-out split; default 1): they share the start of worker threads.
   */
  searches: number;
}

/** A listed candidate: a member set (two words) and a rule, with vote weights for ensembles of ensemble selection. */
export interface Listed {
  /** The members: systems 0–31 (bit m for system m) and 32–63 (bit m − 32). */
  S: number;
  Shi: number;
  rule: Rule;
  /** Index of the rule in the settings' rules, or −1 (ensemble selection's weighted votes). */
  ruleIndex: number;
  /** Members' counts (ensemble selection), else undefined. */
  counts?: Int32Array;
  /** Objective on the planning data. */
  value: number;
}

export interface Planned {
  ctx: SearchContext;
  /** The listed candidates, best first (the first is the search's choice). */
  listed: Listed[];
  /** The candidates within the size range and the budget, which the listing ranks (`listed` are their best). */
  eligible: number;
  /** The candidates scored that differ: a single system counts once under the rules that keep its output whole. */
  distinct: number;
  paths: PathStep[][];
  strategies: Array<'exhaustive' | 'greedy' | 'beam' | 'guided' | 'caruana'>;
  /** Each system's objective value alone, and the best system. */
  singles: Float64Array;
  best: number;
  /** Ensemble selection with replacement on this data. */
  caruana: CaruanaResult;
}

/** Checks and completes the search settings for n systems. */
export function searchSettings(n: number, o: Partial<Omit<SearchSettings, 'rules'>> & { rules?: ReadonlyArray<Rule | string> }): SearchSettings {
  // Rules as parseRule gives them; from plain JavaScript, their names too ('vote', 'kofn:2'),
  // and one rule alone rather than in a list.
  const given: unknown = o.rules ?? BASE_RULES;
  const list = typeof given === 'string' || (given !== null && typeof given === 'object' && !Array.isArray(given)) ? [given] : given;
  if (!Array.isArray(list)) throw UsageError.about('rules', `expects a list of rules (names such as 'vote', or rule objects), got ${showValue(given)}`);
  const rules = (list as ReadonlyArray<Rule | string>).map((r: Rule | string) => {
    if (typeof r !== 'string') return r;
    try {
      return parseRule(r);
    } catch (err) {
      throw UsageError.about('rules', (err as Error).message);
    }
  });
  if (rules.length === 0) throw UsageError.about('rules', 'give at least one rule');
  for (const r of rules) checkRule(r, 'rules');
  if (n === 0) throw new UsageError('no systems to plan: the corpus has none');
  const minSize = o.minSize ?? 1;
  // Sizes checked as given, before any arithmetic reads them (Math.min would take '2' for 2).
  if (!Number.isInteger(minSize) || minSize < 1) throw UsageError.about('minSize', `expects a positive integer, got ${showValue(minSize)}`);
  if (o.maxSize !== undefined && (!Number.isInteger(o.maxSize) || o.maxSize < 1)) throw UsageError.about('maxSize', `expects a positive integer, got ${showValue(o.maxSize)}`);
  // k-of-n needs k members: above the largest member set, every candidate of the rule is empty.
  const kofn = rules.find((r) => r.kind === 'kofn' && r.k > Math.min(n, o.maxSize ?? n));
  if (kofn !== undefined && kofn.kind === 'kofn') {
    throw UsageError.about('rules', `kofn:${kofn.k} needs at least ${kofn.k} members, but the largest member set has ${Math.min(n, o.maxSize ?? n)} (${n} systems${o.maxSize !== undefined && o.maxSize < n ? `, {maxSize} ${o.maxSize}` : ''}): every candidate would be empty`);
  }
  const maxSize = Math.min(n, o.maxSize ?? n);
  if (minSize > maxSize) throw UsageError.about('minSize', `{minSize} ${minSize} is above {maxSize} ${maxSize} (with ${n} systems)`);
  const top = o.top ?? 10;
  if (!Number.isInteger(top) || top < 1) throw UsageError.about('top', `expects a positive integer, got ${showValue(top)}`);
  const bags = o.bags ?? 1;
  if (!Number.isInteger(bags) || bags < 1) throw UsageError.about('bags', `expects a positive integer, got ${showValue(bags)}`);
  const threads = o.threads ?? defaultThreads();
  if (!Number.isInteger(threads) || threads < 1 || threads > MAX_THREADS) throw UsageError.about('threads', `expects an integer from 1 to ${MAX_THREADS}, got ${showValue(threads)}`);
  if (o.seed !== undefined) checkSeed(o.seed);
  if (o.search !== undefined) checkChoice('search', o.search, SEARCH_STRATEGIES);
  if (o.guide !== undefined) checkChoice('guide', o.guide, SEARCH_GUIDES);
  const beam = o.beam ?? 5;
  if (!Number.isInteger(beam) || beam < 1) throw UsageError.about('beam', `expects a positive integer, got ${showValue(beam)}`);
  const guidedBudget = o.guidedBudget ?? DEFAULT_GUIDED_BUDGET;
  if (!Number.isInteger(guidedBudget) || guidedBudget < 1) throw UsageError.about('guidedBudget', `expects a positive integer, got ${showValue(guidedBudget)}`);
  return {
    rules, minSize, maxSize, search: o.search ?? 'auto', guide: o.guide ?? 'score', beam, guidedBudget,
    top, seed: o.seed ?? 1, bags, budget: o.budget,
    autoLimit: o.autoLimit ?? 65535, exhaustiveLimit: o.exhaustiveLimit ?? 2 ** 24, threads, searches: o.searches ?? 1,
  };
}

export type Progress = ((phase: string, done: number, total: number) => void) | undefined;

/**
 * Runs the search on one planning data set and lists the best candidates (within the size
 * range and the budget). Ensemble selection with replacement always runs too (it is a
 * baseline); with `search: 'caruana'` it is the search, and the candidates listed are the
 * ensembles along its path.
 * @throws UsageError when exhaustive search would exceed its limit.
 */
export function search(data: PlanData, scorer: Scorer, s: SearchSettings, onProgress: Progress, phase = '', alongside?: () => void): Planned {
  return finish(searchSteps(data, scorer, s, onProgress, phase, alongside));
}

/**
 * {@link search}, pausing often enough for an interactive caller to run it in slices (see
 * steps.ts): within exhaustive search, after every greedy step and beam size, and between the
 * guided search's rules.
 *
 * `alongside`, when given, is the caller's own work that needs nothing from the search (a
 * plan's held-out part, say): it runs once, on the main thread, while worker threads score the
 * exhaustive search, or at the end when there is none.
 * @throws UsageError when exhaustive search would exceed its limit (on the first step).
 */
export function* searchSteps(data: PlanData, scorer: Scorer, s: SearchSettings, onProgress: Progress, phase = '', alongside?: () => void): Steps<Planned> {
  const ctx = makeContext(data, s.rules, scorer, s.minSize, s.maxSize);
  const n = data.n;
  const singles = new Float64Array(n);
  let best = 0;
  for (let m = 0; m < n; m++) {
    singles[m] = scorer.value({ tp: data.tp[m], fp: data.fp[m], fn: data.goldSize - data.tp[m], s: data.s[m] }, 1, scorer.costs[m]);
    if (scorer.key(singles[m]) > scorer.key(singles[best])) best = m;
  }
  const subsets = subsetCount(n, s.minSize, s.maxSize);
  const strategies: Planned['strategies'] = [];
  let sel: CaruanaResult | undefined;
  let ranAlongside = false;
  const selection = function* (): Steps<void> {
    sel = caruana(data, scorer, { bags: s.bags, seed: s.seed });
    yield;
    ranAlongside = true;
    alongside?.();
  };
  let runExhaustive = s.search === 'exhaustive';
  if (s.search === 'auto') runExhaustive = subsets <= s.autoLimit && n <= MAX_EXHAUSTIVE_SYSTEMS;
  if (runExhaustive && n > MAX_EXHAUSTIVE_SYSTEMS) {
    throw UsageError.about(undefined, `{search} exhaustive takes at most ${MAX_EXHAUSTIVE_SYSTEMS} systems, got ${n}; use {search} greedy|beam|guided`);
  }
  if (runExhaustive) {
    if (subsets > s.exhaustiveLimit) {
      throw UsageError.about(undefined, `exhaustive search over ${n} systems means ${subsets} member sets (more than ${s.exhaustiveLimit}); lower {maxSize} or use {search} greedy, beam, guided or caruana`);
    }
    strategies.push('exhaustive');
    // Ensemble selection does not read the search's store, so it runs on the main thread while
    // worker threads score the search's first chunks (and so does the caller's work alongside).
    yield* exhaustiveSteps(ctx, onProgress === undefined ? undefined : (d, t) => onProgress(`${phase}exhaustive`, d, t), s.threads, selection, s.searches);
  }
  // The greedy path is always reported; under a budget it starts from the best single system
  // within it and adds only what keeps within it (none when no system is within it).
  const paths: PathStep[][] = [];
  strategies.push('greedy');
  let start = -1;
  for (let m = 0; m < n; m++) {
    if (s.budget !== undefined && scorer.costs[m] > s.budget) continue;
    if (start < 0 || scorer.key(singles[m]) > scorer.key(singles[start])) start = m;
  }
  for (let r = 0; r < s.rules.length; r++) {
    if (start >= 0) paths.push(yield* greedySteps(ctx, r, s.guide, start, s.budget));
    onProgress?.(`${phase}greedy`, r + 1, s.rules.length);
  }
  if (s.search === 'beam' || (s.search === 'auto' && !runExhaustive)) {
    strategies.push('beam');
    for (let r = 0; r < s.rules.length; r++) {
      yield* beamSteps(ctx, r, s.beam, s.budget);
      onProgress?.(`${phase}beam`, r + 1, s.rules.length);
    }
  }
  // `auto` adds the guided search for kofn:K with K ≥ 3, where greedy and beam search stall:
  // below K members the rule keeps nothing, so their first steps never improve.
  const guidedRules = s.rules.flatMap((rule, r) => (s.search === 'guided' || (s.search === 'auto' && !runExhaustive && rule.kind === 'kofn' && rule.k >= 3) ? [r] : []));
  if (guidedRules.length > 0) {
    strategies.push('guided');
    for (const [i, r] of guidedRules.entries()) {
      guided(ctx, r, { budget: s.guidedBudget, costBudget: s.budget });
      onProgress?.(`${phase}guided`, i + 1, guidedRules.length);
      yield;
    }
  }
  if (sel === undefined) yield* selection();
  if (!ranAlongside) alongside?.();
  // Reported last whenever it ran, so the phases keep one order.
  onProgress?.(`${phase}caruana`, 1, 1);
  if (sel === undefined) throw new Error('ensemble selection did not run');
  let listing: { listed: Listed[]; eligible: number };
  const firsts = singleFirsts(ctx);
  if (s.search === 'caruana') {
    strategies.push('caruana');
    listing = caruanaListed(data, scorer, s, sel);
  } else {
    listing = storeListed(ctx, s, firsts.first);
  }
  return { ctx, ...listing, distinct: ctx.store.length - firsts.repeats, paths, strategies, singles, best, caruana: sel };
}

/**
 * A single system is one candidate under every rule that keeps its output whole (the same
 * items): its entry under the first such rule (store index, by the system's mask), and how many
 * other entries repeat one.
 */
function singleFirsts(ctx: SearchContext): { first: Map<string, number>; repeats: number } {
  const { store } = ctx;
  const first = new Map<string, number>();
  let repeats = 0;
  for (let k = 0; k < store.length; k++) {
    if (setSize(store.masks[k], store.masksHi[k]) !== 1 || !keepsLoneMember(ctx.rules[store.rules[k]])) continue;
    const key = `${store.masks[k]}:${store.masksHi[k]}`;
    const seen = first.get(key);
    if (seen !== undefined) repeats++;
    if (seen === undefined || store.rules[k] < store.rules[seen]) first.set(key, k);
  }
  return { first, repeats };
}

/**
 * The best candidates of the store, within the size range and the budget, best first, and how
 * many are within them; a single system listed and counted once (see {@link singleFirsts}).
 */
function storeListed(ctx: SearchContext, s: SearchSettings, single: ReadonlyMap<string, number>): { listed: Listed[]; eligible: number } {
  const { store, scorer } = ctx;
  const top: number[] = [];
  let eligible = 0;
  for (let k = 0; k < store.length; k++) {
    const size = setSize(store.masks[k], store.masksHi[k]);
    if (size < s.minSize || size > s.maxSize) continue;
    if (size === 1 && keepsLoneMember(ctx.rules[store.rules[k]]) && single.get(`${store.masks[k]}:${store.masksHi[k]}`) !== k) continue;
    if (s.budget !== undefined && scorer.costOf(store.masks[k], store.masksHi[k]) > s.budget) continue;
    eligible++;
    if (top.length === s.top && !betterCandidate(ctx, k, top[top.length - 1])) continue;
    let at = top.length;
    while (at > 0 && betterCandidate(ctx, k, top[at - 1])) at--;
    top.splice(at, 0, k);
    if (top.length > s.top) top.pop();
  }
  const listed = top.map((k) => ({ S: store.masks[k], Shi: store.masksHi[k], rule: ctx.rules[store.rules[k]], ruleIndex: store.rules[k], value: store.actual[k] }));
  return { listed, eligible };
}

/**
 * With `--search caruana`: the distinct ensembles along the selection's path (and, bagged, the
 * summed result), within the size range and the budget, best first (ties: fewer members, then
 * the earlier step).
 */
function caruanaListed(data: PlanData, scorer: Scorer, s: SearchSettings, sel: CaruanaResult): { listed: Listed[]; eligible: number } {
  const seen = new Set<string>();
  const all: Array<Listed & { order: number }> = [];
  const add = (w: Int32Array, value: number, order: number) => {
    const key = Array.from(w).join(',');
    if (seen.has(key)) return;
    seen.add(key);
    const S = maskOfWeights(w);
    const Shi = maskHiOfWeights(w);
    const size = setSize(S, Shi);
    if (size < s.minSize || size > s.maxSize) return;
    if (s.budget !== undefined && scorer.costOf(S, Shi) > s.budget) return;
    all.push({ S, Shi, rule: ruleOfWeights(data, w), ruleIndex: -1, counts: Int32Array.from(w), value, order });
  };
  add(sel.weights, sel.value, -1);
  sel.path.forEach((st, i) => add(st.weights, st.value, i));
  all.sort((a, b) => {
    const ka = scorer.key(a.value);
    const kb = scorer.key(b.value);
    if (ka !== kb) return ka > kb ? -1 : 1;
    return setSize(a.S, a.Shi) - setSize(b.S, b.Shi) || a.order - b.order;
  });
  return { listed: all.slice(0, s.top).map(({ order: _order, ...l }) => l), eligible: all.length };
}
