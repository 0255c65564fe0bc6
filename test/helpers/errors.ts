import { expect } from 'vitest';
import { InputError } from '../../src/errors.js';

/** The error `fn` throws, which must be an InputError. */
export function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(InputError);
    return err as InputError;
  }
  throw new Error('expected an InputError, nothing was thrown');
}
