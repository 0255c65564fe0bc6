/**
 * The installed command's program (dist/bin/program.cjs) compiled with a V8 code cache.
 *
 * A `complan` run is short, and a good part of it went to V8 parsing and compiling the program's
 * functions to bytecode on first call. The build (`npm run build`, cli/warm-code-cache.ts) runs
 * every command once on the bundled example inside one process, then saves the bytecode of every
 * function compiled by then (`vm.Script#createCachedData`) next to the program. A later run
 * compiles the program with that cache (`cachedData`) and skips the work: eval on the twelve
 * CoNLL-2003 systems used 34 ms less main-thread time (README, Performance).
 *
 * The program is one CommonJS script, not an ES module: Node 20 offers no code cache for ES
 * modules (Node 22 adds `module.enableCompileCache`), and loading a script is itself a little
 * cheaper than linking a module.
 *
 * A cache is used only when it can belong to this program: it must be no older than the program
 * file (a program edited or rebuilt after the cache was written makes it stale), and V8 itself
 * rejects one written by another V8 version, with other V8 flags or for a source of another length.
 * A cache that is absent, stale or rejected costs nothing but the time it would have saved.
 */
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import vm from 'node:vm';
import type { Io } from './io.js';

/** The program's file name in dist/bin, and its cache's. */
export const PROGRAM_FILE = 'program.cjs';
export const CACHE_FILE = 'program.cjs.cache';

/** What dist/bin/program.cjs exports (cli/program.ts). */
export interface ProgramModule {
  run(argv: readonly string[], io: Io): Promise<number>;
  opensTui(argv: readonly string[], io: Pick<Io, 'isTTY'>): boolean;
}

/** How the cache served a load: used; rejected by V8; older than the program; absent; not asked for. */
export type CacheStatus = 'used' | 'rejected' | 'stale' | 'absent' | 'off';

export interface LoadedProgram {
  program: ProgramModule;
  cache: CacheStatus;
  /** The compiled script, for createCachedData. */
  script: vm.Script;
}

/**
 * Node's CommonJS wrapper. The cache belongs to the exact text compiled, so the build and every
 * later load must wrap the program the same way: both go through this function.
 */
function wrap(source: string): string {
  return `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
}

/** The cache's bytes, or why there are none. */
function readCache(dir: string): { data?: Buffer; status: CacheStatus } {
  const cacheFile = join(dir, CACHE_FILE);
  let cacheTime: number;
  try {
    cacheTime = statSync(cacheFile).mtimeMs;
  } catch {
    return { status: 'absent' };
  }
  if (cacheTime < statSync(join(dir, PROGRAM_FILE)).mtimeMs) return { status: 'stale' };
  try {
    return { data: readFileSync(cacheFile), status: 'used' };
  } catch {
    return { status: 'absent' };
  }
}

/**
 * Loads and runs dist/bin/program.cjs (in `dir`) as Node would load a CommonJS module, compiled
 * with its code cache when `useCache` and the cache fits (see the module comment).
 */
export function loadProgram(dir: string, useCache = true): LoadedProgram {
  const file = join(dir, PROGRAM_FILE);
  const source = readFileSync(file, 'utf8');
  const cached = useCache ? readCache(dir) : { status: 'off' as const };
  const script = new vm.Script(wrap(source), { filename: file, cachedData: cached.data });
  const cache: CacheStatus = cached.data !== undefined && script.cachedDataRejected === true ? 'rejected' : cached.status;
  const module = { exports: {} as ProgramModule };
  const init = script.runInThisContext() as (e: object, r: NodeJS.Require, m: object, f: string, d: string) => void;
  init(module.exports, createRequire(file), module, file, dir);
  return { program: module.exports, cache, script };
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
  const data = script.createCachedData();
  const target = join(dir, CACHE_FILE);
  const temp = `${target}.tmp-${process.pid}`;
  try {
    writeFileSync(temp, data);
    renameSync(temp, target);
  } finally {
    rmSync(temp, { force: true });
  }
  return data.length;
}
