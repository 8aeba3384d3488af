import type { TypedApp } from '../../lib/http/schemas.ts';
import { Type } from '@sinclair/typebox';
import { audit, operatorBy } from '../audit/service.ts';
import { ALL_SCOPES, SCOPES, grantNeedsStepUp } from '../../lib/auth/scopes.ts';
import { parseRange } from '../../lib/auth/ip.ts';
import { AppError } from '../../lib/errors.ts';
import { DataEnvelope, Uuid, adminResponses } from '../../lib/http/schemas.ts';
import { issueApiKey, revokeApiKey } from './service.ts';

const ApiKeyView = Type.Object({
  id: Type.String(),
  key: Type.String({ description: 'Shown only in this response; stored only as a hash' }),
  keyStart: Type.String(),
  tenantId: Type.String(),
  accountId: Type.Union([Type.String(), Type.Null()], {
    description: 'The one account the key acts on; null for a tenant-wide key, whose every request names its accountId',
  }),
  scopes: Type.Array(Type.String()),
  allowedIps: Type.Union([Type.Array(Type.String()), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
});

/** The scopes a new key may carry: `*` or any of the catalogue's. */
export const KeyScopes = Type.Array(Type.Union([Type.Literal(ALL_SCOPES), ...SCOPES.map((s) => Type.Literal(s))]), {
  minItems: 1,
  maxItems: SCOPES.length + 1,
});

/** A new key's IP allowlist: addresses or CIDR ranges; null or absent: any IP. */
export const AllowedIps = Type.Union([Type.Array(Type.String({ minLength: 2, maxLength: 64 }), { maxItems: 100 }), Type.Null()]);

/** Every allowlist entry must parse as an IPv4/IPv6 address or CIDR range, else 400 naming it. */
export function checkAllowedIps(allowedIps: readonly string[] | null | undefined): void {
  const bad = (allowedIps ?? []).findIndex((entry) => parseRange(entry) === null);
  if (bad >= 0) {
    throw new AppError('exceptions.validation.failed', {
      fields: [{ location: 'body', field: `allowedIps.${bad}`, message: 'must be an IPv4/IPv6 address or CIDR' }],
    });
  }
}

const ADMIN = { admin: true } as const;
const TAGS = ['operator'];

/** POST /api-keys: issue an API key bound to one account, or tenant-wide without `accountId` */
export function issueApiKeyRoute(app: TypedApp): void {
  const { db } = app.ctx;
  app.post(
    '/api-keys',
    {
      config: { ...ADMIN, stepUp: (request) => grantNeedsStepUp((request.body as { scopes: string[] }).scopes) },
      schema: {
        tags: TAGS,
        summary:
          "Issue an API key bound to one account, or tenant-wide without accountId; it belongs to no user (an operator's session with 2FA confirms a money-moving or rights-granting scope with `x-totp-code`)",
        body: Type.Object({
          tenantId: Uuid,
          accountId: Type.Optional(
            Type.String({ format: 'uuid', description: 'Absent: a tenant-wide key, acting on the account each request names' }),
          ),
          scopes: KeyScopes,
          allowedIps: Type.Optional(AllowedIps),
        }),
        response: adminResponses({ 201: DataEnvelope(ApiKeyView) }, [404]),
      },
    },
    async (request, reply) => {
      checkAllowedIps(request.body.allowedIps);
      const key = await db.transaction().execute(async (trx) => {
        const issued = await issueApiKey(trx, request.body);
        const detail = { keyStart: issued.keyStart, accountId: issued.accountId, scopes: issued.scopes, allowedIps: issued.allowedIps };
        await audit(trx, {
          tenantId: issued.tenantId,
          ...operatorBy(request),
          action: 'apiKey.created',
          targetType: 'apiKey',
          targetId: issued.id,
          detail,
        });
        return issued;
      });
      return reply.status(201).send({ data: { ...key, createdAt: key.createdAt.toISOString() } });
    },
  );
}

/** DELETE /api-keys/:id: revoke an API key at once */
export function revokeApiKeyRoute(app: TypedApp): void {
  const { db } = app.ctx;
  app.delete(
    '/api-keys/:id',
    {
      config: ADMIN,
      schema: {
        tags: TAGS,
        summary: 'Revoke an API key at once',
        params: Type.Object({ id: Uuid }),
        response: adminResponses({ 200: DataEnvelope(Type.Object({ id: Type.String(), revoked: Type.Boolean() })) }, [404]),
      },
    },
    async (request) => {
      app.ctx.changes?.emitLocal(
        await revokeApiKey(db, request.params.id, undefined, { by: operatorBy(request), action: 'apiKey.revoked' }),
      );
      return { data: { id: request.params.id, revoked: true } };
    },
  );
}
