/**
 * The notices a user's sign-in security writes to the outbox, in the transaction of the change:
 * a sign-in from a device or address the user had not signed in from, and a change of password or
 * second factor. Mail is made of them (modules/email); operators, who have no tenant, get none.
 */
import { sql } from 'kysely';
import type { Executor, Trx } from '../../lib/db/index.ts';
import { enqueue, notice } from '../../lib/outbox.ts';

/** A change to a user's sign-in security. */
export type SecurityChange = 'password' | 'passwordReset' | 'totpEnabled' | 'totpDisabled';

/** Writes the notice of a security change of a tenant's user. */
export async function noticeSecurityChange(
  trx: Trx,
  user: { id: string; tenant_id: string | null },
  change: SecurityChange,
  ip?: string,
): Promise<void> {
  if (!user.tenant_id) return;
  await enqueue(
    trx,
    notice(user.tenant_id, 'user.securityChanged', user.id, { userId: user.id, change, ip: ip ?? null, at: new Date().toISOString() }),
  );
}

/**
 * Whether this sign-in comes from somewhere new: the user signed in before, but never from this
 * address with this browser. A first sign-in is not news to anyone.
 */
async function isNewPlace(db: Executor, userId: string, ip: string | undefined, userAgent: string | null): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select([
      sql<string>`count(*)`.as('before'),
      sql<string>`count(*) filter (where ip is not distinct from ${ip ?? null} and user_agent is not distinct from ${userAgent})`.as(
        'here',
      ),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.before) > 0 && Number(row.here) === 0;
}

/** Before a new session is stored: the notice of a sign-in from somewhere new, when it is. */
export async function noticeSignIn(
  trx: Trx,
  user: { userId: string; tenantId: string | null },
  client: { ip?: string; userAgent?: string },
): Promise<void> {
  if (!user.tenantId) return;
  const userAgent = client.userAgent?.slice(0, 512) ?? null;
  if (!(await isNewPlace(trx, user.userId, client.ip, userAgent))) return;
  await enqueue(
    trx,
    notice(user.tenantId, 'user.signedIn', user.userId, {
      userId: user.userId,
      ip: client.ip ?? 'unknown',
      userAgent,
      at: new Date().toISOString(),
    }),
  );
}
