// Preloaded into test processes by scripts/run-tests.mjs when TEST_TIMELINE=<file> is set: each
// process appends one line when it exits (its entry, a shard or a file; when it started and ended,
// ms since the epoch; the CPU it used and its ended children used, ms), to see how the shards lie
// on the cores.
if (process.env.TEST_TIMELINE) {
  const { appendFileSync, readFileSync } = await import('node:fs');
  const started = Date.now() - process.uptime() * 1000;
  process.on('exit', () => {
    const { user, system } = process.cpuUsage();
    const entry = process.argv[1]?.split('/').pop() ?? '';
    // The CPU of its children that have ended (browsers, gateways): Linux's cutime and cstime, in ticks.
    let childCpuMs;
    try {
      const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
      childCpuMs = (Number(fields[13]) + Number(fields[14])) * 10;
    } catch {
      // not Linux
    }
    appendFileSync(
      process.env.TEST_TIMELINE,
      `${JSON.stringify({ entry, started: Math.round(started), ended: Date.now(), cpuMs: Math.round((user + system) / 1000), childCpuMs })}\n`,
    );
  });
}
