// Bundles the command line (tsc's output under dist/cli and dist/src) into dist/bin/, the
// package's `bin`. Node 20 resolves, reads and links every ES module one by one; the CLI's
// graph is some eighty files, and that alone took about 50 ms of `complan eval`'s start.
// Bundled, a command loads one file plus the chunks it imports lazily.
//
// Dependencies stay outside the bundle and load from node_modules as usual: commander (small,
// needed by every command), and ink, react and mathjs (heavy, imported only by the commands that
// use them, so the other commands never load them).
import { defineConfig } from 'rolldown';

export default defineConfig({
  input: { complan: 'dist/cli/main.js' },
  platform: 'node',
  external: [/^node:/, 'commander', 'ink', 'react', 'react/jsx-runtime', /^mathjs(\/|$)/],
  output: {
    dir: 'dist/bin',
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
    cleanDir: true,
  },
});
