/**
 * The frames docs/tui.md shows of the views are the app's own: each is drawn here on the news
 * example at the size the manual states, after the keys its text gives, and compared line for
 * line (trailing spaces aside; the held-out check's time, which varies from run to run, masked).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from 'ink-testing-library';
import { App } from '../../../cli/tui/App.js';
import { ROOT } from '../helpers.js';
import { exampleModel, KEY, NEWS, plain, press, render, resize, until } from './helpers.js';

afterEach(() => cleanup());

const doc = readFileSync(join(ROOT, 'docs', 'tui.md'), 'utf8');
const section = doc.slice(doc.indexOf('## The views ('));
const size = /^## The views \(news example, (\d+)×(\d+) terminal\)/.exec(section);
/** The section's fenced blocks, in order, as lines. */
const blocks = [...section.matchAll(/```\n([\s\S]*?)```/g)].map((m) => m[1].replace(/\n$/, '').split('\n'));

/** A frame's lines as the manual writes them: no trailing spaces or blank lines, the check's time masked. */
const lines = (frame: string): string[] => frame
  .replace(/Held-out check, [\d.]+ s/, 'Held-out check, … s')
  .split('\n').map((l) => l.trimEnd()).join('\n').replace(/\n+$/, '').split('\n');

/** The app on the news example at the manual's size, on a view. */
async function app(view: number, columns = Number(size![1]), rows = Number(size![2])) {
  const inst = render(<App model={exampleModel(NEWS)} initialView={view} />);
  await resize(inst, columns, rows);
  return { ...inst, frame: () => plain(inst.lastFrame()) };
}

describe('docs/tui.md: the frames of the views', () => {
  it('states the size they are drawn at, and shows the seven frames compared here', () => {
    expect(size).not.toBeNull();
    expect(blocks).toHaveLength(7);
  });

  it('1 Systems, after s s s', async () => {
    const { stdin, frame } = await app(0);
    await press(stdin, 's', 's', 's');
    expect(lines(frame())).toEqual(blocks[0]);
  });

  it('2 Complementarity, and Enter on the cursor\'s pair', async () => {
    const { stdin, frame } = await app(1);
    expect(lines(frame())).toEqual(blocks[1]);
    await press(stdin, KEY.enter);
    expect(lines(frame())).toEqual(blocks[2]);
  });

  it('3 Planner: confuser, crf and gazetteer, vote, e; then h, → ↓ ↓ ↓ ↓ Enter', async () => {
    const { stdin, frame } = await app(2);
    await press(stdin, KEY.down, KEY.space, KEY.down, KEY.space, KEY.down, KEY.space, 'r', 'r', 'r', 'e');
    expect(lines(await until(frame, (f) => f.includes('done, ')))).toEqual(lines(blocks[3].join('\n')));
    await press(stdin, 'h');
    await until(frame, (f) => f.includes('Recommendation ('));
    await press(stdin, KEY.right, KEY.down, KEY.down, KEY.down, KEY.down, KEY.enter);
    expect(lines(frame())).toEqual(lines(blocks[4].join('\n')));
  });

  it('3 Planner at 80×24, h: the lines the manual quotes from the held-out panel, in a row', async () => {
    expect(section).toContain('At 80×24 the panel');
    const { stdin, frame } = await app(2, 80, 24);
    await press(stdin, 'h');
    const shown = lines(await until(frame, (f) => f.includes('Recommendation (')));
    const at = shown.indexOf(blocks[5][0]);
    expect(at, shown.join('\n')).toBeGreaterThanOrEqual(0);
    expect(shown.slice(at, at + blocks[5].length)).toEqual(blocks[5]);
  });

  it('4 Ablation, baseline cautious', async () => {
    const { frame } = await app(3);
    expect(lines(frame())).toEqual(blocks[6]);
  });
});
