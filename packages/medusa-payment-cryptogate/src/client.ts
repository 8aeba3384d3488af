import { type Decimal, parseExact, RawDecimal, stringifyExact } from './decimal';
import type { CryptogateOptions } from './options';

/** One line of an invoice as the payment page shows it. */
export interface InvoiceItem {
  name: string;
  quantity: number;
  cost: Decimal;
}

/** An invoice as the gateway answers it; amounts are exact decimal text. */
export interface GatewayInvoice {
  id: string;
  orderId?: string;
  amount: Decimal;
  fiatCurrencyCode: string;
  status: InvoiceStatus;
  cryptoCurrencyCode?: string;
  cryptoAmountExpected?: Decimal;
  cryptoAmountReceived?: Decimal;
  amountRefunded?: Decimal;
  settlement?: { networkFeeAmount?: Decimal; amountPaid?: Decimal };
  customPayload?: string;
  paymentPageUrl: string;
  latePayment?: 'after_expiry' | 'after_cancellation';
  expiresAt: string;
}

/** The gateway's invoice statuses. */
export type InvoiceStatus =
  | 'created'
  | 'processing'
  | 'paid'
  | 'partially_paid'
  | 'overpaid'
  | 'expired'
  | 'cancelled'
  | 'failed'
  | 'suspended';

/** A withdrawal (here: a refund) as the gateway answers it. */
export interface GatewayWithdrawal {
  id: string;
  status: string;
  amount: Decimal;
  cryptoCurrencyCode: string;
  invoiceId?: string;
}

/** A refused call: the gateway's stable error code, its HTTP status and its message. */
export class GatewayError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extension?: unknown,
  ) {
    super(`cryptogate ${status} ${code}: ${message}`);
    this.name = 'GatewayError';
  }
}

/** The few merchant API calls the provider makes, with the key and account of the options. */
export class GatewayClient {
  constructor(private readonly options: CryptogateOptions) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> {
    const headers: Record<string, string> = { 'x-tenant-api-key': this.options.apiKey, accept: 'application/json' };
    let text: string | undefined;
    if (body) {
      headers['content-type'] = 'application/json';
      const withAccount = this.options.accountId ? { ...body, accountId: this.options.accountId } : body;
      text = stringifyExact(withAccount);
    }
    let res: Response;
    try {
      res = await fetch(`${this.options.gatewayUrl}${path}`, { method, headers, body: text, signal: AbortSignal.timeout(15_000) });
    } catch (err) {
      throw new GatewayError(0, 'network', `cannot reach ${this.options.gatewayUrl}: ${(err as Error).message}`);
    }
    const answer = await res.text();
    let parsed: unknown;
    try {
      parsed = answer ? parseExact(answer) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!res.ok) {
      const e = (parsed ?? {}) as { code?: string; message?: string; extension?: unknown };
      const detail = e.extension === undefined ? '' : ` ${JSON.stringify(e.extension)}`;
      throw new GatewayError(res.status, e.code ?? 'unknown', `${e.message ?? answer.slice(0, 200)}${detail}`, e.extension);
    }
    return parsed as T;
  }

  /** Creates an invoice; the total is `amount` in `fiatCurrencyCode`. */
  async createInvoice(input: Record<string, unknown>): Promise<GatewayInvoice> {
    const items = input.items as InvoiceItem[] | undefined;
    const body = {
      ...input,
      amount: new RawDecimal(String(input.amount)),
      items: items?.map((i) => ({ ...i, cost: new RawDecimal(i.cost) })),
    };
    return (await this.call<{ data: GatewayInvoice }>('POST', '/v1/invoice', body)).data;
  }

  async getInvoice(id: string): Promise<GatewayInvoice> {
    return (await this.call<{ data: GatewayInvoice }>('GET', `/v1/invoice?id=${encodeURIComponent(id)}${this.accountQuery()}`)).data;
  }

  async getInvoiceByOrderId(orderId: string): Promise<GatewayInvoice> {
    return (await this.call<{ data: GatewayInvoice }>('GET', `/v1/invoice?orderId=${encodeURIComponent(orderId)}${this.accountQuery()}`))
      .data;
  }

  async cancelInvoice(id: string): Promise<void> {
    await this.call('POST', '/v1/invoice/cancel', { id });
  }

  /** The decimals of each crypto currency of the catalogue. */
  async cryptoDecimals(): Promise<Map<string, number>> {
    const list = await this.call<{ data: { code: string; decimalPlaces: string }[] }>('GET', `/v1/currencies${this.accountQuery('?')}`);
    return new Map(list.data.map((c) => [c.code, Number(c.decimalPlaces)]));
  }

  /** A refund: a withdrawal quote that names the invoice, committed at once. */
  async refund(input: {
    invoiceId: string;
    cryptoCurrencyCode: string;
    address: string;
    amount: Decimal;
    orderId: string;
  }): Promise<GatewayWithdrawal> {
    const quote = await this.call<{ data: { quoteId: string } }>('POST', '/v1/withdrawal/quote', {
      ...input,
      amount: new RawDecimal(input.amount),
    });
    return (await this.call<{ data: GatewayWithdrawal }>('POST', '/v1/withdrawal/commit', { quoteId: quote.data.quoteId })).data;
  }

  /** A read that needs the key and the invoice scopes: how start-up checks the options. */
  async checkKey(): Promise<void> {
    await this.call('GET', `/v1/invoice/list?limit=1${this.accountQuery()}`);
  }

  private accountQuery(lead = '&'): string {
    return this.options.accountId ? `${lead}accountId=${encodeURIComponent(this.options.accountId)}` : '';
  }
}
