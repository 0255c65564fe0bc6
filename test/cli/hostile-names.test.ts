/**
 * A system named with an escape sequence and a line break (name=path) is printed escaped by
 * every report line and message, not only in tables: the plan's headline, member lists and
 * recommendation, combine's summary, and the commands plan --brief suggests (as bash's $'...').
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shellWord } from '../../cli/next-steps.js';
import { ROOT, runCli } from './helpers.js';

const GOLD = join(ROOT, 'examples/news/gold.conll');
const sys = (s: string) => join(ROOT, 'examples/news/systems', `${s}.conll`);
const NAME = 'ev\u001b[31mil\nx';

describe('a hostile system name', () => {
  it('reaches no report line or message raw: plan, plan --brief and combine', async () => {
    const args = ['--gold', GOLD, `${NAME}=${sys('crf')}`, sys('sloppy'), sys('gazetteer')];
    for (const run of [['plan', ...args], ['plan', '--brief', ...args], ['plan', '--top', '2', ...args], ['combine', ...args]]) {
      const r = await runCli(run);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout + r.stderr, run.join(' ')).not.toContain('\u001b');
      // Every line of stderr is a complan line: no name broke one in two.
      for (const line of r.stderr.split('\n').filter((l) => l !== '')) expect(line).toMatch(/^complan: /);
      if (run[0] === 'plan') expect(r.stdout).toContain('ev\\e[31mil\\nx');
      expect(r.stdout.split('\n').filter((l) => l === 'x' || l.startsWith('x+') || l.startsWith('x='))).toEqual([]);
    }
  });

  it('is suggested by plan --brief as one shell word that names it exactly', async () => {
    const r = await runCli(['plan', '--brief', '--gold', GOLD, `${NAME}=${sys('crf')}`, sys('sloppy')]);
    const line = r.stdout.split('\n').find((l) => l.includes('complan combine --plan'))!;
    expect(line).toContain(`$'ev\\x1b[31mil\\x0ax=${sys('crf')}'`);
    const word = shellWord(`${NAME}=x`);
    const echoed = spawnSync('bash', ['--norc', '--noprofile', '-c', `printf %s ${word}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    expect(echoed.stdout).toBe(`${NAME}=x`);
  });

  it('shell words: plain as they are, quoted with single quotes, controls in $\'...\'', () => {
    expect(shellWord('a/b.conll')).toBe('a/b.conll');
    expect(shellWord("it's here")).toBe("'it'\\''s here'");
    expect(shellWord("a'\\\tb")).toBe("$'a\\'\\\\\\x09b'");
  });
});
