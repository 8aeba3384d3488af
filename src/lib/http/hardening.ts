import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyServerFactory, FastifyServerOptions } from 'fastify';
import type { HttpLimits } from '../../config.ts';
import { AppError } from '../errors.ts';
import { ConnectionCaps, rawAnswer } from './connection-caps.ts';

export { clientKey } from './connection-caps.ts';

/** Node's connection table is swept at this pace for expired header and request deadlines. */
function sweepIntervalMs(limits: HttpLimits): number {
  return Math.min(1000, Math.max(50, Math.floor(limits.headersTimeoutMs / 4)));
}

/** What Node refused before any route saw the request, as a catalogue error. */
function clientProblem(err: NodeJS.ErrnoException & { reason?: string }): AppError {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new AppError('exceptions.request.timeout');
    case 'HPE_HEADER_OVERFLOW':
      return new AppError('exceptions.request.headersTooLarge');
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new AppError('exceptions.request.bodyTooLarge');
    default:
      return new AppError('exceptions.validation.failed', {
        fields: [{ location: 'request', field: '', message: err.reason ?? 'malformed HTTP request' }],
      });
  }
}

/** Fastify options that keep slow or greedy clients from holding connections. */
export interface ConnectionGuard {
  /** Spread into Fastify's options. */
  options: Required<Pick<FastifyServerOptions, 'clientErrorHandler'>> & { serverFactory: FastifyServerFactory<Server> };
}

/**
 * Bounds what one client can hold: the headers, the whole request and the idle time
 * between requests each have a deadline, after which the client gets 408 in the API's body; a
 * connection on which nothing moves while its answer waits to be read is closed; and connections
 * are capped per client address and in total, a connection over a cap answered 503 with
 * Retry-After (ConnectionCaps says why, and how the refusals themselves are bounded).
 *
 * A server factory rather than Fastify's timeout options: Fastify builds one server per address
 * when HOST resolves to several (localhost: 127.0.0.1 and ::1) and gives the extra ones neither
 * its clientError handler nor any listener added to `app.server`; the factory builds them all.
 */
export function connectionGuard(limits: HttpLimits, trustProxy: readonly string[] | undefined): ConnectionGuard {
  // The answer in progress on each socket, so a late error never writes into the middle of one.
  const answers = new WeakMap<Socket, ServerResponse>();
  const caps = new ConnectionCaps(limits, trustProxy);

  const clientErrorHandler = (err: NodeJS.ErrnoException & { reason?: string }, socket: Socket) => {
    // Also reached twice for one error on the main server (Fastify adds this handler there too).
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const res = answers.get(socket);
    // Mid-answer, or this request was already answered (a 401 before its body came): only close.
    const answered = res?.headersSent && (!res.writableEnded || !res.req.complete);
    if (socket.writable && !answered) socket.write(rawAnswer(clientProblem(err)));
    socket.destroy();
  };

  const serverFactory: FastifyServerFactory<Server> = (handler) => {
    const server = createServer(
      {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: sweepIntervalMs(limits),
      },
      (req, res) => {
        if (!caps.answerIfRefused(req.socket, res)) handler(req, res);
      },
    );
    server.setTimeout(limits.idleTimeoutMs);
    server.maxConnections = caps.hardLimit;
    server.on('request', (req, res) => answers.set(req.socket, res));
    server.on('clientError', clientErrorHandler);
    server.on('connection', caps.admit);
    // Without this listener Node closes a socket on its first idle timeout even while the handler
    // is still working (an x402 settlement waiting for its receipt, say): such a request is bounded
    // by its own limits instead. Idle kept-alive sockets and answers the client does not read close.
    server.on('timeout', (socket: Socket) => {
      const res = answers.get(socket);
      if (res && !res.writableEnded && !res.headersSent) return;
      socket.destroy();
    });
    return server;
  };

  return { options: { serverFactory, clientErrorHandler } };
}

const NO_STORE_PREFIX = /^\/(v1|admin|pay)(\/|\?|$)/;

/**
 * Response headers that keep answers out of caches and browsers' guesses: `no-store` on every
 * merchant, operator and payment-page answer (errors included, also for unknown routes under those
 * prefixes) and on every error anywhere, `nosniff` on everything, and `X-Frame-Options: DENY` on
 * HTML pages for browsers that predate CSP's frame-ancestors.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  // A callback hook: no promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (NO_STORE_PREFIX.test(request.url) || reply.statusCode >= 400) reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
    if (/^text\/html/i.test(String(reply.getHeader('content-type') ?? ''))) reply.header('x-frame-options', 'DENY');
    done(null, payload);
  });
}
