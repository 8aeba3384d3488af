import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, MoneyInput, PageQuery, PagedList, Uuid, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { checkWebhookUrl } from '../../lib/http/urls.ts';
import { quoteAccount } from '../../lib/http/account-scope.ts';
import { ListSearchQuery } from '../../lib/http/list-filters.ts';
import { exactNumber } from '../../lib/http/json-body.ts';
import { CryptoCodeSchema } from '../../lib/currencies/schemas.ts';
import { QuoteSchema, WithdrawalRecordSchema } from './schemas.ts';
import { withdrawalMachine } from './status.ts';
import { commitWithdrawal } from './commit.ts';
import { quoteWithdrawal } from './quote.ts';
import { getWithdrawal, listWithdrawals } from './read.ts';
import { withdrawalRecord } from './record.ts';
import { approvalRoutes } from './approval-routes.ts';
import { approvalsOf } from './approvals.ts';
import { batchRoutes } from './batch/routes.ts';

const Metadata = Type.Object({}, { additionalProperties: true, maxProperties: 50 });

export { withdrawalAdminRoutes } from './admin-routes.ts';
export { withdrawalApprovalAdminRoutes } from './approval-routes.ts';

/** POST /withdrawal/quote, POST /withdrawal/commit, GET /withdrawal, GET /withdrawal/list, and the batches (batch/routes.ts). */
export const withdrawalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  quoteWithdrawalRoute(app);
  commitWithdrawalRoute(app);
  getWithdrawalRoute(app);
  listWithdrawalsRoute(app);
  approvalRoutes(app);
  batchRoutes(app);
};

/** POST /withdrawal/quote: quotes a withdrawal (fee locked for WITHDRAWAL_QUOTE_TTL_S, nothing reserved) */
function quoteWithdrawalRoute(app: TypedApp): void {
  app.post(
    '/withdrawal/quote',
    {
      config: { scope: 'withdrawals.create' },
      schema: {
        operationId: 'quoteWithdrawal',
        tags: ['withdrawals'],
        summary: 'Quotes a withdrawal (fee locked for WITHDRAWAL_QUOTE_TTL_S, nothing reserved)',
        body: Type.Object({
          cryptoCurrencyCode: CryptoCodeSchema,
          address: Type.String({ minLength: 1, maxLength: 128 }),
          amount: MoneyInput({ exclusiveMinimum: 0, maximum: 1e15 }),
          orderId: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 256,
              description:
                'Idempotency key: quotes of one orderId are one quote. Absent: a fresh quote with an orderId of its own (returned)',
            }),
          ),
          allowAutoConvert: Type.Optional(Type.Boolean()),
          invoiceId: Type.Optional(
            Type.String({
              format: 'uuid',
              description: 'A refund of this invoice: at most what it received less its refunds, in its currency',
            }),
          ),
          depositId: Type.Optional(
            Type.String({
              format: 'uuid',
              description: 'A refund of this deposit (suspense it holds below its minimum is released first); not with invoiceId',
            }),
          ),
        }),
        response: responses({ 200: DataEnvelope(QuoteSchema) }, [404, 409, 503]),
      },
    },
    async (request) => ({
      data: await quoteWithdrawal(app.ctx, request.principal, {
        ...request.body,
        amount: exactNumber(request, 'amount', request.body.amount),
      }),
    }),
  );
}

/** POST /withdrawal/commit: commits a quote: debits the locked total and creates the withdrawal */
function commitWithdrawalRoute(app: TypedApp): void {
  app.post(
    '/withdrawal/commit',
    {
      // Clients send only quoteId: a tenant-wide caller acts on the quote's account.
      config: {
        scope: 'withdrawals.create',
        stepUp: true,
        accountOf: quoteAccount('withdrawal_quotes', 'exceptions.withdrawal.quoteNotFound'),
      },
      schema: {
        operationId: 'commitWithdrawal',
        tags: ['withdrawals'],
        summary: 'Commits a quote on its account: debits the locked total and creates the withdrawal',
        body: Type.Object({
          quoteId: Uuid,
          customData: Type.Optional(Metadata),
          metadata: Type.Optional(Metadata),
          webhookUrl: Type.Optional(Type.String({ maxLength: 512 })),
        }),
        response: responses({ 201: DataEnvelope(WithdrawalRecordSchema) }, [404, 409, 503]),
      },
    },
    async (request, reply) => {
      const { quoteId, customData, metadata, webhookUrl } = request.body;
      checkWebhookUrl('webhookUrl', webhookUrl, app.ctx.config);
      const row = await commitWithdrawal(app.ctx, request.principal, { quoteId, customData: customData ?? metadata, webhookUrl });
      return reply.status(201).send({ data: withdrawalRecord(row, row.status === 'awaitingApproval' ? [] : undefined) });
    },
  );
}

/** GET /withdrawal: A withdrawal by id (wins) or orderId */
function getWithdrawalRoute(app: TypedApp): void {
  app.get(
    '/withdrawal',
    {
      config: { scope: 'withdrawals.list' },
      schema: {
        operationId: 'getWithdrawal',
        tags: ['withdrawals'],
        summary: 'A withdrawal by id (wins) or orderId',
        querystring: Type.Object({ id: Type.Optional(Uuid), orderId: Type.Optional(Type.String({ maxLength: 256 })) }),
        response: responses({ 200: DataEnvelope(WithdrawalRecordSchema) }, [404]),
      },
    },
    async (request) => {
      const row = await getWithdrawal(app.ctx.db, request.principal, request.query);
      const sent = row.tenant_approval_required || row.operator_approval_required;
      return { data: withdrawalRecord(row, sent ? await approvalsOf(app.ctx.db, row.id) : undefined) };
    },
  );
}

/** GET /withdrawal/list: the account's withdrawals, newest first */
function listWithdrawalsRoute(app: TypedApp): void {
  app.get(
    '/withdrawal/list',
    {
      config: { scope: 'withdrawals.list' },
      schema: {
        operationId: 'listWithdrawals',
        tags: ['withdrawals'],
        summary: "The account's withdrawals, newest first",
        querystring: Type.Object({
          ...PageQuery,
          // Named by a tenant-wide key (required there); an account-bound key's own when absent.
          accountId: Type.Optional(Uuid),
          status: Type.Optional(withdrawalMachine.schema),
          ...ListSearchQuery,
        }),
        response: responses({ 200: PagedList(WithdrawalRecordSchema) }),
      },
    },
    async (request) => listWithdrawals(app.ctx.db, request.principal, request.query),
  );
}
