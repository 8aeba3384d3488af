import { createHmac, timingSafeEqual } from 'node:crypto';

/** What Medusa hands the provider for a webhook: parsed body, raw bytes and headers. */
export interface WebhookPayload {
  data?: unknown;
  rawData?: unknown;
  headers?: Record<string, unknown>;
}

function rawBytes(raw: unknown): Buffer | null {
  if (Buffer.isBuffer(raw)) return raw;
  if (typeof raw === 'string') return Buffer.from(raw, 'utf8');
  // A Buffer that went through the event bus as JSON.
  if (raw && typeof raw === 'object' && (raw as { type?: unknown }).type === 'Buffer' && Array.isArray((raw as { data?: unknown }).data)) {
    return Buffer.from((raw as { data: number[] }).data);
  }
  return null;
}

function header(headers: Record<string, unknown> | undefined, name: string): string | null {
  const v = headers?.[name] ?? headers?.[name.toLowerCase()];
  if (Array.isArray(v)) return typeof v[0] === 'string' ? v[0] : null;
  return typeof v === 'string' ? v : null;
}

/**
 * The raw body when `x-webhook-signature` is the HMAC-SHA256 of exactly these bytes under the
 * tenant's secret, else null. Only the raw bytes are checked: a re-serialised body would not match.
 */
export function verifiedBody(payload: WebhookPayload, secret: string): Buffer | null {
  const body = rawBytes(payload.rawData);
  const sig = header(payload.headers, 'x-webhook-signature');
  if (!body || !sig || !/^[0-9a-f]{64}$/i.test(sig)) return null;
  const mac = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(sig, 'hex');
  return given.length === mac.length && timingSafeEqual(given, mac) ? body : null;
}
