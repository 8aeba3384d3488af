import { createHmac } from 'node:crypto';
import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { isPublicIp } from '../../lib/http/urls.ts';

/**
 * The body of one delivery, `{ event, data, timestamp }`, as the bytes that are signed and sent:
 * `data` is the event's stored JSON text, put in as it is, so its amounts keep every digit (the
 * text JSON.stringify would write of the parsed event, but for numbers a double cannot hold).
 */
export function webhookBody(event: string, dataJson: string, at: Date): string {
  return `{"event":${JSON.stringify(event)},"data":${dataJson},"timestamp":"${at.toISOString()}"}`;
}

/** Lowercase hex HMAC-SHA256 of the exact body bytes, keyed with the tenant's webhook secret. */
export function signBody(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('hex');
}

/**
 * Whether an address is on the public internet: only ipaddr's `unicast` range. Private, loopback,
 * link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, unique-local, multicast,
 * reserved and IPv4-mapped/translated forms of those are not.
 */
export const isPublicAddress = isPublicIp;

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
}

/**
 * A DNS lookup for the HTTP client that refuses names resolving to a non-public address, checked on
 * the very addresses the socket then connects to (no second lookup an attacker could rebind).
 */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as unknown as LookupAddress[];
      const blocked = list.find((a) => !isPublicAddress(a.address));
      if (!allowPrivate && (blocked || list.length === 0)) {
        return callback(new BlockedAddressError(`${hostname} resolves to a non-public address (${blocked?.address ?? 'none'})`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const [first] = list;
      if (!first) return callback(new Error(`${hostname} resolves to no address`), '', 0);
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * Keep-alive connection pools, one per protocol and per `allowPrivate` setting: the guarded lookup
 * runs when a socket connects, so a pooled socket is only reused under the rule it was checked by.
 * Sockets per origin are bounded (the deliverer caps requests per origin lower still); idle ones
 * close on the receiver's Keep-Alive hint or after a few seconds, and never keep the process alive.
 */
const agents = new Map<string, http.Agent>();
function agentFor(protocol: string, allowPrivate: boolean): http.Agent {
  const key = `${protocol}${allowPrivate}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 16, maxFreeSockets: 16, timeout: 4_000, lookup: guardedLookup(allowPrivate) };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

export interface SendOptions {
  /** WEBHOOK_ALLOW_PRIVATE: http:// and private hosts allowed (development and tests). */
  allowPrivate: boolean;
  /** Whole attempt, connect to last byte. */
  timeoutMs: number;
  /** Bytes of the response body kept; the rest is not read. */
  maxResponseBytes: number;
}

export interface SendResult {
  statusCode: number | null;
  latencyMs: number;
  /** Why the attempt did not get an answer (network error, timeout, blocked address …). */
  error: string | null;
  responseBody: string | null;
  /** Seconds the receiver asked to wait (Retry-After), if it said. */
  retryAfterS: number | null;
}

/** Retry-After as seconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * The URL to send to, or why nothing is sent: HTTPS only (HTTP too when private targets are
 * allowed), and an IP literal must be public since it is not looked up.
 */
function deliverable(url: string, allowPrivate: boolean): URL | string {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return 'invalid URL';
  }
  if (target.protocol !== 'https:' && !(allowPrivate && target.protocol === 'http:')) return `${target.protocol} URLs are not delivered to`;
  const literal = target.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && ipaddr.isValid(literal) && !isPublicAddress(literal)) return `${literal} is not a public address`;
  return target;
}

/**
 * One POST of a webhook body. Redirects are not followed (a 3xx is an answer like any other), the
 * whole attempt is bounded by `timeoutMs`, and at most `maxResponseBytes` of the answer are read.
 * Never throws: every outcome is a SendResult.
 */
export async function sendWebhook(url: string, body: string, headers: Record<string, string>, opts: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const done = (r: Omit<SendResult, 'latencyMs'>): SendResult => ({ ...r, latencyMs: Math.round(performance.now() - started) });
  const target = deliverable(url, opts.allowPrivate);
  if (typeof target === 'string') return done({ statusCode: null, error: target, responseBody: null, retryAfterS: null });
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(done(r));
    };
    const req = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        lookup: guardedLookup(opts.allowPrivate),
        agent: agentFor(target.protocol, opts.allowPrivate),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const answer = () =>
          finish({
            statusCode: res.statusCode ?? null,
            error: null,
            responseBody: Buffer.concat(chunks).toString('utf8').slice(0, opts.maxResponseBytes),
            retryAfterS: parseRetryAfter(res.headers['retry-after']),
          });
        res.on('data', (chunk: Buffer) => {
          if (size >= opts.maxResponseBytes) return;
          chunks.push(chunk.subarray(0, opts.maxResponseBytes - size));
          size += chunk.length;
          if (size >= opts.maxResponseBytes) {
            answer();
            res.destroy();
          }
        });
        res.on('end', answer);
        res.on('error', answer);
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`timed out after ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    req.on('error', (err) => finish({ statusCode: null, error: err.message, responseBody: null, retryAfterS: null }));
    req.end(body);
  });
}
