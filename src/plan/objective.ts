/**
 * The planner's objective (`plan --objective`): a named measure or a mathjs
 * expression over a candidate's scores, parsed and checked once, then evaluated per candidate.
 *
 * Expressions are parsed by mathjs (number-only build, `mathjs/number`: every value is a double,
 * so e.g. sqrt(−1) is NaN rather than a complex number) and compiled once; evaluation runs the
 * compiled tree with a scope object. Nothing is passed to `eval` or `Function`. Before compiling,
 * the tree is checked against a whitelist: numbers and booleans as constants, the eleven score
 * symbols and a few mathematical constants, arithmetic/comparison/logical operators, the
 * conditional `a ? b : c`, and a list of numeric functions. Assignments, function definitions,
 * property access, indexing, matrices, objects, strings, ranges, units, several statements and
 * unknown names are usage errors that point at their column.
 *
 * mathjs is heavy to load (about half a second): only plan code imports this module, and the
 * CLI loads that lazily.
 *
 * References: J. de Jong et al., mathjs (https://mathjs.org), "Expression parsing" and
 * "Security" pages.
 */
import { createRequire } from 'node:module';
import type { MathNode } from 'mathjs/number';
import { showValue, UsageError } from '../errors.js';
import { kMeasure } from '../metrics/kmeasure.js';
import { fBeta } from '../metrics/prf.js';
import { checkOptionKeys, type NoneMissing } from '../metrics/option-keys.js';

/** A candidate's scores as an objective sees them (the symbols of an expression). */
export interface ObjectiveInput {
  /** Precision, recall, F_β (the command's β), each in [0, 1]. */
  p: number;
  r: number;
  f: number;
  /** Makhoul's SER and MUC ERR; Infinity or NaN when undefined (no gold items). */
  ser: number;
  err: number;
  /** K-measure with the command's α and β. */
  k: number;
  /** Counts (fractional for predicted scores). */
  tp: number;
  fp: number;
  fn: number;
  /** Number of member systems. */
  size: number;
  /** Sum of the members' costs. */
  cost: number;
}

export interface Objective {
  /** The text as given. */
  text: string;
  /** True when lower is better (`ser`, `err`, `min:EXPR`). */
  minimise: boolean;
  /** A short human description: "F1", "F_2", "SER (lower is better)", "expression f - 0.002*size". */
  description: string;
  /** True when the value depends on SER or ERR, so the planner must count substitutions. */
  usesSlots: boolean;
  /**
   * True when the value reads raw counts (tp, fp, fn), which grow with the data: figures on parts
   * of different sizes (all the data, a held-out fold, a test set) are then not comparable.
   */
  usesCounts?: boolean;
  /**
   * True when the value reads the command's β or α (`f`, `k`, or an expression of them): scored
   * elsewhere, it needs those settings, which a saved plan does not record.
   */
  usesSettings?: boolean;
  /** True when the value reads the members' costs (`cost`). */
  usesCost?: boolean;
  /** The objective of one candidate: a finite number, or NaN when undefined. */
  value(x: ObjectiveInput): number;
}

export interface ObjectiveOptions {
  /** The command's β (for the description of `f`); default 1. */
  beta?: number;
  /** The command's K-measure α (for the description of `k`); default 1. */
  kAlpha?: number;
  /** What error messages call the objective: default `objective` (the command passes `--objective`). */
  optionName?: string;
}

/** Every option {@link parseObjective} takes (any other key is refused). */
export const OBJECTIVE_OPTION_KEYS = ['beta', 'kAlpha', 'optionName'] as const satisfies readonly (keyof ObjectiveOptions)[];
type _ObjectiveOptionKeysListed = NoneMissing<Exclude<keyof ObjectiveOptions, (typeof OBJECTIVE_OPTION_KEYS)[number]>>;

/** The symbols an expression may use, in the order of {@link ObjectiveInput}. */
export const OBJECTIVE_SYMBOLS = ['p', 'r', 'f', 'ser', 'err', 'k', 'tp', 'fp', 'fn', 'size', 'cost'] as const;

/** Mathematical constants an expression may use (mathjs's values). */
export const OBJECTIVE_CONSTANTS = ['pi', 'e', 'tau', 'phi', 'Infinity'] as const;

/** Functions an expression may call (mathjs's definitions). */
export const OBJECTIVE_FUNCTIONS = [
  'abs', 'cbrt', 'ceil', 'cube', 'exp', 'expm1', 'fix', 'floor', 'hypot', 'log', 'log10', 'log1p', 'log2', 'max',
  'mean', 'median', 'min', 'mod', 'nthRoot', 'pow', 'round', 'sign', 'sqrt', 'square',
] as const;

/** mathjs operator functions an expression may use: arithmetic, comparison, logic. */
const OPERATORS = new Set([
  'add', 'subtract', 'multiply', 'divide', 'pow', 'unaryMinus', 'unaryPlus', 'mod', 'factorial',
  'larger', 'smaller', 'largerEq', 'smallerEq', 'equal', 'unequal',
  'and', 'or', 'xor', 'not',
]);

/** mathjs's element-wise operators and the scalar ones they mean for numbers. */
const ELEMENTWISE = new Map([['.*', '*'], ['./', '/'], ['.^', '^']]);

/** The longest objective accepted, in UTF-16 units (the limit is named in the error). */
export const MAX_OBJECTIVE_LENGTH = 1000;

const SYMBOLS = new Set<string>(OBJECTIVE_SYMBOLS);
const CONSTANTS = new Set<string>(OBJECTIVE_CONSTANTS);
const FUNCTIONS = new Set<string>(OBJECTIVE_FUNCTIONS);

/** Values used to try an expression once at parse time (catches e.g. `pow(p)`). */
const TRIAL: ObjectiveInput = { p: 0.5, r: 0.4, f: 0.44, ser: 0.7, err: 0.6, k: 0.44, tp: 40, fp: 40, fn: 60, size: 2, cost: 2 };

/**
 * A usage error pointing at `column` (1-based) of `text`: one line naming the option, the text
 * and the problem, then the text and a caret under the column.
 */
function usageAt(optionName: string, text: string, column: number, problem: string): UsageError {
  const shown = text.replace(/[\t\n\r\v\f]/g, ' ');
  const col = Math.max(1, Math.min(column, shown.length + 1));
  return new UsageError(`${optionName} "${shown}": ${problem} at column ${col}\n  ${shown}\n  ${' '.repeat(col - 1)}^`, { multiline: true });
}

/** β, α as written in a named form: a plain positive decimal number. */
const NUMBER = /^\+?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** How a finite double is written in a description: shortest round-trip form. */
const num = (x: number) => String(x);

/** A finite number, or NaN (±Infinity and NaN alike: the objective is undefined). */
const finite = (v: number) => (Number.isFinite(v) ? v : Number.NaN);

/**
 * Parses an objective.
 *
 * Forms (named forms are case-insensitive and may have surrounding spaces):
 * - `f1` (the default): F1 = 2PR/(P+R), computed from `p` and `r` whatever the command's β.
 * - `f:BETA`: F_BETA = (1+β²)PR/(β²P+R) from `p` and `r`; BETA a number > 0.
 * - `f`: the candidate's `f`, i.e. F_β with the command's `--beta` (the same as the expression
 *   `f`; the description names β from `options.beta`).
 * - `ser`: Makhoul's SER, minimised. `err`: MUC ERR, minimised (maximising an error rate is
 *   never meant, so it is named rather than read as an expression).
 * - `k:ALPHA:BETA`: K-measure (1+β²)(PR)^α/(β²P+R) from `p` and `r` (src/metrics/kmeasure.ts);
 *   `k:ALPHA` means β = 1. `k`: the candidate's `k` (the command's α and β).
 * - anything else: a mathjs expression over p r f ser err k tp fp fn size cost, maximised, e.g.
 *   `f - 0.002*size`, `min(p, r)`, `f - 0.01*(size > 3)`. Prefix `min:` to minimise an
 *   expression (`min:ser + 0.01*cost`) or `max:` to say it is maximised.
 *
 * Expression semantics: comparison and logical operators give booleans, read as 1 and 0 in
 * arithmetic and in the result. A value that is not a finite number (±Infinity, NaN, a runtime
 * error such as a domain error) is NaN: undefined for that candidate. Symbols whose value is
 * undefined (e.g. `ser` = Infinity with no gold items) propagate through the arithmetic.
 *
 * Errors: `UsageError` (exit code 1) with a message of three lines — the option, the text, the
 * problem and its 1-based column; the text; a caret under the column — for a syntax error
 * (mathjs reports its column), an unknown symbol or function, a construct outside the whitelist
 * (assignment, function definition, property access, indexing, matrix, object, string, range,
 * unit conversion, bitwise operator, more than one statement), an empty objective, a bad number in
 * a named form, or an expression that fails on trial values (e.g. a function given too few
 * arguments).
 *
 * Source: the measures of src/metrics (F_β, SER, ERR, K); mathjs expression parser.
 */
/**
 * Throws a UsageError about `objective` unless `value` is an objective as {@link parseObjective}
 * gives it (`alsoText`: the message says its text is taken too).
 */
export function checkObjective(value: unknown, alsoText = false): asserts value is Objective {
  const o = value as Partial<Objective> | null;
  if (o === null || typeof o !== 'object' || typeof o.value !== 'function' || typeof o.text !== 'string') {
    throw UsageError.about('objective', `expects an objective as parseObjective gives it${alsoText ? ", or its text ('f1', 'min:ser')" : ''}, got ${showValue(value)}`);
  }
}

export function parseObjective(text: string, options: ObjectiveOptions = {}): Objective {
  if (typeof text !== 'string') throw UsageError.about('objective', `expects its text ('f1', 'min:ser', an expression), got ${showValue(text)}`);
  checkOptionKeys('options', options, OBJECTIVE_OPTION_KEYS);
  const objective = objectiveOf(text, options);
  sources.set(objective, { text, options: { beta: options.beta, kAlpha: options.kAlpha } });
  return objective;
}

/**
 * What an objective made by {@link parseObjective} was parsed from, so that another thread can
 * parse the same objective again; undefined for an objective made some other way (a library
 * caller's own object), which cannot be sent to a worker thread.
 */
export function objectiveSource(objective: Objective): { text: string; options: ObjectiveOptions } | undefined {
  return sources.get(objective);
}

const sources = new WeakMap<Objective, { text: string; options: ObjectiveOptions }>();

function objectiveOf(text: string, options: ObjectiveOptions): Objective {
  const optionName = options.optionName ?? 'objective';
  const named = text.trim().toLowerCase();
  const lead = text.length - text.trimStart().length; // column offset of the trimmed text
  const fail = (column: number, problem: string) => usageAt(optionName, text, column, problem);
  const positive = (s: string, at: number, what: string): number => {
    const v = Number(s);
    if (!NUMBER.test(s) || !(v > 0) || !Number.isFinite(v)) {
      throw fail(at + 1, `${what} must be a number greater than 0, got "${s}"`);
    }
    return v;
  };

  if (named === '') throw fail(1, 'empty objective (use f1, f:BETA, ser, err, k:ALPHA:BETA or an expression)');
  if (text.length > MAX_OBJECTIVE_LENGTH) {
    throw new UsageError(`${optionName}: ${text.length} characters, more than the ${MAX_OBJECTIVE_LENGTH} an objective may have`);
  }
  if (named === 'f1') {
    return { text, minimise: false, description: 'F1', usesSlots: false, value: (x) => finite(fBeta(x.p, x.r, 1)) };
  }
  if (named === 'f') {
    const beta = options.beta ?? 1;
    return { text, minimise: false, description: beta === 1 ? 'F1' : `F_${num(beta)}`, usesSlots: false, usesSettings: true, value: (x) => finite(x.f) };
  }
  if (named === 'k') {
    const description = `K (α=${num(options.kAlpha ?? 1)}, β=${num(options.beta ?? 1)})`;
    return { text, minimise: false, description, usesSlots: false, usesSettings: true, value: (x) => finite(x.k) };
  }
  if (named === 'ser') {
    return { text, minimise: true, description: 'SER (lower is better)', usesSlots: true, value: (x) => finite(x.ser) };
  }
  if (named === 'err') {
    return { text, minimise: true, description: 'ERR (lower is better)', usesSlots: true, value: (x) => finite(x.err) };
  }
  const trimmed = text.trim();
  const fMatch = /^f:(.*)$/is.exec(trimmed);
  if (fMatch) {
    const beta = positive(fMatch[1].trim(), lead + 2 + (fMatch[1].length - fMatch[1].trimStart().length), 'β');
    return { text, minimise: false, description: beta === 1 ? 'F1' : `F_${num(beta)}`, usesSlots: false, value: (x) => finite(fBeta(x.p, x.r, beta)) };
  }
  const kMatch = /^k:([^:]*)(?::(.*))?$/is.exec(trimmed);
  if (kMatch) {
    const alpha = positive(kMatch[1].trim(), lead + 2 + (kMatch[1].length - kMatch[1].trimStart().length), 'α');
    const betaText = kMatch[2];
    const beta = betaText === undefined ? 1
      : positive(betaText.trim(), lead + 3 + kMatch[1].length + (betaText.length - betaText.trimStart().length), 'β');
    return {
      text, minimise: false, description: `K (α=${num(alpha)}, β=${num(beta)})`, usesSlots: false,
      value: (x) => finite(kMeasure(x.p, x.r, alpha, beta)),
    };
  }

  // An expression, optionally prefixed by min: or max:.
  const prefix = /^\s*(min|max):/i.exec(text);
  const minimise = prefix !== null && prefix[1].toLowerCase() === 'min';
  const offset = prefix === null ? 0 : prefix[0].length;
  const source = text.slice(offset).trimEnd();
  if (source.trim() === '') throw fail(offset + 1, 'empty expression');
  try {
    return compileExpression(text, source, offset, minimise, fail);
  } catch (err) {
    // A tree thousands of levels deep (e.g. many hundreds of nested unary minus signs) exhausts
    // the stack of mathjs's recursive parser and compiler.
    if (err instanceof RangeError) throw fail(offset + 1, 'nested too deeply to be parsed; write it with fewer levels');
    throw err;
  }
}

/** A string with string literals and comments blanked out, and where string literals started. */
function scan(source: string): { masked: string; strings: number[] } {
  const out = source.split('');
  const strings: number[] = [];
  let lastValue = false; // whether the previous non-space character ends a value (for ' = transpose)
  for (let i = 0; i < source.length; i++) {
    const ch = source[i];
    if (ch === '#') {
      while (i < source.length && source[i] !== '\n') out[i++] = ' ';
      i--;
      continue;
    }
    if (ch === '"' || (ch === "'" && !lastValue)) {
      strings.push(i);
      out[i] = ' ';
      for (i++; i < source.length && source[i] !== ch; i++) {
        if (source[i] === '\\') out[i++] = ' ';
        if (i < source.length) out[i] = ' ';
      }
      if (i < source.length) out[i] = ' ';
      lastValue = true;
      continue;
    }
    if (!/\s/.test(ch)) lastValue = /[\p{L}\p{N}_$)\]'!.]/u.test(ch);
  }
  return { masked: out.join(''), strings };
}

/** 0-based index of the name `name` as a whole identifier in `masked` (not after a dot), or −1. */
function findName(masked: string, name: string): number {
  const escaped = name.replace(/[$]/g, '\\$');
  const m = new RegExp(`(?<![\\p{L}\\p{N}_$.])${escaped}(?![\\p{L}\\p{N}_$])`, 'u').exec(masked);
  return m === null ? -1 : m.index;
}

/** 0-based index of the first match of `re` in `masked`, or −1. */
function findPattern(masked: string, re: RegExp): number {
  const m = re.exec(masked);
  return m === null ? -1 : m.index;
}

/** 0-based index of the first `:` that is not the else part of a `? :`, or −1. */
function findRangeColon(masked: string): number {
  let pending = 0;
  for (let i = 0; i < masked.length; i++) {
    const ch = masked[i];
    if (ch === '?' && masked[i + 1] !== '.' && masked[i + 1] !== '?' && masked[i - 1] !== '?') pending++;
    else if (ch === ':') {
      if (pending === 0) return i;
      pending--;
    }
  }
  return -1;
}

interface Problem {
  /** 0-based index in the expression source, or −1 when unknown. */
  index: number;
  message: string;
}

/** The first construct of `root` outside the whitelist, or null. */
function firstProblem(root: MathNode, masked: string, strings: number[]): Problem | null {
  let problem: Problem | null = null;
  const report = (index: number, message: string) => {
    if (problem === null) problem = { index, message };
  };
  const allowedSymbols = `use ${OBJECTIVE_SYMBOLS.join(', ')}`;
  root.traverse((node, path, parent) => {
    if (problem !== null) return;
    const n = node as MathNode & { name?: string; value?: unknown; fn?: unknown; op?: string };
    switch (node.type) {
      case 'SymbolNode': {
        const name = n.name!;
        if (parent?.type === 'FunctionNode' && path === 'fn') {
          if (FUNCTIONS.has(name)) return;
          const why = SYMBOLS.has(name) || CONSTANTS.has(name) ? `"${name}" is not a function`
            : `unknown function "${name}" (allowed: ${OBJECTIVE_FUNCTIONS.join(', ')})`;
          report(findName(masked, name), why);
          return;
        }
        if (SYMBOLS.has(name) || CONSTANTS.has(name)) return;
        const why = FUNCTIONS.has(name) ? `"${name}" is a function: call it as ${name}(…)`
          : /^f1$/i.test(name) ? `unknown symbol "${name}": in an expression F1 is "f" (f1 names the objective on its own)`
            : `unknown symbol "${name}" (${allowedSymbols})`;
        report(findName(masked, name), why);
        return;
      }
      case 'ConstantNode': {
        const v = n.value;
        if (typeof v === 'number' || typeof v === 'boolean') return;
        if (typeof v === 'string') report(strings.length > 0 ? strings[0] : -1, 'strings are not allowed');
        else report(findName(masked, String(v)), `"${String(v)}" is not a number`);
        return;
      }
      case 'OperatorNode':
        if (OPERATORS.has(String(n.fn))) return;
        if (ELEMENTWISE.has(n.op!)) {
          report(masked.indexOf(n.op!), `operator "${n.op}" is element-wise, for matrices: an objective is a number, use "${ELEMENTWISE.get(n.op!)}"`);
          return;
        }
        report(/^\w+$/.test(n.op!) ? findName(masked, n.op!) : masked.indexOf(n.op!), `operator "${n.op}" is not allowed`);
        return;
      case 'FunctionNode':
        if ((n.fn as MathNode).type !== 'SymbolNode') report(findPattern(masked, /\)\s*\(/), 'only named functions may be called');
        return;
      case 'ParenthesisNode':
      case 'ConditionalNode':
      case 'RelationalNode':
        return;
      case 'AssignmentNode':
        report(findPattern(masked, /(?<![=!<>:])=(?!=)/), 'assignment is not allowed');
        return;
      case 'FunctionAssignmentNode':
        report(findPattern(masked, /(?<![=!<>:])=(?!=)/), 'function definitions are not allowed');
        return;
      case 'AccessorNode':
      case 'IndexNode':
        report(findPattern(masked, /\[|\?\.|\.(?=\s*[\p{L}_$])/u), 'property access and indexing are not allowed');
        return;
      case 'ArrayNode':
        report(masked.indexOf('['), 'matrices are not allowed');
        return;
      case 'ObjectNode':
        report(masked.indexOf('{'), 'objects are not allowed');
        return;
      case 'BlockNode':
        report(findPattern(masked, /[;\n]/), 'only one expression is allowed (found ";" or a line break)');
        return;
      case 'RangeNode':
        report(findRangeColon(masked), 'ranges (a:b) are not allowed');
        return;
      default:
        report(-1, `${node.type} is not allowed`);
    }
  });
  return problem;
}

/** Reads an expression result as a number: booleans as 1/0, anything else not numeric as NaN. */
function toNumber(v: unknown): number {
  if (typeof v === 'number') return finite(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  return Number.NaN;
}

/**
 * mathjs, loaded on first use: it takes over half a second to load, and the named objectives
 * (f1, ser, k:…) never need it. The CommonJS build is required synchronously so that
 * parseObjective stays synchronous.
 */
let mathjs: typeof import('mathjs/number') | undefined;

/**
 * mathjs, loaded when first needed. A program bundled without it (a bundler does not see a
 * require made at run time) cannot load it: that is said as such, not as a fault of the
 * expression.
 * @throws Error when mathjs cannot be loaded.
 */
function loadMathjs(): typeof import('mathjs/number') {
  if (mathjs !== undefined) return mathjs;
  try {
    mathjs = createRequire(import.meta.url)('mathjs/number') as typeof import('mathjs/number');
  } catch (err) {
    throw new Error(`expression objectives need the mathjs package, which could not be loaded (${(err as Error).message.split('\n')[0]}): install it where the program runs (a bundle must leave it out, as an external module)`, { cause: err });
  }
  return mathjs;
}

function mathjsParse(source: string): MathNode {
  return loadMathjs().parse(source);
}

function compileExpression(
  text: string,
  source: string,
  offset: number,
  minimise: boolean,
  fail: (column: number, problem: string) => UsageError,
): Objective {
  let root: MathNode;
  loadMathjs();
  try {
    root = mathjsParse(source);
  } catch (e) {
    // The parser's own stack overflow (brackets nested hundreds deep) is told by the caller.
    if (e instanceof RangeError) throw e;
    const err = e as Error & { char?: number };
    const message = err.message.replace(/\s*\(char \d+\)\s*$/, '');
    throw fail(offset + (typeof err.char === 'number' ? err.char : 1), message.charAt(0).toLowerCase() + message.slice(1));
  }
  const { masked, strings } = scan(source);
  const problem = firstProblem(root, masked, strings) as Problem | null;
  if (problem !== null) throw fail(offset + (problem.index < 0 ? 0 : problem.index) + 1, problem.message);

  const compiled = root.compile();
  let usesSlots = false;
  let usesCounts = false;
  let usesSettings = false;
  let usesCost = false;
  root.traverse((node, path, parent) => {
    const name = (node as MathNode & { name?: string }).name;
    if (node.type !== 'SymbolNode' || (parent?.type === 'FunctionNode' && path === 'fn')) return;
    if (name === 'ser' || name === 'err') usesSlots = true;
    if (name === 'tp' || name === 'fp' || name === 'fn') usesCounts = true;
    if (name === 'f' || name === 'k') usesSettings = true;
    if (name === 'cost') usesCost = true;
  });

  // One trial run: a wrong number of arguments and similar mistakes surface here, not per candidate.
  try {
    compiled.evaluate({ ...TRIAL });
  } catch (e) {
    const err = e as Error & { data?: { fn?: unknown } };
    // The number-only build names its implementations e.g. powNumber: report the name as written.
    const internal = typeof err.data?.fn === 'string' ? err.data.fn : undefined;
    const fnName = internal?.replace(/Number$/, '');
    const index = fnName === undefined ? -1 : findName(masked, fnName);
    let message = err.message.split('\n')[0].replace(/\s*\(expected:.*$/, '');
    if (internal !== undefined && fnName !== undefined) message = message.split(internal).join(fnName);
    throw fail(offset + (index < 0 ? 0 : index) + 1, `cannot be evaluated: ${message.charAt(0).toLowerCase() + message.slice(1)}`);
  }

  const description = `expression ${source.trim()}${minimise ? ' (lower is better)' : ''}`;
  return {
    text,
    minimise,
    description,
    usesSlots,
    usesCounts,
    usesSettings,
    usesCost,
    value(x: ObjectiveInput): number {
      try {
        // A fresh scope per call: mathjs may keep a reference to it, and a caller's object must
        // not leak other properties into the expression.
        return toNumber(compiled.evaluate({
          p: x.p, r: x.r, f: x.f, ser: x.ser, err: x.err, k: x.k, tp: x.tp, fp: x.fp, fn: x.fn, size: x.size, cost: x.cost,
        }));
      } catch {
        return Number.NaN;
      }
    },
  };
}
