/** `complan compare`: the complementarity matrices and agreement of every pair of systems. */
import type { Command } from 'commander';
import { Option } from 'commander';
import { UsageError } from '../../src/errors.js';
import { loadCorpus } from '../../src/formats/load.js';
import { COMPARE_METRICS, DEFAULT_COMPARE_METRICS, type CompareMetric } from '../../src/report/compare-metrics.js';
import { renderLatex, renderMarkdown, renderText, useColor } from '../../src/report/table.js';
import type { Io } from '../io.js';
import { commandInputs, refuseOtherFigureFormat, refuseOutputsOverInputs, writeOutput } from '../outputs.js';
import {
  addFormatOption, addInputOptions, commandSettings, loadOptions, outputFormat, parseTypes, positiveNumber, printResult, printWarnings, withSuggested,
  type InputFlags, type OutputFormat,
} from '../options.js';

interface CompareFlags extends InputFlags {
  match: 'strict' | 'boundary';
  beta: number;
  types?: string;
  metric: CompareMetric[];
  examples: number;
  format?: OutputFormat;
  svg?: string;
}

/** `--match`: strict or boundary; overlap is refused with the reason. */
export function parseCompareMatch(v: string): 'strict' | 'boundary' {
  if (v === 'strict' || v === 'boundary') return v;
  if (v === 'overlap') {
    throw new UsageError('--match overlap does not apply to compare: complementarity counts the items two systems share, '
      + 'and two items are shared only when they are identical (strict: same span and type; boundary: same span)');
  }
  throw new UsageError(`--match expects strict or boundary, got "${v}"`);
}

/** `--metric`: a comma-separated list of measures, duplicates dropped, order kept. */
export function parseMetrics(v: string): CompareMetric[] {
  const names = v.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  if (names.length === 0) throw new UsageError(`--metric expects a comma-separated list of ${COMPARE_METRICS.join(', ')}`);
  for (const m of names) {
    if (!(COMPARE_METRICS as readonly string[]).includes(m)) {
      throw new UsageError(`--metric: unknown measure "${m}" (expected ${COMPARE_METRICS.join(', ')})`);
    }
  }
  return [...new Set(names)] as CompareMetric[];
}

function parseExamples(v: string): number {
  if (!/^\d+$/.test(v)) throw new UsageError(`--examples expects a number of items from 0, got "${v}"`);
  return Number(v);
}

export function registerCompare(program: Command, io: Io): void {
  const cmd = program
    .command('compare')
    .description('complementarity of every pair of systems: what B offers A (P/R/F_Comp, Comp), kappa, Jaccard; --svg draws a heatmap');
  addInputOptions(cmd);
  cmd
    .addOption(withSuggested(new Option('--match <mode>', 'what counts as the same item: strict (span and type) or boundary (span)').argParser(parseCompareMatch).default('strict'), ['strict', 'boundary']))
    .option('--beta <beta>', 'β of F_βComp', positiveNumber('--beta'), 1)
    .option('--types <types>', 'only these entity types, comma-separated')
    .addOption(new Option('--metric <list>', `matrices to show, comma-separated: ${COMPARE_METRICS.join(', ')}`)
      .argParser(parseMetrics).default([...DEFAULT_COMPARE_METRICS], DEFAULT_COMPARE_METRICS.join(',')))
    .option('--examples <n>', 'example items per cell of each pair, in the JSON', parseExamples, 3)
    .option('--svg <file>', 'also write a heatmap of the first --metric as SVG');
  addFormatOption(cmd);
  cmd.action(async (systems: string[], flags: CompareFlags) => {
    refuseOtherFigureFormat('--svg', flags.svg);
    refuseOutputsOverInputs([{ option: '--svg', path: flags.svg }], commandInputs(systems, flags.gold, [{ what: 'the --labels file', path: flags.labels }]));
    // Loaded here, not at start-up: other commands never pay for them (nor compare for the SVG without --svg).
    const { compareSystems } = await import('../../src/complementarity/matrix.js');
    const { compareCsv, compareJson, compareTables } = await import('../../src/report/compare.js');
    if (systems.length < 2) throw new UsageError('compare needs at least two systems (usage: complan compare --gold GOLD SYSTEM SYSTEM...)');
    const types = parseTypes(flags.types);
    const format = outputFormat(flags.format);
    const load = loadOptions(systems, flags, 'compare', io);
    const corpus = loadCorpus(load);
    printWarnings(corpus, io, types);
    const c = compareSystems(corpus, { match: flags.match, beta: flags.beta, types, examples: flags.examples });
    if (flags.svg !== undefined) {
      const { heatmapSvg } = await import('../../src/report/compare-svg.js');
      writeOutput('--svg', flags.svg, [heatmapSvg(c, flags.metric[0])]);
    }
    printResult(io, format, commandSettings(cmd), {
      json: () => compareJson(c),
      csv: () => compareCsv(c),
      markdown: () => renderMarkdown(compareTables(c, flags.metric)),
      latex: () => renderLatex(compareTables(c, flags.metric)),
      table: () => renderText(compareTables(c, flags.metric, io.columns ?? 100), { color: useColor(io.env, io.isTTY), width: io.columns ?? 100 }),
    });
  });
}
