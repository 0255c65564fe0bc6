/**
 * evalJson's options are refused when misspelt rather than left out.
 */
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/metrics/evaluate.js';
import { evalJson } from '../../src/report/eval.js';
import { makeCorpus, span } from '../helpers/corpus.js';
import { unknownOption } from '../helpers/errors.js';

const report = evaluate(makeCorpus([span(0, 2, 'PER'), span(3, 4, 'LOC')], [[span(0, 2, 'LOC')]], ['a']));

describe('evalJson: option names', () => {
  it('refuses a misspelt option, naming it and the option meant, and takes it spelt right', () => {
    unknownOption(() => evalJson(report, { confussion: true } as never), 'confussion', 'confusion');
    const systems = (doc: object) => (doc as { systems: Array<Record<string, unknown>> }).systems;
    expect(systems(evalJson(report, { confusion: true }))[0].confusion).toBeDefined();
    expect(systems(evalJson(report))[0].confusion).toBeUndefined();
  });
});
