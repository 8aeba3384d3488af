import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OPERATIONS } from '../../lib/auth/operator-roles.ts';
import { DataEnvelope, PageQuery, PagedList, Uuid, adminResponses, type TypedApp } from '../../lib/http/schemas.ts';
import { operatorBy } from '../audit/service.ts';
import { depositListener } from '../deposits/settle.ts';
import { invoiceListener } from '../invoices/payments.ts';
import { heldPaymentMachine } from '../payments/status.ts';
import { allListeners } from '../payments/watcher.ts';
import { HeldPaymentSchema, listHeld } from './held.ts';
import { refundHeld, releaseHeld } from './held-review.ts';

const Params = Type.Object({ id: Uuid });
const Answer = adminResponses({ 200: DataEnvelope(HeldPaymentSchema) }, [404, 409]);
// Both decisions move money (to a merchant, or out to an address): operations may, with 2FA confirmed.
const DECIDE = { admin: true, operatorRoles: OPERATIONS, stepUp: true } as const;

/**
 * Operator: payments incoming screening held (a sender on the denylist, or flagged by the provider,
 * or a provider that did not answer with SCREENING_FAIL closed). Every operator reads the queue;
 * admins and operations release or refund.
 */
export const heldPaymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listHeldRoute(app);
  releaseRoute(app);
  refundRoute(app);
};

/** GET /admin/held-payments: the review queue, newest first */
function listHeldRoute(app: TypedApp): void {
  app.get(
    '/held-payments',
    {
      config: { admin: true },
      schema: {
        operationId: 'adminHeldPayments',
        tags: ['operator'],
        summary: 'Payments incoming screening held, newest first: not credited until released',
        querystring: Type.Object({ ...PageQuery, status: Type.Optional(heldPaymentMachine.schema), tenantId: Type.Optional(Uuid) }),
        response: adminResponses({ 200: PagedList(HeldPaymentSchema) }),
      },
    },
    async (request) => listHeld(app.ctx.db, request.query),
  );
}

/** POST /admin/held-payments/{id}/release: credits it as it would have been credited */
function releaseRoute(app: TypedApp): void {
  const listener = allListeners(depositListener(app.ctx), invoiceListener(app.ctx));
  app.post(
    '/held-payments/:id/release',
    {
      config: DECIDE,
      schema: {
        tags: ['operator'],
        summary: 'Releases a held payment: its invoice or deposit is credited as it would have been',
        params: Params,
        body: Type.Object({}),
        response: Answer,
      },
    },
    async (request) => ({ data: await releaseHeld(app.ctx, listener, request.params.id, operatorBy(request)) }),
  );
}

/** POST /admin/held-payments/{id}/refund: pays it back, less the network fee, to an address */
function refundRoute(app: TypedApp): void {
  app.post(
    '/held-payments/:id/refund',
    {
      config: DECIDE,
      schema: {
        tags: ['operator'],
        summary: 'Refunds a final held payment, less the network fee, to an address of its network (a payout from the hold)',
        params: Params,
        body: Type.Object({ address: Type.String({ minLength: 1, maxLength: 128, description: 'Where the refund goes' }) }),
        response: Answer,
      },
    },
    async (request) => ({ data: await refundHeld(app.ctx, request.params.id, request.body.address, operatorBy(request)) }),
  );
}
