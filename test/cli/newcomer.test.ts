/** What a new user ran into: messages that say what to do, and settings that say what was applied. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';

const NEWS = join(ROOT, 'examples/news');
const GOLD = join(NEWS, 'gold.conll');
const SYSTEMS = ['cautious', 'confuser', 'crf'].map((s) => join(NEWS, 'systems', `${s}.conll`));

describe('a newcomer', () => {
  it('giving inputs without a command, not at a terminal, is told to name a command', async () => {
    const r = await runCli(['--gold', GOLD, ...SYSTEMS]);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('complan: inputs without a command open the terminal UI, which needs a terminal; for files and pipes name a command: eval, compare, plan, combine, ablate or report\n');
  });

  it('sees the weights combine applied (f1 by default) and no gold column where there is no gold', async () => {
    const dir = (await import('node:fs')).mkdtempSync(join((await import('node:os')).tmpdir(), 'complan-newcomer-'));
    const weighted = await runCli(['combine', '--gold', GOLD, '--rule', 'weighted', '--out', join(dir, 'w.conll'), ...SYSTEMS]);
    expect(weighted.code, weighted.stderr).toBe(0);
    expect(weighted.stderr).toMatch(/\|weights:f1\|/);
    const plain = await runCli(['combine', '--gold', GOLD, '--rule', 'vote', '--out', join(dir, 'v.conll'), ...SYSTEMS]);
    expect(plain.stderr).toMatch(/\|weights:none\|.*\|write-gold:true$/m);
  });
});
