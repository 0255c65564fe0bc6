/**
 * Combination rules and their textual forms, as typed on the command line.
 *
 * Binary rules decide each labelled item (span with its label) by how many members return it:
 * - `union`: at least one member;  `intersection`: every member;
 * - `kofn:K`: at least K members (1 ≤ K ≤ number of members);
 * - `majority`: more than half of the members (⌊n/2⌋ + 1).
 * Typed rules vote per boundary: `vote` (one vote per member) and `weighted` (votes weighted by
 * overall F1, per-label F1, or given weights); see {@link simulate}.
 */
import { showValue, UsageError } from '../errors.js';
import { splitPairs } from '../model/name-list.js';

/** One member's weights per label, for {@link WeightSpec} `table`. */
export interface LabelWeights {
  /** The weight of the member's `O` votes, and of its votes for a label missing from `byLabel`. */
  overall: number;
  byLabel: ReadonlyMap<string, number>;
}

/**
 * How `weighted` weighs a member's vote. `f1` and `label-f1` are computed from the gold
 * standard when simulating; `given` and `table` are fixed numbers per system name, which is how
 * a saved plan stores resolved `f1` and `label-f1` weights so that it applies without gold
 * (see `resolvedWeights` in simulate.ts).
 */
export type WeightSpec =
  | { kind: 'f1' }
  | { kind: 'label-f1' }
  | { kind: 'given'; weights: ReadonlyMap<string, number> }
  | { kind: 'table'; weights: ReadonlyMap<string, LabelWeights> };

export type Rule =
  | { kind: 'union' }
  | { kind: 'intersection' }
  | { kind: 'kofn'; k: number }
  | { kind: 'majority' }
  | { kind: 'vote' }
  | { kind: 'weighted'; weights: WeightSpec };

export type BinaryRule = Extract<Rule, { kind: 'union' | 'intersection' | 'kofn' | 'majority' }>;

export const RULE_NAMES = ['union', 'intersection', 'kofn:K', 'majority', 'vote', 'weighted'] as const;

/** The four base rules the benchmarks and the planner try by default. */
/**
 * Whether a rule (parsed, or as written: `union`, `kofn:2`, `weighted`) gives a lone member's own
 * output: every rule but k-of-n with k ≥ 2, which keeps nothing of one system. Under those rules a
 * single system is one candidate, whatever the rule.
 */
export function keepsLoneMember(rule: Rule | string): boolean {
  if (typeof rule !== 'string') return rule.kind !== 'kofn' || rule.k <= 1;
  const m = /^kofn:(\d+)$/.exec(rule);
  return m === null || Number(m[1]) <= 1;
}

export const BASE_RULES: readonly Rule[] = [{ kind: 'union' }, { kind: 'intersection' }, { kind: 'majority' }, { kind: 'vote' }];

export function isBinaryRule(rule: Rule): rule is BinaryRule {
  return rule.kind === 'union' || rule.kind === 'intersection' || rule.kind === 'kofn' || rule.kind === 'majority';
}

/**
 * Parses a weight specification: `f1`, `label-f1`, or `name=w,name=w,...` with finite w ≥ 0.
 * @throws UsageError (about `weights`) with a one-line message saying what was expected.
 */
export function parseWeights(text: string): WeightSpec {
  const t = text.trim();
  if (t === 'f1') return { kind: 'f1' };
  if (t === 'label-f1') return { kind: 'label-f1' };
  const weights = new Map<string, number>();
  for (const part of splitPairs(t)) {
    const eq = part.lastIndexOf('=');
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    const w = Number(value);
    if (eq <= 0 || name === '' || value === '' || !Number.isFinite(w) || w < 0) {
      throw new UsageError(`expected f1, label-f1 or name=weight,... with weights ≥ 0, got ${JSON.stringify(part.trim())}`, { param: 'weights' });
    }
    if (weights.has(name)) throw new UsageError(`weight of ${JSON.stringify(name)} given twice`, { param: 'weights' });
    weights.set(name, w);
  }
  if ([...weights.values()].every((w) => w === 0)) throw new UsageError('every weight is 0: a weighted vote keeps nothing; give at least one system a weight above 0', { param: 'weights' });
  return { kind: 'given', weights };
}

/**
 * Parses a rule: `union`, `intersection`, `kofn:K` (K a positive integer), `majority`, `vote`,
 * `weighted` (weights from `weights`, default `f1`).
 * @throws UsageError (about `rule`) with a one-line message naming the accepted rules.
 */
export function parseRule(text: string, weights?: WeightSpec): Rule {
  const t = text.trim();
  switch (t) {
    case 'union': case 'intersection': case 'majority': case 'vote':
      return { kind: t };
    case 'weighted':
      return { kind: 'weighted', weights: weights ?? { kind: 'f1' } };
  }
  const m = /^kofn:(\d+)$/.exec(t);
  if (m !== null) {
    const k = Number(m[1]);
    // A K too large to be a whole number (kofn:99999999999999999999) is said as typed, not as the
    // parsed rule checkRule would show: no ensemble has that many members anyway.
    if (k >= 1 && Number.isSafeInteger(k)) return { kind: 'kofn', k };
    throw new UsageError(`kofn:K expects K ≥ 1${k >= 1 ? ', at most the number of members' : ''}, got ${JSON.stringify(t)}`, { param: 'rule' });
  }
  throw new UsageError(`unknown rule ${JSON.stringify(t)} (expected ${RULE_NAMES.join(', ')})`, { param: 'rule' });
}

const WEIGHT_KINDS: ReadonlyArray<WeightSpec['kind']> = ['f1', 'label-f1', 'given', 'table'];

/**
 * Throws a UsageError about `param` unless `rule` is a rule as {@link parseRule} gives it: a
 * known kind, `kofn` with a whole K ≥ 1, `weighted` with weights of a known kind. A program in
 * plain JavaScript can pass anything; an unknown kind must not be read as some other rule.
 */
export function checkRule(rule: unknown, param = 'rule'): asserts rule is Rule {
  const r = rule as Partial<Rule> | null;
  const bad = (why: string) => UsageError.about(param, `${why}, got ${showValue(rule)}`);
  if (r === null || typeof r !== 'object' || typeof r.kind !== 'string' || !RULE_KINDS.includes(r.kind)) {
    throw bad(`expects a rule as parseRule gives it (${RULE_NAMES.join(', ')})`);
  }
  if (r.kind === 'kofn' && !(Number.isSafeInteger(r.k) && r.k! >= 1)) throw bad('kofn expects a whole k ≥ 1');
  if (r.kind === 'weighted') {
    const w = r.weights as Partial<WeightSpec> | null | undefined;
    if (w === null || typeof w !== 'object' || typeof w.kind !== 'string' || !WEIGHT_KINDS.includes(w.kind)) throw bad(`weighted expects weights of kind ${WEIGHT_KINDS.join(', ')}`);
    if ((w.kind === 'given' || w.kind === 'table') && !(w.weights instanceof Map)) throw bad(`weighted weights of kind ${w.kind} hold a Map of system names`);
  }
}

const RULE_KINDS: ReadonlyArray<string> = ['union', 'intersection', 'kofn', 'majority', 'vote', 'weighted'] satisfies ReadonlyArray<Rule['kind']>;

/** The rule as it is written on the command line (`weighted` without its weights). */
export function ruleName(rule: Rule): string {
  return rule.kind === 'kofn' ? `kofn:${rule.k}` : rule.kind;
}

/** The number of member votes a binary rule needs among `n` members. */
export function threshold(rule: BinaryRule, n: number): number {
  switch (rule.kind) {
    case 'union': return 1;
    case 'intersection': return n;
    case 'majority': return Math.floor(n / 2) + 1;
    case 'kofn': return rule.k;
  }
}
