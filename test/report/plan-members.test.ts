import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ruleOfMembers, wrappedMembers } from '../../src/report/plan-values.js';
import { ROOT, runCli } from '../cli/helpers.js';

describe('wrappedMembers', () => {
  it('wraps at commas within the width, continuation lines under the first member', () => {
    expect(wrappedMembers('  #1 vote of 3: ', ['alpha', 'beta', 'gamma'], 40)).toEqual(['  #1 vote of 3: alpha, beta, gamma']);
    expect(wrappedMembers('  #1: ', ['alpha', 'beta', 'gamma'], 18)).toEqual(['  #1: alpha, beta,', '      gamma']);
  });

  it('keeps a name longer than a line whole', () => {
    expect(wrappedMembers('x: ', ['a'.repeat(30), 'b'], 10)).toEqual([`x: ${'a'.repeat(30)},`, '   b']);
  });
});

describe('ruleOfMembers', () => {
  it('writes members under their rule, one system by its name alone (it is itself under every rule)', () => {
    expect(ruleOfMembers('vote', ['crf', 'gazetteer'], 40)).toBe('vote(crf+gazetteer)');
    expect(ruleOfMembers('vote', ['crf', 'gazetteer'], 10)).toBe('vote of 2: crf, gazetteer');
    expect(ruleOfMembers('union', ['crf'], 40)).toBe('crf');
    expect(ruleOfMembers('weighted', ['crf×2'], 40)).toBe('crf×2');
  });
});

describe('the plan table names every member', () => {
  it('lists in full each listed candidate and choice whose members the table shortened', async () => {
    const dir = join(ROOT, 'examples/news/systems');
    const files = readdirSync(dir).filter((f) => f.endsWith('.conll')).sort();
    const names = files.map((f, k) => `system-with-a-rather-long-name-${k}-${f.replace('.conll', '')}`);
    const r = await runCli(['plan', '--gold', join(ROOT, 'examples/news/gold.conll'), '--top', '3', '--rules', 'vote', '--folds', '0',
      ...files.map((f, k) => `${names[k]}=${join(dir, f)}`)]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/\+\d more/);
    const block = r.stdout.split('Members in full:\n')[1]?.split('\n\n')[0];
    expect(block, 'a block of full member lists').toBeDefined();
    const entries = block!.split(/\n(?= {2}#)/);
    const shortened = r.stdout.split('\n').filter((l) => /^\d\s.*\+\d more/.test(l));
    expect(entries).toHaveLength(shortened.length);
    for (const e of entries) {
      const size = Number(/of (\d+):/.exec(e)![1]);
      const listed = e.replace(/^ {2}#\d+ \S+ of \d+: /, '').split(/,\s+/).map((s) => s.trim());
      expect(listed).toHaveLength(size);
      for (const m of listed) expect(names).toContain(m);
    }
  });

  it('lists in full what the selection chose in each held-out split where the splits table shortened it', async () => {
    const dir = join(ROOT, 'examples/news/systems');
    const files = readdirSync(dir).filter((f) => f.endsWith('.conll')).sort();
    const names = files.map((f, k) => `system-with-a-rather-long-name-${k}-${f.replace('.conll', '')}`);
    const r = await runCli(['plan', '--gold', join(ROOT, 'examples/news/gold.conll'), '--folds', '3',
      ...files.map((f, k) => `${names[k]}=${join(dir, f)}`)]);
    expect(r.code, r.stderr).toBe(0);
    const table = r.stdout.split(/^Held-out splits .*\n/m)[1]?.split('\n\n')[0];
    expect(table).toBeDefined();
    const cut = table!.split('\n').filter((l) => /^\s+\d+\s.*\+\d more\)/.test(l)).map((l) => Number(/^\s+(\d+)/.exec(l)![1]));
    expect(cut.length, 'the table shortens some choices').toBeGreaterThan(0);
    const block = r.stdout.split('Chosen in each split, in full:\n')[1]?.split('\n\n')[0];
    expect(block, 'a block of full member lists after the splits table').toBeDefined();
    const entries = block!.split(/\n(?= {2}fold)/);
    expect(entries.map((e) => Number(/^ {2}fold (\d+):/.exec(e)![1]))).toEqual(cut);
    for (const e of entries) {
      const size = Number(/of (\d+):/.exec(e)![1]);
      const listed = e.replace(/^ {2}fold \d+: \S+ of \d+: /, '').split(/,\s+/).map((s) => s.trim());
      expect(listed).toHaveLength(size);
      for (const m of listed) expect(names).toContain(m);
    }
  });
});

describe("the recommendation's first line", () => {
  it('names long member lists so that a terminal report can wrap them, every system by "all N systems"', async () => {
    const dir = join(ROOT, 'examples/news/systems');
    const files = readdirSync(dir).filter((f) => f.endsWith('.conll')).sort();
    const names = files.map((f, k) => `system-with-a-rather-long-name-${k}-${f.replace('.conll', '')}`);
    for (const extra of [[], ['--brief']]) {
      const r = await runCli(['plan', '--gold', join(ROOT, 'examples/news/gold.conll'), ...extra, ...files.map((f, k) => `${names[k]}=${join(dir, f)}`)]);
      expect(r.code, r.stderr).toBe(0);
      const head = r.stdout.split('\n').findIndex((l) => l.startsWith('Recommendation ('));
      const lines = r.stdout.split('\n').slice(head, r.stdout.split('\n').findIndex((l, i) => i > head && l.startsWith('  in-sample')));
      for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(120);
      // On the news example no selection beats the vote of all five systems.
      expect(lines[0]).toBe(`Recommendation (vote-all): vote of all ${files.length} systems`);
    }
  });
});
