/**
 * The input options every command has. A command line that starts with one gives inputs without
 * a command, which opens the terminal UI (see `looksLikeInputs` in program.ts); shell completion
 * reads such a line as the `tui` command's.
 */
export const INPUT_OPTIONS: readonly string[] = ['--gold', '--input-format', '--gold-column', '--pred-column', '--scheme', '--strict-scheme', '--ignore-embedded-gold'];
