/**
 * The input options every command has (docs/inputs.md; `--progress` aside, which the TUI does not
 * take). A command line without a command that starts with one of them, or with another option of
 * the `tui` command, gives inputs, which open the terminal UI (see `looksLikeInputs` in
 * program.ts); shell completion offers these as a first word and reads such a line as `tui`'s.
 */
export const INPUT_OPTIONS: readonly string[] = [
  '--gold', '--input-format', '--gold-column', '--pred-column', '--scheme', '--invalid', '--strict-scheme', '--ignore-embedded-gold', '--labels',
];
