/**
 * `complan tui`: the interactive terminal UI. Ink and React are imported here, inside
 * the action, so that no other command loads them. The alternate screen and a loading screen come
 * first, before the inputs are read and while Ink loads; warnings are printed when the TUI ends.
 */
import type { Command } from 'commander';
import { UsageError } from '../../src/errors.js';
import { loadCorpus } from '../../src/formats/load.js';
import { isStdin } from '../../src/formats/source.js';
import type { Io } from '../io.js';
import {
  addInputOptions, addMetricOptions, evalOptions, loadOptions, printWarnings, warnPlusNames, type InputFlags, type MetricFlags,
} from '../options.js';

export function registerTui(program: Command, io: Io): void {
  const cmd = program
    .command('tui')
    .description('explore scores, complementarity, ensembles and ablations interactively in the terminal');
  addInputOptions(cmd, 'system outputs: files, directories (one document a file, or BRAT), name=path, or groups of runs NAME=PATH,PATH,... (the Ablation view)', false);
  addMetricOptions(cmd, ['strict', 'boundary'], false);
  cmd.action(async (systems: string[], flags: InputFlags & MetricFlags) => {
    if (flags.match === 'overlap') {
      throw new UsageError('--match overlap does not apply to tui: complementarity counts the items two systems share, and overlap has no shared items');
    }
    // Loaded here, not at start-up: other commands never pay for them.
    const { checkDistinctRuns, parseGroupArg } = await import('../../src/ablation/group-args.js');
    const { MAX_SYSTEMS } = await import('../../src/plan/data.js');
    const options = evalOptions(flags, io);
    // NAME=PATH,PATH,... is a group of runs: each run is a system, the Ablation view shows the groups.
    const groups = systems.map(parseGroupArg);
    if (groups.some((g) => g.runs.length > 1)) checkDistinctRuns(groups);
    const load = { ...loadOptions(systems, flags, 'tui'), systems: groups.flatMap((g) => g.runs) };
    // The TUI reads its keys from standard input: an input read from there would wait for the
    // keyboard on the loading screen (and, piped, leave no terminal for the keys).
    const fromStdin = [
      ...(load.gold !== undefined && isStdin(load.gold) ? ['--gold'] : []),
      ...load.systems.filter((s) => isStdin(s.path)).map((s) => `system "${s.name}"`),
    ];
    if (fromStdin.length > 0) {
      throw new UsageError(`${fromStdin[0]} reads standard input, where tui reads its keys: save it to a file and give its path (eval, compare, plan and ablate read standard input)`);
    }
    if (!io.isTTY || process.stdin.isTTY !== true) {
      throw new UsageError('tui needs a terminal (stdin and stdout); for files and pipes use eval, compare, plan or ablate');
    }
    if (load.systems.length > MAX_SYSTEMS) throw new UsageError(`tui takes at most ${MAX_SYSTEMS} systems, got ${load.systems.length}`);
    const { enterAltScreen } = await import('../tui/screen.js');
    const { startLoadingScreen } = await import('../tui/loading.js');
    const screen = enterAltScreen(process.stdout);
    let corpus;
    try {
      const loading = startLoadingScreen(screen, [...(load.gold === undefined ? [] : [load.gold]), ...load.systems.map((s) => s.path)]);
      // Loaded here, not at start-up: only this command pays for Ink and React. Their import
      // (about a second) goes on while the inputs are read.
      const ui = importInteractive(() => import('../tui/run.js'));
      ui.catch(() => {});
      corpus = loadCorpus({ ...load, onRead: loading.read, onBytes: loading.bytes });
      const { buildModel } = await import('../tui/model.js');
      const runGroups = groups.map((g) => ({ name: g.name, runs: g.runs.map((r) => r.name) }));
      const model = buildModel(corpus, options, (_, name) => loading.step(name), runGroups);
      loading.step('starting the interface');
      const { runTui } = await ui;
      await runTui(model, screen);
    } finally {
      screen.leave();
    }
    printWarnings(corpus, io, options.types);
    warnPlusNames(corpus, io);
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
