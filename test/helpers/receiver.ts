import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../../src/lib/db/index.ts';

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
  respond: (req: Received, n: number) => { status: number; headers?: Record<string, string>; body?: string } | 'hang' = () => ({
    status: 200,
  }),
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

/** A request's delivery id and attempt number, as the gateway sent them. */
function attemptOf(r: Received): { id: string; attempt: number } {
  return { id: String(r.headers['x-webhook-id']), attempt: Number(r.headers['x-webhook-attempt']) };
}

/**
 * The first request of each delivery (`x-webhook-id`), in order of arrival. Delivery is at least
 * once: an attempt that timed out on the gateway's side may have reached the receiver all the
 * same, and its retry then arrives again; a receiver dedupes by the id, and so do the tests.
 */
export function firstOfEach(received: readonly Received[]): Received[] {
  const seen = new Set<string>();
  return received.filter((r) => {
    const { id } = attemptOf(r);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

/**
 * What at-least-once promises, checked against the gateway's own record of the deliveries `ids`:
 * every request the receiver saw belongs to one of them and is a recorded attempt (same id and
 * attempt number), no attempt arrived twice (two senders holding one delivery at once would show
 * here), and every attempt recorded with an answer (a status code) did arrive. An attempt recorded
 * as timed out or failed on the network may or may not have arrived. Call it once no attempt of
 * these deliveries is in flight.
 */
export async function assertAttemptsMatch(db: Db, received: readonly Received[], ids: readonly string[]): Promise<void> {
  assert.ok(ids.length > 0, 'deliveries to compare');
  const rows = await db
    .selectFrom('webhook_attempts')
    .select(['delivery_id', 'attempt', 'status_code'])
    .where('delivery_id', 'in', [...ids])
    .execute();
  const recorded = new Set(rows.map((r) => `${r.delivery_id}#${r.attempt}`));
  const known = new Set(ids);
  const arrived = new Set<string>();
  for (const r of received) {
    const { id, attempt } = attemptOf(r);
    const key = `${id}#${attempt}`;
    assert.ok(known.has(id), `a request for delivery ${id}, not one of those compared`);
    assert.ok(!arrived.has(key), `attempt ${attempt} of delivery ${id} arrived twice`);
    arrived.add(key);
    assert.ok(recorded.has(key), `attempt ${attempt} of delivery ${id} arrived but is not recorded`);
  }
  for (const r of rows) {
    if (r.status_code === null) continue;
    assert.ok(
      arrived.has(`${r.delivery_id}#${r.attempt}`),
      `attempt ${r.attempt} of delivery ${r.delivery_id} is recorded with HTTP ${r.status_code} but never arrived`,
    );
  }
}
