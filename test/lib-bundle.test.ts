/**
 * The library as a user imports it: the package's main export is the bundle dist/lib/index.js
 * (rolldown.config.mjs), built by `npm install`. It must export what src/index.ts exports and
 * compute what the sources compute.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as source from '../src/index.js';
import { staticImports } from './helpers/bundle.js';

const ROOT = join(import.meta.dirname, '..');
const BUNDLE = join(ROOT, 'dist/lib/index.js');
const NEWS = join(ROOT, 'examples/news');

async function bundle(): Promise<typeof source> {
  expect(existsSync(BUNDLE), `${BUNDLE} is missing: npm install builds it (or run npm run build)`).toBe(true);
  return (await import(BUNDLE)) as typeof source;
}

describe('the library bundle (dist/lib/index.js)', () => {
  it('exports every name src/index.ts exports', async () => {
    const lib = await bundle();
    expect(Object.keys(lib).sort()).toEqual(Object.keys(source).sort());
  });

  it('loads, scores, compares and simulates as the sources do', async () => {
    const lib = await bundle();
    const systems = readdirSync(join(NEWS, 'systems')).filter((f) => f.endsWith('.conll')).sort();
    const opts = { ...source.DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems: systems.map((f) => source.parseSystemArg(join(NEWS, 'systems', f))) };
    const mine = lib.loadCorpus(opts);
    const theirs = source.loadCorpus(opts);
    expect(mine).toEqual(theirs);
    expect(lib.evaluate(mine)).toEqual(source.evaluate(theirs));
    expect(lib.compareSystems(mine)).toEqual(source.compareSystems(theirs));
    const all = mine.systems.map((_, k) => k);
    for (const rule of source.BASE_RULES) {
      const a = lib.simulate(lib.buildEnsembleIndex(mine), all, rule);
      const b = source.simulate(source.buildEnsembleIndex(theirs), all, rule);
      expect(a.items.toArray()).toEqual(b.items.toArray());
      expect(a.ties).toBe(b.ties);
    }
    // Errors are the library's own classes, so callers can tell them apart.
    expect(() => lib.loadCorpus({ ...opts, gold: join(NEWS, 'no-such-gold.conll') })).toThrow(lib.InputError);
  });

  it('does not load the CLI and UI packages, nor mathjs until an objective is parsed', () => {
    const files = readdirSync(join(ROOT, 'dist/lib')).filter((f) => f.endsWith('.js'));
    for (const f of files) {
      for (const name of staticImports(join(ROOT, 'dist/lib', f)).packages) expect(name, `${f} imports ${name}`).not.toMatch(/^(ink|react|commander|mathjs)(\/|$)/);
    }
  });
});
