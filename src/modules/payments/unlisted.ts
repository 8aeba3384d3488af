import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { NetworkEnvName } from '../../config.ts';
import type { Trx } from '../../lib/db/index.ts';
import type { UnlistedTokenTransfersTable } from '../../lib/db/schema.ts';
import type { ChainTransfer } from '../../chains/types.ts';

/** A token outside the catalogue as stored. */
export type UnlistedTransfer = Selectable<UnlistedTokenTransfersTable>;

/**
 * Records a token outside the catalogue that arrived at one of our addresses, once it is in a
 * block: kept for the operator with its owner, never a payment and never credited. Seeing it again
 * is a no-op (its natural key), so every watcher round may call this.
 */
export async function recordUnlisted(trx: Trx, network: NetworkEnvName, t: ChainTransfer & { currencyCode: null }): Promise<void> {
  if (t.blockHeight === null) return;
  const owner = await addressOwner(trx, network, t.toAddress);
  if (!owner) return;
  await trx
    .insertInto('unlisted_token_transfers')
    .values({
      ...transferColumns(network, t, owner),
      contract: t.contract,
      amount: t.units.toString(),
      block_height: t.blockHeight,
      status: 'held',
    })
    .onConflict((oc) => oc.columns(['network', 'tx_hash', 'output_index']).doNothing())
    .execute();
}

/** Whom one of our addresses was handed out to, and for which currency. */
export function addressOwner(trx: Trx, network: NetworkEnvName, address: string) {
  return trx
    .selectFrom('addresses')
    .select(['purpose', 'owner_id', 'tenant_id', 'currency_code'])
    .where('network', '=', network)
    .where('address', '=', address)
    .executeTakeFirst();
}

/** The columns a transfer's row (a payment, an unlisted token) takes from the transfer and its address's owner. */
export function transferColumns(
  network: NetworkEnvName,
  t: Pick<ChainTransfer, 'txHash' | 'outputIndex' | 'toAddress'>,
  owner: { purpose: string; owner_id: string; tenant_id: string },
) {
  return {
    id: randomUUID(),
    network,
    tx_hash: t.txHash,
    output_index: t.outputIndex,
    address: t.toAddress,
    purpose: owner.purpose,
    owner_id: owner.owner_id,
    tenant_id: owner.tenant_id,
  };
}
