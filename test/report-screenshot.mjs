// Takes docs/report.png: the HTML report of the bundled news example (never the CoNLL-2003 data,
// whose text is under the Reuters licence) in headless Chromium, light mode, a heatmap cell pressed.
// Usage: npm run build && node test/report-screenshot.mjs [chromium executable]
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer from 'puppeteer-core';

const root = join(import.meta.dirname, '..');
const chromium = process.argv[2] ?? spawnSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).stdout.trim();
const dir = mkdtempSync(join(tmpdir(), 'complan-shot-'));
const file = join(dir, 'report.html');
const news = 'examples/news';
execFileSync('node', [join(root, 'dist/cli/main.js'), 'report', '--html', file, '--gold', join(news, 'gold.conll'),
  ...['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'].map((s) => join(news, 'systems', `${s}.conll`))], { stdio: 'inherit', cwd: root });
const browser = await puppeteer.launch({ executablePath: chromium, args: ['--no-sandbox'] });
const page = await browser.newPage();
await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: 'light' }]);
await page.setViewport({ width: 1180, height: 1700 });
await page.goto(pathToFileURL(file).href);
await page.click('#heatmap button.cell[data-a="crf"][data-b="cautious"]');
// From the top to the end of the heatmap and its pair's details: the summary, the systems and the complementarity.
const bottom = await page.$eval('#complementarity', (s) => Math.ceil(s.getBoundingClientRect().bottom - s.ownerDocument.body.getBoundingClientRect().top) + 16);
await page.screenshot({ path: join(root, 'docs/report.png'), clip: { x: 0, y: 0, width: 1180, height: bottom }, captureBeyondViewport: true });
await browser.close();
rmSync(dir, { recursive: true, force: true });
