/**
 * The library as a user installs it: `import … from 'complan'` in an ES module project resolves
 * the package's `exports` to dist/src/index.js, tsc's plain ES modules with their declarations.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import * as source from '../src/index.js';
import { packagesLoadedBy } from './helpers/imports.js';

const ROOT = join(import.meta.dirname, '..');
const NEWS = join(ROOT, 'examples/news');

/** A fresh ES module project with complan installed (linked) in its node_modules. */
const project = mkdtempSync(join(tmpdir(), 'complan-user-'));
mkdirSync(join(project, 'node_modules'));
symlinkSync(ROOT, join(project, 'node_modules', 'complan'), 'dir');
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'user', private: true, type: 'module' }));
afterAll(() => rmSync(project, { recursive: true, force: true }));

function runInProject(code: string): { status: number | null; stdout: string; stderr: string } {
  writeFileSync(join(project, 'main.js'), code);
  const p = spawnSync(process.execPath, ['main.js'], { cwd: project, encoding: 'utf8' });
  return { status: p.status, stdout: p.stdout, stderr: p.stderr };
}

describe('the package entry', () => {
  it('points at the compiled ES modules and their declarations', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { type: string; main: string; types: string; exports: Record<string, Record<string, string>> };
    expect(pkg.type).toBe('module');
    expect(pkg.exports['.']).toEqual({ types: './dist/src/index.d.ts', default: './dist/src/index.js' });
    for (const f of [pkg.main, pkg.types]) expect(existsSync(join(ROOT, f)), `${f}: npm install builds it`).toBe(true);
  });

  it('imports by name in an ES module project, exports what src/index.ts exports, and computes what it computes', () => {
    const systems = readdirSync(join(NEWS, 'systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => join(NEWS, 'systems', f));
    const got = runInProject([
      "import * as lib from 'complan';",
      `const corpus = lib.loadCorpus({ ...lib.DEFAULT_LOAD_OPTIONS, gold: ${JSON.stringify(join(NEWS, 'gold.conll'))}, systems: ${JSON.stringify(systems)}.map(lib.parseSystemArg) });`,
      'process.stdout.write(JSON.stringify({ names: Object.keys(lib).sort(), scores: lib.evalJson(lib.evaluate(corpus)) }));',
    ].join('\n'));
    expect(got.stderr).toBe('');
    expect(got.status).toBe(0);
    const out = JSON.parse(got.stdout) as { names: string[]; scores: unknown };
    expect(out.names).toEqual(Object.keys(source).sort());
    const corpus = source.loadCorpus({ ...source.DEFAULT_LOAD_OPTIONS, gold: join(NEWS, 'gold.conll'), systems: systems.map(source.parseSystemArg) });
    expect(out.scores).toEqual(JSON.parse(JSON.stringify(source.evalJson(source.evaluate(corpus)))));
  });

  it('loads no CLI or UI package, and mathjs only when an objective is parsed', () => {
    const { packages } = packagesLoadedBy(join(ROOT, 'dist/src/index.js'));
    for (const name of packages) expect(name).toMatch(/^node:/);
    const libraryCode = readFileSync(join(ROOT, 'dist/src/plan/objective.js'), 'utf8');
    expect(libraryCode).toMatch(/createRequire\(import\.meta\.url\)\('mathjs\/number'\)|require\('mathjs\/number'\)/);
  });

  it('says so when mathjs, which only expression objectives need, cannot be loaded (a bundle without it), not that the expression is wrong', () => {
    // The built library where no node_modules can be found above it, as a bundle that left mathjs out.
    const alone = mkdtempSync(join(tmpdir(), 'complan-alone-'));
    try {
      cpSync(join(ROOT, 'dist/src'), join(alone, 'src'), { recursive: true });
      writeFileSync(join(alone, 'package.json'), JSON.stringify({ type: 'module' }));
      const script = [
        `const lib = await import(${JSON.stringify(pathToFileURL(join(alone, 'src/index.js')).href)});`,
        "const named = lib.parseObjective('ser').text;",
        "try { lib.parseObjective('2*p*r/(p+r)'); console.log('parsed'); } catch (e) { console.log(JSON.stringify({ named, name: e.name, message: e.message })); }",
      ].join('\n');
      const p = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: alone, encoding: 'utf8' });
      expect(p.stderr).toBe('');
      const out = JSON.parse(p.stdout) as { named: string; name: string; message: string };
      expect(out.named).toBe('ser');
      expect(out.name).toBe('Error');
      expect(out.message).toMatch(/^expression objectives need the mathjs package, which could not be loaded \(Cannot find module 'mathjs\/number'.*\): install it where the program runs \(a bundle must leave it out, as an external module\)$/);
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });

  it('has no code cache or vm loader left in the sources', () => {
    const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
    for (const f of [...files(join(ROOT, 'src')), ...files(join(ROOT, 'cli'))]) {
      const text = readFileSync(f, 'utf8');
      expect(text, f).not.toMatch(/cachedData|createCachedData|\bScript\(|compileFunction|SourceTextModule/);
      // node:vm serves one purpose: reaching V8's gc() when reading nears the heap limit (lines.ts).
      if (text.includes('node:vm')) expect(text, f).toMatch(/^import \{ runInNewContext \} from 'node:vm';$/m);
    }
  });
});
