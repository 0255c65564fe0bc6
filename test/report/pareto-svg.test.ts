/**
 * paretoSvg's options are refused when misspelt rather than left out.
 */
import { describe, expect, it } from 'vitest';
import { paretoSvg } from '../../src/report/pareto-svg.js';
import { unknownOption } from '../helpers/errors.js';

const points = [{ x: 1, value: 0.8, label: 'a' }, { x: 2, value: 0.9, label: 'b' }];
const options = { axis: 'size' as const, objective: 'F1', minimise: false, format: (v: number) => v.toFixed(2) };

describe('paretoSvg: option names', () => {
  it('refuses a misspelt option, naming it and the option meant, and takes it spelt right', () => {
    unknownOption(() => paretoSvg(points, { ...options, plotsize: 200 } as never), 'plotsize', 'plotSize');
    unknownOption(() => paretoSvg(points, { ...options, minimize: true } as never), 'minimize', 'minimise');
    expect(paretoSvg(points, { ...options, plotSize: 200 })).toContain('<svg');
  });
});
