/**
 * The library as a user imports it: the package's main export is dist/lib/index.js, which loads
 * the bundle dist/lib/core.cjs with its code cache (rolldown.config.mjs, src/code-cache.ts), all
 * built by `npm install`. It must export what src/index.ts exports and compute what the sources
 * compute, with the cache or without it.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LIBRARY_FILE, writeLibraryCache } from '../cli/library-cache.js';
import { cacheFileOf } from '../src/code-cache.js';
import * as source from '../src/index.js';
import { staticImports } from './helpers/bundle.js';

const ROOT = join(import.meta.dirname, '..');
const LIB = join(ROOT, 'dist/lib');
const BUNDLE = join(LIB, 'index.js');
const NEWS = join(ROOT, 'examples/news');
const ABLATION = join(ROOT, 'examples/ablation');

/** The cache's status when a fresh `node` (the user's flags: none) loads the library bundle in `dir`. */
function statusInFreshNode(dir: string): string {
  const script = `import { loadBundle } from ${JSON.stringify(join(ROOT, 'dist/src/code-cache.js'))}; process.stdout.write(loadBundle(${JSON.stringify(join(dir, LIBRARY_FILE))}).cache);`;
  const p = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(p.stderr).toBe('');
  return p.stdout;
}

/** A script's output in a fresh `node`: eval of the news example as JSON, by the library in `dir`. */
function evalInFreshNode(dir: string): { status: number | null; stdout: string; stderr: string } {
  const systems = readdirSync(join(NEWS, 'systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => join(NEWS, 'systems', f));
  const script = [
    `import * as lib from ${JSON.stringify(join(dir, 'index.js'))};`,
    `const corpus = lib.loadCorpus({ ...lib.DEFAULT_LOAD_OPTIONS, gold: ${JSON.stringify(join(NEWS, 'gold.conll'))}, systems: ${JSON.stringify(systems)}.map(lib.parseSystemArg) });`,
    'process.stdout.write(JSON.stringify(lib.evalJson(lib.evaluate(corpus))));',
  ].join('\n');
  const p = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  return { status: p.status, stdout: p.stdout, stderr: p.stderr };
}

const temps: string[] = [];
afterEach(() => {
  for (const d of temps.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** dist/lib's entry and bundle, copied to a folder of their own (with the cache, if `withCache`). */
function copyLib(withCache: boolean): string {
  const dir = mkdtempSync(join(tmpdir(), 'complan-lib-'));
  temps.push(dir);
  for (const f of ['index.js', LIBRARY_FILE, ...(withCache ? [cacheFileOf(LIBRARY_FILE)] : [])]) copyFileSync(join(LIB, f), join(dir, f));
  return dir;
}

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
    // The entry imports Node's built-ins only, and the bundle requires only them (mathjs, by plan
    // code, through createRequire when needed); vm.Script, which compiles it, has no loader for import().
    expect(readdirSync(LIB).filter((f) => f.endsWith('.js'))).toEqual(['index.js']);
    expect(staticImports(BUNDLE).packages.filter((name) => !name.startsWith('node:'))).toEqual([]);
    const code = readFileSync(join(LIB, LIBRARY_FILE), 'utf8').split('\n').filter((line) => !/^\s*(\*|\/\/)/.test(line)).join('\n');
    expect(code).not.toMatch(/\bimport\(/);
    const required = [...code.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(required.length).toBeGreaterThan(0);
    expect(required.filter((name) => !name.startsWith('node:') && name !== 'url')).toEqual([]);
    expect(code).toMatch(/createRequire\)\([^\n]*\)\("mathjs\/number"\)/);
  });
});

describe('the code cache of dist/lib/core.cjs', () => {
  it('is written by the build and accepted by a fresh Node', () => {
    expect(existsSync(join(LIB, cacheFileOf(LIBRARY_FILE))), 'npm run build writes it (cli/warm-code-cache.ts)').toBe(true);
    expect(statusInFreshNode(LIB)).toBe('used');
  });

  it('is not used when absent or not a cache, and the library computes the same', () => {
    const want = evalInFreshNode(LIB);
    expect(want.stderr).toBe('');
    expect(want.status).toBe(0);
    expect(JSON.parse(want.stdout).systems).toHaveLength(5);

    const absent = copyLib(false);
    expect(statusInFreshNode(absent)).toBe('absent');
    expect(evalInFreshNode(absent)).toEqual(want);

    const junk = copyLib(false);
    writeFileSync(join(junk, cacheFileOf(LIBRARY_FILE)), Buffer.alloc(4096, 7));
    expect(statusInFreshNode(junk)).toBe('rejected');
    expect(evalInFreshNode(junk)).toEqual(want);
  });

  it('can be rebuilt in place; a warm-up that fails leaves no cache behind', () => {
    const work = {
      gold: join(NEWS, 'gold.conll'),
      systems: readdirSync(join(NEWS, 'systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => join(NEWS, 'systems', f)),
      otherSystems: readdirSync(join(NEWS, 'jsonl')).filter((f) => f.endsWith('.jsonl') && f !== 'gold.jsonl').sort().map((f) => `j-${f}=${join(NEWS, 'jsonl', f)}`),
      ablation: { gold: join(ABLATION, 'gold.conll'), baseline: join(ABLATION, 'baseline.conll'), variants: [join(ABLATION, 'no-casing.conll')] },
    };
    const dir = copyLib(false);
    expect(writeLibraryCache(dir, work)).toBeGreaterThan(10_000);
    expect(statusInFreshNode(dir)).toBe('used');
    expect(evalInFreshNode(dir)).toEqual(evalInFreshNode(LIB));

    const failing = copyLib(false);
    expect(() => writeLibraryCache(failing, { ...work, gold: join(NEWS, 'no-such-gold.conll') })).toThrow(/no-such-gold\.conll/);
    expect(readdirSync(failing).sort()).toEqual(['core.cjs', 'index.js']);
  });
});
