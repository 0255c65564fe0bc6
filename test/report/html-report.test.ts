/**
 * htmlReport's options, and the plan's among them, are refused when misspelt rather than left out.
 */
import { describe, expect, it } from 'vitest';
import { htmlReport, htmlReportInput } from '../../src/report/html-report.js';
import { makeCorpus, span } from '../helpers/corpus.js';
import { unknownOption } from '../helpers/errors.js';

const gold = [span(0, 2, 'PER'), span(10, 11, 'LOC'), span(20, 22, 'ORG'), span(30, 31, 'PER')];
const corpus = makeCorpus(gold, [gold.slice(0, 3), gold.slice(1), [gold[0], gold[3]]], ['a', 'b', 'c']);

describe('htmlReport: option names', () => {
  it('refuses a misspelt option, naming it and the option meant', () => {
    unknownOption(() => htmlReport(corpus, { basline: 'a' } as never), 'basline', 'baseline');
    unknownOption(() => htmlReportInput(corpus, { titel: 'x' } as never), 'titel', 'title');
  });

  it('refuses a misspelt option of the plan as one of plan', () => {
    unknownOption(() => htmlReport(corpus, { plan: { fold: 0 } } as never), 'fold', 'folds', 'plan');
  });

  it('takes the options spelt right', () => {
    const input = htmlReportInput(corpus, { title: 'Mine', baseline: 'a', plan: { folds: 0, top: 2 } });
    expect(input.title).toBe('Mine');
    expect(input.ablation?.baseline).toBe('a');
    expect(input.top).toBe(2);
  });
});
