/** The audit log: who did what to a tenant (sign-ins, people, keys, webhook settings, money moves). */
import type { Selectable, SelectQueryBuilder } from 'kysely';
import type { Executor } from '../../lib/db/index.ts';
import type { AuditLogTable, DB } from '../../lib/db/schema.ts';
import { byKeys, paged, type Page } from '../../lib/db/paging.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { stringifyExact } from '../../lib/exact-json.ts';

/** What the audit log records, as dotted names. */
export type AuditAction =
  | 'session.signedIn'
  | 'session.signInFailed'
  | 'session.signedOut'
  | 'session.signedOutEverywhere'
  | 'user.invited'
  | 'user.passwordSet'
  | 'user.roleChanged'
  | 'user.removed'
  | 'user.totpEnabled'
  | 'user.totpDisabled'
  | 'user.recoveryCodeUsed'
  | 'user.recoveryCodesRenewed'
  | 'user.passwordResetIssued'
  | 'user.passwordReset'
  | 'apiKey.created'
  | 'apiKey.revoked'
  | 'apiKey.handedOver'
  | 'webhook.secretRotated'
  | 'webhook.settingsChanged'
  | 'webhook.redelivered'
  | 'webhook.testSent'
  | 'settings.changed'
  | 'withdrawal.committed'
  | 'withdrawalBatch.committed'
  | 'conversion.committed'
  | 'tenant.suspended'
  | 'tenant.resumed'
  | 'customer.blocked'
  | 'customer.unblocked'
  | 'tenant.created'
  | 'tenant.settingsChanged'
  | 'withdrawal.cancelled'
  | 'unlistedToken.move'
  | 'unlistedToken.moved'
  | 'unlistedToken.dismiss'
  | 'unlistedToken.hold'
  | 'payoutAddress.added'
  | 'payoutAddress.removed'
  | 'payoutPolicy.changed'
  | 'payoutPolicy.changeRequested'
  | 'payoutPolicy.changeApplied'
  | 'payoutPolicy.changeCancelled'
  | 'withdrawal.approved'
  | 'withdrawal.rejected'
  | 'withdrawal.approvalExpired'
  | 'coldStorage.moveRequested'
  | 'paymentLink.created'
  | 'paymentLink.enabled'
  | 'paymentLink.disabled'
  | 'x402Resource.listed'
  | 'x402Resource.updated'
  | 'x402Resource.removed'
  | 'plan.created'
  | 'plan.updated'
  | 'subscription.created'
  | 'subscription.updated'
  | 'subscription.cancelled'
  | 'payment.held'
  | 'heldPayment.released'
  | 'heldPayment.refunded';

/** Who acted, when not a principal: a user (by id and email), or an operator's token. */
export interface AuditActor {
  userId?: string | null;
  keyId?: string | null;
  /** As people read it: an email, `api key cgk_…`, `operator token`. */
  name: string;
}

/** One entry: the tenant it concerns (null: an operator's own sign-in), who, what, on what. */
export interface AuditEntry {
  tenantId: string | null;
  /** The caller of a merchant route (API key or session); or `actor`. */
  principal?: Pick<ApiPrincipal, 'keyId' | 'userId' | 'actor'>;
  actor?: AuditActor;
  action: AuditAction;
  targetType?: string;
  targetId?: string;
  /** Facts worth keeping (a role, an amount); never secrets. */
  detail?: Record<string, unknown>;
  ip?: string;
}

/** Who acted, as an entry names them: a merchant route's principal, or an actor (an operator). */
export type AuditBy = Pick<AuditEntry, 'principal' | 'actor' | 'ip'>;

/** What a service writes to the log in its own transaction: who, and as which action. */
export interface Audited {
  by: AuditBy;
  action: AuditAction;
  detail?: Record<string, unknown>;
}

/** The operator behind an /admin request (a user's session or the admin token), with its IP. */
export function operatorBy(request: {
  operator: { userId: string | null; actor: string };
  ip: string;
}): Required<Pick<AuditEntry, 'actor'>> & Pick<AuditEntry, 'ip'> {
  const op = request.operator;
  return { actor: { userId: op.userId, name: op.actor }, ip: request.ip };
}

/** Writes one entry, in the caller's transaction when given one (the entry stands or falls with the change). */
export async function audit(db: Executor, entry: AuditEntry): Promise<void> {
  const who = entry.principal
    ? { userId: entry.principal.userId, keyId: entry.principal.keyId, name: entry.principal.actor }
    : (entry.actor ?? { name: 'unknown' });
  await db
    .insertInto('audit_log')
    .values({
      tenant_id: entry.tenantId,
      actor_user_id: who.userId ?? null,
      actor_key_id: who.keyId ?? null,
      actor: who.name,
      action: entry.action,
      target_type: entry.targetType ?? null,
      target_id: entry.targetId ?? null,
      detail: stringifyExact(entry.detail ?? {}),
      ip: entry.ip ?? null,
    })
    .execute();
}

/** One entry as the API shows it. */
export interface AuditView {
  id: string;
  actor: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  detail: Record<string, unknown>;
  ip: string | null;
  createdAt: string;
}

function auditView(row: Selectable<AuditLogTable>): AuditView {
  return {
    id: String(row.id),
    actor: row.actor,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    detail: (typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail) as Record<string, unknown>,
    ip: row.ip,
    createdAt: row.created_at.toISOString(),
  };
}

/** A page's entry ids, newest first, along the index of the tenant's entries (or the primary key) alone. */
// biome-ignore lint/complexity/noBannedTypes: Kysely's type of a query with no column selected yet.
function newestIds(base: SelectQueryBuilder<DB, 'audit_log', {}>, offset: number, limit: number) {
  return base.select('id').orderBy('id', 'desc').limit(limit).offset(offset);
}

/** The tenant's audit log, newest first. */
export async function listAudit(db: Executor, tenantId: string, q: { page: number; limit: number }): Promise<Page<AuditView>> {
  const base = db.selectFrom('audit_log').where('tenant_id', '=', tenantId);
  return paged(
    q,
    () => base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    (offset, limit) =>
      byKeys(base, 'id', offset, limit, newestIds(base, offset, limit))
        .selectAll()
        .orderBy('id', 'desc')
        .execute(),
    auditView,
  );
}

/**
 * The whole installation's audit log for the operator, newest first: every tenant's entries and the
 * operators' own (tenantId null); with `tenantId`, that tenant's only.
 */
export async function listAllAudit(
  db: Executor,
  q: { tenantId?: string; page: number; limit: number },
): Promise<Page<AuditView & { tenantId: string | null }>> {
  let base = db.selectFrom('audit_log');
  if (q.tenantId !== undefined) base = base.where('tenant_id', '=', q.tenantId);
  return paged(
    q,
    () => base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    (offset, limit) =>
      byKeys(base, 'id', offset, limit, newestIds(base, offset, limit))
        .selectAll()
        .orderBy('id', 'desc')
        .execute(),
    (row) => ({ ...auditView(row), tenantId: row.tenant_id }),
  );
}
