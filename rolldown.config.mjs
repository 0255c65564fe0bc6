// Bundles tsc's output (dist/cli, dist/src) for Node to load quickly. Node 20 resolves, reads and
// links every ES module one by one: the command's graph is some eighty files, and loading them
// took about 50 ms of every `complan` run. Bundled, a program loads one file plus the chunks it
// imports lazily.
//
// - dist/bin/complan.js: the command (the package's `bin`);
// - dist/lib/index.js: the library (the package's main export; its types stay dist/src/*.d.ts).
//
// The command bundles commander too: every command needs it, and Node imports a CommonJS package
// from an ES module through a translator that parses it for its exports (15-25 ms per run here).
// Its MIT licence notice goes with it (the banner). The other dependencies stay outside the
// bundles and load from node_modules as usual: ink, react and mathjs are heavy and imported only
// by the code that uses them, so that nothing else loads them.
import { readFileSync } from 'node:fs';
import { defineConfig } from 'rolldown';

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

export default defineConfig([
  { input: { complan: 'dist/cli/main.js' }, platform: 'node', external: [/^node:/, ...heavy], output: { ...output('dist/bin'), banner } },
  { input: { index: 'dist/src/index.js' }, platform: 'node', external, output: output('dist/lib') },
]);
