/**
 * Fuzzing what users type and the small files they hand over besides the data: objective
 * expressions, weights, saved plans and label distances. Random mutations of valid values
 * (characters inserted, deleted and repeated; mathjs's other operators; control characters;
 * deep nesting; long runs; keys such as `__proto__`) must give a value or a clean one-line
 * usage or input error — never another exception (a stack overflow, an internal error of
 * mathjs) — and a parsed objective must evaluate to a number or NaN on any scores.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWeights } from '../../src/ensemble/rules.js';
import { InputError, UsageError } from '../../src/errors.js';
import { parseLabelDistance } from '../../src/metrics/graded.js';
import { parseObjective } from '../../src/plan/objective.js';
import { parsePlanFile } from '../../src/plan/plan-file.js';

const SCALE = Math.max(1, Number(process.env.COMPLAN_FUZZ_SCALE ?? 1) || 1);
const runs = (n: number) => ({ numRuns: Math.round(n * SCALE) });

/** Pieces mutations insert: operators of mathjs's grammar, brackets, quotes, controls, names. */
const PIECES = [
  '.*', './', '.^', '*', '/', '^', '+', '-', '!', "'", '"', '(', ')', '[', ']', '{', '}', ':', ';', '?', ',', '=', '==',
  '<', '>', '&', '|', '~', ' ', '\n', '\u001b[31m', '\u0000', '\u202e', 'p', 'r', 'f', 'ser', 'size', 'cost', 'x', 'min:',
  'max(', 'sqrt(', 'log(', '1e308', '0', 'NaN', 'Infinity', 'to', 'in', 'end', 'i', 'mod', 'and', 'not', '__proto__',
];

/** A mutation of `seed`: `edits` insertions, deletions or repetitions at random places. */
function mutated(seed: string): fc.Arbitrary<string> {
  const edit = fc.tuple(fc.nat(), fc.integer({ min: 0, max: 3 }), fc.constantFrom(...PIECES), fc.integer({ min: 1, max: 400 }));
  return fc.array(edit, { minLength: 1, maxLength: 6 }).map((edits) => {
    let s = seed;
    for (const [at, kind, piece, count] of edits) {
      const k = s.length === 0 ? 0 : at % (s.length + 1);
      if (kind === 0) s = s.slice(0, k) + piece + s.slice(k);
      else if (kind === 1) s = s.slice(0, k) + s.slice(k + 1);
      else if (kind === 2) s = s.slice(0, k) + piece.repeat(count) + s.slice(k);
      else s = s.slice(0, k) + '('.repeat(count) + s.slice(k) + ')'.repeat(count);
    }
    return s;
  });
}

const SCORES = fc.record({
  p: fc.double(), r: fc.double(), f: fc.double(), ser: fc.double(), err: fc.double(), k: fc.double(),
  tp: fc.double(), fp: fc.double(), fn: fc.double(), size: fc.integer(), cost: fc.double(),
});

describe('objective expressions', () => {
  const seeds = ['f1', 'f - 0.002*size', 'min(p, r)', 'min:ser + 0.01*cost', 'f - 0.01*(size > 3)', 'k:2:0.5', 'f:2', '(p + r) / 2'];
  it('parse to an objective or a usage error, and evaluate to a number or NaN', () => {
    fc.assert(
      fc.property(fc.constantFrom(...seeds).chain(mutated), SCORES, (text, scores) => {
        let objective;
        try {
          objective = parseObjective(text, { optionName: '--objective' });
        } catch (err) {
          expect(err, String(err)).toBeInstanceOf(UsageError);
          expect((err as Error).message).toMatch(/^--objective/);
          return;
        }
        const v = objective.value(scores);
        expect(typeof v).toBe('number');
        expect(Number.isNaN(v) || Number.isFinite(v)).toBe(true);
      }),
      runs(600),
    );
  });
});

describe('weights', () => {
  it('parse or fail with one line', () => {
    fc.assert(
      fc.property(fc.constantFrom('a=1,b=2', 'f1', 'label-f1', 'a=0.5').chain(mutated), (text) => {
        try {
          parseWeights(text);
        } catch (err) {
          expect(err).toBeInstanceOf(Error);
          expect((err as Error).message).not.toMatch(/\n/);
        }
      }),
      runs(300),
    );
  });
});

const PLAN = JSON.stringify({
  schemaVersion: 1, kind: 'complan-plan', rule: 'weighted', weights: { a: 0.9, b: 0.8, c: 0.7 }, members: ['a', 'b', 'c'],
  tieBreak: ['a', 'c', 'b'], chosenBy: 'selection', objective: 'f1',
}, null, 2);

describe('saved plans', () => {
  it('read as a plan or an input error naming the file', () => {
    fc.assert(
      fc.property(mutated(PLAN), (text) => {
        try {
          parsePlanFile(text, 'p.json');
        } catch (err) {
          expect(err, String(err)).toBeInstanceOf(InputError);
          expect((err as Error).message).toMatch(/^p\.json/);
        }
      }),
      runs(300),
    );
  });
});

describe('label distances', () => {
  const seed = '{"PER": {"ORG": 0.5, "LOC": 1}, "__proto__": {"PER": 0.2}, "MISC": {"LOC": 0.25}}';
  it('parse or fail with an error of one line', () => {
    fc.assert(
      fc.property(mutated(seed), (text) => {
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          return;
        }
        try {
          parseLabelDistance(json);
        } catch (err) {
          expect(err, String(err)).toBeInstanceOf(Error);
          expect(err).not.toBeInstanceOf(RangeError);
          expect((err as Error).message.length).toBeLessThan(400);
        }
      }),
      runs(300),
    );
  });
});

describe('rules', () => {
  it('parse or fail with one line', async () => {
    const { parseRule } = await import('../../src/ensemble/rules.js');
    fc.assert(
      fc.property(fc.constantFrom('kofn:2', 'vote', 'majority', 'weighted').chain(mutated), (text) => {
        try {
          parseRule(text);
        } catch (err) {
          expect((err as Error).message).not.toMatch(/\n/);
        }
      }),
      runs(200),
    );
  });
});

/** Names as hostile files hold them: control characters, escape sequences, bidirectional marks, long runs, `__proto__`. */
const hostileName = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }),
  fc.constantFrom('__proto__', 'constructor', 'a\u001b[2J\nb', '\u202eevil', 'x'.repeat(5000), 'tab\there'),
);

describe('saved plans naming hostile systems', () => {
  it('read as a plan, or fail with one line that holds no raw control character and stays short', () => {
    fc.assert(
      fc.property(fc.uniqueArray(hostileName, { minLength: 1, maxLength: 4 }), hostileName, fc.constantFrom('vote', 'weighted', 'union'), fc.nat(3),
        (members, stranger, rule, twist) => {
          const systems = twist === 0 ? members.slice(1) : members;
          const plan: Record<string, unknown> = {
            schemaVersion: 1, kind: 'complan-plan', rule, members: twist === 1 ? [...members, stranger] : members,
            chosenBy: 'selection', objective: 'f1', planning: { objective: 0.5, f: 0.5, precision: 0.5, recall: 0.5 }, systems,
          };
          if (rule === 'weighted') plan.weights = Object.fromEntries(members.map((m, k) => [m, twist === 2 ? 0 : k + 1]));
          if (twist === 3) plan.tieBreak = [stranger];
          try {
            parsePlanFile(JSON.stringify(plan), 'p.json');
          } catch (err) {
            expect(err, String(err)).toBeInstanceOf(InputError);
            const message = (err as Error).message;
            // eslint-disable-next-line no-control-regex
            expect(message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
            expect(message.length).toBeLessThan(1500);
          }
        }),
      runs(300),
    );
  });
});

describe('label lists (--labels files)', () => {
  const seeds = ['O\nB-PER\nI-PER\nB-ORG\nI-ORG\n', '["O", "B-PER", "I-PER"]', '{"id2label": {"0": "O", "1": "B-PER"}}'];
  it('parse or fail with one input error of one line naming the file', async () => {
    const { parseLabelList } = await import('../../src/formats/labels.js');
    fc.assert(
      fc.property(fc.constantFrom(...seeds).chain(mutated), (text) => {
        try {
          parseLabelList(text, 'labels.txt');
        } catch (err) {
          expect(err, String(err)).toBeInstanceOf(InputError);
          const message = (err as Error).message;
          expect(message).toMatch(/^labels\.txt/);
          // eslint-disable-next-line no-control-regex
          expect(message).not.toMatch(/[\n\r\u001b\u0000]/);
        }
      }),
      runs(300),
    );
  });
});
