import { Worker } from 'node:worker_threads';
import { runTask, type OffloadTasks, type TaskName } from './offload-tasks.ts';

/**
 * One helper thread per process for the CPU-heavy pure work of a create (HD derivation, QR PNG):
 * a few milliseconds each that would otherwise stall every other request on the event loop. It is
 * started on first use and holds the process open only while it has work. If it cannot start or
 * dies, its tasks (and later ones, for a while) run in the calling thread instead: same results.
 */
interface Pending {
  name: TaskName;
  args: unknown;
  resolve: (value: never) => void;
  reject: (err: Error) => void;
}

const RETRY_AFTER_MS = 30_000;
let worker: Worker | undefined;
/** Set once the worker has loaded its modules: until then tasks run here, nobody waits for it. */
let ready = false;
let brokenUntil = 0;
let nextId = 1;
const pending = new Map<number, Pending>();

function inline(p: Pending): void {
  try {
    p.resolve(runTask(p.name, p.args as never) as never);
  } catch (err) {
    p.reject(err as Error);
  }
}

/** The worker died or never started: what it held runs here, and so does new work for a while. */
function fail(w: Worker): void {
  if (worker !== w) return;
  worker = undefined;
  ready = false;
  brokenUntil = Date.now() + RETRY_AFTER_MS;
  const held = [...pending.values()];
  pending.clear();
  held.forEach(inline);
  void w.terminate().catch(() => {});
}

/** Set in the gateway's compiled bundle (scripts/gateway-bundle.mjs): the URL of the worker's own bundle. */
declare const CRYPTOGATE_OFFLOAD_WORKER: string | undefined;

/**
 * The worker's entry: its compiled bundle when there is one (named in the gateway's bundle, or by
 * the CRYPTOGATE_OFFLOAD_WORKER variable: the test runner sets it, so that a test process's thread
 * does not compile the TypeScript again), else this module's sibling offload-worker, of the same
 * kind (.ts under tsx, whose loader a worker does not inherit on Node 20, so it registers it first).
 */
function entryCode(): string {
  const compiled = typeof CRYPTOGATE_OFFLOAD_WORKER === 'string' ? CRYPTOGATE_OFFLOAD_WORKER : process.env.CRYPTOGATE_OFFLOAD_WORKER;
  if (compiled) return `import(${JSON.stringify(compiled)})`;
  const entry = new URL(`./offload-worker${import.meta.url.slice(import.meta.url.lastIndexOf('.'))}`, import.meta.url).href;
  if (!entry.endsWith('.ts')) return `import(${JSON.stringify(entry)})`;
  const tsx = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
}

function start(): Worker {
  const w = new Worker(entryCode(), { eval: true });
  w.on('message', (msg: { ready?: true; id: number; result?: unknown; error?: string }) => {
    if (msg.ready) return void (ready = worker === w);
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    if (msg.error !== undefined) p.reject(new Error(msg.error));
    else p.resolve(msg.result as never);
    if (pending.size === 0) w.unref();
  });
  w.on('error', () => fail(w));
  w.on('exit', () => fail(w));
  w.unref();
  return w;
}

/** Runs a task on the helper thread (or, while it is unavailable, here). */
export function offThread<K extends TaskName>(name: K, ...args: OffloadTasks[K]['args']): Promise<OffloadTasks[K]['result']> {
  return new Promise((resolve, reject) => {
    const p: Pending = { name, args, resolve: resolve as (value: never) => void, reject };
    if (!worker && Date.now() >= brokenUntil) {
      try {
        worker = start();
      } catch {
        brokenUntil = Date.now() + RETRY_AFTER_MS;
      }
    }
    if (!worker || !ready) return inline(p);
    const id = nextId++;
    pending.set(id, p);
    worker.ref();
    worker.postMessage({ id, name, args });
  });
}

/** Whether tasks now go to the helper thread (tests). */
export function helperThreadReady(): boolean {
  return ready;
}
