// Preloaded into test processes by scripts/run-tests.mjs (`--import`), before node:test loads.
//
// Node 20's test harness keeps an async hook enabled for the whole life of a test process
// (internal/test_runner/harness.js). It maps every async resource to the test it was created
// under, in order to (1) hang `describe`, `it`, `before` and `after` on the suite whose body calls
// them, and (2) name the test an uncaught exception or unhandled rejection came from. Its `destroy`
// callback makes V8 track every promise: each gets an init call, a map entry, and a weak reference
// whose finalizer makes the destroy call. The gateway's code and its drivers (kysely, PGlite, pg)
// are built on promises, so this was the largest single cost of the suite's own making: 300,000
// awaits took 1,482 ms under the harness's hook and 215 ms under this one. In a profile of the whole
// suite, the hook's functions alone took 37 s of the 824 s, not counting the garbage collector's
// share.
//
// So the harness gets a hook that maps only the tests and suites themselves (type 'Test'), and has
// no `destroy`. Purpose (1) needs only those, because a suite's body runs synchronously in the
// suite's own scope. What changes is purpose (2): a stray error, thrown or rejected outside any
// test's await, is no longer pinned on the test that started it. The harness still catches it,
// prints it ("A resource generated asynchronous activity after the test ended… created the error
// …") and fails the file, and with it the run. TEST_ASYNC_ATTRIBUTION=1 keeps the harness's own
// hook, to find which test a stray error came from.
import asyncHooks from 'node:async_hooks';

if (process.env.TEST_ASYNC_ATTRIBUTION !== '1') {
  const createHook = asyncHooks.createHook;
  asyncHooks.createHook = function (callbacks) {
    if (!new Error().stack?.includes('internal/test_runner/harness')) return createHook.call(this, callbacks);
    asyncHooks.createHook = createHook; // the harness asks once
    const { init } = callbacks;
    return createHook.call(this, {
      init(asyncId, type, triggerAsyncId, resource) {
        if (type === 'Test') init(asyncId, type, triggerAsyncId, resource);
      },
    });
  };
}

// TEST_TIMELINE=<file>: each test process appends one line when it exits: its entry (a shard or a
// file), when it started and ended (ms since the epoch) and the CPU it used (ms), to see how the
// shards lie on the cores.
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
    appendFileSync(process.env.TEST_TIMELINE, `${JSON.stringify({ entry, started: Math.round(started), ended: Date.now(), cpuMs: Math.round((user + system) / 1000), childCpuMs })}\n`);
  });
}
