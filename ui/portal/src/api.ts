// The portal's calls to the gateway, each under the link's own path (`/portal/{token}/…`), typed
// from the API's OpenAPI document (api-types.ts, written by `npm run openapi:types`).
import { byName, parseExactJsonOrNull } from '../../shared/exact-json.ts';
import { decimalFields, numberFields, type paths } from './api-types.ts';
import { t } from './words.ts';

type Data<R> = R extends { content: { 'application/json': { data: infer D } } } ? D : never;

/** The customer the link is for. */
export type Customer = Data<paths['/portal/{token}/customer']['get']['responses'][200]>;
/** A subscription with its plan's name and price. */
export type Subscription = Data<paths['/portal/{token}/subscriptions']['get']['responses'][200]>[number];
/** A billed period and its invoice. */
export type Invoice = Data<paths['/portal/{token}/invoices']['get']['responses'][200]>[number];
type CancelBody = NonNullable<paths['/portal/{token}/subscriptions/{id}/cancel']['post']['requestBody']>['content']['application/json'];
type EmailBody = paths['/portal/{token}/customer']['patch']['requestBody']['content']['application/json'];

/** A call that got no usable answer, in words for the customer. */
export class CallError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

// The codes a customer can meet here, by the key of their words; anything else is "try again".
const ERROR_TEXT: Record<string, string> = {
  'exceptions.customer.portalLinkExpired': 'portal.error.expired',
  'exceptions.customer.portalLinkInvalid': 'portal.error.invalid',
  'exceptions.validation.failed': 'portal.error.email',
  'exceptions.subscription.cannotCancel': 'portal.error.cannotCancel',
  'exceptions.rateLimit.exceeded': 'portal.error.rateLimited',
};

const token = document.body.dataset.token ?? '';

/** Answers are read with their amounts as exact Decimals (never rounded through a double). */
const keepDecimal = byName(decimalFields, numberFields);

async function call(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(`/portal/${encodeURIComponent(token)}${path}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
      cache: 'no-store',
    });
  } catch {
    throw new CallError(t('portal.error.connection'), 0);
  }
  const json = (await res.text().then(
    (text) => parseExactJsonOrNull(text, keepDecimal),
    () => null,
  )) as { data?: unknown; code?: string } | null;
  if (!res.ok || !json) throw new CallError(t((json?.code && ERROR_TEXT[json.code]) || 'portal.error.generic'), res.status);
  return json.data;
}

export const getCustomer = () => call('GET', '/customer') as Promise<Customer>;
export const getSubscriptions = () => call('GET', '/subscriptions') as Promise<Subscription[]>;
export const getInvoices = () => call('GET', '/invoices') as Promise<Invoice[]>;
/** The customer's email and the language of their mails. */
export const updateCustomer = (body: EmailBody) => call('PATCH', '/customer', body) as Promise<Customer>;
/** Cancels at the end of the current period: the customer keeps what they paid for. */
export const cancelAtPeriodEnd = (id: string) =>
  call('POST', `/subscriptions/${encodeURIComponent(id)}/cancel`, { atPeriodEnd: true } satisfies CancelBody);
