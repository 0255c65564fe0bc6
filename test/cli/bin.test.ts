/**
 * The installed command: dist/bin/complan.cjs, which loads the program dist/bin/program.cjs with
 * its code cache, or runs the TUI from the ES module build dist/bin/esm/complan.js; `npm install`
 * builds all three (rolldown.config.mjs). The other CLI tests run the commands in-process from the
 * sources; these run the bundles as a user does, in their own process, and check that they behave
 * as the sources do.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticImports as importsOf } from '../helpers/bundle.js';
import { ROOT, runCli } from './helpers.js';

const staticImports = (file: string) => importsOf(join(ROOT, 'dist/bin/esm', file));

const BIN = join(ROOT, 'dist/bin/complan.cjs');
const ESM = join(ROOT, 'dist/bin/esm/complan.js');
const GOLD = 'examples/news/gold.conll';
const SYSTEMS = readdirSync(join(ROOT, 'examples/news/systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => `examples/news/systems/${f}`);

function bin(args: string[], entry = BIN) {
  expect(existsSync(entry), `${entry} is missing: npm install builds it (or run npm run build)`).toBe(true);
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
  const p = spawnSync(process.execPath, [entry, ...args], { cwd: ROOT, encoding: 'utf8', env });
  return { code: p.status, stdout: p.stdout, stderr: p.stderr };
}

describe('the installed command (dist/bin/complan.cjs) and the ES module build', () => {
  it('is the package\'s bin', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(pkg.bin).toEqual({ complan: 'dist/bin/complan.cjs' });
    expect(readFileSync(BIN, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
  });

  it('prints what the sources print, byte for byte (eval, compare, combine to stdout; both builds)', async () => {
    for (const args of [
      ['eval', '--gold', GOLD, ...SYSTEMS, '--format', 'json'],
      ['eval', '--gold', GOLD, ...SYSTEMS],
      ['compare', '--gold', GOLD, ...SYSTEMS, '--format', 'csv'],
      ['combine', '--gold', GOLD, ...SYSTEMS, '--rule', 'vote', '--out-format', 'jsonl'],
    ]) {
      const want = await runCli(args);
      expect(want.code).toBe(0);
      for (const entry of [BIN, ESM]) {
        const got = bin(args, entry);
        expect(got.stderr, `complan ${args[0]} (${entry}): stale bundle? run npm run build`).toBe(want.stderr);
        expect(got.code).toBe(0);
        expect(got.stdout).toBe(want.stdout);
      }
    }
  });

  it('runs plan and ablate, which load mathjs from node_modules, as the sources do', async () => {
    for (const args of [
      ['plan', '--gold', GOLD, ...SYSTEMS, '--top', '2', '--objective', '2*p*r/(p+r)'],
      ['ablate', '--baseline', 'baseline', '--gold', 'examples/ablation/gold.conll',
        ...['baseline', 'no-casing', 'no-gazetteer'].map((s) => `examples/ablation/${s}.conll`)],
    ]) {
      const want = await runCli(args);
      expect(want.code).toBe(0);
      const got = bin(args);
      expect(got.stderr).toBe(want.stderr);
      expect(got.stdout).toBe(want.stdout);
    }
  });

  it('exits 1 on a usage error and 2 on bad input, with one line and no stack trace', () => {
    const usage = bin(['eval', '--gold', GOLD, SYSTEMS[0], '--no-such-option']);
    expect(usage.code).toBe(1);
    expect(usage.stdout).toBe('');
    expect(usage.stderr).toMatch(/--no-such-option/);
    const input = bin(['eval', '--gold', GOLD, 'test/no-such-file.conll']);
    expect(input.code).toBe(2);
    expect(input.stderr.trim().split('\n')).toHaveLength(1);
    expect(input.stderr).toContain('test/no-such-file.conll');
    for (const r of [usage, input]) expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('bundles commander, with its licence notice, instead of importing it', () => {
    const licence = readFileSync(join(ROOT, 'node_modules/commander/LICENSE'), 'utf8').trim();
    const esm = readFileSync(ESM, 'utf8');
    expect(esm.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(esm.slice(0, 2000)).toContain(licence);
    const all = readdirSync(join(ROOT, 'dist/bin/esm')).filter((f) => f.endsWith('.js'));
    for (const f of all) expect(staticImports(f).packages, f).not.toContain('commander');
    const program = readFileSync(join(ROOT, 'dist/bin/program.cjs'), 'utf8');
    expect(program.slice(0, 2000)).toContain(licence);
    expect(program).not.toMatch(/require\("commander"\)/);
  });

  it('keeps the TUI and import() out of the CommonJS program', () => {
    // The program is compiled by vm.Script, which has no loader for import(); and Ink cannot be required.
    const program = readFileSync(join(ROOT, 'dist/bin/program.cjs'), 'utf8');
    const code = program.split('\n').filter((line) => !/^\s*(\*|\/\/)/.test(line)).join('\n');
    expect(code).not.toMatch(/\bimport\(/);
    // It requires Node's built-ins only (mathjs, by plan code, through createRequire when needed).
    const required = [...code.matchAll(/\brequire\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(required.length).toBeGreaterThan(0);
    expect(required.filter((name) => !name.startsWith('node:') && name !== 'url')).toEqual([]);
    expect(program).toContain('the TUI runs from the ES module build');
  });

  it('keeps Ink, React and mathjs out of what every command loads at start-up', () => {
    // The entry chunk and every chunk it imports statically, transitively.
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const { chunks, packages: p } = staticImports(file);
      for (const name of p) packages.add(name);
      chunks.forEach(visit);
    };
    visit('complan.js');
    expect(seen.size).toBeGreaterThan(1);
    // Node's built-ins only; commander is bundled (see the next test).
    expect([...packages].filter((name) => !name.startsWith('node:'))).toEqual([]);
    for (const name of packages) expect(name, `${name} is loaded at start-up`).not.toMatch(/^(ink|react|mathjs)(\/|$)/);
    // ...while the TUI chunk does load Ink (the check above would pass vacuously otherwise).
    const all = readdirSync(join(ROOT, 'dist/bin/esm')).filter((f) => f.endsWith('.js'));
    expect(all.some((f) => staticImports(f).packages.includes('ink'))).toBe(true);
  });
});
