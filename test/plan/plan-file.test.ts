/**
 * Saved plans: built from a planner result, written with a stable key order, read back with
 * validation that names the file and what is wrong, and applied without gold exactly as planned.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRule } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex, ensembleSpans, simulate } from '../../src/ensemble/simulate.js';
import { InputError } from '../../src/errors.js';
import {
  formatPlanFile, parsePlanFile, planFileFromChoice, planFileOf, planProvenance, planRule, readPlanFile, resolvePlan, withPlanRanking, type PlanFile,
} from '../../src/plan/plan-file.js';
import type { Choice } from '../../src/plan/choice.js';
import type { CandidateScores, PlanCandidate, PlanResult } from '../../src/plan/types.js';
import { makeCorpus, span } from '../helpers/corpus.js';
import { inputError } from '../helpers/errors.js';

const scores = (f: number): CandidateScores => ({ precision: f + 0.01, recall: f - 0.01, f, ser: 1 - f, err: 1 - f, k: f, tp: 90, fp: 5, fn: 10, s: 2 });

function candidate(members: string[], rule: string, f: number): PlanCandidate {
  return {
    rank: 1, members, rule, size: members.length, cost: members.length, gain: 0.01, bestMember: members[0],
    objective: { actual: f, predicted: f - 0.01, gap: 0.01 }, actual: scores(f), predicted: scores(f - 0.01),
    predictedVia: 'exact', ties: 0, withinBudget: true, pareto: true,
  };
}

function result(candidates: PlanCandidate[]): PlanResult {
  return {
    schemaVersion: 1,
    objective: { text: 'f1', minimise: false, description: 'F1' },
    rules: ['vote'],
    search: { requested: 'auto', strategies: ['exhaustive'], guide: 'score', beam: 4, bags: 1, minSize: 1, maxSize: 3, evaluated: 7, distinct: 7, eligible: 7 },
    match: 'strict', beta: 1, kAlpha: 1,
    systems: ['a', 'b', 'c'],
    bestSingle: { name: 'a', objective: 0.8 },
    budget: null,
    candidates,
    greedyPath: [],
    rankAgreement: {
      candidates: 7, spearman: 0.9, kendall: 0.8, dMeasure: 1, topK: 3, excluded: { exact: 0, duplicates: 0 }, byRule: [],
      beatingBestSingle: { candidates: 0, spearman: null, kendall: null },
    },
    predictionQuality: { sample: { inSample: true, memberSets: 7, of: 7, sampled: false, candidates: 7, exact: 7 }, byRule: [] },
    planningData: { units: 'document', documents: 1, sentences: 4, goldItems: 3, of: 1 },
    selection: { name: 'selection', members: candidates[0]?.members ?? ['a'], rule: 'vote', size: 1, planning: { objective: 0.9, scores: scores(0.9) } },
    baselines: [],
    notes: [],
    recommendation: { procedure: 'vote-all', members: ['a', 'b', 'c'], rule: 'vote', basis: { kind: 'no-held-out' }, alpha: 0.05, heldOut: null, vsBaselines: [], tests: null },
  };
}

// Three systems at two boundaries; gold makes b the best, then a, then c.
const gold = [span(0, 1, 'PER'), span(2, 3, 'LOC'), span(4, 5, 'ORG')];
const corpus = makeCorpus(gold, [
  [span(0, 1, 'PER'), span(2, 3, 'ORG'), span(8, 9, 'ORG')],
  [span(0, 1, 'PER'), span(2, 3, 'LOC'), span(4, 5, 'ORG'), span(8, 9, 'LOC')],
  [span(0, 1, 'LOC'), span(2, 3, 'PER')],
], ['a', 'b', 'c']);
const index = buildEnsembleIndex(corpus);

const dir = mkdtempSync(join(tmpdir(), 'complan-plan-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('planFileOf and formatPlanFile', () => {
  it('writes the candidate with a stable key order and a trailing newline', () => {
    const c = candidate(['a', 'c'], 'kofn:2', 0.85);
    const plan = planFileOf(c, result([c]));
    const text = formatPlanFile(plan);
    expect(text.endsWith('}\n')).toBe(true);
    expect(Object.keys(JSON.parse(text))).toEqual(['schemaVersion', 'kind', 'rule', 'members', 'objective', 'planning', 'systems']);
    expect(JSON.parse(text)).toMatchObject({ schemaVersion: 1, kind: 'complan-plan', rule: 'kofn:2', members: ['a', 'c'], objective: 'f1', systems: ['a', 'b', 'c'] });
    expect(JSON.parse(text).planning).toEqual({ objective: 0.85, f: 0.85, precision: 0.86, recall: 0.84 });
    expect(parsePlanFile(text, 'p.json')).toEqual(plan);
    expect(formatPlanFile(parsePlanFile(text, 'p.json'))).toBe(text);
  });

  it('stores weighted plans with resolved weights and the tie-break order, in the documented key order', () => {
    const members = [0, 1, 2];
    for (const spec of ['f1', 'label-f1'] as const) {
      const rule = parseRule('weighted', { kind: spec });
      const c = candidate(['a', 'b', 'c'], 'weighted', 0.9);
      const plan = planFileOf(c, result([c]), resolvePlan(index, members, rule));
      const json = JSON.parse(formatPlanFile(plan));
      expect(Object.keys(json)).toEqual(['schemaVersion', 'kind', 'rule', 'weights', 'members', 'tieBreak', 'objective', 'planning', 'systems']);
      expect(json.tieBreak).toEqual(['b', 'a', 'c']);
      if (spec === 'f1') expect(json.weights).toEqual({ a: index.f1[0], b: index.f1[1], c: index.f1[2] });
      else {
        expect(Object.keys(json.weights.a)).toEqual(['overall', 'byLabel']);
        expect(json.weights.b.overall).toBe(index.f1[1]);
        expect(Object.keys(json.weights.b.byLabel)).toEqual(['LOC', 'ORG', 'PER']);
      }
      expect(parsePlanFile(formatPlanFile(plan), 'p.json')).toEqual(plan);
    }
  });

  it('refuses a weighted candidate without resolved weights', () => {
    const c = candidate(['a', 'b'], 'weighted', 0.9);
    expect(() => planFileOf(c, result([c]))).toThrow('a weighted plan needs its resolved weights');
  });

  it('writes undefined scores as null and reads them back as NaN', () => {
    const c = candidate(['a'], 'union', 0.5);
    c.objective.actual = NaN;
    const text = formatPlanFile(planFileOf(c, result([c])));
    expect(JSON.parse(text).planning.objective).toBeNull();
    expect(parsePlanFile(text, 'p.json').planning.objective).toBeNaN();
  });
});

describe('planFileFromChoice', () => {
  it('saves a choice (ensemble selection\'s weighted vote) with how it was chosen, and reads it back', () => {
    const choice: Choice = {
      members: ['a', 'c'], rule: { kind: 'weighted', weights: { kind: 'given', weights: new Map([['a', 2], ['c', 1]]) } }, tieBreak: ['a', 'c'],
    };
    const plan = planFileFromChoice(choice, result([]), { objective: 0.8, scores: scores(0.8) }, 'caruana');
    const text = formatPlanFile(plan);
    const json = JSON.parse(text);
    expect(Object.keys(json)).toEqual(['schemaVersion', 'kind', 'rule', 'weights', 'members', 'tieBreak', 'chosenBy', 'objective', 'planning', 'systems']);
    expect(json).toMatchObject({ rule: 'weighted', weights: { a: 2, c: 1 }, members: ['a', 'c'], tieBreak: ['a', 'c'], chosenBy: 'caruana' });
    expect(parsePlanFile(text, 'p.json')).toEqual(plan);
    // Applied, it is the weighted vote with those weights.
    const rule = planRule(plan);
    expect(rule).toEqual(choice.rule);
    // A binary rule keeps no tie-break order.
    const union = planFileFromChoice({ members: ['b'], rule: { kind: 'union' }, tieBreak: ['b'] }, result([]), { objective: 0.9, scores: scores(0.9) }, 'best-single');
    expect(Object.keys(JSON.parse(formatPlanFile(union)))).toEqual(['schemaVersion', 'kind', 'rule', 'members', 'chosenBy', 'objective', 'planning', 'systems']);
    expect(() => parsePlanFile(text.replace('"caruana"', '42'), 'p.json')).toThrow(/"chosenBy" must be text/);
  });

  it('records the entity types a plan was made on, last, and reads them back', () => {
    const choice: Choice = { members: ['a', 'c'], rule: { kind: 'majority' }, tieBreak: ['a', 'c'] };
    const plan = planFileFromChoice(choice, result([]), { objective: 0.8, scores: scores(0.8) }, 'selection', ['PER', 'ORG']);
    const text = formatPlanFile(plan);
    expect(Object.keys(JSON.parse(text))).toEqual(['schemaVersion', 'kind', 'rule', 'members', 'chosenBy', 'objective', 'planning', 'systems', 'types']);
    expect(parsePlanFile(text, 'p.json')).toEqual(plan);
    expect(plan.types).toEqual(['PER', 'ORG']);
    for (const wrong of ['[]', '"PER"', '[1]']) {
      expect(() => parsePlanFile(text.replace(/"types": \[[^\]]*\]/, `"types": ${wrong}`), 'p.json')).toThrow(/"types" must be a list of the entity types the plan was made on/);
    }
  });
});

describe('where a plan was chosen', () => {
  it('records the planning gold standard\'s fingerprint, the units that chose it and the procedure\'s held-out estimate, last, and reads them back', () => {
    const r = result([]);
    r.planningData = { units: 'document', documents: 6, sentences: 40, goldItems: 120, of: 8 };
    r.selection = { ...r.selection, heldOut: { mean: 0.91, sd: 0.02, splits: 5, pooled: 0.912, planningMean: 0.93, optimism: 0.02 } };
    const provenance = planProvenance(r, '0123456789abcdef', 'selection');
    expect(provenance).toEqual({ chosenOn: { fingerprint: '0123456789abcdef', unit: 'document', planned: 6, of: 8 }, heldOut: { objective: 0.91, sd: 0.02, splits: 5, pooled: 0.912 } });
    // The top candidate is no procedure: no held-out estimate of its own, but the selection procedure's, which chooses it, when asked for.
    expect(planProvenance(r, '0123456789abcdef', 'top')).toEqual({ chosenOn: provenance.chosenOn });
    expect(planProvenance(r, '0123456789abcdef', 'top', undefined, undefined, 'selection')).toEqual(provenance);
    const choice: Choice = { members: ['a', 'c'], rule: { kind: 'majority' }, tieBreak: ['a', 'c'] };
    const plan = planFileFromChoice(choice, r, { objective: 0.8, scores: scores(0.8) }, 'selection', ['PER'], provenance);
    const text = formatPlanFile(plan);
    expect(Object.keys(JSON.parse(text))).toEqual(['schemaVersion', 'kind', 'rule', 'members', 'chosenBy', 'objective', 'planning', 'systems', 'types', 'chosenOn', 'heldOut']);
    expect(parsePlanFile(text, 'p.json')).toEqual(plan);
    // One split has no sd: null, read back as null.
    const one = planFileFromChoice(choice, r, { objective: 0.8, scores: scores(0.8) }, 'selection', undefined, { heldOut: { objective: 0.9, sd: null, splits: 1 } });
    expect(parsePlanFile(formatPlanFile(one), 'p.json').heldOut).toEqual({ objective: 0.9, sd: null, splits: 1 });
    for (const wrong of ['"x"', '{"fingerprint": 1, "unit": "document", "planned": 1, "of": 1}', '{"fingerprint": "a", "unit": "page", "planned": 1, "of": 1}', '{"fingerprint": "a", "unit": "document", "planned": -1, "of": 1}']) {
      expect(() => parsePlanFile(text.replace(/"chosenOn": \{[^}]*\}/, `"chosenOn": ${wrong}`), 'p.json')).toThrow(/"chosenOn" must be \{"fingerprint": text/);
    }
    // The documents that chose it, by key: read back; a key that is none is refused.
    const keyed = planFileFromChoice(choice, r, { objective: 0.8, scores: scores(0.8) }, 'selection', undefined, planProvenance(r, '0123456789abcdef', 'selection', ['00112233445566ff', 'ffeeddccbbaa9988']));
    expect(parsePlanFile(formatPlanFile(keyed), 'p.json').chosenOn!.documents).toEqual(['00112233445566ff', 'ffeeddccbbaa9988']);
    expect(() => parsePlanFile(formatPlanFile(keyed).replace('00112233445566ff', 'not-a-key'), 'p.json')).toThrow(/"chosenOn"\."documents" must be a list of document keys \(16 hexadecimal digits each\)/);
    // And those of their sentences, likewise.
    const sentenced = planFileFromChoice(choice, r, { objective: 0.8, scores: scores(0.8) }, 'selection', undefined, planProvenance(r, '0123456789abcdef', 'selection', undefined, ['0011223344556677', '8899aabbccddeeff']));
    expect(parsePlanFile(formatPlanFile(sentenced), 'p.json').chosenOn!.sentences).toEqual(['0011223344556677', '8899aabbccddeeff']);
    expect(() => parsePlanFile(formatPlanFile(sentenced).replace('8899aabbccddeeff', '8899AABB'), 'p.json')).toThrow(/"chosenOn"\."sentences" must be a list of sentence keys \(16 hexadecimal digits each\)/);
    // A plan saved before pooled figures existed reads back without one.
    expect(parsePlanFile(text.replace(/,\s*"pooled": [\d.]+/, ''), 'p.json').heldOut).toEqual({ objective: 0.91, sd: 0.02, splits: 5 });
    for (const wrong of ['[]', '{"objective": "x", "sd": null, "splits": 1}', '{"objective": 0.9, "sd": null, "splits": 0}', '{"objective": 0.9, "sd": null, "splits": 2, "pooled": "x"}']) {
      expect(() => parsePlanFile(text.replace(/"heldOut": \{[^}]*\}/, `"heldOut": ${wrong}`), 'p.json')).toThrow(/"heldOut" must be \{"objective": number/);
    }
  });
});

describe('applying a saved plan', () => {
  it('simulates without gold exactly as planned with gold (weights and label ties as at planning time)', () => {
    const noGold = buildEnsembleIndex({ ...corpus, gold: { ...corpus.gold, spans: [] } }, { noGold: true });
    const keys = (ix: typeof index, r: ReturnType<typeof simulate>) => ensembleSpans(ix, r).map((s) => `${s.start}-${s.end}:${s.label}`);
    for (const [ruleText, weights] of [['vote', undefined], ['weighted', 'f1'], ['weighted', 'label-f1']] as const) {
      const rule = parseRule(ruleText, weights === undefined ? undefined : { kind: weights });
      const planned = simulate(index, [0, 1, 2], rule);
      const c = candidate(['a', 'b', 'c'], ruleText, 0.9);
      const plan = parsePlanFile(formatPlanFile(planFileOf(c, result([c]), resolvePlan(index, [0, 1, 2], rule))), 'p.json');
      const applied = simulate(withPlanRanking(noGold, plan), [0, 1, 2], planRule(plan));
      expect(keys(noGold, applied)).toEqual(keys(index, planned));
      expect(applied.ties).toBe(planned.ties);
    }
    // The vote at 2-3 is a three-way tie (ORG, LOC, PER) that b, the best member, decides;
    // without the plan's ranking, input order would give it to a's ORG.
    const vote = simulate(index, [0, 1, 2], { kind: 'vote' });
    expect(keys(index, vote)).toContain('2-3:LOC');
    expect(keys(noGold, simulate(noGold, [0, 1, 2], { kind: 'vote' }))).toContain('2-3:ORG');
  });

  it('ranks tie-break members first, then the other systems in input order', () => {
    const plan: PlanFile = { ...parsePlanFile(formatPlanFile(planFileOf(candidate(['c', 'a'], 'vote', 0.8), result([]))), 'p.json'), tieBreak: ['c', 'a'] };
    expect([...withPlanRanking(index, plan).rank]).toEqual([1, 2, 0]);
  });
});

describe('parsePlanFile errors', () => {
  const good = JSON.parse(formatPlanFile(planFileOf(candidate(['a', 'b'], 'vote', 0.9), result([])))) as Record<string, unknown>;
  const bad = (patch: Record<string, unknown>, drop: string[] = []) => {
    const o: Record<string, unknown> = { ...good, ...patch };
    for (const k of drop) delete o[k];
    return inputError(() => parsePlanFile(JSON.stringify(o, null, 2), 'plans/best.json'));
  };

  it('reports bad JSON with the file and line', () => {
    const e = inputError(() => parsePlanFile('{\n  "schemaVersion": 1,\n  "kind" "complan-plan"\n}\n', 'plans/best.json'));
    expect(e.file).toBe('plans/best.json');
    expect(e.line).toBe(3);
    expect(e.message).toBe('plans/best.json:3: expected a JSON plan (as written by complan plan --save-plan): column 10: Unexpected string');
    // A file cut short says so, on its last line, rather than what V8 makes of the cut.
    const cut = inputError(() => parsePlanFile('{\n  "schemaVersion": 1,\n  "kind": "compl', 'p.json'));
    expect(cut.message).toBe('p.json:3: expected a JSON plan (as written by complan plan --save-plan): the file ends before the plan does (at column 16; is it cut short?)');
    expect(inputError(() => parsePlanFile('{"broken\n', 'p.json')).message).toContain('the file ends before the plan does');
    expect(inputError(() => parsePlanFile('\n\n', 'p.json')).message).toBe('p.json:1: expected a JSON plan (as written by complan plan --save-plan): the file is empty');
    expect(inputError(() => parsePlanFile('', 'p.json')).message).toContain('p.json');
    expect(inputError(() => parsePlanFile('[1]', 'p.json')).message).toBe('p.json: expected a JSON object (a plan written by complan plan --save-plan), got a list');
  });

  it('names what is wrong', () => {
    const cases: Array<[Record<string, unknown>, string[], string]> = [
      [{ kind: 'complan-eval' }, [], 'not a complan plan: expected "kind": "complan-plan", got "complan-eval"'],
      [{ schemaVersion: 2 }, [], 'unsupported schemaVersion 2 (this complan reads plans of schemaVersion 1)'],
      [{}, ['members'], '"members" is missing'],
      [{ members: [] }, [], '"members" is empty'],
      [{ members: ['a', 'a'] }, [], '"members" lists "a" twice'],
      [{ members: 'a,b' }, [], '"members" must be a list of system names, got "a,b"'],
      [{ rule: 'best' }, [], '"rule": unknown rule "best" (expected union, intersection, kofn:K, majority, vote, weighted)'],
      [{ rule: 'kofn:3' }, [], '"rule" kofn:3 needs at least 3 members, the plan has 2'],
      [{ rule: 'weighted' }, [], '"weights" is missing: a weighted plan stores the weights of its members'],
      [{ rule: 'weighted', weights: { a: 1 } }, [], '"weights" gives no weight for member "b"'],
      [{ rule: 'weighted', weights: { a: 1, b: 1, z: 1 } }, [], '"weights" names "z", which is not a member (members: a, b)'],
      [{ rule: 'weighted', weights: { a: 1, b: -1 } }, [], 'the weight of "b" must be a number ≥ 0, got -1'],
      [{ rule: 'weighted', weights: { a: { overall: 1, byLabel: { PER: 'x' } }, b: { overall: 1, byLabel: {} } } }, [], 'the weight of "a" for label "PER" must be a number ≥ 0'],
      [{ rule: 'weighted', weights: { a: { overall: 1 }, b: { overall: 1, byLabel: {} } } }, [], 'the "byLabel" of "a" must be an object of weights by label, got nothing'],
      [{ rule: 'weighted', weights: { a: { overall: 'x', byLabel: {} }, b: { overall: 1, byLabel: {} } } }, [], 'the "overall" weight of "a" must be a number ≥ 0, got "x"'],
      // The member whose weight is wrong is named, not the first one.
      [{ rule: 'weighted', weights: { a: 1, b: 'x' } }, [], '"weights": the weight of "b" must be a number ≥ 0 (or, for every member, {"overall": number, "byLabel": {label: number}}), got "x"'],
      [{ rule: 'weighted', weights: { a: 1, b: null } }, [], 'the weight of "b" must be a number ≥ 0 (or, for every member, {"overall": number, "byLabel": {label: number}}), got null'],
      [{ rule: 'weighted', weights: { a: { overall: 1, byLabel: {} }, b: 0.9 } }, [], '"weights": "b" has a number, other members a table: give every member a number ≥ 0, or every member {"overall": number, "byLabel": {label: number}}'],
      [{ weights: { a: 1, b: 1 } }, [], '"weights" applies to the rule weighted, not vote'],
      [{ tieBreak: ['a'] }, [], '"tieBreak" must list the members (a, b) in some order, got a'],
      [{ planning: { objective: 'high', f: 1, precision: 1, recall: 1 } }, [], '"planning.objective" must be a number or null, got "high"'],
      [{ members: ['a', 'zz'] }, [], '"members" names "zz", not among "systems" (a, b, c)'],
      [{}, ['objective'], '"objective" must be the objective as given'],
    ];
    for (const [patch, drop, message] of cases) {
      const e = bad(patch, drop);
      expect(e.message, message).toContain(message);
      expect(e.message.startsWith('plans/best.json: ')).toBe(true);
    }
  });

  it('shows a weight too large for a double as it was read, not as null', () => {
    const text = JSON.stringify({ ...good, rule: 'weighted', weights: { a: 1, b: 7 } }).replace('"b":7', '"b":1e999');
    expect(inputError(() => parsePlanFile(text, 'p.json')).message).toBe('p.json: "weights": the weight of "b" must be a number ≥ 0, got Infinity (a number too large)');
  });

  it('refuses weights that are all 0, numbers or tables: the vote would keep nothing', () => {
    const message = '"weights": every weight is 0: a weighted vote keeps nothing; give at least one member a weight above 0';
    expect(bad({ rule: 'weighted', weights: { a: 0, b: 0 } }).message).toBe(`plans/best.json: ${message}`);
    expect(bad({ rule: 'weighted', weights: { a: { overall: 0, byLabel: { PER: 0 } }, b: { overall: 0, byLabel: {} } } }).message).toBe(`plans/best.json: ${message}`);
    expect(() => parsePlanFile(JSON.stringify({ ...good, rule: 'weighted', weights: { a: 0, b: 1e-320 } }), 'p.json')).not.toThrow();
    expect(() => parsePlanFile(JSON.stringify({ ...good, rule: 'weighted', weights: { a: { overall: 0, byLabel: { PER: 0.5 } }, b: { overall: 0, byLabel: {} } } }), 'p.json')).not.toThrow();
  });

  it('quotes names from the file escaped and shortened: no line break, escape sequence or long name reaches the terminal', () => {
    const hostile = `a\u001b[2J\nb${'x'.repeat(5000)}`;
    for (const e of [
      bad({ members: ['a', hostile] }),
      bad({ members: [hostile, hostile] }),
      bad({ rule: 'weighted', weights: { a: 1, b: 1, [hostile]: 1 } }),
      bad({ tieBreak: [hostile] }),
    ]) {
      // eslint-disable-next-line no-control-regex
      expect(e.message).not.toMatch(/[\n\u001b]/);
      expect(e.message).toContain('"a\\u001b[2J\\nbxxx');
      expect(e.message.length).toBeLessThan(300);
    }
  });

  it('reads a file and names a missing one', () => {
    const path = join(dir, 'plan.json');
    writeFileSync(path, `\uFEFF${formatPlanFile(planFileOf(candidate(['a', 'b'], 'vote', 0.9), result([])))}`);
    expect(readPlanFile(path).members).toEqual(['a', 'b']);
    const e = inputError(() => readPlanFile(join(dir, 'nope.json')));
    expect(e).toBeInstanceOf(InputError);
    expect(e.message).toBe(`${join(dir, 'nope.json')}: no such file`);
  });
});
