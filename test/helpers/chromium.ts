/**
 * Where the browser tests find a headless Chromium: `CHROMIUM` when set, else `chromium` (or
 * `chromium-browser`) on the PATH, as Debian's package installs it. puppeteer-core drives it and
 * downloads no browser. A test file without one says so in one line and skips.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';

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

/**
 * One headless Chromium for a test file, launched before its tests (when `path` is given) and
 * closed after them; `page()` opens a new page in it.
 */
export function sharedBrowser(path: string | undefined): { page: () => Promise<Page> } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (path === undefined) return;
    const puppeteer = (await import('puppeteer-core')).default;
    browser = await puppeteer.launch({ executablePath: path, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });
  return {
    page: async () => {
      if (browser === undefined) throw new Error('no browser: the tests that need one skip without Chromium');
      return browser.newPage();
    },
  };
}
