import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../lib/errors.ts';
import { DataEnvelope, DecimalInput, MoneyInput, PageQuery, PagedList, Uuid, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { checkWebhookUrl, isHttpUrl } from '../../lib/http/urls.ts';
import { ListSearchQuery } from '../../lib/http/list-filters.ts';
import { exactNumber } from '../../lib/http/json-body.ts';
import { InvoiceRecordSchema } from './schemas.ts';
import { invoiceLister } from './search.ts';
import { invoiceMachine } from './status.ts';
import { cancelInvoice } from './cancel.ts';
import { MAX_FIAT_AMOUNT as MAX_FIAT, createInvoice } from './create.ts';
import { getInvoice } from './read.ts';

const ItemSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 256 }),
  quantity: DecimalInput({ exclusiveMinimum: 0, maximum: 1_000_000 }),
  cost: MoneyInput({ minimum: 0, maximum: MAX_FIAT }),
});

const IdOrOrderId = {
  id: Type.Optional(Uuid),
  orderId: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
};

function badField(field: string, message: string): AppError {
  return new AppError('exceptions.validation.failed', { fields: [{ location: 'body', field, message }] });
}

/** POST /invoice, GET /invoice, GET /invoice/list, POST /invoice/cancel. */
export const invoiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  createInvoiceRoute(app);
  getInvoiceRoute(app);
  listInvoicesRoute(app);
  cancelInvoiceRoute(app);
};

/** POST /invoice: an invoice priced in fiat, paid in crypto on the hosted payment page */
function createInvoiceRoute(app: TypedApp): void {
  app.post(
    '/invoice',
    {
      config: { scope: 'invoices.create' },
      schema: {
        operationId: 'createInvoice',
        tags: ['invoices'],
        summary: 'An invoice priced in fiat, paid in crypto on the hosted payment page',
        body: Type.Object({
          amount: Type.Optional(MoneyInput({ maximum: MAX_FIAT, description: 'Fiat total; when positive it wins over items' })),
          items: Type.Optional(Type.Array(ItemSchema, { maxItems: 100 })),
          fiatCurrencyCode: Type.String({ minLength: 1, maxLength: 16 }),
          orderId: Type.String({ minLength: 1, maxLength: 256 }),
          description: Type.Optional(Type.String({ maxLength: 512 })),
          webhookUrl: Type.Optional(Type.String({ maxLength: 512 })),
          returnUrl: Type.Optional(Type.String({ maxLength: 512 })),
          successUrl: Type.Optional(Type.String({ maxLength: 512 })),
          failedUrl: Type.Optional(Type.String({ maxLength: 512 })),
          expiresInMinutes: Type.Optional(Type.Integer({ minimum: 15, maximum: 43200 })),
          customerId: Type.Optional(Type.String({ maxLength: 52 })),
          customerEmail: Type.Optional(
            Type.String({
              format: 'email',
              maxLength: 254,
              description:
                "The customer's address: the gateway mails them a receipt, what is left to pay, or that the invoice expired (when mail is set up and the merchant has not turned the kind off)",
            }),
          ),
          customPayload: Type.Optional(Type.String({ maxLength: 2048 })),
          number: Type.Optional(Type.String({ maxLength: 256 })),
        }),
        response: responses({ 201: DataEnvelope(InvoiceRecordSchema) }, [409]),
      },
    },
    async (request, reply) => {
      const body = request.body;
      checkWebhookUrl('webhookUrl', body.webhookUrl, app.ctx.config);
      for (const field of ['returnUrl', 'successUrl', 'failedUrl'] as const) {
        const value = body[field];
        if (value !== undefined && !isHttpUrl(value)) throw badField(field, 'must be an http or https URL');
      }
      // The money as written: a total or cost a double could not hold is checked exactly, not rounded.
      const money = {
        ...(body.amount !== undefined ? { amount: exactNumber(request, 'amount', body.amount) } : {}),
        ...(body.items
          ? {
              items: body.items.map((item, i) => ({
                cost: exactNumber(request, `items.${i}.cost`, item.cost),
                quantity: exactNumber(request, `items.${i}.quantity`, item.quantity),
              })),
            }
          : {}),
      };
      return reply.status(201).send({ data: await createInvoice(app.ctx, request.principal, body, money) });
    },
  );
}

/** GET /invoice: an invoice by id (wins) or orderId */
function getInvoiceRoute(app: TypedApp): void {
  app.get(
    '/invoice',
    {
      config: { scope: 'invoices.list' },
      schema: {
        operationId: 'getInvoice',
        tags: ['invoices'],
        summary: 'An invoice by id (wins) or orderId',
        querystring: Type.Object(IdOrOrderId),
        response: responses({ 200: DataEnvelope(InvoiceRecordSchema) }, [404]),
      },
    },
    async (request) => ({ data: await getInvoice(app.ctx, request.principal, request.query) }),
  );
}

/** GET /invoice/list: the account's invoices, newest first */
function listInvoicesRoute(app: TypedApp): void {
  const list = invoiceLister(app.ctx);
  app.get(
    '/invoice/list',
    {
      config: { scope: 'invoices.list' },
      schema: {
        operationId: 'listInvoices',
        tags: ['invoices'],
        summary: "The account's invoices, newest first",
        querystring: Type.Object({
          ...PageQuery,
          status: Type.Optional(invoiceMachine.schema),
          paymentLinkId: Type.Optional(
            Type.String({ format: 'uuid', description: 'Only the invoices made through this payment link (a gateway extension)' }),
          ),
          ...ListSearchQuery,
        }),
        response: responses({ 200: PagedList(InvoiceRecordSchema) }),
      },
    },
    async (request) => list(request.principal, request.query),
  );
}

/** POST /invoice/cancel: cancels an invoice on which no money has become final (id or orderId, in the body or the query) */
function cancelInvoiceRoute(app: TypedApp): void {
  app.post(
    '/invoice/cancel',
    {
      config: { scope: 'invoices.cancel' },
      schema: {
        operationId: 'cancelInvoice',
        tags: ['invoices'],
        summary: 'Cancels an invoice on which no money has become final (id or orderId, in the body or the query)',
        body: Type.Object(IdOrOrderId),
        querystring: Type.Object(IdOrOrderId),
        response: responses({ 200: DataEnvelope(InvoiceRecordSchema) }, [404]),
      },
      // A client that names the invoice in the query string may send no body at all.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      // The body wins; the query string is what some existing clients send.
      const body = request.body;
      const target = body.id !== undefined || body.orderId !== undefined ? body : request.query;
      return { data: await cancelInvoice(app.ctx, request.principal, target) };
    },
  );
}
