import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A webhook as the gateway sent it: the exact bytes and the headers the provider checks. */
export interface Delivery {
  invoiceId: string;
  status: string;
  body: Buffer;
  signature: string;
}

/**
 * Stands between the gateway and Medusa's webhook route: every webhook is passed on byte for byte
 * with its signature, except those of invoices the test holds back, which wait until released.
 * That lets a test post forged webhooks for a paid invoice before the genuine one can arrive.
 */
export async function startRelay() {
  let target = '';
  const held = new Set<string>();
  const waiting: Delivery[] = [];
  const seen: Delivery[] = [];
  const forward = (d: Delivery) => postHook(target, d.body, { 'x-webhook-signature': d.signature });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const event = JSON.parse(body.toString('utf8')) as { data?: { id?: string; status?: string } };
      const d = {
        invoiceId: String(event.data?.id),
        status: String(event.data?.status),
        body,
        signature: String(req.headers['x-webhook-signature']),
      };
      seen.push(d);
      if (held.has(d.invoiceId)) {
        waiting.push(d);
        res.writeHead(200).end();
        return;
      }
      forward(d).then(
        (status) => res.writeHead(status).end(),
        () => res.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    /** Where webhooks go: Medusa's route for the provider. */
    setTarget: (url: string) => (target = url),
    hold: (invoiceId: string) => held.add(invoiceId),
    /** Passes on what was held for the invoice, in the order it arrived, and stops holding it. */
    async release(invoiceId: string) {
      held.delete(invoiceId);
      for (const d of waiting.filter((w) => w.invoiceId === invoiceId)) await forward(d);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** Posts a webhook body to Medusa's route; the answer's status (Medusa answers 200 to anything it queues). */
export async function postHook(url: string, body: Buffer | string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return res.status;
}
