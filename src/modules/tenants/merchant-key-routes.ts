import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { coversScopes, grantNeedsStepUp, missingScopes } from '../../lib/auth/scopes.ts';
import { rangesCovered } from '../../lib/auth/ip.ts';
import { AppError } from '../../lib/errors.ts';
import { isTenantAccount } from '../../lib/http/account-scope.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import type { Db, Executor } from '../../lib/db/index.ts';
import { DataEnvelope, DateTime, Nullable, Uuid, responses, type TypedApp } from '../../lib/http/schemas.ts';
import { AllowedIps, KeyScopes, checkAllowedIps } from './api-key-routes.ts';
import { audit } from '../audit/service.ts';
import { issueApiKey, listApiKeys, revokeApiKey } from './service.ts';
import { lockKeyOwner } from './key-owners.ts';

const KEY_FIELDS = {
  id: Type.String(),
  keyStart: Type.String({ description: 'The first characters of the key, to recognise it' }),
  name: Nullable(Type.String({ description: 'What the merchant calls the key; null for a key made without one' })),
  accountId: Nullable(Type.String({ description: 'The one account the key acts on; null for a tenant-wide key' })),
  scopes: Type.Array(Type.String()),
  allowedIps: Nullable(Type.Array(Type.String())),
  createdAt: DateTime,
  revokedAt: Nullable(DateTime),
  userId: Nullable(
    Type.String({ description: 'The user the key belongs to: it is revoked when they are removed; null for a key the operator issued' }),
  ),
  userEmail: Nullable(Type.String({ description: "That user's email" })),
};
const ApiKeyView = Type.Object(KEY_FIELDS, { title: 'ApiKey' });
const IssuedApiKeyView = Type.Object(
  { ...KEY_FIELDS, key: Type.String({ description: 'Shown only in this response; stored only as a hash' }) },
  { title: 'IssuedApiKey' },
);

const TAGS = ['developers'];

interface KeyRow {
  id: string;
  key_start: string;
  name: string | null;
  account_id: string | null;
  scopes: string[];
  allowed_ips: string[] | null;
  created_at: Date;
  revoked_at: Date | null;
  user_id: string | null;
  user_email: string | null;
}

function keyView(k: KeyRow) {
  return {
    id: k.id,
    keyStart: k.key_start,
    name: k.name,
    accountId: k.account_id,
    scopes: k.scopes,
    allowedIps: k.allowed_ips,
    createdAt: k.created_at.toISOString(),
    revokedAt: k.revoked_at?.toISOString() ?? null,
    userId: k.user_id,
    userEmail: k.user_email,
  };
}

/**
 * The merchant's own API keys (dashboard, developers section): list, issue, revoke. A caller bound
 * to one account sees and manages only keys bound to that account.
 */
export const merchantKeyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  listKeysRoute(app);
  issueKeyRoute(app);
  revokeKeyRoute(app);
};

/** GET /api-keys: the tenant's API keys, newest first, revoked ones included */
function listKeysRoute(app: TypedApp): void {
  app.get(
    '/api-keys',
    {
      config: { scope: 'apiKeys.list', tenantLevel: true },
      schema: {
        operationId: 'listApiKeys',
        tags: TAGS,
        summary: "The tenant's API keys, newest first, revoked ones included (never the keys themselves)",
        response: responses({ 200: DataEnvelope(Type.Array(ApiKeyView)) }),
      },
    },
    async (request) => {
      const p = request.principal;
      return { data: (await listApiKeys(app.ctx.db, p.tenantId, p.keyAccountId)).map(keyView) };
    },
  );
}

/** What POST /api-keys names as the new key's account. */
interface KeyAccountFields {
  keyAccountId?: string | null;
  accountId?: string;
}

/**
 * The account a new key is bound to: `keyAccountId` (null: tenant-wide), or, from clients written
 * before it, the body's `accountId`; neither: tenant-wide. A caller bound to one account hands out
 * keys of that account only (another of its tenant's: 403; any other account: 404, as the
 * account-scope hook answers for `accountId`).
 */
async function boundAccount(db: Executor, p: ApiPrincipal, body: KeyAccountFields): Promise<string | null> {
  const named = (body.keyAccountId !== undefined ? body.keyAccountId : body.accountId)?.toLowerCase() ?? null;
  if (named !== null && named !== p.keyAccountId && !(await isTenantAccount(db, p.tenantId, named)))
    throw new AppError('exceptions.account.notFound');
  if (p.keyAccountId !== null && named !== p.keyAccountId) throw new AppError('exceptions.auth.accountNotAllowed');
  return named;
}

/**
 * What a caller may hand out: scopes it holds itself, and IPs inside its own allowlist (by default
 * the same list); else 403 insufficientScope. Returns the new key's allowlist.
 */
function grantCeiling(p: ApiPrincipal, scopes: string[], allowedIps: string[] | null | undefined): string[] | null {
  if (!coversScopes(p.scopes, scopes)) {
    throw new AppError(
      'exceptions.auth.insufficientScope',
      { scopes: missingScopes(p.scopes, scopes) },
      'A new key cannot carry scopes the caller lacks',
    );
  }
  checkAllowedIps(allowedIps);
  const ips = allowedIps === undefined ? p.allowedIps : allowedIps;
  if (!rangesCovered(p.allowedIps, ips)) {
    throw new AppError(
      'exceptions.auth.insufficientScope',
      { allowedIps: p.allowedIps },
      "A new key cannot allow IPs outside the caller's allowlist",
    );
  }
  return ips ?? null;
}

/** What a new key is made of; `keyAccountId` and `accountId` pick its account (boundAccount). */
const IssueKeyBody = Type.Object({
  name: Type.Optional(
    Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', description: 'What the key is for, as the keys list shows it' }),
  ),
  scopes: KeyScopes,
  allowedIps: Type.Optional(AllowedIps),
  keyAccountId: Type.Optional(
    Nullable(
      Type.String({
        format: 'uuid',
        description:
          'The one account the key acts on; null or absent (with no accountId): a tenant-wide key, whose every request names its account',
      }),
    ),
  ),
  accountId: Type.Optional(
    Type.String({
      format: 'uuid',
      deprecated: true,
      description:
        "The key's account, as clients written before keyAccountId name it; read only when keyAccountId is absent. With keyAccountId it is only the account the request acts on, checked as on every request",
    }),
  ),
});

/** Issues the key in one transaction: its owner (the caller's user, if any) locked, the grant audited. */
async function issueOwnedKey(db: Db, p: ApiPrincipal, input: Parameters<typeof issueApiKey>[1], ip: string) {
  return db.transaction().execute(async (trx) => {
    const owner =
      p.ownerUserId === null ? null : await lockKeyOwner(trx, { tenantId: p.tenantId, userId: p.ownerUserId, kind: p.kind }, input.scopes);
    const key = await issueApiKey(trx, input);
    const detail = {
      keyStart: key.keyStart,
      name: key.name,
      accountId: key.accountId,
      scopes: key.scopes,
      allowedIps: key.allowedIps,
      userId: key.userId,
    };
    await audit(trx, { tenantId: p.tenantId, principal: p, action: 'apiKey.created', targetType: 'apiKey', targetId: key.id, detail, ip });
    return { ...key, userEmail: owner?.email ?? null };
  });
}

/** POST /api-keys: issue a key with at most the caller's scopes, belonging to the caller's user */
function issueKeyRoute(app: TypedApp): void {
  app.post(
    '/api-keys',
    {
      // A key that moves money or hands out rights is confirmed with the authenticator's code.
      config: {
        scope: 'apiKeys.manage',
        tenantLevel: true,
        stepUp: (request) => grantNeedsStepUp((request.body as { scopes: string[] }).scopes),
      },
      schema: {
        operationId: 'createApiKey',
        tags: TAGS,
        summary:
          "Issue an API key with at most the caller's scopes and IP allowlist (absent: the caller's), named `name`; bound to `keyAccountId` (older clients: `accountId`), or tenant-wide without it. It belongs to the caller's user (a key's: that key's user) and is revoked when they are removed. A session with 2FA confirms a key with a money-moving or rights-granting scope with `x-totp-code`",
        body: IssueKeyBody,
        response: responses({ 201: DataEnvelope(IssuedApiKeyView) }, [404]),
      },
    },
    async (request, reply) => {
      const p = request.principal;
      const { scopes, allowedIps, name } = request.body;
      const ips = grantCeiling(p, scopes, allowedIps);
      const accountId = await boundAccount(app.ctx.db, p, request.body);
      const input = { tenantId: p.tenantId, accountId, name: name?.trim() ?? null, scopes, allowedIps: ips, userId: p.ownerUserId };
      const issued = await issueOwnedKey(app.ctx.db, p, input, request.ip);
      const row = {
        ...issued,
        key_start: issued.keyStart,
        account_id: issued.accountId,
        allowed_ips: issued.allowedIps,
        created_at: issued.createdAt,
        revoked_at: null,
      };
      const view = keyView({ ...row, user_id: issued.userId, user_email: issued.userEmail });
      return reply.status(201).send({ data: { ...view, key: issued.key } });
    },
  );
}

/** DELETE /api-keys/:id: revoke one of the tenant's keys at once */
function revokeKeyRoute(app: TypedApp): void {
  app.delete(
    '/api-keys/:id',
    {
      config: { scope: 'apiKeys.manage', tenantLevel: true },
      schema: {
        operationId: 'revokeApiKey',
        tags: TAGS,
        summary: "Revoke one of the tenant's API keys at once (revoking twice is a no-op)",
        params: Type.Object({ id: Uuid }),
        response: responses({ 204: Type.Null({ description: 'Revoked' }) }, [404]),
      },
    },
    async (request, reply) => {
      const p = request.principal;
      const owner = { tenantId: p.tenantId, ...(p.keyAccountId !== null ? { accountId: p.keyAccountId } : {}) };
      // Every instance drops the key from its cache once this commits; this one at once.
      app.ctx.changes?.emitLocal(
        await revokeApiKey(app.ctx.db, request.params.id, owner, { by: { principal: p, ip: request.ip }, action: 'apiKey.revoked' }),
      );
      return reply.status(204).send(null);
    },
  );
}
