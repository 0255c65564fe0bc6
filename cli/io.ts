/** The CLI's window on the world, injectable so tests run commands in-process. */
import { invokedAs } from './next-steps.js';

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stdout is a terminal. */
  isTTY: boolean;
  /** Whether stderr is a terminal (progress bars are drawn only then). */
  stderrIsTTY?: boolean;
  /** Terminal width, when stdout is a terminal. */
  columns?: number;
  /** Terminal width, when stderr is a terminal (the progress bar keeps within it). */
  stderrColumns?: number;
  env: Readonly<Record<string, string | undefined>>;
  /** How the user ran complan, as shell words to run it again (see invokedAs); `complan` when not given. */
  command?: readonly string[];
}

export function processIo(): Io {
  // A reader that stops early (`complan combine … | head`) closes the pipe: the output is no
  // longer wanted, so the command ends quietly, as command-line tools do. Any other failure (a
  // full disk, a closed descriptor) loses the output: one line says so, and the exit is 2.
  const failed = (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    process.stderr.write(`${stdoutFailure(err)}\n`);
    process.exit(2);
  };
  process.stdout.on('error', failed);
  // Standard error holds what is said about the work (warnings, progress, where an output went),
  // not its result: once it fails (a reader that closed it, `… 2>&1 | head -1`), there is nowhere
  // to say anything, and the command finishes its work with nothing more written there. The exit
  // status is still the work's own: a file written through `--out` is complete, status 0.
  let stderrOpen = true;
  process.stderr.on('error', () => {
    stderrOpen = false;
  });
  return {
    stdout: (t) => {
      process.stdout.write(t);
      // A write that failed at once (standard output a file on a full disk, /dev/full: written
      // synchronously) ends the command here: its 'error' event would come after the command had
      // gone on to say what it wrote (`wrote the report (54 KB) to standard output`).
      const err = process.stdout.errored as NodeJS.ErrnoException | null;
      if (err !== null) failed(err);
    },
    stderr: (t) => {
      if (stderrOpen) process.stderr.write(t);
    },
    isTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    columns: terminalWidth(process.stdout, process.env),
    stderrColumns: terminalWidth(process.stderr, process.env),
    env: process.env,
    command: invokedAs(process.argv[1], process.cwd()),
  };
}

/**
 * The width of a terminal stream: what the terminal reports; when it reports none (0, as a
 * pseudo-terminal with no size does: `script`, `docker exec -t`, some CI runners), `COLUMNS` when
 * that is a positive whole number; else undefined, and each caller keeps its own default. A
 * stream that is not a terminal has no width (piped output keeps the defaults).
 */
export function terminalWidth(
  stream: { readonly isTTY?: boolean; readonly columns?: number },
  env: Readonly<Record<string, string | undefined>>,
): number | undefined {
  if (stream.isTTY !== true) return undefined;
  if (stream.columns !== undefined && stream.columns > 0) return stream.columns;
  const given = env.COLUMNS?.trim() ?? '';
  return /^\d+$/.test(given) && Number(given) > 0 ? Number(given) : undefined;
}

/** The one line for a write to standard output that failed with `err` (not a closed pipe). */
export function stdoutFailure(err: NodeJS.ErrnoException): string {
  const why = err.code === 'ENOSPC' ? 'no space left on the device' : err.code ?? err.message;
  return `complan: could not write to standard output (${why}): the output is incomplete`;
}
