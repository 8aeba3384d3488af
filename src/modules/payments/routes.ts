import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiNetworkSchema, CryptoCodeSchema } from '../../lib/currencies/schemas.ts';
import { DataEnvelope, DateTime, Nullable, Uuid, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { ownerPayments } from './list.ts';
import { paymentMachine } from './status.ts';

/** One on-chain transfer to an invoice's or a deposit's address. */
const PaymentSchema = Type.Object(
  {
    txHash: Type.String({ description: 'Transaction hash, as the network spells it' }),
    outputIndex: Type.Integer({ description: 'Output (Bitcoin) or log index (tokens) within the transaction' }),
    network: ApiNetworkSchema,
    cryptoCurrencyCode: CryptoCodeSchema,
    amount: Type.Number({ description: 'Amount received, in whole units of the currency' }),
    address: Type.String({ description: 'Our address it paid' }),
    status: paymentMachine.schema,
    confirmations: Type.Integer({ minimum: 0, description: 'Blocks on top of (and including) its block when the watcher last looked; 0 in the mempool' }),
    confirmationsRequired: Type.Integer({ description: 'Confirmations at which the payment becomes final on this network' }),
    blockHeight: Nullable(Type.Integer()),
    firstSeenAt: DateTime,
    confirmedAt: Nullable(DateTime),
  },
  { title: 'Payment' },
);

const PaymentList = DataEnvelope(Type.Array(PaymentSchema));

/** GET /invoice/payments, GET /deposit/payments. */
export const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listInvoicePaymentsRoute(app);
  listDepositPaymentsRoute(app);
};

/** GET /invoice/payments: the on-chain payments of an invoice, newest first */
function listInvoicePaymentsRoute(app: TypedApp): void {
  app.get(
    '/invoice/payments',
    {
      config: { scope: 'invoices.list' },
      schema: {
        operationId: 'listInvoicePayments',
        tags: ['payments'],
        summary: 'The on-chain payments of an invoice, newest first',
        querystring: Type.Object({ id: Uuid }),
        response: responses({ 200: PaymentList }, [404]),
      },
    },
    async (request) => ({ data: await ownerPayments(app.ctx.db, app.ctx.config, request.principal!, 'invoice', request.query.id) }),
  );
}

/** GET /deposit/payments: the on-chain payments of a deposit, newest first */
function listDepositPaymentsRoute(app: TypedApp): void {
  app.get(
    '/deposit/payments',
    {
      config: { scope: 'deposits.list' },
      schema: {
        operationId: 'listDepositPayments',
        tags: ['payments'],
        summary: 'The on-chain payments of a deposit, newest first',
        querystring: Type.Object({ id: Uuid }),
        response: responses({ 200: PaymentList }, [404]),
      },
    },
    async (request) => ({ data: await ownerPayments(app.ctx.db, app.ctx.config, request.principal!, 'deposit', request.query.id) }),
  );
}
