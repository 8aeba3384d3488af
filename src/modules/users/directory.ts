/**
 * Every user of the installation as the operator console sees them (merchant users of every tenant
 * and the operators), and disabling any of them; the installation keeps an active operator.
 */
import { sql, type SqlBool } from 'kysely';
import type { Db, Executor, Trx } from '../../lib/db/index.ts';
import { byKeys, paged, type Page } from '../../lib/db/paging.ts';
import { isOperatorRole, type UserRole } from '../../lib/db/tables/people.ts';
import { AppError } from '../../lib/errors.ts';
import { ROLE_SCOPES } from '../../lib/auth/scopes.ts';
import type { AuditBy } from '../audit/service.ts';
import { disableChecked, type KeyRecipient, type UserStatus } from './members.ts';

/** A user in the console's list. */
export interface DirectoryUser {
  id: string;
  email: string;
  role: UserRole;
  status: UserStatus;
  totpEnabled: boolean;
  /** Null for an operator. */
  tenantId: string | null;
  tenantName: string | null;
  createdAt: string;
  /** When their newest session began; null: never signed in. */
  lastSignInAt: string | null;
}

/** The console's filters: email contains `search` (any case), one tenant, one role. */
export interface DirectoryQuery {
  search?: string;
  tenantId?: string;
  role?: UserRole;
  page: number;
  limit: number;
}

const STATUS = sql<UserStatus>`case when users.disabled_at is not null then 'disabled' when users.password_hash is null then 'invited' else 'active' end`;

/** Users of every tenant and the operators, newest first. */
export function listAllUsers(db: Executor, q: DirectoryQuery): Promise<Page<DirectoryUser>> {
  let base = db.selectFrom('users').leftJoin('tenants', 'tenants.id', 'users.tenant_id');
  if (q.search !== undefined) base = base.where(sql<SqlBool>`strpos(lower(users.email), ${q.search.toLowerCase()}) > 0`);
  if (q.tenantId !== undefined) base = base.where('users.tenant_id', '=', q.tenantId);
  if (q.role !== undefined) base = base.where('users.role', '=', q.role);
  return paged(
    q,
    () => base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    (offset, limit) => {
      // A later page's ids along the index of the order alone; the sign-in subquery runs for the page's rows only.
      const ids = base.select('users.id').orderBy('users.created_at', 'desc').orderBy('users.id', 'desc').limit(limit).offset(offset);
      return byKeys(base, 'users.id', offset, limit, ids)
        .select([
          'users.id',
          'users.email',
          'users.role',
          'users.tenant_id',
          'tenants.name as tenant_name',
          'users.totp_enabled_at',
          'users.created_at',
        ])
        .select(STATUS.as('status'))
        .select(sql<Date | null>`(select max(s.created_at) from sessions s where s.user_id = users.id)`.as('last_sign_in_at'))
        .orderBy('users.created_at', 'desc')
        .orderBy('users.id', 'desc')
        .execute();
    },
    (u) => ({
      id: u.id,
      email: u.email,
      role: u.role,
      status: u.status,
      totpEnabled: u.totp_enabled_at !== null,
      tenantId: u.tenant_id,
      tenantName: u.tenant_name,
      createdAt: u.created_at.toISOString(),
      lastSignInAt: u.last_sign_in_at === null ? null : new Date(u.last_sign_in_at).toISOString(),
    }),
  );
}

/**
 * The user to hand a removed user's keys to: another active user of the same tenant, locked so
 * that they can neither go nor change role before this commits (else 400 keyRecipientInvalid).
 */
async function keyRecipient(trx: Trx, target: { id: string; tenantId: string | null }, recipientId: string): Promise<KeyRecipient> {
  const row = await trx
    .selectFrom('users')
    .select(['id', 'email', 'role', 'tenant_id', 'password_hash', 'disabled_at'])
    .where('id', '=', recipientId)
    .forUpdate()
    .executeTakeFirst();
  const active = row && row.disabled_at === null && row.password_hash !== null;
  if (!active || isOperatorRole(row.role) || target.tenantId === null || row.tenant_id !== target.tenantId || row.id === target.id) {
    throw new AppError('exceptions.user.keyRecipientInvalid');
  }
  return { id: row.id, email: row.email, scopes: ROLE_SCOPES[row.role] };
}

/**
 * Disables any user (the operator's override: a tenant's last owner too): invitation void, sessions
 * ended at once, their API keys revoked, or with `keysTo` handed to that user of the same tenant
 * (whose role must cover every key); kept for the audit log. Disabling twice is a no-op. The
 * installation keeps an active operator (409 lastOperator): the operators are locked, so two
 * operators disabling each other cannot both succeed. 404 user.notFound. Returns the keys' change notices.
 */
export async function disableAnyUser(db: Db, userId: string, by: AuditBy, keysTo?: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('users').select(['email', 'role', 'tenant_id']).where('id', '=', userId).executeTakeFirst();
    if (!target) throw new AppError('exceptions.user.notFound');
    if (target.role === 'operator') {
      const operators = await trx
        .selectFrom('users')
        .select(['id', 'password_hash', 'disabled_at'])
        .where('role', '=', 'operator')
        .orderBy('id')
        .forUpdate()
        .execute();
      const active = (u: (typeof operators)[number]) => u.disabled_at === null && u.password_hash !== null;
      const self = operators.find((u) => u.id === userId);
      if (self && active(self) && !operators.some((u) => u.id !== userId && active(u))) throw new AppError('exceptions.user.lastOperator');
    }
    const recipient = keysTo === undefined ? undefined : await keyRecipient(trx, { id: userId, tenantId: target.tenant_id }, keysTo);
    return disableChecked(trx, { id: userId, email: target.email, role: target.role, tenantId: target.tenant_id }, by, recipient);
  });
}
