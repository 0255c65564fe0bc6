import { expect } from 'vitest';
import { InputError, UsageError } from '../../src/errors.js';

/** The error `fn` throws (a test failure when it throws nothing). */
export function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected an error, nothing was thrown');
}

/** The error `fn` throws, which must be an InputError. */
export function inputError(fn: () => unknown): InputError {
  const err = thrown(fn);
  expect(err).toBeInstanceOf(InputError);
  return err as InputError;
}

/**
 * The UsageError `fn` throws for the unknown option `key`: about `param`, one line, naming the
 * key and, when given, the `suggestion` it is taken for a misspelling of.
 */
export function unknownOption(fn: () => unknown, key: string, suggestion?: string, param = 'options'): UsageError {
  const err = thrown(fn);
  expect(err).toBeInstanceOf(UsageError);
  expect((err as UsageError).param).toBe(param);
  expect(err.message).toContain(`${param}: unknown option "${key}"${suggestion === undefined ? ';' : ` (did you mean "${suggestion}"?)`}`);
  expect(err.message).toMatch(/; known options: /);
  expect(err.message).not.toMatch(/\n/);
  return err as UsageError;
}
