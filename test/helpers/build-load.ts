/**
 * Loading from the build (dist/), in a fresh Node process: how tests check that worker threads
 * start from the built load-worker.js as they do from the sources.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'vitest';

const DIST = join(import.meta.dirname, '../../dist/src/formats');

/** The URL of a built module of src/formats (`load.js`, `load-parallel.js`, …), as a string literal for a script. */
export function builtModule(name: string): string {
  return JSON.stringify(pathToFileURL(join(DIST, name)).href);
}

/**
 * Runs `script` (an ES module that imports {@link builtModule}s and prints one JSON line) and
 * returns what it printed, checking the build is there and nothing went to standard error.
 */
export function runOnBuild<T>(script: string): T {
  expect(existsSync(join(DIST, 'load-worker.js')), 'dist/ is stale or missing: run npm run build').toBe(true);
  const p = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 60_000 });
  expect(p.stderr).toBe('');
  return JSON.parse(p.stdout) as T;
}
