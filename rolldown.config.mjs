// Bundles tsc's output (dist/cli, dist/src) for Node to load quickly. Node 20 resolves, reads and
// links every ES module one by one: the command's graph is some eighty files, and loading them
// took about 50 ms of every `complan` run.
//
// - dist/bin/program.cjs: the command's program, cli/program.ts and everything it imports, as one
//   CommonJS script, so that it can be compiled with a V8 code cache (cli/code-cache.ts; the
//   build's last step, cli/warm-code-cache.ts, writes the cache). The TUI is left out of it: Ink
//   has top-level await and cannot be required.
// - dist/bin/complan.cjs: the package's `bin` (cli/launch.ts). It loads program.cjs with its cache,
//   or, for a command line that opens the TUI, imports the ES module build below.
// - dist/bin/esm/complan.js (+ chunks it imports lazily): the whole command as ES modules
//   (cli/main.ts), TUI included.
// - dist/lib/core.cjs: the library, as one CommonJS script, so that it too can be compiled with a
//   code cache (src/code-cache.ts; cli/warm-code-cache.ts writes dist/lib/core.cjs.cache).
// - dist/lib/index.js: the package's main export (its types stay dist/src/*.d.ts), a small ES module
//   that loads core.cjs with its cache and exports each of its names. It names them itself, so
//   that Node need not parse core.cjs for its exports as it does for a CommonJS package imported
//   from an ES module.
//
// The command bundles commander too: every command needs it, and Node imports a CommonJS package
// from an ES module through a translator that parses it for its exports (15-25 ms per run here).
// Its MIT licence notice goes with it (the banner). The other dependencies stay outside the
// bundles and load from node_modules as usual: ink, react and mathjs are heavy and imported only
// by the code that uses them, so that nothing else loads them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'rolldown';
// The library's names, for dist/lib/index.js to export (tsc has built dist/src before rolldown runs).
const libraryNames = Object.keys(await import('./dist/src/index.js')).sort();

const heavy = ['ink', 'react', 'react/jsx-runtime', /^mathjs(\/|$)/];
const external = [/^node:/, 'commander', ...heavy];

const commanderLicence = readFileSync(new URL('./node_modules/commander/LICENSE', import.meta.url), 'utf8').trim();
const banner = `/*! This file includes commander (https://github.com/tj/commander.js):\n${commanderLicence}\n*/`;

const output = (dir) => ({
  dir,
  format: 'esm',
  entryFileNames: '[name].js',
  chunkFileNames: '[name]-[hash].js',
  cleanDir: true,
});

// In program.cjs, the TUI module (cli/tui/run.tsx, the one that imports Ink) is replaced by one
// that refuses: the launcher sends every command line that opens the TUI to the ES module build.
const TUI = '\0complan:tui-in-esm-build';
const withoutTui = {
  name: 'complan-without-tui',
  resolveId(source, importer) {
    if (source === '../tui/run.js' && importer?.replaceAll('\\', '/').endsWith('/cli/commands/tui.js')) return TUI;
    return null;
  },
  load(id) {
    if (id !== TUI) return null;
    return 'export function runTui() { return Promise.reject(new Error("the TUI runs from the ES module build, dist/bin/esm/complan.js")); }';
  },
};

// dist/lib/index.js: loads core.cjs with its code cache and exports what it exports.
const LIB_ENTRY = '\0complan:library-entry';
const libraryEntry = {
  name: 'complan-library-entry',
  resolveId(source) {
    return source === LIB_ENTRY ? LIB_ENTRY : null;
  },
  load(id) {
    if (id !== LIB_ENTRY) return null;
    return [
      "import { dirname, join } from 'node:path';",
      "import { fileURLToPath } from 'node:url';",
      `import { loadBundle } from ${JSON.stringify(fileURLToPath(new URL('./dist/src/code-cache.js', import.meta.url)))};`,
      "const library = loadBundle(join(dirname(fileURLToPath(import.meta.url)), 'core.cjs')).exports;",
      `export const { ${libraryNames.join(', ')} } = library;`,
    ].join('\n');
  },
};

export default defineConfig([
  // First, and it empties dist/bin: the builds below write into it.
  {
    input: { program: 'dist/cli/program.js' },
    platform: 'node',
    external: [/^node:/, ...heavy],
    plugins: [withoutTui],
    output: { dir: 'dist/bin', format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false, cleanDir: true, banner },
  },
  { input: { complan: 'dist/cli/launch.js' }, platform: 'node', external: [/^node:/], output: { dir: 'dist/bin', format: 'cjs', entryFileNames: '[name].cjs' } },
  { input: { complan: 'dist/cli/main.js' }, platform: 'node', external: [/^node:/, ...heavy], output: { ...output('dist/bin/esm'), banner } },
  // First of the two library builds: it empties dist/lib.
  {
    input: { core: 'dist/src/index.js' },
    platform: 'node',
    external,
    output: { dir: 'dist/lib', format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false, cleanDir: true },
  },
  { input: { index: LIB_ENTRY }, platform: 'node', external: [/^node:/], plugins: [libraryEntry], output: { dir: 'dist/lib', format: 'esm', entryFileNames: '[name].js' } },
]);
