import { Type } from '@sinclair/typebox';
import { CryptoCodeSchema } from '../../lib/currencies/schemas.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, Money, PageQuery, PagedList, Uuid, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { checkWebhookUrl } from '../../lib/http/urls.ts';
import { ListSearchQuery } from '../../lib/http/list-filters.ts';
import { DepositRecordSchema } from './schemas.ts';
import { depositMachine } from './status.ts';
import { createDeposit } from './create.ts';
import { getDeposit, listDeposits } from './read.ts';
import { recordWithRefunds } from './record.ts';

const DepositCreatedSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  minimumAmount: Money('Smallest amount credited'),
  address: Type.String(),
  createdAt: Type.String({ format: 'date-time', description: 'Start of the address window' }),
  expiresAt: Type.String({ format: 'date-time' }),
  qrCode: Type.String({ description: 'PNG data URL of the payment URI' }),
});

/** POST /deposit, GET /deposit, GET /deposit/list. */
export const depositRoutes: FastifyPluginAsyncTypebox = async (app) => {
  createDepositRoute(app);
  getDepositRoute(app);
  listDepositsRoute(app);
};

/** POST /deposit: A fresh address for an open-amount top-up (idempotent by orderId) */
function createDepositRoute(app: TypedApp): void {
  app.post(
    '/deposit',
    {
      config: { scope: 'deposits.create' },
      schema: {
        operationId: 'createDeposit',
        tags: ['deposits'],
        summary: 'A fresh address for an open-amount top-up (idempotent by orderId)',
        body: Type.Object({
          cryptoCurrencyCode: CryptoCodeSchema,
          orderId: Type.String({ minLength: 1, maxLength: 256 }),
          customerId: Type.Optional(Type.String({ maxLength: 52 })),
          webhookUrl: Type.Optional(Type.String({ maxLength: 512 })),
        }),
        response: responses({ 200: DataEnvelope(DepositCreatedSchema), 201: DataEnvelope(DepositCreatedSchema) }, [409, 503]),
      },
    },
    async (request, reply) => {
      checkWebhookUrl('webhookUrl', request.body.webhookUrl, app.ctx.config);
      const { created, deposit } = await createDeposit(app.ctx, request.principal, request.body);
      return reply.status(created ? 201 : 200).send({ data: deposit });
    },
  );
}

/** GET /deposit: A deposit by id (wins) or orderId */
function getDepositRoute(app: TypedApp): void {
  app.get(
    '/deposit',
    {
      config: { scope: 'deposits.list' },
      schema: {
        operationId: 'getDeposit',
        tags: ['deposits'],
        summary: 'A deposit by id (wins) or orderId',
        querystring: Type.Object({ id: Type.Optional(Uuid), orderId: Type.Optional(Type.String({ maxLength: 256 })) }),
        response: responses({ 200: DataEnvelope(DepositRecordSchema) }, [404]),
      },
    },
    async (request) => ({ data: await recordWithRefunds(app.ctx.db, await getDeposit(app.ctx.db, request.principal, request.query)) }),
  );
}

/** GET /deposit/list: the account's deposits, newest first */
function listDepositsRoute(app: TypedApp): void {
  app.get(
    '/deposit/list',
    {
      config: { scope: 'deposits.list' },
      schema: {
        operationId: 'listDeposits',
        tags: ['deposits'],
        summary: "The account's deposits, newest first",
        querystring: Type.Object({
          ...PageQuery,
          status: Type.Optional(depositMachine.schema),
          ...ListSearchQuery,
        }),
        response: responses({ 200: PagedList(DepositRecordSchema) }),
      },
    },
    async (request) => listDeposits(app.ctx.db, request.principal, request.query),
  );
}
