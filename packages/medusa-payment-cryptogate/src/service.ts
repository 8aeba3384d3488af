import type {
  AuthorizePaymentInput,
  AuthorizePaymentOutput,
  CancelPaymentInput,
  CancelPaymentOutput,
  CapturePaymentInput,
  CapturePaymentOutput,
  DeletePaymentInput,
  DeletePaymentOutput,
  GetPaymentStatusInput,
  GetPaymentStatusOutput,
  InitiatePaymentInput,
  InitiatePaymentOutput,
  ProviderWebhookPayload,
  RefundPaymentInput,
  RefundPaymentOutput,
  RetrievePaymentInput,
  RetrievePaymentOutput,
  UpdatePaymentInput,
  UpdatePaymentOutput,
  WebhookActionResult,
} from '@medusajs/framework/types';
import { AbstractPaymentProvider, MedusaError } from '@medusajs/framework/utils';
import { decimalOf, refundCrypto } from './amounts';
import { type GatewayInvoice, GatewayClient, GatewayError } from './client';
import { parseExact, sameAmount } from './decimal';
import { checkOptions } from './check';
import { type CryptogateOptions, parseOptions } from './options';
import { invoiceInput, sessionData, sessionOf, type SessionData } from './session';
import { sessionStatus, webhookAction } from './status';
import { verifiedBody } from './webhook';

/**
 * The cryptogate payment provider. A payment session is a gateway invoice: the customer pays on
 * the gateway's hosted page (`payment_url` in the session data), and the gateway's signed webhook
 * makes Medusa capture the payment and place the order. Every answer is read from the invoice
 * itself, never from what a webhook body says, so a replayed or stale webhook changes nothing.
 */
export class CryptogateProviderService extends AbstractPaymentProvider<CryptogateOptions> {
  static identifier = 'cryptogate';

  protected readonly options: CryptogateOptions;
  protected readonly client: GatewayClient;

  /** Medusa awaits this while it starts: a missing or wrong option stops it with its name. */
  static async validateOptions(options: Record<string, unknown>): Promise<void> {
    await checkOptions(options);
  }

  constructor(container: Record<string, unknown>, options: Record<string, unknown>) {
    const parsed = parseOptions(options);
    super(container, parsed);
    this.options = parsed;
    this.client = new GatewayClient(parsed);
  }

  async initiatePayment(input: InitiatePaymentInput): Promise<InitiatePaymentOutput> {
    const amount = decimalOf(input.amount);
    const given = input.data ?? {};
    const body = invoiceInput(this.options, given, input.context, amount, input.currency_code);
    const invoice = await this.createOrReuse(body, String(given.session_id ?? ''));
    return { id: invoice.id, data: sessionData(given, invoice), status: sessionStatus(invoice.status) };
  }

  /**
   * Creates the invoice; when the order id is taken (the same cart paid through a new session), a
   * retry of this very session reuses its open invoice, anything else gets an order id of its own.
   */
  private async createOrReuse(body: Record<string, unknown>, sessionId: string): Promise<GatewayInvoice> {
    try {
      return await this.client.createInvoice(body);
    } catch (err) {
      if (!(err instanceof GatewayError) || err.code !== 'exceptions.invoice.orderIdAlreadyExists') throw toMedusa(err);
    }
    const orderId = String(body.orderId);
    const existing = await this.client.getInvoiceByOrderId(orderId).catch((err: unknown) => {
      throw toMedusa(err);
    });
    const sameSession = sessionId !== '' && sessionOf(existing) === sessionId;
    if (sameSession && existing.status === 'created' && sameAmount(existing.amount, String(body.amount))) return existing;
    return this.client.createInvoice({ ...body, orderId: `${orderId}:${sessionId || Date.now()}`.slice(0, 256) }).catch((err: unknown) => {
      throw toMedusa(err);
    });
  }

  /** The amount or currency changed: the invoice's total is fixed, so it is replaced by a new one. */
  async updatePayment(input: UpdatePaymentInput): Promise<UpdatePaymentOutput> {
    const invoice = await this.invoiceOf(input.data);
    const amount = decimalOf(input.amount);
    if (sameAmount(invoice.amount, amount) && invoice.fiatCurrencyCode === input.currency_code.toUpperCase()) {
      return { data: sessionData(input.data ?? {}, invoice), status: sessionStatus(invoice.status) };
    }
    if (invoice.status === 'created') await this.client.cancelInvoice(invoice.id).catch(() => undefined);
    return this.initiatePayment({ ...input, data: { ...(input.data ?? {}), invoice_id: undefined } });
  }

  /** The session is dropped (another provider chosen): an invoice nobody paid is cancelled. */
  async deletePayment(input: DeletePaymentInput): Promise<DeletePaymentOutput> {
    const id = input.data?.invoice_id;
    if (typeof id !== 'string') return { data: input.data };
    const invoice = await this.client.getInvoice(id).catch(() => null);
    if (invoice?.status === 'created') await this.client.cancelInvoice(id).catch(() => undefined);
    return { data: input.data };
  }

  async authorizePayment(input: AuthorizePaymentInput): Promise<AuthorizePaymentOutput> {
    const invoice = await this.invoiceOf(input.data);
    return { data: sessionData(input.data ?? {}, invoice), status: sessionStatus(invoice.status) };
  }

  /** Capture is automatic: the invoice must be paid; anything else cannot be captured. */
  async capturePayment(input: CapturePaymentInput): Promise<CapturePaymentOutput> {
    const invoice = await this.invoiceOf(input.data);
    if (sessionStatus(invoice.status) !== 'captured') {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `cryptogate invoice ${invoice.id} is ${invoice.status}, not paid: nothing to capture`,
      );
    }
    return { data: sessionData(input.data ?? {}, invoice) };
  }

  /** Cancels an invoice nothing final arrived on; money that arrived is refunded, not cancelled. */
  async cancelPayment(input: CancelPaymentInput): Promise<CancelPaymentOutput> {
    let invoice = await this.invoiceOf(input.data);
    if (invoice.status === 'created' || invoice.status === 'processing') {
      await this.client.cancelInvoice(invoice.id).catch((err: unknown) => {
        throw toMedusa(err);
      });
      invoice = await this.client.getInvoice(invoice.id);
    } else if (!['expired', 'cancelled', 'failed'].includes(invoice.status)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `cryptogate invoice ${invoice.id} is ${invoice.status}: money arrived on it, refund it instead`,
      );
    }
    return { data: sessionData(input.data ?? {}, invoice) };
  }

  /** A refund of `amount` (the order's currency) in the coin the customer paid with, to their refund address. */
  async refundPayment(input: RefundPaymentInput): Promise<RefundPaymentOutput> {
    const data = input.data ?? {};
    const invoice = await this.invoiceOf(data);
    const address = data.refund_address;
    if (typeof address !== 'string' || address === '') {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `cryptogate invoice ${invoice.id}: the customer gave no refund address; refund it from the gateway's dashboard`,
      );
    }
    const code = invoice.cryptoCurrencyCode;
    const decimals = code ? (await this.client.cryptoDecimals()).get(code) : undefined;
    if (!code || decimals === undefined)
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `cryptogate invoice ${invoice.id} was never paid`);
    const amount = refundCrypto(invoice, decimalOf(input.amount), decimals);
    const key = input.context?.idempotency_key ?? `${Date.now()}`;
    const refund = await this.client
      .refund({ invoiceId: invoice.id, cryptoCurrencyCode: code, address, amount, orderId: `refund:${invoice.id}:${key}`.slice(0, 256) })
      .catch((err: unknown) => {
        throw toMedusa(err);
      });
    const refunds = Array.isArray(data.refunds) ? data.refunds : [];
    return {
      data: { ...data, refunds: [...refunds, { id: refund.id, amount: refund.amount, cryptoCurrencyCode: code, status: refund.status }] },
    };
  }

  async retrievePayment(input: RetrievePaymentInput): Promise<RetrievePaymentOutput> {
    const invoice = await this.invoiceOf(input.data);
    return { data: { ...sessionData(input.data ?? {}, invoice), invoice } as unknown as Record<string, unknown> };
  }

  async getPaymentStatus(input: GetPaymentStatusInput): Promise<GetPaymentStatusOutput> {
    const invoice = await this.invoiceOf(input.data);
    return { data: sessionData(input.data ?? {}, invoice), status: sessionStatus(invoice.status) };
  }

  /**
   * A gateway webhook: refused (`not_supported`, nothing happens) unless its signature checks out
   * over the raw body; then the invoice is read again and its current status decides the action.
   */
  async getWebhookActionAndData(payload: ProviderWebhookPayload['payload']): Promise<WebhookActionResult> {
    const body = verifiedBody(payload, this.options.webhookSecret);
    if (!body) return { action: 'not_supported' };
    const event = parseExact(body.toString('utf8')) as { event?: unknown; data?: { id?: unknown } };
    if (event.event !== 'invoice.statusChanged' || typeof event.data?.id !== 'string') return { action: 'not_supported' };
    const invoice = await this.client.getInvoice(event.data.id);
    const sessionId = sessionOf(invoice);
    if (!sessionId) return { action: 'not_supported' };
    return { action: webhookAction(invoice.status), data: { session_id: sessionId, amount: invoice.amount } };
  }

  private async invoiceOf(data: SessionData | Record<string, unknown> | undefined): Promise<GatewayInvoice> {
    const id = data?.invoice_id;
    if (typeof id !== 'string') throw new MedusaError(MedusaError.Types.INVALID_DATA, 'payment data has no cryptogate invoice_id');
    return this.client.getInvoice(id).catch((err: unknown) => {
      throw toMedusa(err);
    });
  }
}

/** A gateway refusal as Medusa's error: the gateway's code and message kept for the shop owner. */
function toMedusa(err: unknown): Error {
  if (!(err instanceof GatewayError)) return err as Error;
  const type =
    err.status === 404
      ? MedusaError.Types.NOT_FOUND
      : err.status >= 500 || err.status === 0
        ? MedusaError.Types.UNEXPECTED_STATE
        : MedusaError.Types.NOT_ALLOWED;
  return new MedusaError(type, err.message);
}
