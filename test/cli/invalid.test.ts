/**
 * `--invalid repair|drop|reject` and its alias `--strict-scheme` on a small invented file:
 * the three readings, the settings they record, and the usage error when they disagree.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evalJson, runCli, system } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'complan-invalid-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const gold = join(dir, 'gold.conll');
const sys = join(dir, 'sys.conll');
// Gold: Ada Lovelace (PER), Turin (LOC). The system opens Lovelace with I-PER after O, and Turin
// with I-LOC: conlleval repairs both into chunks, seqeval strict drops both.
writeFileSync(gold, 'Ada B-PER\nLovelace I-PER\nvisited O\nTurin B-LOC\n\nBabbage B-PER\nwrote O\n');
writeFileSync(sys, 'Ada B-PER\nLovelace I-PER\nvisited O\nTurin I-LOC\n\nBabbage B-PER\nwrote I-MISC\n');

const counts = (s: { tp: number; fp: number; fn: number }) => [s.tp, s.fp, s.fn];

describe('--invalid', () => {
  it('repair (default) opens chunks at I-; drop drops them; both record the choice', async () => {
    const repair = await evalJson(['--gold', gold, sys]);
    expect(counts(system(repair, 'sys'))).toEqual([3, 1, 0]);
    const drop = await evalJson(['--gold', gold, '--invalid', 'drop', sys]);
    expect(counts(system(drop, 'sys'))).toEqual([2, 0, 1]);
    expect((drop as unknown as { settings: Record<string, unknown> }).settings).toMatchObject({ invalid: 'drop', 'strict-scheme': false });
  });

  it('detects each file on its own: a system that never writes B- reads as IO and loses nothing unless --scheme names IOB2', async () => {
    const only = join(dir, 'only-i.conll');
    writeFileSync(only, 'Ada I-PER\nLovelace I-PER\nvisited O\nTurin I-LOC\n\nBabbage I-PER\nwrote O\n');
    expect(counts(system(await evalJson(['--gold', gold, '--invalid', 'drop', only]), 'only-i'))).toEqual([3, 0, 0]);
    // seqeval's strict mode with scheme=IOB2 applies that scheme to both lists: every chunk is dropped.
    const named = await evalJson(['--gold', gold, '--invalid', 'drop', '--scheme', 'iob2', only]);
    expect(counts(system(named, 'only-i'))).toEqual([0, 0, 3]);
    // The JSON names the scheme the tags were read by: the one --scheme names, else the one detected.
    expect((system(named, 'only-i') as unknown as { scheme: string }).scheme).toBe('iob2');
    expect((system(await evalJson(['--gold', gold, only]), 'only-i') as unknown as { scheme: string }).scheme).toBe('io');
  });

  it('reject and --strict-scheme name the line; --strict-scheme records invalid: reject', async () => {
    for (const flags of [['--invalid', 'reject'], ['--strict-scheme']]) {
      const r = await runCli(['eval', '--gold', gold, ...flags, sys]);
      expect(r.code).toBe(2);
      expect(r.stderr).toBe(`complan: ${sys}:4: invalid IOB2 transition: "O" then "I-LOC" (I- must continue a chunk of the same type)\n`);
    }
    const table = await runCli(['eval', '--gold', gold, '--strict-scheme', gold]);
    expect(table.stdout).toContain('|invalid:reject|strict-scheme:true|');
  });

  it('JSONL ner_tags: the scheme is detected over the file first, then dropped or rejected by', async () => {
    const jsonl = join(dir, 'sys.jsonl');
    writeFileSync(jsonl, [
      JSON.stringify({ tokens: ['Ada', 'Lovelace', 'visited', 'Turin'], ner_tags: ['B-PER', 'I-PER', 'O', 'I-LOC'] }),
      JSON.stringify({ tokens: ['Babbage', 'wrote'], ner_tags: ['B-PER', 'I-MISC'] }),
    ].join('\n') + '\n');
    const drop = await evalJson(['--gold', gold, '--invalid', 'drop', jsonl]);
    expect(counts(system(drop, 'sys'))).toEqual([2, 0, 1]);
    const reject = await runCli(['eval', '--gold', gold, '--invalid', 'reject', jsonl]);
    expect(reject.code).toBe(2);
    expect(reject.stderr).toBe(`complan: ${jsonl}:1: invalid IOB2 transition: "O" then "I-LOC" (I- must continue a chunk of the same type)\n`);
  });

  it('drop warns of the chunks it drops, from the gold standard as from a system: the file, how many, the line of the first', async () => {
    // Ada opens with I-PER (line 1) and wrote's I-MISC follows B-PER (line 7): two gold chunks IOB2 does not allow.
    const badGold = join(dir, 'bad-gold.conll');
    writeFileSync(badGold, 'Ada I-PER\nLovelace I-PER\nvisited O\nTurin B-LOC\n\nBabbage B-PER\nwrote I-MISC\n');
    const args = ['--gold', badGold, '--scheme', 'iob2', sys];
    const repair = await evalJson(args);
    const drop = await evalJson(['--invalid', 'drop', ...args]);
    expect(repair.gold.items - drop.gold.items).toBe(2);
    const goldWarning = `${badGold}:1: --invalid drop dropped 2 gold chunks that IOB2 does not allow, the first on this line; --invalid repair reads them as conlleval does`;
    // The system's Turin (line 4) and wrote (line 7) are dropped too.
    const sysWarning = `${sys}:4: --invalid drop dropped 2 predicted chunks that IOB2 does not allow, the first on this line; --invalid repair reads them as conlleval does`;
    expect(drop.stderr.split('\n')).toEqual(expect.arrayContaining([`complan: warning: ${goldWarning}`, `complan: warning: ${sysWarning}`]));
    // The JSON carries a system's warnings (the gold has no field for them).
    expect(system(drop, 'sys').warnings).toEqual([sysWarning]);
    expect(system(repair, 'sys').tp + system(repair, 'sys').fp - system(drop, 'sys').tp - system(drop, 'sys').fp).toBe(2);
    // Nothing dropped, nothing said.
    expect(repair.stderr).not.toContain('--invalid drop dropped');
    const valid = await evalJson(['--gold', gold, '--invalid', 'drop', gold]);
    expect(valid.stderr).not.toContain('--invalid drop dropped');
  });

  it('drop names a gold column that is the gold standard (no --gold), and not again when a gold file is given', async () => {
    const both = join(dir, 'both.conll');
    // token gold pred: the gold column opens Turin with I-LOC (line 4); the predictions are valid.
    writeFileSync(both, 'Ada B-PER B-PER\nLovelace I-PER I-PER\nvisited O O\nTurin I-LOC B-LOC\n');
    const alone = await evalJson(['--invalid', 'drop', '--scheme', 'iob2', both]);
    expect(alone.gold.items).toBe(1);
    expect(alone.stderr).toContain(`complan: warning: ${both}:4: --invalid drop dropped 1 gold chunk that IOB2 does not allow, on this line; --invalid repair reads it as conlleval does\n`);
    // Its predictions are valid: the system has nothing dropped to be told of.
    expect(system(alone, 'both').warnings.filter((w) => w.includes('--invalid drop dropped'))).toEqual([]);
    // It predicts Turin as LOC, whose only gold chunk was dropped: said as such.
    expect(system(alone, 'both').warnings).toEqual([expect.stringContaining(`type "LOC" (1 item) has no gold item left: those of the gold standard (${both} (embedded gold)) were all dropped by --invalid drop`)]);
    const gold1 = join(dir, 'gold1.conll');
    writeFileSync(gold1, 'Ada B-PER\nLovelace I-PER\nvisited O\nTurin I-LOC\n');
    const withGold = await evalJson(['--gold', gold1, '--invalid', 'drop', '--scheme', 'iob2', both]);
    expect(withGold.stderr.match(/--invalid drop dropped/g)).toEqual(['--invalid drop dropped']);
    expect(withGold.stderr).toContain(`complan: warning: ${gold1}:4: --invalid drop dropped 1 gold chunk`);
  });

  it('a type whose every gold chunk drop dropped is said to be so, not asked about as a typo', async () => {
    // The gold's only LOC opens with I-LOC after O (line 3): dropped. sys predicts it as B-LOC; typo predicts LCO.
    const g = join(dir, 'loc-gold.conll');
    const s = join(dir, 'loc-sys.conll');
    const t = join(dir, 'loc-typo.conll');
    writeFileSync(g, 'John B-PER\nin O\nParis I-LOC\n. O\n');
    writeFileSync(s, 'John B-PER\nin O\nParis B-LOC\n. O\n');
    writeFileSync(t, 'John B-PER\nin O\nParis B-LCO\n. O\n');
    const drop = await evalJson(['--gold', g, '--scheme', 'iob2', '--invalid', 'drop', s, t]);
    const gone = `${s}: type "LOC" (1 item) has no gold item left: those of the gold standard (${g}) were all dropped by --invalid drop; every such item counts as a false positive`;
    expect(system(drop, 'loc-sys').warnings).toEqual([gone]);
    expect(drop.stderr).toContain(`complan: warning: ${gone}\n`);
    expect(drop.stderr).not.toMatch(/"LOC".*a typo in the tags/);
    // A type the gold file never had is still one to check for a typo.
    expect(system(drop, 'loc-typo').warnings).toEqual([expect.stringMatching(/type "LCO" \(1 item\) is not in the gold standard, whose types are "PER"; the first at .*loc-typo\.conll:3 .*a typo in the tags\?/)]);
    // Repaired, the gold has its LOC: nothing to say about the type (sys is the gold's copy then).
    expect(system(await evalJson(['--gold', g, '--scheme', 'iob2', s]), 'loc-sys').warnings.filter((w) => w.includes('LOC'))).toEqual([]);
  });

  it('--strict-scheme with another --invalid is a usage error', async () => {
    const r = await runCli(['eval', '--gold', gold, '--strict-scheme', '--invalid', 'drop', sys]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('complan: --strict-scheme is --invalid reject and cannot be given with --invalid drop\n');
    const bad = await runCli(['eval', '--gold', gold, '--invalid', 'fix', sys]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--invalid/);
  });
});
