/**
 * The package's version, read from its package.json: the nearest one above this module named
 * `complan` (src/ in the sources, dist/src/ when built).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function readVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 4; up++) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'complan' && typeof pkg.version === 'string') return pkg.version;
    }
    dir = dirname(dir);
  }
  return 'unknown';
}

export const VERSION = readVersion();
