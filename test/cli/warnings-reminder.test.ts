/**
 * Under a text report on a terminal, a last line on standard error counts the warnings about the
 * inputs printed before the report, which a long report scrolls out of sight.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Io } from '../../cli/io.js';
import { run } from '../../cli/program.js';

const dir = mkdtempSync(join(tmpdir(), 'complan-reminder-'));
const gold = join(dir, 'gold.conll');
const typo = join(dir, 'typo.conll');
const good = join(dir, 'good.conll');
writeFileSync(gold, 'John B-PER\nin O\nParis B-LOC\n\n');
writeFileSync(typo, 'John B-PRE\nin O\nParis B-LCO\n\n');
writeFileSync(good, 'John B-PER\nin O\nParis O\n\n');

async function runOn(args: string[], tty: { out: boolean; err: boolean }) {
  let stdout = '';
  let stderr = '';
  const io: Io = { stdout: (t) => { stdout += t; }, stderr: (t) => { stderr += t; }, isTTY: tty.out, stderrIsTTY: tty.err, columns: 100, env: { NO_COLOR: '1' } };
  const code = await run(args, io);
  // Each line as it is left on the screen: a progress bar is drawn and erased with carriage returns.
  const shown = stderr.split('\n').map((l) => l.slice(l.lastIndexOf('\r') + 1)).filter((l) => l.trim() !== '');
  return { code, stdout, stderr, shown };
}

const both = { out: true, err: true };

describe('the reminder of warnings under a report', () => {
  it('counts them on a terminal, as the last line on standard error', async () => {
    const r = await runOn(['eval', '--gold', gold, typo, good], both);
    expect(r.code).toBe(0);
    const lines = r.shown;
    expect(lines.filter((l) => l.startsWith('complan: warning: '))).toHaveLength(1);
    expect(lines[lines.length - 1]).toBe('complan: a warning above the report, about the inputs');
    // Two systems with warnings: the count says so.
    const two = join(dir, 'typo-too.conll');
    writeFileSync(two, 'John B-PRE\nin O\nParis O\n\n');
    const r2 = await runOn(['compare', '--gold', gold, typo, two], both);
    expect(r2.code).toBe(0);
    expect(r2.shown.pop()).toBe('complan: 2 warnings above the report, about the inputs');
  });

  it('says nothing off a terminal, under JSON, or without warnings', async () => {
    for (const tty of [{ out: false, err: true }, { out: true, err: false }, { out: false, err: false }]) {
      expect((await runOn(['eval', '--gold', gold, typo, good], tty)).stderr, JSON.stringify(tty)).not.toContain('above the report');
    }
    expect((await runOn(['eval', '--gold', gold, typo, good, '--format', 'json'], both)).stderr).not.toContain('above the report');
    const clean = await runOn(['eval', '--gold', gold, good], both);
    expect(clean.shown).toEqual([]);
  });
});
