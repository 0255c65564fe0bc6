/**
 * Where the browser tests find a headless Chromium: `CHROMIUM` when set, else `chromium` (or
 * `chromium-browser`) on the PATH, as Debian's package installs it. puppeteer-core drives it and
 * downloads no browser. A test file without one says so in one line and skips.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The executable, or undefined when none is installed. */
export function chromiumPath(): string | undefined {
  const given = process.env.CHROMIUM;
  if (given !== undefined && given !== '') return existsSync(given) ? given : undefined;
  for (const name of ['chromium', 'chromium-browser']) {
    const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    const path = r.stdout.trim();
    if (r.status === 0 && path !== '') return path;
  }
  return undefined;
}

/** Whether Chromium is there; when not, `test` (the file's name) prints that it is skipped and why. */
export function chromiumPresent(test: string): string | undefined {
  const path = chromiumPath();
  if (path === undefined) process.stderr.write(`${test}: skipped: no Chromium (install it with apt-get install chromium, or set CHROMIUM to its executable)\n`);
  return path;
}
