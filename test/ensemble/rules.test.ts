import { describe, expect, it } from 'vitest';
import { parseRule, parseWeights, ruleName, threshold } from '../../src/ensemble/rules.js';

describe('parseRule', () => {
  it('reads every rule', () => {
    expect(parseRule('union')).toEqual({ kind: 'union' });
    expect(parseRule(' intersection ')).toEqual({ kind: 'intersection' });
    expect(parseRule('kofn:3')).toEqual({ kind: 'kofn', k: 3 });
    expect(parseRule('majority')).toEqual({ kind: 'majority' });
    expect(parseRule('vote')).toEqual({ kind: 'vote' });
    expect(parseRule('weighted')).toEqual({ kind: 'weighted', weights: { kind: 'f1' } });
    expect(parseRule('weighted', { kind: 'label-f1' })).toEqual({ kind: 'weighted', weights: { kind: 'label-f1' } });
  });
  it('rejects unknown rules and K < 1 with a message naming what is accepted', () => {
    expect(() => parseRule('unoin')).toThrow('unknown rule "unoin" (expected union, intersection, kofn:K, majority, vote, weighted)');
    expect(() => parseRule('kofn:0')).toThrow('kofn:K expects K ≥ 1');
    expect(() => parseRule('kofn:x')).toThrow('unknown rule');
    // A K past the whole numbers is refused as typed, not shown as a parsed rule object.
    expect(() => parseRule('kofn:99999999999999999999')).toThrow('kofn:K expects K ≥ 1, at most the number of members, got "kofn:99999999999999999999"');
    expect(parseRule('kofn:9007199254740991')).toEqual({ kind: 'kofn', k: 9007199254740991 });
  });
  it('names rules as typed', () => {
    expect(['union', 'kofn:2', 'vote', 'weighted'].map((r) => ruleName(parseRule(r)))).toEqual(['union', 'kofn:2', 'vote', 'weighted']);
  });
});

describe('threshold', () => {
  it('counts the votes each binary rule needs', () => {
    expect(threshold({ kind: 'union' }, 5)).toBe(1);
    expect(threshold({ kind: 'intersection' }, 5)).toBe(5);
    expect(threshold({ kind: 'majority' }, 5)).toBe(3);
    expect(threshold({ kind: 'majority' }, 4)).toBe(3);
    expect(threshold({ kind: 'kofn', k: 2 }, 5)).toBe(2);
  });
});

describe('parseWeights', () => {
  it('reads f1, label-f1 and given weights', () => {
    expect(parseWeights('f1')).toEqual({ kind: 'f1' });
    expect(parseWeights('label-f1')).toEqual({ kind: 'label-f1' });
    const g = parseWeights('a=0.9, b=0.7,x=y=2');
    expect(g.kind === 'given' && [...g.weights]).toEqual([['a', 0.9], ['b', 0.7], ['x=y', 2]]);
  });
  it('rejects malformed, negative and repeated weights', () => {
    expect(() => parseWeights('a=0.9,b')).toThrow('got "b"');
    expect(() => parseWeights('a=-1')).toThrow('weights ≥ 0');
    expect(() => parseWeights('a=1,a=2')).toThrow('weight of "a" given twice');
    expect(() => parseWeights('=1')).toThrow('got "=1"');
  });
});
