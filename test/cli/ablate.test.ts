/**
 * `complan ablate` end to end on examples/ablation: the JSON agrees with
 * `eval` (deltas) and `compare` (complementarity) run separately, the tables and formats, the
 * flag on the bundled "same score, different behaviour" variant, and usage (exit 1) and input
 * (exit 2) errors.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ABLATION_OVERLAP_REASON, DEFAULT_ABLATION_EXAMPLES, DEFAULT_DIFFERENT, DEFAULT_SAME_F,
} from '../../src/ablation/ablate.js';
import { tempFiles } from '../helpers/temp.js';
import { evalJson, fixture, ROOT, runCli, system, type EvalJson } from './helpers.js';

const DIR = join(ROOT, 'examples/ablation');
const GOLD = join(DIR, 'gold.conll');
const BASELINE = join(DIR, 'baseline.conll');
const NO_CASING = join(DIR, 'no-casing.conll');
const NO_GAZETTEER = join(DIR, 'no-gazetteer.conll');
const ARGS = ['--gold', GOLD, BASELINE, NO_CASING, NO_GAZETTEER];

interface Example { doc: string; sentence: number; start: number; end: number; label: string | null; text: string }
interface Direction { pComp: number | null; rComp: number | null; fComp: number | null; fBetaComp: number | null }
interface Variant {
  name: string; deltaP: number; deltaR: number; deltaF: number; deltaSer: number | null; deltaK: number;
  fromVariant: Direction; fromBaseline: Direction; jaccard: number | null; sameScoreDifferentBehaviour: boolean | null;
  gainedCount: number; lostCount: number; introducedCount: number; removedCount: number;
  gained: Example[]; lost: Example[]; introduced: Example[]; removed: Example[];
  scores: { tp: number; fp: number; fn: number; f: number; ser: number };
}
interface AblateDoc {
  schemaVersion: number; baseline: string; match: string; goldItems: number; sameF: number; different: number; examples: number;
  baselineScores: { tp: number; fp: number; fn: number; f: number };
  variants: Variant[];
}
interface ComparePair { a: string; b: string; pComp: number | null; rComp: number | null; fComp: number | null; jaccard: number | null }

async function ablateJson(args: string[]): Promise<AblateDoc> {
  const r = await runCli(['ablate', '--format', 'json', ...args]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as AblateDoc;
}

describe('ablate --format json on examples/ablation', () => {
  let doc: AblateDoc;
  let ev: EvalJson;
  let pairs: ComparePair[];
  beforeAll(async () => {
    doc = await ablateJson(['--baseline', 'baseline', ...ARGS]);
    ev = await evalJson(ARGS);
    const c = await runCli(['compare', '--format', 'json', '--examples', '0', ...ARGS]);
    pairs = (JSON.parse(c.stdout) as { pairs: ComparePair[] }).pairs;
  });

  it('has the two variants in input order and the default settings', () => {
    expect(doc).toMatchObject({
      schemaVersion: 1, baseline: 'baseline', match: 'strict', goldItems: 184,
      sameF: DEFAULT_SAME_F, different: DEFAULT_DIFFERENT, examples: DEFAULT_ABLATION_EXAMPLES,
    });
    expect(doc.variants.map((v) => v.name)).toEqual(['no-casing', 'no-gazetteer']);
  });

  it('has deltas equal to the differences of eval\'s scores', () => {
    const b = system(ev, 'baseline');
    for (const v of doc.variants) {
      const s = system(ev, v.name);
      expect(v.deltaF, v.name).toBe(s.f! - b.f!);
      expect(v.deltaP, v.name).toBe(s.precision! - b.precision!);
      expect(v.deltaR, v.name).toBe(s.recall! - b.recall!);
      expect(v.deltaSer, v.name).toBe(s.ser! - b.ser!);
      expect(v.deltaK, v.name).toBe(s.k! - b.k!);
      expect(v.gainedCount - v.lostCount, v.name).toBe(s.tp - b.tp);
      expect(v.introducedCount - v.removedCount, v.name).toBe(s.fp - b.fp);
    }
  });

  it('has complementarity equal to compare\'s for the same ordered pairs', () => {
    const at = (a: string, b: string) => pairs.find((p) => p.a === a && p.b === b)!;
    for (const v of doc.variants) {
      const fromV = at('baseline', v.name);
      const fromB = at(v.name, 'baseline');
      expect([v.fromVariant.pComp, v.fromVariant.rComp, v.fromVariant.fComp], v.name).toEqual([fromV.pComp, fromV.rComp, fromV.fComp]);
      expect([v.fromBaseline.pComp, v.fromBaseline.rComp, v.fromBaseline.fComp], v.name).toEqual([fromB.pComp, fromB.rComp, fromB.fComp]);
      expect(v.jaccard).toBe(fromV.jaccard);
    }
  });

  it('flags no-casing (same score, different behaviour) and not no-gazetteer (a real loss)', () => {
    const [noCasing, noGazetteer] = doc.variants;
    // F1 87.50 against 87.60; no-casing finds 6 of the baseline's 25 misses and avoids 6 of its 20 spurious items.
    expect(Math.abs(noCasing.deltaF)).toBeLessThan(0.005);
    expect(noCasing.fromVariant).toMatchObject({ rComp: 1 - 19 / 25, pComp: 1 - 14 / 20 });
    expect(noCasing.fromVariant.fComp!).toBeGreaterThan(0.25);
    expect(noCasing.sameScoreDifferentBehaviour).toBe(true);
    expect([noCasing.gainedCount, noCasing.lostCount, noCasing.introducedCount, noCasing.removedCount]).toEqual([6, 11, 0, 6]);
    // The gains are in ALL-CAPS headlines, the losses mid-sentence names.
    for (const e of noCasing.gained) expect(e.text).toBe(e.text.toUpperCase());
    for (const e of noCasing.lost) expect(e.text).not.toBe(e.text.toUpperCase());
    expect(noGazetteer.deltaF).toBeLessThan(-0.03);
    expect(noGazetteer.gainedCount).toBe(0);
    expect(noGazetteer.sameScoreDifferentBehaviour).toBe(false);
  });

  it('lists up to --examples items per list (default 5) with document, offsets, label and text', async () => {
    const v = doc.variants[0];
    expect(v.lost).toHaveLength(5);
    expect(v.introduced).toEqual([]);
    expect(v.gained[0]).toEqual({ doc: '#2', sentence: 12, start: 0, end: 2, label: 'ORG', text: 'HARWICK MINING' });
    const one = await ablateJson(['--baseline', 'baseline', '--examples', '1', ...ARGS]);
    expect(one.variants[0].lost).toEqual([v.lost[0]]);
    expect(one.variants[0].lostCount).toBe(11);
    const none = await ablateJson(['--baseline', 'baseline', '--examples', '0', ...ARGS]);
    for (const w of none.variants) expect([w.gained, w.lost, w.introduced, w.removed]).toEqual([[], [], [], []]);
  });

  it('takes the flag\'s thresholds, the baseline by name=path, and --match boundary', async () => {
    const strict = await ablateJson(['--baseline', 'baseline', '--different', '0.3', ...ARGS]);
    expect(strict.variants[0].sameScoreDifferentBehaviour).toBe(false);
    const named = await ablateJson(['--baseline', 'full', '--gold', GOLD, `full=${BASELINE}`, NO_CASING]);
    expect(named.baseline).toBe('full');
    expect(named.variants[0].deltaF).toBe(doc.variants[0].deltaF);
    const boundary = await ablateJson(['--baseline', 'baseline', '--match', 'boundary', ...ARGS]);
    expect(boundary.match).toBe('boundary');
    expect(boundary.variants[0].gained[0].label).toBeNull();
  });
});

describe('ablate on untokenised input', () => {
  it('gives character offsets and text for JSONL with only text, and undefined complementarity as null', async () => {
    const temp = tempFiles('ablate');
    const text = 'Anna Berg visited Oslo.';
    const record = (spans: unknown[]) => `${JSON.stringify({ id: 's1', doc_id: 'd1', text, spans })}\n`;
    const gold = temp(record([[0, 9, 'PER'], [18, 22, 'LOC']]), 'gold.jsonl');
    const base = temp(record([[0, 9, 'PER']]), 'base.jsonl');
    const variant = temp(record([[18, 22, 'LOC'], [0, 4, 'PER']]), 'variant.jsonl');
    const doc = await ablateJson(['--baseline', 'base', '--gold', gold, base, variant]);
    const v = doc.variants[0];
    expect(v.gained).toEqual([{ doc: 'd1', sentence: 1, start: 18, end: 22, label: 'LOC', text: 'Oslo' }]);
    expect(v.lost).toEqual([{ doc: 'd1', sentence: 1, start: 0, end: 9, label: 'PER', text: 'Anna Berg' }]);
    expect(v.introduced).toEqual([{ doc: 'd1', sentence: 1, start: 0, end: 4, label: 'PER', text: 'Anna' }]);
    // The baseline returns no spurious item: P_Comp(base, variant) is 0/0.
    expect(v.fromVariant).toEqual({ pComp: null, rComp: 1, fComp: null, fBetaComp: null });
    expect(v.fromBaseline).toEqual({ pComp: 1, rComp: 1, fComp: 1, fBetaComp: 1 });
  });
});

describe('ablate tables and other formats', () => {
  it('prints scores, changes, complementarity and examples, deterministically and without colour off a terminal', async () => {
    const r = await runCli(['ablate', '--baseline', 'baseline', ...ARGS]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const titles = r.stdout.split('\n').filter((l) => /^(Scores|Changes|Complementarity|Examples) /.test(l));
    expect(titles).toEqual([
      'Scores — 2 variants of baseline, 184 gold items; strict match, F1',
      'Changes against baseline — variant − baseline, in points',
      'Complementarity (%) — what each offers the other (Derczynski 2016)',
      'Examples — no-casing against baseline: gained 6, lost 11, introduced 0, removed 6 (first 5 of each)',
      'Examples — no-gazetteer against baseline: gained 0, lost 9, introduced 1, removed 0 (first 5 of each)',
    ]);
    expect(r.stdout).toContain('baseline      159  20  25  88.83  86.41  87.60  19.57  87.60\n');
    expect(r.stdout).toContain('no-casing     +2.84  -2.72  -0.10  +0.54  -0.10    87.57  yes\n');
    expect(r.stdout).toContain('no-gazetteer  -1.11  -4.89  -3.10  +4.89  -3.10    94.44  no\n');
    expect(r.stdout).toContain('no-casing     variant → baseline      6   24.00       6   30.00   26.67\n');
    expect(r.stdout).not.toContain('\u001b[');
    expect((await runCli(['ablate', '--baseline', 'baseline', ...ARGS])).stdout).toBe(r.stdout);
  });

  it('colours the flag and shades complementarity under FORCE_COLOR', async () => {
    const r = await runCli(['ablate', '--baseline', 'baseline', ...ARGS], { FORCE_COLOR: '1' });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('\u001b[32myes');
    // 2 variants × 2 directions × 3 rates.
    // eslint-disable-next-line no-control-regex
    expect(r.stdout.match(/\u001b\[48;5;\d+;38;5;\d+m/g)).toHaveLength(12);
  });

  it('writes CSV with one row per variant', async () => {
    const r = await runCli(['ablate', '--baseline', 'baseline', ...ARGS, '--format', 'csv']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0].startsWith('variant,baseline,deltaP,deltaR,deltaF,deltaSer,deltaK,')).toBe(true);
    expect(lines[1].startsWith('no-casing,baseline,')).toBe(true);
  });

  it('writes Markdown and LaTeX', async () => {
    const md = await runCli(['ablate', '--baseline', 'baseline', ...ARGS, '--format', 'markdown']);
    expect(md.code).toBe(0);
    expect(md.stdout).toContain('| no-casing | +2.84 | -2.72 | -0.10 | +0.54 | -0.10 | 87.57 | **yes** |');
    const tex = await runCli(['ablate', '--baseline', 'baseline', ...ARGS, '--format', 'latex']);
    expect(tex.code).toBe(0);
    expect(tex.stdout).toContain('no-casing & +2.84 & \\ensuremath{-}2.72 & \\ensuremath{-}0.10 & +0.54 & \\ensuremath{-}0.10 & 87.57 & \\textbf{yes} \\\\');
  });
});

describe('the manual\'s walkthrough (docs/ablate.md)', () => {
  it('shows lines the command really prints', async () => {
    const readme = readFileSync(join(ROOT, 'docs', 'ablate.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Ablation: same score, different behaviour'));
    const block = /```\n(Scores — [\s\S]*?)```/.exec(section);
    expect(block).not.toBeNull();
    const r = await runCli(['ablate', '--baseline', 'baseline', ...ARGS]);
    const printed = new Set(r.stdout.split('\n'));
    const shown = block![1].split('\n').filter((l) => l !== '' && l !== '...');
    expect(shown.length).toBeGreaterThan(30);
    for (const line of shown) expect(printed.has(line), line).toBe(true);
  });
});

describe('ablate errors', () => {
  it('rejects an unknown --baseline, naming the systems (exit 1), before reading anything', async () => {
    const r = await runCli(['ablate', '--baseline', 'full', '--gold', GOLD, BASELINE, NO_CASING, join(DIR, 'missing.conll')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('complan: --baseline: no system named "full" (systems: baseline, no-casing, missing)\n');
    expect(r.stdout).toBe('');
  });

  it('names the system a file stem belongs to when the file was given another name (x=baseline.conll, --baseline baseline)', async () => {
    const r = await runCli(['ablate', '--baseline', 'baseline', '--gold', GOLD, `x=${BASELINE}`, NO_CASING]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`complan: --baseline: no system named "baseline" (systems: x, no-casing); ${BASELINE} is named "x": --baseline x\n`);
    const named = await runCli(['ablate', '--baseline', 'x', '--gold', GOLD, `x=${BASELINE}`, NO_CASING]);
    expect(named.code, named.stderr).toBe(0);
  });

  it('needs --baseline and at least two systems (exit 1)', async () => {
    const none = await runCli(['ablate', ...ARGS]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/required option '--baseline <name>' not specified/);
    const one = await runCli(['ablate', '--baseline', 'baseline', '--gold', GOLD, BASELINE]);
    expect(one.code).toBe(1);
    expect(one.stderr).toBe('complan: ablate needs the baseline and at least one variant (usage: complan ablate --baseline NAME --gold GOLD BASELINE VARIANT...)\n');
    const zero = await runCli(['ablate', '--baseline', 'baseline', '--gold', GOLD]);
    expect(zero.code).toBe(1);
    expect(zero.stderr).toBe('complan: no system files given (usage: complan ablate --gold GOLD SYSTEM...)\n');
  });

  it('explains the verdict of single runs in the legend under the verdicts', async () => {
    const r = await runCli(['ablate', '--baseline', 'baseline', ...ARGS]);
    expect(r.code).toBe(0);
    const verdicts = r.stdout.slice(r.stdout.indexOf('Verdicts against baseline'));
    expect(verdicts).toMatch(/run-to-run noise unknown \(one run\), p /);
    expect(verdicts).toContain('run-to-run noise unknown (one run): one run on each side gives no sd, so only this test set\'s p (below 0.05: significant) speaks; more runs (seeds) tell a change from noise.');
  });

  it('refuses --match overlap and says why (exit 1)', async () => {
    const r = await runCli(['ablate', '--baseline', 'baseline', ...ARGS, '--match', 'overlap']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`complan: --match overlap does not apply to ablate: ${ABLATION_OVERLAP_REASON}\n`);
    // The help offers only the modes ablate scores; an unknown mode is refused as any bad choice is.
    const help = await runCli(['ablate', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('--match <mode> what counts as a match: strict or boundary (overlap does not apply here)');
    const bad = await runCli(['ablate', '--baseline', 'baseline', ...ARGS, '--match', 'fuzzy']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('complan: option \'--match <mode>\' argument \'fuzzy\' is invalid. Allowed choices are strict, boundary; run with --help for usage\n');
  });

  it('notes what a --same-f of ten points or more means (points given for a fraction), and runs', async () => {
    const wide = await runCli(['ablate', '--baseline', 'baseline', ...ARGS, '--same-f', '0.5']);
    expect(wide.code, wide.stderr).toBe(0);
    expect(wide.stderr).toContain('complan: note: --same-f 0.5 counts F scores up to 50.00 points apart as the same score; it is a fraction (0.005 = half a point)\n');
    expect(wide.stdout).toContain('50.00 points');
    for (const quiet of ['0.005', '0.05', '0.099']) {
      const r = await runCli(['ablate', '--baseline', 'baseline', ...ARGS, '--same-f', quiet]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr, quiet).not.toContain('--same-f');
    }
    expect((await runCli(['ablate', '--baseline', 'baseline', ...ARGS, '--same-f', '0.1'])).stderr).toContain('up to 10.00 points apart');
  });

  it('rejects bad thresholds, --examples and --format (exit 1)', async () => {
    const r = await runCli(['ablate', '--baseline', 'baseline', ...ARGS, '--same-f', '2']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('complan: --same-f expects a fraction from 0 to 1 (0.005 = half a point), got "2"\n');
    const different = await runCli(['ablate', '--baseline', 'baseline', ...ARGS, '--different', 'x']);
    expect(different.code).toBe(1);
    // Its own example: an F_Comp threshold, not --same-f's half point.
    expect(different.stderr).toBe('complan: --different expects a fraction from 0 to 1 (an F_Comp: 0.25, the default, is one system fixing about a quarter of the other\'s errors), got "x"\n');
    expect((await runCli(['ablate', '--baseline', 'baseline', ...ARGS, '--different', '-0.1'])).code).toBe(1);
    expect((await runCli(['ablate', '--baseline', 'baseline', ...ARGS, '--examples', '-1'])).code).toBe(1);
    expect((await runCli(['ablate', '--baseline', 'baseline', ...ARGS, '--format', 'yaml'])).code).toBe(1);
  });

  it('reports a missing or misaligned file as an input error (exit 2), one line', async () => {
    const r = await runCli(['ablate', '--baseline', 'baseline', '--gold', GOLD, BASELINE, join(DIR, 'nope.conll')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^complan: .*nope\.conll: no such file or directory\n$/);
    const other = await runCli(['ablate', '--baseline', 'baseline', '--gold', GOLD, BASELINE, fixture('errors', 'misspelt.conll')]);
    expect(other.code).toBe(2);
    expect(other.stderr.split('\n')).toHaveLength(2);
    expect(other.stderr).toMatch(/^complan: .*misspelt\.conll:\d+: token "/);
  });

  it('warns about a --types entry that no input has, and counts only the types asked for', async () => {
    const r = await runCli(['ablate', '--baseline', 'baseline', ...ARGS, '--types', 'PER,DRUG', '--format', 'json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('complan: warning: --types: no input has entities of type "DRUG"\n');
    const doc = JSON.parse(r.stdout) as AblateDoc;
    const ev = await evalJson([...ARGS, '--types', 'PER']);
    expect(doc.baselineScores.tp).toBe(system(ev, 'baseline').tp);
    expect(doc.variants[0].deltaF).toBe(system(ev, 'no-casing').f! - system(ev, 'baseline').f!);
  });
});
