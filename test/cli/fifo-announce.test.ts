/**
 * A named FIFO waits, without a word, until a program writes to it: on a terminal, every file
 * option that may name one (data files, --labels, --label-distance, --plan) says so before the
 * read blocks.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Io } from '../../cli/io.js';
import { announceFifos, evalOptions } from '../../cli/options.js';
import { ROOT } from './helpers.js';

const hasMkfifo = process.platform !== 'win32' && spawnSync('mkfifo', ['--version']).status === 0;

function io(tty: boolean): Io & { err: string[] } {
  const err: string[] = [];
  return { stdout: () => {}, stderr: (t) => { err.push(t); }, isTTY: tty, stderrIsTTY: tty, env: {}, err };
}

describe.runIf(hasMkfifo)('FIFOs among the inputs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'complan-fifo-'));
  const fifo = join(dir, 'labels.fifo');
  spawnSync('mkfifo', [fifo]);

  it('are announced on a terminal, and only FIFOs are', () => {
    const t = io(true);
    announceFifos(t, [join(ROOT, 'examples/news/gold.conll'), undefined, fifo, join(dir, 'missing')]);
    expect(t.err).toEqual([`complan: ${fifo} is a FIFO: reading it waits until a program writes to it\n`]);
  });

  it('are not announced off a terminal (a script has its own way to wait)', () => {
    const t = io(false);
    announceFifos(t, [fifo]);
    expect(t.err).toEqual([]);
  });

  it('--label-distance is announced before it is read: a FIFO with a writer is then read as the file', async () => {
    const t = io(true);
    // The writer runs on its own (its open waits for this reader's): the read below then completes.
    const writer = spawn('sh', ['-c', `printf '{"PER": {"ORG": 0.5}}' > "$1"`, 'sh', fifo], { stdio: 'ignore' });
    const options = evalOptions({ match: 'strict', beta: 1, zeroDivision: 'gerbil', kAlpha: 1, labelDistance: fifo }, t);
    expect(t.err[0]).toBe(`complan: ${fifo} is a FIFO: reading it waits until a program writes to it\n`);
    expect(options.labelDistance).toBeDefined();
    await new Promise((resolve) => writer.on('close', resolve));
  });
});
