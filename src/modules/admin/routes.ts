import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ALL_SCOPES, SCOPES } from '../../lib/auth/scopes.ts';
import { parseRange } from '../../lib/auth/ip.ts';
import { AppError } from '../../lib/errors.ts';
import { DataEnvelope, Uuid, adminResponses } from '../../lib/http/schemas.ts';
import { isPublicHttpsUrl } from '../../lib/http/urls.ts';
import {
  blockCustomer,
  createTenant,
  getTenant,
  issueApiKey,
  revokeApiKey,
  rotateWebhookSecret,
  updateTenant,
} from '../tenants/service.ts';

const TenantView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  accountId: Type.Optional(Type.String()),
  depositWebhookUrl: Type.Union([Type.String(), Type.Null()]),
  depositCommission: Type.Union([Type.Number(), Type.Null()], {
    description: 'Override of the system default rate; null uses the default',
  }),
  maxAccounts: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Rate = Type.Union([Type.Number({ minimum: 0, exclusiveMaximum: 1 }), Type.Null()]);

const ApiKeyView = Type.Object({
  id: Type.String(),
  key: Type.String({ description: 'Shown only in this response; stored only as a hash' }),
  keyStart: Type.String(),
  tenantId: Type.String(),
  accountId: Type.String(),
  scopes: Type.Array(Type.String()),
  allowedIps: Type.Union([Type.Array(Type.String()), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});

const ADMIN = { admin: true } as const;
const TAGS = ['operator'];

/** The operator API (CONTRACT §4), behind the admin bearer token. */
export const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.ctx;

  function tenantView(t: Awaited<ReturnType<typeof getTenant>>, accountId?: string) {
    return {
      id: t.id,
      name: t.name,
      ...(accountId ? { accountId } : {}),
      depositWebhookUrl: t.deposit_webhook_url,
      depositCommission: t.deposit_commission === null ? null : Number(t.deposit_commission),
      maxAccounts: t.max_accounts ?? config.defaultMaxAccounts,
      createdAt: t.created_at.toISOString(),
    };
  }

  app.post(
    '/tenants',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Create a tenant with its first account',
        body: Type.Object({ name: Name }),
        response: adminResponses({ 201: DataEnvelope(TenantView) }),
      },
    },
    async (request, reply) => {
      const created = await createTenant(db, request.body.name);
      const tenant = await getTenant(db, created.id);
      return reply.status(201).send({ data: tenantView(tenant, created.accountId) });
    },
  );

  app.get(
    '/tenants/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Read a tenant and its settings',
        params: Type.Object({ id: Uuid }),
        response: adminResponses({ 200: DataEnvelope(TenantView) }, [404]),
      },
    },
    async (request) => ({ data: tenantView(await getTenant(db, request.params.id)) }),
  );

  app.patch(
    '/tenants/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Change tenant settings',
        params: Type.Object({ id: Uuid }),
        body: Type.Object({
          name: Type.Optional(Name),
          depositWebhookUrl: Type.Optional(Type.Union([Type.String({ maxLength: 512 }), Type.Null()])),
          depositCommission: Type.Optional(Rate),
          maxAccounts: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 100000 }), Type.Null()])),
        }),
        response: adminResponses({ 200: DataEnvelope(TenantView) }, [404]),
      },
    },
    async (request) => {
      const body = request.body;
      if (typeof body.depositWebhookUrl === 'string' && !isPublicHttpsUrl(body.depositWebhookUrl, config)) {
        throw new AppError('exceptions.validation.failed', {
          fields: [{ location: 'body', field: 'depositWebhookUrl', message: 'must be a public, TLD-qualified HTTPS URL' }],
        });
      }
      let commission: string | null | undefined;
      if (typeof body.depositCommission === 'number') {
        commission = String(body.depositCommission);
        if (!/^0(\.\d{1,6})?$/.test(commission)) {
          throw new AppError('exceptions.validation.failed', {
            fields: [{ location: 'body', field: 'depositCommission', message: 'must have at most 6 decimal places' }],
          });
        }
      } else commission = body.depositCommission;
      const row = await updateTenant(db, request.params.id, {
        name: body.name,
        depositWebhookUrl: body.depositWebhookUrl,
        depositCommission: commission,
        maxAccounts: body.maxAccounts,
      });
      app.ctx.changes?.emitLocal(`tenant:${row.id}`);
      return { data: tenantView(row) };
    },
  );

  app.post(
    '/tenants/:id/webhook-secret',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: "Rotate the tenant's webhook signing secret",
        params: Type.Object({ id: Uuid }),
        response: adminResponses({ 200: DataEnvelope(Type.Object({ secret: Type.String() })) }, [404]),
      },
    },
    async (request) => ({ data: { secret: await rotateWebhookSecret(db, request.params.id) } }),
  );

  app.post(
    '/api-keys',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Issue an API key bound to one account',
        body: Type.Object({
          tenantId: Uuid,
          accountId: Uuid,
          scopes: Type.Array(Type.Union([Type.Literal(ALL_SCOPES), ...SCOPES.map((s) => Type.Literal(s))]), {
            minItems: 1,
            maxItems: SCOPES.length + 1,
          }),
          allowedIps: Type.Optional(
            Type.Union([Type.Array(Type.String({ minLength: 2, maxLength: 64 }), { maxItems: 100 }), Type.Null()]),
          ),
        }),
        response: adminResponses({ 201: DataEnvelope(ApiKeyView) }, [404]),
      },
    },
    async (request, reply) => {
      const { allowedIps } = request.body;
      const bad = (allowedIps ?? []).findIndex((entry) => parseRange(entry) === null);
      if (bad >= 0) {
        throw new AppError('exceptions.validation.failed', {
          fields: [{ location: 'body', field: `allowedIps.${bad}`, message: 'must be an IPv4/IPv6 address or CIDR' }],
        });
      }
      const key = await issueApiKey(db, request.body);
      return reply.status(201).send({ data: { ...key, createdAt: key.createdAt.toISOString() } });
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Revoke an API key at once',
        params: Type.Object({ id: Uuid }),
        response: adminResponses({ 200: DataEnvelope(Type.Object({ id: Type.String(), revoked: Type.Boolean() })) }, [
          404,
        ]),
      },
    },
    async (request) => {
      app.ctx.changes?.emitLocal(await revokeApiKey(db, request.params.id));
      return { data: { id: request.params.id, revoked: true } };
    },
  );

  app.post(
    '/customers/block',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Block a customer of a tenant from new invoices',
        body: Type.Object({ tenantId: Uuid, customerId: Type.String({ minLength: 1, maxLength: 52 }) }),
        response: adminResponses(
          { 200: DataEnvelope(Type.Object({ tenantId: Type.String(), customerId: Type.String(), blocked: Type.Boolean() })) },
          [404],
        ),
      },
    },
    async (request) => {
      await blockCustomer(db, request.body.tenantId, request.body.customerId);
      return { data: { ...request.body, blocked: true } };
    },
  );
};
