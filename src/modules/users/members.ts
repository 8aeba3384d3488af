/**
 * A tenant's users as its owners manage them: list, change a role, remove (the last owner stays);
 * a user's API keys end with them.
 */
import type { Selectable } from 'kysely';
import type { Db, Trx } from '../../lib/db/index.ts';
import { now } from '../../lib/db/index.ts';
import type { MerchantRole, UsersTable } from '../../lib/db/tables/people.ts';
import { AppError } from '../../lib/errors.ts';
import { ROLE_SCOPES, coversScopes } from '../../lib/auth/scopes.ts';
import { audit, type AuditBy } from '../audit/service.ts';
import { handUserKeysOver, revokeUserKeys } from '../tenants/key-owners.ts';
import { revokeUserSessions } from './sessions.ts';

/** Where a user stands: invited (no password yet), active, or disabled (removed). */
export type UserStatus = 'invited' | 'active' | 'disabled';

type Member = Pick<Selectable<UsersTable>, 'id' | 'email' | 'role' | 'password_hash' | 'disabled_at' | 'totp_enabled_at' | 'created_at'>;

function statusOf(u: Pick<Member, 'password_hash' | 'disabled_at'>): UserStatus {
  if (u.disabled_at) return 'disabled';
  return u.password_hash ? 'active' : 'invited';
}

function view(u: Member) {
  return {
    id: u.id,
    email: u.email,
    role: u.role as MerchantRole,
    status: statusOf(u),
    totpEnabled: u.totp_enabled_at !== null,
    createdAt: u.created_at.toISOString(),
  };
}

/** A user as the tenant's owners see them. */
export type UserView = ReturnType<typeof view>;

const COLUMNS = ['id', 'email', 'role', 'password_hash', 'disabled_at', 'totp_enabled_at', 'created_at'] as const;

/** The tenant's users, oldest first. */
export async function listUsers(db: Db, tenantId: string): Promise<UserView[]> {
  const rows = await db.selectFrom('users').select(COLUMNS).where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('id').execute();
  return rows.map(view);
}

/** Checks that the caller may manage a user of this role (its scopes cover the role's), else throws. */
export type MayManage = (role: MerchantRole) => void;

/**
 * Every user of the tenant, locked (owners' changes queue, so two owners demoting each other cannot
 * both succeed), with the target among them (else 404), whom the caller may manage. The target may
 * stop being an owner only while another active owner remains (409 lastOwner).
 */
async function lockMembers(trx: Trx, tenantId: string, userId: string, mayManage: MayManage, losesOwner: (target: Member) => boolean) {
  const rows = await trx.selectFrom('users').select(COLUMNS).where('tenant_id', '=', tenantId).orderBy('id').forUpdate().execute();
  const target = rows.find((u) => u.id === userId);
  if (!target) throw new AppError('exceptions.user.notFound');
  mayManage(target.role as MerchantRole);
  if (target.role === 'owner' && statusOf(target) === 'active' && losesOwner(target)) {
    const others = rows.filter((u) => u.id !== userId && u.role === 'owner' && statusOf(u) === 'active');
    if (others.length === 0) throw new AppError('exceptions.user.lastOwner');
  }
  return target;
}

/**
 * Gives a user of the tenant another role; effective on their next request. Their keys the new role
 * does not cover are revoked in the same transaction (a user never holds a key their role could not
 * make). Returns the user and the revoked keys' change notices.
 */
export async function changeRole(
  db: Db,
  tenantId: string,
  userId: string,
  role: MerchantRole,
  by: AuditBy,
  mayManage: MayManage,
): Promise<{ user: UserView; notices: string[] }> {
  return db.transaction().execute(async (trx) => {
    const target = await lockMembers(trx, tenantId, userId, mayManage, () => role !== 'owner');
    if (target.role === role) return { user: view(target), notices: [] };
    await trx.updateTable('users').set({ role, updated_at: now() }).where('id', '=', userId).execute();
    await audit(trx, {
      tenantId,
      ...by,
      action: 'user.roleChanged',
      targetType: 'user',
      targetId: userId,
      detail: { email: target.email, from: target.role, to: role },
    });
    const notices = await revokeUserKeys(trx, { id: userId, tenantId }, by, 'roleChanged', (k) =>
      coversScopes(ROLE_SCOPES[role], k.scopes),
    );
    return { user: view({ ...target, role }), notices };
  });
}

/** Removes a user from the tenant: disabled (kept for the audit log), invitation void, sessions and keys ended at once. */
export async function disableUser(db: Db, tenantId: string, userId: string, by: AuditBy, mayManage: MayManage): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const target = await lockMembers(trx, tenantId, userId, mayManage, () => true);
    return disableChecked(trx, { id: userId, email: target.email, role: target.role, tenantId }, by);
  });
}

/** Who gets a removed user's keys instead of their revocation (the operator's choice). */
export interface KeyRecipient {
  id: string;
  email: string;
  /** Their role's scopes: they must cover every key handed over. */
  scopes: readonly string[];
}

/**
 * Disables a user the caller has checked may go (not the last owner or operator): the invitation
 * void, every session ended, their API keys revoked (or handed to `keysTo`), the entries written.
 * Returns the keys' change notices (none when the user was disabled already: nothing changes).
 */
export async function disableChecked(
  trx: Trx,
  user: { id: string; email: string; role: string; tenantId: string | null },
  by: AuditBy,
  keysTo?: KeyRecipient,
): Promise<string[]> {
  const disabled = await trx
    .updateTable('users')
    .set({ disabled_at: now(), invite_hash: null, invite_expires_at: null, updated_at: now() })
    .where('id', '=', user.id)
    .where('disabled_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (!disabled) return [];
  await revokeUserSessions(trx, user.id);
  await audit(trx, {
    tenantId: user.tenantId,
    ...by,
    action: 'user.removed',
    targetType: 'user',
    targetId: user.id,
    detail: { email: user.email, role: user.role },
  });
  // Operators own no keys; a merchant user's keys end with them unless the operator hands them on.
  if (user.tenantId === null) return [];
  const from = { id: user.id, tenantId: user.tenantId };
  return keysTo ? handUserKeysOver(trx, from, keysTo, by) : revokeUserKeys(trx, from, by, 'userRemoved');
}
