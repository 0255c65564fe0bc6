/**
 * What `plan` and `report` share before they compute: their options checked and parsed, the
 * planning data and the test set read (standard input at most once, the gold file refused as a
 * system), and the library's plan options — one place, so the two commands read alike.
 */
import type { Corpus } from '../src/model/corpus.js';
import { InputError, UsageError } from '../src/errors.js';
import { loadCorpus, type LoadOptions } from '../src/formats/load.js';
import { checkStdinOnce, inputKind } from '../src/formats/source.js';
import type { ZeroDivision } from '../src/metrics/prf.js';
import type { PlanOptions } from '../src/plan/plan.js';
import type { PlanResult } from '../src/plan/types.js';
import type { Io } from './io.js';
import { loadOptions, parseTypes, printWarnings, refuseGoldAsSystem, warnPlusNames, sameFile, stdinUses, weightsOption, type InputFlags } from './options.js';
import { BASE_RULES, parseRule, ruleName, type Rule } from '../src/ensemble/rules.js';
import { refuseAmbiguousPairs, splitPairs } from '../src/model/name-list.js';

/** The options `plan` and `report` share (plan's own definitions: see cli/commands/plan.ts). */
export interface PlanComputeFlags extends InputFlags {
  match: string;
  beta: number;
  kAlpha: number;
  zeroDivision: ZeroDivision;
  types?: string;
  objective: string;
  rules?: string;
  weights?: string;
  search: 'exhaustive' | 'greedy' | 'beam' | 'guided' | 'auto' | 'caruana';
  guide: 'score' | 'comp';
  beam: number;
  guidedBudget?: number;
  threads?: number;
  minSize?: number;
  maxSize?: number;
  top: number;
  cost: string[];
  budget?: number;
  bags: number;
  folds?: number;
  repeats: number;
  holdout?: number;
  samples: number;
  alpha: number;
  bootstrap?: number;
  seed: number;
  testGold?: string;
  test?: string[];
}

export interface PreparedPlan {
  corpus: Corpus;
  /** The library's options for the plan (without progress and explanations). */
  options: PlanOptions;
  /** `--types`, parsed. */
  types: string[] | undefined;
}

/**
 * The objective a plan ranks by when none is given: F1, or with `--beta` B (not 1) `f:B`, so
 * that `--beta` means F_β in the plan as in every other figure (and in the TUI); written with
 * its β, a saved plan says which F it was chosen by.
 */
export function objectiveOf(cmd: { getOptionValueSource(key: string): string | undefined }, flags: { objective: string; beta: number }): string {
  return cmd.getOptionValueSource('objective') === 'default' && flags.beta !== 1 ? `f:${flags.beta}` : flags.objective;
}

/**
 * `load()`, whose errors name the test set's options: the gold standard a test set is read
 * against is `--test-gold`, not `--gold` (`no --test-gold given, and test/a.conll has no embedded
 * gold column …; pass --test-gold FILE`).
 */
function asTestSet<T>(load: () => T): T {
  try {
    return load();
  } catch (err) {
    const template = err instanceof UsageError || err instanceof InputError ? err.template?.replace(/\{gold\}/g, '{testGold}') : undefined;
    if (template === undefined) throw err;
    if (err instanceof InputError) throw InputError.about(template, err.file, err.line);
    throw UsageError.about((err as UsageError).param === 'gold' ? 'testGold' : (err as UsageError).param, template);
  }
}

/**
 * Refuses `--beam` given with a search that reads no beam width: it is read by `--search beam`,
 * and by `auto` when that ends with a beam search (too many member sets to try them all).
 * @throws UsageError
 */
export function refuseUnusedBeam(cmd: { getOptionValueSource(key: string): string | undefined }, flags: { search: string }): void {
  if (cmd.getOptionValueSource('beam') !== 'cli' || flags.search === 'beam' || flags.search === 'auto') return;
  throw new UsageError(`--beam applies to --search beam (and auto, which ends with a beam search when there are too many member sets to try them all), not --search ${flags.search}`);
}

/**
 * `--samples` and `--alpha` given where no paired test runs: with `--folds 0` there are no
 * held-out splits, and without `--test` no test set, so they would change nothing (as `--repeats`
 * there, refused by the planner).
 */
export function refuseUnusedTests(cmd: { getOptionValueSource(key: string): string | undefined }, flags: { folds?: number; holdout?: number; test?: string[] }): void {
  if (flags.folds !== 0 || flags.holdout !== undefined || flags.test !== undefined) return;
  const given = ['samples', 'alpha'].filter((k) => cmd.getOptionValueSource(k) === 'cli').map((k) => `--${k}`);
  if (given.length === 0) return;
  throw new UsageError(`${given.join(' and ')} ${given.length === 1 ? 'applies' : 'apply'} to the paired tests of held-out splits or a test set; --folds 0 makes no split (give --folds K or --holdout, or --test with the test set's outputs)`);
}

/**
 * Checks and parses the options, reads the inputs, and returns the plan's options. `command`
 * names the command in messages; `check` runs after the load options are made and before
 * anything is read (e.g. report's own checks on the systems).
 * @throws UsageError for options that do not apply or do not parse; InputError for bad inputs.
 */
export async function preparePlan(
  command: 'plan' | 'report', systems: string[], flags: PlanComputeFlags, io: Io, check: (load: LoadOptions) => void = () => {},
): Promise<PreparedPlan> {
  if (flags.match !== 'strict') {
    // A value that is no mode at all (a typo, `STRICT`) is not one that "does not apply".
    if (flags.match !== 'boundary' && flags.match !== 'overlap') {
      throw new UsageError(`--match expects strict, the only mode ${command} takes, got "${flags.match}"`);
    }
    throw new UsageError(`--match ${flags.match} does not apply to ${command}: ensembles combine labelled items and are scored as eval scores strict matches`);
  }
  if (flags.guidedBudget !== undefined && flags.search !== 'guided') throw new UsageError('--guided-budget applies to --search guided');
  const rules = parseRules(flags.rules, flags.weights);
  const costs = parseCosts(flags.cost);
  const types = parseTypes(flags.types);
  if (flags.test !== undefined && flags.test.length === 0) throw new UsageError('--test expects the systems\' outputs on the test set');
  if (flags.testGold !== undefined && flags.test === undefined) throw new UsageError('--test-gold needs --test with the systems\' outputs on the test set');
  // Loaded here, not at start-up: other commands never pay for mathjs.
  const { parseObjective } = await import('../src/plan/objective.js');
  const objective = parseObjective(flags.objective, { beta: flags.beta, kAlpha: flags.kAlpha, optionName: '--objective' });
  if (systems.length === 0 && flags.test !== undefined && flags.test.length > 0) {
    // --test takes every path after it: systems given after it went to the test set.
    throw new UsageError(`no system files given: --test took every path after it (${flags.test.join(' ')}); give the planning systems first and --test last (usage: complan ${command} --gold GOLD SYSTEM... --test-gold GOLD --test SYSTEM...)`);
  }
  const devOptions = loadOptions(systems, flags, command, io);
  check(devOptions);
  refuseGoldAsSystem(devOptions, '--gold', 'a plan would choose the gold standard itself');
  const testOptions = flags.test === undefined ? undefined : loadOptions(flags.test, { ...flags, gold: flags.testGold }, command, io);
  if (testOptions !== undefined) {
    // Standard input can be read once: refuse it for two inputs before reading any.
    const testUses = stdinUses(testOptions.gold, testOptions.systems, '--test-gold');
    checkStdinOnce([...stdinUses(devOptions.gold, devOptions.systems), ...testUses.map((u) => (u.what === '--test-gold' ? u : { ...u, what: `--test ${u.what}` }))]);
    // The test set is read after the planning data: a missing file of it is named before either is read.
    for (const path of [testOptions.gold, ...testOptions.systems.map((s) => s.path)]) if (path !== undefined) inputKind(path);
  }
  // The test set's gold as the user gave it: --test-gold, or the embedded gold of the first --test file.
  const testGoldName = flags.testGold !== undefined ? `--test-gold ${flags.testGold}` : `the embedded gold of --test ${flags.test?.[0]}`;
  if (flags.test !== undefined && sameFile(flags.testGold ?? flags.test[0], flags.gold ?? systems[0])) {
    // The report would call planning figures "not used for selection": refuse rather than mislabel.
    throw new UsageError(`${testGoldName} is the planning gold file: a test set must be data the plan does not see (its figures would be in-sample); give the test set's own gold standard, or leave --test out`);
  }
  const corpus = loadCorpus(devOptions);
  printWarnings(corpus, io, types);
  warnPlusNames(corpus, io);
  // Read before the systems were, the lists of NAME=VALUE are checked against their names now.
  const names = corpus.systems.map((s) => s.name);
  if (flags.weights !== undefined) refuseAmbiguousPairs(flags.weights, names, '--weights');
  for (const list of flags.cost) refuseAmbiguousPairs(list, names, '--cost');
  let test: Corpus | undefined;
  if (flags.test !== undefined && testOptions !== undefined) {
    refuseGoldAsSystem(testOptions, '--test-gold', 'a plan would choose the gold standard itself');
    test = asTestSet(() => loadCorpus(testOptions));
    printWarnings(test, io, types);
    // Another file with the same annotations (the planning gold as JSONL, say) is no test set either.
    const { goldFingerprint } = await import('../src/model/fingerprint.js');
    if (goldFingerprint(test) === goldFingerprint(corpus)) {
      throw new UsageError(`${testGoldName} holds the same annotations as the planning data (${flags.gold ?? systems[0]}: the same spans and labels): a test set must be data the plan does not see (its figures would be in-sample); give the test set's own gold standard, or leave --test out`);
    }
  }
  const options: PlanOptions = {
    objective, rules, search: flags.search, guide: flags.guide, beam: flags.beam, guidedBudget: flags.guidedBudget, threads: flags.threads, minSize: flags.minSize, maxSize: flags.maxSize,
    top: flags.top, costs, budget: flags.budget, beta: flags.beta, kAlpha: flags.kAlpha, zeroDivision: flags.zeroDivision, types,
    holdout: flags.holdout, folds: flags.folds, repeats: flags.repeats, seed: flags.seed, samples: flags.samples, alpha: flags.alpha,
    bootstrap: flags.bootstrap, bags: flags.bags, test,
  };
  return { corpus, options, types };
}

/** The settings a plan resolved from options left unset (rules, sizes, folds, the guided budget). */
export function planEffectiveSettings(result: PlanResult): Record<string, unknown> {
  return {
    rules: result.rules, 'min-size': result.search.minSize, 'max-size': result.search.maxSize,
    folds: result.heldOut?.kind === 'folds' ? result.heldOut.folds : 0,
    'guided-budget': result.search.guidedBudget ?? null,
  };
}

/** `--rules`: comma-separated rules (duplicates dropped); `weighted` takes `--weights`. */
export function parseRules(text: string | undefined, weights: string | undefined): Rule[] {
  const spec = weightsOption(weights);
  if (text === undefined) {
    if (spec !== undefined) throw new UsageError('--weights applies to the weighted rule: add it to --rules');
    return [...BASE_RULES];
  }
  const names = text.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
  if (names.length === 0) throw new UsageError('--rules expects a comma-separated list of rules');
  const rules: Rule[] = [];
  for (const name of names) {
    let rule: Rule;
    try {
      rule = parseRule(name, spec);
    } catch (err) {
      throw new UsageError(`--rules: ${(err as Error).message}`);
    }
    if (!rules.some((r) => ruleName(r) === ruleName(rule))) rules.push(rule);
  }
  if (spec !== undefined && !rules.some((r) => r.kind === 'weighted')) throw new UsageError('--weights applies to the weighted rule: add it to --rules');
  return rules;
}

/** `--cost a=2,b=0.5` (repeatable): cost per system name, finite and ≥ 0. */
export function parseCosts(list: readonly string[]): Map<string, number> | undefined {
  if (list.length === 0) return undefined;
  const costs = new Map<string, number>();
  for (const part of list.flatMap(splitPairs)) {
    const t = part.trim();
    if (t === '') continue;
    const eq = t.lastIndexOf('=');
    const name = t.slice(0, eq).trim();
    const value = Number(t.slice(eq + 1));
    if (eq <= 0 || name === '' || t.slice(eq + 1).trim() === '' || !Number.isFinite(value) || value < 0) {
      throw new UsageError(`--cost expects name=value with a value ≥ 0, got "${t}"`);
    }
    if (costs.has(name)) throw new UsageError(`--cost gives "${name}" twice`);
    costs.set(name, value);
  }
  return costs;
}
