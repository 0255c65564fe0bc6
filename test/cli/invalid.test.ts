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

  it('--strict-scheme with another --invalid is a usage error', async () => {
    const r = await runCli(['eval', '--gold', gold, '--strict-scheme', '--invalid', 'drop', sys]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('complan: --strict-scheme is --invalid reject and cannot be given with --invalid drop\n');
    const bad = await runCli(['eval', '--gold', gold, '--invalid', 'fix', sys]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--invalid/);
  });
});
