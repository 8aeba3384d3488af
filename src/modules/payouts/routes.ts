/**
 * The tenant's payout address book and policy. Anyone with payouts.list reads them (API keys too);
 * only a signed-in owner or finance user adds or removes an address, and only an owner changes the
 * policy, each confirmed with a fresh authenticator code when enrolled: a stolen API key can neither
 * add its own destination nor loosen the limits.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, PageQuery, PagedList, Uuid, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { exactNumber } from '../../lib/http/json-body.ts';
import { CryptoCodeSchema } from '../../lib/currencies/schemas.ts';
import type { FastifyRequest } from 'fastify';
import { addPayoutAddress, listPayoutAddresses, removePayoutAddress } from './addresses.ts';
import { LIMITS, cancelPolicyChange, changePolicy, currentPolicy, policyView, type PolicyChange } from './policy.ts';
import { PayoutAddressSchema, PayoutPolicyChangeSchema, PayoutPolicySchema } from './schemas.ts';
import { centsOfInput } from './usd.ts';

const TAGS = ['payouts'];
const READ = { scope: 'payouts.list', tenantLevel: true } as const;
const BOOK = { scope: 'payouts.manage', tenantLevel: true, tenantWide: true, sessionOnly: true, stepUp: true } as const;
const POLICY = { scope: 'payoutPolicy.manage', tenantLevel: true, tenantWide: true, sessionOnly: true, stepUp: true } as const;

export const payoutRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listAddressesRoute(app);
  addAddressRoute(app);
  removeAddressRoute(app);
  getPolicyRoute(app);
  changePolicyRoute(app);
  cancelChangeRoute(app);
};

const by = (request: FastifyRequest) => ({ principal: request.principal, ip: request.ip });

function listAddressesRoute(app: TypedApp): void {
  app.get(
    '/payout-addresses',
    {
      config: READ,
      schema: {
        operationId: 'listPayoutAddresses',
        tags: TAGS,
        summary: "The tenant's payout address book, newest first (removed addresses left out)",
        querystring: Type.Object({ ...PageQuery, cryptoCurrencyCode: Type.Optional(CryptoCodeSchema) }),
        response: responses({ 200: PagedList(PayoutAddressSchema) }),
      },
    },
    async (request) => listPayoutAddresses(app.ctx.db, request.principal.tenantId, request.query),
  );
}

function addAddressRoute(app: TypedApp): void {
  app.post(
    '/payout-addresses',
    {
      config: BOOK,
      schema: {
        operationId: 'addPayoutAddress',
        tags: TAGS,
        summary:
          'Add a destination to the address book: usable from activeAt, after the policy’s delay (signed-in owner or finance user only)',
        body: Type.Object({
          cryptoCurrencyCode: CryptoCodeSchema,
          address: Type.String({ minLength: 1, maxLength: 128 }),
          label: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
        }),
        response: responses({ 201: DataEnvelope(PayoutAddressSchema) }, [409]),
      },
    },
    async (request, reply) => {
      const p = request.principal;
      const data = await addPayoutAddress(app.ctx.db, app.ctx.config, p.tenantId, request.body, by(request), p.actor);
      return reply.status(201).send({ data });
    },
  );
}

function removeAddressRoute(app: TypedApp): void {
  app.delete(
    '/payout-addresses/:id',
    {
      config: BOOK,
      schema: {
        operationId: 'removePayoutAddress',
        tags: TAGS,
        summary: 'Remove a destination from the address book, at once',
        params: Type.Object({ id: Uuid }),
        response: responses({ 200: DataEnvelope(PayoutAddressSchema) }, [404]),
      },
    },
    async (request) => ({ data: await removePayoutAddress(app.ctx.db, request.principal.tenantId, request.params.id, by(request)) }),
  );
}

function getPolicyRoute(app: TypedApp): void {
  app.get(
    '/payout-policy',
    {
      config: READ,
      schema: {
        operationId: 'getPayoutPolicy',
        tags: TAGS,
        summary: 'The payout policy in force and its pending loosenings',
        response: responses({ 200: DataEnvelope(PayoutPolicySchema) }),
      },
    },
    async (request) => {
      const { tenantId } = request.principal;
      await currentPolicy(app.ctx.db, tenantId);
      return { data: await policyView(app.ctx.db, tenantId) };
    },
  );
}

/** The body's change with its limits in cents (each read as written, at most 2 decimals). */
export function policyChangeOf(request: FastifyRequest, body: Record<string, unknown>): PolicyChange {
  const change: PolicyChange = {};
  for (const [field, value] of Object.entries(body)) {
    if ((LIMITS as readonly string[]).includes(field)) {
      const limit = field as (typeof LIMITS)[number];
      change[limit] = value === null ? null : centsOfInput(field, exactNumber(request, field, value as number));
    } else Object.assign(change, { [field]: value });
  }
  return change;
}

function changePolicyRoute(app: TypedApp): void {
  app.patch(
    '/payout-policy',
    {
      config: POLICY,
      schema: {
        operationId: 'changePayoutPolicy',
        tags: TAGS,
        summary:
          'Change the payout policy: tightening applies at once, loosening after the delay (listed under pending); owners only, signed in',
        body: PayoutPolicyChangeSchema,
        response: responses({ 200: DataEnvelope(PayoutPolicySchema) }),
      },
    },
    async (request) => {
      const p = request.principal;
      return { data: await changePolicy(app.ctx.db, p.tenantId, policyChangeOf(request, request.body), by(request), p.actor) };
    },
  );
}

function cancelChangeRoute(app: TypedApp): void {
  app.delete(
    '/payout-policy/pending/:id',
    {
      config: POLICY,
      schema: {
        operationId: 'cancelPayoutPolicyChange',
        tags: TAGS,
        summary: 'Cancel a pending loosening of the payout policy before it takes effect',
        params: Type.Object({ id: Uuid }),
        response: responses({ 200: DataEnvelope(PayoutPolicySchema) }, [404]),
      },
    },
    async (request) => ({ data: await cancelPolicyChange(app.ctx.db, request.principal.tenantId, request.params.id, by(request)) }),
  );
}
