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

const NEWS = join(import.meta.dirname, '../../examples/news');
const corpus = loadCorpus({
  ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'),
  systems: ['crf', 'sloppy', 'cautious'].map((s) => parseSystemArg(join(NEWS, 'systems', `${s}.conll`))),
});

/** The UsageError `f` throws: its parameter and message. */
function usage(f: () => unknown): { param: string | undefined; message: string } {
  try {
    f();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return { param: (err as UsageError).param, message: (err as UsageError).message };
  }
  throw new Error('expected a UsageError');
}

describe('loadCorpus', () => {
  it('takes paths and no more options than it needs, as the command reads them', () => {
    const short = loadCorpus({ gold: join(NEWS, 'gold.conll'), systems: ['crf', 'sloppy', 'cautious'].map((s) => join(NEWS, 'systems', `${s}.conll`)) });
    expect(short.systems.map((s) => [s.name, s.spans.length])).toEqual(corpus.systems.map((s) => [s.name, s.spans.length]));
    expect(usage(() => loadCorpus({ gold: join(NEWS, 'gold.conll'), systems: [42 as never] }))).toEqual({ param: 'systems', message: 'each system is a path or {name, path}, got 42' });
  });
});

describe('withDefaults', () => {
  it('keeps a default where the option is absent or undefined, and takes every defined value', () => {
    expect(withDefaults({ a: 1, b: 'x' }, { a: undefined, b: 'y' })).toEqual({ a: 1, b: 'y' });
    expect(withDefaults({ a: 1 }, undefined)).toEqual({ a: 1 });
    expect(withDefaults({ a: 1 }, { a: 0 })).toEqual({ a: 0 });
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

  it('rejects types of which no input has an item, as the command does, and takes one the gold or a system has', () => {
    expect(usage(() => evaluate(corpus, { types: ['LOCX'] }))).toEqual({ param: 'types', message: 'LOCX: no input has an item of this type; the gold standard\'s types are LOC, MISC, ORG, PER' });
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
  });
});

describe('checkTypes', () => {
  it('accepts no list and any list against a gold standard without items; rejects what is not a list of strings', () => {
    expect(() => checkTypes(undefined, [])).not.toThrow();
    expect(() => checkTypes(['X'], [])).not.toThrow();
    expect(usage(() => checkTypes('LOC', [])).message).toBe('must be a list of entity types (strings), got "LOC"');
  });
});
