/**
 * Errors that reach the user as one clear line, never as a stack trace.
 *
 * - {@link InputError}: the data is wrong (exit code 2). Names the file and, when known, the line.
 * - {@link UsageError}: the command line is wrong (exit code 1).
 */
export class InputError extends Error {
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly detail: string;

  constructor(detail: string, file?: string, line?: number) {
    super(InputError.format(detail, file, line));
    this.name = 'InputError';
    this.file = file;
    this.line = line;
    this.detail = detail;
  }

  static format(detail: string, file?: string, line?: number): string {
    if (file === undefined) return detail;
    return line === undefined ? `${file}: ${detail}` : `${file}:${line}: ${detail}`;
  }
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
