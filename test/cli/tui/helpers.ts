/** The TUI's test kit: the news example as a model, and keystrokes written one at a time. */
import { join } from 'node:path';
import { readdirSync } from 'node:fs';
import { DEFAULT_LOAD_OPTIONS, parseSystemArg, loadCorpus } from '../../../src/formats/load.js';
import { DEFAULT_EVAL_OPTIONS } from '../../../src/metrics/evaluate.js';
import { buildModel, type TuiModel } from '../../../cli/tui/model.js';
import { ROOT } from '../helpers.js';

export const NEWS = join(ROOT, 'examples/news');
export const NEWS_SYSTEMS = readdirSync(join(NEWS, 'systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => join(NEWS, 'systems', f));

let cached: TuiModel | undefined;

export function newsModel(): TuiModel {
  cached ??= buildModel(loadCorpus({
    ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems: NEWS_SYSTEMS.map(parseSystemArg),
  }), DEFAULT_EVAL_OPTIONS);
  return cached;
}

export const KEY = {
  up: '\u001B[A', down: '\u001B[B', right: '\u001B[C', left: '\u001B[D',
  enter: '\r', escape: '\u001B', tab: '\t', shiftTab: '\u001B[Z', space: ' ', ctrlC: '\u0003',
} as const;

export const settle = (ms = 30) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Writes each key separately (as a person types), letting Ink render between them. */
export async function press(stdin: { write: (s: string) => void }, ...keys: string[]): Promise<void> {
  await settle(10);
  for (const k of keys) {
    stdin.write(k);
    await settle();
  }
}

/** Waits until `test` holds for the last frame (a search runs over several ticks). */
export async function until(frame: () => string | undefined, test: (f: string) => boolean, ms = 5000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const f = frame() ?? '';
    if (test(f) || Date.now() > end) return f;
    await settle(20);
  }
}
