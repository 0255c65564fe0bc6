/**
 * Where the integration tests find the twelve CoNLL-2003 systems: `COMPLAN_DATA` when set, else
 * ../shared/data/conll03-12sys beside the repository. They read it at run time and never copy it
 * (the text is under the Reuters licence). A test file without it says so in one line and skips.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CONLL03_DIR = resolve(process.env.COMPLAN_DATA ?? resolve(import.meta.dirname, '../../../shared/data/conll03-12sys'));

/** Whether the data is there; when not, `test` (the file's name) prints that it is skipped and why. */
export function conll03Present(test: string): boolean {
  const present = existsSync(join(CONLL03_DIR, 'gold.conll'));
  if (!present) process.stderr.write(`${test}: skipped: no CoNLL-2003 data at ${CONLL03_DIR} (set COMPLAN_DATA to its folder)\n`);
  return present;
}
