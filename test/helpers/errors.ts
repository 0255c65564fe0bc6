import { expect } from 'vitest';
import { InputError } from '../../src/errors.js';

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
