/** `complan eval`: per-system scores. */
import type { Command } from 'commander';
import { UsageError } from '../../src/errors.js';
import { loadCorpus } from '../../src/formats/load.js';
import type { PairwiseTests } from '../../src/metrics/pairwise-tests.js';
import { renderLatex, renderMarkdown, renderText, useColor } from '../../src/report/table.js';
import type { Io } from '../io.js';
import { commandInputs, refuseOtherFigureFormat, refuseOutputsOverInputs, writeOutput } from '../outputs.js';
import {
  addFormatOption, addInputOptions, addMetricOptions, commandSettings, evalOptions, labelDistanceOf, loadOptions, outputFormat, printResult, printWarnings, samplesOption, seedOption,
  type InputFlags, type MetricFlags, type OutputFormat,
} from '../options.js';

type EvalFlags = InputFlags & MetricFlags & {
  format?: OutputFormat; schemas?: boolean; confusion?: boolean; svg?: string; significance?: boolean; samples: number; seed: number;
};

/** An integer of at least `min`, for `name`. */

export function registerEval(program: Command, io: Io): void {
  const cmd = program
    .command('eval')
    .description('score each system: P/R/F, K, SER with C/S/D/I, per type, macro, contingency indicators, token accuracy');
  addInputOptions(cmd);
  addMetricOptions(cmd);
  cmd
    .option('--schemas', 'also report nervaluate\'s SemEval-2013 schemas: strict, exact, partial, ent_type (COR/INC/PAR/MIS/SPU)')
    .option('--confusion', 'also give each system\'s type-confusion matrix (tables, JSON; CSV: the matrices instead of the scores)')
    .option('--svg <file>', 'also write the type-confusion matrices as an SVG heatmap')
    .option('--significance', 'also test every pair of systems: paired bootstrap and approximate randomization of ΔF over documents (sentences for one document)')
    .option('--samples <n>', 'resamples of each test of --significance', samplesOption, 1000)
    .option('--seed <n>', 'seed of the resamples of --significance', seedOption, 1);
  addFormatOption(cmd);
  cmd.action(async (systems: string[], flags: EvalFlags) => {
    // The tests' settings set nothing else: given without the tests, they would be recorded and unused.
    const given = ['samples', 'seed'].filter((k) => cmd.getOptionValueSource(k) === 'cli');
    if (flags.significance !== true && given.length > 0) {
      throw new UsageError(`${given.map((k) => `--${k}`).join(' and ')} ${given.length === 1 ? 'applies' : 'apply'} to --significance (the paired tests' resamples): add --significance, or leave ${given.length === 1 ? 'it' : 'them'} out`);
    }
    refuseOtherFigureFormat('--svg', flags.svg);
    refuseOutputsOverInputs([{ option: '--svg', path: flags.svg }], commandInputs(systems, flags.gold, [
      { what: 'the --label-distance file', path: flags.labelDistance }, { what: 'the --labels file', path: flags.labels },
    ]));
    // Loaded here, not at start-up: other commands never pay for them.
    const { evaluate } = await import('../../src/metrics/evaluate.js');
    const { evalContext, evalCsv, evalJson, evalTables } = await import('../../src/report/eval.js');
    const options = { ...evalOptions(flags, io), schemas: flags.schemas === true };
    const load = loadOptions(systems, flags, 'eval', io);
    if (flags.significance === true && systems.length < 2) {
      throw new UsageError('--significance compares systems: it needs at least two (usage: complan eval --significance --gold GOLD SYSTEM SYSTEM...)');
    }
    // Scores never show a token: a lone conlleval file's are counted, not kept.
    const corpus = loadCorpus({ ...load, keepTokens: false });
    printWarnings(corpus, io, options.types, labelDistanceOf(flags.labelDistance, options.labelDistance));
    const report = evaluate(corpus, options);
    warnCsvLeavesOut(flags, io);
    const confusion = flags.confusion === true ? await import('../../src/report/confusion.js') : undefined;
    if (flags.svg !== undefined) {
      const { confusionSvg } = await import('../../src/report/confusion.js');
      writeOutput('--svg', flags.svg, [confusionSvg(report)]);
    }
    let tests: PairwiseTests | undefined;
    let significance: typeof import('../../src/report/significance.js') | undefined;
    if (flags.significance === true) {
      const { PAIRWISE_TEST_OPTION_KEYS, pairwiseTests } = await import('../../src/metrics/pairwise-tests.js');
      const { pickKeys } = await import('../../src/metrics/option-keys.js');
      significance = await import('../../src/report/significance.js');
      // The scoring options the tests take (match, β, zero division, types): they refuse eval's others.
      tests = pairwiseTests(corpus, { ...pickKeys(options, PAIRWISE_TEST_OPTION_KEYS), samples: flags.samples, seed: flags.seed });
    }
    const tables = () => [
      ...evalTables(report), ...(confusion?.confusionTables(report) ?? []),
      ...(tests !== undefined ? [significance!.significanceTable(tests, evalContext(report))] : []),
    ];
    printResult(io, outputFormat(flags.format), commandSettings(cmd), {
      json: () => {
        const doc = evalJson(report, { confusion: flags.confusion === true });
        return tests === undefined ? doc : { ...doc, significance: significance!.significanceJson(tests) };
      },
      csv: () => (confusion === undefined ? evalCsv(report) : confusion.confusionCsv(report)),
      markdown: () => renderMarkdown(tables()),
      latex: () => renderLatex(tables()),
      table: () => renderText(tables(), { color: useColor(io.env, io.isTTY) }),
    });
  });
}

/** CSV is one table: says which asked-for reports it leaves out, rather than dropping them unsaid. */
function warnCsvLeavesOut(flags: EvalFlags, io: Io): void {
  if (outputFormat(flags.format) !== 'csv') return;
  const left = [flags.schemas === true ? '--schemas' : '', flags.significance === true ? '--significance' : ''].filter((f) => f !== '');
  if (left.length === 0) return;
  const table = flags.confusion === true ? 'the confusion matrices' : 'the scores';
  io.stderr(`complan: warning: ${left.join(' and ')} ${left.length > 1 ? 'are' : 'is'} not in the CSV, which holds one table (${table}); --format json, table, markdown or latex give ${left.length > 1 ? 'them' : 'it'}\n`);
}
