/**
 * The commander program and `run`, which executes one command line and returns the exit code:
 * 0 success, 1 usage error, 2 input/data error. Errors print one line; never a stack trace
 * (set COMPLAN_DEBUG=1 to see one for an unexpected failure).
 */
import { existsSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { InputError, optionName, optionsIn, UsageError } from '../src/errors.js';
import { registerAblate } from './commands/ablate.js';
import { endAllProgress } from './progress.js';
import { registerCombine } from './commands/combine.js';
import { registerCompletion } from './commands/completion.js';
import { registerCompare } from './commands/compare.js';
import { registerEval } from './commands/eval.js';
import { registerPlan } from './commands/plan.js';
import { registerReport } from './commands/report.js';
import { registerTui } from './commands/tui.js';
import { INPUT_OPTIONS } from './input-options.js';
import type { Io } from './io.js';
import { terminalLine, terminalText } from '../src/report/terminal-text.js';
import { VERSION } from '../src/version.js';

export { VERSION };

export function buildProgram(io: Io): Command {
  const program = new Command();
  program
    .name('complan')
    .description('Plan ensembles of NLP extraction systems from their outputs, driven by complementarity.')
    .version(VERSION)
    .exitOverride()
    .configureOutput(output(io));
  registerEval(program, io);
  registerCompare(program, io);
  registerPlan(program, io);
  registerCombine(program, io);
  registerAblate(program, io);
  registerReport(program, io);
  registerTui(program, io);
  registerCompletion(program, io);
  for (const c of program.commands) {
    c.exitOverride().configureOutput(output(io, c, program.commands));
    refuseRepeats(c);
  }
  return program;
}

/**
 * An option that takes one value, given twice (`--gold a.conll … --gold b.conll`), is a usage
 * error naming both values: commander would keep the last without a word, and which file was
 * the gold standard would be a guess.
 */
function refuseRepeats(command: Command): void {
  for (const o of command.options) {
    // Variadic options, and those that collect their values in a list (`--cost a=1 --cost b=2`), repeat by design.
    if (o.variadic || Array.isArray(o.defaultValue) || !(o.required || o.optional) || o.long === undefined) continue;
    let seen: unknown;
    let given = false;
    command.on(`option:${o.name()}`, (value: unknown) => {
      const shown = (v: unknown) => (v === null || v === undefined || typeof v === 'boolean' ? 'without a value' : String(v));
      if (given) throw new UsageError(`${o.long} is given twice (${shown(seen)}, then ${shown(value)}): give it once`);
      given = true;
      seen = value;
    });
  }
}

/**
 * For commander's "unknown option" error in `command`: which other commands take that option
 * (`--ser-weights` given to `ablate`: eval takes it), or '' when none does.
 */
export function takenElsewhere(text: string, command: Command, commands: readonly Command[]): string {
  const m = /unknown option '(--[^'=\s]+)/.exec(text);
  if (m === null) return '';
  const others = commands.filter((c) => c !== command && c.options.some((o) => o.long === m[1])).map((c) => c.name());
  if (others.length === 0) return '';
  return ` (${command.name()} does not take it; ${others.join(', ')} ${others.length === 1 ? 'does' : 'do'})`;
}

/** Other names of a choice, as other tools call them: seqeval's and Flair's schemes, a format's other names. */
const CHOICE_ALIASES: Readonly<Record<string, string>> = {
  bio: 'iob2', bioes: 'iobes', json: 'jsonl', ndjson: 'jsonl', ann: 'brat', standoff: 'brat',
};

/**
 * For a value outside an option's choices that names one of them in other letters (`IOB2`) or by
 * another tool's name (`bio`, `bioes`, `json`): ` (did you mean iob2?)`.
 */
function meantChoice(text: string): string {
  const m = /argument '([^']*)' is invalid\. Allowed choices are ([^\n]*?)\.?\s*$/m.exec(text);
  if (m === null) return '';
  const choices = m[2].split(',').map((c) => c.trim());
  const lower = m[1].trim().toLowerCase();
  const meant = choices.includes(lower) ? lower : CHOICE_ALIASES[lower];
  return meant !== undefined && choices.includes(meant) ? ` (did you mean ${meant}?)` : '';
}

/**
 * Where commander writes: help and version to stdout; its own errors (an unknown option or
 * command, a value outside an option's choices) to stderr as one line, as every other error,
 * with the usage hint: `complan: unknown command 'evl' (did you mean eval?); run with --help for usage`.
 */
function output(io: Io, command?: Command, commands: readonly Command[] = []) {
  return {
    writeOut: io.stdout,
    writeErr: (t: string) => io.stderr(terminalText(t)),
    outputError: (text: string, write: (s: string) => void) => {
      // A value commander quotes ('ev\nal') keeps its line breaks, written \n, before its own lines are joined.
      const quoted = text.replace(/'[^']*'/g, (q) => q.replace(/\r/g, '\\r').replace(/\n/g, '\\n'));
      const line = quoted.trim().replace(/^error: /, '').split('\n').map((s) => s.trim()).filter((s) => s !== '')
        .map((s, i) => (i === 0 ? s : s.replace(/^\((.*)\)$/, ' ($1)').replace(/^\(Did/, '(did'))).join('');
      const elsewhere = (command === undefined ? '' : takenElsewhere(text, command, commands)) + meantChoice(text);
      write(`complan: ${line.replace(/\(Did you mean/, '(did you mean').replace(/\.$/, '')}${elsewhere}; run with --help for usage\n`);
    },
  };
}

/** The commands buildProgram registers, in order (a test holds the two equal). */
export const COMMANDS: readonly string[] = ['eval', 'compare', 'plan', 'combine', 'ablate', 'report', 'tui', 'completion'];

/**
 * Whether a command line without a command gives inputs: it starts with an input option or
 * another of `options` (the `tui` command's: `--match boundary --gold …` too), or with an
 * existing file or directory (or `name=path` of one) — not with a command, help or version.
 */
export function looksLikeInputs(argv: readonly string[], commands: readonly string[], options: readonly string[] = INPUT_OPTIONS): boolean {
  const first = argv[0];
  if (first === undefined || commands.includes(first) || first === 'help') return false;
  if ([...INPUT_OPTIONS, ...options].some((o) => o !== '--help' && (first === o || first.startsWith(`${o}=`)))) return true;
  if (first.startsWith('-')) return false;
  const eq = first.indexOf('=');
  return existsSync(first) || (eq > 0 && existsSync(first.slice(eq + 1)));
}

/**
 * The command line `run` parses: `argv` itself, or, on a terminal, `tui` and `argv` when `argv`
 * gives inputs without a command (inputs alone open the TUI).
 */
export function commandLine(argv: readonly string[], io: Pick<Io, 'isTTY'>, options?: readonly string[]): readonly string[] {
  return io.isTTY && looksLikeInputs(argv, COMMANDS, options) ? ['tui', ...argv] : argv;
}

/** The long options of `program`'s `tui` command. */
function tuiOptions(program: Command): string[] {
  return program.commands.find((c) => c.name() === 'tui')?.options.flatMap((o) => (o.long === undefined ? [] : [o.long])) ?? [];
}

export async function run(argv: readonly string[], io: Io): Promise<number> {
  const program = buildProgram(io);
  if (argv.length === 0) {
    io.stdout(program.helpInformation());
    return 0;
  }
  const options = tuiOptions(program);
  if (!io.isTTY && looksLikeInputs(argv, COMMANDS, options)) {
    // Inputs without a command open the TUI, which needs a terminal: say so, rather than that
    // the first option is unknown.
    io.stderr('complan: inputs without a command open the terminal UI, which needs a terminal; for files and pipes name a command: eval, compare, plan, combine, ablate or report\n');
    return 1;
  }
  argv = commandLine(argv, io, options);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (err) {
    // A bar left drawn by work that stopped half way is erased first: the error gets its own row.
    endAllProgress();
    if (err instanceof CommanderError) {
      // Commander has already printed its message; help and version exit 0.
      return err.exitCode === 0 ? 0 : 1;
    }
    // The library names its parameters; the command names the options that set them.
    if (err instanceof UsageError) {
      // (Not when the message names the option itself first: `--min-size 3 is above --max-size 2`.)
      const option = err.param === undefined || err.template?.startsWith(`{${err.param}}`) === true ? '' : `${optionName(err.param)}: `;
      // One line, whatever a name or path in it holds; only an expression's message spans lines, by design.
      const shown = err.multiline ? terminalText : terminalLine;
      io.stderr(`${shown(`complan: ${option}${err.template === undefined ? err.message : optionsIn(err.template)}`)}\n`);
      return 1;
    }
    if (err instanceof InputError) {
      io.stderr(`${terminalLine(`complan: ${err.template === undefined ? err.message : InputError.format(optionsIn(err.template), err.file, err.line)}`)}\n`);
      return 2;
    }
    const e = err as Error;
    io.stderr(`${terminalText(`complan: internal error: ${e?.message ?? String(err)}`)}\n`);
    if (io.env.COMPLAN_DEBUG) io.stderr(`${e?.stack ?? ''}\n`);
    return 2;
  }
}
