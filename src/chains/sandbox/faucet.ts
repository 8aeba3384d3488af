import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { NetworkEnvName } from '../../config.ts';
import type { Executor, Trx } from '../../lib/db/index.ts';
import type { CryptoCode } from '../../lib/currencies/catalogue.ts';

/**
 * The sandbox faucet. A conversion credits a merchant in a currency no coin of which ever reached
 * the gateway (the house's FX short), so a sandbox hot wallet, which holds what came in, can be
 * short of a payout it must make; on a real network the operator would fund the wallet. Here the
 * faucet does: the coins are the sandbox chain's own (a genesis allocation, final at once, never
 * reorganised away), recorded here and counted as custody by `SandboxChain.custodyBalance`. The
 * caller books them in the same transaction (custody in against `sandbox:faucet`), so the chain
 * and the ledger stay equal and the solvency view holds.
 */
export async function fundFromFaucet(
  trx: Trx,
  network: NetworkEnvName,
  currency: CryptoCode,
  units: bigint,
  withdrawalId: string,
): Promise<string> {
  if (units <= 0n) throw new RangeError('the faucet gives a positive amount');
  const id = randomUUID();
  await trx
    .insertInto('sandbox_faucet')
    .values({ id, network, currency_code: currency, amount: units, withdrawal_id: withdrawalId })
    .execute();
  return id;
}

/** What the faucet has given a network's hot wallet of a currency, in atomic units. */
export async function faucetUnits(db: Executor, network: NetworkEnvName, currency: CryptoCode): Promise<bigint> {
  const row = await db
    .selectFrom('sandbox_faucet')
    .select(sql<string>`coalesce(sum(amount), 0)`.as('units'))
    .where('network', '=', network)
    .where('currency_code', '=', currency)
    .executeTakeFirstOrThrow();
  return BigInt(row.units);
}
