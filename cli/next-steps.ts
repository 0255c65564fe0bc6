/**
 * The commands a user runs after a plan: save it, apply it, explore. Written from the command
 * line as given, with the system files shortened to a glob when they are every file of one
 * extension in one folder (as `examples/news/systems/*.conll` expands), and wrapped to the
 * report's width with line continuations.
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, relative } from 'node:path';
import type { Command } from 'commander';
import { wrapWords } from '../src/report/terminal-text.js';

/**
 * `s` as one shell word: as it is when plain, else in single quotes, or, when it holds control
 * characters (which must not reach the terminal raw), in bash's `$'...'` with them escaped.
 */
export function shellWord(s: string, glob = true): string {
  // `*` stays bare in a glob of system files (`dir/*.conll`), never in an option's value.
  if ((glob ? /^[\w./*=+@:,-]+$/ : /^[\w./=+@:,-]+$/).test(s)) return s;
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u001f\u007f-\u009f]/g;
  if (!control.test(s)) return `'${s.replace(/'/g, `'\\''`)}'`;
  const body = s.replace(/[\\']/g, (c) => `\\${c}`).replace(control, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  return `$'${body}'`;
}

/** `systems` as shell words: `dir/*.ext` alone when they are exactly that folder's files of that extension. */
export function systemsWords(systems: readonly string[]): string[] {
  if (systems.length > 1 && systems.every((s) => !s.includes('='))) {
    const dir = dirname(systems[0]);
    const ext = extname(systems[0]);
    if (ext !== '' && systems.every((s) => dirname(s) === dir && extname(s) === ext)) {
      try {
        const all = readdirSync(dir).filter((f) => extname(f) === ext && !f.startsWith('.')).map((f) => join(dir, f)).sort();
        const given = systems.map((s) => join(dir, basename(s))).sort();
        if (all.length === given.length && all.every((f, k) => f === given[k])) return [`${shellWord(dir)}/*${ext}`];
      } catch {
        // Not a readable folder: list the files.
      }
    }
  }
  return systems.map((s) => shellWord(s));
}

/** `systems` as one shell argument list (see {@link systemsWords}). */
export function systemsArgument(systems: readonly string[]): string {
  return systemsWords(systems).join(' ');
}

/**
 * A command as lines of at most `width` columns where its words allow: indented by two, each
 * line but the last ending in ` \\` and the next indented by six, so the lines paste into a
 * shell as the one command (a word longer than a line stays whole).
 */
export function commandLines(words: readonly string[], width: number): string[] {
  const lines: string[] = [];
  let line = '  ';
  for (const word of words) {
    const fresh = line.trim() === '';
    if (!fresh && line.length + 1 + word.length + 2 > width) {
      lines.push(`${line} \\`);
      line = '      ';
    }
    line += line.trim() === '' ? word : ` ${word}`;
  }
  lines.push(line);
  return lines;
}

/**
 * The command a user runs complan by, as shell words, from the script node was given (`argv1`):
 * `complan` for the installed command (or when it cannot tell), else `node` and the script's
 * path (`node dist/cli/main.js` after `npm install` alone, as `npm start` runs it; from `cwd`
 * when the script is inside it).
 */
export function invokedAs(argv1: string | undefined, cwd: string): string[] {
  if (argv1 === undefined || basename(argv1) !== 'main.js') return ['complan'];
  // From the folder it was run in when the script is inside it, else the whole path.
  const path = relative(cwd, argv1);
  return ['node', shellWord(path === '' || isAbsolute(path) || path.startsWith('..') ? argv1 : path)];
}

/** An option as it was typed: its flag and its value as given (none for a flag without one). */
export interface GivenOption {
  flag: string;
  value?: string | null;
}

/**
 * The options given to `cmd`, in the order typed, as commander reads them (its option events
 * carry each raw value): filled in as the command line is parsed.
 */
export function givenOptions(cmd: Command): GivenOption[] {
  const given: GivenOption[] = [];
  for (const o of cmd.options) {
    const flag = o.long ?? o.short;
    if (flag === undefined) continue;
    cmd.on(`option:${o.name()}`, (value?: string | null) => given.push(value === undefined ? { flag } : { flag, value }));
  }
  return given;
}

/**
 * Options as shell words, each value joined to its flag (`--budget=3`), so none can take the
 * word after it, whatever order the words stand in.
 */
function optionWords(given: readonly GivenOption[], keep: (flag: string) => boolean): string[] {
  return given.filter((o) => keep(o.flag)).map((o) => shellWord(o.value === undefined || o.value === null ? o.flag : `${o.flag}=${o.value}`, false));
}

/** The metric options of a plan that the TUI takes too: it then scores and plans as the plan did. */
const TUI_METRIC_OPTIONS = new Set(['--beta', '--types', '--zero-division', '--k-alpha']);

/** Options a next step leaves out: those that only write files or shape the output, not the plan. */
const OUTPUT_ONLY = new Set(['--save-plan', '--svg', '--explain', '--format', '--progress']);

/**
 * The next-steps lines of `plan --brief`: save the recommendation, apply it, open the TUI, the
 * full report — each a shell comment saying what it does, then the command, both wrapped to
 * `width` (so the whole block can be pasted into a shell).
 *
 * `given` are the options of the plan as typed: saving re-runs the plan with them (so it saves
 * the recommendation shown, whatever `--budget`, `--objective` or `--rules` chose it), the full
 * report too, without `--brief`; combine and the TUI read the files with the options among them
 * that say how to read inputs (`inputFlags`), and the TUI scores with the plan's metric options
 * (`--beta`, `--types`, `--zero-division`, `--k-alpha`). Each starts with `command` (see {@link invokedAs}).
 * `noConll`: CoNLL cannot hold the saved ensemble (its spans overlap, or the gold standard is text
 * without tokens), so its output is named `.jsonl`.
 */
export function planNextSteps(
  gold: string | undefined, systems: readonly string[], width = 100,
  given: readonly GivenOption[] = [{ flag: '--brief' }], inputFlags: ReadonlySet<string> = new Set(), command: readonly string[] = ['complan'],
  noConll = false,
): string[] {
  const sys = systemsWords(systems);
  const inputs = [...(gold === undefined ? [] : ['--gold', shellWord(gold)]), ...sys];
  const others = given.filter((o) => o.flag !== '--gold');
  const reading = optionWords(others, (f) => inputFlags.has(f));
  // A comment wraps to the width too (a saved plan's path or a test set can make it long), each
  // line a comment of its own, so the block still pastes into a shell as it is.
  const comment = (w: string) => wrapWords(w, Math.max(20, width - 4)).split('\n').map((l) => `  # ${l}`);
  const step = (what: string, words: string[]) => [...what.split('\n').flatMap(comment), ...commandLines(words, width)];
  // Without held-out splits (--folds 0) the full report has neither splits nor paired tests.
  const noSplits = others.filter((o) => o.flag === '--folds').at(-1)?.value === '0' && !others.some((o) => o.flag === '--holdout');
  // What the plan saves is what --save-plan-choice says (the last one given counts).
  const choice = others.filter((o) => o.flag === '--save-plan-choice').at(-1)?.value;
  const what = choice === 'top' ? 'the top candidate (--save-plan-choice top), not the recommendation' : 'the recommendation';
  // A plan saved by this run is applied from where it was saved, and not saved again.
  const saved = others.filter((o) => o.flag === '--save-plan').at(-1)?.value ?? undefined;
  const file = saved === undefined ? 'plan.json' : shellWord(saved, false);
  // Outputs read as JSONL suggest a JSONL ensemble (span systems' nested spans fit no CoNLL column),
  // and so does one CoNLL cannot hold (combine refuses a .conll name for overlapping spans, and
  // for texts without tokens: BRAT directories, JSONL with character offsets).
  const out = noConll || systems.some((s) => /\.jsonl?$/i.test(s)) ? 'ensemble.jsonl' : 'ensemble.conll';
  // Written beside systems given by a glob of the current folder, the output would be one of them
  // the next time: so when any system of the output's extension is here (`*.conll *.jsonl` too).
  const here = systems.some((s) => dirname(s) === '.' && extname(s) === extname(out));
  // With a test set, the plan is applied to the test outputs, scored against the test gold standard.
  const testGold = others.filter((o) => o.flag === '--test-gold').at(-1)?.value ?? undefined;
  const testSystems = others.filter((o) => o.flag === '--test' && typeof o.value === 'string').map((o) => o.value as string);
  const onTest = testGold !== undefined && testSystems.length > 0;
  const applyTo = onTest ? ['--gold', shellWord(testGold), ...systemsWords(testSystems)] : sys;
  const apply = onTest ? "apply it to the test outputs: write the ensemble's output and score it on the test set" : "apply it: write the ensemble's output, from these or new outputs";
  return [
    ...(saved === undefined ? step(`save ${what}`, [...command, 'plan', ...optionWords(others, (f) => !OUTPUT_ONLY.has(f)), ...inputs, '--save-plan', 'plan.json']) : []),
    ...step((saved === undefined ? apply : `apply ${what}, saved to ${saved}: ${onTest ? "write the ensemble's output from the test outputs and score it on the test set" : "write the ensemble's output, from these or new outputs"}`)
      + (here ? `,\nto the folder above: here *${extname(out)} would take it for a system next time` : ''),
      [...command, 'combine', '--plan', file, ...reading, ...applyTo, '--out', here ? `../${out}` : out]),
    ...step('explore the systems, what each offers another, and the ensembles',
      [...command, 'tui', ...optionWords(others, (f) => inputFlags.has(f) || TUI_METRIC_OPTIONS.has(f)), ...inputs]),
    ...step(`the full report: greedy path, prediction quality${noSplits ? '' : ', splits, paired tests'}`,
      [...command, 'plan', ...optionWords(others, (f) => !OUTPUT_ONLY.has(f) && f !== '--brief' && f !== '--save-plan-choice'), ...inputs]),
  ];
}

/** The next-steps section: its title (bold when `color`), then the lines. */
export function nextStepsText(lines: readonly string[], color: boolean): string {
  return [color ? '\u001B[1mNext:\u001B[22m' : 'Next:', ...lines].join('\n');
}
