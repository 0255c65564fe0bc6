import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { conllevalPercent, expressionValue, fixed, jsonNumber, percent, pIs, pText, UNDEFINED } from '../../src/report/number.js';
import { amountDecimals, signedAmount } from '../../src/plan/scores.js';

describe('fixed', () => {
  it('rounds exact binary ties to even, as C printf does', () => {
    expect(fixed(92.125, 2)).toBe('92.12'); // toFixed would give 92.13
    expect(fixed(92.375, 2)).toBe('92.38');
    expect(fixed(0.5, 0)).toBe('0');
    expect(fixed(1.5, 0)).toBe('2');
    expect(fixed(2.5, 0)).toBe('2');
  });

  it('rounds non-ties to nearest', () => {
    expect(fixed(93.0249999, 2)).toBe('93.02');
    expect(fixed(93.025000001, 2)).toBe('93.03');
    expect(fixed(100, 2)).toBe('100.00');
  });

  it('agrees with toFixed except on exact ties', () => {
    fc.assert(fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), (x) => {
      const tail = x.toFixed(100).split('.')[1].slice(2);
      if (!/^50*$/.test(tail)) expect(fixed(x, 2)).toBe(x.toFixed(2));
    }));
  });

  it('prints undefined values as a dash and infinities as ∞', () => {
    expect(fixed(null)).toBe(UNDEFINED);
    expect(fixed(Number.NaN)).toBe(UNDEFINED);
    expect(fixed(Infinity)).toBe('∞');
    expect(percent(undefined)).toBe(UNDEFINED);
    // An infinite rate is undefined (SER of errors against no gold item), as JSON's null says.
    expect(percent(Infinity)).toBe(UNDEFINED);
  });
});

describe('percent and conllevalPercent', () => {
  it('prints fractions as percentages', () => {
    expect(percent(0.9278)).toBe('92.78');
    expect(percent(1.2)).toBe('120.00');
  });

  it('computes 100·num/den like conlleval, and 0 for an empty denominator', () => {
    expect(conllevalPercent(5268, 5678)).toBe((100 * 5268) / 5678);
    expect(conllevalPercent(0, 0)).toBe(0);
  });
});

describe('jsonNumber', () => {
  it('keeps finite numbers and turns the rest into null', () => {
    expect(jsonNumber(0.5)).toBe(0.5);
    expect(jsonNumber(Infinity)).toBeNull();
    expect(jsonNumber(Number.NaN)).toBeNull();
    expect(jsonNumber(null)).toBeNull();
  });
});

describe('pText', () => {
  it('shows two decimals from 0.1, three below, "< 0.001" below that, and — for no p', () => {
    expect([0.46, 0.1, 0.0999, 0.055, 0.001, 1 / 1001, 0.0001].map(pText)).toEqual(['0.46', '0.10', '0.10', '0.055', '0.001', '< 0.001', '< 0.001']);
    expect(pText(Number.NaN)).toBe(UNDEFINED);
    expect(pText(1)).toBe('1.00');
  });

  it('never shows an exact k/2^n below itself: one or two more digits give it exactly', () => {
    // Ties that printf's round-half-to-even would round down (1/16 as 0.062 beside "p ≥ 1/16").
    expect([1 / 16, 1 / 8, 1 / 32, 5 / 16, 2 / 64].map(pText)).toEqual(['0.0625', '0.125', '0.03125', '0.3125', '0.03125']);
    // Rounded up, not exact within two more digits, or no k/2^n (a resampled p of --samples 999): as before.
    expect([3 / 8, 1 / 64, 3 / 64, 1 / 128, 0.0123, 0.46].map(pText)).toEqual(['0.38', '0.016', '0.047', '0.008', '0.012', '0.46']);
  });

  it('never rounds a p-value up onto 0.05 or 0.01: it is cut to four decimals there', () => {
    expect([10 / 1001, 50 / 1001, 0.051, 0.0105, 0.049].map(pText)).toEqual(['0.0099', '0.0499', '0.051', '0.011', '0.049']);
  });

  it('puts a p-value in a sentence: p = x, or p < 0.001', () => {
    expect([0.46, 0.012, 0.0004].map(pIs)).toEqual(['p = 0.46', 'p = 0.012', 'p < 0.001']);
  });
});

describe('expressionValue and signed amounts of objectives other than rates', () => {
  it('writes a whole number without decimals and any other with four', () => {
    expect(expressionValue(172)).toBe('172');
    expect(expressionValue(-3)).toBe('-3');
    expect(expressionValue(0)).toBe('0');
    expect(expressionValue(29.4)).toBe('29.4000');
    expect(expressionValue(0.96718)).toBe('0.9672');
    expect(expressionValue(NaN)).toBe(UNDEFINED);
    expect(expressionValue(null)).toBe(UNDEFINED);
    expect(expressionValue(Infinity)).toBe('∞');
  });

  it('signs a difference of counts without decimals, of anything else with four', () => {
    expect(signedAmount(25, false)).toBe('+25');
    expect(signedAmount(-2, false)).toBe('-2');
    expect(signedAmount(0, false)).toBe('0');
    expect(signedAmount(-0.2, false, 0)).toBe('0');
    expect(signedAmount(2.5, false)).toBe('+2.5000');
    // Whole beside fractions, at the decimals an interval asks for: the whole one stays whole.
    expect([-2.3333, 0, 4].map((x) => signedAmount(x, false, 4))).toEqual(['-2.3333', '0', '+4']);
    expect(signedAmount(0.0123, true)).toBe('+1.23');
    expect(signedAmount(1, true)).toBe('+100.00');
  });

  it('gives an interval of whole differences no decimals, and one with a fraction the decimals its sign needs', () => {
    expect(amountDecimals([3, -1, 7], false)).toBe(0);
    expect(amountDecimals([3, NaN], false)).toBe(0);
    expect(amountDecimals([3, 0.5], false)).toBe(4);
    expect(amountDecimals([0.00002], false)).toBe(5);
    expect(amountDecimals([1, 2], true)).toBe(2);
  });
});
