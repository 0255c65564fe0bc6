/** The static imports of compiled ES modules (dist/), for tests of what a command loads. */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * The static imports of one module: relative ones resolved to files, and packages (`commander`,
 * `node:fs`). Dynamic `import()` calls and type-only imports (erased by tsc) are not among them.
 */
export function staticImports(path: string): { files: string[]; packages: string[] } {
  const text = readFileSync(path, 'utf8');
  const files: string[] = [];
  const packages: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s[^;]*?from\s*['"]([^'"]+)['"];?$|^import\s*['"]([^'"]+)['"];?$/gm)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith('.')) files.push(resolve(dirname(path), spec));
    else packages.push(spec);
  }
  return { files, packages };
}

/** Every module and package a module loads at start-up: through its static imports, transitively. */
export function loadedBy(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const found = staticImports(file);
    for (const name of found.packages) packages.add(name);
    found.files.forEach(visit);
  };
  visit(entry);
  return { files, packages };
}

/** Every package a module loads at start-up: through its static imports, transitively. */
export function packagesLoadedBy(entry: string): { modules: number; packages: Set<string> } {
  const { files, packages } = loadedBy(entry);
  return { modules: files.size, packages };
}
