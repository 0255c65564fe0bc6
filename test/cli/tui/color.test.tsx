/**
 * Colour is the heatmap's alone, in complan's viridis scale, and NO_COLOR turns it off: no view
 * draws a colour escape then; and no view uses faint or grey text.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

// As on a colour terminal (ink-testing-library's stdout is none): set before Ink's colour library loads.
vi.hoisted(() => { process.env.FORCE_COLOR = '3'; });

import { cleanup } from 'ink-testing-library';
import { App } from '../../../cli/tui/App.js';
import { colorWanted } from '../../../cli/tui/color.js';
import { HEAT } from '../../../cli/tui/text.js';
import { VIRIDIS } from '../../../src/report/palette.js';
import { KEY, newsModel, press, render, until } from './helpers.js';

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

  it('without colour (NO_COLOR), no view draws a colour escape, the heatmap included; its numbers stay', async () => {
    const all = await frames(false);
    for (const f of all) expect(f).not.toMatch(COLOUR);
    expect(all[1]).toMatch(/\[\s*\d+\]/);
    expect(all[1]).not.toContain('scale');
  });
});
