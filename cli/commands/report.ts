/**
 * `complan report --html FILE`: the whole analysis of a set of systems in one self-contained
 * HTML page to share — the recommendation, the systems' scores, the complementarity heatmap,
 * the candidates and held-out estimates, and the ablation with `--baseline`. It takes the same
 * inputs and options as `plan` (their definitions are plan's own, copied from its command), runs
 * the library's plan, compare, eval and ablate once each, and writes the page atomically.
 */
import { Command } from 'commander';
import { UsageError } from '../../src/errors.js';
import { terminalLine } from '../../src/report/terminal-text.js';
import type { Io } from '../io.js';
import { commandInputs, refuseOutputsOverInputs, writeOutput } from '../outputs.js';
import {
  addInputOptions, commandSettings,
} from '../options.js';
import { checkAblateArgs } from './ablate.js';
import { registerPlan } from './plan.js';
import { objectiveOf, planEffectiveSettings, preparePlan, refuseUnusedBeam, refuseUnusedTests, type PlanComputeFlags } from '../plan-setup.js';

interface ReportFlags extends PlanComputeFlags {
  html: string;
  baseline?: string;
  examples: number;
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
    .requiredOption('--html <file>', 'the HTML file to write (self-contained: open it in any browser, send it as it is); - writes it to standard output')
    .option('--baseline <name>', 'add the ablation section: the other systems against this one (its name=, or file stem)')
    .option('--examples <n>', 'example items per list of each pair (and of the ablation)', exampleCount, 3);
  for (const option of planOptions(io)) cmd.addOption(option);
  cmd.action(async (systems: string[], flags: ReportFlags) => {
    flags.objective = objectiveOf(cmd, flags);
    refuseUnusedBeam(cmd, flags);
    refuseUnusedTests(cmd, flags);
    refuseOutputsOverInputs([{ option: '--html', path: flags.html, stdout: true }], commandInputs(systems, flags.gold, [
      { what: 'the --test-gold file', path: flags.testGold }, { what: 'the --labels file', path: flags.labels },
      ...commandInputs(flags.test ?? [], undefined).slice(1).map((i) => ({ ...i, what: `${i.what}'s --test file` })),
    ]));
    const { corpus, options } = await preparePlan('report', systems, flags, io, (load) => {
      if (load.systems.length < 2) throw new UsageError(`report needs at least two systems (usage: ${USAGE})`);
      if (flags.baseline !== undefined) checkAblateArgs(load.systems.map((s) => s.name), flags.baseline, 'strict');
    });
    // Loaded here, not at start-up: other commands never pay for them.
    const { htmlReportInput } = await import('../../src/report/html-report.js');
    const { reportHtml } = await import('../../src/report/html.js');
    const { createProgress } = await import('../progress.js');
    const progress = createProgress(io, undefined, flags.progress === true);
    let input;
    try {
      input = htmlReportInput(corpus, {
        plan: {
          ...options,
          onProgress: (phase, done, total) => progress.update(phase, done, total),
        },
        baseline: flags.baseline,
        examples: flags.examples,
      });
    } finally {
      progress.end();
    }
    const result = input.plan;
    const settings = commandSettings(cmd, planEffectiveSettings(result));
    delete settings.options.html;
    const page = reportHtml({ ...input, settings });
    if (flags.html === '-') io.stdout(page);
    else writeOutput('--html', flags.html, [page]);
    const where = flags.html === '-' ? 'standard output' : flags.html;
    io.stderr(`${terminalLine(`complan: wrote the report (${Math.ceil(Buffer.byteLength(page) / 1024)} KB) to ${where}`)}\n`);
  });
}
