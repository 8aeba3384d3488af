import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, Nullable, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { audit } from '../audit/service.ts';
import { MAX_LOGO_BYTES, getBranding, updateBranding } from './branding.ts';

const SettingsView = Type.Object(
  {
    merchantName: Type.String({ description: "The name customers see on the payment page (the tenant's name unless set)" }),
    brandColor: Nullable(Type.String({ pattern: '^#[0-9a-f]{6}$', description: '#rrggbb, lowercase; null: the default colour' })),
    logo: Nullable(Type.String({ description: 'The logo as a data URL (PNG, JPEG or WebP); null: none' })),
  },
  { title: 'MerchantSettings' },
);

// The decoded size is what is checked (400 invalidLogo over MAX_LOGO_BYTES); the schema only stops
// absurd strings, well above a 256 KB image's ~350,000 base64 characters.
const LOGO_MAX_CHARS = MAX_LOGO_BYTES * 4;

const TAGS = ['settings'];

/** GET and PATCH /settings: the merchant's brand on the payment page (name, colour, logo). */
export const settingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  getSettingsRoute(app);
  updateSettingsRoute(app);
};

/** GET /settings: the merchant's brand */
function getSettingsRoute(app: TypedApp): void {
  app.get(
    '/settings',
    {
      // Every role reads it (accounts.list is among every role's reads); changing it is settings.manage.
      config: { scope: 'accounts.list', tenantLevel: true },
      schema: {
        operationId: 'getSettings',
        tags: TAGS,
        summary: "The merchant's brand on the payment page: name, colour and logo",
        response: responses({ 200: DataEnvelope(SettingsView) }),
      },
    },
    async (request) => ({ data: await getBranding(app.ctx.db, request.principal.tenantId) }),
  );
}

/** PATCH /settings: change the brand (only the fields sent; null removes one) */
function updateSettingsRoute(app: TypedApp): void {
  app.patch(
    '/settings',
    {
      config: { scope: 'settings.manage', tenantLevel: true, tenantWide: true },
      schema: {
        operationId: 'updateSettings',
        tags: TAGS,
        summary: 'Change the brand: only the fields sent; null removes a value (the name falls back to the tenant name)',
        body: Type.Object({
          merchantName: Type.Optional(Nullable(Type.String({ minLength: 1, maxLength: 100 }))),
          brandColor: Type.Optional(Nullable(Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: '#rrggbb (stored lowercase)' }))),
          logo: Type.Optional(
            Nullable(Type.String({ maxLength: LOGO_MAX_CHARS, description: 'A data URL of a PNG, JPEG or WebP image of at most 256 KB' })),
          ),
        }),
        response: responses({ 200: DataEnvelope(SettingsView) }),
      },
    },
    async (request) => {
      const p = request.principal;
      // The fields changed, not their values (a logo is large and says nothing to an auditor).
      const detail = { fields: Object.keys(request.body).sort() };
      const data = await updateBranding(app.ctx.db, p.tenantId, request.body, (trx) =>
        audit(trx, {
          tenantId: p.tenantId,
          principal: p,
          action: 'settings.changed',
          targetType: 'tenant',
          targetId: p.tenantId,
          detail,
          ip: request.ip,
        }),
      );
      app.ctx.changes?.emitLocal(`tenant:${p.tenantId}`);
      return { data };
    },
  );
}
