/** Approving and rejecting withdrawals that await approval: the tenant's people (signed in) and operators. */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { OPERATIONS } from '../../lib/auth/operator-roles.ts';
import { operatorOf, principalOf } from '../../lib/http/principal.ts';
import { DataEnvelope, Uuid, adminResponses, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { operatorBy } from '../audit/service.ts';
import { approveWithdrawal, rejectWithdrawal, type Approver } from './approvals.ts';
import { withdrawalRecord } from './record.ts';
import { WithdrawalRecordSchema } from './schemas.ts';

const TAGS = ['withdrawals'];
const Reason = Type.Optional(Type.String({ minLength: 1, maxLength: 500 }));

function tenantApprover(request: FastifyRequest): Approver {
  const p = principalOf(request);
  return { level: 'tenant', tenantId: p.tenantId, userId: p.userId, actor: p.actor, by: { principal: p, ip: request.ip } };
}

function operatorApprover(request: FastifyRequest): Approver {
  const operator = operatorOf(request);
  const by = operatorBy({ operator, ip: request.ip });
  return { level: 'operator', tenantId: null, userId: operator.userId, actor: operator.actor, by };
}

/** POST /withdrawal/approve and /withdrawal/reject: a second person of the tenant, signed in, with a fresh code. */
export function approvalRoutes(app: TypedApp): void {
  const config = { scope: 'withdrawals.create', tenantLevel: true, tenantWide: true, sessionOnly: true, stepUp: true } as const;
  app.post(
    '/withdrawal/approve',
    {
      config,
      schema: {
        operationId: 'approveWithdrawal',
        tags: TAGS,
        summary:
          'Approve a withdrawal awaiting approval (a signed-in owner or finance user, not its committer); the last approval needed sends it to be paid',
        body: Type.Object({ id: Uuid }),
        response: responses({ 200: DataEnvelope(WithdrawalRecordSchema) }, [404, 409]),
      },
    },
    async (request) => {
      const { row, approvals } = await approveWithdrawal(app.ctx, request.body.id, tenantApprover(request));
      return { data: withdrawalRecord(row, approvals) };
    },
  );
  app.post(
    '/withdrawal/reject',
    {
      config,
      schema: {
        operationId: 'rejectWithdrawal',
        tags: TAGS,
        summary: 'Reject a withdrawal awaiting approval: cancelled, its funds given back',
        body: Type.Object({ id: Uuid, reason: Reason }),
        response: responses({ 200: DataEnvelope(WithdrawalRecordSchema) }, [404, 409]),
      },
    },
    async (request) => ({
      data: withdrawalRecord(await rejectWithdrawal(app.ctx, request.body.id, tenantApprover(request), request.body.reason)),
    }),
  );
}

/** POST /admin/withdrawals/:id/approve and /reject: the operator's approval, above WITHDRAWAL_OPERATOR_APPROVAL_ABOVE_USD. */
export const withdrawalApprovalAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { admin: true, operatorRoles: OPERATIONS, stepUp: true } as const;
  app.post(
    '/withdrawals/:id/approve',
    {
      config,
      schema: {
        tags: ['operator'],
        summary: "An operator's approval of a withdrawal that needs one",
        params: Type.Object({ id: Uuid }),
        response: adminResponses({ 200: DataEnvelope(WithdrawalRecordSchema) }, [404, 409]),
      },
    },
    async (request) => {
      const { row, approvals } = await approveWithdrawal(app.ctx, request.params.id, operatorApprover(request));
      return { data: withdrawalRecord(row, approvals) };
    },
  );
  app.post(
    '/withdrawals/:id/reject',
    {
      config,
      schema: {
        tags: ['operator'],
        summary: 'Reject a withdrawal awaiting approval: cancelled, its funds given back',
        params: Type.Object({ id: Uuid }),
        body: Type.Optional(Type.Object({ reason: Reason })),
        response: adminResponses({ 200: DataEnvelope(WithdrawalRecordSchema) }, [404, 409]),
      },
    },
    async (request) => ({
      data: withdrawalRecord(await rejectWithdrawal(app.ctx, request.params.id, operatorApprover(request), request.body?.reason)),
    }),
  );
};
