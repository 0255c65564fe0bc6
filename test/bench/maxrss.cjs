// Preloaded (`node --require`) into a complan run that the benchmark times: when the process exits,
// it reports its peak resident memory on stderr as a marked line the benchmark reads back.
// CommonJS and a --require, not an ES module and an --import, so that no module of its own
// joins the command's module graph.
process.on('exit', () => {
  process.stderr.write(`\n@@maxrss ${process.resourceUsage().maxRSS}\n`);
});
