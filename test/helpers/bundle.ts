/** Reading the bundles rolldown writes (dist/bin, dist/lib) in tests. */
import { readFileSync } from 'node:fs';

/**
 * The static imports of a bundle chunk: other chunks (`./name.js`, without the `./`) and
 * packages (`commander`, `node:fs`). Dynamic `import()` calls are not static imports.
 */
export function staticImports(path: string): { chunks: string[]; packages: string[] } {
  const text = readFileSync(path, 'utf8');
  const chunks: string[] = [];
  const packages: string[] = [];
  for (const m of text.matchAll(/^import\s[^;]*?from\s*"([^"]+)";?$|^import\s*"([^"]+)";?$/gm)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith('./')) chunks.push(spec.slice(2));
    else packages.push(spec);
  }
  return { chunks, packages };
}
