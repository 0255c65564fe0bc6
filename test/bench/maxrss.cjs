// Preloaded (`node --require`) into a complan run that the benchmark times: when the process exits,
// it reports its peak resident memory on stderr as a marked line the benchmark reads back.
// CommonJS and a --require, not an ES module and an --import, so that the run stays as a user's:
// Node's ES module loader is not started for it (the installed command is CommonJS), and no V8
// flag changes (which would make V8 reject the command's code cache).
process.on('exit', () => {
  process.stderr.write(`\n@@maxrss ${process.resourceUsage().maxRSS}\n`);
});
