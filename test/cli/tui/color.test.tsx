/**
 * Colour is the heatmap's alone, in complan's viridis scale, and NO_COLOR turns it off: no view
 * draws a colour escape then; and no view uses faint or grey text.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

// As on a colour terminal (ink-testing-library's stdout is none): set before Ink's colour library loads.
vi.hoisted(() => { process.env.FORCE_COLOR = '3'; });

import { join } from 'node:path';
import { cleanup } from 'ink-testing-library';
import { App } from '../../../cli/tui/App.js';
import { HelpOverlay } from '../../../cli/tui/HelpOverlay.js';
import { buildModel } from '../../../cli/tui/model.js';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg } from '../../../src/formats/load.js';
import { DEFAULT_EVAL_OPTIONS } from '../../../src/metrics/evaluate.js';
import { colorWanted } from '../../../cli/tui/color.js';
import { HEAT } from '../../../cli/tui/text.js';
import { VIRIDIS } from '../../../src/report/palette.js';
import { KEY, NEWS, NEWS_SYSTEMS, newsModel, plain, press, render, resize, until } from './helpers.js';

afterEach(() => cleanup());

/** SGR parameters that set a foreground or background colour (30–37, 38;…, 40–47, 48;…, 90–97, 100–107). */
// eslint-disable-next-line no-control-regex
const COLOUR = /\u001B\[(?:[0-9;]*;)?(?:3[0-8]|4[0-8]|9[0-7]|10[0-7])(?:;[0-9;]*)?m/;
/**
 * Whether any SGR sequence in the frame turns on faint text (SGR 2, which many terminals draw in
 * light grey): parameter 2 on its own, not the `2`
 * that introduces an RGB colour in `38;2;r;g;b` or `48;2;r;g;b` (nor a value inside such a colour).
 */
function hasFaint(frame: string): boolean {
  // eslint-disable-next-line no-control-regex
  for (const m of frame.matchAll(/\u001B\[([0-9;]*)m/g)) {
    const params = m[1].split(';').map((p) => (p === '' ? 0 : Number(p)));
    for (let i = 0; i < params.length; i++) {
      const p = params[i];
      if (p === 38 || p === 48 || p === 58) {
        if (params[i + 1] === 2) i += 4;
        else if (params[i + 1] === 5) i += 2;
        continue;
      }
      if (p === 2) return true;
    }
  }
  return false;
}

/** Every view's frame, with the pair open, a search run and the help shown. */
async function frames(color: boolean): Promise<string[]> {
  const inst = render(<App model={newsModel()} color={color} />);
  const out: string[] = [inst.lastFrame()!];
  await press(inst.stdin, '2');
  out.push(inst.lastFrame()!);
  await press(inst.stdin, KEY.enter);
  out.push(inst.lastFrame()!);
  await press(inst.stdin, KEY.escape, '3', KEY.space, 'e');
  out.push(await until(inst.lastFrame, (f) => f.includes('done')));
  await press(inst.stdin, '4');
  out.push(inst.lastFrame()!);
  await press(inst.stdin, '?');
  out.push(inst.lastFrame()!);
  return out;
}

describe('tui colour', () => {
  it('NO_COLOR set and not empty turns colour off, as for the other commands', () => {
    expect(colorWanted({})).toBe(true);
    expect(colorWanted({ NO_COLOR: '1' })).toBe(false);
    expect(colorWanted({ NO_COLOR: '' })).toBe(true);
  });

  it('the heatmap is in the viridis scale: its bands are colours between viridis stops, dark to light', () => {
    const lum = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
    const l = HEAT.map(lum);
    expect(l).toEqual([...l].sort((a, b) => a - b));
    expect(lum(HEAT[0])).toBeGreaterThanOrEqual(lum(VIRIDIS[0]));
    expect(lum(HEAT.at(-1)!)).toBeLessThanOrEqual(lum(VIRIDIS.at(-1)!));
  });

  it('faint text is told apart from the 2 that opens an RGB colour', () => {
    expect(hasFaint('\u001B[2mx')).toBe(true);
    expect(hasFaint('\u001B[1;2mx')).toBe(true);
    expect(hasFaint('\u001B[48;2;72;190;110m\u001B[38;2;17;17;17mx')).toBe(false);
    expect(hasFaint('\u001B[38;5;2;1mx')).toBe(false);
    expect(hasFaint('\u001B[38;5;2;2mx')).toBe(true);
  });

  it('with colour, only the heatmap is coloured, and no text is faint', async () => {
    const [systems, comp, pair, planner, ablation, help] = await frames(true);
    for (const f of [systems, pair, planner, ablation, help]) {
      expect(f).not.toMatch(COLOUR);
      expect(hasFaint(f)).toBe(false);
    }
    expect(hasFaint(comp)).toBe(false);
    expect(comp).toMatch(COLOUR);
  });

  it('no text is faint where a panel or list says what it leaves out either', async () => {
    // The explanation at 80×24, which leaves out a column and the notes, and says so on a line of its own.
    const news = render(<App model={newsModel()} initialView={2} />);
    await resize(news, 80, 24);
    await press(news.stdin, KEY.space, KEY.down, KEY.space, KEY.down, KEY.space, 'x');
    const explained = news.lastFrame()!;
    expect(plain(explained)).toMatch(/^… column Comp\(b,a\) P\/R\/F and the notes/m);
    expect(hasFaint(explained)).toBe(false);
    news.unmount();
    // Thirty systems in the Planner at 80×24: the list scrolls and says which rows it shows.
    const systems = Array.from({ length: 30 }, (_, i) => parseSystemArg(`s${String(i + 1).padStart(2, '0')}=${NEWS_SYSTEMS[i % NEWS_SYSTEMS.length]}`));
    const many = buildModel(loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems }), DEFAULT_EVAL_OPTIONS);
    const planner = render(<App model={many} initialView={2} />);
    await resize(planner, 80, 24);
    const scrolled = planner.lastFrame()!;
    expect(plain(scrolled)).toMatch(/Systems 0\/30 1–\d+/);
    expect(hasFaint(scrolled)).toBe(false);
    planner.unmount();
    // The help overlay in fewer rows than it takes: its last line says how many more there are.
    const help = render(<HelpOverlay width={80} height={10} />).lastFrame()!;
    expect(plain(help)).toMatch(/… \d+ more lines: a taller terminal shows every key/);
    expect(hasFaint(help)).toBe(false);
  });

  it('without colour (NO_COLOR), no view draws a colour escape, the heatmap included; its numbers stay', async () => {
    const all = await frames(false);
    for (const f of all) expect(f).not.toMatch(COLOUR);
    expect(all[1]).toMatch(/\[\s*\d+\]/);
    expect(all[1]).not.toContain('scale');
  });
});
