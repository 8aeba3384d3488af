import type { TypedApp } from '../../lib/http/schemas.ts';
import { OPERATIONS } from '../../lib/auth/operator-roles.ts';
import { Type } from '@sinclair/typebox';
import { audit, operatorBy } from '../audit/service.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../lib/errors.ts';
import { exactNumber } from '../../lib/http/json-body.ts';
import { decimalText } from '../../lib/money.ts';
import { DataEnvelope, DecimalInput, Uuid, adminResponses } from '../../lib/http/schemas.ts';
import { checkWebhookUrls } from './webhook-urls.ts';
import { TenantView, tenantView } from './tenant-view.ts';
import { createTenant, getTenant, rotateWebhookSecret, updateTenant } from './service.ts';
import { issueApiKeyRoute, revokeApiKeyRoute } from './api-key-routes.ts';
import { tenantConsoleRoutes } from './console-routes.ts';
import { customerBlockRoutes } from './customer-routes.ts';

const Name = Type.String({ minLength: 1, maxLength: 200 });
const WebhookUrl = Type.Union([Type.String({ maxLength: 512 }), Type.Null()]);
const Rate = Type.Union([
  DecimalInput({ minimum: 0, exclusiveMaximum: 1, description: 'At most 6 decimals; more is refused' }),
  Type.Null(),
]);

const ADMIN = { admin: true } as const;
const TAGS = ['operator'];

/** The operator API for tenants, their API keys and blocked customers, behind the admin bearer token. */
export const tenantAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  createTenantRoute(app);
  getTenantRoute(app);
  updateTenantRoute(app);
  rotateWebhookSecretRoute(app);
  issueApiKeyRoute(app);
  revokeApiKeyRoute(app);
  tenantConsoleRoutes(app);
  customerBlockRoutes(app);
};

/** POST /tenants: create a tenant with its first account */
function createTenantRoute(app: TypedApp): void {
  const { db, config } = app.ctx;
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
      const created = await db.transaction().execute(async (trx) => {
        const tenant = await createTenant(trx, request.body.name);
        await audit(trx, {
          tenantId: tenant.id,
          ...operatorBy(request),
          action: 'tenant.created',
          targetType: 'tenant',
          targetId: tenant.id,
          detail: { name: tenant.name },
        });
        return tenant;
      });
      const tenant = await getTenant(db, created.id);
      return reply.status(201).send({ data: tenantView(config, tenant, created.accountId) });
    },
  );
}

/** GET /tenants/:id: read a tenant and its settings */
function getTenantRoute(app: TypedApp): void {
  const { db, config } = app.ctx;
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
    async (request) => ({ data: tenantView(config, await getTenant(db, request.params.id)) }),
  );
}

/** PATCH /tenants/:id: change tenant settings */
function updateTenantRoute(app: TypedApp): void {
  const { db, config } = app.ctx;
  app.patch(
    '/tenants/:id',
    {
      // Where events go and what a deposit costs: an operator's session with 2FA confirms them with `x-totp-code`.
      config: {
        ...ADMIN,
        operatorRoles: OPERATIONS,
        stepUp: (request) => ['webhookUrl', 'depositWebhookUrl', 'depositCommission'].some((k) => k in (request.body as object)),
      },
      schema: {
        tags: TAGS,
        summary: "Change tenant settings (an operator's session with 2FA confirms webhook URLs and the commission with `x-totp-code`)",
        params: Type.Object({ id: Uuid }),
        body: Type.Object({
          name: Type.Optional(Name),
          webhookUrl: Type.Optional(WebhookUrl),
          depositWebhookUrl: Type.Optional(WebhookUrl),
          depositCommission: Type.Optional(Rate),
          maxAccounts: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 100000 }), Type.Null()])),
        }),
        response: adminResponses({ 200: DataEnvelope(TenantView) }, [404]),
      },
    },
    async (request) => {
      const body = request.body;
      await checkWebhookUrls(body, config, app.ctx.lookupHost);
      let commission: string | null | undefined;
      if (typeof body.depositCommission === 'number') {
        // As written: 0.1234560000000000001 is 19 decimals, not the double 0.123456.
        commission = decimalText(exactNumber(request, 'depositCommission', body.depositCommission));
        if (!/^0(\.\d{1,6})?$/.test(commission)) {
          throw new AppError('exceptions.validation.failed', {
            fields: [{ location: 'body', field: 'depositCommission', message: 'must have at most 6 decimal places' }],
          });
        }
      } else commission = body.depositCommission;
      const row = await updateTenant(
        db,
        request.params.id,
        {
          name: body.name,
          webhookUrl: body.webhookUrl,
          depositWebhookUrl: body.depositWebhookUrl,
          depositCommission: commission,
          maxAccounts: body.maxAccounts,
        },
        { by: operatorBy(request), action: 'tenant.settingsChanged' },
      );
      app.ctx.changes?.emitLocal(`tenant:${row.id}`);
      return { data: tenantView(config, row) };
    },
  );
}

/** POST /tenants/:id/webhook-secret: rotate the tenant's webhook signing secret */
function rotateWebhookSecretRoute(app: TypedApp): void {
  const { db } = app.ctx;
  app.post(
    '/tenants/:id/webhook-secret',
    {
      config: { ...ADMIN, stepUp: true },
      schema: {
        tags: TAGS,
        summary: "Rotate the tenant's webhook signing secret (an operator's session with 2FA confirms it with `x-totp-code`)",
        params: Type.Object({ id: Uuid }),
        response: adminResponses({ 200: DataEnvelope(Type.Object({ secret: Type.String() })) }, [404]),
      },
    },
    async (request) => ({
      data: { secret: await rotateWebhookSecret(db, request.params.id, { by: operatorBy(request), action: 'webhook.secretRotated' }) },
    }),
  );
}
