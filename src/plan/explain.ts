/**
 * What lies behind one candidate (members and a rule), in-sample on the planning data:
 *
 * - each member's score alone and its **leave-one-out gain**: the candidate's actual objective
 *   minus that of the candidate without the member, both simulated exactly with the same rule
 *   (a `weighted` rule keeps the other members' weights; a `kofn:K` of fewer than K members keeps
 *   nothing), signed so that positive means the member helps;
 * - for every pair of members, the statistics the prediction is built from: the items both
 *   return correctly, both miss, both return wrongly, the gold boundaries where both give the
 *   same wrong label, and the complementarity both ways (P_Comp, R_Comp, F_βComp of
 *   src/complementarity/comp.ts, on the planning data's items);
 * - the candidate's predicted and actual objective and F_β, and how the prediction was made.
 *
 * One implementation for the library, `complan plan --explain` and the TUI.
 */
import { itemComplementarity } from '../complementarity/comp.js';
import { UsageError } from '../errors.js';
import type { ZeroDivision } from '../metrics/prf.js';
import { ruleName, type Rule } from '../ensemble/rules.js';
import { Bitset } from '../model/bitset.js';
import { choiceCounts, choiceOf, choiceWeights } from './choice.js';
import { maskHiOf, maskOf, membersOf, type PlanData } from './data.js';
import { bitHi, bitLo, setSize } from './member-set.js';
import type { Objective } from './objective.js';
import { Scorer, scoresOf, type Counts4 } from './scores.js';
import { predictedCounts } from './store.js';
import type { CandidateExplanation, MemberContribution, PairExplanation } from './types.js';
import { checkOptionKeys, type NoneMissing } from '../metrics/option-keys.js';

/** The member's counts alone (as a system). */
function aloneCounts(data: PlanData, m: number): Counts4 {
  return { tp: data.tp[m], fp: data.fp[m], fn: data.goldSize - data.tp[m], s: data.s[m] };
}

/** Objective value and F_β of the candidate (S, Shi) under `rule`, simulated (0 members keep nothing). */
function simulated(data: PlanData, scorer: Scorer, S: number, Shi: number, rule: Rule): { objective: number; f: number } {
  const counts = S === 0 && Shi === 0 ? { tp: 0, fp: 0, fn: data.goldSize, s: 0 } : choiceCounts(data, choiceOf(data, S, rule, Shi));
  return { objective: scorer.value(counts, setSize(S, Shi), scorer.costOf(S, Shi)), f: scoresOf(counts, scorer.settings).f };
}

/** The pairwise statistics of members a < b. */
function pairOf(data: PlanData, a: number, b: number, items: readonly Bitset[], gold: Bitset, beta: number): PairExplanation {
  const ab = itemComplementarity(items[a], items[b], gold, data.goldSize, beta);
  const ba = itemComplementarity(items[b], items[a], gold, data.goldSize, beta);
  return {
    a: data.names[a], b: data.names[b],
    bothCorrect: ab.bothCorrect, onlyACorrect: ab.onlyACorrect, onlyBCorrect: ab.onlyBCorrect, bothMissed: ab.bothMissed,
    bothWrong: ab.bothWrong, onlyAWrong: ab.onlyAWrong, onlyBWrong: ab.onlyBWrong,
    bothWrongLabel: data.coX[a * data.n + b],
    bOffersA: { pComp: ab.pComp, rComp: ab.rComp, fComp: ab.fBetaComp },
    aOffersB: { pComp: ba.pComp, rComp: ba.rComp, fComp: ba.fBetaComp },
  };
}

/**
 * The explanation of members (S, Shi) (a two-word bitmask over `data`) under `rule`, scored by
 * `scorer`; `rank` is the candidate's rank among a plan's listed candidates (0 when not listed).
 */
export function explainWith(data: PlanData, scorer: Scorer, S: number, Shi: number, rule: Rule, rank = 0): CandidateExplanation {
  const members = membersOf(S, Shi);
  const whole = simulated(data, scorer, S, Shi, rule);
  const p = predictedCounts(data, S, Shi, rule);
  const sign = scorer.objective.minimise ? -1 : 1;
  const contributions: MemberContribution[] = members.map((m) => {
    const alone = aloneCounts(data, m);
    const without = members.length === 1 ? null : simulated(data, scorer, S & ~bitLo(m), Shi & ~bitHi(m), rule);
    return {
      name: data.names[m],
      alone: { objective: scorer.value(alone, 1, scorer.costs[m]), f: scoresOf(alone, scorer.settings).f },
      without,
      marginal: without === null ? null : sign * (whole.objective - without.objective),
    };
  });
  const pairs: PairExplanation[] = [];
  if (members.length > 1) {
    const items = data.memberItems.map((list) => Bitset.from(data.u, list));
    const gold = new Bitset(data.u);
    for (let i = 0; i < data.u; i++) if (data.isGold[i]) gold.add(i);
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) pairs.push(pairOf(data, members[i], members[j], items, gold, scorer.settings.beta));
    }
  }
  const weights = choiceWeights(choiceOf(data, S, rule, Shi));
  return {
    rank, members: members.map((m) => data.names[m]), rule: ruleName(rule), ...(weights === undefined ? {} : { weights }), size: members.length,
    objective: { actual: whole.objective, predicted: scorer.value(p, members.length, scorer.costOf(S, Shi)) },
    f: { actual: whole.f, predicted: scoresOf(p, scorer.settings).f },
    predictedVia: p.method,
    contributions,
    pairs,
    notes: members.length === 1 ? ['one member: nothing to leave out, and no pair behind the prediction (a single system is its own prediction)'] : [],
  };
}

export interface ExplainOptions {
  /** The objective (see `parseObjective`). */
  objective: Objective;
  /** β of F_β (default 1), K-measure α (default 1), value of 0/0 (default gerbil). */
  beta?: number;
  kAlpha?: number;
  zeroDivision?: ZeroDivision;
  /** Cost per system name; a system without one costs 1. */
  costs?: ReadonlyMap<string, number>;
}

/** Every option {@link explainCandidate} takes (any other key is refused). */
export const EXPLAIN_OPTION_KEYS = ['objective', 'beta', 'kAlpha', 'zeroDivision', 'costs'] as const satisfies readonly (keyof ExplainOptions)[];
type _ExplainOptionKeysListed = NoneMissing<Exclude<keyof ExplainOptions, (typeof EXPLAIN_OPTION_KEYS)[number]>>;

/**
 * Explains the candidate of the named `members` under `rule` on planning data (see the module
 * comment), as `complan plan --explain` does.
 * @throws UsageError when no member is given or a name is not a system of the data.
 */
export function explainCandidate(data: PlanData, members: readonly string[], rule: Rule, options: ExplainOptions): CandidateExplanation {
  checkOptionKeys('options', options, EXPLAIN_OPTION_KEYS);
  if (members.length === 0) throw new UsageError('explain a candidate of at least one member');
  const idx = members.map((name) => {
    const m = data.names.indexOf(name);
    if (m < 0) throw new UsageError(`"${name}" is not a system (systems: ${data.names.join(', ')})`);
    return m;
  });
  const costs = Float64Array.from(data.names, (name) => options.costs?.get(name) ?? 1);
  const scorer = new Scorer(options.objective, { beta: options.beta ?? 1, kAlpha: options.kAlpha ?? 1, zeroDivision: options.zeroDivision ?? 'gerbil' }, costs);
  return explainWith(data, scorer, maskOf(idx), maskHiOf(idx), rule);
}
