/**
 * Inputs with no end and inputs of absurd size, through the built command as a user feeds them:
 * each ends in one line naming the input and the limit (exit 2), in seconds, or is read as
 * usual, never hangs and never lets V8 abort the process.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

const BIN = join(ROOT, 'dist/cli/main.js');
const GOLD = join(ROOT, 'examples/news/gold.conll');
const CRF = join(ROOT, 'examples/news/systems/crf.conll');
const hasBash = spawnSync('bash', ['-c', 'yes | head -1']).status === 0;

/** Runs a bash command line, `complan` being the built command; `env` is added to PATH alone. */
function sh(script: string, env: Record<string, string> = {}) {
  expect(existsSync(BIN), `${BIN} is missing: run npm run build`).toBe(true);
  const t0 = Date.now();
  const p = spawnSync('bash', ['--norc', '--noprofile', '-c', `complan() { "${process.execPath}" "${BIN}" "$@"; }\n${script}`], {
    cwd: ROOT, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env }, timeout: 90_000, stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: p.status, stdout: p.stdout, stderr: p.stderr, ms: Date.now() - t0 };
}

describe.runIf(hasBash)('endless streams', () => {
  it('a system from `yes` (one sentence without end) stops at the sentence limit, in seconds', () => {
    const r = sh(`yes 'tok O' | complan eval --gold '${GOLD}' -; echo "exit \${PIPESTATUS[1]}"`);
    expect(r.stderr).toBe('complan: -:1: the sentence that starts here has more than 16 Mi (16,777,216) tokens without a blank line: expected sentences separated by blank lines (is the input endless?)\n');
    expect(r.stdout).toBe('exit 2\n');
    expect(r.ms).toBeLessThan(60_000);
  }, 90_000);

  it('a gold standard of endless short sentences stops when memory is full, not with V8\'s abort', () => {
    const r = sh(`yes $'tok O\\nlet B-PER\\n' | complan eval --gold - '${CRF}'; echo "exit \${PIPESTATUS[1]}"`, { NODE_OPTIONS: '--max-old-space-size=256' });
    expect(r.stderr).toMatch(/^complan: -: memory is full after reading [\d,]+ MiB of this file \([\d,]+ MiB of the [\d,]+ MiB Node may use\): complan holds its inputs in memory; check that the input ends, or raise the limit with NODE_OPTIONS=--max-old-space-size=MiB\n$/);
    expect(r.stdout).toBe('exit 2\n');
  }, 90_000);
});

describe('absurd sizes', () => {
  it('an entity type of 100,000 characters and a system name of 60,000 are scored in seconds, clipped on screen', () => {
    const dir = mkdtempSync(join(tmpdir(), 'complan-long-cell-'));
    const type = 'X'.repeat(100_000);
    const gold = join(dir, 'gold.conll');
    writeFileSync(gold, readFileSync(GOLD, 'utf8').replaceAll('B-PER', `B-${type}`).replaceAll('I-PER', `I-${type}`));
    const sys = join(dir, 'sys.conll');
    writeFileSync(sys, readFileSync(gold));
    const name = 'n'.repeat(60_000);
    for (const command of ['eval', 'compare', 'plan']) {
      const t0 = Date.now();
      const p = spawnSync(process.execPath, [BIN, command, '--gold', gold, `${name}=${sys}`, `b=${CRF}`, '--ignore-embedded-gold'], { encoding: 'utf8', timeout: 60_000 });
      expect(p.status, p.stderr).toBe(0);
      expect(Date.now() - t0, command).toBeLessThan(20_000);
      expect(p.stdout).toContain('…(');
      expect(p.stdout).not.toContain('X'.repeat(201));
    }
  }, 90_000);
});
