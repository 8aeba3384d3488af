/**
 * Suspending a tenant (operator console): while suspended, its API keys are refused and its users
 * can neither sign in nor keep a session (403 exceptions.auth.tenantSuspended), on every instance at
 * once; its money stays where it is (payments still credit, deposits still confirm, webhooks still
 * go out, the payment page still answers). Resuming restores its keys; ended sessions stay ended.
 */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../lib/db/index.ts';
import { notifyChange } from '../../lib/db/notify.ts';
import type { TenantsTable } from '../../lib/db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { tenantKeysChanged } from '../../lib/http/security.ts';
import { audit } from '../audit/service.ts';
import { revokeTenantSessions } from '../users/sessions.ts';
import type { OperatorBy } from './customers.ts';

/** The tenant after the change, and the change notice to apply on this instance once committed. */
export interface SuspensionChanged {
  tenant: Selectable<TenantsTable>;
  notice: string;
}

/**
 * Suspends (`suspend`) or resumes a tenant in one transaction: the flag, on suspension the end of
 * every live session of its users, the audit entry, and the notice that makes every instance drop
 * the keys it has cached (they are read again, with the tenant's state). A tenant already in that
 * state stays as it is, without a new entry. 404 tenant.notFound.
 */
export async function setSuspended(db: Db, tenantId: string, suspend: boolean, by: OperatorBy): Promise<SuspensionChanged> {
  return db.transaction().execute(async (trx) => {
    // Locked: two operators suspending and resuming at once queue, and each writes its own entry.
    const current = await trx
      .selectFrom('tenants')
      .select(['suspended_at', 'name'])
      .where('id', '=', tenantId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new AppError('exceptions.tenant.notFound');
    if ((current.suspended_at !== null) !== suspend) {
      await trx
        .updateTable('tenants')
        .set({ suspended_at: suspend ? sql<Date>`now()` : null, updated_at: sql<Date>`now()` })
        .where('id', '=', tenantId)
        .execute();
      const detail: Record<string, unknown> = { name: current.name };
      if (suspend) detail.sessionsEnded = await revokeTenantSessions(trx, tenantId);
      await audit(trx, {
        tenantId,
        ...by,
        action: suspend ? 'tenant.suspended' : 'tenant.resumed',
        targetType: 'tenant',
        targetId: tenantId,
        detail,
      });
      await notifyChange(trx, tenantKeysChanged(tenantId));
    }
    const tenant = await trx.selectFrom('tenants').selectAll().where('id', '=', tenantId).executeTakeFirstOrThrow();
    return { tenant, notice: tenantKeysChanged(tenantId) };
  });
}
