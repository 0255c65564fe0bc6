/**
 * Options shared by the commands: inputs, metric settings and output format,
 * with their parsing into library options. Bad values are usage errors (exit 1).
 */
import { existsSync, lstatSync, statSync } from 'node:fs';
import { Command, InvalidArgumentError, Option } from 'commander';
import { escapeControls, InputError, showValue, UsageError } from '../src/errors.js';
import { plusAmbiguousNames } from '../src/model/name-list.js';
import { INVALID_TAGS, TAG_SCHEMES, type InvalidTags, type TagScheme } from '../src/formats/segment.js';
import { DEFAULT_LOAD_OPTIONS, parseSystemArg, type InputSpec, type LoadOptions } from '../src/formats/load.js';
import { sameFile as sameFileOf } from '../src/formats/gold-copy.js';
import { checkStdinOnce } from '../src/formats/source.js';
import { parseLabelList, splitLabelList } from '../src/formats/labels.js';
import { typesOf } from '../src/formats/unknown-types.js';
import { jsonFileDetail, jsonSyntax } from '../src/formats/json-syntax.js';
import type { Corpus, InputFormat } from '../src/model/corpus.js';
import type { Io } from './io.js';
import { parseSerWeights } from '../src/metrics/errors.js';
import { labelsNamed, parseLabelDistance, type LabelDistance } from '../src/metrics/graded.js';
import { ZERO_DIVISION_MODES, type ZeroDivision } from '../src/metrics/prf.js';
import { MATCH_MODES, type MatchMode } from '../src/metrics/slots.js';
import type { EvalOptions } from '../src/metrics/evaluate.js';
import { DEFAULT_SER_WEIGHTS } from '../src/metrics/errors.js';
import { parseWeights, type WeightSpec } from '../src/ensemble/rules.js';
import { runSettings, signatureLine, withSettings, type RunSettings } from '../src/report/settings.js';
import { UNTYPED } from '../src/report/type-name.js';
import { terminalLine } from '../src/report/terminal-text.js';
import { bytesProgress, createProgress, NO_PROGRESS, readingProgress, type Progress } from './progress.js';
import { MAX_JSON_DEPTH, readSmallTextFile, tooDeepAt } from '../src/formats/json-file.js';
import { checkGoldTypes, MAX_SAMPLES, MAX_SEED } from '../src/metrics/options-check.js';

export const OUTPUT_FORMATS = ['table', 'json', 'csv', 'markdown', 'latex'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

function positiveInt(name: string) {
  return (v: string) => {
    if (!/^[1-9]\d*$/.test(v)) throw new UsageError(`${name} expects a column number from 1, got "${v}"`);
    return Number(v);
  };
}

export function positiveNumber(name: string) {
  return (v: string) => {
    const x = Number(v);
    if (v.trim() === '' || !Number.isFinite(x) || x <= 0) throw new UsageError(`${name} expects a positive number, got "${v}"`);
    return x;
  };
}

/** Adds the input options and the `<systems...>` argument (described as `systems`, when given). */
/** The flags {@link addInputOptions} adds: the options that say how inputs are read. */
export function inputOptionFlags(): Set<string> {
  return new Set(addInputOptions(new Command()).options.flatMap((o) => (o.long === undefined ? [] : [o.long])));
}

export function addInputOptions(cmd: Command, systems = 'system outputs: files, directories (one document a file, or BRAT), - for standard input, or name=path', progress = true): Command {
  cmd
    .argument('[systems...]', systems)
    .option('--gold <file>', 'gold standard (default: the embedded gold column of the first system file)')
    .addOption(new Option('--input-format <format>', 'input format').choices(['auto', 'conll', 'jsonl', 'brat']).default('auto'))
    .option('--gold-column <n>', 'CoNLL column of the gold tag (default: 2 in a gold file; the one before the prediction in a system file)', positiveInt('--gold-column'))
    .option('--pred-column <n>', 'CoNLL column of the predicted tag (default: the last)', positiveInt('--pred-column'))
    .addOption(new Option('--scheme <scheme>', 'tag scheme').choices(TAG_SCHEMES as string[]).default('auto'))
    .addOption(new Option('--invalid <mode>', 'tags the scheme does not allow: repair (conlleval), drop (seqeval strict) or reject').choices(INVALID_TAGS as string[]).default('repair'))
    .addOption(new Option('--strict-scheme', 'the same as --invalid reject').implies({ invalid: 'reject' }))
    .option('--ignore-embedded-gold', 'score against --gold even where a file\'s embedded gold column disagrees')
    .option('--labels <labels>', 'names of integer ner_tags in id order: a file (JSON array, id2label, or one a line) or O,B-PER,...');
  // (The TUI, always on a terminal, shows loading on its own screen: it takes no --progress.)
  return progress ? cmd.option('--progress', 'show progress on stderr even when it is not a terminal (as lines)') : cmd;
}

/**
 * The values shell completion offers for an option that has no choices, because a value outside
 * them is refused by the command with its reason rather than by the parser (the match modes a
 * command scores).
 */
export const suggestedValues = new WeakMap<Option, readonly string[]>();

/** `option`, with `values` for completion to offer (see {@link suggestedValues}). */
export function withSuggested(option: Option, values: readonly string[]): Option {
  suggestedValues.set(option, values);
  return option;
}

/**
 * Adds the metric options. `matchModes` are the match modes the command scores (all of them by
 * default): the help lists only those; another is still parsed, and refused by the command with
 * its reason. `weighted` false leaves out `--ser-weights` and `--label-distance`, for a command
 * that shows neither weighted SER nor graded scores (given, they are then unknown options, which
 * the error says another command takes).
 */
export function addMetricOptions(cmd: Command, matchModes: readonly string[] = MATCH_MODES, weighted = true): Command {
  const match = matchModes.length === MATCH_MODES.length
    ? new Option('--match <mode>', 'what counts as a match').choices(MATCH_MODES as string[])
    : new Option('--match <mode>', `what counts as a match: ${matchModes.join(' or ')} (${MATCH_MODES.filter((m) => !matchModes.includes(m)).join(', ')} does not apply here)`)
      // Every mode parses, so that one the command cannot score is refused with its reason.
      .argParser((v: string) => {
        if (!(MATCH_MODES as readonly string[]).includes(v)) throw new InvalidArgumentError(`Allowed choices are ${matchModes.join(', ')}.`);
        return v;
      });
  if (matchModes.length !== MATCH_MODES.length) withSuggested(match, matchModes);
  cmd
    .addOption(match.default('strict'))
    .option('--beta <beta>', 'β of F_β (and of K)', positiveNumber('--beta'), 1)
    .addOption(new Option('--zero-division <rule>', 'value of 0/0 in P, R, F').choices(ZERO_DIVISION_MODES as string[]).default('gerbil'))
    .option('--k-alpha <alpha>', 'α of the K-measure (1 gives F_β)', positiveNumber('--k-alpha'), 1);
  if (weighted) {
    cmd
      .option('--ser-weights <weights>', 'weights of S, D, I in weighted SER: "1,1,0.5" or "s=1,d=1,i=0.5"')
      .option('--label-distance <file>', 'JSON label distances in [0,1]: a substitution earns 1-d in graded P/R/F');
  }
  return cmd.option('--types <types>', 'only these entity types, comma-separated');
}

export function addFormatOption(cmd: Command): Command {
  return cmd.addOption(new Option('--format <format>', 'output format (default: table)').choices(OUTPUT_FORMATS as unknown as string[]));
}

export interface InputFlags {
  gold?: string;
  inputFormat: 'auto' | InputFormat;
  goldColumn?: number;
  predColumn?: number;
  scheme: TagScheme;
  invalid?: InvalidTags;
  strictScheme?: boolean;
  ignoreEmbeddedGold?: boolean;
  labels?: string;
  progress?: boolean;
}

/** Whether `path` is a named pipe made with mkfifo (not process substitution's /dev/fd/N). */
function isNamedFifo(path: string): boolean {
  try {
    return lstatSync(path).isFIFO();
  } catch {
    return false;
  }
}

/**
 * Says on a terminal which of `paths` are named FIFOs, since reading one waits, without a word,
 * until a program writes to it (data files, `--labels`, `--label-distance`, `--plan`).
 */
export function announceFifos(io: Io, paths: ReadonlyArray<string | undefined>): void {
  if (io.stderrIsTTY !== true) return;
  for (const path of paths) {
    if (path !== undefined && isNamedFifo(path)) io.stderr(`${terminalLine(`complan: ${path} is a FIFO: reading it waits until a program writes to it`)}\n`);
  }
}

/**
 * The load options of a command. With `io`, reading reports its progress on stderr (a bar on a
 * terminal, lines with `--progress` elsewhere), and a named FIFO among the inputs is announced
 * on a terminal, since reading it waits for its writer.
 */
export function loadOptions(systems: string[], f: InputFlags, command = 'eval', io?: Io): LoadOptions {
  if (systems.length === 0) throw new UsageError(`no system files given (usage: complan ${command} --gold GOLD SYSTEM...)`);
  if (f.strictScheme === true && f.invalid !== undefined && f.invalid !== 'reject') {
    throw new UsageError(`--strict-scheme is --invalid reject and cannot be given with --invalid ${f.invalid}`);
  }
  if (command !== 'ablate' && command !== 'tui') systems.forEach((arg) => refuseRunList(arg, command));
  const specs = systems.map(parseSystemArg);
  checkStdinOnce(stdinUses(f.gold, specs));
  if (io !== undefined) announceFifos(io, [f.gold, ...specs.map((s) => s.path), f.labels]);
  return {
    ...DEFAULT_LOAD_OPTIONS,
    gold: f.gold,
    systems: specs,
    inputFormat: f.inputFormat,
    scheme: f.scheme,
    strictScheme: f.strictScheme === true,
    invalid: f.strictScheme === true ? 'reject' : f.invalid ?? 'repair',
    goldColumn: f.goldColumn ?? 0,
    predColumn: f.predColumn ?? 0,
    ignoreEmbeddedGold: f.ignoreEmbeddedGold === true,
    ...(f.labels === undefined ? {} : { labels: labelsOption(f.labels) }),
    ...(io === undefined ? {} : progressOptions(createProgress(io, undefined, f.progress === true))),
  };
}

/**
 * Refuses a comma-separated list of existing files given as one system (`a.conll,b.conll` or
 * `NAME=a.conll,b.conll`), which would otherwise be "no such file": groups of runs are read by
 * `ablate` and `tui` only, and other commands take one file a system.
 */
function refuseRunList(arg: string, command: string): void {
  if (!arg.includes(',') || existsSync(arg)) return;
  const eq = arg.indexOf('=');
  const rest = eq > 0 ? arg.slice(eq + 1) : arg;
  if (existsSync(rest)) return;
  const paths = rest.split(',');
  if (paths.length < 2 || paths.some((p) => p.length === 0 || !existsSync(p))) return;
  const what = eq > 0 ? 'a group of runs (NAME=PATH,PATH,...), which ablate and tui read' : 'a list of files';
  throw new UsageError(`"${arg}" is ${what}; ${command} takes one file a system: give them separated by spaces`);
}

/** A load's progress on one display: each file read, and the bytes read within each. */
function progressOptions(progress: Progress): Pick<LoadOptions, 'onRead' | 'onBytes'> {
  // Nothing shown, nothing to report: the phases' text (numbers formatted for a locale, which
  // loads the locale's data the first time) is not made for every file.
  if (progress === NO_PROGRESS) return {};
  return { onRead: readingProgress(progress), onBytes: bytesProgress(progress) };
}

/** The inputs of a load, with what each is for, to check that standard input is read at most once. */
export function stdinUses(gold: string | undefined, systems: readonly InputSpec[], goldOption = '--gold'): Array<{ path: string; what: string }> {
  return [...(gold === undefined ? [] : [{ path: gold, what: goldOption }]), ...systems.map((s) => ({ path: s.path, what: `system "${s.name}"` }))];
}

/**
 * `--labels`: a file holding the label list (see {@link parseLabelList}), or the labels separated
 * by commas. A value with a comma is a list unless a file has that name; one without is a file.
 */
export function labelsOption(value: string): string[] {
  let isFile = false;
  try {
    isFile = statSync(value).isFile();
  } catch {
    // Not a file: a list, or a file that is missing.
  }
  if (!isFile && value.includes(',')) return splitLabelList(value);
  const hint = '(--labels takes a file of labels, or the labels separated by commas)';
  let text: string;
  try {
    if (existsSync(value) && statSync(value).isDirectory()) throw new InputError(`is a directory ${hint}`, value);
    // Read as a stream of at most 16 MiB: /dev/zero or an endless pipe ends in one line.
    text = readSmallTextFile(value);
  } catch (err) {
    if (err instanceof InputError && err.detail === 'no such file') throw new InputError(`no such file ${hint}`, value);
    throw err;
  }
  return parseLabelList(text, value);
}

export interface MetricFlags {
  match: MatchMode;
  beta: number;
  zeroDivision: ZeroDivision;
  kAlpha: number;
  serWeights?: string;
  labelDistance?: string;
  types?: string;
}

/**
 * Warns of the labels a `--label-distance` table names that no input has (a typo: their
 * distances are never used, and the graded scores are as without them).
 */
function warnUnusedDistances(corpus: Corpus, io: Io, file: string, distance: LabelDistance): void {
  const seen = new Set<string>();
  for (const s of [corpus.gold, ...corpus.systems]) typesOf(s.spans, seen);
  const unused = labelsNamed(distance).filter((l) => !seen.has(l));
  if (unused.length === 0) return;
  const list = unused.map((l) => JSON.stringify(l)).join(', ');
  warn(io, `${file}: ${unused.length === 1 ? 'label' : 'labels'} ${list}, which no input has: ${unused.length === 1 ? 'its distances are' : 'their distances are'} never used (a typo?); the inputs' types are ${[...seen].sort().map((l) => JSON.stringify(l)).join(', ')}`);
}

/** The warnings {@link printWarnings} printed on each run's io, for the reminder under a report (see {@link printResult}). */
const warned = new WeakMap<Io, number>();

/** Prints one warning on stderr, and counts it. */
function warn(io: Io, text: string): void {
  io.stderr(`${terminalLine(`complan: warning: ${text}`)}\n`);
  warned.set(io, (warned.get(io) ?? 0) + 1);
}

/** The `--label-distance` file and its table, for {@link printWarnings}, when one was given. */
export function labelDistanceOf(file: string | undefined, distance: LabelDistance | undefined): { file: string; distance: LabelDistance } | undefined {
  return file === undefined || distance === undefined ? undefined : { file, distance };
}

/** The metric options; with `io`, a `--label-distance` FIFO is announced on a terminal before it is read. */
export function evalOptions(f: MetricFlags, io?: Io): EvalOptions {
  let serWeights = DEFAULT_SER_WEIGHTS;
  if (f.serWeights !== undefined) {
    try {
      serWeights = parseSerWeights(f.serWeights);
    } catch (err) {
      throw new UsageError(`--ser-weights: ${(err as Error).message}`);
    }
  }
  let labelDistance;
  if (f.labelDistance !== undefined) {
    if (io !== undefined) announceFifos(io, [f.labelDistance]);
    let json: unknown;
    const text = readSmallTextFile(f.labelDistance).replace(/^\uFEFF/, '');
    const deep = tooDeepAt(text);
    if (deep > 0) throw new InputError(`expected JSON label distances: lists and objects nested more than ${MAX_JSON_DEPTH} levels deep`, f.labelDistance, deep);
    try {
      json = JSON.parse(text);
    } catch (err) {
      const why = jsonSyntax((err as Error).message, text);
      throw new InputError(jsonFileDetail('JSON label distances', why), f.labelDistance, why.line);
    }
    try {
      labelDistance = parseLabelDistance(json);
    } catch (err) {
      // Keys from the file are quoted in the message: a line break or escape in one stays on this line.
      throw new InputError(escapeControls((err as Error).message), f.labelDistance);
    }
  }
  const types = parseTypes(f.types);
  return {
    match: f.match, beta: f.beta, kAlpha: f.kAlpha, zeroDivision: f.zeroDivision, serWeights, types, labelDistance,
  };
}

/**
 * `--types`: a comma-separated list of entity types, repeats dropped (undefined when absent);
 * `(untyped)` names the empty type of untyped tags.
 */
export function parseTypes(v: string | undefined): string[] | undefined {
  // `all`, as the settings line writes the default, is every type: a settings line can be given back.
  if (v === undefined || v.trim() === 'all') return undefined;
  const types = [...new Set(v.split(',').map((t) => t.trim()).filter((t) => t.length > 0).map((t) => (t === UNTYPED ? '' : t)))];
  if (types.length === 0) throw new UsageError('--types expects a comma-separated list of entity types');
  return types;
}

/**
 * Prints the readers' warnings, and one for each `--types` entry no input has, on stderr.
 */
export function printWarnings(corpus: Corpus, io: Io, types?: readonly string[], distances?: { file: string; distance: LabelDistance }): void {
  for (const s of [corpus.gold, ...corpus.systems]) for (const w of s.warnings) warn(io, w);
  if (distances !== undefined) warnUnusedDistances(corpus, io, distances.file, distances.distance);
  if (types === undefined) return;
  // None of them in the gold: nothing would be left to find, and every score would read 100. A typo, most likely.
  checkGoldTypes(types, corpus.gold.spans);
  const seen = new Set<string>();
  for (const s of [corpus.gold, ...corpus.systems]) typesOf(s.spans, seen);
  for (const t of types) if (!seen.has(t)) warn(io, `--types: no input has entities of type "${t}"`);
}

/**
 * For commands that write ensembles as lists of members joined with `+` (plan, report, combine,
 * the TUI): a warning when, with these system names, such a list can read as two sets of systems.
 */
export function warnPlusNames(corpus: Corpus, io: Io): void {
  const names = plusAmbiguousNames(corpus.systems.map((s) => s.name));
  if (names.length === 0) return;
  const which = names.length === 1 ? `the system name ${showValue(names[0])}` : `the system names ${names.map((n) => showValue(n)).join(', ')}`;
  warn(io, `ensembles are written as their members joined with "+" (vote(a+b+c)), and with ${which} one such list can read as two sets of systems: name ${names.length === 1 ? 'it' : 'them'} without "+" (NAME=PATH) so that each reads one way`);
}

/** `--weights` (f1, label-f1 or name=w,...) as a weight specification; undefined when absent. */
export function weightsOption(text: string | undefined): WeightSpec | undefined {
  if (text === undefined) return undefined;
  try {
    return parseWeights(text);
  } catch (err) {
    throw new UsageError(`--weights: ${(err as Error).message}`);
  }
}

/** The format to print: as asked, else table. */
export function outputFormat(asked: OutputFormat | undefined): OutputFormat {
  return asked ?? 'table';
}

/**
 * Options that say where or how to print, not what is computed, and --threads (the result is
 * the same on any number): left out of the settings.
 */
const NOT_SETTINGS = new Set(['format', 'svg', 'out', 'savePlan', 'savePlanChoice', 'progress', 'brief', 'gold', 'testGold', 'test', 'plan', 'threads']);

/**
 * The settings of a command's run: its name and the value of each of its options, in the order
 * `--help` lists them (defaults included; a flag not given is false, an unset value null, all
 * types `all`). `effective` gives values the run resolved from an unset option (the planner's
 * rules, folds and sizes).
 */
export function commandSettings(cmd: Command, effective: Record<string, unknown> = {}): RunSettings {
  const given = cmd.opts();
  const values: Record<string, unknown> = {};
  for (const o of cmd.options) {
    const key = o.attributeName();
    if (o.long === undefined || NOT_SETTINGS.has(key)) continue;
    // A negated flag (--no-write-gold) is named by what it turns off (write-gold: true or false).
    const name = o.negate ? o.long.slice(5) : o.long.slice(2);
    const flag = !o.required && !o.optional;
    const value = name in effective ? effective[name] : given[key] ?? (flag ? false : name === 'types' ? 'all' : null);
    values[name] = Array.isArray(value) && value.length === 0 ? null : value;
  }
  return runSettings(cmd.name(), values);
}

/** The renderings of one result, made only when asked for. */
export interface Renderings {
  json: () => object;
  csv: () => string;
  markdown: () => string;
  latex: () => string;
  table: () => string;
}

/**
 * Prints a result in `format` with its settings: a `settings` object in JSON, a last
 * `settings:` line in text and Markdown (a comment in LaTeX); CSV stays one table, its settings
 * line on standard error (`complan: settings: …`), as combine gives its own. Under a text report on
 * a terminal (standard output and error both), a last line on standard error counts the warnings
 * about the inputs printed above it.
 */
export function printResult(io: Io, format: OutputFormat, settings: RunSettings, r: Renderings): void {
  switch (format) {
    case 'json': io.stdout(`${JSON.stringify(withSettings(r.json(), settings), null, 2)}\n`); break;
    // The CSV stays one table, for a spreadsheet or a data frame; its settings go to standard error.
    case 'csv': io.stdout(r.csv()); io.stderr(`complan: ${signatureLine(settings, 'table')}`); break;
    case 'markdown': io.stdout(`${r.markdown()}\n${signatureLine(settings, 'markdown')}`); break;
    case 'latex': io.stdout(`${r.latex()}${signatureLine(settings, 'latex')}`); break;
    case 'table': {
      io.stdout(`${r.table()}\n${signatureLine(settings, 'table')}`);
      // On a terminal, a long report scrolls the warnings printed before it out of sight.
      const n = warned.get(io) ?? 0;
      if (n > 0 && io.isTTY && io.stderrIsTTY === true) io.stderr(`complan: ${n === 1 ? 'a warning' : `${n} warnings`} above the report, about the inputs\n`);
      break;
    }
  }
}

/** Whether two paths name the same file (through links and relative paths; never standard input). */
export function sameFile(a: string | undefined, b: string | undefined): boolean {
  return a !== undefined && b !== undefined && sameFileOf(a, b);
}

/** The system given as the gold standard's own file (as `dir/*.conll` catches `dir/gold.conll`), if any. */
function goldAsSystem(o: LoadOptions): { name: string; path: string } | undefined {
  return o.gold === undefined ? undefined : o.systems.find((s) => sameFile(s.path, o.gold));
}

const GLOB_HINT = 'leave it out of the systems (a glob such as dir/*.conll catches dir/gold.conll)';

/**
 * A usage error when a system is the gold file (`option`): the command would be meaningless
 * (`why`). A copy of it, or a system with the gold items, is only warned about (by the loader).
 */
export function refuseGoldAsSystem(o: LoadOptions, option: string, why: string): void {
  const same = goldAsSystem(o);
  if (same !== undefined) throw new UsageError(`the system "${same.name}" is the ${option} file (${same.path}): ${why}; ${GLOB_HINT}`);
}

export { MAX_SAMPLES, MAX_SEED };

/** An option's whole-number value from `min` (up to `max`), refused in one line otherwise. */
export function integerOption(name: string, min = 1, max?: number): (v: string) => number {
  return (v: string) => {
    const x = Number(v);
    if (!/^\d+$/.test(v.trim()) || !Number.isSafeInteger(x) || x < min || (max !== undefined && x > max)) {
      throw new UsageError(`${name} expects an integer ${max === undefined ? `≥ ${min}` : `from ${min} to ${max.toLocaleString('en-US')}`}, got "${v}"`);
    }
    return x;
  };
}

/** `--samples` of every command that tests: 1 to {@link MAX_SAMPLES}. */
export const samplesOption = integerOption('--samples', 1, MAX_SAMPLES);
/** `--seed` of every command that draws: 0 to {@link MAX_SEED}. */
export const seedOption = integerOption('--seed', 0, MAX_SEED);
