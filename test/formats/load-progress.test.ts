/** loadCorpus's onRead: one report per file read, the gold standard first, with its items. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOAD_OPTIONS, loadCorpus, parseSystemArg, type ReadProgress } from '../../src/formats/load.js';
import { tempFiles } from '../helpers/temp.js';

const temp = tempFiles('load-progress');

const NEWS = join(import.meta.dirname, '../../examples/news');
const systems = readdirSync(join(NEWS, 'systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => parseSystemArg(join(NEWS, 'systems', f)));

describe('loadCorpus: onRead', () => {
  it('reports each file after reading it, the gold standard first, with how many of all and the items it holds', () => {
    const seen: ReadProgress[] = [];
    const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems, onRead: (p) => seen.push(p) });
    expect(seen.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seen.every((p) => p.total === 6)).toBe(true);
    expect(seen[0]).toEqual({ path: join(NEWS, 'gold.conll'), done: 1, total: 6, items: 184 });
    for (const s of corpus.systems) expect(seen.find((p) => p.path === s.source)!.items).toBe(s.spans.length);
  });

  it('without a gold file, the first system (its embedded gold) is the first file read', () => {
    const seen: ReadProgress[] = [];
    const corpus = loadCorpus({ ...DEFAULT_LOAD_OPTIONS, systems: systems.slice(0, 2), onRead: (p) => seen.push(p) });
    expect(seen.map((p) => [p.path, p.done, p.total])).toEqual([[systems[0].path, 1, 2], [systems[1].path, 2, 2]]);
    // It holds the gold's items and its own predictions.
    expect(seen[0].items).toBe(corpus.gold.spans.length + corpus.systems.find((s) => s.source === systems[0].path)!.spans.length);
  });

  it('a file that fails to load is not reported; the files read before it are', () => {
    const seen: ReadProgress[] = [];
    const bad = temp('Zorbo B-PER\n\n', 'bad.conll');
    expect(() => loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems: [parseSystemArg(bad)], onRead: (p) => seen.push(p) })).toThrow(/token "Zorbo"/);
    expect(seen.map((p) => p.done)).toEqual([1]);
  });

  it('a missing file is named before any file is read, so none is reported', () => {
    const seen: ReadProgress[] = [];
    expect(() => loadCorpus({ ...DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems: [...systems, parseSystemArg(join(NEWS, 'no-such.conll'))], onRead: (p) => seen.push(p) }))
      .toThrow(`${join(NEWS, 'no-such.conll')}: no such file or directory`);
    expect(seen).toEqual([]);
  });
});
