/**
 * The HTML report in a real browser: headless Chromium (Debian's package) driven by
 * puppeteer-core opens the page from file:// and must load nothing else and log no error; its
 * heatmap must hold one cell per ordered pair whose data-fcomp is compare's JSON fComp; a cell
 * pressed (by mouse, and by keyboard) must show its pair's figures and example items in context;
 * a header pressed must sort the systems table; and the page must change with the colour
 * scheme. On the bundled examples always, on the twelve CoNLL-2003 systems when present (also
 * within 3 MB). Skipped, with one line saying why, without Chromium.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';
import { chromiumPresent, sharedBrowser } from '../helpers/chromium.js';
import { ROOT, runCli } from './helpers.js';
import { percent } from '../../src/report/number.js';

const chromium = chromiumPresent('report-html');
const temp = mkdtempSync(join(tmpdir(), 'complan-report-html-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

interface CompareDoc {
  systems: string[];
  pairs: Array<{ a: string; b: string; pComp: number | null; rComp: number | null; fComp: number | null; examples: Record<string, Array<{ text: string; label: string | null }>> }>;
}

interface Opened {
  page: Page;
  errors: string[];
  requests: string[];
  url: string;
}

const browser = sharedBrowser(chromium);

/** Writes the report of `args` and runs compare --format json on the same inputs. */
async function reportOf(name: string, args: string[], extra: string[] = []): Promise<{ file: string; compare: CompareDoc }> {
  const file = join(temp, `${name}.html`);
  const r = await runCli(['report', '--html', file, ...extra, ...args]);
  expect(r.code, r.stderr).toBe(0);
  expect(r.stderr).toMatch(/^complan: wrote the report \(\d+ KB\) to /);
  const c = await runCli(['compare', '--format', 'json', ...args]);
  expect(c.code, c.stderr).toBe(0);
  return { file, compare: JSON.parse(c.stdout) as CompareDoc };
}

async function open(file: string, scheme: 'light' | 'dark' = 'light'): Promise<Opened> {
  const page = await browser.page();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warn') errors.push(`${m.type()}: ${m.text()}`); });
  page.on('pageerror', (e) => errors.push(`pageerror: ${String(e)}`));
  page.on('requestfailed', (r) => errors.push(`request failed: ${r.url()}`));
  page.on('request', (r) => requests.push(r.url()));
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
  await page.setViewport({ width: 1280, height: 900 });
  const url = pathToFileURL(file).href;
  await page.goto(url, { waitUntil: 'load' });
  return { page, errors, requests, url };
}

/** The heatmap's cells as the page holds them. */
async function cells(page: Page): Promise<Array<{ a: string; b: string; fcomp: string }>> {
  return page.$$eval('#heatmap button.cell', (list) => list.map((b) => ({ a: b.getAttribute('data-a')!, b: b.getAttribute('data-b')!, fcomp: b.getAttribute('data-fcomp')! })));
}

/** Every cell's data-fcomp equals compare's fComp (empty for null), one cell per ordered pair. */
function expectCellsMatch(found: Array<{ a: string; b: string; fcomp: string }>, doc: CompareDoc): void {
  const n = doc.systems.length;
  expect(found).toHaveLength(n * (n - 1));
  const byPair = new Map(found.map((c) => [`${c.a}\u0000${c.b}`, c.fcomp]));
  expect(byPair.size).toBe(n * (n - 1));
  for (const p of doc.pairs) {
    const attr = byPair.get(`${p.a}\u0000${p.b}`);
    expect(attr, `${p.a} > ${p.b}`).toBeDefined();
    if (p.fComp === null) expect(attr).toBe('');
    else expect(Number(attr), `${p.a} > ${p.b}`).toBe(p.fComp);
  }
}

const NEWS = ['--gold', join(ROOT, 'examples/news/gold.conll'), ...['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy'].map((s) => join(ROOT, `examples/news/systems/${s}.conll`))];

describe.skipIf(chromium === undefined)('the HTML report in headless Chromium: the examples', () => {
  let report: { file: string; compare: CompareDoc };
  let opened: Opened;

  beforeAll(async () => {
    report = await reportOf('news', NEWS);
    opened = await open(report.file);
  }, 120_000);

  afterAll(async () => {
    await opened?.page.close();
  });

  it('loads nothing but the file itself and logs no error', () => {
    expect(opened.requests).toEqual([opened.url]);
    expect(opened.errors).toEqual([]);
  });

  it('holds one heatmap cell per ordered pair, its data-fcomp compare\'s fComp', async () => {
    expectCellsMatch(await cells(opened.page), report.compare);
  });

  it('shows a pair\'s figures and its example items in their sentences when its cell is pressed', async () => {
    const pair = report.compare.pairs.find((p) => p.examples.bFinds.length > 0 && p.examples.bAvoids.length > 0)!;
    expect(pair).toBeDefined();
    const selector = `#heatmap button.cell[data-a="${pair.a}"][data-b="${pair.b}"]`;
    await opened.page.click(selector);
    const detail = await opened.page.$eval('#pair-detail', (d) => ({
      heading: d.querySelector('h3')?.textContent ?? '',
      text: d.textContent ?? '',
      bFinds: Array.from(d.querySelectorAll('ul.examples-bFinds li')).map((li) => ({ mark: li.querySelector('mark')?.textContent ?? '', context: li.querySelector('.context')?.textContent ?? '' })),
      bAvoids: Array.from(d.querySelectorAll('ul.examples-bAvoids li mark')).map((m) => m.textContent),
    }));
    expect(detail.heading).toBe(`What ${pair.b} offers ${pair.a}`);
    // Rounded as every table rounds (an exact tie to even), not by the browser's toFixed.
    const pct = (v: number | null) => (v === null ? 'undefined' : `${percent(v)}%`);
    expect(detail.text).toContain(`P_Comp${pct(pair.pComp)}`);
    expect(detail.text).toContain(`R_Comp${pct(pair.rComp)}`);
    expect(detail.text).toContain(`F_Comp${pct(pair.fComp)}`);
    expect(detail.bFinds.map((x) => x.mark)).toEqual(pair.examples.bFinds.map((e) => e.text));
    expect(detail.bAvoids).toEqual(pair.examples.bAvoids.map((e) => e.text));
    // Context: the sentence around the item, longer than the item itself.
    for (const x of detail.bFinds) {
      expect(x.context).toContain(x.mark);
      expect(x.context.length).toBeGreaterThan(x.mark.length);
    }
    expect(await opened.page.$eval(selector, (b) => b.getAttribute('aria-pressed'))).toBe('true');
  });

  it('is keyboard usable: tab reaches a cell, Enter shows it, arrows move between cells', async () => {
    const { page } = opened;
    const first = '#heatmap button.cell[data-row="0"][data-col="1"]';
    await page.focus('#heatmap button.cell[data-row="0"][data-col="2"]');
    await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    await page.keyboard.up('Shift');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-col'))).toBe('1');
    await page.keyboard.press('Enter');
    const [a, b] = await page.$eval(first, (c) => [c.getAttribute('data-a'), c.getAttribute('data-b')]);
    expect(await page.$eval('#pair-detail h3', (h) => h.textContent)).toBe(`What ${b} offers ${a}`);
    expect(await page.$eval(first, (c) => c.getAttribute('aria-pressed'))).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => [document.activeElement?.getAttribute('data-row'), document.activeElement?.getAttribute('data-col')])).toEqual(['2', '1']); // (1, 1) is the diagonal: skipped
    // The header buttons of the systems table are reachable and press with Enter.
    await page.focus('#systems-table thead button.sort[data-column="0"]');
    await page.keyboard.press('Enter');
    expect(await page.$eval('#systems-table thead th:first-child', (th) => th.getAttribute('aria-sort'))).toBe('descending');
  });

  it('sorts the systems table by a column when its header is pressed, and back when pressed again', async () => {
    const { page } = opened;
    const ev = await runCli(['eval', '--format', 'json', ...NEWS]);
    const systems = (JSON.parse(ev.stdout) as { systems: Array<{ name: string; f: number; fp: number }> }).systems;
    const order = () => page.$$eval('#systems-table tbody tr', (rows) => rows.map((r) => r.querySelector('th')!.textContent));
    const column = await page.$$eval('#systems-table thead button.sort', (bs) => bs.findIndex((b) => b.textContent === 'F1'));
    expect(column).toBeGreaterThan(0);
    await page.click(`#systems-table thead button.sort[data-column="${column}"]`);
    expect(await order()).toEqual([...systems].sort((x, y) => y.f - x.f).map((s) => s.name));
    await page.click(`#systems-table thead button.sort[data-column="${column}"]`);
    expect(await order()).toEqual([...systems].sort((x, y) => x.f - y.f).map((s) => s.name));
    const fp = await page.$$eval('#systems-table thead button.sort', (bs) => bs.findIndex((b) => b.textContent === 'FP'));
    await page.click(`#systems-table thead button.sort[data-column="${fp}"]`);
    expect(await order()).toEqual([...systems].sort((x, y) => y.fp - x.fp || 0).map((s) => s.name));
    expect(opened.errors).toEqual([]);
  });

  it('follows the colour scheme: light and dark backgrounds, both without errors', async () => {
    const dark = await open(report.file, 'dark');
    const bg = (p: Page) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await bg(opened.page)).toBe('rgb(255, 255, 255)');
    expect(await bg(dark.page)).toBe('rgb(22, 24, 28)');
    expect(dark.errors).toEqual([]);
    await dark.page.close();
  });
});

describe.skipIf(chromium === undefined)('the HTML report in headless Chromium: the ablation example', () => {
  it('shows the ablation section with --baseline, loading nothing and logging no error', async () => {
    const dir = join(ROOT, 'examples/ablation');
    const { file, compare } = await reportOf('ablation', ['--gold', join(dir, 'gold.conll'), ...['baseline', 'no-casing', 'no-gazetteer'].map((s) => join(dir, `${s}.conll`))], ['--baseline', 'baseline']);
    const opened = await open(file);
    expect(opened.requests).toEqual([opened.url]);
    expect(opened.errors).toEqual([]);
    expectCellsMatch(await cells(opened.page), compare);
    const captions = await opened.page.$$eval('#ablation caption', (cs) => cs.map((c) => c.textContent ?? ''));
    expect(captions.some((c) => c.startsWith('Scores — 2 variants of baseline'))).toBe(true);
    await opened.page.close();
  }, 120_000);
});

const conll = chromium !== undefined && conll03Present('report-html');

describe.skipIf(!conll)('the HTML report in headless Chromium: twelve CoNLL-2003 systems', () => {
  it('holds 132 cells equal to compare\'s JSON, stays within 3 MB, loads nothing and logs no error', async () => {
    const files = readdirSync(CONLL03_DIR).sort();
    const systems = files.filter((f) => (f.endsWith('.conll') && f !== 'gold.conll') || f.endsWith('.jsonl')).map((f) => join(CONLL03_DIR, f));
    expect(systems).toHaveLength(12);
    const { file, compare } = await reportOf('conll03', ['--gold', join(CONLL03_DIR, 'gold.conll'), ...systems]);
    expect(statSync(file).size).toBeLessThanOrEqual(3 * 1024 * 1024);
    const opened = await open(file);
    expect(opened.requests).toEqual([opened.url]);
    expectCellsMatch(await cells(opened.page), compare);
    const pair = compare.pairs[compare.pairs.length - 1];
    await opened.page.click(`#heatmap button.cell[data-a="${pair.a}"][data-b="${pair.b}"]`);
    const marks = await opened.page.$$eval('#pair-detail ul.examples-bFinds mark', (ms) => ms.map((m) => m.textContent));
    expect(marks).toEqual(pair.examples.bFinds.map((e) => e.text));
    expect(opened.errors).toEqual([]);
    await opened.page.close();
  }, 180_000);
});
