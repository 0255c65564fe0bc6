/**
 * How messages show values read from inputs (src/errors.ts): escaped, bounded, one line, and
 * never throwing, whatever the value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeControls, showName, showValue } from '../../src/errors.js';

describe('showValue', () => {
  it('shows plain values as compact JSON', () => {
    expect(showValue('Velmar')).toBe('"Velmar"');
    expect(showValue(7)).toBe('7');
    expect(showValue(null)).toBe('null');
    expect(showValue(undefined)).toBe('undefined');
    expect(showValue([0, 2, 'PER'])).toBe('[0,2,"PER"]');
    expect(showValue({ start: '0', end: 1 })).toBe('{"start":"0","end":1}');
  });

  it('escapes quotes, control characters and line separators', () => {
    expect(showValue('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(showValue('Vel\u0000mar\r\n\t')).toBe('"Vel\\u0000mar\\r\\n\\t"');
    expect(showValue('x\u2028y\u2029z\u007f\u0085')).toBe('"x\\u2028y\\u2029z\\u007f\\u0085"');
  });

  it('cuts long values, without splitting a surrogate pair', () => {
    expect(showValue('a'.repeat(100))).toBe(`"${'a'.repeat(60)}…"`);
    expect(showValue(`${'a'.repeat(59)}😀tail`)).toBe(`"${'a'.repeat(59)}…"`);
    expect(showValue(Array.from({ length: 100 }, (_, k) => k)).length).toBeLessThanOrEqual(61);
  });

  it('survives nesting that JSON.stringify cannot', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(showValue(deep)).toBe('[[[[…]]]]');
    expect(showValue({ a: { b: { c: { d: 1 } } } })).toBe('{"a":{"b":{"c":{…}}}}');
  });

  it('is one line of bounded length for any JSON value', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (v, s) => {
      for (const shown of [showValue(v), showValue(s), showName(s)]) {
        expect(shown).not.toMatch(/[\n\r\u2028\u2029]/);
        expect(shown.length).toBeLessThanOrEqual(61 * 6);
      }
    }), { numRuns: 100 });
  });
});

describe('showName and escapeControls', () => {
  it('shows a plain label as it is, anything else quoted', () => {
    expect(showName('PER')).toBe('PER');
    expect(showName('DATE-TIME')).toBe('DATE-TIME');
    expect(showName('two words')).toBe('"two words"');
    expect(showName('A\nB')).toBe('"A\\nB"');
    expect(showName('')).toBe('""');
  });

  it('escapes what would break a line, and nothing else', () => {
    expect(escapeControls('plain "text" é 😀')).toBe('plain "text" é 😀');
    expect(escapeControls('a\rb\u000bc\u2028')).toBe('a\\rb\\u000bc\\u2028');
  });
});
