import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { NETWORKS, type ApiNetwork } from '../../lib/currencies/catalogue.ts';
import { AppError } from '../../lib/errors.ts';
import { audit, type operatorBy } from '../audit/service.ts';

/**
 * An operator asks for a network's hot wallet to be brought down to its target now, whatever its
 * ceiling (before a weekend, after a large sweep): the request is stored, audited, and carried out
 * by the next round of a worker holding the key, which removes it. Asking again while one waits
 * renews it. 409 coldStorage.notConfigured where the network has no ceiling to go by.
 */
export async function requestColdMove(
  ctx: Pick<AppContext, 'db' | 'config'>,
  api: ApiNetwork,
  by: ReturnType<typeof operatorBy>,
): Promise<{ network: ApiNetwork; requestedAt: string }> {
  const network = NETWORKS[api as keyof typeof NETWORKS]?.env;
  const cold = network && ctx.config.networks.includes(network) ? ctx.config.chains[network].cold : undefined;
  if (!network || !cold?.hotMaxUsdCents) throw new AppError('exceptions.coldStorage.notConfigured', { network: api });
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('cold_move_requests')
      .values({ network, requested_by: by.actor.name })
      .onConflict((oc) => oc.column('network').doUpdateSet({ requested_by: by.actor.name, requested_at: sql<Date>`now()` }))
      .returning('requested_at')
      .executeTakeFirstOrThrow();
    await audit(trx, {
      tenantId: null,
      ...by,
      action: 'coldStorage.moveRequested',
      targetType: 'network',
      targetId: network,
      detail: { coldAddress: cold.address },
    });
    return { network: api, requestedAt: row.requested_at.toISOString() };
  });
}
