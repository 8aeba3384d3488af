/** The operator's side of payout governance: a tenant's address book entry, and its policy set at once. */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, Uuid, adminResponses, type TypedApp } from '../../lib/http/schemas.ts';
import { CryptoCodeSchema } from '../../lib/currencies/schemas.ts';
import { operatorBy } from '../audit/service.ts';
import { getTenant } from '../tenants/service.ts';
import { addPayoutAddress } from './addresses.ts';
import { setPolicy } from './policy.ts';
import { policyChangeOf } from './routes.ts';
import { PayoutAddressSchema, PayoutPolicyChangeSchema, PayoutPolicySchema } from './schemas.ts';

const TAGS = ['admin'];

export const payoutAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  addAddressRoute(app);
  setPolicyRoute(app);
};

function addAddressRoute(app: TypedApp): void {
  app.post(
    '/payout-addresses',
    {
      config: { admin: true, stepUp: true },
      schema: {
        tags: TAGS,
        summary: "Add a destination to a tenant's payout address book (usable after the tenant's delay, like the tenant's own)",
        body: Type.Object({
          tenantId: Uuid,
          cryptoCurrencyCode: CryptoCodeSchema,
          address: Type.String({ minLength: 1, maxLength: 128 }),
          label: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        }),
        response: adminResponses({ 201: DataEnvelope(PayoutAddressSchema) }, [404, 409]),
      },
    },
    async (request, reply) => {
      const { tenantId, ...entry } = request.body;
      await getTenant(app.ctx.db, tenantId);
      const who = operatorBy(request);
      return reply.status(201).send({ data: await addPayoutAddress(app.ctx.db, app.ctx.config, tenantId, entry, who, who.actor.name) });
    },
  );
}

function setPolicyRoute(app: TypedApp): void {
  app.patch(
    '/tenants/:id/payout-policy',
    {
      config: { admin: true, stepUp: true },
      schema: {
        tags: TAGS,
        summary: "Set a tenant's payout policy: every field at once, loosening included",
        params: Type.Object({ id: Uuid }),
        body: PayoutPolicyChangeSchema,
        response: adminResponses({ 200: DataEnvelope(PayoutPolicySchema) }, [404]),
      },
    },
    async (request) => {
      await getTenant(app.ctx.db, request.params.id);
      return { data: await setPolicy(app.ctx.db, request.params.id, policyChangeOf(request, request.body), operatorBy(request)) };
    },
  );
}
