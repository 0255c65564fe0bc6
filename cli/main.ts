#!/usr/bin/env node
import { processIo } from './io.js';
import { run } from './program.js';

// An interrupted command ends with the shell's usual status (128 + the signal's number) once the
// step in progress is over. Files are written synchronously from their temporary file to the
// rename (src/formats/write-file.ts), and a handler runs only between such steps, so SIGINT,
// SIGTERM and SIGHUP never leave a temporary file behind (SIGKILL cannot be handled: see
// docs/errors.md).
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
  process.on(signal, () => process.exit(code));
}

run(process.argv.slice(2), processIo()).then((code) => {
  process.exitCode = code;
});
