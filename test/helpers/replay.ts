import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';

/** A recorded answer of a remote service: status and body, sent as JSON. */
export interface Replay {
  status: number;
  body: string;
}

/** A fixture file under test/fixtures, as text. */
export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
}

/**
 * Call inside a suite: a local HTTP server replaying a remote service's documented answer, which a
 * test may change (`answer`, or `route` to answer by URL) to play an outage or a moved market.
 * Records each request's URL.
 */
export function useReplayServer(initial: Replay) {
  let server: Server | undefined;
  const state = {
    answer: initial,
    base: '',
    requests: [] as string[],
    route: undefined as ((url: string) => Replay | undefined) | undefined,
  };
  before(async () => {
    server = createServer((req, res) => {
      state.requests.push(req.url ?? '');
      const answer = state.route?.(req.url ?? '') ?? state.answer;
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));
  return state;
}
