import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';

/**
 * Query parameters the API reads: their values are logged as sent. Any other parameter's value is
 * not, since a client may have put a key or token there (`?apiKey=…`, `?token=…`); nor is a value
 * that looks like one of the service's own credentials, whatever the parameter.
 */
const LOGGED_QUERY_PARAMS = new Set([
  'id',
  'orderId',
  'accountId',
  'page',
  'limit',
  'status',
  'network',
  'from',
  'to',
  'payer',
  'payTo',
  'transaction',
]);

/**
 * The shapes of the service's own credentials: an API key or admin token (`cgk_`/`cga_` and what
 * follows, lib/auth/api-keys.ts, modules/admin/admin-token.ts) anywhere in a value, and a value
 * that is exactly 32 random bytes in base64url (43 characters: session, CSRF and invite tokens).
 * No identifier the API takes has that shape (ids are UUIDs, hashes and addresses hex or base58).
 */
const CREDENTIAL = /(?:cgk|cga)_/i;
const RANDOM_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a path segment or query value, as sent or percent-decoded, looks like a credential. */
export function keyShaped(value: string): boolean {
  let decoded = value;
  if (value.includes('%')) {
    try {
      decoded = decodeURIComponent(value);
    } catch {
      /* not valid percent-encoding: judged as sent */
    }
  }
  return CREDENTIAL.test(decoded) || RANDOM_TOKEN.test(decoded);
}

/** A URL path with every segment shaped like a credential replaced by `[redacted]`. */
export function loggablePath(path: string): string {
  if (!path.includes('_') && !path.includes('%') && path.length < 44) return path; // no segment can be key-shaped
  return path
    .split('/')
    .map((segment) => (keyShaped(segment) ? '[redacted]' : segment))
    .join('/');
}

/**
 * The request URL as logged: the path with key-shaped segments redacted, and the query with every
 * value that may be a secret redacted (any parameter the API does not read, and any key-shaped value).
 */
export function loggableUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return loggablePath(url);
  const parts: string[] = [];
  for (const [name, value] of new URLSearchParams(url.slice(q + 1))) {
    const keep = LOGGED_QUERY_PARAMS.has(name) && !keyShaped(value);
    parts.push(`${encodeURIComponent(name)}=${keep ? encodeURIComponent(value) : '[redacted]'}`);
  }
  return `${loggablePath(url.slice(0, q))}?${parts.join('&')}`;
}

/** pino serializer of `req` (Fastify's own, with the URL made safe to log). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The secret parts of a service URL: its password (and user, when it has one) and key-like path segments or query values. */
function urlSecrets(raw: string | undefined): string[] {
  if (!raw) return [];
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return [];
  }
  const out: string[] = [];
  if (url.password) out.push(decodeURIComponent(url.password), url.password);
  if (url.password && url.username) out.push(decodeURIComponent(url.username));
  const keyLike = (v: string) => v.length >= 16 && /^[A-Za-z0-9_\-.~]+$/.test(v);
  for (const segment of url.pathname.split('/')) if (keyLike(segment)) out.push(segment);
  for (const [, value] of url.searchParams) if (keyLike(value)) out.push(value);
  return out;
}

/**
 * Every configured secret that an error message could carry into a log line: API keys embedded in
 * RPC provider URLs (`…/v3/<key>`, `?apikey=…`), credentials in database, Redis and node URLs, and
 * the keys and tokens themselves (which no code logs; this is the second line of defence).
 */
export function configuredSecrets(config: Config): string[] {
  const urls = [
    ...Object.values(config.chains).map((c) => c.rpcUrl),
    config.x402.rpcUrl,
    ...config.x402.networks.map((n) => n.rpcUrl),
    config.ratesUrl,
    config.ratesKrakenUrl,
    config.databaseUrl,
    config.redisUrl,
  ];
  const raw = [
    config.adminToken,
    config.x402.feePayerKey,
    ...config.x402.networks.map((n) => n.feePayerKey),
    ...Object.values(config.chains).flatMap((c) => [c.hotWalletKey, c.sweepXprv]),
  ].filter((v): v is string => !!v && v.length >= 8);
  return [...new Set([...urls.flatMap(urlSecrets), ...raw])].sort((a, b) => b.length - a.length);
}

/** A pino `streamWrite` hook replacing each secret in a finished log line with `[redacted]`. */
export function secretScrubber(secrets: string[]): ((line: string) => string) | undefined {
  if (secrets.length === 0) return undefined;
  return (line) => {
    let out = line;
    for (const s of secrets) if (out.includes(s)) out = out.split(s).join('[redacted]');
    return out;
  };
}
