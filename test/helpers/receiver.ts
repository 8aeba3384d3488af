import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
}

/**
 * A local webhook receiver for tests: records every request and answers with what `respond`
 * returns (status, optional headers and body), or never answers when it returns 'hang'.
 */
export async function startReceiver(
  respond: (req: Received, n: number) => { status: number; headers?: Record<string, string>; body?: string } | 'hang' = () => ({ status: 200 }),
) {
  const received: Received[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try {
        json = JSON.parse(body);
      } catch {
        /* not JSON */
      }
      const entry = { headers: req.headers, body, json };
      received.push(entry);
      const answer = respond(entry, received.length);
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** Polls `check` until it holds (or fails after `ms`). */
export async function until(check: () => Promise<boolean> | boolean, ms = 15_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
