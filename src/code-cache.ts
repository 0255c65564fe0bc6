/**
 * Loading a CommonJS bundle with a V8 code cache: the installed command's program
 * (dist/bin/program.cjs, cli/code-cache.ts) and the library (dist/lib/core.cjs, which the package's
 * ES module entry dist/lib/index.js loads; rolldown.config.mjs builds both).
 *
 * A run of complan, or of a script using the library, is short, and a good part of it went to V8
 * parsing and compiling functions to bytecode on their first call. The build's last step
 * (cli/warm-code-cache.ts) runs each bundle's work once on the bundled examples, then saves the
 * bytecode of every function compiled by then (`vm.Script#createCachedData`) next to the bundle,
 * as `<bundle>.cache`. A later load compiles the bundle with that cache (`cachedData`) and skips
 * the work (docs/performance.md gives what it saves).
 *
 * The bundles are CommonJS scripts, not ES modules: Node 20 offers no code cache for ES modules
 * (Node 22 adds `module.enableCompileCache`).
 *
 * A cache is used only when it can belong to the bundle: it must be no older than the bundle file
 * (a bundle edited or rebuilt after the cache was written makes it stale), and V8 itself rejects
 * one written by another V8 version, with other V8 flags or for a source of another length.
 * A cache that is absent, stale or rejected costs nothing but the time it would have saved.
 */
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import vm from 'node:vm';

/** How the cache served a load: used; rejected by V8; older than the bundle; absent; not asked for. */
export type CacheStatus = 'used' | 'rejected' | 'stale' | 'absent' | 'off';

export interface LoadedBundle<T> {
  /** What the bundle exports (`module.exports`). */
  exports: T;
  cache: CacheStatus;
  /** The compiled script, for {@link saveCodeCache}. */
  script: vm.Script;
}

/** The cache file of a bundle. */
export function cacheFileOf(file: string): string {
  return `${file}.cache`;
}

/**
 * Node's CommonJS wrapper. The cache belongs to the exact text compiled, so the build and every
 * later load must wrap the bundle the same way: both go through this function.
 */
function wrap(source: string): string {
  return `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
}

/** The cache's bytes, or why there are none. */
function readCache(file: string): { data?: Buffer; status: CacheStatus } {
  const cacheFile = cacheFileOf(file);
  let cacheTime: number;
  try {
    cacheTime = statSync(cacheFile).mtimeMs;
  } catch {
    return { status: 'absent' };
  }
  if (cacheTime < statSync(file).mtimeMs) return { status: 'stale' };
  try {
    return { data: readFileSync(cacheFile), status: 'used' };
  } catch {
    return { status: 'absent' };
  }
}

/**
 * Loads and runs the CommonJS bundle `file` as Node would load a CommonJS module, compiled with
 * its code cache (`<file>.cache`) when `useCache` and the cache fits (see the module comment).
 */
export function loadBundle<T>(file: string, useCache = true): LoadedBundle<T> {
  const source = readFileSync(file, 'utf8');
  const cached = useCache ? readCache(file) : { status: 'off' as const };
  const script = new vm.Script(wrap(source), { filename: file, cachedData: cached.data });
  const cache: CacheStatus = cached.data !== undefined && script.cachedDataRejected === true ? 'rejected' : cached.status;
  const module = { exports: {} as T };
  const init = script.runInThisContext() as (e: T, r: NodeJS.Require, m: object, f: string, d: string) => void;
  init(module.exports, createRequire(file), module, file, dirname(file));
  return { exports: module.exports, cache, script };
}

/**
 * Writes the bytecode of everything `script` (a bundle loaded by {@link loadBundle}) has compiled
 * so far to the bundle's cache file, through a temporary file and a rename, so that a failure
 * leaves no partial cache. Returns the cache's size in bytes.
 */
export function saveCodeCache(script: vm.Script, file: string): number {
  const data = script.createCachedData();
  const target = cacheFileOf(file);
  const temp = `${target}.tmp-${process.pid}`;
  try {
    writeFileSync(temp, data);
    renameSync(temp, target);
  } finally {
    rmSync(temp, { force: true });
  }
  return data.length;
}
