/**
 * `complan combine` when the ensemble's spans overlap (test/fixtures/cli/overlap: a CoNLL tagger
 * and a span-prediction system with nested spans). One CoNLL tag column cannot hold them, so
 * without --out-format and --resolve-overlaps combine writes JSONL, to standard output or an --out
 * path without an extension, and says so (a name with another extension, x.conll, is refused); eval
 * reads it back and scores what plan scores.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evalJson, fixture, runCli, system } from './helpers.js';

const GOLD = fixture('overlap/gold.conll');
const SYSTEMS = [fixture('overlap/tagger.conll'), fixture('overlap/spans.jsonl')];
const dir = mkdtempSync(join(tmpdir(), 'complan-combine-overlap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const out = (name: string) => join(dir, name);
const combine = (...args: string[]) => runCli(['combine', '--gold', GOLD, ...SYSTEMS, ...args]);
const counts = (s: { tp: number; fp: number; fn: number }) => [s.tp, s.fp, s.fn];

/** The union of the two systems: 10 spans, 7 of which overlap another (4 in sentence 1, 3 in sentence 3). */
const NOTE = 'complan: note: 7 spans overlap others, which one CoNLL tag column cannot hold: wrote JSONL '
  + '(--out-format conll --resolve-overlaps longest|first writes CoNLL and drops spans, which changes the score)\n';

/** TP/FP/FN of the candidate with all members of `plan --rules RULE` (the planner keeps overlaps). */
async function planned(rule: string): Promise<number[]> {
  const r = await runCli(['plan', '--gold', GOLD, ...SYSTEMS, '--rules', rule, '--min-size', '2', '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  const doc = JSON.parse(r.stdout) as { candidates: Array<{ members: string[]; actual: { tp: number; fp: number; fn: number } }> };
  const all = doc.candidates.filter((c) => c.members.length === 2);
  expect(all).toHaveLength(1);
  return counts(all[0].actual);
}

describe('complan combine: overlapping spans', () => {
  it('refuses to write JSONL under a name with another extension (x.conll: exit 2), saying how to keep the spans or resolve them, and writes nothing', async () => {
    for (const name of ['ens.conll', 'ens.txt']) {
      const file = out(name);
      writeFileSync(file, 'an earlier output\n');
      const r = await combine('--rule', 'union', '--out', file);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`complan: cannot write ${file} as CoNLL: 7 of the ensemble's spans overlap others, which one CoNLL tag column cannot hold; `
        + 'name a .jsonl file to keep them all (eval scores it as plan does), or pass --resolve-overlaps longest|first to write CoNLL with one span of each overlapping group, which changes the score\n');
      expect(readFileSync(file, 'utf8')).toBe('an earlier output\n');
      rmSync(file);
    }
  });

  it('writes JSONL to --out without an extension, says why in one line, and eval scores it as plan does', async () => {
    const file = out('ens');
    const r = await combine('--rule', 'union', '--out', file);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    const lines = r.stderr.split('\n');
    expect(lines[0]).toBe(`complan: union(spans+tagger) → ${file} (jsonl): 10 spans`);
    expect(`${lines[1]}\n`).toBe(NOTE);
    expect(lines[2]).toMatch(/^complan: scored against .*gold\.conll: P 60\.00 {2}R 100\.00 {2}F1 75\.00 \(strict; in-sample if the members or the rule were chosen on this gold standard\)$/);
    // JSONL, one record per gold sentence, nested spans kept; nothing else left in the directory.
    const records = readFileSync(file, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as { spans: unknown[] });
    expect(records.map((x) => x.spans.length)).toEqual([5, 1, 4]);
    expect(readdirSync(dir).filter((f) => f.includes('ens'))).toEqual(['ens']);
    const e = await evalJson(['--gold', GOLD, file]);
    expect(counts(system(e, 'ens'))).toEqual([6, 4, 0]);
    expect(counts(system(e, 'ens'))).toEqual(await planned('union'));
  });

  it('writes JSONL to standard output too, with the same note', async () => {
    const r = await combine('--rule', 'union');
    expect(r.code, r.stderr).toBe(0);
    const records = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { tokens: string[] });
    expect(records.map((x) => x.tokens.length)).toEqual([8, 3, 6]);
    expect(r.stderr).toContain('→ standard output (jsonl): 10 spans\n');
    expect(r.stderr).toContain(NOTE);
  });

  it('says nothing when JSONL was the format anyway (.jsonl, --out-format jsonl)', async () => {
    for (const args of [['--out', out('union.jsonl')], ['--out-format', 'jsonl']]) {
      const r = await combine('--rule', 'union', ...args);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('(jsonl): 10 spans');
      expect(r.stderr).not.toContain('note:');
    }
  });

  it('--out-format conll: refuses them (exit 2), suggesting JSONL or --resolve-overlaps, and writes nothing', async () => {
    const file = out('refused.conll');
    writeFileSync(file, 'an earlier output\n');
    const r = await combine('--rule', 'union', '--out-format', 'conll', '--out', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'complan: cannot write overlapping spans as CoNLL: PER "Ada Quell" (sentence 1, tokens 1-2) overlaps PER "Quell" (sentence 1, token 2); '
      + 'JSONL keeps them (--out-format jsonl), or pass --resolve-overlaps longest|first to keep one span of each overlapping group\n',
    );
    expect(readFileSync(file, 'utf8')).toBe('an earlier output\n');
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('--resolve-overlaps: still writes CoNLL, dropping spans (which changes the score)', async () => {
    for (const [how, dropped] of [['longest', 4], ['first', 4]] as const) {
      const file = out(`resolved-${how}.conll`);
      const r = await combine('--rule', 'union', '--resolve-overlaps', how, '--out', file);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`(conll): ${10 - dropped} spans, ${dropped} overlapping span(s) dropped (--resolve-overlaps ${how})`);
      expect(r.stderr).not.toContain('note:');
      expect(readFileSync(file, 'utf8').split('\n')[0]).toBe('-DOCSTART- O O');
      const s = system(await evalJson(['--gold', GOLD, `u=${file}`]), 'u');
      expect(s.tp + s.fp).toBe(10 - dropped);
    }
  });

  it('without overlaps: CoNLL as before, no note', async () => {
    for (const rule of ['vote', 'intersection']) {
      const file = out(`${rule}.conll`);
      const r = await combine('--rule', rule, '--out', file);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain(`→ ${file} (conll)`);
      expect(r.stderr).not.toContain('note:');
      const text = readFileSync(file, 'utf8');
      expect(text.startsWith('-DOCSTART- O O\n\nAda ')).toBe(true);
      expect(counts(system(await evalJson(['--gold', GOLD, file]), rule))).toEqual(await planned(rule));
    }
    const stdout = await combine('--rule', 'intersection');
    expect(stdout.stdout.startsWith('-DOCSTART- O O\n\n')).toBe(true);
  });

  it('a gold standard with nested spans: the warning\'s advice works, and the error names --no-write-gold', async () => {
    const record = { id: 'd1', tokens: ['Maren', 'Holt', 'met', 'Bo', '.'] };
    const nested = out('nested-gold.jsonl');
    writeFileSync(nested, `${JSON.stringify({ ...record, spans: [{ start: 0, end: 2, label: 'PER' }, { start: 0, end: 1, label: 'PER' }, { start: 3, end: 4, label: 'PER' }] })}\n`);
    const sys = out('nested-sys.jsonl');
    writeFileSync(sys, `${JSON.stringify({ ...record, spans: [{ start: 0, end: 2, label: 'PER' }, { start: 3, end: 4, label: 'PER' }] })}\n`);
    const refused = await runCli(['combine', '--gold', nested, sys, '--out', out('nested.conll')]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('a file without the gold column (--no-write-gold) needs none of them');
    const file = out('nested-longest.conll');
    const r = await runCli(['combine', '--gold', nested, sys, '--out', file, '--resolve-overlaps', 'longest']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('complan: warning: the gold column omits 1 overlapping gold span(s) (--resolve-overlaps longest); '
      + 'score the output against the gold standard itself (eval --gold GOLD --ignore-embedded-gold), or write it without the gold column (--no-write-gold)');
    const scored = await runCli(['eval', '--gold', nested, '--ignore-embedded-gold', file, '--format', 'json']);
    expect(scored.code, scored.stderr).toBe(0);
    const f1 = /F1 (\d+\.\d+)/.exec(r.stderr)![1];
    expect((100 * (JSON.parse(scored.stdout) as { systems: Array<{ f: number }> }).systems[0].f).toFixed(2)).toBe(f1);
    const plain = await runCli(['combine', '--gold', nested, sys, '--out', out('nested-plain.conll'), '--no-write-gold']);
    expect(plain.code, plain.stderr).toBe(0);
  });
});
