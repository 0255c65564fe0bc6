// Runs one complan command line in this process (like the bin does) and, when it ends, reports
// the process's peak resident memory on stderr as a marked line the benchmark reads back.
import { processIo } from '../../dist/cli/io.js';
import { run } from '../../dist/cli/program.js';

const io = processIo();
io.stdout = () => {}; // the benchmark measures the work, not the terminal
const code = await run(process.argv.slice(2), io);
process.stderr.write(`\n@@maxrss ${process.resourceUsage().maxRSS}\n`);
process.exitCode = code;
