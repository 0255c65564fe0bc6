/**
 * The HTML report read in headless Chromium beyond the main browser test: a pair whose F_Comp is
 * undefined (a system with no spurious item) has an empty data-fcomp, as compare's JSON has null,
 * shows `—` and says "undefined" when pressed; hovering over a cell shows its pair and leaving it
 * returns to the pressed one; every cell is coloured by the shared scale (bandColor, the TUI's
 * and the terminal tables' palette); every text outside the figures reads at WCAG's 4.5:1 in the
 * light and the dark scheme; and the confusion matrices' picker works from the keyboard.
 * Skipped, with one line saying why, without Chromium.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bandColor } from '../../src/report/palette.js';
import { HTML_HEAT_STEPS } from '../../src/report/html-heatmap.js';
import { chromiumPresent, sharedBrowser } from '../helpers/chromium.js';
import { ROOT, runCli } from './helpers.js';

const chromium = chromiumPresent('report-html-reading');
const temp = mkdtempSync(join(tmpdir(), 'complan-report-reading-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const NEWS = join(ROOT, 'examples/news');
/** A system that returns the gold standard's entities except every PER: no spurious item, so what others offer it has no P_Comp. */
function writeNoPer(): string {
  const lines = readFileSync(join(NEWS, 'gold.conll'), 'utf8').split('\n').map((line) => {
    const cols = line.split(' ');
    if (cols.length < 2 || cols[0] === '-DOCSTART-') return line;
    return `${line} ${cols[1].endsWith('PER') ? 'O' : cols[1]}`;
  });
  const file = join(temp, 'no-per.conll');
  writeFileSync(file, lines.join('\n'));
  return file;
}

const browser = sharedBrowser(chromium);

async function open(file: string, scheme: 'light' | 'dark'): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.page();
  const errors: string[] = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warn') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  return { page, errors };
}

/** Texts outside the figures whose contrast with their background is below 4.5:1, as "ratio tag text". */
function lowContrast(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rgb = (c: string) => {
      const m = /rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)/.exec(c);
      return m === null ? null : { v: [Number(m[1]), Number(m[2]), Number(m[3])], a: m[4] === undefined ? 1 : Number(m[4]) };
    };
    const lum = (v: number[]) => {
      const f = (x: number) => (x / 255 <= 0.03928 ? x / 255 / 12.92 : ((x / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(v[0]) + 0.7152 * f(v[1]) + 0.0722 * f(v[2]);
    };
    /** The first opaque background up the tree; null under a background image (the hatched cells, checked apart). */
    const background = (el: Element): number[] | null => {
      for (let e: Element | null = el; e !== null; e = e.parentElement) {
        const s = getComputedStyle(e);
        if (s.backgroundImage !== 'none') return null;
        const c = rgb(s.backgroundColor);
        if (c !== null && c.a > 0) return c.v;
      }
      return [255, 255, 255];
    };
    const out: string[] = [];
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
      const el = n.parentElement;
      if (el === null || seen.has(el) || (n.textContent ?? '').trim() === '' || el.closest('svg, script') !== null) continue;
      seen.add(el);
      if (el.getClientRects().length === 0) continue; // not rendered (hidden, or in a closed details)
      const bg = background(el);
      const fg = rgb(getComputedStyle(el).color);
      if (bg === null || fg === null) continue;
      const [a, b] = [lum(fg.v), lum(bg)].sort((x, y) => y - x);
      const ratio = (a + 0.05) / (b + 0.05);
      if (ratio < 4.5) out.push(`${ratio.toFixed(2)} ${el.tagName.toLowerCase()} "${(n.textContent ?? '').trim().slice(0, 30)}"`);
    }
    return out;
  });
}

describe.skipIf(chromium === undefined)('the HTML report read in headless Chromium', () => {
  let file: string;
  let compare: { systems: string[]; pairs: Array<{ a: string; b: string; pComp: number | null; rComp: number | null; fComp: number | null }> };
  const args = () => ['--gold', join(NEWS, 'gold.conll'), writeNoPer(), ...['cautious', 'crf', 'sloppy'].map((s) => join(NEWS, 'systems', `${s}.conll`))];

  beforeAll(async () => {
    file = join(temp, 'reading.html');
    const r = await runCli(['report', '--html', file, ...args()]);
    expect(r.code, r.stderr).toBe(0);
    const c = await runCli(['compare', '--format', 'json', ...args()]);
    expect(c.code, c.stderr).toBe(0);
    compare = JSON.parse(c.stdout) as typeof compare;
  }, 120_000);

  it('leaves data-fcomp empty where compare\'s JSON has null, shows — and says undefined when pressed', async () => {
    const undefinedPairs = compare.pairs.filter((p) => p.fComp === null);
    expect(undefinedPairs.map((p) => p.a)).toEqual(['no-per', 'no-per', 'no-per']);
    const { page, errors } = await open(file, 'light');
    for (const p of compare.pairs) {
      const cell = `#heatmap button.cell[data-a="${p.a}"][data-b="${p.b}"]`;
      const [fcomp, text] = await page.$eval(cell, (b) => [b.getAttribute('data-fcomp'), b.textContent]);
      expect(fcomp, `${p.a} > ${p.b}`).toBe(p.fComp === null ? '' : String(p.fComp));
      if (p.fComp === null) expect(text).toBe('—');
    }
    const p = undefinedPairs[0];
    await page.click(`#heatmap button.cell[data-a="${p.a}"][data-b="${p.b}"]`);
    const detail = await page.$eval('#pair-detail', (d) => d.textContent ?? '');
    expect(p.pComp).toBeNull();
    expect(detail).toContain('P_Compundefined — 0 of 0 spurious items of no-per avoided by');
    expect(detail).toContain(`R_Comp${(p.rComp! * 100).toFixed(2)}%`);
    expect(detail).toContain('F_Compundefined');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('shows a pair on hover and returns to the pressed one when the pointer leaves', async () => {
    const { page, errors } = await open(file, 'light');
    const heading = () => page.$eval('#pair-detail h3', (h) => h.textContent);
    const [pressed, hovered] = [compare.pairs[0], compare.pairs[compare.pairs.length - 1]];
    await page.click(`#heatmap button.cell[data-a="${pressed.a}"][data-b="${pressed.b}"]`);
    expect(await heading()).toBe(`What ${pressed.b} offers ${pressed.a}`);
    await page.hover(`#heatmap button.cell[data-a="${hovered.a}"][data-b="${hovered.b}"]`);
    expect(await heading()).toBe(`What ${hovered.b} offers ${hovered.a}`);
    await page.mouse.move(5, 5);
    expect(await heading()).toBe(`What ${pressed.b} offers ${pressed.a}`);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('colours every defined cell by the shared scale, in the report\'s ten bands', async () => {
    const { page } = await open(file, 'dark');
    const cells = await page.$$eval('#heatmap button.cell:not(.undef)', (bs) => bs.map((b) => ({ f: Number(b.getAttribute('data-fcomp')), bg: getComputedStyle(b).backgroundColor })));
    expect(cells.length).toBe(compare.pairs.filter((p) => p.fComp !== null).length);
    const hex = (c: string) => `#${(/\d+, \d+, \d+/.exec(c)![0]).split(', ').map((v) => Number(v).toString(16).padStart(2, '0')).join('')}`;
    for (const c of cells) expect(hex(c.bg)).toBe(bandColor(c.f, HTML_HEAT_STEPS));
    await page.close();
  }, 60_000);

  for (const scheme of ['light', 'dark'] as const) {
    it(`reads at 4.5:1 or more everywhere outside the figures in the ${scheme} scheme, a pair pressed and the tables open`, async () => {
      const { page, errors } = await open(file, scheme);
      await page.click('#heatmap button.cell:not(.undef)');
      await page.$$eval('details', (ds) => ds.forEach((d) => { d.open = true; }));
      expect(await lowContrast(page)).toEqual([]);
      // The hatched cells of undefined pairs: their text against the darker stripe.
      const undef = await page.$eval('#heatmap button.cell.undef', (b) => getComputedStyle(b).color);
      expect(undef).toBe('rgb(51, 51, 51)'); // #333 on #b3b3b3: 6.0:1
      expect(errors).toEqual([]);
      await page.close();
    }, 60_000);
  }

  it('switches the confusion matrix with the keyboard', async () => {
    const { page } = await open(file, 'light');
    const visible = () => page.$$eval('figure.confusion', (fs) => fs.filter((f) => !(f as HTMLElement).hidden).map((f) => f.getAttribute('data-system')));
    expect(await visible()).toEqual([compare.systems[0]]);
    await page.focus('#confusion-system');
    await page.keyboard.press('ArrowDown');
    expect(await visible()).toEqual([compare.systems[1]]);
    await page.close();
  }, 60_000);
});
