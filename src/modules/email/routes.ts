import { Type, type TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DataEnvelope, DateTime, Nullable, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { audit } from '../audit/service.ts';
import { EMAIL_KINDS, EMAIL_KIND_NAMES } from './kinds.ts';
import { changeEmailKinds, emailSettingsOf, RECENT_MAILS } from './settings.ts';
import { emailJobMachine } from './status.ts';

/** Each kind with a boolean (all of them in answers, any of them in a change). */
const kindFlags = (optional: boolean) =>
  Type.Object(
    Object.fromEntries(
      EMAIL_KIND_NAMES.map((k) => [
        k,
        optional ? Type.Optional(Type.Boolean({ description: EMAIL_KINDS[k].label })) : Type.Boolean({ description: EMAIL_KINDS[k].label }),
      ]),
    ) as Record<string, TSchema>,
  );

const EmailSettingsSchema = Type.Object(
  {
    sending: Type.Boolean({
      description: 'Whether this installation sends mail at all (its operator set SMTP_URL); false: no mail of any kind is sent',
    }),
    from: Nullable(Type.String({ description: 'The sender mails carry (customers see the brand name before its address)' })),
    kinds: kindFlags(false),
    recent: Type.Array(
      Type.Object({
        id: Type.String({ format: 'uuid' }),
        kind: Type.String(),
        recipient: Type.String(),
        subject: Type.String(),
        status: emailJobMachine.schema,
        attempts: Type.Integer({ description: 'Attempts so far; a failed attempt is retried with growing pauses for a day' }),
        lastError: Nullable(Type.String({ description: "The mail server's answer to the last failed attempt" })),
        createdAt: DateTime,
        sentAt: Nullable(DateTime),
      }),
      { description: `The latest ${RECENT_MAILS} mails, newest first` },
    ),
  },
  { title: 'EmailSettings' },
);

const TAGS = ['settings'];

/** GET and PATCH /email-settings: which mails the tenant sends, and its latest ones. */
export const emailRoutes: FastifyPluginAsyncTypebox = async (app) => {
  getEmailSettingsRoute(app);
  updateEmailSettingsRoute(app);
};

/** GET /email-settings */
function getEmailSettingsRoute(app: TypedApp): void {
  app.get(
    '/email-settings',
    {
      // Every role reads it, like the brand; changing it is settings.manage (owners).
      config: { scope: 'accounts.list', tenantLevel: true },
      schema: {
        operationId: 'getEmailSettings',
        tags: TAGS,
        summary: 'Mail: whether the installation sends any, which kinds this merchant sends, and the latest mails with their status',
        response: responses({ 200: DataEnvelope(EmailSettingsSchema) }),
      },
    },
    async (request) => ({ data: await emailSettingsOf(app.ctx.db, app.ctx.config, request.principal.tenantId) }),
  );
}

/** PATCH /email-settings */
function updateEmailSettingsRoute(app: TypedApp): void {
  app.patch(
    '/email-settings',
    {
      // Turning a mail off asks for step-up: silencing the notices of new sign-ins or payout addresses is what an intruder would do first.
      config: {
        scope: 'settings.manage',
        tenantLevel: true,
        tenantWide: true,
        stepUp: (request) => Object.values((request.body as { kinds?: Record<string, boolean> }).kinds ?? {}).includes(false),
      },
      schema: {
        operationId: 'updateEmailSettings',
        tags: TAGS,
        summary: 'Turn kinds of mail on (true) or off (false); kinds not sent stay as they are',
        body: Type.Object({ kinds: kindFlags(true) }),
        response: responses({ 200: DataEnvelope(EmailSettingsSchema) }),
      },
    },
    async (request) => {
      const p = request.principal;
      await changeEmailKinds(app.ctx.db, p.tenantId, request.body.kinds, (trx, changed) =>
        audit(trx, {
          tenantId: p.tenantId,
          principal: p,
          action: 'settings.changed',
          targetType: 'tenant',
          targetId: p.tenantId,
          detail: { emailKinds: changed },
          ip: request.ip,
        }),
      );
      return { data: await emailSettingsOf(app.ctx.db, app.ctx.config, p.tenantId) };
    },
  );
}
