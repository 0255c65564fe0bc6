/** `complan eval`: per-system scores. */
import type { Command } from 'commander';
import { loadCorpus } from '../../src/formats/load.js';
import { renderLatex, renderMarkdown, renderText, useColor } from '../../src/report/table.js';
import type { Io } from '../io.js';
import {
  addFormatOption, addInputOptions, addMetricOptions, commandSettings, evalOptions, loadOptions, outputFormat, printResult, printWarnings,
  type InputFlags, type MetricFlags, type OutputFormat,
} from '../options.js';

type EvalFlags = InputFlags & MetricFlags & { format?: OutputFormat };

export function registerEval(program: Command, io: Io): void {
  const cmd = program
    .command('eval')
    .description('score each system: P/R/F, K, SER with C/S/D/I, per type, macro, contingency indicators');
  addInputOptions(cmd);
  addMetricOptions(cmd);
  addFormatOption(cmd);
  cmd.action(async (systems: string[], flags: EvalFlags) => {
    // Loaded here, not at start-up: other commands never pay for them.
    const { evaluate } = await import('../../src/metrics/evaluate.js');
    const { evalCsv, evalJson, evalTables } = await import('../../src/report/eval.js');
    const options = evalOptions(flags);
    const load = loadOptions(systems, flags);
    const corpus = loadCorpus(load);
    const report = evaluate(corpus, options);
    printWarnings(corpus, io, options.types);
    printResult(io, outputFormat(flags.format), commandSettings(cmd), {
      json: () => evalJson(report),
      csv: () => evalCsv(report),
      markdown: () => renderMarkdown(evalTables(report)),
      latex: () => renderLatex(evalTables(report)),
      table: () => renderText(evalTables(report), { color: useColor(io.env, io.isTTY) }),
    });
  });
}
