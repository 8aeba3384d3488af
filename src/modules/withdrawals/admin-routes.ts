import { Type } from '@sinclair/typebox';
import { OPERATIONS } from '../../lib/auth/operator-roles.ts';
import { operatorBy } from '../audit/service.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, PageQuery, PagedList, Uuid, adminResponses, type TypedApp } from '../../lib/http/schemas.ts';
import { PayoutDetailSchema, payoutDetail } from './payout-record.ts';
import { QueuedWithdrawalSchema, WithdrawalQueueSchema, withdrawalQueue } from './queue.ts';
import { WithdrawalRecordSchema } from './schemas.ts';
import { cancelWithdrawal } from './cancel.ts';
import { withdrawalRecord } from './record.ts';

/** Operator: the queues of withdrawals, one withdrawal with how it was paid; cancel one not yet signed (refunded). */
export const withdrawalAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listQueueRoute(app);
  getPayoutRoute(app);
  cancelWithdrawalRoute(app);
};

/** GET /admin/withdrawals: the queues across tenants: waiting (not yet signed), processing (signed, not final), failed */
function listQueueRoute(app: TypedApp): void {
  app.get(
    '/withdrawals',
    {
      config: { admin: true },
      schema: {
        operationId: 'adminWithdrawalQueue',
        tags: ['operator'],
        summary: 'Withdrawals of every tenant (or one) waiting to be signed, processing or failed',
        querystring: Type.Object({
          ...PageQuery,
          status: Type.Optional(WithdrawalQueueSchema),
          tenantId: Type.Optional(Uuid),
        }),
        response: adminResponses({ 200: PagedList(QueuedWithdrawalSchema) }),
      },
    },
    async (request) => withdrawalQueue(app.ctx.db, request.query),
  );
}

/** GET /admin/withdrawals/{id}: the record, its transactions (each replacement and why), what the merchant paid and what the network took */
function getPayoutRoute(app: TypedApp): void {
  app.get(
    '/withdrawals/:id',
    {
      config: { admin: true },
      schema: {
        tags: ['operator'],
        summary: 'A withdrawal of any tenant with its transactions, the fee charged and the network cost',
        params: Type.Object({ id: Uuid }),
        response: adminResponses({ 200: DataEnvelope(PayoutDetailSchema) }, [404]),
      },
    },
    async (request) => ({ data: await payoutDetail(app.ctx.db, request.params.id) }),
  );
}

/** POST /admin/withdrawals/{id}/cancel: cancels a withdrawal not yet signed; the debited total is refunded */
function cancelWithdrawalRoute(app: TypedApp): void {
  app.post(
    '/withdrawals/:id/cancel',
    {
      config: { admin: true, operatorRoles: OPERATIONS },
      schema: {
        tags: ['operator'],
        summary: 'Cancels a withdrawal not yet signed; the debited total is refunded',
        params: Type.Object({ id: Uuid }),
        response: adminResponses({ 200: DataEnvelope(WithdrawalRecordSchema) }, [404]),
      },
    },
    async (request) => ({
      data: withdrawalRecord(
        await cancelWithdrawal(app.ctx, request.params.id, { by: operatorBy(request), action: 'withdrawal.cancelled' }),
      ),
    }),
  );
}
