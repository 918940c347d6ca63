// Loaded with `node --import` by the bench's renewal run: the process reports its own peak resident
// memory (maxRSS in KB) and the CPU time it used (user and system, in ms) as it exits, read there from
// its output. The CPU time is the row's yardstick: unlike the wall time, other work on the machine
// hardly moves it.
process.on('exit', () => {
  const usage = process.resourceUsage();
  process.stderr.write(
    `peak-rss-kb ${usage.maxRSS}\ncpu-ms ${Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000)}\n`,
  );
});
