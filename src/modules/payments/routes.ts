import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, Uuid, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { PaymentSchema } from './schemas.ts';
import { ownerPayments } from './list.ts';

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
    async (request) => ({ data: await ownerPayments(app.ctx.db, app.ctx.config, request.principal, 'invoice', request.query.id) }),
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
    async (request) => ({ data: await ownerPayments(app.ctx.db, app.ctx.config, request.principal, 'deposit', request.query.id) }),
  );
}
