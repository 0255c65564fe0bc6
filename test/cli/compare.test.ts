/**
 * `complan compare` end to end on examples/news: the JSON agrees with counts
 * computed independently by `eval`, the matrices and formats, the SVG heatmap written atomically,
 * and the usage (exit 1) and input (exit 2) errors.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evalJson, ROOT, runCli, system, type EvalJson } from './helpers.js';

const NEWS = join(ROOT, 'examples/news');
const SYSTEMS = readdirSync(join(NEWS, 'systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => join(NEWS, 'systems', f));
const NEWS_ARGS = ['--gold', join(NEWS, 'gold.conll'), ...SYSTEMS];
const NAMES = SYSTEMS.map((p) => p.replace(/^.*\//, '').replace(/\.conll$/, ''));

interface Pair {
  a: string; b: string;
  pComp: number | null; rComp: number | null; fComp: number | null; fBetaComp: number | null; comp: number | null;
  jaccard: number | null; kappa: number | null; itemComp: number | null;
  bothCorrect: number; onlyACorrect: number; onlyBCorrect: number; bothMissed: number;
  bothWrong: number; onlyAWrong: number; onlyBWrong: number;
  examples: Record<string, Array<{ doc: string; sentence: number; start: number; end: number; label: string | null; text: string }>>;
}
interface CompareDoc {
  schemaVersion: number; match: string; beta: number; basis: string; goldItems: number; systems: string[];
  counts: Array<{ name: string; tp: number; fp: number; fn: number; precision: number; recall: number; f: number }>;
  pairs: Pair[];
}

async function compareJson(args: string[]): Promise<CompareDoc> {
  const r = await runCli(['compare', '--format', 'json', ...args]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as CompareDoc;
}

describe('compare --format json on examples/news', () => {
  let doc: CompareDoc;
  let ev: EvalJson;
  beforeAll(async () => {
    doc = await compareJson(NEWS_ARGS);
    ev = await evalJson(NEWS_ARGS);
  });

  it('has every ordered pair of the five systems: 5×4 = 20, A-major', () => {
    expect(doc.schemaVersion).toBe(1);
    expect(doc).toMatchObject({ match: 'strict', beta: 1, basis: 'tokens', goldItems: 184 });
    expect(doc.systems).toEqual(NAMES);
    expect(doc.pairs).toHaveLength(20);
    expect(doc.pairs.map((p) => `${p.a}>${p.b}`)).toEqual(NAMES.flatMap((a) => NAMES.filter((b) => b !== a).map((b) => `${a}>${b}`)));
  });

  it('counts each system exactly as eval does', () => {
    for (const s of doc.counts) {
      const e = system(ev, s.name);
      expect([s.tp, s.fp, s.fn], s.name).toEqual([e.tp, e.fp, e.fn]);
      expect(s.f).toBe(e.f);
    }
  });

  it('agrees with eval wherever an identity links them', () => {
    for (const p of doc.pairs) {
      const A = system(ev, p.a);
      const B = system(ev, p.b);
      const at = `${p.a}>${p.b}`;
      // The contingency splits each system's TP and FP, and the gold items.
      expect(p.bothCorrect + p.onlyACorrect, at).toBe(A.tp);
      expect(p.bothCorrect + p.onlyBCorrect, at).toBe(B.tp);
      expect(p.bothWrong + p.onlyAWrong, at).toBe(A.fp);
      expect(p.bothWrong + p.onlyBWrong, at).toBe(B.fp);
      expect(p.bothCorrect + p.onlyACorrect + p.onlyBCorrect + p.bothMissed, at).toBe(ev.gold.items);
      // R_Comp(A,B) = 1 − |FN_A ∩ FN_B| / |FN_A| and P_Comp(A,B) = 1 − |FP_A ∩ FP_B| / |FP_A|, with eval's FN_A, FP_A.
      expect(p.rComp, at).toBe(A.fn === 0 ? null : 1 - p.bothMissed / A.fn);
      expect(p.pComp, at).toBe(A.fp === 0 ? null : 1 - p.bothWrong / A.fp);
      // Complementarity identity: recall of A ∪ B = 1 − (1 − R_A)(1 − R_Comp(A,B)).
      expect((A.tp + p.onlyBCorrect) / ev.gold.items, at).toBeCloseTo(1 - (1 - A.recall!) * (1 - p.rComp!), 12);
      expect(p.fBetaComp).toBe(p.fComp);
      for (const v of [p.pComp, p.rComp, p.fComp, p.comp, p.jaccard, p.itemComp]) {
        expect(v).not.toBeNull();
        expect(v!).toBeGreaterThanOrEqual(0);
        expect(v!).toBeLessThanOrEqual(1);
      }
    }
  });

  it('is asymmetric for complementarity and symmetric for kappa and Jaccard', () => {
    const at = (a: string, b: string) => doc.pairs.find((p) => p.a === a && p.b === b)!;
    // crf misses 21 items, cautious finds 8 of them; cautious misses 73, crf finds 60.
    expect(at('crf', 'cautious').rComp).toBeCloseTo(8 / 21, 15);
    expect(at('cautious', 'crf').rComp).toBeCloseTo(60 / 73, 15);
    for (const p of doc.pairs) {
      const q = at(p.b, p.a);
      expect(q.kappa).toBe(p.kappa);
      expect(q.jaccard).toBe(p.jaccard);
      expect(q.bothCorrect).toBe(p.bothCorrect);
      expect(q.onlyACorrect).toBe(p.onlyBCorrect);
    }
  });

  it('says what kappa is over: each token\'s IOB2 tag (type and prefix), not an in/out selection', async () => {
    const r = await runCli(['compare', ...NEWS_ARGS, '--metric', 'kappa']);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain("Cohen's kappa of the two systems' tags over tokens (each token's IOB2 tag: B- or I- and its type, or O; symmetric, needs no gold)");
  });

  it('lists up to --examples items per cell (default 3), and none with --examples 0', async () => {
    const p = doc.pairs[0];
    expect(Object.keys(p.examples)).toEqual(['bFinds', 'bAvoids', 'bothMiss', 'bothWrong', 'aFinds', 'bAdds']);
    expect(p.examples.bFinds).toHaveLength(3);
    expect(p.examples.bFinds[0]).toEqual({ doc: expect.any(String), sentence: expect.any(Number), start: expect.any(Number), end: expect.any(Number), label: expect.any(String), text: expect.any(String) });
    const none = await compareJson([...NEWS_ARGS, '--examples', '0']);
    for (const q of none.pairs) for (const list of Object.values(q.examples)) expect(list).toEqual([]);
    const one = await compareJson([...NEWS_ARGS, '--examples', '1']);
    expect(one.pairs[0].examples.bFinds).toEqual([p.examples.bFinds[0]]);
  });

  it('under --match boundary counts a span with the wrong type as found', async () => {
    const b = await compareJson([...NEWS_ARGS, '--match', 'boundary']);
    expect(b.match).toBe('boundary');
    const strict = doc.counts.find((s) => s.name === 'confuser')!;
    const loose = b.counts.find((s) => s.name === 'confuser')!;
    // confuser gets 41 boundaries right with the wrong type (eval: S = 41).
    expect(loose.tp - strict.tp).toBe(system(ev, 'confuser').s);
    for (const p of b.pairs) if (p.examples.bFinds.length > 0) expect(p.examples.bFinds[0].label).toBeNull();
  });

  it('takes β for F_βComp', async () => {
    const b2 = await compareJson([...NEWS_ARGS, '--beta', '2']);
    for (const p of b2.pairs) {
      expect(p.fBetaComp!).toBeCloseTo((5 * p.pComp! * p.rComp!) / (4 * p.pComp! + p.rComp!), 14);
    }
  });
});

describe('compare tables and other formats', () => {
  it('prints the summary then R_Comp, P_Comp and F_Comp by default, deterministically', async () => {
    const r = await runCli(['compare', ...NEWS_ARGS]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const titles = r.stdout.split('\n').filter((l) => /^(Systems|R_Comp|P_Comp|F_Comp|kappa|Jaccard) /.test(l));
    expect(titles).toEqual([
      'Systems — 184 gold items in 8 documents, 5 systems; strict match, F1',
      'R_Comp (%) — row A, column B = what B offers A',
      'P_Comp (%) — row A, column B = what B offers A',
      'F_Comp (%) — row A, column B = what B offers A',
    ]);
    // The summary repeats eval's scores; R_Comp(crf, cautious) = 8/21, R_Comp(cautious, crf) = 60/73.
    expect(r.stdout).toContain('crf        163  16  21  91.06  88.59  89.81');
    expect(r.stdout).toContain('A \\ B      cautious  confuser    crf  gazetteer  sloppy\n');
    expect(r.stdout).toContain('cautious          ·     78.08  82.19      83.56   65.75\n');
    expect(r.stdout).toContain('crf           38.10     76.19      ·      90.48   61.90\n');
    expect(r.stdout).not.toContain('\u001b[');
    expect((await runCli(['compare', ...NEWS_ARGS])).stdout).toBe(r.stdout);
  });

  it('shows the measures of --metric in its order, and shades them under FORCE_COLOR', async () => {
    const r = await runCli(['compare', ...NEWS_ARGS, '--metric', 'kappa, jaccard,kappa'], { FORCE_COLOR: '1' });
    expect(r.code).toBe(0);
    // eslint-disable-next-line no-control-regex
    const plain = r.stdout.replace(/\u001b\[[\d;]*m/g, '');
    expect(plain.split('\n').filter((l) => /^(kappa|Jaccard) /.test(l))).toEqual([
      'kappa (×100) — row A, column B',
      'Jaccard (%) — row A, column B',
    ]);
    // 2 matrices × 20 off-diagonal cells.
    // eslint-disable-next-line no-control-regex
    expect(r.stdout.match(/\u001b\[48;5;\d+;38;5;\d+m/g)).toHaveLength(40);
  });

  it('writes CSV with one row per ordered pair', async () => {
    const r = await runCli(['compare', ...NEWS_ARGS, '--format', 'csv']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(21);
    expect(lines[0]).toBe('a,b,pComp,rComp,fComp,fBetaComp,comp,itemComp,jaccard,kappa,bothCorrect,onlyACorrect,onlyBCorrect,bothMissed,bothWrong,onlyAWrong,onlyBWrong');
    expect(lines[1].startsWith('cautious,confuser,')).toBe(true);
  });

  it('writes Markdown and LaTeX', async () => {
    const md = await runCli(['compare', ...NEWS_ARGS, '--format', 'markdown', '--metric', 'rComp']);
    expect(md.stdout).toContain('### R_Comp (%) — row A, column B = what B offers A');
    expect(md.stdout).toContain('| cautious | · | 78.08 | 82.19 | 83.56 | 65.75 |');
    const tex = await runCli(['compare', ...NEWS_ARGS, '--format', 'latex', '--metric', 'rComp']);
    expect(tex.stdout).toContain('cautious & $\\cdot$ & 78.08 & 82.19 & 83.56 & 65.75 \\\\');
  });
});

describe('compare --svg', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'complan-compare-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the heatmap of the first --metric and leaves nothing else', async () => {
    const out = join(dir, 'heat.svg');
    const r = await runCli(['compare', ...NEWS_ARGS, '--metric', 'pComp,rComp', '--svg', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('P_Comp (%)'); // the tables are still printed
    const svg = readFileSync(out, 'utf8');
    expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg ')).toBe(true);
    expect(svg.match(/<rect class="cell"/g)).toHaveLength(20);
    expect(svg).toContain("P_Comp(A, B) (%): share of A&apos;s spurious items that B avoids");
    expect(readdirSync(dir)).toEqual(['heat.svg']);
    // Rewriting gives the same bytes.
    await runCli(['compare', ...NEWS_ARGS, '--metric', 'pComp,rComp', '--svg', out]);
    expect(readFileSync(out, 'utf8')).toBe(svg);
  });

  it('fails with exit 2 and leaves nothing behind when the file cannot be written', async () => {
    const sub = join(dir, 'target-is-a-dir');
    mkdirSync(sub);
    const r = await runCli(['compare', ...NEWS_ARGS, '--svg', sub]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^complan: .*target-is-a-dir: cannot write/);
    expect(r.stdout).toBe('');
    expect(readdirSync(sub)).toEqual([]);
    const missing = await runCli(['compare', ...NEWS_ARGS, '--svg', join(dir, 'no-such-dir', 'x.svg')]);
    expect(missing.code).toBe(2);
    expect(existsSync(join(dir, 'no-such-dir'))).toBe(false);
    // No temporary file is left next to either target.
    expect(readdirSync(dir).filter((f) => f !== 'heat.svg' && f !== 'target-is-a-dir')).toEqual([]);
  });

  it('writes no SVG when an input is bad', async () => {
    const out = join(dir, 'never.svg');
    const r = await runCli(['compare', '--gold', join(NEWS, 'gold.conll'), SYSTEMS[0], join(dir, 'missing.conll'), '--svg', out]);
    expect(r.code).toBe(2);
    expect(existsSync(out)).toBe(false);
  });
});

describe('compare errors', () => {
  it('needs at least two systems (exit 1)', async () => {
    const r = await runCli(['compare', '--gold', join(NEWS, 'gold.conll'), SYSTEMS[0]]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('complan: compare needs at least two systems (usage: complan compare --gold GOLD SYSTEM SYSTEM...)\n');
    expect(r.stdout).toBe('');
  });

  it('refuses --match overlap and says why (exit 1)', async () => {
    const r = await runCli(['compare', ...NEWS_ARGS, '--match', 'overlap']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^complan: --match overlap does not apply to compare: .*shared only when they are identical/);
    const bad = await runCli(['compare', ...NEWS_ARGS, '--match', 'fuzzy']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('complan: --match expects strict or boundary, got "fuzzy"\n');
  });

  it('rejects an unknown --metric, an empty one, and bad numbers (exit 1)', async () => {
    const r = await runCli(['compare', ...NEWS_ARGS, '--metric', 'rComp,recall']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('complan: --metric: unknown measure "recall" (expected pComp, rComp, fComp, fBetaComp, comp, kappa, jaccard)\n');
    expect((await runCli(['compare', ...NEWS_ARGS, '--metric', ' , '])).code).toBe(1);
    expect((await runCli(['compare', ...NEWS_ARGS, '--examples', '-1'])).code).toBe(1);
    expect((await runCli(['compare', ...NEWS_ARGS, '--beta', '0'])).code).toBe(1);
    expect((await runCli(['compare', ...NEWS_ARGS, '--format', 'yaml'])).code).toBe(1);
  });

  it('reports a missing file as an input error (exit 2)', async () => {
    const r = await runCli(['compare', '--gold', join(NEWS, 'gold.conll'), SYSTEMS[0], join(NEWS, 'systems/nope.conll')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^complan: .*nope\.conll: no such file/);
  });

  it('warns about a --types entry that no input has, as eval does', async () => {
    const r = await runCli(['compare', ...NEWS_ARGS, '--types', 'PER,DRUG', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('complan: warning: --types: no input has entities of type "DRUG"\n');
    const doc = JSON.parse(r.stdout) as CompareDoc;
    const ev = await evalJson([...NEWS_ARGS, '--types', 'PER']);
    expect(doc.counts.map((s) => s.tp)).toEqual(ev.systems.map((s) => s.tp));
  });
});
