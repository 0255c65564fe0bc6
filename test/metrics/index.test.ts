import { describe, expect, it } from 'vitest';
import * as metrics from '../../src/metrics/index.js';

describe('metrics index', () => {
  it('re-exports every public function', () => {
    const names = [
      'fBeta', 'prf', 'addCounts', 'sumCounts', 'isZeroDivision', 'macroAverage', 'kMeasure',
      'errorRates', 'parseSerWeights', 'indicators', 'parseLabelDistance', 'gradedPrf', 'rankWeight', 'dMeasure',
      'tokenAccuracy', 'tokenAccuracyWithoutMarkers',
    ] as const;
    for (const name of names) expect(typeof metrics[name]).toBe('function');
    expect(metrics.ZERO_DIVISION_MODES).toEqual(['gerbil', 'zero', 'one']);
    expect(metrics.DEFAULT_SER_WEIGHTS).toEqual({ s: 1, d: 1, i: 1 });
  });
});
