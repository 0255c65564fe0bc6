/** The TUI's test kit: the news and selection examples as models, and keystrokes written one at a time. */
import { join } from 'node:path';
import { readdirSync } from 'node:fs';
import type { ReactElement } from 'react';
import { render as inkRender } from 'ink-testing-library';
import { DEFAULT_LOAD_OPTIONS, parseSystemArg, loadCorpus } from '../../../src/formats/load.js';
import { DEFAULT_EVAL_OPTIONS } from '../../../src/metrics/evaluate.js';
import type { Corpus } from '../../../src/model/corpus.js';
import { parseObjective } from '../../../src/plan/objective.js';
import { runPlan } from '../../../src/plan/plan.js';
import type { PlanResult } from '../../../src/plan/types.js';
import { buildModel, type TuiModel } from '../../../cli/tui/model.js';
import { ROOT } from '../helpers.js';

/** The `.conll` system files of an example folder's systems/, sorted. */
const systemsOf = (dir: string) => readdirSync(join(dir, 'systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => join(dir, 'systems', f));

export const NEWS = join(ROOT, 'examples/news');
export const NEWS_SYSTEMS = systemsOf(NEWS);
/** Seven systems where choosing a subset genuinely helps (three strong, a weak bloc that outvotes them). */
export const HELPS = join(ROOT, 'examples/selection/helps');

/** An example folder (gold.conll, systems/*.conll) as a corpus. */
export function exampleCorpus(dir: string): Corpus {
  return loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(dir, 'gold.conll'), systems: systemsOf(dir).map(parseSystemArg) });
}

const models = new Map<string, TuiModel>();

/** An example folder as the TUI's model, with eval's default options (built once per folder). */
export function exampleModel(dir: string): TuiModel {
  let m = models.get(dir);
  if (m === undefined) {
    m = buildModel(exampleCorpus(dir), DEFAULT_EVAL_OPTIONS);
    models.set(dir, m);
  }
  return m;
}

export function newsModel(): TuiModel {
  return exampleModel(NEWS);
}

/** The news systems under the given names (in the order given). */
export function namedModel(names: readonly string[]): TuiModel {
  const systems = names.map((n, i) => parseSystemArg(`${n}=${NEWS_SYSTEMS[i]}`));
  return buildModel(loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems }), DEFAULT_EVAL_OPTIONS);
}

/** Names as long as the CoNLL-2003 systems' (five of theirs, not their data), for the news systems. */
export const LONG_NAMES = ['flair-glove-lstmcrf', 'elmo-glove-lstmcrf', 'bert-glove-lstmcrf', 'cnn-glove-cnncrf', 'spanner-lendecode'] as const;

export const KEY = {
  up: '\u001B[A', down: '\u001B[B', right: '\u001B[C', left: '\u001B[D',
  enter: '\r', escape: '\u001B', tab: '\t', shiftTab: '\u001B[Z', space: ' ', ctrlC: '\u0003',
} as const;

export const settle = (ms = 30) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Each rendered app's frame, by its stdin, so that `press` can wait for the frame a key makes. */
const frameOf = new WeakMap<object, () => string | undefined>();

/** ink-testing-library's render, remembered so that `press` can watch its frames. */
export function render(tree: ReactElement): ReturnType<typeof inkRender> {
  const inst = inkRender(tree);
  frameOf.set(inst.stdin, inst.lastFrame);
  return inst;
}

/** How long a key may leave the frame as it was before `press` takes it as a key that changes nothing. */
const UNCHANGED_MS = 250;

/**
 * Waits until the frame a key makes has been drawn: the frame has changed and then held still
 * for two polls, or it has not changed for {@link UNCHANGED_MS} (a key that changes nothing).
 * Waiting on the frame, not a fixed time, keeps the tests right on a loaded machine, where
 * React may take longer than a fixed pause to commit.
 */
async function drawn(frame: () => string | undefined, before: string | undefined): Promise<void> {
  const start = Date.now();
  let last = frame();
  let still = 0;
  for (;;) {
    await settle(10);
    const f = frame();
    if (f === last) still++;
    else { still = 0; last = f; }
    if (last !== before && still >= 2) return;
    if (last === before && Date.now() - start >= UNCHANGED_MS) return;
    if (Date.now() - start > 5000) return;
  }
}

/** Writes each key separately (as a person types), letting Ink render between them. */
export async function press(stdin: { write: (s: string) => void }, ...keys: string[]): Promise<void> {
  const frame = frameOf.get(stdin);
  await settle(10);
  for (const k of keys) {
    const before = frame?.();
    stdin.write(k);
    if (frame === undefined) await settle();
    else await drawn(frame, before);
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

/** Sets the size ink-testing-library's stdout reports and tells the app it was resized. */
export async function resize(inst: ReturnType<typeof inkRender>, columns: number, rows: number): Promise<void> {
  const out = inst.stdout as unknown as { emit: (e: string) => boolean };
  Object.defineProperty(out, 'columns', { value: columns, configurable: true });
  Object.defineProperty(out, 'rows', { value: rows, configurable: true });
  out.emit('resize');
  await settle();
}

/** A frame without colours and styles. */
// eslint-disable-next-line no-control-regex
export const plain = (s: string | undefined): string => (s ?? '').replace(/\u001B\[[0-9;]*m/g, '');

const plans = new Map<string, PlanResult>();

/** `runPlan` on an example folder with plan's defaults, computed apart from the TUI (once per folder). */
export function examplePlan(dir: string): PlanResult {
  let r = plans.get(dir);
  if (r === undefined) {
    r = runPlan(exampleCorpus(dir), { objective: parseObjective('f1') }).result;
    plans.set(dir, r);
  }
  return r;
}

/** A fraction as the TUI writes it: a percentage with two decimals. */
export const pc = (x: number): string => (x * 100).toFixed(2);

/** `s` as a literal inside a regular expression. */
export const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A signed difference in points, as the panel writes it (+1.30, -0.08, 0.00). */
export const signedPc = (x: number): string => {
  const s = pc(x);
  return s.startsWith('-') || /^0\.00$/.test(s) ? s.replace(/^-0\.00$/, '0.00') : `+${s}`;
};

/** The recommendation's figures line, as the panel must write it from a plan's result. */
export function figuresLine(r: PlanResult): string {
  const rec = r.recommendation;
  const against = rec.procedure === 'vote-all' ? 'majority-all' : 'vote-all';
  const vs = rec.vsBaselines.find((c) => c.name === against)!;
  // Two decimals from 0.1, three below, as every table shows a p-value.
  const p = vs.p < 0.001 ? 'p < 0.001' : `p = ${Number(vs.p.toFixed(3)) >= 0.1 ? vs.p.toFixed(2) : vs.p.toFixed(3)}`;
  return `held-out ${pc(rec.heldOut!.mean)} ± ${pc(rec.heldOut!.sd!)} (sd over ${rec.heldOut!.folds} splits); ${signedPc(vs.meanDiff)} points over ${against} (${p})`;
}
