/**
 * Objectives: the named forms against the metric functions, expressions over the score
 * symbols, NaN for undefined values, and usage errors that point at the right column for syntax
 * errors, unknown names and every construct outside the whitelist.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/errors.js';
import { kMeasure } from '../../src/metrics/kmeasure.js';
import { fBeta } from '../../src/metrics/prf.js';
import { OBJECTIVE_FUNCTIONS, OBJECTIVE_SYMBOLS, parseObjective, type ObjectiveInput } from '../../src/plan/objective.js';
import { unknownOption } from '../helpers/errors.js';

const X: ObjectiveInput = { p: 0.8, r: 0.5, f: 0.6, ser: 0.55, err: 0.45, k: 0.3, tp: 50, fp: 12.5, fn: 50, size: 3, cost: 4.5 };

/** The error thrown by parseObjective(text), which must be a UsageError. */
function usage(text: string): UsageError {
  try {
    parseObjective(text);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return e as UsageError;
  }
  throw new Error(`no error for ${JSON.stringify(text)}`);
}

/** Checks the three-line message shape and returns the column. */
function column(text: string, problem: RegExp): number {
  const lines = usage(text).message.split('\n');
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatch(problem);
  expect(lines[0].startsWith(`objective "${text.replace(/\n/g, ' ')}": `)).toBe(true);
  const m = / at column (\d+)$/.exec(lines[0]);
  expect(m, lines[0]).not.toBeNull();
  const col = Number(m![1]);
  expect(lines[1]).toBe(`  ${text.replace(/\n/g, ' ')}`);
  expect(lines[2]).toBe(`  ${' '.repeat(col - 1)}^`);
  return col;
}

describe('parseObjective: named forms', () => {
  it('f1 is F1 from p and r, whatever the command β', () => {
    const o = parseObjective('f1', { beta: 2 });
    expect(o).toMatchObject({ text: 'f1', minimise: false, description: 'F1', usesSlots: false });
    expect(o.value(X)).toBe(fBeta(0.8, 0.5));
  });

  it('f:BETA is F_β from p and r', () => {
    const o = parseObjective('f:2');
    expect(o).toMatchObject({ minimise: false, description: 'F_2', usesSlots: false });
    expect(o.value(X)).toBe(fBeta(0.8, 0.5, 2));
    expect(parseObjective('F:0.5').value(X)).toBe(fBeta(0.8, 0.5, 0.5));
    expect(parseObjective('f:0.5').description).toBe('F_0.5');
    expect(parseObjective('f:1').description).toBe('F1');
  });

  it('f is the candidate’s own f (the command β), described with that β', () => {
    expect(parseObjective('f', { beta: 2 })).toMatchObject({ description: 'F_2', minimise: false });
    expect(parseObjective('f').description).toBe('F1');
    expect(parseObjective('f').value(X)).toBe(0.6);
  });

  it('says when an expression reads raw counts (tp, fp, fn), which grow with the data, and not for a function of that name', () => {
    expect(parseObjective('tp - fp').usesCounts).toBe(true);
    expect(parseObjective('min:fn + 0.1*size').usesCounts).toBe(true);
    expect(parseObjective('f - 0.002*size').usesCounts).toBe(false);
    expect(parseObjective('f1').usesCounts).toBeFalsy();
  });

  it('says when an objective reads the command\'s β or α (f, k) or the costs, which a saved plan does not record', () => {
    for (const t of ['f', 'k', 'f - 0.01*size', 'max:k*2', 'min:1 - f']) expect(parseObjective(t).usesSettings, t).toBe(true);
    for (const t of ['f1', 'f:2', 'k:0.5:1', 'ser', 'min:fp+fn', 'max:tp/(tp+fp+fn)']) expect(parseObjective(t).usesSettings, t).toBeFalsy();
    expect(parseObjective('min:ser + 0.01*cost').usesCost).toBe(true);
    expect(parseObjective('min:ser + 0.01*size').usesCost).toBeFalsy();
  });

  it('ser and err are minimised and use the slot counts', () => {
    expect(parseObjective('ser')).toMatchObject({ minimise: true, description: 'SER (lower is better)', usesSlots: true });
    expect(parseObjective(' SER ').value(X)).toBe(0.55);
    expect(parseObjective('err')).toMatchObject({ minimise: true, description: 'ERR (lower is better)', usesSlots: true });
    expect(parseObjective('err').value(X)).toBe(0.45);
  });

  it('k:ALPHA:BETA is the K-measure from p and r; k:ALPHA has β = 1; k is the candidate’s k', () => {
    const o = parseObjective('k:1.5:1');
    expect(o).toMatchObject({ description: 'K (α=1.5, β=1)', minimise: false, usesSlots: false });
    expect(o.value(X)).toBe(kMeasure(0.8, 0.5, 1.5, 1));
    expect(parseObjective('k:1.6').value({ ...X, p: 0.4, r: 0.4 })).toBeCloseTo(0.133, 3); // Nakache's check
    expect(parseObjective('k:2:0.5').value(X)).toBe(kMeasure(0.8, 0.5, 2, 0.5));
    expect(parseObjective('k', { kAlpha: 1.5, beta: 2 })).toMatchObject({ description: 'K (α=1.5, β=2)' });
    expect(parseObjective('k').value(X)).toBe(0.3);
  });

  it('gives NaN, never ±Infinity, when the value is undefined', () => {
    expect(parseObjective('ser').value({ ...X, ser: Infinity })).toBeNaN();
    expect(parseObjective('ser').value({ ...X, ser: Number.NaN })).toBeNaN();
    expect(parseObjective('f1').value({ ...X, p: Number.NaN })).toBeNaN();
  });

  it('rejects bad numbers in named forms, pointing at them', () => {
    expect(column('f:0', /β must be a number greater than 0, got "0"/)).toBe(3);
    expect(column('f:-1', /got "-1"/)).toBe(3);
    expect(column('f:abc', /got "abc"/)).toBe(3);
    expect(column('f:', /got ""/)).toBe(3);
    expect(column('k:0:1', /α must be/)).toBe(3);
    expect(column('k:1.5:x', /β must be .*got "x"/)).toBe(7);
    expect(column('k:1:2:3', /β must be .*got "2:3"/)).toBe(5);
    expect(column('f:Infinity', /got "Infinity"/)).toBe(3);
  });

  it('rejects an empty objective', () => {
    expect(column('', /empty objective/)).toBe(1);
    expect(column('   ', /empty objective/)).toBe(1);
  });
});

describe('parseObjective: expressions', () => {
  it('evaluates an expression over the score symbols, maximised', () => {
    const o = parseObjective('f - 0.002*size');
    expect(o).toMatchObject({ text: 'f - 0.002*size', minimise: false, description: 'expression f - 0.002*size', usesSlots: false });
    expect(o.value(X)).toBeCloseTo(0.6 - 0.006, 15);
  });

  it('knows every symbol and reads it from the input', () => {
    for (const [i, name] of OBJECTIVE_SYMBOLS.entries()) {
      const input = Object.fromEntries(OBJECTIVE_SYMBOLS.map((s, j) => [s, j === i ? 7.25 : 1])) as unknown as ObjectiveInput;
      expect(parseObjective(`${name} * 2`).value(input)).toBe(14.5);
    }
  });

  it('allows the listed functions, constants, comparisons, logic and the conditional', () => {
    expect(parseObjective('min(p, r) + max(tp, fp) / 100').value(X)).toBeCloseTo(0.5 + 0.5, 15);
    expect(parseObjective('log(1 + size) + sqrt(4) + abs(-1) + pow(2, 3)').value(X)).toBeCloseTo(Math.log(4) + 2 + 1 + 8, 14);
    expect(parseObjective('f - 0.01 * (size > 2)').value(X)).toBeCloseTo(0.59, 15);
    expect(parseObjective('p > 0.5 and r > 0.5 ? 1 : 0').value(X)).toBe(0);
    expect(parseObjective('0.1 < p < 0.9').value(X)).toBe(1);
    expect(parseObjective('2 size + pi - pi + e - e').value(X)).toBe(6); // implicit multiplication
    expect(parseObjective('f # a comment').value(X)).toBe(0.6);
    expect(parseObjective('mod(size, 2) + 3!').value(X)).toBe(7);
    for (const fn of OBJECTIVE_FUNCTIONS) expect(() => parseObjective(`${fn}(p, 2)`), fn).not.toThrow(/unknown function/);
  });

  it('reads a boolean result as 1 or 0', () => {
    const o = parseObjective('p > r');
    expect(o.value(X)).toBe(1);
    expect(o.value({ ...X, p: 0.1 })).toBe(0);
  });

  it('gives NaN for a result that is not a finite number', () => {
    expect(parseObjective('sqrt(p - 1)').value(X)).toBeNaN(); // numbers only: no complex values
    expect(parseObjective('log(p - p)').value(X)).toBeNaN(); // −Infinity
    expect(parseObjective('tp / (fp - fp)').value(X)).toBeNaN();
    expect(parseObjective('ser + 1').value({ ...X, ser: Infinity })).toBeNaN();
  });

  it('flags expressions that use SER or ERR', () => {
    expect(parseObjective('f - ser/10').usesSlots).toBe(true);
    expect(parseObjective('max(err, 0)').usesSlots).toBe(true);
    expect(parseObjective('f - fp/100').usesSlots).toBe(false);
  });

  it('min: and max: prefixes set the direction', () => {
    const o = parseObjective('min: ser + 0.01*cost');
    expect(o).toMatchObject({ minimise: true, usesSlots: true, description: 'expression ser + 0.01*cost (lower is better)' });
    expect(o.value(X)).toBeCloseTo(0.595, 15);
    expect(parseObjective('max:f').minimise).toBe(false);
    expect(column('min:', /empty expression/)).toBe(5);
  });

  it('is not fooled by properties of the input object', () => {
    const o = parseObjective('f');
    const withExtra = { ...X, constructor: 5, toString: 'x' } as unknown as ObjectiveInput;
    expect(o.value(withExtra)).toBe(0.6);
    expect(parseObjective('f * 2').value(withExtra)).toBe(1.2);
  });

  it('evaluated 10⁵ times on changing inputs, gives what plain arithmetic gives every time', () => {
    const o = parseObjective('f - 0.002*size');
    let got = 0;
    let want = 0;
    for (let i = 0; i < 100_000; i++) {
      got += o.value({ ...X, size: i % 7 });
      want += X.f - 0.002 * (i % 7);
    }
    expect(got).toBe(want);
  });

  it('matches plain arithmetic on random inputs', () => {
    const o = parseObjective('(1 + 0.5^2) * p * r / (0.25 * p + r) - 0.01 * size + cost / (tp + fp + fn + 1)');
    fc.assert(fc.property(fc.double({ min: 0.01, max: 1, noNaN: true }), fc.double({ min: 0.01, max: 1, noNaN: true }), fc.integer({ min: 1, max: 12 }), (p, r, size) => {
      const x = { ...X, p, r, size };
      const want = fBeta(p, r, 0.5) - 0.01 * size + x.cost / (x.tp + x.fp + x.fn + 1);
      expect(o.value(x)).toBeCloseTo(want, 12);
    }));
  });
});

describe('parseObjective: usage errors point at the column', () => {
  it('syntax errors (mathjs reports the column)', () => {
    expect(usage('f - 0.002*').message).toBe('objective "f - 0.002*": unexpected end of expression at column 11\n  f - 0.002*\n            ^');
    expect(column('(f', /parenthesis \) expected/)).toBe(3);
    expect(column('f +* 2', /value expected/)).toBe(4);
    expect(column('p@', /syntax error in part "@"/)).toBe(2);
  });

  it('unknown symbols and functions', () => {
    expect(column('f - 0.002*sise', /unknown symbol "sise" \(use p, r, f, ser, err, k, tp, fp, fn, size, cost\)/)).toBe(11);
    expect(column('fp + F1', /unknown symbol "F1"/)).toBe(6);
    expect(column('5 cm', /unknown symbol "cm"/)).toBe(3); // units are not allowed
    expect(column('p + evaluate(p)', /unknown function "evaluate"/)).toBe(5);
    expect(column('import(p)', /unknown function "import"/)).toBe(1);
    expect(column('size(2)', /"size" is not a function/)).toBe(1);
    expect(column('p + max', /"max" is a function: call it as max/)).toBe(5);
    expect(column('p + 1e-3 * e2', /unknown symbol "e2"/)).toBe(12);
    expect(column('constructor', /unknown symbol "constructor"/)).toBe(1);
  });

  it('assignment and function definitions', () => {
    expect(column('size = 3', /assignment is not allowed/)).toBe(6);
    expect(column('g(x) = x^2', /function definitions are not allowed/)).toBe(6);
  });

  it('property access, indexing, matrices, objects, ranges, strings, blocks, operators', () => {
    expect(column('p.x', /property access/)).toBe(2);
    expect(column('p[1]', /property access and indexing/)).toBe(2);
    expect(column('f + [1, 2]', /matrices are not allowed/)).toBe(5);
    expect(column('f + {a: 1}', /objects are not allowed/)).toBe(5);
    expect(column('f + (1:3)', /ranges/)).toBe(7);
    expect(column('p ? 1 : 2:3', /ranges/)).toBe(10);
    expect(column('f + "a"', /strings are not allowed/)).toBe(5);
    expect(column('p; r', /only one expression/)).toBe(2);
    expect(column('f\nr', /only one expression/)).toBe(2);
    expect(column("p'", /operator "'" is not allowed/)).toBe(2);
    expect(column('p to r', /operator "to" is not allowed/)).toBe(3);
    expect(column('tp & fp', /operator "&" is not allowed/)).toBe(4);
    expect(column('f + null', /"null" is not a number/)).toBe(5);
  });

  it('expressions that fail on trial values', () => {
    expect(column('f + pow(p)', /cannot be evaluated: too few arguments in function pow\b/)).toBe(5);
    expect(column('min()', /too few arguments in function min/)).toBe(1);
  });

  it('columns count from the start of the whole text, prefix included', () => {
    expect(column('min: f - sise', /unknown symbol "sise"/)).toBe(10);
    expect(column('  f1x', /unknown symbol "f1x"/)).toBe(3);
  });

  it('comparison operators are not mistaken for assignment', () => {
    for (const t of ['p >= r', 'p <= r', 'p == r', 'p != r']) expect(() => parseObjective(t)).not.toThrow();
  });

  it('uses the given option name', () => {
    expect(() => parseObjective('q', { optionName: '--rank-by' })).toThrow(/^--rank-by "q": unknown symbol "q"/);
  });
});

describe('parseObjective: expressions the parser cannot hold', () => {
  it('brackets nested hundreds deep are refused as too deep, not with the parser\'s stack overflow', () => {
    const deep = `${'('.repeat(499)}p${')'.repeat(499)}`;
    let err: unknown;
    try {
      parseObjective(deep);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(UsageError);
    expect((err as Error).message).toContain('": nested too deeply to be parsed; write it with fewer levels at column 1');
    expect((err as Error).message).not.toMatch(/call stack/i);
  });
});

describe('parseObjective: option names', () => {
  it('refuses a misspelt option, naming it and the option meant', () => {
    unknownOption(() => parseObjective('f', { bta: 2 } as never), 'bta', 'beta');
    unknownOption(() => parseObjective('k', { kalpha: 2 } as never), 'kalpha', 'kAlpha');
    expect(parseObjective('f', { beta: 2 }).description).toContain('2');
  });
});
