// The operator's controls of a sandbox chain (inject a transfer, mine, drop, reorganise), on the
// rows every instance shares; SandboxChain offers them as methods beside the adapter interface.
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { NetworkEnvName } from '../../config.ts';
import type { Db, Executor } from '../../lib/db/index.ts';
import { CURRENCIES, findCurrency, networkNamed, networkOf, type CryptoCode } from '../../lib/currencies/catalogue.ts';
import type { ChainTip } from '../types.ts';

/** A 32-byte hash written the way the network writes it (EVM: 0x-prefixed). */
export function hashFor(network: NetworkEnvName, hex: string): string {
  return network === 'ETHEREUM' || network === 'BNB' || network === 'BASE' ? `0x${hex}` : hex;
}

function randomHash(network: NetworkEnvName): string {
  return hashFor(network, randomBytes(32).toString('hex'));
}

/** An incoming transfer the operator injects into a sandbox chain: a catalogue currency, or a token outside it. */
export type SandboxTransferInput = { to: string; units: bigint; rbf?: boolean; from?: string } & (
  | { currencyCode: CryptoCode; contract?: undefined }
  | { currencyCode?: undefined; contract: string }
);

/** Operator: an incoming transfer, in the mempool at once (0 confirmations). */
export async function injectTransfer(
  db: Db,
  network: NetworkEnvName,
  request: SandboxTransferInput,
): Promise<{ txHash: string; outputIndex: number }> {
  if (request.units <= 0n) throw new RangeError('a sandbox transfer needs a positive amount');
  const net = networkNamed(network);
  // A catalogue token named by its contract is that currency, as a real chain's watcher reads it.
  const contract = request.contract?.toLowerCase();
  const listed = contract && CURRENCIES.find((c) => c.network === net.api && c.contractAddress?.toLowerCase() === contract);
  const input: SandboxTransferInput = listed
    ? { to: request.to, units: request.units, rbf: request.rbf, from: request.from, currencyCode: listed.code }
    : request;
  if (input.currencyCode !== undefined) {
    const currency = findCurrency(input.currencyCode);
    if (!currency) throw new RangeError('a sandbox transfer needs a known currency');
    if (networkOf(currency).env !== network) throw new RangeError(`${currency.code} is not on the ${network} network`);
  } else if (network === 'BTC' || !new RegExp(net.addressMask).test(input.contract)) {
    throw new RangeError(`"${input.contract}" is not a token contract on ${net.api}`);
  }
  if (!new RegExp(net.addressMask).test(input.to)) throw new RangeError(`"${input.to}" is not a ${net.api} address`);
  if (input.from !== undefined && !new RegExp(net.addressMask).test(input.from))
    throw new RangeError(`"${input.from}" is not a ${net.api} address`);
  const txHash = randomHash(network);
  await db
    .insertInto('sandbox_transfers')
    .values({
      network: network,
      tx_hash: txHash,
      output_index: 0,
      to_address: input.to,
      currency_code: input.currencyCode ?? null,
      contract: input.contract ?? null,
      amount: input.units,
      rbf: input.rbf ?? false,
      sender: input.from ?? null,
    })
    .execute();
  return { txHash, outputIndex: 0 };
}

/** Operator: adds `count` blocks; the first takes every transfer waiting in the mempool. */
export async function mineBlocks(db: Db, network: NetworkEnvName, count: number): Promise<ChainTip> {
  if (!Number.isInteger(count) || count < 1 || count > 1000) throw new RangeError('mine 1 to 1000 blocks');
  return db.transaction().execute(async (trx) => {
    await lockChain(trx, network);
    let tip = await tipOf(trx, network);
    for (let i = 0; i < count; i++) {
      const height = (tip?.height ?? -1) + 1;
      const hash = randomHash(network);
      await trx
        .insertInto('sandbox_blocks')
        .values({ network: network, height, hash, parent_hash: tip?.hash ?? null })
        .execute();
      if (i === 0) {
        await trx
          .updateTable('sandbox_transfers')
          .set({ block_height: height })
          .where('network', '=', network)
          .where('block_height', 'is', null)
          .where('dropped', '=', false)
          .execute();
      }
      tip = { height, hash };
    }
    // count ≥ 1: the loop ran, so there is a tip.
    if (!tip) throw new RangeError('mine 1 to 1000 blocks');
    return tip;
  });
}

/** Operator: drops a transfer still in the mempool (a double spend or an evicted transaction). */
export async function dropTransfer(db: Db, network: NetworkEnvName, txHash: string): Promise<boolean> {
  const res = await db
    .updateTable('sandbox_transfers')
    .set({ dropped: true })
    .where('network', '=', network)
    .where('tx_hash', '=', txHash)
    .where('block_height', 'is', null)
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/**
 * Operator: orphans the last `depth` blocks. Their transfers go back to the mempool, or are gone
 * with `dropTransfers` (double-spent in the winning chain). Mine afterwards to grow the new branch.
 */
export async function reorgChain(
  db: Db,
  network: NetworkEnvName,
  depth: number,
  opts: { dropTransfers?: boolean } = {},
): Promise<ChainTip | null> {
  return db.transaction().execute(async (trx) => {
    await lockChain(trx, network);
    const tip = await tipOf(trx, network);
    if (!tip) return null;
    const from = Math.max(0, tip.height - depth + 1);
    await trx
      .updateTable('sandbox_transfers')
      .set(opts.dropTransfers ? { dropped: true } : { block_height: null })
      .where('network', '=', network)
      .where('block_height', '>=', from)
      .execute();
    await trx.deleteFrom('sandbox_blocks').where('network', '=', network).where('height', '>=', from).execute();
    return tipOf(trx, network);
  });
}

/** Serialises changes to one sandbox chain across every instance. */
async function lockChain(trx: Executor, network: NetworkEnvName): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`sandbox-chain:${network}`}))`.execute(trx);
}

export async function tipOf(db: Executor, network: NetworkEnvName): Promise<ChainTip | null> {
  const row = await db
    .selectFrom('sandbox_blocks')
    .select(['height', 'hash'])
    .where('network', '=', network)
    .orderBy('height', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { height: row.height, hash: row.hash } : null;
}
