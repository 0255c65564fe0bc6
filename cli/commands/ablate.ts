/**
 * `complan ablate --baseline NAME`: compares every other system (a variant of the baseline, e.g.
 * a feature ablation) with the baseline — score deltas, complementarity both ways, Jaccard, the
 * items gained, lost, introduced and removed, and the flag "same score, different behaviour".
 * A system argument `NAME=PATH,PATH,...` is a group of runs (seeds, or architectures paired by
 * position with `--paired`): each variant group then gets the mean and standard deviation of its
 * deltas, a paired test, a verdict and the items that change in every run.
 */
import type { Command } from 'commander';
import {
  ABLATION_OVERLAP_REASON, DEFAULT_ABLATION_EXAMPLES, DEFAULT_ABLATION_SAMPLES, DEFAULT_ABLATION_SEED, DEFAULT_DIFFERENT, DEFAULT_SAME_F,
} from '../../src/ablation/defaults.js';
import { checkDistinctRuns, checkPaired, parseGroupArg, resolveBaseline, type GroupSpec } from '../../src/ablation/group-args.js';
import { showName, showValue, UsageError } from '../../src/errors.js';
import { loadCorpus } from '../../src/formats/load.js';
import { RUN_COUNTS_TWICE, warnSameSystems } from '../../src/formats/same-systems.js';
import { checkStdinOnce } from '../../src/formats/source.js';
// Static: eval and compare, registered beside this command, import it at start-up anyway.
import { renderMarkdown, renderText, useColor } from '../../src/report/table.js';
import type { Io } from '../io.js';
import { refuseOutputsOverInputs } from '../outputs.js';
import {
  addFormatOption, addInputOptions, addMetricOptions, commandSettings, evalOptions, loadOptions, outputFormat, printResult, printWarnings, samplesOption, seedOption,
  stdinUses, type InputFlags, type MetricFlags, type OutputFormat,
} from '../options.js';

type AblateFlags = InputFlags & MetricFlags & {
  baseline: string;
  sameF: number;
  different: number;
  examples: number;
  paired?: boolean;
  samples: number;
  seed: number;
  format?: OutputFormat;
};

/** From this `--same-f` on (ten F points), a note says what it means: likely points given for a fraction. */
export const SAME_F_NOTE_FROM = 0.1;

/** A fraction in [0, 1], e.g. `--same-f 0.005`; `example` says what one value means. */
export function fraction(name: string, example: string) {
  return (v: string): number => {
    const x = Number(v);
    if (v.trim() === '' || !Number.isFinite(x) || x < 0 || x > 1) {
      throw new UsageError(`${name} expects a fraction from 0 to 1 (${example}), got "${v}"`);
    }
    return x;
  };
}

function parseExamples(v: string): number {
  if (!/^\d+$/.test(v)) throw new UsageError(`--examples expects a number of items from 0, got "${v}"`);
  return Number(v);
}

/** A whole number from `min`, e.g. `--samples 1000`. */

const USAGE = 'complan ablate --baseline NAME --gold GOLD BASELINE VARIANT...';

/**
 * The groups of runs of the command line and the baseline group's name: every system argument
 * read as a group ({@link parseGroupArg}), `--baseline` resolved by name or path
 * ({@link resolveBaseline}); then the checks of {@link checkAblateArgs}, and with `--paired`
 * equal numbers of runs. Nothing is read but whether files exist.
 */
export function ablateGroupsOf(systems: readonly string[], baseline: string, match: string, paired: boolean): { groups: GroupSpec[]; baseline: string } {
  if (match === 'overlap') throw new UsageError(`--match overlap does not apply to ablate: ${ABLATION_OVERLAP_REASON}`);
  const given = systems.map(parseGroupArg);
  if (given.length < 1) throw new UsageError(`ablate needs the baseline and at least one variant (usage: ${USAGE})`);
  const resolved = resolveBaseline(given, baseline);
  checkAblateArgs(resolved.groups.map((g) => g.name), resolved.baseline, match);
  checkDistinctRuns(resolved.groups);
  if (paired) checkPaired(resolved.groups, resolved.baseline);
  return resolved;
}

/**
 * Checks the command line before anything is read: at least two systems, and a `--baseline`
 * that names one of them (by its `name=` or file stem); `--match overlap` is refused with the
 * reason, as `compare` refuses it.
 */
export function checkAblateArgs(names: readonly string[], baseline: string, match: string): void {
  if (match === 'overlap') throw new UsageError(`--match overlap does not apply to ablate: ${ABLATION_OVERLAP_REASON}`);
  if (names.length < 2) throw new UsageError(`ablate needs the baseline and at least one variant (usage: ${USAGE})`);
  if (!names.includes(baseline)) {
    throw new UsageError(`--baseline: no system named ${showValue(baseline)} (systems: ${names.map((n) => showName(n)).join(', ')})`);
  }
}

export function registerAblate(program: Command, io: Io): void {
  const cmd = program
    .command('ablate')
    .description('compare each variant with a baseline: score deltas, complementarity both ways, items gained and lost, '
      + 'and a flag for "same score, different behaviour"');
  addInputOptions(cmd, 'the baseline and its variants: files, directories (one document a file, or BRAT), - for standard input, name=path, or groups of runs NAME=PATH,PATH,...');
  addMetricOptions(cmd, ['strict', 'boundary'], false);
  cmd
    .requiredOption('--baseline <name>', 'the system or group the others are variants of (its name=, file stem, or a path)')
    .option('--same-f <x>', 'the flag\'s "same score": |ΔF| below this fraction (0.005 = half a point)', fraction('--same-f', '0.005 = half a point'), DEFAULT_SAME_F)
    .option('--different <x>', 'the flag\'s "different behaviour": F_Comp above this fraction in either direction',
      fraction('--different', `an F_Comp: 0.25, the default, is one system fixing about a quarter of the other's errors`), DEFAULT_DIFFERENT)
    .option('--examples <n>', 'example items per list (gained, lost, introduced, removed); counts are always complete',
      parseExamples, DEFAULT_ABLATION_EXAMPLES)
    .option('--paired', 'groups of runs (NAME=PATH,PATH,...): pair each variant run with the baseline run in the same position')
    .option('--samples <n>', 'resamples of each paired test (bootstrap and approximate randomization)', samplesOption, DEFAULT_ABLATION_SAMPLES)
    .option('--seed <n>', 'seed of the resamples', seedOption, DEFAULT_ABLATION_SEED);
  addFormatOption(cmd);
  cmd.action(async (systems: string[], flags: AblateFlags) => {
    const options = evalOptions(flags, io);
    // Scores are shown in points, and `--same-f 0.5` reads naturally as half a point.
    if (flags.sameF >= SAME_F_NOTE_FROM) {
      io.stderr(`complan: note: --same-f ${flags.sameF} counts F scores up to ${(100 * flags.sameF).toFixed(2)} points apart as the same score; it is a fraction (0.005 = half a point)\n`);
    }
    const base = loadOptions(systems, flags, 'ablate', io);
    const { groups, baseline } = ablateGroupsOf(systems, flags.baseline, flags.match, flags.paired === true);
    const runs = groups.flatMap((g) => g.runs);
    checkStdinOnce(stdinUses(base.gold, runs));
    // No outputs but standard output, which must not be an input (`>> run.conll`).
    refuseOutputsOverInputs([], [
      { what: 'the gold file', path: base.gold }, ...runs.map((r) => ({ what: `the system "${r.name}"`, path: r.path })), { what: 'the --labels file', path: flags.labels },
    ]);
    // An ablation combines nothing: runs that repeat one another are not an ensemble's concern.
    const load = { ...base, systems: runs, warnSameSystems: false };
    // Loaded here, not at start-up: other commands never pay for them.
    const { ablateGroups } = await import('../../src/ablation/groups.js');
    const { groupCsv, groupJson, groupLatex, groupTables } = await import('../../src/report/ablate-groups.js');
    const corpus = loadCorpus(load);
    // Within a group, a run that repeats another (a copy, the same items) passes for two runs that agree.
    for (const g of groups) {
      if (g.runs.length > 1) warnSameSystems(g.runs.map((r) => corpus.systems.find((s) => s.name === r.name)!), new Set(), RUN_COUNTS_TWICE);
    }
    printWarnings(corpus, io, options.types);
    const a = ablateGroups(corpus, groups.map((g) => ({ name: g.name, runs: g.runs.map((r) => r.name) })), baseline, {
      ...options, sameF: flags.sameF, different: flags.different, examples: flags.examples,
      paired: flags.paired === true, samples: flags.samples, seed: flags.seed,
    });
    printResult(io, outputFormat(flags.format), commandSettings(cmd), {
      json: () => groupJson(a),
      csv: () => groupCsv(a),
      markdown: () => renderMarkdown(groupTables(a)),
      latex: () => groupLatex(a),
      table: () => renderText(groupTables(a), { color: useColor(io.env, io.isTTY) }),
    });
  });
}
