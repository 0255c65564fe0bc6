/**
 * Every table of eval, compare and ablate says the match mode and types its figures were
 * measured under when they are not the defaults: a table copied alone keeps them.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { matchTypesSuffix, typesSuffix } from '../../src/report/table-context.js';
import { ROOT, runCli } from '../cli/helpers.js';

const NEWS = join(ROOT, 'examples/news');
const GOLD = join(NEWS, 'gold.conll');
const sys = (n: string) => join(NEWS, 'systems', `${n}.conll`);
const ABL = join(ROOT, 'examples/ablation');
const seeds = (name: string) => `${name}=${[1, 2, 3].map((k) => join(ABL, 'seeds', `${name}-${k}.conll`)).join(',')}`;

/** The titles of a text report: the lines followed by a rule of dashes under a header. */
function titles(out: string): string[] {
  const lines = out.split('\n');
  return lines.filter((l, i) => l !== '' && lines[i + 2] !== undefined && /^-+( +-+)*$/.test(lines[i + 2]) && !/^-/.test(l));
}

describe('table-context suffixes', () => {
  it('say nothing for the defaults, else the match mode and the types', () => {
    expect(typesSuffix(undefined)).toBe('');
    expect(typesSuffix(['PER', ''])).toBe(' — types PER,(untyped)');
    expect(matchTypesSuffix('strict', undefined)).toBe('');
    expect(matchTypesSuffix('boundary', undefined)).toBe('; boundary match');
    expect(matchTypesSuffix('strict', ['LOC'])).toBe('; types LOC');
    expect(matchTypesSuffix('overlap', ['PER', 'LOC'])).toBe('; overlap match, types PER,LOC');
  });
});

describe('titles under --match and --types', () => {
  it('eval: every table names the types, the schemas and type confusion too', async () => {
    const r = await runCli(['eval', '--gold', GOLD, sys('crf'), sys('sloppy'), '--types', 'PER,LOC', '--schemas', '--confusion']);
    expect(r.code, r.stderr).toBe(0);
    const t = titles(r.stdout);
    expect(t.length).toBeGreaterThanOrEqual(8);
    for (const title of t) expect(title).toMatch(/types PER,LOC/);
  });

  it('compare: the matrices name the match mode and the types', async () => {
    const r = await runCli(['compare', '--gold', GOLD, sys('crf'), sys('sloppy'), sys('cautious'), '--match', 'boundary', '--types', 'PER,LOC']);
    expect(r.code, r.stderr).toBe(0);
    const t = titles(r.stdout);
    expect(t.filter((x) => /_Comp/.test(x))).toHaveLength(3);
    for (const title of t) expect(title).toMatch(/boundary match.*types PER,LOC/);
    const plain = await runCli(['compare', '--gold', GOLD, sys('crf'), sys('sloppy')]);
    for (const title of titles(plain.stdout).filter((x) => /_Comp/.test(x))) expect(title).not.toMatch(/match/);
  });

  it('ablate, one to one and in groups: every table names them', async () => {
    const one = await runCli(['ablate', '--gold', GOLD, '--baseline', 'crf', sys('crf'), sys('sloppy'), '--match', 'boundary', '--types', 'PER,LOC', '--examples', '1']);
    expect(one.code, one.stderr).toBe(0);
    const groups = await runCli(['ablate', '--gold', join(ABL, 'gold.conll'), '--paired', '--baseline', 'full', seeds('full'), seeds('no-casing'), '--match', 'boundary', '--types', 'PER,LOC', '--examples', '1']);
    expect(groups.code, groups.stderr).toBe(0);
    for (const out of [one.stdout, groups.stdout]) {
      const t = titles(out);
      expect(t.length).toBeGreaterThanOrEqual(4);
      for (const title of t) expect(title).toMatch(/boundary match.*types PER,LOC/);
    }
    expect(titles(groups.stdout)[0]).toMatch(/^Ablation — 1 variant of full, \d+ gold items; boundary match, F1, types PER,LOC; mean ± sd over runs, in points$/);
  });
});
