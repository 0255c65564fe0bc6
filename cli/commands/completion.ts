import { Argument, type Command } from 'commander';
import { completionScript, completionSpec, SHELLS, type Shell } from '../completion.js';
import type { Io } from '../io.js';

/** `complan completion bash|zsh|fish`: prints a completion script for the shell. */
export function registerCompletion(program: Command, io: Io): void {
  program
    .command('completion')
    .summary('print a shell completion script (bash, zsh or fish)')
    .description('print a completion script for commands, options and their choices; load it with\n'
      + '  bash: source <(complan completion bash)\n'
      + '  zsh:  source <(complan completion zsh)\n'
      + '  fish: complan completion fish | source')
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS))
    .action((shell: Shell) => {
      io.stdout(completionScript(shell, completionSpec(program)));
    });
}
