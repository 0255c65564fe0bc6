/**
 * `complan plan`: rank candidate ensembles (member sets × rules) by their actual objective on the
 * gold standard, next to what the pairwise statistics predicted; set the baselines beside them,
 * estimate every choice held out (the whole selection re-run inside each training part), test the
 * recommendation against the baselines, and recommend what to use.
 */
import { Option, type Command } from 'commander';
import { UsageError } from '../../src/errors.js';
import { MAX_THREADS } from '../../src/plan/thread-limits.js';
// Static: eval and compare, registered beside this command, import it at start-up anyway.
import { useColor } from '../../src/report/table.js';
import type { PlanFile } from '../../src/plan/plan-file.js';
import type { Io } from '../io.js';
import { commandInputs, refuseOtherFigureFormat, refuseOutputsOverInputs, writeOutput } from '../outputs.js';
import { givenOptions, nextStepsText, planNextSteps } from '../next-steps.js';
import { objectiveOf, planEffectiveSettings, preparePlan, refuseUnusedBeam, refuseUnusedTests, type PlanComputeFlags } from '../plan-setup.js';
import {
  addFormatOption, addInputOptions, commandSettings, inputOptionFlags, integerOption, outputFormat, positiveNumber, printResult, samplesOption, seedOption, withSuggested, type OutputFormat,
} from '../options.js';
import { ZERO_DIVISION_MODES } from '../../src/metrics/prf.js';
import { terminalLine } from '../../src/report/terminal-text.js';

interface PlanFlags extends PlanComputeFlags {
  brief?: boolean;
  savePlanChoice: 'recommendation' | 'top';
  svg?: string;
  explain?: true | number[];
  savePlan?: string;
  format?: OutputFormat;
}


/** `--threads`: a whole number from 1 to the library's limit, refused in the one form the library uses. */
function threadsOf(v: string): number {
  if (!/^\d+$/.test(v) || Number(v) < 1 || Number(v) > MAX_THREADS) throw new UsageError(`--threads expects an integer from 1 to ${MAX_THREADS}, got "${v}"`);
  return Number(v);
}

function fraction(v: string): number {
  const x = Number(v);
  if (v.trim() === '' || !(x > 0 && x < 1)) throw new UsageError(`--holdout expects a fraction of the documents between 0 and 1 (exclusive), got "${v}"`);
  return x;
}

function level(v: string): number {
  const x = Number(v);
  if (v.trim() === '' || !(x > 0 && x < 1)) throw new UsageError(`--alpha expects a significance level between 0 and 1 (exclusive), got "${v}"`);
  return x;
}

function folds(v: string): number {
  const t = v.trim();
  if (!/^\d+$/.test(t) || Number(t) === 1) throw new UsageError(`--folds expects 0 (no held-out estimate) or an integer ≥ 2, got "${v}"`);
  return Number(t);
}

function nonNegative(name: string) {
  return (v: string) => {
    const x = Number(v);
    if (v.trim() === '' || !Number.isFinite(x) || x < 0) throw new UsageError(`${name} expects a number ≥ 0, got "${v}"`);
    return x;
  };
}

/**
 * `--explain [ranks]`: ranks of listed candidates, comma-separated (`1`, `1,3`); without a value
 * every listed candidate. A value that is not a list of ranks (often a system file that followed
 * the option) is a usage error saying where to put the option.
 */
export function parseExplain(v: string): number[] {
  const t = v.trim();
  if (!/^\d+(\s*,\s*\d+)*$/.test(t) || t.split(',').some((x) => Number(x) < 1)) {
    throw new UsageError(`--explain takes ranks of listed candidates (1, or 1,3) or nothing for every listed one, got "${v}"; to explain them all, give --explain after the systems`);
  }
  return [...new Set(t.split(',').map((x) => Number(x)))];
}


export function registerPlan(program: Command, io: Io): void {
  const cmd = program
    .command('plan')
    .description('rank candidate ensembles (member sets × rules) by actual score on gold next to the score complementarity predicts');
  addInputOptions(cmd);
  cmd
    .addOption(new Option('--objective <objective>', 'f1, f:BETA, ser or err (lower is better), k:ALPHA:BETA, or an expression over p r f ser err k tp fp fn size cost (min:EXPR: lower is better)').default('f1', 'f1, or F at --beta when that is given'))
    .option('--rules <rules>', 'rules to try, comma-separated: union, intersection, kofn:K, majority, vote, weighted (default: union,intersection,majority,vote)')
    .option('--weights <weights>', 'for the weighted rule: f1 (default), label-f1, or name=w,...')
    .addOption(new Option('--search <strategy>', 'exhaustive (at most 30 systems), greedy, beam, guided (proposals ranked by counting every neighbour of a set at once, the best verified by simulation; for many systems), auto (exhaustive up to 65,535 member sets, else greedy then beam, and guided for kofn:K with K ≥ 3), or caruana (ensemble selection with replacement)').choices(['exhaustive', 'greedy', 'beam', 'guided', 'auto', 'caruana']).default('auto'))
    .addOption(new Option('--guide <guide>', 'greedy: add the system that most improves the score, or try systems by complementarity to the ensemble').choices(['score', 'comp']).default('score'))
    .option('--beam <width>', 'beam search: the sets of each size kept (--search beam, or auto when it ends with a beam search)', integerOption('--beam'), 5)
    .option('--guided-budget <n>', 'guided search: exact evaluations per rule beyond the single systems (default: 200)', integerOption('--guided-budget'))
    .option('--threads <n>', 'threads of exhaustive search (default: the available parallelism, at most 8; 1: the main thread alone); the result is the same', threadsOf)
    .option('--min-size <n>', 'smallest ensemble listed or recommended (a procedure choosing fewer systems is shown, never recommended)', integerOption('--min-size'))
    .option('--max-size <n>', 'largest ensemble searched or recommended (default: all systems; a procedure choosing more is shown, never recommended)', integerOption('--max-size'))
    .option('--top <n>', 'candidates listed', integerOption('--top'), 10)
    .addOption(new Option('--cost <name=value>', 'cost of a system (repeatable or comma-separated)').argParser((v: string, acc: string[]) => [...acc, v]).default([] as string[], 'every system costs 1'))
    .option('--budget <cost>', 'list and recommend only choices costing at most this (a procedure whose choice costs more is shown, never recommended)', nonNegative('--budget'))
    .option('--bags <n>', 'bags of ensemble selection with replacement (the caruana baseline; 1: plain)', integerOption('--bags'), 1)
    .option('--folds <k>', 'held-out estimate: K folds by document (by sentence for one document), the whole selection re-run in each; 0: none (default: 5)', folds)
    .option('--repeats <n>', 'repeats of the folds, each with a fresh shuffle', integerOption('--repeats'), 1)
    .option('--holdout <fraction>', 'instead of folds: plan on the other documents and score every choice on this share of them', fraction)
    .option('--samples <n>', 'resamples of the paired bootstrap and approximate randomization tests', samplesOption, 1000)
    .option('--alpha <level>', 'significance level a selection must reach against vote-all and majority-all to be recommended', level, 0.05)
    .option('--bootstrap <n>', 'also a bootstrap of the selection: re-select on N resamples of the documents, score out of bootstrap', integerOption('--bootstrap'))
    .option('--seed <n>', 'seed of the splits, the tests, the bags and the bootstrap', seedOption, 1)
    .option('--test-gold <file>', 'gold standard of a test set: every listed candidate, baseline and the recommendation are scored on it, never used for selection (documents it shares with --gold are, and every figure says so)')
    .option('--test <systems...>', 'the systems\' outputs on the test set (NAME=PATH, or files named like the planned systems); give it last or end its list with an option; without --test-gold, the first one\'s embedded gold column is the test gold standard')
    .addOption(withSuggested(new Option('--match <mode>', 'what counts as the same item: the planner takes strict only (span and type)').default('strict'), ['strict']))
    .option('--beta <beta>', 'β of F_β (and of K)', positiveNumber('--beta'), 1)
    .option('--k-alpha <alpha>', 'α of the K-measure', positiveNumber('--k-alpha'), 1)
    .addOption(new Option('--zero-division <rule>', 'value of 0/0 in P, R, F').choices(ZERO_DIVISION_MODES as string[]).default('gerbil'))
    .option('--types <types>', 'only these entity types, comma-separated')
    .option('--svg <file>', 'also write a predicted-versus-actual scatter (the candidates whose prediction is measured) as SVG')
    .option('--explain [ranks]', 'explain listed candidates after the plan (members\' leave-one-out gains, the pairs behind the prediction): every one, or these ranks (1 or 1,3)', parseExplain)
    .option('--save-plan <file>', 'write the recommendation as a plan that combine --plan applies to new outputs')
    .option('--brief', 'the short report: the candidates, the choices and baselines, the recommendation and what to run next')
    .addOption(new Option('--save-plan-choice <which>', 'what --save-plan saves: the recommendation, or the top candidate').choices(['recommendation', 'top']).default('recommendation'));
  addFormatOption(cmd);
  // What the next steps of --brief repeat: the options as typed.
  const given = givenOptions(cmd);
  cmd.action(async (systems: string[], flags: PlanFlags) => {
    flags.objective = objectiveOf(cmd, flags);
    refuseOtherFigureFormat('--svg', flags.svg);
    refuseOutputsOverInputs([{ option: '--svg', path: flags.svg }, { option: '--save-plan', path: flags.savePlan }], commandInputs(systems, flags.gold, [
      { what: 'the --test-gold file', path: flags.testGold }, { what: 'the --labels file', path: flags.labels },
      ...commandInputs(flags.test ?? [], undefined).slice(1).map((i) => ({ ...i, what: `${i.what}'s --test file` })),
    ]));
    if (cmd.getOptionValueSource('savePlanChoice') === 'cli' && flags.savePlan === undefined) {
      throw new UsageError('--save-plan-choice says what --save-plan saves: give --save-plan FILE too');
    }
    refuseUnusedBeam(cmd, flags);
    refuseUnusedTests(cmd, flags);
    const format = outputFormat(flags.format);
    const beyond = Array.isArray(flags.explain) ? flags.explain.find((rank) => rank > flags.top) : undefined;
    if (beyond !== undefined) throw new UsageError(`--explain ${beyond}: only ${flags.top} candidates are listed (--top ${flags.top})`);
    // Loaded here, not at start-up: other commands never pay for them.
    const { ONE_SYSTEM, runPlan } = await import('../../src/plan/plan.js');
    const { corpus, options, types } = await preparePlan('plan', systems, flags, io, (load) => {
      if (load.systems.length < 2) throw new UsageError(`${ONE_SYSTEM} (usage: complan plan --gold GOLD SYSTEM SYSTEM...)`);
    });
    const report = await import('../../src/report/plan.js');
    const { createProgress } = await import('../progress.js');
    const progress = createProgress(io, undefined, flags.progress === true);
    let run;
    try {
      run = runPlan(corpus, {
        ...options,
        explain: flags.explain === undefined ? undefined : flags.explain === true ? 'listed' : flags.explain,
        onProgress: (phase, done, total) => progress.update(phase, done, total),
      });
    } finally {
      progress.end();
    }
    const { result } = run;
    if (flags.svg !== undefined) {
      const { candidatePoints, planScatterSvg } = await import('../../src/report/plan-svg.js');
      const { recommendationRing } = await import('../../src/report/plan-values.js');
      const { isRateObjective } = await import('../../src/plan/scores.js');
      const { planningDataPhrase } = await import('../../src/report/plan-procedures.js');
      const ring = recommendationRing(result, run.recommendationPoint());
      writeOutput('--svg', flags.svg, [planScatterSvg(candidatePoints(run.scatter()), { objective: result.objective.description, minimise: result.objective.minimise, maxLabels: flags.top, ring, percent: isRateObjective(result.objective.text), data: `in-sample, on ${planningDataPhrase(result)}` })]);
    }
    // The plan --save-plan saves, and whose output the brief report's next steps name: made once.
    let chosen: PlanFile | undefined;
    const chosenPlan = async (): Promise<PlanFile> => {
      const { savedPlan } = await import('../../src/plan/plan-apply.js');
      return (chosen ??= savedPlan(corpus, run, { choice: flags.savePlanChoice === 'top' ? 1 : 'recommendation', types }));
    };
    if (flags.savePlan !== undefined) {
      const { formatPlanFile } = await import('../../src/plan/plan-file.js');
      const { ruleOfMembers } = await import('../../src/report/plan-values.js');
      const plan = await chosenPlan();
      writeOutput('--save-plan', flags.savePlan, [formatPlanFile(plan)]);
      const what = flags.savePlanChoice === 'top'
        ? `the top candidate, ${ruleOfMembers(plan.rule, plan.members, Infinity)}${result.recommendation.procedure === 'selection' ? '' : ` (not the recommendation, ${result.recommendation.procedure})`}`
        : `the recommendation (${result.recommendation.procedure}), ${plan.members.length === 1 ? plan.members[0] : `${plan.rule} of ${plan.members.length} systems`}`;
      io.stderr(`${terminalLine(`complan: saved ${what} to ${flags.savePlan}`)}\n`);
    }
    // The report's last line says where the plan went, when this run saved it.
    const saved = flags.savePlan === undefined ? undefined : { path: flags.savePlan, top: flags.savePlanChoice === 'top' };
    const settings = commandSettings(cmd, planEffectiveSettings(result));
    const color = useColor(io.env, io.isTTY);
    // The brief report ends with what to run next, after its settings line.
    let next: string[] | undefined;
    if (flags.brief === true && format === 'table') {
      // An ensemble whose spans overlap cannot be CoNLL, nor can one of texts without tokens (BRAT,
      // JSONL with character offsets): combine would refuse a .conll name, so the step names a .jsonl file.
      const { applyPlan } = await import('../../src/plan/plan-apply.js');
      const { ensembleSpans } = await import('../../src/ensemble/simulate.js');
      const { countOverlapping } = await import('../../src/formats/write-conll.js');
      const applied = applyPlan(corpus, await chosenPlan());
      const noConll = corpus.unit === 'char' || countOverlapping(ensembleSpans(applied.index, applied.result)) > 0;
      next = planNextSteps(flags.gold, systems, Math.max(40, io.columns ?? 120), given, inputOptionFlags(), io.command, noConll);
    }
    if (format === 'csv') {
      // The CSV holds figures only: what qualifies them (a test set partly in-sample, a p-value out
      // of reach) and why the recommended row is recommended (plainly, when no selection beats
      // voting all systems) go to standard error, as its settings line does.
      const { noteText } = await import('../../src/report/plan-notes.js');
      const { recommendationReason } = await import('../../src/report/plan-reason.js');
      for (const n of result.notes) io.stderr(`${terminalLine(`complan: note: ${noteText(n)}`)}\n`);
      io.stderr(`${terminalLine(`complan: recommendation (${result.recommendation.procedure}, the row with recommended true): ${recommendationReason(result)}`)}\n`);
      // Reports asked for that one table cannot hold are said to be left out, as eval says of its own.
      const left = [flags.bootstrap === undefined ? '' : '--bootstrap', flags.explain === undefined ? '' : '--explain'].filter((f) => f !== '');
      if (left.length > 0) {
        io.stderr(`complan: warning: ${left.join(' and ')} ${left.length > 1 ? 'are' : 'is'} not in the CSV, which holds one table (the candidates, then the procedures); --format json, table, markdown or latex give ${left.length > 1 ? 'them' : 'it'}\n`);
      }
    }
    printResult(io, format, settings, {
      json: () => report.planJsonObject(result),
      csv: () => report.planCsv(result),
      markdown: () => report.planMarkdown(result, { saved }),
      latex: () => report.planLatex(result, { saved }),
      table: () => report.planTable(result, { saved,
        color, width: io.columns ?? 120, top: flags.top, brief: flags.brief === true, wrap: io.isTTY,
      }),
    });
    if (next !== undefined) io.stdout(`\n${nextStepsText(next, color)}\n`);
  });
}
