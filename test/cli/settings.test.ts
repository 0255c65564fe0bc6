/**
 * Every output carries the settings that produced it: a `settings` object in JSON (with the
 * package's version), a last `settings:` line in text and Markdown, a LaTeX comment, and, for
 * combine, whose output is the ensemble itself, a line on stderr.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, runCli } from './helpers.js';

const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const NEWS = ['--gold', 'examples/news/gold.conll', 'examples/news/systems/crf.conll', 'examples/news/systems/gazetteer.conll', 'examples/news/systems/sloppy.conll'];
const ABLATION = ['--baseline', 'baseline', '--gold', 'examples/ablation/gold.conll', 'examples/ablation/baseline.conll', 'examples/ablation/no-casing.conll'];

const lastLine = (s: string) => s.trimEnd().split('\n').at(-1)!;

describe('settings travel with results', () => {
  for (const [command, args] of [['eval', NEWS], ['compare', NEWS], ['plan', [...NEWS, '--folds', '0']], ['ablate', ABLATION]] as const) {
    it(`${command}: JSON has them after schemaVersion; text, Markdown and LaTeX end with the signature`, async () => {
      const extra = ['--types', 'PER,LOC', ...(command === 'compare' ? [] : ['--zero-division', 'one'])];
      const json = await runCli([command, ...args, ...extra, '--format', 'json']);
      expect(json.code, json.stderr).toBe(0);
      const doc = JSON.parse(json.stdout) as { schemaVersion: number; settings: Record<string, unknown> };
      expect(Object.keys(doc).slice(0, 2)).toEqual(['schemaVersion', 'settings']);
      expect(doc.settings).toMatchObject({ version: VERSION, command, match: 'strict', types: 'PER,LOC', scheme: 'auto', 'strict-scheme': false });
      if (command !== 'compare') expect(doc.settings['zero-division']).toBe('one');
      const table = await runCli([command, ...args, ...extra]);
      const line = lastLine(table.stdout);
      expect(line.startsWith(`settings: complan:${VERSION}|${command}|`)).toBe(true);
      expect(line).toContain('|types:PER,LOC');
      expect(line).toContain('|match:strict');
      expect(lastLine((await runCli([command, ...args, ...extra, '--format', 'markdown'])).stdout)).toBe(line);
      expect(lastLine((await runCli([command, ...args, ...extra, '--format', 'latex'])).stdout)).toBe(`% ${line}`);
      // CSV stays one table.
      expect((await runCli([command, ...args, ...extra, '--format', 'csv'])).stdout).not.toContain('settings');
    });
  }

  it('plan records what it resolved: its rules, sizes and folds, and its seed', async () => {
    const r = await runCli(['plan', ...NEWS, '--seed', '7', '--format', 'json']);
    const s = (JSON.parse(r.stdout) as { settings: Record<string, unknown> }).settings;
    expect(s).toMatchObject({ rules: ['union', 'intersection', 'majority', 'vote'], 'min-size': 1, 'max-size': 3, folds: 5, seed: 7, objective: 'f1', types: 'all' });
  });

  it('plan records the guided search\'s budget it used', async () => {
    const r = await runCli(['plan', ...NEWS, '--search', 'guided', '--folds', '0', '--format', 'json']);
    const s = (JSON.parse(r.stdout) as { settings: Record<string, unknown> }).settings;
    expect(s.search).toBe('guided');
    expect(s['guided-budget']).toBe(200);
  });

  it('a default written in the settings line can be given back: --types all is every type', async () => {
    const plain = await runCli(['eval', ...NEWS, '--format', 'json']);
    const all = await runCli(['eval', ...NEWS, '--types', 'all', '--format', 'json']);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toBe(plain.stdout);
    expect(lastLine((await runCli(['eval', ...NEWS])).stdout)).toContain('|types:all|');
  });

  it('a different setting gives a different signature', async () => {
    const a = lastLine((await runCli(['eval', ...NEWS])).stdout);
    const b = lastLine((await runCli(['eval', ...NEWS, '--match', 'boundary'])).stdout);
    expect(a).toContain('|match:strict|');
    expect(b).toBe(a.replace('|match:strict|', '|match:boundary|'));
  });

  it('combine writes the ensemble alone and says its settings on stderr', async () => {
    const r = await runCli(['combine', ...NEWS, '--rule', 'vote', '--no-write-gold']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('settings');
    expect(lastLine(r.stderr)).toMatch(new RegExp(`^complan: settings: complan:${VERSION.replaceAll('.', '\\.')}\\|combine\\|.*\\|rule:vote\\|.*\\|write-gold:false`));
  });

  it('combine signs the rule it applied, as plan signs its rules: a spelling parseRule reads alike signs alike', async () => {
    const signature = async (rule: string) => {
      const r = await runCli(['combine', ...NEWS, '--rule', rule, '--out', '-']);
      expect(r.code, r.stderr).toBe(0);
      return lastLine(r.stderr);
    };
    const plain = await signature('kofn:2');
    expect(plain).toContain('|rule:kofn:2|');
    expect(await signature('kofn:02')).toBe(plain);
    expect(await signature(' kofn:2 ')).toBe(plain);
  });
});
