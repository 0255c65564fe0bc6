/**
 * `complan ablate` with groups of runs, end to end on examples/news (five systems, used here as
 * runs of two settings): the statistics against `eval` run separately, the stable items against
 * the intersection of one-to-one ablations, `--paired` and its error, `--baseline` as a path,
 * file names with commas, the formats, and the one-run case keeping the old fields.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempFiles } from '../helpers/temp.js';
import { evalJson, ROOT, runCli, system, type EvalJson } from './helpers.js';

const NEWS = join(ROOT, 'examples/news');
const GOLD = join(NEWS, 'gold.conll');
const sys = (n: string) => join(NEWS, 'systems', `${n}.conll`);
const A = ['cautious', 'sloppy'];
const B = ['crf', 'gazetteer'];
const group = (name: string, runs: string[]) => `${name}=${runs.map(sys).join(',')}`;

interface Example { doc: string; sentence: number; start: number; end: number; label: string | null; text: string; context: string; comparisons?: number }
interface Scores { precision: number | null; recall: number | null; f: number | null; ser: number | null; k: number | null }
interface List { count: number; items: Example[] }
interface Variant {
  name: string;
  runs: Array<{ name: string; scores: Scores & { tp: number } }>;
  meanDelta: Scores; sdDelta: Scores; ci95: [number, number]; p: number; pBootstrap: number;
  verdict: { text: string; significant: boolean; beyondNoise: boolean | null };
  stable: Record<'gained' | 'lost' | 'introduced' | 'removed', List>;
  unstable: Record<'gained' | 'lost' | 'introduced' | 'removed', List>;
  byType: Array<{ type: string; meanDelta: Scores; p: number }>;
  comparisons: Array<{ run: string; baseline: string; deltaF: number; gainedCount: number }>;
  deltaF?: number; gainedCount?: number; gained?: Example[];
}
interface Doc {
  baseline: string; paired: boolean; baselineRuns: Array<{ name: string }>;
  test: { p: string; ci95: string; samples: number; seed: number; unit: string; units: number };
  baselineScores?: object; variants: Variant[];
}

async function ablate(args: string[]): Promise<Doc> {
  const r = await runCli(['ablate', '--format', 'json', '--gold', GOLD, ...args]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Doc;
}

const key = (e: Example) => `${e.doc}|${e.sentence}|${e.start}|${e.end}|${e.label}`;

describe('ablate --paired with two groups of two runs', () => {
  let doc: Doc;
  let ev: EvalJson;
  beforeAll(async () => {
    doc = await ablate(['--paired', '--baseline', 'a', '--examples', '1000', group('a', A), group('b', B)]);
    ev = await evalJson(['--gold', GOLD, ...A.map(sys), ...B.map(sys)]);
  });

  it('names the runs by group and stem and pairs them by position', () => {
    expect(doc.paired).toBe(true);
    expect(doc.baselineRuns.map((r) => r.name)).toEqual(['a:cautious', 'a:sloppy']);
    const v = doc.variants[0];
    expect(v.runs.map((r) => r.name)).toEqual(['b:crf', 'b:gazetteer']);
    expect(v.comparisons.map((c) => [c.run, c.baseline])).toEqual([['b:crf', 'a:cautious'], ['b:gazetteer', 'a:sloppy']]);
    expect(doc.baselineScores).toBeUndefined();
    expect(v.deltaF).toBeUndefined();
  });

  it('gives the mean and sd of the pairs\' ΔF from eval, an interval and a p-value from the named test', () => {
    const v = doc.variants[0];
    const d = [0, 1].map((i) => system(ev, B[i]).f! - system(ev, A[i]).f!);
    expect(v.comparisons.map((c) => c.deltaF)).toEqual(d);
    expect(v.meanDelta.f).toBe((d[0] + d[1]) / 2);
    expect(v.sdDelta.f).toBeCloseTo(Math.abs(d[0] - d[1]) / Math.SQRT2, 14);
    expect(v.ci95[0]).toBeLessThanOrEqual(v.meanDelta.f!);
    expect(v.ci95[1]).toBeGreaterThanOrEqual(v.meanDelta.f!);
    expect(v.p).toBeGreaterThan(0);
    expect(v.p).toBeLessThanOrEqual(1);
    expect(doc.test).toMatchObject({ p: 'approximate randomization (two-sided)', ci95: 'paired bootstrap percentile interval', samples: 1000, seed: 1, unit: 'document' });
    expect(v.verdict.text).toMatch(/^[+-]\d+\.\d\d F1, .+, p = \d\.\d+$/);
    expect(v.byType.map((t) => t.type)).toEqual(['LOC', 'MISC', 'ORG', 'PER']);
  });

  it('keeps as stable exactly the items gained in both pairs, by one-to-one ablate', async () => {
    const gained = await Promise.all([0, 1].map(async (i) => {
      const one = await ablate(['--baseline', A[i], '--examples', '100000', sys(A[i]), sys(B[i])]);
      return new Set(one.variants[0].gained!.map(key));
    }));
    const both = [...gained[0]].filter((k) => gained[1].has(k)).sort();
    const v = doc.variants[0];
    expect(v.stable.gained.count).toBe(both.length);
    expect(v.stable.gained.items.map(key).sort()).toEqual(both);
    const either = new Set([...gained[0], ...gained[1]]);
    expect(v.unstable.gained.count).toBe(either.size - both.length);
    for (const e of v.unstable.gained.items) expect(e.comparisons).toBe(1);
    for (const e of v.stable.gained.items) expect(e.context).toContain(`[${e.text}]`);
  });

  it('is deterministic, and --samples and --seed reach the test', async () => {
    const again = await ablate(['--paired', '--baseline', 'a', '--examples', '1000', group('a', A), group('b', B)]);
    expect(again).toEqual(doc);
    const other = await ablate(['--paired', '--baseline', 'a', '--samples', '200', '--seed', '9', group('a', A), group('b', B)]);
    expect(other.test).toMatchObject({ samples: 200, seed: 9 });
    expect(other.variants[0].meanDelta).toEqual(doc.variants[0].meanDelta);
  });
});

describe('ablate with groups in another order', () => {
  const temp = tempFiles('ablate-groups-order');
  it('prints the same: variants in name order, whatever the order of the arguments', async () => {
    // Each run its own file: a copy of crf's output stands for a third setting's second run.
    const c = `c=${sys('confuser')},${temp(readFileSync(sys('crf'), 'utf8'), 'crf-copy.conll')}`;
    const one = await runCli(['ablate', '--paired', '--baseline', 'a', '--gold', GOLD, group('a', A), group('b', B), c]);
    const two = await runCli(['ablate', '--paired', '--baseline', 'a', '--gold', GOLD, c, group('b', B), group('a', A)]);
    expect(one.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
  });
});

describe('ablate with unpaired groups', () => {
  it('compares every run with every run: the mean Δ is the difference of the means', async () => {
    const doc = await ablate(['--baseline', 'a', group('a', A), group('b', ['crf', 'gazetteer', 'confuser'])]);
    const ev = await evalJson(['--gold', GOLD, ...A.map(sys), sys('crf'), sys('gazetteer'), sys('confuser')]);
    const mean = (names: string[]) => names.reduce((s, n) => s + system(ev, n).f!, 0) / names.length;
    const v = doc.variants[0];
    expect(doc.paired).toBe(false);
    expect(v.comparisons).toHaveLength(6);
    expect(v.meanDelta.f).toBeCloseTo(mean(['crf', 'gazetteer', 'confuser']) - mean(A), 14);
    expect(v.sdDelta.f).not.toBeNull();
  });
});

describe('ablate with one run a side keeps the one-to-one fields', () => {
  it('adds runs, meanDelta (= deltaF), undefined sd, p and the stable lists to the old fields', async () => {
    const doc = await ablate(['--baseline', 'cautious', sys('cautious'), sys('crf')]);
    const v = doc.variants[0];
    expect(doc.baselineScores).toBeDefined();
    expect(v.name).toBe('crf');
    expect(v.meanDelta.f).toBe(v.deltaF);
    expect(v.sdDelta).toEqual({ precision: null, recall: null, f: null, ser: null, k: null });
    expect(v.stable.gained.count).toBe(v.gainedCount);
    expect(v.unstable.gained.count).toBe(0);
    expect(v.verdict.beyondNoise).toBeNull();
  });
});

describe('a group of one run against a baseline of one, beside a group of two', () => {
  const args = ['--gold', GOLD, '--baseline', 'a', `a=${sys('cautious')}`, `b=${sys('crf')}`, group('c', ['gazetteer', 'confuser'])];

  it('titles the one comparison\'s items as its changes, with no count "in some", which one comparison cannot have', async () => {
    const r = await runCli(['ablate', ...args, '--examples', '1']);
    expect(r.code).toBe(0);
    const doc = await ablate([...args.slice(2), '--examples', '1']);
    const b = doc.variants.find((v) => v.name === 'b')!;
    const c = doc.variants.find((v) => v.name === 'c')!;
    expect(b.comparisons).toHaveLength(1);
    const counts = (v: Variant, one: boolean) => (['gained', 'lost', 'introduced', 'removed'] as const)
      .map((k) => `${k} ${v.stable[k].count}${one ? '' : ` (+${v.unstable[k].count} in some)`}`).join(', ');
    expect(r.stdout).toContain(`Changes — b against a in its one comparison: ${counts(b, true)} (first 1 of each)`);
    expect(r.stdout).not.toContain('in all 1');
    expect(r.stdout).toMatch(/\ngained +1 of 1 +#/);
    expect(r.stdout).toContain(`Stable changes — c against a in all 2 comparisons: ${counts(c, false)} (the first 1 of each kind changed in all 2, and the first 1 changed in some)`);
  });

  it('gives the counts alone under --examples 0, one column for the one comparison', async () => {
    const r = await runCli(['ablate', ...args, '--examples', '0']);
    expect(r.stdout).toContain('Changes — b against a, items changed in its one comparison\nchange      items\n');
    expect(r.stdout).toContain('Stable changes — c against a, items changed in all 2 comparisons and in some\nchange      in all 2  in some\n');
  });
});

describe('ablate on untokenised input', () => {
  it('gives the context of an item in characters', async () => {
    const temp = tempFiles('ablate-groups-text');
    const text = 'Anna Berg visited Oslo.';
    const record = (spans: unknown[]) => `${JSON.stringify({ id: 's1', doc_id: 'd1', text, spans })}\n`;
    const gold = temp(record([[0, 9, 'PER'], [18, 22, 'LOC']]), 'gold.jsonl');
    const base = temp(record([[0, 9, 'PER']]), 'base.jsonl');
    const variant = temp(record([[18, 22, 'LOC'], [0, 9, 'PER']]), 'variant.jsonl');
    const r = await runCli(['ablate', '--format', 'json', '--baseline', 'base', '--gold', gold, base, variant]);
    expect(r.code).toBe(0);
    const v = (JSON.parse(r.stdout) as Doc).variants[0];
    expect(v.stable.gained.items).toEqual([{ doc: 'd1', sentence: 1, start: 18, end: 22, label: 'LOC', text: 'Oslo', context: 'Anna Berg visited [Oslo].' }]);
  });
});

describe('--baseline as a path', () => {
  it('matches a file given among the systems by its resolved path', async () => {
    const byName = await ablate(['--baseline', 'cautious', sys('cautious'), sys('crf')]);
    const byPath = await ablate(['--baseline', join(NEWS, 'systems', '..', 'systems', 'cautious.conll'), sys('cautious'), sys('crf')]);
    // Equal but for the settings, which record --baseline as given.
    expect({ ...byPath, settings: undefined }).toEqual({ ...byName, settings: undefined });
  });

  it('loads a file not among the systems as the baseline', async () => {
    const doc = await ablate(['--baseline', sys('cautious'), sys('crf'), sys('sloppy')]);
    expect(doc.baseline).toBe('cautious');
    expect(doc.variants.map((v) => v.name)).toEqual(['crf', 'sloppy']);
  });

  it('refuses a file that is one run of a group, and an unknown path, as usage errors', async () => {
    const r = await runCli(['ablate', '--baseline', sys('cautious'), '--gold', GOLD, group('a', A), group('b', B)]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`complan: --baseline ${sys('cautious')} is one run of group "a": name the group (--baseline a) or give the file only as the baseline\n`);
    const missing = await runCli(['ablate', '--baseline', 'nope/x.conll', '--gold', GOLD, sys('crf'), sys('sloppy')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('complan: --baseline: no system named "nope/x.conll" and no such file (systems: crf, sloppy)\n');
  });
});

describe('group arguments', () => {
  const temp = tempFiles('ablate-groups');
  const text = readFileSync(sys('cautious'), 'utf8');

  it('warns of a run that repeats another of its group (a copy): it would pass for a second run that agrees', async () => {
    const copy = temp(text, 'again.conll');
    const r = await runCli(['ablate', '--gold', GOLD, '--baseline', 'crf', sys('crf'), `twice=${sys('cautious')},${copy}`]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`the system "twice:again" (${copy}) is a copy of "twice:cautious" (${sys('cautious')}: the same bytes): a group of runs counts it as a second run that agrees, which understates the run-to-run spread; give each run once`);
    // Runs of different groups may agree: each group is its own model.
    const apart = await runCli(['ablate', '--gold', GOLD, '--baseline', 'crf', sys('crf'), sys('cautious'), `other=${copy}`]);
    expect(apart.stderr).not.toContain('a group of runs counts it');
  });

  it('refuses a name left out (=PATH) as a usage error, not a missing file', async () => {
    const r = await runCli(['ablate', '--gold', GOLD, '--baseline', 'crf', sys('crf'), `=${sys('cautious')}`]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`complan: "=${sys('cautious')}": expected name=path, the name is empty\n`);
  });

  it('reads a file whose name holds a comma as one run, named or bare', async () => {
    const comma = temp(text, 'a,b.conll');
    const named = await ablate(['--baseline', 'crf', sys('crf'), `odd=${comma}`]);
    expect(named.variants.map((v) => [v.name, v.runs.length])).toEqual([['odd', 1]]);
    const bare = await ablate(['--baseline', 'crf', sys('crf'), comma]);
    expect(bare.variants[0].name).toBe('a,b');
    expect(bare.variants[0].meanDelta).toEqual(named.variants[0].meanDelta);
  });

  it('names runs NAME#k when two files of a group share a stem', async () => {
    // Another output under the same stem (a copy would be warned of as a repeated run).
    const other = temp(readFileSync(sys('sloppy'), 'utf8'), 'cautious.conll');
    const doc = await ablate(['--baseline', 'crf', sys('crf'), `twice=${sys('cautious')},${other}`]);
    expect(doc.variants[0].runs.map((r) => r.name)).toEqual(['twice#1', 'twice#2']);
    expect(doc.variants[0].sdDelta.f).toBeGreaterThan(0);
  });

  it('reports a missing run as an input error naming it (exit 2), an empty path or a repeated name as usage errors (exit 1)', async () => {
    const missing = join(NEWS, 'systems', 'nope.conll');
    const r = await runCli(['ablate', '--baseline', 'crf', '--gold', GOLD, sys('crf'), `g=${sys('sloppy')},${missing}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`complan: ${missing}: no such file (a run of group "g"; a single file whose name holds a comma must exist as given)\n`);
    const empty = await runCli(['ablate', '--baseline', 'crf', '--gold', GOLD, sys('crf'), `g=${sys('sloppy')},`]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toBe(`complan: "g=${sys('sloppy')},": expected NAME=PATH,PATH,..., a path is empty\n`);
    const twice = await runCli(['ablate', '--baseline', 'a', '--gold', GOLD, group('a', A), group('a', B)]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toMatch(/^complan: two systems are named "a" \(/);
  });

  it('names a file given twice, however spelt, rather than advising name=path, which ablate refuses for one file too (exit 1)', async () => {
    const twice = await runCli(['ablate', '--baseline', 'crf', '--gold', GOLD, sys('crf'), sys('crf')]);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toBe(`complan: two systems are named "crf": ${sys('crf')} is given twice; give each file once (each run must be its own file)\n`);
    const spelt = `${NEWS}/systems/../systems/crf.conll`;
    const other = await runCli(['ablate', '--baseline', 'crf', '--gold', GOLD, sys('crf'), spelt]);
    expect(other.code).toBe(1);
    expect(other.stderr).toBe(`complan: two systems are named "crf": ${sys('crf')} and ${spelt} are one file; give each file once (each run must be its own file)\n`);
    // Named apart, the file is still one run given twice: the advice must not lead there.
    const named = await runCli(['ablate', '--baseline', 'a', '--gold', GOLD, `a=${sys('crf')}`, `b=${sys('crf')}`]);
    expect(named.stderr).toBe(`complan: ${sys('crf')} is given twice (runs "a" and "b"): each run must be its own file\n`);
  });

  it('refuses a list of existing files without NAME= as a usage error that shows how to name it, in ablate and tui (exit 1)', async () => {
    const list = `${sys('sloppy')},${sys('crf')}`;
    const want = `complan: "${list}" is a list of files without a name: give a group of runs as NAME=PATH,PATH,... `
      + `(for example sloppy=${list}), or the files separated by spaces as systems of their own\n`;
    for (const args of [['ablate', '--baseline', 'cautious'], ['tui']]) {
      const r = await runCli([...args, '--gold', GOLD, sys('cautious'), list]);
      expect(r.code, args[0]).toBe(1);
      expect(r.stderr, args[0]).toBe(want);
    }
    // One of them missing: that file is named (exit 2), not the whole list.
    const missing = join(NEWS, 'systems', 'nope.conll');
    const partial = await runCli(['ablate', '--baseline', 'cautious', '--gold', GOLD, sys('cautious'), `${sys('sloppy')},${missing}`]);
    expect(partial.code).toBe(2);
    expect(partial.stderr).toBe(`complan: ${missing}: no such file (in the list "${sys('sloppy')},${missing}"; a group of runs is NAME=PATH,PATH,...)\n`);
  });

  it('refuses --paired without groups of runs, which has nothing to pair (exit 1)', async () => {
    const r = await runCli(['ablate', '--paired', '--baseline', 'crf', '--gold', GOLD, sys('crf'), sys('sloppy')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('complan: --paired pairs the runs of groups (NAME=PATH,PATH,...) by position, but every system here is one run: leave --paired out\n');
  });

  it('refuses --paired with groups of different sizes, naming both counts (exit 1)', async () => {
    const r = await runCli(['ablate', '--paired', '--baseline', 'a', '--gold', GOLD, group('a', A), group('b', ['crf', 'gazetteer', 'confuser'])]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('complan: --paired pairs runs by position: group "b" has 3 runs, the baseline "a" has 2\n');
    expect(r.stdout).toBe('');
  });

  it('rejects bad --samples and --seed (exit 1)', async () => {
    const bad = await runCli(['ablate', '--baseline', 'a', '--samples', '0', '--gold', GOLD, group('a', A), group('b', B)]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('complan: --samples expects an integer from 1 to 10,000,000, got "0"\n');
    expect((await runCli(['ablate', '--baseline', 'a', '--seed', 'x', '--gold', GOLD, group('a', A), group('b', B)])).code).toBe(1);
  });
});

describe('ablate notes on its tests', () => {
  it('says when too few resamples let no drawn p reach 0.05, names a p near 0.05, and gives each test\'s exactness in JSON', async () => {
    const args = ['ablate', '--gold', GOLD, '--baseline', 'crf', sys('crf'), sys('gazetteer'), sys('cautious')];
    const coarse = await runCli([...args, '--samples', '10']);
    expect(coarse.code, coarse.stderr).toBe(0);
    expect(coarse.stdout).toContain('With 10 resamples a drawn p cannot fall below 1/11, so none can reach 0.05, however large the difference: raise --samples.');
    const json = await runCli([...args, '--format', 'json', '--samples', '10']);
    const doc = JSON.parse(json.stdout) as { variants: Array<{ differing: number; exact: boolean; byType: Array<{ differing: number; exact: boolean }> }> };
    for (const v of doc.variants) {
      expect(v.exact).toBe(2 ** v.differing <= 10);
      for (const t of v.byType) expect(t.exact).toBe(2 ** t.differing <= 10);
    }
    const boundary = await runCli([...args, '--match', 'boundary']);
    expect(boundary.stdout).toContain('Under boundary match a type\'s row counts that type\'s items on both sides only');
    expect((await runCli(args)).stdout).not.toContain('Under boundary match');
  });
});

describe('ablate tables with groups', () => {
  const args = ['--paired', '--baseline', 'a', '--gold', GOLD, group('a', A), group('b', B)];

  it('prints the ablation table with mean ± sd and its footnote, verdicts, runs, types and stable changes', async () => {
    const r = await runCli(['ablate', ...args]);
    expect(r.code).toBe(0);
    const titles = r.stdout.split('\n').filter((l) => /^(Ablation|Verdicts|Runs|By type|Stable changes) /.test(l));
    expect(titles.map((t) => t.split(' ')[0])).toEqual(['Ablation', 'Verdicts', 'Runs', 'By', 'Stable']);
    expect(r.stdout).toMatch(/\nb\s+2\s+\d+\.\d\d ± \d+\.\d\d\s+[+-]\d+\.\d\d ± \d+\.\d\d/);
    expect(r.stdout).toContain('† p < 0.05, ‡ p < 0.01.');
    expect(r.stdout).toMatch(/\nb\s+b:crf\s+a:cautious\s/);
  });

  it('writes Markdown, LaTeX with ± and the marks in math mode, and CSV', async () => {
    const md = await runCli(['ablate', ...args, '--format', 'markdown']);
    expect(md.stdout).toMatch(/\| b \| 2 \| \d+\.\d\d ± \d+\.\d\d \|/);
    const tex = await runCli(['ablate', ...args, '--format', 'latex']);
    expect(tex.stdout).toContain('\\ensuremath{\\pm}');
    expect(tex.stdout).toContain('\\textsuperscript{\\dag} p \\ensuremath{<} 0.05, \\textsuperscript{\\ddag} p \\ensuremath{<} 0.01');
    expect(tex.stdout.replace(/\\ensuremath\{[^}]*\}/g, '')).not.toMatch(/[±†‡Δ−√≤…<>]/);
    // Negative numbers take a minus sign, and no option's two hyphens become a dash.
    expect(tex.stdout).not.toMatch(/(^|[\s[(&])-\d/m);
    expect(tex.stdout).toMatch(/\\ensuremath\{-\}\d/);
    expect(tex.stdout).not.toMatch(/--[a-z]/);
    const csv = await runCli(['ablate', ...args, '--format', 'csv']);
    const lines = csv.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('variant,baseline,runs,baselineRuns,meanDeltaP,sdDeltaP,meanDeltaR,sdDeltaR,meanDeltaF,sdDeltaF,meanDeltaSer,sdDeltaSer,'
      + 'meanDeltaK,sdDeltaK,ci95Low,ci95High,p,pBootstrap,stableGained,stableLost,stableIntroduced,stableRemoved,'
      + 'unstableGained,unstableLost,unstableIntroduced,unstableRemoved');
    expect(lines[1].startsWith('b,a,2,2,')).toBe(true);
  });
});

describe('the manual\'s walkthrough of groups of runs (docs/ablate.md)', () => {
  it('shows lines the command really prints, on the seeds of examples/ablation', async () => {
    const doc = readFileSync(join(ROOT, 'docs', 'ablate.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Groups of runs'));
    const block = /```\n(Ablation — [\s\S]*?)```/.exec(section);
    expect(block).not.toBeNull();
    const dir = join(ROOT, 'examples/ablation');
    const seeds = (name: string) => `${name}=${[1, 2, 3].map((k) => join(dir, 'seeds', `${name}-${k}.conll`)).join(',')}`;
    const r = await runCli(['ablate', '--paired', '--baseline', 'full', '--gold', join(dir, 'gold.conll'), seeds('full'), seeds('no-casing'), '--examples', '2']);
    expect(r.code).toBe(0);
    const printed = new Set(r.stdout.split('\n'));
    // A `...` line marks where the page cuts the output (as the manual's other outputs do).
    const shown = block![1].split('\n').filter((l) => l !== '' && l !== '...');
    expect(shown.length).toBeGreaterThan(25);
    for (const line of shown) expect(printed.has(line), line).toBe(true);
    // The per-type table, shown under its own heading.
    const byType = /```\n(By type — [\s\S]*?)```/.exec(doc);
    expect(byType).not.toBeNull();
    for (const line of byType![1].split('\n').filter((l) => l !== '')) expect(printed.has(line), line).toBe(true);
  });
});

describe('ablate --examples 0', () => {
  it('still prints the complete counts of changed items, stable and in some runs, as tables', async () => {
    const json = await ablate(['--paired', '--baseline', 'a', '--examples', '1000', group('a', A), group('b', B)]);
    const v = json.variants[0] as unknown as { stable: Record<string, { count: number }>; unstable: Record<string, { count: number }> };
    const r = await runCli(['ablate', '--gold', GOLD, '--paired', '--baseline', 'a', '--examples', '0', group('a', A), group('b', B)]);
    expect(r.code, r.stderr).toBe(0);
    for (const kind of ['gained', 'lost', 'introduced', 'removed']) {
      const line = r.stdout.split('\n').find((l) => l.startsWith(`${kind} `));
      expect(line, kind).toBeDefined();
      expect(line!.trim().split(/\s+/).slice(1).map(Number)).toEqual([v.stable[kind].count, v.unstable[kind].count]);
    }
    const one = await runCli(['ablate', '--gold', GOLD, '--baseline', 'crf', '--examples', '0', sys('crf'), sys('sloppy')]);
    const oneJson = await runCli(['ablate', '--format', 'json', '--gold', GOLD, '--baseline', 'crf', '--examples', '0', sys('crf'), sys('sloppy')]);
    const variant = (JSON.parse(oneJson.stdout) as { variants: Array<Record<string, unknown>> }).variants[0];
    expect(one.stdout).toContain('Changed items — sloppy against crf');
    const gained = one.stdout.split('\n').find((l) => /^gained\s+\d+$/.test(l));
    expect(gained, one.stdout).toBeDefined();
    expect(variant.gainedCount).toBe(Number(gained!.split(/\s+/)[1]));
  });
});

describe('groups of runs given to other commands', () => {
  it('are refused in one line that says which commands read them, not as a missing file', async () => {
    for (const [cmd, arg, what] of [
      ['eval', group('a', A), 'a group of runs (NAME=PATH,PATH,...), which ablate and tui read'],
      ['plan', group('a', A), 'a group of runs (NAME=PATH,PATH,...), which ablate and tui read'],
      ['eval', A.map(sys).join(','), 'a list of files'],
    ]) {
      const r = await runCli([cmd, '--gold', GOLD, arg, sys('crf')]);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toBe(`complan: "${arg}" is ${what}; ${cmd} takes one file a system: give them separated by spaces\n`);
    }
  });
});

describe('ablate on few documents', () => {
  it('counts the documents in which the runs differ, and names the tests that so few cannot make significant', async () => {
    const dir = join(ROOT, 'examples/ablation');
    const args = ['ablate', '--baseline', 'baseline', '--gold', join(dir, 'gold.conll'), ...['baseline', 'no-casing', 'no-gazetteer'].map((n) => join(dir, `${n}.conll`))];
    const json = await runCli([...args, '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const doc = JSON.parse(json.stdout) as { variants: Array<{ name: string; differing: number; byType: Array<{ type: string; differing: number }> }> };
    // no-gazetteer against the baseline: the documents whose counts differ, from eval's per-document scores.
    const perDoc = async (file: string) => (await evalJson(['--gold', join(dir, 'gold.conll'), join(dir, file)])).systems[0].byDocument.map((d) => `${d.tp}/${d.fp}/${d.fn}`);
    const base = await perDoc('baseline.conll');
    const noGaz = await perDoc('no-gazetteer.conll');
    const differing = base.filter((c, k) => c !== noGaz[k]).length;
    const v = doc.variants.find((x) => x.name === 'no-gazetteer')!;
    expect(v.differing).toBe(differing);
    const text = await runCli(args);
    const note = text.stdout.split('\n').find((l) => l.startsWith('† p < 0.05, ‡ p < 0.01. The first row'))!;
    const floor = 2 / 2 ** differing;
    if (floor >= 0.05) expect(note).toContain(`no-gazetteer (${differing}, p ≥ 1/${2 ** (differing - 1)})`);
    // A type in which the runs never differ is not named: there is nothing to test.
    const untouched = v.byType.filter((t) => t.differing === 0).map((t) => t.type);
    expect(untouched.length).toBeGreaterThan(0);
    const typeNote = text.stdout.split('\n').find((l) => l.startsWith('Each type scored alone'))!;
    for (const t of untouched) expect(typeNote).not.toContain(`no-gazetteer ${t} (`);
  });
});
