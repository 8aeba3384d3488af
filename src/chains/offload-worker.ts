import { parentPort } from 'node:worker_threads';
import { runTask, type TaskName } from './offload-tasks.ts';

/** The helper thread (see offload.ts): runs each task it is sent and answers with its result or error. */
const port = parentPort;
if (!port) throw new Error('offload-worker.ts runs as a worker thread only');
port.on('message', (msg: { id: number; name: TaskName; args: never }) => {
  try {
    port.postMessage({ id: msg.id, result: runTask(msg.name, msg.args) });
  } catch (err) {
    port.postMessage({ id: msg.id, error: (err as Error).message ?? String(err) });
  }
});

port.postMessage({ ready: true });
