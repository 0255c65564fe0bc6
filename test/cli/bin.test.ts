/**
 * The installed command: dist/bin/complan.js, the bundle `npm install` builds (rolldown.config.mjs).
 * The other CLI tests run the commands in-process from the sources; these run the bundle as a
 * user does, in its own process, and check that it behaves as the sources do.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { staticImports as importsOf } from '../helpers/bundle.js';
import { ROOT, runCli } from './helpers.js';

const staticImports = (file: string) => importsOf(join(ROOT, 'dist/bin', file));

const BIN = join(ROOT, 'dist/bin/complan.js');
const GOLD = 'examples/news/gold.conll';
const SYSTEMS = readdirSync(join(ROOT, 'examples/news/systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => `examples/news/systems/${f}`);

function bin(args: string[]) {
  expect(existsSync(BIN), `${BIN} is missing: npm install builds it (or run npm run build)`).toBe(true);
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
  const p = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', env });
  return { code: p.status, stdout: p.stdout, stderr: p.stderr };
}

describe('the bundled command (dist/bin/complan.js)', () => {
  it('prints what the sources print, byte for byte (eval, compare, combine to stdout)', async () => {
    for (const args of [
      ['eval', '--gold', GOLD, ...SYSTEMS, '--format', 'json'],
      ['eval', '--gold', GOLD, ...SYSTEMS],
      ['compare', '--gold', GOLD, ...SYSTEMS, '--format', 'csv'],
      ['combine', '--gold', GOLD, ...SYSTEMS, '--rule', 'vote', '--out-format', 'jsonl'],
    ]) {
      const want = await runCli(args);
      expect(want.code).toBe(0);
      const got = bin(args);
      expect(got.stderr, `complan ${args[0]}: stale bundle? run npm run build`).toBe(want.stderr);
      expect(got.code).toBe(0);
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
    const text = readFileSync(join(ROOT, 'dist/bin/complan.js'), 'utf8');
    expect(text.startsWith('#!/usr/bin/env node\n')).toBe(true);
    const licence = readFileSync(join(ROOT, 'node_modules/commander/LICENSE'), 'utf8').trim();
    expect(text.slice(0, 2000)).toContain(licence);
    const all = readdirSync(join(ROOT, 'dist/bin')).filter((f) => f.endsWith('.js'));
    for (const f of all) expect(staticImports(f).packages, f).not.toContain('commander');
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
    const all = readdirSync(join(ROOT, 'dist/bin')).filter((f) => f.endsWith('.js'));
    expect(all.some((f) => staticImports(f).packages.includes('ink'))).toBe(true);
  });
});
