// Runs one complan command line as a user runs it — the bundled command, dist/bin/complan.js,
// with this process's arguments — and, when the process exits, reports its peak resident memory
// on stderr as a marked line the benchmark reads back.
process.on('exit', () => {
  process.stderr.write(`\n@@maxrss ${process.resourceUsage().maxRSS}\n`);
});
await import('../../dist/bin/complan.js');
