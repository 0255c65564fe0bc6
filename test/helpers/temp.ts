/** Temporary input files for tests: each in its own fresh directory, under one per-suite root. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Returns `temp(content, name?)`, which writes `content` to a new file `name` and returns its path. */
export function tempFiles(prefix: string): (content: string, name?: string) => string {
  const dir = mkdtempSync(join(tmpdir(), `complan-${prefix}-`));
  let serial = 0;
  return (content, name = 'sys.conll') => {
    const sub = join(dir, `t${serial++}`);
    mkdirSync(sub);
    const path = join(sub, name);
    writeFileSync(path, content);
    return path;
  };
}
