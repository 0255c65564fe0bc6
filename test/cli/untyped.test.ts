/**
 * Untyped tags through the commands: eval selects them with --types (untyped), combine writes
 * them back as bare tags, and plan runs on them.
 */
import { readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFiles } from '../helpers/temp.js';
import { runCli } from './helpers.js';

const temp = tempFiles('untyped-cli');
const GOLD = temp('Ada B\nLovelace I\nmet O\nBo B\nin O\nLund B-LOC\n. O\n', 'gold.conll');
const A = temp('Ada B\nLovelace I\nmet O\nBo O\nin O\nLund B-LOC\n. O\n', 'a.conll');
const B = temp('Ada B\nLovelace O\nmet O\nBo B\nin O\nLund B-LOC\n. O\n', 'b.conll');
const C = temp('Ada B\nLovelace I\nmet O\nBo B\nin O\nLund B\n. O\n', 'c.conll');

describe('untyped tags in the commands', () => {
  it('eval --types (untyped) keeps only the untyped type', async () => {
    const r = await runCli(['eval', '--gold', GOLD, A, '--types', '(untyped)', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout).systems[0] as { tp: number; fp: number; fn: number; byType: Record<string, unknown> };
    expect([s.tp, s.fp, s.fn]).toEqual([1, 0, 1]);
    expect(Object.keys(s.byType)).toEqual(['']);
    const table = await runCli(['eval', '--gold', GOLD, A, '--types', '(untyped)']);
    expect(table.stdout.split('\n')[0]).toMatch(/, types \(untyped\)$/);
  });

  it('combine writes the ensemble back with bare tags, and plan runs', async () => {
    const out = join(dirname(A), 'vote.conll');
    const r = await runCli(['combine', '--gold', GOLD, A, B, C, '--rule', 'vote', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe('Ada B B\nLovelace I I\nmet O O\nBo B B\nin O O\nLund B-LOC B-LOC\n. O O\n\n');
    const plan = await runCli(['plan', '--gold', GOLD, A, B, C, '--folds', '0', '--format', 'json']);
    expect(plan.code, plan.stderr).toBe(0);
  });
});
