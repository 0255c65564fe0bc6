/**
 * The saved plan: `complan plan --save-plan FILE` writes one candidate — its rule,
 * members and everything needed to apply it — and `complan combine --plan FILE` applies it to
 * new outputs of the same systems, **without gold**:
 *
 * - `weighted` stores its weights resolved at planning time (`f1`: one number per member;
 *   `label-f1`: per member `{ "overall": F1, "byLabel": { label: F1 } }`, where `overall`
 *   weighs the member's `O` votes and its votes for a label the table lacks), never the
 *   `f1`/`label-f1` recipes that need a gold standard;
 * - `tieBreak` lists the members best first on the planning data: typed rules (`vote`,
 *   `weighted`) give a label tie to the label backed by the earliest of them, as the planner's
 *   simulation did with gold (without `tieBreak`, the order of `members`).
 *
 * Applied to the planning data without its gold, a plan gives the planned ensemble exactly
 * (tested), with one exception inherited from the vote: a member that proposes several labels at
 * one boundary (JSONL or BRAT input only) votes for the first of them in universe order, which
 * lists gold items first, so without gold its vote there can differ.
 *
 * The file is JSON with a fixed key order (`schemaVersion`, `kind`, `rule`, `weights`,
 * `members`, `tieBreak`, `chosenBy`, `objective`, `planning`, `systems`, `types`, `chosenOn`,
 * `heldOut`) and a trailing newline. `planning` holds the candidate's scores on the planning
 * data, for the reader's information; `types`, when the plan was made on some entity types only,
 * which; `chosenOn`, the gold standard the choice was made on (so that combine can call a score
 * on it in-sample), and `heldOut`, the procedure's held-out estimate.
 */
import { escapeControls, InputError, showName, showValue } from '../errors.js';
import { jsonSyntax } from '../formats/json-syntax.js';
import { parseRule, ruleName, type LabelWeights, type Rule, type WeightSpec } from '../ensemble/rules.js';
import { resolvedWeights, type EnsembleIndex } from '../ensemble/simulate.js';
import { parseObjective } from './objective.js';
import type { Choice } from './choice.js';
import type { CandidateScores, PlanCandidate, PlanResult } from './types.js';
import { recordOf } from '../model/record.js';
import { describeJson, MAX_JSON_DEPTH, readSmallTextFile, tooDeepAt } from '../formats/json-file.js';

export const PLAN_FILE_KIND = 'complan-plan';
export const PLAN_FILE_SCHEMA_VERSION = 1;

/** Resolved weights as stored: one number per member, or a table per member and label. */
export type PlanWeights = Record<string, number> | Record<string, { overall: number; byLabel: Record<string, number> }>;

export interface PlanFile {
  schemaVersion: 1;
  kind: 'complan-plan';
  /** The rule as written on the command line (`union`, `kofn:2`, `vote`, `weighted`). */
  rule: string;
  /** `weighted` only: the weights resolved at planning time, by member name. */
  weights?: PlanWeights;
  /** Member system names, in input order. */
  members: string[];
  /** Typed rules: the members best first on the planning data, the order label ties follow. */
  tieBreak?: string[];
  /**
   * How the plan was chosen: the recommendation's procedure (`selection`, `vote-all`,
   * `majority-all`, `best-single`, `caruana`), or `top` for the top candidate
   * (`--save-plan-choice top`). Informational.
   */
  chosenBy?: string;
  /** The objective the plan was chosen under, as given (`f1`, `ser`, an expression). */
  objective: string;
  /** The candidate on the planning data (NaN where undefined; `null` in the file). */
  planning: { objective: number; f: number; precision: number; recall: number };
  /** Every system the planner considered, in input order. */
  systems: string[];
  /**
   * The entity types the plan was made on (`plan --types`), absent when it was made on all:
   * `combine --plan` then combines and scores those types only, as the planner did.
   */
  types?: string[];
  /**
   * The gold standard the plan was chosen on: its fingerprint (model/fingerprint.ts) and how
   * many of its units (documents, or sentences of a one-document corpus) the choice saw, so that
   * `combine --plan` can say when the score it prints is in-sample. Absent in older plans.
   * `documents`: the keys of the documents that chose it (model/shared-documents.ts: a hash of
   * each document's tokens, those of 10 tokens or more), so that on another gold standard that
   * holds some of them `combine --plan` can say how many; absent for a plan of sentences, of
   * text without tokens, and in older plans. `sentences`: the keys of their sentences of 10 tokens
   * or more, in order, so that on a gold standard of one document (no document markers), which no
   * document matches, it can say how many of its sentences chose the plan; absent for text
   * without tokens, and in older plans.
   */
  chosenOn?: { fingerprint: string; unit: 'document' | 'sentence'; planned: number; of: number; documents?: string[]; sentences?: string[] };
  /**
   * The chosen procedure's held-out objective (mean, sd over splits, and pooled over them: see
   * HeldOutSummary), when the plan made one; for the top candidate (`chosenBy` `top`), the
   * selection procedure's, which chooses it. `pooled` is absent in older plans.
   */
  heldOut?: { objective: number; sd: number | null; splits: number; pooled?: number };
}

/** What a saved plan needs from the planning index beyond the candidate. */
export interface PlanResolution {
  /** `weighted`: the resolved weights ({@link resolvedWeights}). */
  weights?: WeightSpec;
  /** The members best first on the planning data (ties of typed rules). */
  tieBreak?: string[];
}

/**
 * The resolution of a candidate given by member indices and its parsed rule: resolved weights
 * (for `weighted`) and the members ordered by the index's ranking (best F1 first).
 * @throws Error when `f1`/`label-f1` weights meet an index without gold.
 */
export function resolvePlan(index: EnsembleIndex, members: readonly number[], rule: Rule): PlanResolution {
  const names = index.corpus.systems.map((s) => s.name);
  const weights = resolvedWeights(index, members, rule);
  const tieBreak = [...members].sort((a, b) => index.rank[a] - index.rank[b]).map((m) => names[m]);
  return weights === undefined ? { tieBreak } : { weights, tieBreak };
}

/** Weights as stored in a plan file (`given` and `table` only: resolve `f1`/`label-f1` first). */
export function planWeightsOf(spec: WeightSpec, members?: readonly string[]): PlanWeights {
  const order = <T>(m: ReadonlyMap<string, T>) => (members === undefined ? [...m.keys()] : members.filter((n) => m.has(n)));
  switch (spec.kind) {
    case 'given':
      return Object.fromEntries(order(spec.weights).map((n) => [n, spec.weights.get(n)!]));
    case 'table':
      return Object.fromEntries(order(spec.weights).map((n) => {
        const w = spec.weights.get(n)!;
        const labels = [...w.byLabel.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
        return [n, { overall: w.overall, byLabel: Object.fromEntries(labels.map((l) => [l, w.byLabel.get(l)!])) }];
      }));
    default:
      throw new Error(`a plan stores resolved weights, not "${spec.kind}" (resolve them with resolvedWeights)`);
  }
}

/** The weight specification of stored weights. */
export function weightSpecOf(weights: PlanWeights): WeightSpec {
  const entries = Object.entries(weights);
  if (entries.every(([, w]) => typeof w === 'number')) {
    return { kind: 'given', weights: new Map(entries as Array<[string, number]>) };
  }
  const rows = entries as Array<[string, { overall: number; byLabel: Record<string, number> }]>;
  return {
    kind: 'table',
    weights: new Map<string, LabelWeights>(rows.map(([n, w]) => [n, { overall: w.overall, byLabel: new Map(Object.entries(w.byLabel)) }])),
  };
}

/** The rule of a plan, with its stored weights. */
export function planRule(plan: PlanFile): Rule {
  return parseRule(plan.rule, plan.weights === undefined ? undefined : weightSpecOf(plan.weights));
}

/**
 * The saved plan of `candidate` (one of `result.candidates`). A `weighted` candidate needs its
 * resolved weights in `resolution` (see {@link resolvePlan}); typed rules should carry the
 * planning `tieBreak` too, or ties follow the order of the members.
 * @throws Error for a `weighted` candidate without resolved weights, or weights on another rule.
 */
export function planFileOf(candidate: PlanCandidate, result: PlanResult, resolution: PlanResolution = {}): PlanFile {
  const rule = parseRule(candidate.rule);
  if (rule.kind === 'weighted' && resolution.weights === undefined) {
    throw new Error('a weighted plan needs its resolved weights (resolvePlan or resolvedWeights)');
  }
  if (rule.kind !== 'weighted' && resolution.weights !== undefined) throw new Error(`weights apply to weighted, not ${candidate.rule}`);
  const typed = rule.kind === 'vote' || rule.kind === 'weighted';
  const plan: PlanFile = {
    schemaVersion: 1,
    kind: 'complan-plan',
    rule: candidate.rule,
    ...(resolution.weights === undefined ? {} : { weights: planWeightsOf(resolution.weights, candidate.members) }),
    members: [...candidate.members],
    ...(typed && resolution.tieBreak !== undefined ? { tieBreak: [...resolution.tieBreak] } : {}),
    objective: result.objective.text,
    planning: {
      objective: candidate.objective.actual,
      f: candidate.actual.f,
      precision: candidate.actual.precision,
      recall: candidate.actual.recall,
    },
    systems: [...result.systems],
  };
  return plan;
}

/**
 * The saved plan of a choice (see choice.ts: members, rule with resolved weights, tie-break
 * order), with its scores on the planning data and how it was chosen.
 */
export function planFileFromChoice(
  choice: Choice, result: PlanResult, planning: { objective: number; scores: CandidateScores }, chosenBy: string, types?: readonly string[],
  provenance: Pick<PlanFile, 'chosenOn' | 'heldOut'> = {},
): PlanFile {
  const typed = choice.rule.kind === 'vote' || choice.rule.kind === 'weighted';
  const weights = choice.rule.kind === 'weighted' ? planWeightsOf(choice.rule.weights, choice.members) : undefined;
  return {
    schemaVersion: 1,
    kind: 'complan-plan',
    rule: ruleName(choice.rule),
    ...(weights === undefined ? {} : { weights }),
    members: [...choice.members],
    ...(typed ? { tieBreak: [...choice.tieBreak] } : {}),
    chosenBy,
    objective: result.objective.text,
    planning: { objective: planning.objective, f: planning.scores.f, precision: planning.scores.precision, recall: planning.scores.recall },
    systems: [...result.systems],
    ...(types === undefined ? {} : { types: [...types] }),
    ...(provenance.chosenOn === undefined ? {} : { chosenOn: { ...provenance.chosenOn } }),
    ...(provenance.heldOut === undefined ? {} : { heldOut: { ...provenance.heldOut } }),
  };
}

/**
 * Where a plan's choice was made: the planning data's gold standard (`fingerprint`, from
 * model/fingerprint.ts over the whole corpus) and how many of its units chose it; and the
 * held-out estimate of the procedure `heldOutOf` (by default `chosenBy`): a procedure of the
 * plan, or `selection` for the top candidate, which is what that procedure chooses (a candidate of
 * another rank has none).
 */
export function planProvenance(
  result: PlanResult, fingerprint: string, chosenBy: string, documents?: string[], sentences?: string[], heldOutOf = chosenBy,
): Pick<PlanFile, 'chosenOn' | 'heldOut'> {
  const d = result.planningData;
  const held = [result.selection, ...result.baselines].find((p) => p.name === heldOutOf)?.heldOut;
  return {
    chosenOn: {
      fingerprint, unit: d.units, planned: d.units === 'document' ? d.documents : d.sentences, of: d.of,
      ...(documents === undefined ? {} : { documents }), ...(sentences === undefined ? {} : { sentences }),
    },
    ...(held === undefined ? {} : { heldOut: { objective: held.mean, sd: held.sd, splits: held.splits, ...(Number.isFinite(held.pooled) ? { pooled: held.pooled } : {}) } }),
  };
}

/** The plan as JSON: keys in the order of {@link PlanFile}, NaN/±∞ as null, a trailing newline. */
export function formatPlanFile(plan: PlanFile): string {
  const out = {
    schemaVersion: plan.schemaVersion,
    kind: plan.kind,
    rule: plan.rule,
    ...(plan.weights === undefined ? {} : { weights: planWeightsOf(weightSpecOf(plan.weights), plan.members) }),
    members: plan.members,
    ...(plan.tieBreak === undefined ? {} : { tieBreak: plan.tieBreak }),
    ...(plan.chosenBy === undefined ? {} : { chosenBy: plan.chosenBy }),
    objective: plan.objective,
    planning: {
      objective: finiteOrNull(plan.planning.objective),
      f: finiteOrNull(plan.planning.f),
      precision: finiteOrNull(plan.planning.precision),
      recall: finiteOrNull(plan.planning.recall),
    },
    systems: plan.systems,
    ...(plan.types === undefined ? {} : { types: plan.types }),
    ...(plan.chosenOn === undefined ? {} : { chosenOn: plan.chosenOn }),
    ...(plan.heldOut === undefined ? {} : {
      heldOut: {
        objective: finiteOrNull(plan.heldOut.objective), sd: finiteOrNull(plan.heldOut.sd), splits: plan.heldOut.splits,
        ...(plan.heldOut.pooled === undefined ? {} : { pooled: finiteOrNull(plan.heldOut.pooled) }),
      },
    }),
  };
  return `${JSON.stringify(out, null, 2)}\n`;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const show = (x: unknown) => describeJson(x);
/** A name from the file as a message quotes it: escaped and bounded, so no input text reaches the terminal raw. */
const nm = (n: string) => showValue(n);
/** Names as a message lists them (quoted, or as plain words when they are): the first ten, then how many more. */
const nms = (list: readonly string[], show: (n: string) => string = showName) => list.slice(0, 10).map((n) => show(n)).join(', ') + (list.length > 10 ? ` and ${list.length - 10} more` : '');
/** A weight as a message shows it: JSON shows a number too large for a double (1e999, read as Infinity) as null. */
const showWeight = (x: unknown) => (typeof x === 'number' && !Number.isFinite(x) ? `${x} (a number too large)` : show(x));
const isWeight = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x) && x >= 0;

function names(x: unknown, key: string, fail: (detail: string) => never, nonEmpty = true): string[] {
  if (!Array.isArray(x) || !x.every((n) => typeof n === 'string' && n.length > 0)) {
    fail(`"${key}" must be a list of system names, got ${show(x)}`);
  }
  const list = x as string[];
  if (nonEmpty && list.length === 0) fail(`"${key}" is empty: a plan needs at least one member`);
  const seen = new Set<string>();
  for (const n of list) {
    if (seen.has(n)) fail(`"${key}" lists ${nm(n)} twice`);
    seen.add(n);
  }
  return list;
}

const ALL_ZERO = '"weights": every weight is 0: a weighted vote keeps nothing; give at least one member a weight above 0';

function parseWeightsField(x: unknown, members: readonly string[], fail: (detail: string) => never): PlanWeights {
  if (!isObject(x)) fail(`"weights" must be an object of weights by member name, got ${show(x)}`);
  const w = x as Record<string, unknown>;
  for (const n of Object.keys(w)) if (!members.includes(n)) fail(`"weights" names ${nm(n)}, which is not a member (members: ${nms(members)})`);
  const missing = members.filter((m) => !Object.hasOwn(w, m));
  if (missing.length > 0) fail(`"weights" gives no weight for member${missing.length === 1 ? '' : 's'} ${nms(missing, nm)}`);
  const values = members.map((m) => w[m]);
  const TABLE = '{"overall": number, "byLabel": {label: number}}';
  // A weight that is neither a number nor a table is named first, whatever the others are.
  const odd = members.findIndex((_, k) => typeof values[k] !== 'number' && !isObject(values[k]));
  if (odd >= 0) fail(`"weights": the weight of ${nm(members[odd])} must be a number ≥ 0 (or, for every member, ${TABLE}), got ${showWeight(values[odd])}`);
  if (values.every((v) => typeof v === 'number')) {
    members.forEach((m, k) => { if (!isWeight(values[k])) fail(`"weights": the weight of ${nm(m)} must be a number ≥ 0, got ${showWeight(values[k])}`); });
    if (values.every((v) => v === 0)) fail(ALL_ZERO);
    return Object.fromEntries(members.map((m, k) => [m, values[k] as number]));
  }
  const number = members.findIndex((_, k) => typeof values[k] === 'number');
  if (number >= 0) {
    fail(`"weights": ${nm(members[number])} has a number, other members a table: give every member a number ≥ 0, or every member ${TABLE}`);
  }
  const table = recordOf(members.map((m, k) => {
    const v = values[k] as Record<string, unknown>;
    if (!isWeight(v.overall)) fail(`"weights": the "overall" weight of ${nm(m)} must be a number ≥ 0, got ${showWeight(v.overall)}`);
    if (!isObject(v.byLabel)) fail(`"weights": the "byLabel" of ${nm(m)} must be an object of weights by label, got ${show(v.byLabel)}`);
    const row = v as { overall: number; byLabel: Record<string, unknown> };
    for (const [label, lw] of Object.entries(row.byLabel)) {
      if (!isWeight(lw)) fail(`"weights": the weight of ${nm(m)} for label ${nm(label)} must be a number ≥ 0, got ${showWeight(lw)}`);
    }
    return [m, { overall: row.overall, byLabel: row.byLabel as Record<string, number> }] as const;
  }));
  if (Object.values(table).every((row) => row.overall === 0 && Object.values(row.byLabel).every((lw) => lw === 0))) fail(ALL_ZERO);
  return table;
}

/**
 * Reads a saved plan. `path` names the file in messages.
 * @throws InputError (exit 2) naming the file — and the line, for a JSON syntax error — and what
 *   is wrong: not JSON, not a plan, an unsupported `schemaVersion`, a missing or malformed field,
 *   an unknown rule, `kofn:K` above the number of members, weights missing, misplaced or naming
 *   non-members, a `tieBreak` that is not the members.
 */
export function parsePlanFile(text: string, path: string): PlanFile {
  const fail = (detail: string, line?: number): never => {
    throw new InputError(detail, path, line);
  };
  const body = text.replace(/^\uFEFF/, '');
  const deep = tooDeepAt(body);
  if (deep > 0) fail(`expected a JSON plan: lists and objects nested more than ${MAX_JSON_DEPTH} levels deep`, deep);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (err) {
    const why = jsonSyntax((err as Error).message, body);
    // The file's line is the message's; its column is said in it.
    const column = why.column === undefined ? '' : `column ${why.column}: `;
    fail(`expected a JSON plan (as written by complan plan --save-plan): ${why.empty === true ? 'the file is empty' : why.cutOff ? `the file ends before the plan does (${why.column === undefined ? '' : `at column ${why.column}; `}is it cut short?)` : `${column}${why.reason}`}`, why.line);
  }
  if (!isObject(json)) fail(`expected a JSON object (a plan written by complan plan --save-plan), got ${Array.isArray(json) ? 'a list' : show(json)}`);
  const o = json as Record<string, unknown>;
  if (o.kind !== PLAN_FILE_KIND) {
    // A command's JSON report (plan --format json, the likeliest mix-up) is named as such.
    const command = isObject(o.settings) ? o.settings.command : undefined;
    const report = o.kind === undefined && typeof command === 'string' && /^[a-z]+$/.test(command)
      ? `; this is the JSON report of complan ${command} (--format json), not a plan: save one with complan plan --save-plan FILE`
      : '';
    fail(`not a complan plan: expected "kind": "${PLAN_FILE_KIND}", got ${show(o.kind)}${report}`);
  }
  if (o.schemaVersion !== PLAN_FILE_SCHEMA_VERSION) {
    fail(`unsupported schemaVersion ${show(o.schemaVersion)} (this complan reads plans of schemaVersion ${PLAN_FILE_SCHEMA_VERSION})`);
  }
  if (typeof o.rule !== 'string') fail(`"rule" must be a rule such as "vote" or "kofn:2", got ${show(o.rule)}`);
  const ruleText = o.rule as string;
  let rule: Rule;
  try {
    rule = parseRule(ruleText);
  } catch (err) {
    return fail(`"rule": ${(err as Error).message}`);
  }
  if (o.members === undefined) fail('"members" is missing: a plan lists the systems it combines');
  const members = names(o.members, 'members', fail);
  if (rule.kind === 'kofn' && rule.k > members.length) fail(`"rule" ${ruleText} needs at least ${rule.k} members, the plan has ${members.length}`);
  let weights: PlanWeights | undefined;
  if (rule.kind === 'weighted') {
    if (o.weights === undefined) fail('"weights" is missing: a weighted plan stores the weights of its members');
    weights = parseWeightsField(o.weights, members, fail);
  } else if (o.weights !== undefined) {
    fail(`"weights" applies to the rule weighted, not ${ruleText}`);
  }
  let tieBreak: string[] | undefined;
  if (o.tieBreak !== undefined) {
    tieBreak = names(o.tieBreak, 'tieBreak', fail);
    const same = tieBreak.length === members.length && tieBreak.every((n) => members.includes(n));
    if (!same) fail(`"tieBreak" must list the members (${nms(members)}) in some order, got ${nms(tieBreak)}`);
  }
  if (o.chosenBy !== undefined && typeof o.chosenBy !== 'string') fail(`"chosenBy" must be text such as "vote-all" or "top", got ${show(o.chosenBy)}`);
  if (typeof o.objective !== 'string') fail(`"objective" must be the objective as given (e.g. "f1"), got ${show(o.objective)}`);
  try {
    parseObjective(o.objective as string);
  } catch (err) {
    // The parser's first line (the others point at the column with a caret).
    fail(`"objective": ${escapeControls((err as Error).message.split('\n')[0])}`);
  }
  if (!isObject(o.planning)) fail(`"planning" must be an object with objective, f, precision and recall, got ${show(o.planning)}`);
  const p = o.planning as Record<string, unknown>;
  const score = (key: string): number => {
    const v = p[key];
    if (v === null) return NaN;
    if (typeof v !== 'number') fail(`"planning.${key}" must be a number or null, got ${show(v)}`);
    return v as number;
  };
  const planning = { objective: score('objective'), f: score('f'), precision: score('precision'), recall: score('recall') };
  if (o.systems === undefined) fail('"systems" is missing: a plan lists the systems it was planned over');
  const systems = names(o.systems, 'systems', fail, false);
  const strangers = members.filter((m) => !systems.includes(m));
  if (strangers.length > 0) fail(`"members" names ${nms(strangers, nm)}, not among "systems" (${nms(systems)})`);
  let types: string[] | undefined;
  if (o.types !== undefined) {
    if (!Array.isArray(o.types) || o.types.length === 0 || !o.types.every((t) => typeof t === 'string')) {
      fail(`"types" must be a list of the entity types the plan was made on, got ${show(o.types)}`);
    }
    types = [...new Set(o.types as string[])];
  }
  let chosenOn: PlanFile['chosenOn'];
  if (o.chosenOn !== undefined) {
    const c = o.chosenOn as Record<string, unknown>;
    const count = (x: unknown) => typeof x === 'number' && Number.isInteger(x) && x >= 0;
    if (!isObject(o.chosenOn) || typeof c.fingerprint !== 'string' || (c.unit !== 'document' && c.unit !== 'sentence') || !count(c.planned) || !count(c.of)) {
      fail(`"chosenOn" must be {"fingerprint": text, "unit": "document" or "sentence", "planned": count, "of": count}, got ${show(o.chosenOn)}`);
    }
    for (const key of ['documents', 'sentences'] as const) {
      const keys = c[key];
      if (keys !== undefined && (!Array.isArray(keys) || keys.some((k) => typeof k !== 'string' || !/^[0-9a-f]{16}$/.test(k)))) {
        fail(`"chosenOn"."${key}" must be a list of ${key === 'documents' ? 'document' : 'sentence'} keys (16 hexadecimal digits each), got ${show(keys)}`);
      }
    }
    chosenOn = {
      fingerprint: c.fingerprint as string, unit: c.unit as 'document' | 'sentence', planned: c.planned as number, of: c.of as number,
      ...(c.documents === undefined ? {} : { documents: [...(c.documents as string[])] }),
      ...(c.sentences === undefined ? {} : { sentences: [...(c.sentences as string[])] }),
    };
  }
  let heldOut: PlanFile['heldOut'];
  if (o.heldOut !== undefined) {
    const h = o.heldOut as Record<string, unknown>;
    const numberOrNull = (x: unknown) => x === null || typeof x === 'number';
    if (
      !isObject(o.heldOut) || !numberOrNull(h.objective) || !numberOrNull(h.sd) || typeof h.splits !== 'number' || !Number.isInteger(h.splits) || h.splits < 1
      || (h.pooled !== undefined && !numberOrNull(h.pooled))
    ) {
      fail(`"heldOut" must be {"objective": number, "sd": number or null, "splits": count, "pooled"?: number}, got ${show(o.heldOut)}`);
    }
    heldOut = {
      objective: h.objective === null ? NaN : h.objective as number, sd: h.sd as number | null, splits: h.splits as number,
      ...(h.pooled === undefined ? {} : { pooled: h.pooled === null ? NaN : h.pooled as number }),
    };
  }
  return {
    schemaVersion: 1,
    kind: 'complan-plan',
    rule: ruleText,
    ...(weights === undefined ? {} : { weights }),
    members,
    ...(tieBreak === undefined ? {} : { tieBreak }),
    ...(o.chosenBy === undefined ? {} : { chosenBy: o.chosenBy as string }),
    objective: o.objective as string,
    planning,
    systems,
    ...(types === undefined ? {} : { types }),
    ...(chosenOn === undefined ? {} : { chosenOn }),
    ...(heldOut === undefined ? {} : { heldOut }),
  };
}

/**
 * Reads and parses a plan file.
 * @throws InputError naming the file when it cannot be read or is not a valid plan.
 */
export function readPlanFile(path: string): PlanFile {
  return parsePlanFile(readSmallTextFile(path), path);
}

/**
 * An index whose member ranking follows a plan's `tieBreak` (else its member order): label ties
 * of typed rules go as they did at planning time, whatever the gold (or its absence) here.
 * Systems outside the plan rank after its members, in input order.
 */
export function withPlanRanking(index: EnsembleIndex, plan: PlanFile): EnsembleIndex {
  const names = index.corpus.systems.map((s) => s.name);
  const order = plan.tieBreak ?? plan.members;
  const ranked = [...order.map((n) => names.indexOf(n)).filter((k) => k >= 0)];
  for (let k = 0; k < names.length; k++) if (!ranked.includes(k)) ranked.push(k);
  const rank = new Int32Array(names.length);
  ranked.forEach((m, r) => { rank[m] = r; });
  return { ...index, rank };
}

/** A score as a plan file stores it: the number, or null when undefined (NaN, ±Infinity, absent). */
function finiteOrNull(x: number | null | undefined): number | null {
  return typeof x === 'number' && Number.isFinite(x) ? x : null;
}
