/** The CLI's window on the world, injectable so tests run commands in-process. */
export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Whether stdout is a terminal. */
  isTTY: boolean;
  /** Whether stderr is a terminal (progress bars are drawn only then). */
  stderrIsTTY?: boolean;
  /** Terminal width, when stdout is a terminal. */
  columns?: number;
  env: Readonly<Record<string, string | undefined>>;
}

export function processIo(): Io {
  return {
    stdout: (t) => void process.stdout.write(t),
    stderr: (t) => void process.stderr.write(t),
    isTTY: process.stdout.isTTY === true,
    stderrIsTTY: process.stderr.isTTY === true,
    columns: process.stdout.columns,
    env: process.env,
  };
}
