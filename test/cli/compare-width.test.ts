/**
 * compare fits the terminal: when matrices naming the systems would be wider than it, the systems
 * are numbered (the systems table's # column is the legend) and notes are wrapped.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONLL03_DIR, conll03Present } from '../helpers/conll03.js';
import { ROOT, runCli } from './helpers.js';

const NEWS = join(ROOT, 'examples/news');
const newsSystems = readdirSync(join(NEWS, 'systems')).filter((f) => f.endsWith('.conll')).sort();
/** Every line but the settings signature, which stays one line. */
const widest = (out: string) => Math.max(...out.split('\n').filter((l) => !l.startsWith('settings:')).map((l) => [...l].length));

describe('compare at 100 columns', () => {
  it('names the systems in the matrices when they fit', async () => {
    const r = await runCli(['compare', '--gold', join(NEWS, 'gold.conll'), ...newsSystems.map((f) => join(NEWS, 'systems', f))]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^A \\ B\s+cautious\s+confuser/m);
    expect(r.stdout).not.toMatch(/^ # {2}system/m);
    expect(widest(r.stdout)).toBeLessThanOrEqual(100);
  });

  it('numbers them, with the systems table as the legend, when names would not fit', async () => {
    const named = newsSystems.map((f, k) => `a-rather-long-system-name-${k}=${join(NEWS, 'systems', f)}`);
    const r = await runCli(['compare', '--gold', join(NEWS, 'gold.conll'), ...named]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^A \\ B\s+1\s+2\s+3\s+4\s+5$/m);
    expect(r.stdout).toMatch(/^1 {2}a-rather-long-system-name-0 /m);
    expect(r.stdout).toContain('The matrices name each system by its number (#).');
    expect(widest(r.stdout)).toBeLessThanOrEqual(100);
  });
});

describe.runIf(conll03Present('compare-width.test.ts'))('compare on the twelve CoNLL-2003 systems', () => {
  it('fits 100 columns', async () => {
    const files = readdirSync(CONLL03_DIR).filter((f) => /\.(conll|jsonl)$/.test(f) && f !== 'gold.conll').sort();
    const r = await runCli(['compare', '--gold', join(CONLL03_DIR, 'gold.conll'), ...files.map((f) => join(CONLL03_DIR, f))]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^A \\ B(\s+\d+){12}$/m);
    expect(widest(r.stdout)).toBeLessThanOrEqual(100);
  });
});
