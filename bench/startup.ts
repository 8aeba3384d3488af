import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmStartArgs } from '../test/helpers/processes.ts';
import { progress, round, type Figures } from './lib.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TICKS_PER_S = 100; // getconf CLK_TCK on Linux

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  await new Promise((r) => server.close(r));
  return port;
}

/** `npm start` as an operator runs it (sandbox, embedded database in `dataDir`), its output kept for errors. */
function spawnGateway(dataDir: string, port: number): { child: ChildProcess; output: () => string } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  for (const name of Object.keys(env)) if (/^(DATABASE_URL|REDIS_URL|MODE|ROLE|ADMIN_TOKEN)$|_RPC_URL$|_XPUB$/.test(name)) delete env[name];
  const child = spawn(process.execPath, npmStartArgs(), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (chunk: Buffer) => (out = (out + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, output: () => out };
}

/** Seconds from `spawned` until GET /healthz answers 200. */
async function untilHealthy(port: number, child: ChildProcess, output: () => string, spawned: number): Promise<number> {
  const deadline = spawned + 180_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}: ${output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return (performance.now() - spawned) / 1000;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no /healthz 200 within 180 s: ${output()}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

/** The process and its descendants (the devnet's anvil, say), from /proc. */
function tree(pid: number): number[] {
  const out = [pid];
  for (const task of safe(() => readdirSync(`/proc/${pid}/task`), [])) {
    for (const child of safe(() => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8'), '')
      .split(' ')
      .filter(Boolean))
      out.push(...tree(Number(child)));
  }
  return out;
}
function safe<T>(f: () => T, fallback: T): T {
  try {
    return f();
  } catch {
    return fallback;
  }
}
/** CPU ticks used so far (user + system) and resident memory in MB, of one process. */
function sample(pid: number): { ticks: number; rssMb: number } {
  const stat = safe(() => readFileSync(`/proc/${pid}/stat`, 'utf8'), '');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const rss = /VmRSS:\s+(\d+) kB/.exec(safe(() => readFileSync(`/proc/${pid}/status`, 'utf8'), ''));
  return { ticks: Number(fields[11] ?? 0) + Number(fields[12] ?? 0), rssMb: rss ? Number(rss[1]) / 1024 : 0 };
}

/** CPU (% of one core) and resident memory (MB, the last sample) over `seconds` of idling, of the process and of its tree. */
async function idle(pid: number, seconds: number): Promise<Figures> {
  const pids = tree(pid);
  const before = pids.map(sample);
  const t0 = performance.now();
  let last = before;
  let peak = 0;
  for (let i = 0; i < seconds; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    last = pids.map(sample);
    peak = Math.max(peak, last[0]!.rssMb);
  }
  const wall = (performance.now() - t0) / 1000;
  const cpu = (k: number) => round((100 * (last[k]!.ticks - before[k]!.ticks)) / TICKS_PER_S / wall, 2);
  const treeCpu = pids.reduce((s, _, k) => s + cpu(k), 0);
  return {
    idleCpuPct: cpu(0),
    idleRssMb: round(last[0]!.rssMb),
    idlePeakRssMb: round(peak),
    treeProcesses: pids.length,
    treeIdleCpuPct: round(treeCpu, 2),
    treeIdleRssMb: round(last.reduce((s, x) => s + x.rssMb, 0)),
  };
}

/**
 * Start-up and idle of `npm start` (package.json's start script: the compiled gateway bundle), sandbox
 * with the embedded database: seconds from spawning it on a fresh DATA_DIR to GET /healthz 200; then
 * CPU and resident memory over BENCH_IDLE_SECONDS (20) of idling (they include V8's one
 * memory-reducing collection some 15 s after start, 70-80 ms of CPU); then, stopped with SIGTERM, a
 * restart on the same data.
 */
export async function benchStartup(): Promise<Figures> {
  const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
  const dir = mkdtempSync(join(tmpdir(), 'cg-bench-start-'));
  try {
    const port = await freePort();
    progress('startup: first start on a fresh DATA_DIR');
    let t = performance.now();
    let gw = spawnGateway(join(dir, 'data'), port);
    const first = await untilHealthy(port, gw.child, gw.output, t).catch(async (err) => (await stop(gw.child), Promise.reject(err)));
    const firstCpu = sample(gw.child.pid!).ticks / TICKS_PER_S;
    progress(`startup: healthy after ${first.toFixed(1)} s (${firstCpu.toFixed(1)} s of CPU); idling ${idleSeconds} s`);
    const idleFigures = await idle(gw.child.pid!, idleSeconds);
    await stop(gw.child);
    progress('startup: restart on the same data');
    t = performance.now();
    gw = spawnGateway(join(dir, 'data'), port);
    const restart = await untilHealthy(port, gw.child, gw.output, t).catch(async (err) => (await stop(gw.child), Promise.reject(err)));
    const restartCpu = sample(gw.child.pid!).ticks / TICKS_PER_S;
    await stop(gw.child);
    console.log(
      `\nnpm start (sandbox, embedded database): first start to /healthz ${first.toFixed(1)} s, restart on the same data ${restart.toFixed(1)} s`,
    );
    // CPU used by the gateway process until then: what a busy machine does not inflate.
    console.log(`  CPU of the gateway process until /healthz: first start ${firstCpu.toFixed(2)} s, restart ${restartCpu.toFixed(2)} s`);
    console.log(
      `  idle over ${idleSeconds} s after start: ${idleFigures.idleCpuPct} % of a core, ${idleFigures.idleRssMb} MB resident (gateway process)`,
    );
    console.log(
      `  with its ${Number(idleFigures.treeProcesses) - 1} child processes: ${idleFigures.treeIdleCpuPct} % of a core, ${idleFigures.treeIdleRssMb} MB`,
    );
    return {
      firstStartS: round(first, 2),
      restartS: round(restart, 2),
      firstStartCpuS: round(firstCpu, 2),
      restartCpuS: round(restartCpu, 2),
      idleSeconds,
      ...idleFigures,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
