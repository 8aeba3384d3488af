import dns from 'node:dns';
import ipaddr from 'ipaddr.js';
import { AppError } from '../errors.ts';

/** Why a webhook URL is refused (the `reason` of its validation entry; the dashboard says each in plain words). */
export type WebhookUrlReason =
  | 'malformed'
  | 'credentials'
  | 'httpsRequired'
  | 'ipAddress'
  | 'privateAddress'
  | 'notPublicName'
  | 'unresolvable';

/** A refused webhook URL: the reason, the host it is about and the address it resolves to, when known. */
export interface WebhookUrlProblem {
  reason: WebhookUrlReason;
  host?: string;
  address?: string;
}

/** Top-level names that never reach a public host (RFC 2606, RFC 6761, and common private zones). */
const PRIVATE_TLDS = ['localhost', 'local', 'internal', 'lan', 'home', 'corp', 'test', 'invalid', 'example', 'onion'];

/** Whether an address is on the public internet: only ipaddr's `unicast` range (not private, loopback, link-local, …). */
export function isPublicIp(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** Whether a lowercased host name (no trailing dot) is a public, TLD-qualified DNS name. */
function isPublicName(host: string): boolean {
  const labels = host.split('.');
  const tld = labels[labels.length - 1];
  if (labels.length < 2 || tld === undefined) return false;
  if (!/^(?:[a-z]{2,63}|xn--[a-z0-9-]{2,59})$/.test(tld) || PRIVATE_TLDS.includes(tld)) return false;
  return labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(l));
}

/**
 * What is wrong with a webhook URL as written, or null when it is one the API accepts: https, a
 * TLD-qualified DNS name (no IP literal, no localhost, no single-label or .local/.internal names).
 * WEBHOOK_ALLOW_PRIVATE lifts this for development and tests: then any http(s) URL is accepted.
 * The address the name resolves to is checked again at delivery time.
 */
export function webhookUrlProblem(value: string, opts: { webhookAllowPrivate: boolean }): WebhookUrlProblem | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { reason: 'malformed' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { reason: url.host ? 'httpsRequired' : 'malformed' };
  if (url.username || url.password) return { reason: 'credentials' };
  if (opts.webhookAllowPrivate) return null;
  if (url.protocol !== 'https:') return { reason: 'httpsRequired' };
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const literal = host.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(literal)) return { reason: isPublicIp(literal) ? 'ipAddress' : 'privateAddress', host: literal, address: literal };
  return isPublicName(host) ? null : { reason: 'notPublicName', host };
}

/** A webhook URL as the API requires it (webhookUrlProblem finds nothing wrong). */
export function isPublicHttpsUrl(value: string, opts: { webhookAllowPrivate: boolean }): boolean {
  return webhookUrlProblem(value, opts) === null;
}

/** Looks a host name up: every address it resolves to. Rejects with the resolver's error (`code` ENOTFOUND, …). */
export type HostLookup = (host: string) => Promise<string[]>;

/** The system resolver (what the deliverer connects by), given at most `timeoutMs`. */
export function systemLookup(timeoutMs = 3000): HostLookup {
  return (host) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(Object.assign(new Error(`DNS lookup of ${host} timed out`), { code: 'ETIMEOUT' })), timeoutMs);
      dns.lookup(host, { all: true }, (err, addresses) => {
        clearTimeout(timer);
        if (err) reject(err);
        else resolve(addresses.map((a) => a.address));
      });
    });
}

/** The resolver's answers that say a name does not exist (as opposed to a resolver that could not answer). */
const NO_SUCH_NAME = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

/**
 * What DNS says is wrong with a webhook URL's host: it does not exist, or it points at an address
 * off the public internet. A resolver that cannot answer now (timeout, no server) says nothing: the
 * URL is accepted, and the deliverer checks the addresses it connects to anyway.
 */
export async function webhookHostProblem(value: string, lookup: HostLookup): Promise<WebhookUrlProblem | null> {
  const host = new URL(value).hostname.toLowerCase().replace(/\.$/, '');
  try {
    const addresses = await lookup(host);
    const blocked = addresses.find((a) => !isPublicIp(a));
    return blocked !== undefined ? { reason: 'privateAddress', host, address: blocked } : null;
  } catch (err) {
    return NO_SUCH_NAME.has((err as { code?: string }).code ?? '') ? { reason: 'unresolvable', host } : null;
  }
}

/** Each reason in words, for API clients (the dashboard has its own sentences keyed by `reason`). */
const SAID: Record<WebhookUrlReason, (p: WebhookUrlProblem) => string> = {
  malformed: () => 'is not a URL: write it in full, like https://hooks.example.com/webhooks',
  credentials: () => 'must not carry a user name or password (events are signed instead)',
  httpsRequired: () => 'must start with https:// (events are sent over HTTPS only)',
  ipAddress: (p) => `names an IP address (${p.host}): use the host's DNS name`,
  privateAddress: (p) => `points at a private or local address (${p.address}) the gateway never calls`,
  notPublicName: (p) => `names ${p.host}, which is not a public internet name: use a TLD-qualified name like hooks.example.com`,
  unresolvable: (p) => `names ${p.host}, which DNS does not know: check the spelling, or create its DNS record first`,
};

/** The validation entry of a refused webhook URL: where, why (`reason`, `host`, `address`) and a sentence. */
export function webhookUrlEntry(field: string, problem: WebhookUrlProblem) {
  return { location: 'body', field, message: SAID[problem.reason](problem), ...problem };
}

/** Throws the validation error of a refused webhook URL (an object's own `webhookUrl`), saying why. */
export function checkWebhookUrl(field: string, value: string | undefined, opts: { webhookAllowPrivate: boolean }): void {
  const problem = value === undefined ? null : webhookUrlProblem(value, opts);
  if (problem) throw new AppError('exceptions.validation.failed', { fields: [webhookUrlEntry(field, problem)] });
}

/** Any http or https URL, including local development hosts (returnUrl, successUrl, failedUrl). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}
