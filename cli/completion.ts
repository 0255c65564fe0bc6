/**
 * Shell completion scripts, written from the commander program itself, so that every command,
 * option and choice the program has is completed, and nothing it does not have.
 *
 * What is completed: the command names; a command's options; the value of an option with
 * choices (`--match strict|boundary|overlap`) or with well-known values (`--rule`, `--rules`,
 * `--weights`, `--objective`, `--metric`), also after `--option=`; file names after an option
 * whose value is a file (`<file>`, `--test`, `--labels`) and for the system arguments. Options whose value is a number or free text complete
 * nothing. A command line without a command that starts with an input option (`--gold`) or an
 * existing file (or another of `tui`'s options) gives inputs, which open the terminal UI: it
 * completes as `tui`'s, and the first word offers the input options beside `--help` and `--version`.
 */
import type { Command, Option } from 'commander';
import { COMPARE_METRICS } from '../src/report/compare-metrics.js';
import { INPUT_OPTIONS } from './input-options.js';
import { suggestedValues } from './options.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** Values offered for options that take free text but have usual values. */
const SUGGESTED: Readonly<Record<string, readonly string[]>> = {
  '--rule': ['union', 'intersection', 'majority', 'vote', 'weighted', 'kofn:2', 'kofn:3'],
  '--rules': ['union', 'intersection', 'majority', 'vote', 'weighted', 'kofn:2', 'kofn:3'],
  '--weights': ['f1', 'label-f1'],
  '--objective': ['f1', 'f', 'ser', 'err', 'k'],
  '--metric': COMPARE_METRICS,
};

/** Options whose value is a file, though their flags do not say `<file>`: `--labels` takes a file or a list. */
const FILE_VALUES = new Set(['--test', '--labels']);

export interface CompletedOption {
  /** The long name, `--gold`. */
  name: string;
  description: string;
  /** Whether it takes a value. */
  takesValue: boolean;
  /** Values to offer (choices or usual values); empty when none. */
  values: readonly string[];
  /** Whether its value is a file name. */
  file: boolean;
}

export interface CompletedCommand {
  name: string;
  description: string;
  options: CompletedOption[];
  /** Whether its arguments are files (systems). */
  fileArguments: boolean;
  /** The values its argument takes, when it has choices (`completion bash|zsh|fish`). */
  argumentValues: readonly string[];
}

function optionOf(o: Option): CompletedOption | undefined {
  if (o.long === undefined) return undefined;
  const takesValue = o.required || o.optional;
  return {
    name: o.long,
    description: o.description.replace(/\s+/g, ' '),
    takesValue,
    values: o.argChoices ?? suggestedValues.get(o) ?? SUGGESTED[o.long] ?? [],
    file: takesValue && (/<file>|<files?\.\.\.>|<dir>/.test(o.flags) || FILE_VALUES.has(o.long)),
  };
}

/** The commands and options of `program`, as completion needs them. */
export function completionSpec(program: Command): CompletedCommand[] {
  return program.commands.map((c) => ({
    name: c.name(),
    description: (c.summary() || c.description()).replace(/\s+/g, ' '),
    options: [...c.options.map(optionOf).filter((o): o is CompletedOption => o !== undefined),
      { name: '--help', description: 'display help for command', takesValue: false, values: [], file: false }],
    fileArguments: c.registeredArguments.some((a) => a.name() === 'systems'),
    argumentValues: c.registeredArguments.flatMap((a) => a.argChoices ?? []),
  }));
}

/**
 * The options that, first on a command line without a command, make it the TUI's, as the
 * program reads it: the input options and the `tui` command's other options.
 */
function firstOptions(spec: CompletedCommand[]): string[] {
  const tui = spec.find((c) => c.name === 'tui')?.options.map((o) => o.name) ?? [];
  return [...new Set([...INPUT_OPTIONS, ...tui])].filter((o) => o !== '--help');
}

/** A word list as a shell single-quoted string. */
const quoted = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

function bash(spec: CompletedCommand[]): string {
  const names = spec.map((c) => c.name).join(' ');
  const lines = [
    '# complan completion for bash. Load it with:  source <(complan completion bash)',
    '_complan() {',
    '  local cur prev cmd w',
    '  cur="${COMP_WORDS[COMP_CWORD]}"',
    '  prev="${COMP_WORDS[COMP_CWORD-1]}"',
    // `--match=bo`: bash splits the word at `=` (COMP_WORDBREAKS), so the option is a word further back.
    '  if [[ "$cur" == "=" ]]; then cur=""; elif [[ "$prev" == "=" ]]; then prev="${COMP_WORDS[COMP_CWORD-2]}"; fi',
    '  cmd=""',
    '  for w in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do',
    `    case "$w" in ${spec.map((c) => c.name).join('|')}) cmd="$w"; break;; esac`,
    '  done',
    // Inputs without a command (an input option or an existing file first) are the TUI's; with
    // `name=path` first, bash has split the word at `=`.
    '  if [[ -z "$cmd" && COMP_CWORD -gt 1 ]]; then',
    '    w="${COMP_WORDS[1]}"',
    `    case "$w" in ${firstOptions(spec).join('|')}) cmd=tui;; esac`,
    '    if [[ -z "$cmd" && "$w" != -* ]]; then',
    '      if [[ -e "$w" ]] || [[ "${COMP_WORDS[2]}" == "=" && COMP_CWORD -gt 3 && -e "${COMP_WORDS[3]}" ]]; then cmd=tui; fi',
    '    fi',
    '  fi',
    '  if [[ -z "$cmd" ]]; then',
    '    if [[ "$cur" == -* ]]; then',
    `      COMPREPLY=( $(compgen -W ${quoted(['--help', '--version', ...INPUT_OPTIONS].join(' '))} -- "$cur") )`,
    '    else',
    `      COMPREPLY=( $(compgen -W ${quoted(`${names} help`)} -- "$cur") )`,
    '    fi',
    '    return',
    '  fi',
    '  case "$cmd $prev" in',
  ];
  for (const c of spec) {
    for (const o of c.options.filter((x) => x.takesValue)) {
      const action = o.values.length > 0 ? `COMPREPLY=( $(compgen -W ${quoted(o.values.join(' '))} -- "$cur") )`
        : o.file ? 'COMPREPLY=( $(compgen -f -- "$cur") )' : 'COMPREPLY=()';
      lines.push(`    ${quoted(`${c.name} ${o.name}`)}) ${action}; return;;`);
    }
  }
  lines.push('  esac', '  if [[ "$cur" == -* ]]; then', '    case "$cmd" in');
  for (const c of spec) lines.push(`      ${c.name}) COMPREPLY=( $(compgen -W ${quoted(c.options.map((o) => o.name).join(' '))} -- "$cur") );;`);
  lines.push('    esac', '    return', '  fi', '  case "$cmd" in');
  for (const c of spec) {
    if (c.argumentValues.length > 0) lines.push(`    ${c.name}) COMPREPLY=( $(compgen -W ${quoted(c.argumentValues.join(' '))} -- "$cur") ); return;;`);
    else if (!c.fileArguments) lines.push(`    ${c.name}) COMPREPLY=(); return;;`);
  }
  lines.push('  esac', '  COMPREPLY=( $(compgen -f -- "$cur") )', '}', 'complete -o filenames -o bashdefault -F _complan complan', '');
  return lines.join('\n');
}

/** Text inside a zsh `[...]` description or `_describe` entry. */
const zshText = (s: string) => s.replace(/[[\]:\\']/g, (c) => (c === "'" ? `'\\''` : `\\${c}`));

function zsh(spec: CompletedCommand[]): string {
  const lines = [
    '#compdef complan',
    '# complan completion for zsh. Load it with:  source <(complan completion zsh)',
    '# (or save it as _complan in a directory of $fpath).',
    '_complan() {',
    '  local -a commands',
    `  commands=(${spec.map((c) => `'${zshText(c.name)}:${zshText(c.description)}'`).join(' ')})`,
    '  if (( CURRENT == 2 )); then',
    `    if [[ $PREFIX == -* ]]; then compadd -- --help --version ${INPUT_OPTIONS.join(' ')}; else _describe 'command' commands; fi`,
    '    return',
    '  fi',
    // Inputs without a command (an input option or an existing file first) are the TUI's: its
    // options are completed from the first word on.
    '  local cmd=${words[2]} implicit=0',
    '  case ${cmd%%=*} in',
    `    (${firstOptions(spec).join('|')}) implicit=1 ;;`,
    `    (${spec.map((c) => c.name).join('|')}|help|-*) ;;`,
    '    (*) [[ -e $cmd || ( $cmd == *=* && -e ${cmd#*=} ) ]] && implicit=1 ;;',
    '  esac',
    '  if (( implicit )); then',
    '    cmd=tui',
    '  else',
    '    shift words',
    '    (( CURRENT-- ))',
    '  fi',
    '  case $cmd in',
  ];
  for (const c of spec) {
    const specs = c.options.map((o) => {
      const head = `'${o.name}[${zshText(o.description)}]`;
      if (!o.takesValue) return `${head}'`;
      if (o.values.length > 0) return `${head}:value:(${o.values.map(zshText).join(' ')})'`;
      return o.file ? `${head}:file:_files'` : `${head}:value: '`;
    });
    if (c.fileArguments) specs.push("'*:file:_files'");
    if (c.argumentValues.length > 0) specs.push(`'1:value:(${c.argumentValues.map(zshText).join(' ')})'`);
    lines.push(`    ${c.name}) _arguments -s ${specs.join(' ')} ;;`);
  }
  lines.push('  esac', '}', 'if [[ $zsh_eval_context[-1] == loadautofunc ]]; then', '  _complan "$@"', 'else', '  compdef _complan complan', 'fi', '');
  return lines.join('\n');
}

function fish(spec: CompletedCommand[]): string {
  const text = (s: string) => quoted(s);
  const lines = [
    '# complan completion for fish. Load it with:  complan completion fish | source',
    'complete -c complan -f',
  ];
  for (const c of spec) lines.push(`complete -c complan -n __fish_use_subcommand -a ${c.name} -d ${text(c.description)}`);
  // Inputs without a command (an input option or an existing file first) are the TUI's.
  lines.push(
    'function __complan_inputs_first',
    '  set -l words (commandline -opc)',
    '  set -q words[2]; or return 1',
    '  switch (string replace -r \'=.*\' \'\' -- $words[2])',
    `    case ${firstOptions(spec).join(' ')}`,
    '      return 0',
    `    case ${spec.map((c) => c.name).join(' ')} help '-*'`,
    '      return 1',
    '  end',
    '  test -e $words[2]; or begin; string match -q -- \'*=*\' $words[2]; and test -e (string replace -r \'^[^=]*=\' \'\' -- $words[2]); end',
    'end',
  );
  const option = (when: string, o: CompletedOption) => {
    const value = !o.takesValue ? '' : o.values.length > 0 ? ` -x -a ${quoted(o.values.join(' '))}` : o.file ? ' -r -F' : ' -x';
    return `complete -c complan -n ${quoted(when)} -l ${o.name.slice(2)}${value} -d ${text(o.description)}`;
  };
  for (const c of spec) {
    const when = c.name === 'tui' ? '__fish_seen_subcommand_from tui; or __complan_inputs_first' : `__fish_seen_subcommand_from ${c.name}`;
    if (c.fileArguments) lines.push(`complete -c complan -n ${quoted(when)} -F`);
    if (c.argumentValues.length > 0) lines.push(`complete -c complan -n ${quoted(when)} -x -a ${quoted(c.argumentValues.join(' '))}`);
    for (const o of c.options) lines.push(option(when, o));
  }
  // The first word: the input options, which start a command line of inputs.
  const tui = spec.find((c) => c.name === 'tui');
  for (const o of tui?.options ?? []) if (INPUT_OPTIONS.includes(o.name)) lines.push(option('__fish_use_subcommand; and not __complan_inputs_first', o));
  lines.push('');
  return lines.join('\n');
}

/** The completion script for `shell`. */
export function completionScript(shell: Shell, spec: CompletedCommand[]): string {
  return shell === 'bash' ? bash(spec) : shell === 'zsh' ? zsh(spec) : fish(spec);
}
