/**
 * `complan tui`: the interactive terminal UI. Ink and React are imported here, inside
 * the action, so that no other command loads them.
 */
import type { Command } from 'commander';
import { UsageError } from '../../src/errors.js';
import { loadCorpus } from '../../src/formats/load.js';
import type { Io } from '../io.js';
import {
  addInputOptions, addMetricOptions, evalOptions, loadOptions, printWarnings, type InputFlags, type MetricFlags,
} from '../options.js';

export function registerTui(program: Command, io: Io): void {
  const cmd = program
    .command('tui')
    .description('explore scores, complementarity, ensembles and ablations interactively in the terminal');
  addInputOptions(cmd);
  addMetricOptions(cmd);
  cmd.action(async (systems: string[], flags: InputFlags & MetricFlags) => {
    if (flags.match === 'overlap') {
      throw new UsageError('--match overlap does not apply to tui: complementarity counts the items two systems share, and overlap has no shared items');
    }
    const options = evalOptions(flags);
    const load = loadOptions(systems, flags, 'tui');
    if (!io.isTTY || process.stdin.isTTY !== true) {
      throw new UsageError('tui needs a terminal (stdin and stdout); for files and pipes use eval, compare, plan or ablate');
    }
    const corpus = loadCorpus(load);
    printWarnings(corpus, io, options.types);
    if (corpus.systems.length > 30) throw new UsageError(`tui takes at most 30 systems, got ${corpus.systems.length}`);
    const { buildModel } = await import('../tui/model.js');
    const model = buildModel(corpus, options);
    // Loaded here, not at start-up: only this command pays for Ink and React.
    const { runTui } = await importInteractive(() => import('../tui/run.js'));
    await runTui(model);
  });
}

/**
 * Imports the Ink app as an interactive one even when CI or CONTINUOUS_INTEGRATION is set in the
 * environment. Ink reads those once, when it is first imported, and if they are set it draws
 * nothing until the app exits — right for a build log, a blank screen for someone at a terminal,
 * which tui has already checked it is running in. The variables are restored afterwards.
 */
async function importInteractive<T>(load: () => Promise<T>): Promise<T> {
  const keys = ['CI', 'CONTINUOUS_INTEGRATION'];
  const saved = keys.map((k) => [k, process.env[k]] as const);
  for (const k of keys) delete process.env[k];
  try {
    return await load();
  } finally {
    for (const [k, v] of saved) if (v !== undefined) process.env[k] = v;
  }
}
