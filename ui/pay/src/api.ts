// The page's calls to the gateway, every one under the page's own path (`/pay/{id}/…`), typed
// from the API's OpenAPI document (api-types.ts, written by `npm run openapi:types`).
import { byName, parseExactJsonOrNull } from '../../shared/exact-json.ts';
import { decimalFields, numberFields, type paths } from './api-types.ts';
import { AWAY } from './away.ts';
import { t, type PageText } from './text.ts';

/** What a call answers on success: its `data`. */
type Data<R> = R extends { content: { 'application/json': { data: infer D } } } ? D : never;

/** The invoice as the customer may see it (`GET /pay/{id}/state`, and the answer of a pick). */
export type PayState = Data<paths['/pay/{id}/state']['get']['responses'][200]>;
/** The chosen currency's quote: amounts, address, QR code and the payments seen. */
export type Selected = NonNullable<PayState['selected']>;
/** A currency the picker offers. */
export type Currency = PayState['currencies'][number];
/** A payment toward the quote. */
export type PaymentLine = Selected['payments'][number];
/** The invoice's status. */
export type Status = PayState['status'];

/** A currency's code, as the API accepts it. */
export type CryptoCode = paths['/pay/{id}/select']['post']['requestBody']['content']['application/json']['cryptoCurrencyCode'];

/** The page's writes. */
type PostPath = '/pay/{id}/select' | '/pay/{id}/simulate' | '/pay/{id}/simulate/mine' | '/pay/{id}/receipt-email';
type Body<P extends PostPath> = paths[P]['post']['requestBody']['content']['application/json'];

/** A call that got no usable answer: its words for the customer, and whether the service is merely away. */
export class CallError extends Error {
  constructor(
    message: string,
    /** The HTTP status; 0 when no answer came at all. */
    readonly status: number,
    /** The service is away for now (offline, or a proxy in front has no answer), not refusing. */
    readonly away: boolean,
    /** The server's Retry-After, in seconds (0 when it named none). */
    readonly retryAfter = 0,
  ) {
    super(message);
  }
}

// The API's error codes the customer can meet here, in words they understand; anything else is "try again".
const ERROR_TEXT: Record<string, string> = {
  'exceptions.invoice.notPayable': 'error.notPayable',
  'exceptions.invoice.currencyLocked': 'error.currencyLocked',
  'exceptions.currency.unavailable': 'error.currencyUnavailable',
  'exceptions.depositFee.quoteUnavailable': 'error.currencyUnavailable',
  'exceptions.rates.unavailable': 'error.currencyUnavailable',
  'exceptions.rateLimit.exceeded': 'error.rateLimited',
  'exceptions.invoice.customerEmailAlreadySet': 'error.receiptEmailSet',
  'exceptions.validation.failed': 'error.invalidEmail',
};

const id = document.body.dataset.invoice ?? '';

/** Answers are read with their amounts as exact Decimals (never rounded through a double). */
const keepDecimal = byName(decimalFields, numberFields);

async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`/pay/${encodeURIComponent(id)}${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      cache: 'no-store',
    });
  } catch {
    throw new CallError('offline', 0, true);
  }
  const json = (await res.text().then(
    (text) => parseExactJsonOrNull(text, keepDecimal),
    () => null,
  )) as { data?: unknown; code?: string } | null;
  if (!res.ok || !json) {
    const code = json?.code;
    // A 503 that names its own reason (no rate for this currency, say) is an answer, not an outage.
    const away = AWAY.includes(res.status) && (!code || code === 'exceptions.service.unavailable');
    throw new CallError(t((code && ERROR_TEXT[code]) || 'error.generic'), res.status, away, Number(res.headers.get('retry-after')) || 0);
  }
  return json.data;
}

/** The invoice's state now. */
export function getState(): Promise<PayState> {
  return call('GET', '/state') as Promise<PayState>;
}

/** A write of the page: the currency picked (answered with the new state), a sandbox payment or block. */
export function post<P extends PostPath>(path: P, body: Body<P>): Promise<Data<paths[P]['post']['responses'][200]>> {
  return call('POST', path.slice('/pay/{id}'.length), body) as Promise<Data<paths[P]['post']['responses'][200]>>;
}

/** A language's words for the switcher. */
export function getText(lang: string): Promise<PageText> {
  return call('GET', `/i18n/${encodeURIComponent(lang)}`) as Promise<PageText>;
}
