/**
 * What a program passes the library is checked as the command line's options are: a wrong value
 * is a UsageError naming the parameter, never a silent misreading or a crash deep inside.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareSystems } from '../../src/complementarity/matrix.js';
import { parseRule, parseWeights } from '../../src/ensemble/rules.js';
import { buildEnsembleIndex, simulate } from '../../src/ensemble/simulate.js';
import { UsageError } from '../../src/errors.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../src/formats/load.js';
import { evaluate } from '../../src/metrics/evaluate.js';
import { checkTypes, withDefaults } from '../../src/metrics/options-check.js';
import { runPlan } from '../../src/plan/plan.js';
import { parseObjective } from '../../src/plan/objective.js';
import { applyPlan, savedPlan } from '../../src/plan/plan-apply.js';
import { formatConll } from '../../src/formats/write-conll.js';
import { formatJsonl } from '../../src/formats/write-jsonl.js';
import { confusionMatrix } from '../../src/metrics/confusion.js';
import { pairwiseTests } from '../../src/metrics/pairwise-tests.js';
import { ablate } from '../../src/ablation/ablate.js';
import { ablateGroups } from '../../src/ablation/groups.js';
import { caruana } from '../../src/plan/caruana.js';
import { buildPlanData } from '../../src/plan/data.js';
import { Scorer } from '../../src/plan/scores.js';
import { htmlReport } from '../../src/report/html-report.js';
import { heatmapSvg } from '../../src/report/compare-svg.js';
import { ensembleCounts, ensembleName, ensembleOutput, ensembleSpans, resolvedWeights } from '../../src/ensemble/simulate.js';
import { prf } from '../../src/metrics/prf.js';
import { evalCsv, evalJson, evalTables } from '../../src/report/eval.js';
import { confusionCsv, confusionTables } from '../../src/report/confusion.js';
import { schemasTables } from '../../src/report/schemas.js';
import { compareCsv, compareJson, compareTables } from '../../src/report/compare.js';
import { planCsv, planJson, planJsonObject, planLatex, planMarkdown, planTable } from '../../src/report/plan.js';
import { ablateCsv, ablateJson, ablateLatex, ablateTables } from '../../src/report/ablate.js';
import { groupCsv, groupJson, groupLatex, groupTables } from '../../src/report/ablate-groups.js';

const NEWS = join(import.meta.dirname, '../../examples/news');
const corpus = loadCorpus({
  ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'),
  systems: ['crf', 'sloppy', 'cautious'].map((s) => parseSystemArg(join(NEWS, 'systems', `${s}.conll`))),
});

/**
 * The UsageError `f` throws: its parameter and message, the message after the parameter that
 * starts it (`beta: must be …`), which is checked to be there for a message made from a template
 * (UsageError.about) that does not name the parameter itself.
 */
function usage(f: () => unknown): { param: string | undefined; message: string } {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    const { param, message, template } = err as UsageError;
    if (param === undefined || template === undefined || template.startsWith(`{${param}}`)) return { param, message };
    expect(message.startsWith(`${param}: `), message).toBe(true);
    return { param, message: message.slice(param.length + 2) };
  }
  throw new Error('expected a UsageError');
}

describe('loadCorpus', () => {
  it('takes paths and no more options than it needs, as the command reads them', () => {
    const short = loadCorpus({ gold: join(NEWS, 'gold.conll'), systems: ['crf', 'sloppy', 'cautious'].map((s) => join(NEWS, 'systems', `${s}.conll`)) });
    expect(short.systems.map((s) => [s.name, s.spans.length])).toEqual(corpus.systems.map((s) => [s.name, s.spans.length]));
    expect(usage(() => loadCorpus({ gold: join(NEWS, 'gold.conll'), systems: [42 as never] }))).toEqual({ param: 'systems', message: 'each system is a path or {name, path}, got 42' });
  });

  it('parseSystemArg and parseObjective refuse what is not text, naming the parameter, not with a TypeError', () => {
    expect(usage(() => parseSystemArg(3 as never))).toEqual({ param: 'systems', message: 'each system is a path or name=path, got 3' });
    expect(usage(() => parseObjective(3 as never))).toEqual({ param: 'objective', message: "expects its text ('f1', 'min:ser', an expression), got 3" });
    expect(parseSystemArg('a=b.conll')).toEqual({ name: 'a', path: 'b.conll' });
  });

  it('refuses an onRead or onBytes that is no function before reading, naming it, not as a TypeError once a file is read', () => {
    for (const key of ['onRead', 'onBytes']) {
      expect(usage(() => loadCorpus({ gold: join(NEWS, 'gold.conll'), systems: [join(NEWS, 'systems', 'crf.conll')], [key]: 3 })), key).toEqual({ param: key, message: 'expects a function, got 3' });
    }
    const read: string[] = [];
    loadCorpus({ gold: join(NEWS, 'gold.conll'), systems: [join(NEWS, 'systems', 'crf.conll')], onRead: (p) => void read.push(p.path) });
    expect(read).toHaveLength(2);
  });

  it('refuses a format, scheme or repair no reader knows, a column that is none, flags that are not booleans, before reading', () => {
    const gold = join(NEWS, 'gold.conll');
    const systems = [join(NEWS, 'systems', 'crf.conll')];
    const cases: Array<[object, string, string]> = [
      [{ inputFormat: 'bogus' }, 'inputFormat', 'must be one of auto, conll, jsonl, brat, got "bogus"'],
      [{ scheme: 'bio' }, 'scheme', 'must be one of auto, iob1, iob2, ioe1, ioe2, iobes, bilou, io, got "bio"'],
      [{ invalid: 'fix' }, 'invalid', 'must be one of repair, drop, reject, got "fix"'],
      [{ goldColumn: -1 }, 'goldColumn', 'expects an integer ≥ 0, got -1'],
      [{ predColumn: 1.5 }, 'predColumn', 'expects an integer ≥ 0, got 1.5'],
      [{ strictScheme: 'yes' }, 'strictScheme', 'must be true or false, got "yes"'],
      [{ keepTokens: 0 }, 'keepTokens', 'must be true or false, got 0'],
      [{ labels: 'O,B-PER' }, 'labels', 'expects a list of label names (strings), got "O,B-PER"'],
      [{ systems: join(NEWS, 'systems', 'crf.conll') }, 'systems', `expects a list of paths or {name, path}, got ${JSON.stringify(join(NEWS, 'systems', 'crf.conll'))}`],
      [{ systems: [{ name: '', path: 'x.conll' }] }, 'systems', 'a system\'s name and path cannot be empty, got {"name":"","path":"x.conll"}'],
    ];
    for (const [given, param, message] of cases) expect(usage(() => loadCorpus({ gold, systems, ...given } as never)), JSON.stringify(given)).toEqual({ param, message });
    // 0, a column's default, is taken.
    expect(loadCorpus({ gold, systems, predColumn: 0, goldColumn: 0 }).systems[0].spans.length).toBe(corpus.systems.find((s) => s.name === 'crf')!.spans.length);
  });
});

describe('withDefaults', () => {
  it('keeps a default where the option is absent or undefined, and takes every defined value', () => {
    expect(withDefaults({ a: 1, b: 'x' }, { a: undefined, b: 'y' }, ['a', 'b'])).toEqual({ a: 1, b: 'y' });
    expect(withDefaults({ a: 1 }, undefined, ['a'])).toEqual({ a: 1 });
    expect(withDefaults({ a: 1 }, { a: 0 }, ['a'])).toEqual({ a: 0 });
  });

  it('takes an optional key the defaults leave out, and refuses a key the list does not name, undefined or not', () => {
    const defaults: { a: number; b?: string } = { a: 1 };
    expect(withDefaults(defaults, { b: 'y' }, ['a', 'b'])).toEqual({ a: 1, b: 'y' });
    expect(usage(() => withDefaults(defaults, { a: 2, B: undefined } as object, ['a', 'b']))).toEqual({
      param: 'options', message: 'unknown option "B" (did you mean "b"?); known options: a, b',
    });
  });
});

describe('evaluate', () => {
  const f = (options: object) => evaluate(corpus, options).systems.map((s) => s.f);

  it('scores strict when match is undefined, as when it is absent', () => {
    expect(f({ match: undefined, beta: undefined })).toEqual(f({}));
    expect(f({ match: undefined })).toEqual(f({ match: 'strict' }));
    expect(f({ match: 'boundary' })).not.toEqual(f({}));
  });

  it('rejects an unknown match, zeroDivision, and a beta or kAlpha that is not above 0, naming the parameter', () => {
    expect(usage(() => evaluate(corpus, { match: 'fuzzy' as never }))).toEqual({ param: 'match', message: 'must be one of strict, boundary, overlap, got "fuzzy"' });
    expect(usage(() => evaluate(corpus, { zeroDivision: 'bogus' as never })).param).toBe('zeroDivision');
    expect(usage(() => evaluate(corpus, { beta: -1 }))).toEqual({ param: 'beta', message: 'must be a finite number above 0, got -1' });
    expect(usage(() => evaluate(corpus, { kAlpha: 0 })).param).toBe('kAlpha');
  });

  it('rejects serWeights, schemas or a labelDistance that are none, naming each, rather than a RangeError without it or a truthy string taken as true', () => {
    for (const w of [3, { s: 1 }, { s: 1, d: 1, i: -1 }, { s: '1', d: 1, i: 1 }, null]) {
      expect(usage(() => evaluate(corpus, { serWeights: w as never })), JSON.stringify(w)).toMatchObject({ param: 'serWeights', message: expect.stringMatching(/^expects \{s, d, i\}, each a finite number ≥ 0 \(as parseSerWeights gives them\), got /) });
    }
    expect(usage(() => evaluate(corpus, { schemas: 'yes' as never }))).toEqual({ param: 'schemas', message: 'must be true or false, got "yes"' });
    expect(usage(() => evaluate(corpus, { labelDistance: { LOC: 1 } as never })).param).toBe('labelDistance');
    const weighted = evaluate(corpus, { serWeights: { s: 0.5, d: 1, i: 1 }, schemas: true }).systems.find((x) => x.s > 0)!;
    expect(weighted.weightedSer).toBeLessThan(weighted.ser);
    expect(weighted.schemas).toBeDefined();
  });

  it('rejects types of which no input has an item, as the command does, and takes one the gold or a system has', () => {
    expect(usage(() => evaluate(corpus, { types: ['LOCX'] }))).toEqual({ param: 'types', message: 'LOCX: no input has an item of this type; the gold standard\'s types are LOC, MISC, ORG, PER; did you mean LOC?' });
    expect(usage(() => evaluate(corpus, { types: ['loc', 'per'] })).message).toMatch(/^loc,per: no input has an item of these types/);
    expect(evaluate(corpus, { types: ['LOC', 'LOCX'] }).systems[0].tp).toBeGreaterThan(0);
    // A type only a system predicts: its items are false positives, scored as such.
    const drug = { ...corpus, systems: [{ ...corpus.systems[0], spans: [...corpus.systems[0].spans, { ...corpus.systems[0].spans[0], label: 'DRUG' }] }] };
    expect(evaluate(drug, { types: ['DRUG'] }).systems[0]).toMatchObject({ tp: 0, fp: 1, fn: 0, precision: 0 });
  });
});

describe('compareSystems', () => {
  it('takes partial options with defaults, and checks them as evaluate does', () => {
    const strict = compareSystems(corpus, {}).pairs;
    expect(compareSystems(corpus, { beta: 1, match: undefined }).pairs).toEqual(strict);
    expect(compareSystems(corpus, { match: 'boundary' }).pairs).not.toEqual(strict);
    expect(usage(() => compareSystems(corpus, { match: 'overlap' as never })).message).toBe('must be one of strict, boundary, got "overlap"');
    expect(usage(() => compareSystems(corpus, { types: ['LOCX'] })).param).toBe('types');
  });
});

describe('ensembles', () => {
  it('reject types of which the gold standard has no item, unknown rules and weights, and members that are no system', () => {
    expect(usage(() => buildEnsembleIndex(corpus, { types: ['LOCX'] })).param).toBe('types');
    // A plan or a comparison needs a type the gold has, as the command does: a type only a system
    // predicts would leave nothing to find, and every candidate would read as perfect.
    const drug = { ...corpus, systems: [{ ...corpus.systems[0], spans: [...corpus.systems[0].spans, { ...corpus.systems[0].spans[0], label: 'DRUG' }] }, ...corpus.systems.slice(1)] };
    expect(usage(() => buildEnsembleIndex(drug, { types: ['DRUG'] }))).toEqual({ param: 'types', message: 'types DRUG: the gold standard has no item of this type; its types are LOC, MISC, ORG, PER' });
    expect(usage(() => compareSystems(drug, { types: ['DRUG'] })).param).toBe('types');
    expect(usage(() => evaluate(corpus, { types: [] }))).toEqual({ param: 'types', message: 'must name at least one entity type (leave it out for every type)' });
    // Rules by name from plain JavaScript; an unknown one is refused, naming the option.
    expect(runPlan(corpus, { rules: ['vote', 'kofn:2'] as never, folds: 0 }).result.rules).toEqual(['vote', 'kofn:2']);
    expect(usage(() => runPlan(corpus, { rules: ['bogus'] as never, folds: 0 }))).toMatchObject({ param: 'rules', message: expect.stringMatching(/^unknown rule "bogus"/) });
    expect(usage(() => runPlan(corpus, { rules: [{ kind: 'maj' }] as never, folds: 0 }))).toMatchObject({ param: 'rules' });
    expect(usage(() => parseRule('maj'))).toEqual({ param: 'rule', message: 'unknown rule "maj" (expected union, intersection, kofn:K, majority, vote, weighted)' });
    expect(usage(() => parseRule('kofn:0')).param).toBe('rule');
    expect(usage(() => parseWeights('crf=-1')).param).toBe('weights');
    const index = buildEnsembleIndex(corpus);
    expect(usage(() => simulate(index, [5], parseRule('union')))).toEqual({ param: 'members', message: 'no system 5: members are system indices, 0 to 2' });
    expect(usage(() => simulate(index, [], parseRule('union'))).param).toBe('members');
    expect(usage(() => simulate(index, [0, 1], parseRule('kofn:3'))).param).toBe('rule');
    // A rule that is none is refused, not read as a vote.
    expect(usage(() => simulate(index, [0, 1], { kind: 'bogus' } as never))).toMatchObject({ param: 'rule', message: expect.stringMatching(/^expects a rule as parseRule gives it .*, got \{"kind":"bogus"\}$/) });
    expect(usage(() => simulate(index, [0, 1], { kind: 'kofn', k: 0 } as never)).param).toBe('rule');
    expect(usage(() => simulate(index, [0, 1], { kind: 'weighted' } as never)).message).toMatch(/^weighted expects weights of kind f1, label-f1, given, table/);
  });
});

describe('plan', () => {
  it('refuses a beta, seed or objective that is none, naming it, and takes an objective as text', () => {
    expect(usage(() => runPlan(corpus, { beta: -1, folds: 0 }))).toEqual({ param: 'beta', message: 'must be a finite number above 0, got -1' });
    for (const seed of ['x', Number.NaN, 1.5, 2 ** 40, -1]) {
      expect(usage(() => runPlan(corpus, { seed: seed as never, folds: 0 })), String(seed)).toMatchObject({ param: 'seed', message: expect.stringMatching(/^expects an integer from 0 to 4,294,967,295, got /) });
    }
    expect(usage(() => runPlan(corpus, { objective: 42 as never, folds: 0 })).param).toBe('objective');
    // An expression that does not parse is about the objective too, its message pointing at the column.
    expect(usage(() => runPlan(corpus, { objective: 'f1 +', folds: 0 }))).toMatchObject({ param: 'objective', message: expect.stringMatching(/^objective "f1 \+": .* at column \d+\n/) });
    const ser = runPlan(corpus, { objective: 'min:ser', folds: 0 }).result;
    expect(ser.objective.text).toBe('min:ser');
    expect(ser.candidates[0].members).toEqual(runPlan(corpus, { objective: parseObjective('min:ser'), folds: 0 }).result.candidates[0].members);
  });

  it('refuses a search, guide, beam or bootstrap that is none, naming it, as the command does', () => {
    expect(usage(() => runPlan(corpus, { search: 'x' as never, folds: 0 }))).toEqual({ param: 'search', message: 'must be one of exhaustive, greedy, beam, guided, auto, caruana, got "x"' });
    expect(usage(() => runPlan(corpus, { guide: 'x' as never, folds: 0 }))).toEqual({ param: 'guide', message: 'must be one of score, comp, got "x"' });
    for (const beam of [0, -3, 2.5, 'wide']) {
      expect(usage(() => runPlan(corpus, { search: 'beam', beam: beam as never, folds: 0 })), String(beam)).toMatchObject({ param: 'beam', message: expect.stringMatching(/^expects a positive integer, got /) });
    }
    for (const bootstrap of [-1, 2.5, 'many']) {
      expect(usage(() => runPlan(corpus, { bootstrap: bootstrap as never, folds: 0 })), String(bootstrap)).toMatchObject({ param: 'bootstrap', message: expect.stringMatching(/^expects the resamples of the re-selecting bootstrap, an integer from 0 \(none\), got /) });
    }
    // Resamples within the command's limit, refused before any work (a count above it would run for hours).
    for (const samples of [0, 2.5, 10_000_001, 1e8]) {
      expect(usage(() => runPlan(corpus, { samples, folds: 0 })), String(samples)).toMatchObject({ param: 'samples', message: expect.stringMatching(/^expects an integer from 1 to 10,000,000, got /) });
    }
    expect(runPlan(corpus, { search: 'beam', beam: 2, folds: 0 }).result.search).toMatchObject({ requested: 'beam', beam: 2 });
  });

  it('takes one rule by name as a list of it, and costs as a Map or a plain object, as their declared types say (this file type-checks without casts); refuses costs that are none', () => {
    expect(runPlan(corpus, { rules: 'vote', folds: 0 }).result.rules).toEqual(['vote']);
    const byMap = runPlan(corpus, { costs: new Map([['crf', 3]]), folds: 0 }).result;
    const byObject = runPlan(corpus, { costs: { crf: 3 }, folds: 0 }).result;
    expect(byObject.candidates.map((c) => [c.members, c.cost])).toEqual(byMap.candidates.map((c) => [c.members, c.cost]));
    expect(byMap.candidates.find((c) => c.members.length === 1 && c.members[0] === 'crf')?.cost ?? 3).toBe(3);
    expect(usage(() => runPlan(corpus, { rules: 42 as never, folds: 0 })).param).toBe('rules');
    expect(usage(() => runPlan(corpus, { costs: [['crf', 1]] as never, folds: 0 })).param).toBe('cost');
    expect(usage(() => runPlan(corpus, { costs: { crf: -1 }, folds: 0 }))).toEqual({ param: 'cost', message: 'the cost of "crf" must be a finite number ≥ 0, got -1' });
    expect(usage(() => runPlan(corpus, { costs: { nobody: 1 }, folds: 0 })).param).toBe('cost');
  });

  it('refuses a test set, explain, alpha, planUnits or onProgress that is none before any search, naming it, not as a TypeError after the work', () => {
    let progressed = 0;
    const onProgress = () => void progressed++;
    const before = (f: () => unknown) => {
      const u = usage(f);
      expect(progressed, u.message).toBe(0);
      return u;
    };
    expect(before(() => runPlan(corpus, { test: 'test.conll' as never, onProgress }))).toEqual({ param: 'test', message: 'expects a corpus as loadCorpus gives it (gold, systems, each with spans), got "test.conll"' });
    expect(before(() => runPlan(corpus, { explain: 'all' as never, onProgress }))).toEqual({ param: 'explain', message: 'expects \'listed\' or a list of ranks (from 1), got "all"' });
    expect(before(() => runPlan(corpus, { explain: [1.5], onProgress })).param).toBe('explain');
    for (const alpha of [2, 0, '0.5']) {
      expect(before(() => runPlan(corpus, { alpha: alpha as never, onProgress })), String(alpha)).toMatchObject({ param: 'alpha', message: expect.stringMatching(/^expects a level between 0 and 1, got /) });
    }
    expect(before(() => runPlan(corpus, { planUnits: 3 as never, onProgress }))).toEqual({ param: 'planUnits', message: 'expects a list of unit numbers, got 3' });
    expect(usage(() => runPlan(corpus, { planUnits: [0, 99], folds: 0 }))).toEqual({ param: 'planUnits', message: 'expects document numbers from 0 to 7, got 99' });
    expect(usage(() => runPlan(corpus, { onProgress: 1 as never }))).toEqual({ param: 'onProgress', message: 'expects a function, got 1' });
    // A right one of each is taken.
    const test = runPlan(corpus, { test: corpus, explain: [1], alpha: 0.1, planUnits: [0, 1, 2, 3, 4, 5], onProgress, top: 1 }).result;
    expect(progressed).toBeGreaterThan(0);
    expect([test.explanations?.length, test.recommendation.alpha, test.planningData.documents, test.testSet?.documents]).toEqual([1, 0.1, 6, 8]);
  });

  it('shows a size, count or fold given as text as text, and never reads it as a number', () => {
    for (const [param, value] of [['minSize', '2'], ['maxSize', '2'], ['top', '3'], ['bags', '2'], ['threads', '2'], ['repeats', '2'], ['guidedBudget', '9']] as const) {
      expect(usage(() => runPlan(corpus, { [param]: value, folds: param === 'repeats' ? 2 : 0 } as never)), param).toEqual({ param, message: `expects ${param === 'threads' ? 'an integer from 1 to 64' : 'a positive integer'}, got "${value}"` });
    }
    expect(usage(() => runPlan(corpus, { folds: '3' as never }))).toEqual({ param: 'folds', message: 'must be 0 (no held-out estimate) or an integer of at least 2, got "3"' });
  });

  it('refuses a listed candidate the plan does not list', () => {
    const run = runPlan(corpus, { folds: 0, top: 2 });
    for (const choice of [0, 3, 1.5]) expect(usage(() => savedPlan(corpus, run, { choice })), String(choice)).toEqual({ param: 'choice', message: `${choice}: the plan lists candidates 1 to 2` });
    expect(savedPlan(corpus, run, { choice: 2 }).members.length).toBeGreaterThan(0);
    // Types that leave nothing to find, as the plan refuses them; a type the gold has is recorded.
    expect(usage(() => savedPlan(corpus, run, { types: ['LOCX'] })).param).toBe('types');
    expect(usage(() => savedPlan(corpus, run, { types: 'LOC' as never })).param).toBe('types');
    expect(savedPlan(corpus, runPlan(corpus, { folds: 0, types: ['LOC'] }), { types: ['LOC'] }).types).toEqual(['LOC']);
  });

  it('savedPlan takes the run runPlan gives, and says so of plan\'s result or anything else, not as a TypeError', () => {
    const run = runPlan(corpus, { folds: 0, top: 2 });
    expect(usage(() => savedPlan(corpus, run.result as never))).toEqual({ param: 'run', message: 'expects a run as runPlan gives it, got a plan result (what plan gives): call runPlan, whose run holds the choices a saved plan is made of, and pass the run' });
    expect(usage(() => savedPlan(corpus, {} as never))).toEqual({ param: 'run', message: 'expects a run as runPlan gives it, got {}' });
    expect(usage(() => savedPlan(undefined as never, run)).param).toBe('corpus');
    expect(usage(() => savedPlan(corpus, run, 2 as never))).toEqual({ param: undefined, message: 'options must be an object, got number' });
  });
});

describe('tests and ablations', () => {
  const options = { match: 'strict', beta: 1, zeroDivision: 'gerbil', samples: 50, seed: 1 } as const;

  it('pairwiseTests refuses an unknown match (it scored boundary) and out-of-range resamples, seed and confidence', () => {
    expect(pairwiseTests(corpus, options).pairs.length).toBe(3);
    // Options left out or undefined keep their defaults (strict, F1, gerbil, seed 1).
    expect(pairwiseTests(corpus, { samples: 50 })).toEqual(pairwiseTests(corpus, options));
    expect(pairwiseTests(corpus, { samples: 50, match: undefined })).toEqual(pairwiseTests(corpus, options));
    expect(usage(() => pairwiseTests(corpus, { ...options, match: 'bogus' as never })).param).toBe('match');
    expect(usage(() => pairwiseTests(corpus, { ...options, samples: 0 }))).toEqual({ param: 'samples', message: 'expects an integer from 1 to 10,000,000, got 0' });
    expect(usage(() => pairwiseTests(corpus, { ...options, seed: -1 })).param).toBe('seed');
    expect(usage(() => pairwiseTests(corpus, { ...options, confidence: 1 }))).toEqual({ param: 'confidence', message: 'expects a level between 0 and 1, got 1' });
    expect(usage(() => pairwiseTests(corpus, { ...options, zeroDivision: 'x' as never })).param).toBe('zeroDivision');
  });

  it('ablate and ablateGroups name the run or group that is none, and check their resampling options', () => {
    expect(usage(() => ablate(corpus, 'nobody'))).toEqual({ param: 'baseline', message: 'no system named "nobody" (systems: cautious, crf, sloppy)' });
    expect(usage(() => ablate(corpus, 'crf', { match: 'overlap' as never })).param).toBe('match');
    const groups = [{ name: 'g', runs: ['crf', 'nobody'] }, { name: 'h', runs: ['sloppy'] }];
    expect(usage(() => ablateGroups(corpus, groups, 'h')).param).toBe('groups');
    expect(usage(() => ablateGroups(corpus, [{ name: 'g', runs: ['crf'] }, { name: 'h', runs: ['sloppy'] }], 'x'))).toEqual({ param: 'baseline', message: 'no group named "x" (groups: g, h)' });
    expect(usage(() => ablateGroups(corpus, [{ name: 'g', runs: ['crf'] }, { name: 'h', runs: ['sloppy'] }], 'g', { samples: 0 })).param).toBe('samples');
    expect(usage(() => ablateGroups(corpus, [{ name: 'g', runs: 'crf' } as never], 'g')).param).toBe('groups');
  });

  it('ablate and ablateGroups refuse thresholds that are no fractions, examples below 0, and paired one-run groups, as the command does', () => {
    for (const sameF of [-1, 5, Number.NaN, '0.1']) {
      expect(usage(() => ablate(corpus, 'crf', { sameF: sameF as never })), String(sameF)).toMatchObject({ param: 'sameF', message: expect.stringMatching(/^expects a fraction from 0 to 1 \(0\.005 = half a point\), got /) });
    }
    expect(usage(() => ablate(corpus, 'crf', { different: -1 })).param).toBe('different');
    expect(usage(() => ablate(corpus, 'crf', { examples: -1 }))).toEqual({ param: 'examples', message: 'expects a number of items from 0, got -1' });
    expect(usage(() => ablate(corpus, 'crf', { examples: 1.5 })).param).toBe('examples');
    const ones = [{ name: 'g', runs: ['crf'] }, { name: 'h', runs: ['sloppy'] }];
    expect(usage(() => ablateGroups(corpus, ones, 'g', { sameF: -1 })).param).toBe('sameF');
    expect(usage(() => ablateGroups(corpus, ones, 'g', { paired: true }))).toEqual({ param: 'paired', message: 'pairs the runs of groups by position, but every group here is one run: leave it out' });
    // In range, they are taken.
    expect(ablate(corpus, 'crf', { sameF: 0, different: 1, examples: 0 }).variants).toHaveLength(2);
  });
});

describe('caruana', () => {
  it('takes an objective as parseObjective gives it, as the planner\'s scorer, and refuses what is none', () => {
    const data = buildPlanData(buildEnsembleIndex(corpus));
    const viaObjective = caruana(data, parseObjective('f1'));
    const viaScorer = caruana(data, new Scorer(parseObjective('f1'), { beta: 1, kAlpha: 1, zeroDivision: 'gerbil' }, new Float64Array(data.n).fill(1)));
    expect(Array.from(viaObjective.weights)).toEqual(Array.from(viaScorer.weights));
    expect(viaObjective.value).toBe(viaScorer.value);
    expect(usage(() => caruana(data, 'f1' as never)).param).toBe('objective');
    expect(usage(() => caruana(data, parseObjective('f1'), { bags: 0 }))).toEqual({ param: 'bags', message: 'expects an integer ≥ 1, got 0' });
  });
});

describe('reports', () => {
  it('htmlReport takes no options (the plan\'s defaults), and heatmapSvg refuses a metric that is none', () => {
    expect(htmlReport(corpus, { plan: { folds: 0 } })).toMatch(/^<!DOCTYPE html>/i);
    expect(usage(() => heatmapSvg(compareSystems(corpus, {}), 'bogus' as never))).toEqual({ param: 'metric', message: 'must be one of pComp, rComp, fComp, fBetaComp, comp, kappa, jaccard, got "bogus"' });
  });
});

describe('checkTypes', () => {
  it('accepts no list and any list against a gold standard without items; rejects what is not a list of strings', () => {
    expect(() => checkTypes(undefined, [])).not.toThrow();
    expect(() => checkTypes(['X'], [])).not.toThrow();
    expect(usage(() => checkTypes('LOC', [])).message).toBe('must be a list of entity types (strings), got "LOC"');
  });

  it('names the type meant when one asked for is a gold type but for case or one letter, and says types are case-sensitive when case is all', () => {
    const gold = corpus.gold.spans;
    expect(usage(() => checkTypes(['loc'], gold)).message).toBe('loc: no input has an item of this type; the gold standard\'s types are LOC, MISC, ORG, PER; did you mean LOC? (types are case-sensitive)');
    expect(usage(() => checkTypes(['PRE', 'Misc'], gold)).message).toBe('PRE,Misc: no input has an item of these types; the gold standard\'s types are LOC, MISC, ORG, PER; did you mean PER,MISC? (types are case-sensitive)');
    expect(usage(() => checkTypes(['PRE'], gold)).message).toBe('PRE: no input has an item of this type; the gold standard\'s types are LOC, MISC, ORG, PER; did you mean PER?');
    // Two letters off is another type, not a slip.
    expect(usage(() => checkTypes(['DATE'], gold)).message).toBe('DATE: no input has an item of this type; the gold standard\'s types are LOC, MISC, ORG, PER');
    expect(usage(() => buildEnsembleIndex(corpus, { types: ['org'] })).message).toBe('types org: the gold standard has no item of this type; its types are LOC, MISC, ORG, PER; did you mean ORG? (types are case-sensitive)');
  });
});

describe('the corpus argument', () => {
  it('is checked at each entry point: a missing or wrong one is a usage error about corpus, not a TypeError inside', () => {
    const calls: Array<[string, (c: never) => unknown]> = [
      ['evaluate', (c) => evaluate(c)], ['compareSystems', (c) => compareSystems(c)], ['buildEnsembleIndex', (c) => buildEnsembleIndex(c)],
      ['runPlan', (c) => runPlan(c)], ['pairwiseTests', (c) => pairwiseTests(c)], ['ablate', (c) => ablate(c, 'crf')],
      ['ablateGroups', (c) => ablateGroups(c, [], 'a')], ['htmlReport', (c) => htmlReport(c)],
      ['applyPlan', (c) => applyPlan(c, savedPlan(corpus, runPlan(corpus, { search: 'greedy', folds: 0 })))],
      ['formatConll', (c) => formatConll(c, [])], ['formatJsonl', (c) => formatJsonl(c, [])],
    ];
    for (const [name, call] of calls) {
      for (const wrong of [undefined, null, 42, {}, { gold: {}, systems: [] }, { gold: { spans: [] }, systems: [{}] }]) {
        const u = usage(() => call(wrong as never));
        expect(u.param, `${name} ${JSON.stringify(wrong)}`).toBe('corpus');
        expect(u.message).toMatch(/^expects a corpus as loadCorpus gives it \(gold, systems, each with spans\), got /);
      }
    }
  });
});

describe('the other arguments of the writers, plans and confusion matrices', () => {
  const spans = corpus.systems[0].spans;
  it('are checked: a plan that is not one, spans that are not a list of spans, are usage errors naming the argument', () => {
    for (const wrong of [null, {}, { kind: 'complan-plan', rule: 'vote' }, { kind: 'complan-plan', rule: 'vote', members: [1] }]) {
      const u = usage(() => applyPlan(corpus, wrong as never));
      expect(u.param).toBe('plan');
      expect(u.message).toBe(`expects a plan as readPlanFile or planFileOf gives it (kind "complan-plan", a rule, member names), got ${JSON.stringify(wrong)}`);
    }
    const calls: Array<[string, (s: never) => unknown]> = [
      ['spans', (s) => formatConll(corpus, s)], ['spans', (s) => formatJsonl(corpus, s)],
      ['gold', (s) => confusionMatrix(s, spans)], ['predicted', (s) => confusionMatrix(spans, s)],
    ];
    for (const [param, call] of calls) {
      expect(usage(() => call('x' as never))).toEqual({ param, message: 'expects a list of spans (objects with doc, start, end and label), got "x"' });
      expect(usage(() => call([spans[0], { start: 0, end: 1 }] as never))).toEqual({ param, message: 'expects a list of spans (objects with doc, start, end and label), but item 2 is {"start":0,"end":1}' });
    }
    expect(usage(() => formatConll(corpus, spans, 'iobes' as never))).toEqual({ param: undefined, message: 'options must be an object, got string' });
    // Its options are checked as the command's choices are: none is read as another, or written as given.
    expect(usage(() => formatConll(corpus, spans, { scheme: 'bio' as never }))).toEqual({ param: 'scheme', message: 'must be one of iob2, iobes, got "bio"' });
    expect(usage(() => formatConll(corpus, spans, { resolveOverlaps: 'longst' as never }))).toEqual({ param: 'resolveOverlaps', message: 'must be one of error, longest, first, got "longst"' });
    expect(usage(() => formatConll(corpus, spans, { separator: ',' as never }))).toEqual({ param: 'separator', message: 'must be " " (a space) or "\\t" (a tab), got ","' });
    expect(usage(() => formatConll(corpus, spans, { gold: 'x' as never }))).toEqual({ param: 'gold', message: 'expects a list of spans (objects with doc, start, end and label), got "x"' });
  });

  it('take what they are given when it is right', () => {
    const applied = applyPlan(corpus, savedPlan(corpus, runPlan(corpus, { search: 'greedy', folds: 0 })));
    expect(applied.spans.length).toBeGreaterThan(0);
    expect([...formatConll(corpus, spans).chunks].join('').split('\n').length).toBeGreaterThan(corpus.sentences.length);
    expect(confusionMatrix(corpus.gold.spans, spans).types).toContain('PER');
  });
});

describe('the ensemble index and result', () => {
  const index = buildEnsembleIndex(corpus);
  const result = simulate(index, [0, 1], parseRule('union'));
  it('are checked: what simulate did not make, or made on another index, is a usage error naming the argument', () => {
    const calls: Array<[string, (i: never) => unknown]> = [
      ['simulate', (i) => simulate(i, [0], parseRule('union'))], ['resolvedWeights', (i) => resolvedWeights(i, [0], parseRule('vote'))],
      ['ensembleSpans', (i) => ensembleSpans(i, result)], ['ensembleName', (i) => ensembleName(i, result)],
      ['ensembleOutput', (i) => ensembleOutput(i, result)], ['ensembleCounts', (i) => ensembleCounts(i, result)],
    ];
    for (const [name, call] of calls) {
      for (const wrong of [undefined, null, corpus, { memberItems: [] }]) {
        expect(usage(() => call(wrong as never)), `${name} ${String(wrong)}`).toMatchObject({ param: 'index', message: expect.stringMatching(/^expects an ensemble index as buildEnsembleIndex gives it, got /) });
      }
    }
    for (const call of [ensembleSpans, ensembleName, ensembleOutput, ensembleCounts] as Array<(i: typeof index, r: never) => unknown>) {
      for (const wrong of [undefined, {}, { ...result, items: [1, 2] }, { ...result, members: [7] }]) {
        expect(usage(() => call(index, wrong as never)).message).toMatch(/^expects an ensemble as simulate gives it \(rule, members, items\), got /);
      }
    }
    // A result from another corpus's index: its bits number other items.
    const other = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems: ['crf', 'gazetteer'].map((s) => parseSystemArg(join(NEWS, 'systems', `${s}.conll`))) });
    const foreign = simulate(buildEnsembleIndex(other), [0, 1], parseRule('union'));
    expect(usage(() => ensembleCounts(index, foreign)).message).toBe(`is an ensemble of another index: its items are ${foreign.items.size} bits, this index's universe ${index.universe.gold.size} items`);
    expect(foreign.items.size).not.toBe(index.universe.gold.size);
  });

  it('take what simulate gives', () => {
    const counts = ensembleCounts(index, result);
    expect(counts.tp + counts.fp).toBe(ensembleSpans(index, result).length);
    expect(ensembleName(index, result)).toBe('union(cautious+crf)');
    expect(ensembleOutput(index, result).spans.length).toBe(counts.tp + counts.fp);
  });
});

describe('prf', () => {
  it('refuses counts that are no object, and shows a count given as a string as one', () => {
    for (const wrong of [undefined, null, 3]) expect(() => prf(wrong as never)).toThrow(`counts must be an object {tp, fp, fn}, got ${wrong === undefined ? 'undefined' : String(wrong)}`);
    expect(() => prf({ tp: '1', fp: 0, fn: 0 } as never)).toThrow('tp must be a finite non-negative number, got "1"');
    expect(() => prf({ tp: Number.NaN, fp: 0, fn: 0 })).toThrow('tp must be a finite non-negative number, got NaN');
  });
});

describe('the renderers', () => {
  const report = evaluate(corpus);
  const comparison = compareSystems(corpus);
  const plan = runPlan(corpus, { search: 'greedy', folds: 0 }).result;
  const ablation = ablate(corpus, 'crf');
  const groups = ablateGroups(corpus, [{ name: 'base', runs: ['crf'] }, { name: 'other', runs: ['sloppy', 'cautious'] }], 'base');
  const renderers: Array<[string, (r: never) => unknown, unknown, RegExp]> = [
    ['evalJson', evalJson, report, /an eval report as evaluate gives it/], ['evalTables', evalTables, report, /an eval report/], ['evalCsv', evalCsv, report, /an eval report/],
    ['confusionTables', confusionTables, report, /an eval report/], ['confusionCsv', confusionCsv, report, /an eval report/], ['schemasTables', schemasTables, report, /an eval report/],
    ['compareJson', compareJson, comparison, /a comparison as compareSystems gives it/], ['compareTables', compareTables, comparison, /a comparison/], ['compareCsv', compareCsv, comparison, /a comparison/],
    ['planJsonObject', planJsonObject, plan, /a plan as runPlan gives it/], ['planJson', planJson, plan, /a plan/], ['planCsv', planCsv, plan, /a plan/],
    ['planTable', planTable, plan, /a plan/], ['planMarkdown', planMarkdown, plan, /a plan/], ['planLatex', planLatex, plan, /a plan/],
    ['ablateJson', ablateJson, ablation, /an ablation as ablate gives it/], ['ablateTables', ablateTables, ablation, /an ablation/], ['ablateCsv', ablateCsv, ablation, /an ablation/], ['ablateLatex', ablateLatex, ablation, /an ablation/],
    ['groupJson', groupJson, groups, /groups of runs as ablateGroups gives it/], ['groupTables', groupTables, groups, /groups of runs/], ['groupCsv', groupCsv, groups, /groups of runs/], ['groupLatex', groupLatex, groups, /groups of runs/],
  ];
  it('refuse what is not the report they render, naming what makes it, and render the report they are given', () => {
    for (const [name, render, right, what] of renderers) {
      // undefined, another function's report (an eval report to a plan renderer, a plan to the others).
      for (const wrong of [undefined, right === plan ? report : plan]) {
        const u = usage(() => render(wrong as never));
        expect(u.param, name).toBe('report');
        expect(u.message, name).toMatch(what);
      }
      expect(() => render(right as never), name).not.toThrow();
    }
  });
});
