/**
 * JSON.parse's errors, said as the rest of complan's messages are: a line and a column counted
 * from 1, and the common mistakes in plain words.
 */
import { describe, expect, it } from 'vitest';
import { jsonSyntax } from '../../src/formats/json-syntax.js';

/** What jsonSyntax makes of `text`, which must not parse. */
function of(text: string) {
  try {
    JSON.parse(text);
  } catch (err) {
    return jsonSyntax((err as Error).message, text);
  }
  throw new Error(`${text} parsed`);
}

describe('jsonSyntax', () => {
  it('says a trailing comma or a second value is more text after a complete value, at its column', () => {
    expect(of('{"a":1},')).toEqual({ reason: 'more text after a complete JSON value: a trailing comma, or two values on one line?', line: 1, column: 8, cutOff: false });
    expect(of('{"a":1} {"b":2}')).toMatchObject({ column: 9, cutOff: false });
  });

  it('counts lines and columns from 1 in text of several lines', () => {
    expect(of('{\n  "a": 1\n  "b": 2\n}')).toMatchObject({ line: 3, column: 3, cutOff: false });
    // V8 gives no position for an unexpected token: the first one outside a string is it.
    expect(of('{\n  "x y": x\n}')).toEqual({ reason: "Unexpected token 'x'", line: 2, column: 10, cutOff: false });
  });

  it('tells text cut short from a wrong character', () => {
    for (const text of ['{"a":1', '{"tokens": ["a"', '{"broken\n', '{"a": "b', '']) {
      expect(of(text).cutOff, JSON.stringify(text)).toBe(true);
      expect(of(text).reason).toBe('the text ends before the JSON value does');
    }
    expect(of('{"a":1\n\n').line).toBe(1);
    expect(of('{"a": tru}').cutOff).toBe(false);
  });

  it('says a control character in a string is one, when text follows it', () => {
    expect(of('{"a": "b\u0001c"}')).toMatchObject({ reason: 'a string holds a line end or another control character: a string not closed?', column: 9, cutOff: false });
  });

  it('leaves out the excerpt V8 quotes, which may be long or hold control characters', () => {
    const r = of(`{"tokens": ["${'w'.repeat(200)}"], "x": nul}`);
    expect(r.reason).toBe("Unexpected token '}'");
    expect(r.column).toBe(226);
  });
});
