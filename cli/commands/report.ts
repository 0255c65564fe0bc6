/**
 * `complan report --html FILE`: the whole analysis of a set of systems in one self-contained
 * HTML page to share — the recommendation, the systems' scores, the complementarity heatmap,
 * the candidates and held-out estimates, and the ablation with `--baseline`. It takes the same
 * inputs and options as `plan` (their definitions are plan's own, copied from its command), runs
 * the library's plan, compare, eval and ablate once each, and writes the page atomically.
 */
import { Command } from 'commander';
import { UsageError } from '../../src/errors.js';
import { loadCorpus } from '../../src/formats/load.js';
import { checkStdinOnce } from '../../src/formats/source.js';
import type { ZeroDivision } from '../../src/metrics/prf.js';
import { terminalText } from '../../src/report/terminal-text.js';
import type { Io } from '../io.js';
import { commandInputs, refuseOutputsOverInputs } from '../outputs.js';
import {
  addInputOptions, commandSettings, loadOptions, parseTypes, printWarnings, refuseGoldAsSystem, sameFile, stdinUses, type InputFlags,
} from '../options.js';
import { checkAblateArgs } from './ablate.js';
import { parseCosts, parseRules, registerPlan } from './plan.js';

interface ReportFlags extends InputFlags {
  html: string;
  baseline?: string;
  examples: number;
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

/** plan's options that say what to write, not what to compute: the report has its own output. */
const PLAN_OUTPUT_OPTIONS = new Set(['--svg', '--explain', '--save-plan', '--save-plan-choice', '--brief', '--format']);

/** plan's own options, beyond the input options every command shares (so the two never drift apart). */
function planOptions(io: Io) {
  const scratch = new Command();
  registerPlan(scratch, io);
  const inputs = new Set(addInputOptions(new Command('x')).options.map((o) => o.long));
  return scratch.commands[0].options.filter((o) => !inputs.has(o.long) && !PLAN_OUTPUT_OPTIONS.has(o.long ?? ''));
}

function exampleCount(v: string): number {
  if (!/^\d+$/.test(v)) throw new UsageError(`--examples expects a number of items from 0, got "${v}"`);
  return Number(v);
}

const USAGE = 'complan report --html FILE --gold GOLD SYSTEM SYSTEM...';

export function registerReport(program: Command, io: Io): void {
  const cmd = program
    .command('report')
    .description('write the whole analysis as one self-contained HTML page to share: recommendation, scores, complementarity heatmap, candidates, held-out estimates, ablation');
  addInputOptions(cmd);
  cmd
    .requiredOption('--html <file>', 'the HTML file to write (self-contained: open it in any browser, send it as it is)')
    .option('--baseline <name>', 'add the ablation section: the other systems against this one (its name=, or file stem)')
    .option('--examples <n>', 'example items per list of each pair (and of the ablation)', exampleCount, 3);
  for (const option of planOptions(io)) cmd.addOption(option);
  cmd.action(async (systems: string[], flags: ReportFlags) => {
    refuseOutputsOverInputs([{ option: '--html', path: flags.html }], commandInputs(systems, flags.gold, [
      { what: 'the --test-gold file', path: flags.testGold },
      ...commandInputs(flags.test ?? [], undefined).slice(1).map((i) => ({ ...i, what: `${i.what}'s --test file` })),
    ]));
    if (flags.match !== 'strict') {
      throw new UsageError(`--match ${flags.match} does not apply to report: its plan combines labelled items and is scored as eval scores strict matches`);
    }
    if (flags.guidedBudget !== undefined && flags.search !== 'guided') throw new UsageError('--guided-budget applies to --search guided');
    const rules = parseRules(flags.rules, flags.weights);
    const costs = parseCosts(flags.cost);
    const types = parseTypes(flags.types);
    if (flags.test !== undefined && flags.test.length === 0) throw new UsageError('--test expects the systems\' outputs on the test set');
    if (flags.testGold !== undefined && flags.test === undefined) throw new UsageError('--test-gold needs --test with the systems\' outputs on the test set');
    const load = loadOptions(systems, flags, 'report');
    if (load.systems.length < 2) throw new UsageError(`report needs at least two systems (usage: ${USAGE})`);
    if (flags.baseline !== undefined) checkAblateArgs(load.systems.map((s) => s.name), flags.baseline, 'strict');
    refuseGoldAsSystem(load, '--gold', 'a plan would choose the gold standard itself');
    const testOptions = flags.test === undefined ? undefined : loadOptions(flags.test, { ...flags, gold: flags.testGold }, 'report');
    if (testOptions !== undefined) {
      // Standard input can be read once: as plan does, refuse it for two inputs before reading any.
      const testUses = stdinUses(testOptions.gold, testOptions.systems, '--test-gold');
      checkStdinOnce([...stdinUses(load.gold, load.systems), ...testUses.map((u) => (u.what === '--test-gold' ? u : { ...u, what: `--test ${u.what}` }))]);
    }
    // Loaded here, not at start-up: other commands never pay for them (mathjs above all).
    const { parseObjective } = await import('../../src/plan/objective.js');
    const { htmlReportInput } = await import('../../src/report/html-report.js');
    const { reportHtml } = await import('../../src/report/html.js');
    const { writeFileAtomic } = await import('../../src/formats/write-file.js');
    const { createProgress } = await import('../progress.js');
    const objective = parseObjective(flags.objective, { beta: flags.beta, kAlpha: flags.kAlpha, optionName: '--objective' });
    const corpus = loadCorpus(load);
    printWarnings(corpus, io, types);
    let test;
    if (flags.test !== undefined && testOptions !== undefined) {
      refuseGoldAsSystem(testOptions, '--test-gold', 'a plan would choose the gold standard itself');
      if (sameFile(flags.testGold ?? flags.test[0], flags.gold ?? systems[0])) {
        io.stderr('complan: warning: --test-gold is the --gold file: the test figures are measured on the planning data, so they are in-sample, not held out\n');
      }
      test = loadCorpus(testOptions);
      printWarnings(test, io, types);
    }
    const progress = createProgress(io);
    let input;
    try {
      input = htmlReportInput(corpus, {
        plan: {
          objective, rules, search: flags.search, guide: flags.guide, beam: flags.beam, guidedBudget: flags.guidedBudget, minSize: flags.minSize, maxSize: flags.maxSize,
          top: flags.top, costs, budget: flags.budget, beta: flags.beta, kAlpha: flags.kAlpha, zeroDivision: flags.zeroDivision, types,
          holdout: flags.holdout, folds: flags.folds, repeats: flags.repeats, seed: flags.seed, samples: flags.samples, alpha: flags.alpha,
          bootstrap: flags.bootstrap, bags: flags.bags, test,
          onProgress: (phase, done, total) => progress.update(phase, done, total),
        },
        baseline: flags.baseline,
        examples: flags.examples,
      });
    } finally {
      progress.end();
    }
    const result = input.plan;
    const settings = commandSettings(cmd, {
      rules: result.rules, 'min-size': result.search.minSize, 'max-size': result.search.maxSize,
      folds: result.heldOut?.kind === 'folds' ? result.heldOut.folds : 0,
      'guided-budget': result.search.guidedBudget ?? null,
    });
    delete settings.options.html;
    const page = reportHtml({ ...input, settings });
    writeFileAtomic(flags.html, [page]);
    io.stderr(`${terminalText(`complan: wrote the report (${Math.ceil(Buffer.byteLength(page) / 1024)} KB) to ${flags.html}`)}\n`);
  });
}
