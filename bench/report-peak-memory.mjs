// Loaded with `node --import` by the bench's renewal run: the process reports its own peak resident
// memory as it exits (maxRSS in KB), read there from its output.
process.on('exit', () => {
  process.stderr.write(`peak-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
