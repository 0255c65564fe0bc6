/**
 * Argument checks shared by the metric functions (internal; not re-exported).
 *
 * The metrics are pure arithmetic; these guards make a caller's mistake (a negative count, a
 * NaN, β ≤ 0) fail loudly with a RangeError instead of yielding a plausible-looking number.
 */
import { showValue } from '../errors.js';

/** Throws a RangeError unless `value` is a finite number ≥ 0. */
export function assertNonNegative(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0) {
    throw new RangeError(`${name} must be a finite non-negative number, got ${shown(value)}`);
  }
}

/** Throws a RangeError unless `value` is a finite number > 0. */
export function assertPositive(name: string, value: number): void {
  if (!Number.isFinite(value) || value <= 0) {
    throw new RangeError(`${name} must be a finite positive number, got ${shown(value)}`);
  }
}

/** Throws a RangeError unless `value` is a finite number in [0, 1]. */
export function assertUnit(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    throw new RangeError(`${name} must be a number in [0, 1], got ${shown(value)}`);
  }
}

/** A value as these errors show it: a number as it prints (NaN, Infinity, -0 as 0), anything else as JSON (a string "1" is not the number 1). */
function shown(value: unknown): string {
  return typeof value === 'number' ? String(value) : showValue(value);
}
