import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, responses } from '../../lib/http/schemas.ts';
import { createAccount, listAccounts } from './service.ts';

const Account = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

/** Merchant accounts of the calling tenant. */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;

  app.get(
    '/accounts',
    {
      config: { scope: 'accounts.list', tenantLevel: true },
      schema: {
        operationId: 'listMerchantAccounts',
        tags: ['accounts'],
        summary: "List the tenant's merchant accounts",
        response: responses({ 200: Type.Object({ data: Type.Array(Account) }) }),
      },
    },
    async (request) => ({ data: await listAccounts(db, request.principal.tenantId) }),
  );

  app.post(
    '/accounts',
    {
      config: { scope: 'accounts.create', tenantLevel: true },
      schema: {
        operationId: 'createMerchantAccount',
        tags: ['accounts'],
        summary: 'Create a merchant account (400 exceptions.account.limitReached at the maximum)',
        body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 200 }) }),
        response: responses({ 201: DataEnvelope(Account) }),
      },
    },
    async (request, reply) => {
      const account = await createAccount(db, request.principal.tenantId, request.body.name, config.defaultMaxAccounts);
      return reply.status(201).send({ data: account });
    },
  );
};
