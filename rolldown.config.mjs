// Bundles tsc's output (dist/cli, dist/src) for Node to load quickly. Node 20 resolves, reads and
// links every ES module one by one: the command's graph is some eighty files, and loading them
// took about 50 ms of every `complan` run. Bundled, a program loads one file plus the chunks it
// imports lazily.
//
// - dist/bin/complan.js: the command (the package's `bin`);
// - dist/lib/index.js: the library (the package's main export; its types stay dist/src/*.d.ts).
//
// Dependencies stay outside the bundles and load from node_modules as usual: commander (small,
// needed by every command), and ink, react and mathjs (heavy, imported only by the code that
// uses them, so that nothing else loads them).
import { defineConfig } from 'rolldown';

const external = [/^node:/, 'commander', 'ink', 'react', 'react/jsx-runtime', /^mathjs(\/|$)/];

const output = (dir) => ({
  dir,
  format: 'esm',
  entryFileNames: '[name].js',
  chunkFileNames: '[name]-[hash].js',
  cleanDir: true,
});

export default defineConfig([
  { input: { complan: 'dist/cli/main.js' }, platform: 'node', external, output: output('dist/bin') },
  { input: { index: 'dist/src/index.js' }, platform: 'node', external, output: output('dist/lib') },
]);
