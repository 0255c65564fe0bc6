#!/usr/bin/env node
/**
 * The installed command, dist/bin/complan.cjs (the package's `bin`; rolldown.config.mjs builds it
 * as CommonJS). It loads the program, dist/bin/program.cjs, with its V8 code cache
 * (cli/code-cache.ts) and runs the command line.
 *
 * The TUI is the exception: Ink is an ES module with top-level await, which a CommonJS program
 * cannot load, so a command line that opens the TUI runs from the ES module build of the same
 * program, dist/bin/esm/complan.js (cli/main.ts), instead.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadProgram, PROGRAM_FILE, type ProgramModule } from './code-cache.js';
import { processIo } from './io.js';

const dir = dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const io = processIo();
let program: ProgramModule;
try {
  ({ program } = loadProgram(dir));
} catch (err) {
  // A broken installation (the build did not finish): one line, as for every error.
  io.stderr(`complan: internal error: cannot load ${join(dir, PROGRAM_FILE)}: ${(err as Error)?.message ?? String(err)} (npm run build makes it)\n`);
  process.exit(2);
}

if (program.opensTui(argv, io)) {
  import(pathToFileURL(join(dir, 'esm/complan.js')).href).catch((err: unknown) => {
    io.stderr(`complan: internal error: cannot load the TUI: ${(err as Error)?.message ?? String(err)}\n`);
    process.exitCode = 2;
  });
} else {
  program.run(argv, io).then((code) => {
    process.exitCode = code;
  });
}
