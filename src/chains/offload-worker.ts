import { parentPort } from 'node:worker_threads';
import { runTask, type TaskName } from './offload-tasks.ts';

/** The helper thread (see offload.ts): runs each task it is sent and answers with its result or error. */
parentPort!.on('message', (msg: { id: number; name: TaskName; args: never }) => {
  try {
    parentPort!.postMessage({ id: msg.id, result: runTask(msg.name, msg.args) });
  } catch (err) {
    parentPort!.postMessage({ id: msg.id, error: (err as Error).message ?? String(err) });
  }
});

parentPort!.postMessage({ ready: true });
