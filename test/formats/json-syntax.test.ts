/**
 * JSON.parse's errors, said as the rest of complan's messages are: a line and a column counted
 * from 1, and the common mistakes in plain words.
 */
import { describe, expect, it } from 'vitest';
import { jsonSyntax, syntaxErrorAt } from '../../src/formats/json-syntax.js';

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
    expect(of(' \n').empty).toBe(true);
    expect(of('{').empty).toBeUndefined();
    expect(of('{"a": tru}').cutOff).toBe(false);
  });

  it('counts columns in characters (code points), as other messages do, not UTF-16 units', () => {
    // 😀 is two UTF-16 units but one character: the final ] is the 11th character (the 12th unit).
    expect(of('["É😀", 1, ]')).toMatchObject({ line: 1, column: 11 });
  });

  it('says a control character in a string is one, when text follows it', () => {
    expect(of('{"a": "b\u0001c"}')).toMatchObject({ reason: 'a string holds a line end or another control character: a string not closed?', column: 9, cutOff: false });
  });

  it('finds an unexpected token where it stands, not at an earlier copy of the same character', () => {
    // V8 names the token and no position: ] and } occur legitimately before the wrong one.
    const comma = '{"text": "Ada sang", "spans": [[0, 3, "PER"], [4, 8, "PER"],]}';
    expect(of(comma)).toMatchObject({ reason: "Unexpected token ']'", line: 1, column: comma.lastIndexOf(']') + 1 });
    expect(of('{"text": {}, "spans": [[0, 3, }]]}')).toMatchObject({ column: 31 });
    // A plan file: the line of the trailing comma, not of the first ].
    const plan = '{\n  "members": ["a", "b"],\n  "weights": {"a": 1},\n  "more": ["c",\n  ]\n}';
    expect(of(plan)).toMatchObject({ line: 5, column: 3 });
  });

  it('syntaxErrorAt agrees with JSON.parse on what is JSON, whatever the nesting', () => {
    for (const ok of ['{}', '[]', '"a\\u00e9\\n"', '-1.5e+3', '{"a":[1,{"b":null}],"c":true}', ` [ ${'['.repeat(100_000)}${']'.repeat(100_000)} ] `]) {
      expect(() => JSON.parse(ok)).not.toThrow();
      expect(syntaxErrorAt(ok), ok.slice(0, 20)).toBeUndefined();
    }
    for (const [bad, at] of [['[1,]', 3], ['{"a" 1}', 5], ['01', 1], ['"a\u0001"', 2], ['[1 2]', 3], ['{"a":1}x', 7], ['[', 1], ['"\\x"', 1], ['tru', 0]] as const) {
      expect(() => JSON.parse(bad)).toThrow();
      expect(syntaxErrorAt(bad), bad).toBe(at);
    }
  });

  it('leaves out the excerpt V8 quotes, which may be long or hold control characters', () => {
    // Shortened at both ends: ..."…"...
    expect(of(`{"a": [${'1, '.repeat(50)}], "b": ${'2, '.repeat(50)}}`).reason).toBe("Unexpected token ']'");
    const r = of(`{"tokens": ["${'w'.repeat(200)}"], "x": nul}`);
    expect(r.reason).toBe("Unexpected token '}'");
    // Where the misspelt literal starts (V8 names the } after it).
    expect(r.column).toBe(223);
  });
});
