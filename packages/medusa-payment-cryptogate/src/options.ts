/** What the provider takes in `medusa-config.ts`, under the payment module's `providers[].options`. */
export interface CryptogateOptions {
  /** The gateway's origin, e.g. `https://pay.example.com` (its API lives under `/v1`). */
  gatewayUrl: string;
  /** A merchant API key (`x-tenant-api-key`) with the invoice, currency and withdrawal scopes. */
  apiKey: string;
  /** The tenant's webhook secret (64 hex characters), the key of every `x-webhook-signature`. */
  webhookSecret: string;
  /** The merchant account the invoices belong to; needed only with a tenant-wide key. */
  accountId?: string;
  /** Where the gateway posts the invoice's webhooks: this Medusa's `/hooks/payment/pp_cryptogate_<id>`. */
  webhookUrl?: string;
  /** Minutes the customer has to pay (15 to 43200); the gateway's default when absent. */
  expiresInMinutes?: number;
  /** Where the payment page sends the customer back: after paying, and after giving up. */
  successUrl?: string;
  returnUrl?: string;
  /** Check the key against the gateway while Medusa starts (default true). */
  checkOnStart?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A start-up error that names the option and what is wrong with it. */
export class CryptogateOptionsError extends Error {
  constructor(option: string, problem: string) {
    super(`medusa-payment-cryptogate: option "${option}" ${problem} (set it in medusa-config.ts, under the payment module's providers)`);
    this.name = 'CryptogateOptionsError';
  }
}

function httpUrl(name: string, value: unknown, required: boolean): string | undefined {
  if (value === undefined || value === null || value === '') {
    if (required) throw new CryptogateOptionsError(name, 'is missing: the URL of the gateway, e.g. https://pay.example.com');
    return undefined;
  }
  if (typeof value !== 'string') throw new CryptogateOptionsError(name, 'must be a string URL');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new CryptogateOptionsError(name, `is not a URL: "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new CryptogateOptionsError(name, `must be http(s), not ${url.protocol}`);
  return value.replace(/\/+$/, '');
}

/** Reads and checks the options; throws `CryptogateOptionsError` on the first wrong or missing one. */
export function parseOptions(raw: Record<string, unknown> | undefined): CryptogateOptions {
  const o = raw ?? {};
  const gatewayUrl = httpUrl('gatewayUrl', o.gatewayUrl, true) as string;
  if (typeof o.apiKey !== 'string' || o.apiKey.trim() === '') {
    throw new CryptogateOptionsError('apiKey', 'is missing: a merchant API key of the gateway (dashboard, Developers, API keys)');
  }
  if (typeof o.webhookSecret !== 'string' || !/^[0-9a-f]{64}$/i.test(o.webhookSecret)) {
    throw new CryptogateOptionsError('webhookSecret', 'must be the tenant webhook secret: 64 hex characters');
  }
  if (o.accountId !== undefined && (typeof o.accountId !== 'string' || !UUID.test(o.accountId))) {
    throw new CryptogateOptionsError('accountId', 'must be the account id, a UUID');
  }
  const minutes = o.expiresInMinutes;
  if (minutes !== undefined && (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 15 || minutes > 43200)) {
    throw new CryptogateOptionsError('expiresInMinutes', 'must be a whole number from 15 to 43200');
  }
  if (o.checkOnStart !== undefined && typeof o.checkOnStart !== 'boolean')
    throw new CryptogateOptionsError('checkOnStart', 'must be true or false');
  return {
    gatewayUrl,
    apiKey: o.apiKey.trim(),
    webhookSecret: o.webhookSecret.toLowerCase(),
    accountId: o.accountId as string | undefined,
    webhookUrl: httpUrl('webhookUrl', o.webhookUrl, false),
    expiresInMinutes: minutes as number | undefined,
    successUrl: httpUrl('successUrl', o.successUrl, false),
    returnUrl: httpUrl('returnUrl', o.returnUrl, false),
    checkOnStart: o.checkOnStart as boolean | undefined,
  };
}
