import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { HttpLimits } from '../../config.ts';
import { ipAllowed } from '../auth/ip.ts';
import { AppError } from '../errors.ts';

/** Seconds a client refused for a connection cap is told to wait (`Retry-After`): slots free as fast as requests end. */
export const BUSY_RETRY_AFTER_S = 1;

/**
 * Longest an over-cap connection is held for its request before it is answered anyway and closed:
 * a client that opened a connection sends its request at once, and a slow one must not hold the
 * slot the cap refused it for long. Never longer than the header deadline.
 */
const REFUSAL_DEADLINE_MS = 2000;

/** Why a connection is not served: its client holds its cap, or the server holds its total. */
type Refusal = 'client' | 'server';

const BUSY_MESSAGES: Record<Refusal, string> = {
  client:
    'This client address holds its maximum of open connections to the gateway; retry after Retry-After seconds, or open fewer connections at once',
  server: 'The gateway holds its maximum of open connections; retry after Retry-After seconds',
};

/** The headers of an error answered outside Fastify: the API's body, never cached, then closed. */
function errorHeaders(body: string, extra: Record<string, string>): Record<string, string> {
  return {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...extra,
    connection: 'close',
  };
}

/** A whole HTTP/1.1 answer in the API's error body, for a socket no Fastify reply exists on. */
export function rawAnswer(error: AppError, extra: Record<string, string> = {}): string {
  const body = JSON.stringify(error.toBody());
  const headers = Object.entries(errorHeaders(body, extra)).map(([name, value]) => `${name}: ${value}`);
  return [`HTTP/1.1 ${error.statusCode} ${STATUS_CODES[error.statusCode]}`, ...headers, '', body].join('\r\n');
}

function busy(refusal: Refusal): AppError {
  return new AppError('exceptions.service.busy', undefined, BUSY_MESSAGES[refusal]);
}

/**
 * The connection budget of one client. IPv6 clients are counted per /64, the block one subscriber
 * is usually given, or a single host could open a fresh address per connection.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const ip = ipaddr.process(address);
  if (ip.kind() === 'ipv4') return ip.toString();
  return `${(ip as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

/**
 * Connections counted per client address and in total, and answered when over a cap
 *: a merchant backend sending a burst of parallel requests opens one connection per
 * request, and one closed without an answer is a request it cannot tell from a lost one. So a
 * connection over a cap is kept just long enough to read its request headers, then answered 503
 * `exceptions.service.busy` with Retry-After and closed; Node's parser discards its body. Queuing it
 * until a slot frees was the other choice, and a worse one: slots free when connections close,
 * not when requests end, so behind kept-alive connections a queued request would wait for a
 * keep-alive timeout with no word, and a proxy's or client's own timeout would cut it unanswered.
 *
 * The refusals are bounded too: each lasts at most REFUSAL_DEADLINE_MS (then the 503 is written
 * and the connection closed, request or not), and at most `refusalBudget` are held at once. Past
 * that, only under a flood of connections, a new one is closed at once, as Node's
 * `maxConnections` does. The per-address cap is at the TCP level, where TRUST_PROXY's
 * X-Forwarded-For is not known yet, so connections from trusted proxies are counted only in the
 * total: one proxy's socket address stands for many clients, and the proxy enforces its own limits.
 */
export class ConnectionCaps {
  private readonly open = new Map<string, number>();
  private served = 0;
  private refusing = 0;
  /** Refused connections, with whether their 503 was written. */
  private readonly refused = new WeakMap<Socket, { refusal: Refusal; answered: boolean }>();
  /** Connections held at once to be answered 503: a tenth of the total, at least 100. */
  readonly refusalBudget: number;
  private readonly deadlineMs: number;

  constructor(
    private readonly limits: HttpLimits,
    private readonly trustProxy: readonly string[] | undefined,
  ) {
    this.refusalBudget = Math.max(100, Math.ceil(limits.maxConnections / 10));
    this.deadlineMs = Math.min(REFUSAL_DEADLINE_MS, limits.headersTimeoutMs);
  }

  /** Every connection the servers accept, served or refused; Node's own cap is the one past both. */
  get hardLimit(): number {
    return this.limits.maxConnections + this.refusalBudget;
  }

  /** A new connection: counted and served, or marked for a 503. */
  admit = (socket: Socket): void => {
    const address = socket.remoteAddress;
    if (!address) return; // already gone
    const key = this.trustProxy?.length && ipAllowed(address, this.trustProxy) ? null : clientKey(address);
    if (this.served >= this.limits.maxConnections) return this.refuse(socket, 'server');
    if (key !== null && (this.open.get(key) ?? 0) >= this.limits.maxConnectionsPerIp) return this.refuse(socket, 'client');
    this.served++;
    if (key !== null) this.open.set(key, (this.open.get(key) ?? 0) + 1);
    socket.once('close', () => {
      this.served--;
      if (key === null) return;
      const left = (this.open.get(key) ?? 1) - 1;
      if (left > 0) this.open.set(key, left);
      else this.open.delete(key);
    });
  };

  /**
   * Answers the request of a refused connection with 503 and returns true; false for a served one.
   * Called before the request reaches Fastify: a refused request costs no route, hook or log line.
   */
  answerIfRefused(socket: Socket, res: ServerResponse): boolean {
    const refused = this.refused.get(socket);
    if (refused === undefined) return false;
    refused.answered = true;
    const error = busy(refused.refusal);
    const body = JSON.stringify(error.toBody());
    res.writeHead(error.statusCode, errorHeaders(body, { 'retry-after': String(BUSY_RETRY_AFTER_S) }));
    res.end(body);
    return true;
  }

  private refuse(socket: Socket, refusal: Refusal): void {
    if (this.refusing >= this.refusalBudget) {
      socket.destroy();
      return;
    }
    this.refusing++;
    const refused = { refusal, answered: false };
    this.refused.set(socket, refused);
    const deadline = setTimeout(() => {
      if (!refused.answered && socket.writable) socket.write(rawAnswer(busy(refusal), { 'retry-after': String(BUSY_RETRY_AFTER_S) }));
      socket.destroy();
    }, this.deadlineMs);
    deadline.unref();
    socket.once('close', () => {
      clearTimeout(deadline);
      this.refusing--;
    });
  }
}
