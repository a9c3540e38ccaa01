// Preloaded (node --require) into a measured process for the memory runs only: on exit, appends
// the process's peak resident set size (getrusage maxrss, KiB) to the file in BENCH_RSS_FILE.
'use strict';
const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on('exit', () => {
    process.getBuiltinModule('node:fs').appendFileSync(file, `${process.resourceUsage().maxRSS}\n`);
  });
}
