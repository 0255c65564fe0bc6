/**
 * Build step, the last of `npm run build`: writes the V8 code caches (src/code-cache.ts).
 * - dist/bin/program.cjs.cache, the installed command's (cli/code-cache.ts). It runs each command
 *   once on the bundled examples in this one process, with the output discarded (files a command
 *   writes go to a temporary folder, removed afterwards), so that the cache holds the bytecode of
 *   the functions a real run calls: readers, metrics, complementarity, ensembles, the planner and
 *   every report format.
 * - dist/lib/core.cjs.cache, the library's (cli/library-cache.ts), after the same work done
 *   through the library's API.
 *
 *   node dist/cli/warm-code-cache.js
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeCodeCache } from './code-cache.js';
import { writeLibraryCache } from './library-cache.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const news = join(root, 'examples/news');
const ablation = join(root, 'examples/ablation');
const conll = readdirSync(join(news, 'systems')).filter((f) => f.endsWith('.conll')).sort().map((f) => join(news, 'systems', f));
// The same systems as JSONL, under other names, for the JSONL reader.
const jsonl = readdirSync(join(news, 'jsonl')).filter((f) => f.endsWith('.jsonl') && f !== 'gold.jsonl').sort()
  .map((f) => `${f.replace(/\.jsonl$/, '')}-jsonl=${join(news, 'jsonl', f)}`);
const inputs = ['--gold', join(news, 'gold.conll'), ...conll];
const out = mkdtempSync(join(tmpdir(), 'complan-warm-'));

try {
  const commands = [
    ['eval', ...inputs, ...jsonl],
    ['eval', ...inputs, '--format', 'json'],
    ['eval', ...inputs, '--format', 'csv'],
    ['eval', ...inputs, '--format', 'markdown'],
    ['eval', ...inputs, '--format', 'latex'],
    ['compare', ...inputs],
    ['compare', ...inputs, '--format', 'json', '--svg', join(out, 'compare.svg')],
    ['compare', ...inputs, '--format', 'csv'],
    ['combine', ...inputs, '--rule', 'vote', '--out', join(out, 'vote.conll')],
    ['combine', ...inputs, '--rule', 'union', '--out', join(out, 'union.jsonl')],
    ['plan', ...inputs, '--top', '3'],
    ['plan', ...inputs, '--format', 'json'],
    ['ablate', '--baseline', 'baseline', '--gold', join(ablation, 'gold.conll'),
      ...['baseline', 'no-casing', 'no-gazetteer'].map((s) => join(ablation, `${s}.conll`))],
  ];
  const bytes = await writeCodeCache(join(root, 'dist/bin'), commands);
  process.stdout.write(`dist/bin/program.cjs.cache: ${(bytes / 1024).toFixed(0)} KiB of bytecode from ${commands.length} command lines\n`);
  const libraryBytes = writeLibraryCache(join(root, 'dist/lib'), {
    gold: join(news, 'gold.conll'), systems: conll, otherSystems: jsonl,
    ablation: { gold: join(ablation, 'gold.conll'), baseline: join(ablation, 'baseline.conll'), variants: ['no-casing', 'no-gazetteer'].map((s) => join(ablation, `${s}.conll`)) },
  });
  process.stdout.write(`dist/lib/core.cjs.cache: ${(libraryBytes / 1024).toFixed(0)} KiB of bytecode\n`);
} catch (err) {
  process.stderr.write(`warm-code-cache: ${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
