/**
 * A misspelt option is refused, naming it and the option meant, rather than silently left out.
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { checkOptionKeys, editDistance, nearestKey, pickKeys } from '../../src/metrics/option-keys.js';

const KNOWN = ['match', 'beta', 'kAlpha', 'zeroDivision', 'types'];

function refusal(options: unknown, known: readonly string[] = KNOWN, param = 'options'): UsageError {
  try {
    checkOptionKeys(param, options, known);
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return err as UsageError;
  }
  throw new Error('expected a UsageError');
}

describe('checkOptionKeys', () => {
  it('takes known keys, an empty object and anything that is no object', () => {
    expect(() => checkOptionKeys('options', { match: 'partial', beta: 2, types: undefined }, KNOWN)).not.toThrow();
    expect(() => checkOptionKeys('options', {}, KNOWN)).not.toThrow();
    expect(() => checkOptionKeys('options', undefined, KNOWN)).not.toThrow();
    expect(() => checkOptionKeys('options', 3, KNOWN)).not.toThrow();
  });

  it('refuses a misspelt key in one line naming it, the option meant and the known options', () => {
    const err = refusal({ mtach: 'partial' });
    expect(err.param).toBe('options');
    expect(err.message).toBe('options: unknown option "mtach" (did you mean "match"?); known options: beta, kAlpha, match, types, zeroDivision');
    expect(err.message).not.toMatch(/\n/);
  });

  it('refuses an unknown key whose value is undefined: the name is wrong whatever the value', () => {
    expect(refusal({ bta: undefined }).message).toContain('unknown option "bta" (did you mean "beta"?)');
  });

  it('suggests the option with the same letters in another case, and nothing for a key far from every option', () => {
    expect(refusal({ zerodivision: 'zero' }).message).toContain('"zerodivision" (did you mean "zeroDivision"?)');
    expect(refusal({ KALPHA: 2 }).message).toContain('"KALPHA" (did you mean "kAlpha"?)');
    expect(refusal({ colour: true }).message).toMatch(/^options: unknown option "colour"; known options: /);
  });

  it('names every unknown key (five at most), each with its suggestion, under the parameter given', () => {
    const err = refusal({ mtach: 1, beta: 1, tyeps: 2 }, KNOWN, 'plan');
    expect(err.param).toBe('plan');
    expect(err.message).toMatch(/^plan: unknown options "mtach" \(did you mean "match"\?\), "tyeps" \(did you mean "types"\?\); known options: /);
    const many = refusal(Object.fromEntries(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7'].map((k) => [k, 1])));
    expect(many.message).toContain('"q5", and 2 more;');
    expect(many.message).not.toContain('q6');
  });

  it('shows a key with a line break or quote escaped, so the message stays one line', () => {
    const err = refusal({ 'ma\ntch"': 1 });
    expect(err.message).toContain('unknown option "ma\\ntch\\""');
    expect(err.message).not.toMatch(/\n/);
  });
});

describe('nearestKey', () => {
  it('takes the nearest option within two edits, the first listed of equally near ones', () => {
    expect(nearestKey('mtach', KNOWN)).toBe('match');
    expect(nearestKey('matches', KNOWN)).toBe('match');
    expect(nearestKey('mat', KNOWN)).toBe('match');
    expect(nearestKey('ma', KNOWN)).toBeUndefined();
    expect(nearestKey('samef', ['same', 'sameF'])).toBe('sameF');
    expect(nearestKey('ab', ['ax', 'ay'])).toBe('ax');
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours, capped', () => {
    expect(editDistance('match', 'match')).toBe(0);
    expect(editDistance('mtach', 'match')).toBe(1);
    expect(editDistance('mach', 'match')).toBe(1);
    expect(editDistance('matchx', 'match')).toBe(1);
    expect(editDistance('motch', 'match')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(2);
  });
});

describe('pickKeys', () => {
  it('keeps the listed own keys, undefined ones too, and nothing else', () => {
    const picked = pickKeys({ match: 'strict', beta: undefined, kAlpha: 2, extra: 1 }, ['match', 'beta', 'types']);
    expect(picked).toEqual({ match: 'strict', beta: undefined });
    expect(Object.keys(picked)).toEqual(['match', 'beta']);
  });
});
