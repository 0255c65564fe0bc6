/**
 * The installed command's program (dist/bin/program.cjs) compiled with its V8 code cache
 * (src/code-cache.ts says how the cache is made, when it is used, and why the program is one
 * CommonJS script). Eval on the twelve CoNLL-2003 systems used 34 ms less main-thread time with it
 * (docs/performance.md).
 */
import { join } from 'node:path';
import type vm from 'node:vm';
import { cacheFileOf, loadBundle, saveCodeCache, type CacheStatus } from '../src/code-cache.js';
import type { Io } from './io.js';

export type { CacheStatus } from '../src/code-cache.js';

/** The program's file name in dist/bin, and its cache's. */
export const PROGRAM_FILE = 'program.cjs';
export const CACHE_FILE = cacheFileOf(PROGRAM_FILE);

/** What dist/bin/program.cjs exports (cli/program.ts). */
export interface ProgramModule {
  run(argv: readonly string[], io: Io): Promise<number>;
  opensTui(argv: readonly string[], io: Pick<Io, 'isTTY'>): boolean;
}

export interface LoadedProgram {
  program: ProgramModule;
  cache: CacheStatus;
  /** The compiled script, for createCachedData. */
  script: vm.Script;
}

/** Loads and runs dist/bin/program.cjs (in `dir`), compiled with its code cache when `useCache` and the cache fits. */
export function loadProgram(dir: string, useCache = true): LoadedProgram {
  const { exports, cache, script } = loadBundle<ProgramModule>(join(dir, PROGRAM_FILE), useCache);
  return { program: exports, cache, script };
}

/**
 * Builds the cache: loads the program without one, runs each command line in `commands` (every
 * one must exit 0), then writes the bytecode of everything compiled so far to dist/bin (in `dir`),
 * through a temporary file and a rename, so that a failure leaves no partial cache.
 * Returns the cache's size in bytes.
 */
export async function writeCodeCache(dir: string, commands: readonly (readonly string[])[]): Promise<number> {
  const { program, script } = loadProgram(dir, false);
  for (const argv of commands) {
    let stderr = '';
    const io: Io = { stdout: () => {}, stderr: (t) => { stderr += t; }, isTTY: false, env: {} };
    const code = await program.run(argv, io);
    if (code !== 0) throw new Error(`complan ${argv.join(' ')} exited ${code}: ${stderr.trim()}`);
  }
  return saveCodeCache(script, join(dir, PROGRAM_FILE));
}
