/**
 * Determinism : the same inputs and seed give byte-identical output, whatever order the
 * files are given in on the command line (a shell's glob order depends on its locale) and whatever
 * order a directory lists them in on disk.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, runCli } from '../cli/helpers.js';

const NEWS = join(ROOT, 'examples/news');
const GOLD = join(NEWS, 'gold.conll');
const SYSTEMS = readdirSync(join(NEWS, 'systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => join(NEWS, 'systems', f));
const JSONL = readdirSync(join(NEWS, 'jsonl')).filter((f) => f !== 'gold.jsonl').sort().map((f) => join(NEWS, 'jsonl', f));

/** The orders the tests try: as listed, reversed, and a rotation that is neither. */
function orders<T>(xs: T[]): T[][] {
  return [xs, [...xs].reverse(), [...xs.slice(2), ...xs.slice(0, 2)]];
}

/** stdout of a run that must succeed. */
async function out(args: string[]): Promise<string> {
  const r = await runCli(args);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** Runs `args(order)` for every order and expects one and the same stdout. */
async function sameForEveryOrder(args: (systems: string[]) => string[], systems = SYSTEMS): Promise<string> {
  const outputs: string[] = [];
  for (const o of orders(systems)) outputs.push(await out(args(o)));
  for (const o of outputs.slice(1)) expect(o).toBe(outputs[0]);
  return outputs[0];
}

const tmp = mkdtempSync(join(tmpdir(), 'complan-determinism-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('byte-identical output whatever the order of the system files', () => {
  it('eval, compare and ablate (JSON)', async () => {
    const ev = await sameForEveryOrder((s) => ['eval', '--gold', GOLD, ...s, '--format', 'json']);
    const names = (JSON.parse(ev) as { systems: Array<{ name: string }> }).systems.map((s) => s.name);
    expect(names).toEqual(['cautious', 'confuser', 'crf', 'gazetteer', 'sloppy']);
    await sameForEveryOrder((s) => ['compare', '--gold', GOLD, ...s, '--format', 'json']);
    await sameForEveryOrder((s) => ['ablate', '--baseline', 'crf', '--gold', GOLD, ...s, '--format', 'json']);
  });

  it('the table and CSV too', async () => {
    await sameForEveryOrder((s) => ['eval', '--gold', GOLD, ...s]);
    await sameForEveryOrder((s) => ['compare', '--gold', GOLD, ...s, '--format', 'csv']);
  });

  it('JSONL inputs', async () => {
    await sameForEveryOrder((s) => ['eval', '--gold', join(NEWS, 'jsonl/gold.jsonl'), ...s, '--format', 'json'], JSONL);
  });

  it('plan with folds and a bootstrap under one seed, exhaustive and greedy', async () => {
    const plan = (extra: string[]) => (s: string[]) => ['plan', '--gold', GOLD, ...s, '--format', 'json', '--top', '20', ...extra];
    const a = await sameForEveryOrder(plan(['--folds', '3', '--seed', '5', '--bootstrap', '200']));
    await sameForEveryOrder(plan(['--search', 'greedy', '--rules', 'union,majority,vote,weighted']));
    await sameForEveryOrder(plan(['--search', 'beam', '--beam', '2', '--holdout', '0.3', '--seed', '9']));
    // And run again: nothing in it comes from the clock or an unseeded random source.
    expect(await out(plan(['--folds', '3', '--seed', '5', '--bootstrap', '200'])(SYSTEMS))).toBe(a);
  });

  it('combine writes the same file (vote ties go to the same member)', async () => {
    const files: string[] = [];
    for (const [k, o] of orders(SYSTEMS).entries()) {
      const file = join(tmp, `vote-${k}.conll`);
      await out(['combine', '--gold', GOLD, ...o, '--rule', 'vote', '--out', file]);
      files.push(readFileSync(file, 'utf8'));
      const weighted = join(tmp, `weighted-${k}.jsonl`);
      await out(['combine', '--gold', GOLD, ...o, '--rule', 'weighted', '--weights', 'label-f1', '--out', weighted]);
      files.push(readFileSync(weighted, 'utf8'));
    }
    expect(files[2]).toBe(files[0]);
    expect(files[4]).toBe(files[0]);
    expect(files[3]).toBe(files[1]);
    expect(files[5]).toBe(files[1]);
  });
});

describe('byte-identical output whatever the order of files on disk', () => {
  /** Copies the BRAT fixture corpus file by file in the given order into a new directory. */
  function bratCopy(name: string, order: (names: string[]) => string[]): string {
    const from = join(ROOT, 'test/fixtures/brat/corpus');
    const to = join(tmp, name);
    mkdirSync(to);
    const names = readdirSync(from, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
    for (const f of order([...names].sort())) copyFileSync(join(from, f), join(to, f));
    return to;
  }

  it('a BRAT directory written in different orders reads the same', async () => {
    const forward = bratCopy('brat-forward', (n) => n);
    const backward = bratCopy('brat-backward', (n) => n.reverse());
    const inside = bratCopy('brat-inside-out', (n) => [...n.filter((_, k) => k % 2 === 1), ...n.filter((_, k) => k % 2 === 0)]);
    const run = (dir: string) => out(['eval', '--gold', dir, `sys=${dir}`, '--format', 'json']);
    const a = await run(forward);
    expect(JSON.parse(a).gold.documents).toBeGreaterThan(1);
    // The paths differ, so compare with each directory's path taken out.
    const strip = (s: string, dir: string) => s.split(dir).join('DIR');
    expect(strip(await run(backward), backward)).toBe(strip(a, forward));
    expect(strip(await run(inside), inside)).toBe(strip(a, forward));
  });

  it('a system file written in a different directory order is read the same', async () => {
    // Directory listing order plays no part for plain files: only names do. Two copies of the
    // systems under the same names in two directories created in opposite orders agree.
    const dirs = ['first', 'second'].map((d) => join(tmp, d));
    for (const [k, d] of dirs.entries()) {
      mkdirSync(d);
      const list = k === 0 ? SYSTEMS : [...SYSTEMS].reverse();
      for (const f of list) writeFileSync(join(d, f.slice(f.lastIndexOf('/') + 1)), readFileSync(f));
    }
    const run = (d: string) => out(['compare', '--gold', GOLD, ...readdirSync(d).map((f) => join(d, f)), '--format', 'json']);
    expect((await run(dirs[1])).split(dirs[1]).join('D')).toBe((await run(dirs[0])).split(dirs[0]).join('D'));
  });
});
