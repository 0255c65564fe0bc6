/**
 * Every command's LaTeX is text pdflatex sets under its default font encoding: outside math
 * mode, no Unicode symbol (Δ, −, ≈, ρ, …), which it rejects, and no |, < or >, which it prints as
 * other glyphs. One escaper (src/report/table.ts) serves every command.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';

const NEWS = join(ROOT, 'examples/news');
const GOLD = join(NEWS, 'gold.conll');
const SYSTEMS = ['cautious', 'crf', 'sloppy'].map((n) => join(NEWS, 'systems', `${n}.conll`));

/** The text left once math (`$…$`, `\ensuremath{…}`) and the `%` comment lines are taken out. */
function outsideMath(tex: string): string {
  return tex
    .split('\n').filter((l) => !l.startsWith('%')).join('\n')
    .replace(/\\ensuremath\{(?:[^{}]|\{[^{}]*\})*\}/g, '')
    .replace(/\$[^$]*\$/g, '');
}

describe('LaTeX output', () => {
  it.each([
    ['eval with its paired tests and confusion', ['eval', '--gold', GOLD, ...SYSTEMS, '--significance', '--samples', '200']],
    ['eval with the schemas', ['eval', '--gold', GOLD, ...SYSTEMS, '--schemas']],
    ['compare', ['compare', '--gold', GOLD, ...SYSTEMS]],
    ['plan', ['plan', '--gold', GOLD, ...SYSTEMS, '--samples', '200']],
    ['ablate', ['ablate', '--baseline', 'crf', '--gold', GOLD, ...SYSTEMS, '--samples', '200']],
  ])('of %s has no Unicode symbol, |, < or > outside math mode', async (_what, args) => {
    const r = await runCli([...args, '--format', 'latex']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('\\begin{tabular}');
    const text = outsideMath(r.stdout);
    const bad = [...new Set(text.match(/[^\x20-\x7e\n]|[|<>]/g) ?? [])];
    expect(bad).toEqual([]);
    // A note's line breaks are paragraphs, not an escaped \n printed as text.
    expect(r.stdout).not.toContain('\\textbackslash{}n');
  });
});
