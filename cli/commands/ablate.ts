/**
 * `complan ablate --baseline NAME`: compares every other system (a variant of the baseline, e.g.
 * a feature ablation) with the baseline — score deltas, complementarity both ways, Jaccard, the
 * items gained, lost, introduced and removed, and the flag "same score, different behaviour".
 */
import type { Command } from 'commander';
import {
  ABLATION_OVERLAP_REASON, DEFAULT_ABLATION_EXAMPLES, DEFAULT_DIFFERENT, DEFAULT_SAME_F,
} from '../../src/ablation/defaults.js';
import { UsageError } from '../../src/errors.js';
import { loadCorpus } from '../../src/formats/load.js';
// Static: eval and compare, registered beside this command, import it at start-up anyway.
import { renderMarkdown, renderText, useColor } from '../../src/report/table.js';
import type { Io } from '../io.js';
import {
  addFormatOption, addInputOptions, addMetricOptions, commandSettings, evalOptions, loadOptions, outputFormat, printResult, printWarnings,
  type InputFlags, type MetricFlags, type OutputFormat,
} from '../options.js';

type AblateFlags = InputFlags & MetricFlags & {
  baseline: string;
  sameF: number;
  different: number;
  examples: number;
  format?: OutputFormat;
};

/** A fraction in [0, 1], e.g. `--same-f 0.005`. */
export function fraction(name: string) {
  return (v: string): number => {
    const x = Number(v);
    if (v.trim() === '' || !Number.isFinite(x) || x < 0 || x > 1) {
      throw new UsageError(`${name} expects a fraction from 0 to 1 (0.005 = half a point), got "${v}"`);
    }
    return x;
  };
}

function parseExamples(v: string): number {
  if (!/^\d+$/.test(v)) throw new UsageError(`--examples expects a number of items from 0, got "${v}"`);
  return Number(v);
}

const USAGE = 'complan ablate --baseline NAME --gold GOLD BASELINE VARIANT...';

/**
 * Checks the command line before anything is read: at least two systems, and a `--baseline`
 * that names one of them (by its `name=` or file stem); `--match overlap` is refused with the
 * reason, as `compare` refuses it.
 */
export function checkAblateArgs(names: readonly string[], baseline: string, match: string): void {
  if (match === 'overlap') throw new UsageError(`--match overlap does not apply to ablate: ${ABLATION_OVERLAP_REASON}`);
  if (names.length < 2) throw new UsageError(`ablate needs the baseline and at least one variant (usage: ${USAGE})`);
  if (!names.includes(baseline)) {
    throw new UsageError(`--baseline: no system named "${baseline}" (systems: ${names.join(', ')})`);
  }
}

export function registerAblate(program: Command, io: Io): void {
  const cmd = program
    .command('ablate')
    .description('compare each variant with a baseline: score deltas, complementarity both ways, items gained and lost, '
      + 'and a flag for "same score, different behaviour"');
  addInputOptions(cmd);
  addMetricOptions(cmd);
  cmd
    .requiredOption('--baseline <name>', 'the system the others are variants of (its name=, or file stem)')
    .option('--same-f <x>', 'the flag\'s "same score": |ΔF| below this fraction', fraction('--same-f'), DEFAULT_SAME_F)
    .option('--different <x>', 'the flag\'s "different behaviour": F_Comp above this fraction in either direction',
      fraction('--different'), DEFAULT_DIFFERENT)
    .option('--examples <n>', 'example items per list (gained, lost, introduced, removed); counts are always complete',
      parseExamples, DEFAULT_ABLATION_EXAMPLES);
  addFormatOption(cmd);
  cmd.action(async (systems: string[], flags: AblateFlags) => {
    const options = evalOptions(flags);
    const load = loadOptions(systems, flags, 'ablate', io);
    checkAblateArgs(load.systems.map((s) => s.name), flags.baseline, flags.match);
    // Loaded here, not at start-up: other commands never pay for them.
    const { ablate } = await import('../../src/ablation/ablate.js');
    const { ablateCsv, ablateJson, ablateLatex, ablateTables } = await import('../../src/report/ablate.js');
    const corpus = loadCorpus(load);
    printWarnings(corpus, io, options.types);
    const a = ablate(corpus, flags.baseline, {
      ...options, sameF: flags.sameF, different: flags.different, examples: flags.examples,
    });
    printResult(io, outputFormat(flags.format), commandSettings(cmd), {
      json: () => ablateJson(a),
      csv: () => ablateCsv(a),
      markdown: () => renderMarkdown(ablateTables(a)),
      latex: () => ablateLatex(a),
      table: () => renderText(ablateTables(a), { color: useColor(io.env, io.isTTY) }),
    });
  });
}
