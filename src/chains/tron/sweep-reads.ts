// What the Tron sweeper (sweeper.ts) reads before it signs: a stored transaction's fate, the hot
// wallet's energy stake lent and lendable, the deposits due, and whether a sweep is worth its cost.
import { sql } from 'kysely';
import type { Db } from '../../lib/db/index.ts';
import { knownCurrency, type CryptoCode } from '../../lib/currencies/catalogue.ts';
import { convertUnits, parseRatio } from '../../lib/money.ts';
import type { StoredSweepTx } from '../sweep-store.ts';
import type { TronCall } from './balances.ts';
import { parseExact } from './exact-json.ts';

/** Millionths: the unit of the sweeper's `maxCostShare`. */
export const PPM = 1_000_000n;

/** What `gettransactioninfobyid` tells of a transaction in a block (`{}` for one in none). */
interface TxInfo {
  blockNumber?: number;
  fee?: number | bigint;
  receipt?: { result?: string };
  result?: string;
}

/** A transaction's info in one view: `wallet` (the latest block) or `walletsolidity` (the irreversible ones). */
export async function txInfo(call: TronCall, txHash: string, view: 'wallet' | 'walletsolidity'): Promise<TxInfo> {
  const info = await call<TxInfo & { Error?: string }>(`/${view}/gettransactioninfobyid`, { value: txHash });
  if (info.Error) throw new Error(`${view}/gettransactioninfobyid: ${info.Error}`);
  return info;
}

/** Sun of the hot wallet's energy stake lent to `address` (`getdelegatedresourcev2`). */
export async function lentTo(call: TronCall, hotWallet: string, address: string): Promise<bigint> {
  type Lent = { delegatedResource?: Array<{ frozen_balance_for_energy?: number | bigint }> };
  const r = await call<Lent>('/wallet/getdelegatedresourcev2', { fromAddress: hotWallet, toAddress: address, visible: true });
  return (r.delegatedResource ?? []).reduce((sum, d) => sum + BigInt(d.frozen_balance_for_energy ?? 0), 0n);
}

/**
 * The hot wallet's energy stake: what it can lend now (`getcandelegatedmaxsize`, less delegations
 * signed and not yet in an irreversible block: `lending` signed this round, the `open` stored ones)
 * and all of it, lent or not (`getaccount`).
 */
export async function hotStake(
  call: TronCall,
  hotWallet: string,
  lending: bigint,
  open: readonly StoredSweepTx[],
): Promise<{ delegatable: bigint; staked: bigint }> {
  const max = await call<{ max_size?: number | bigint }>('/wallet/getcandelegatedmaxsize', {
    owner_address: hotWallet,
    type: 1,
    visible: true,
  });
  type Account = {
    frozenV2?: Array<{ type?: string; amount?: number | bigint }>;
    account_resource?: { delegated_frozenV2_balance_for_energy?: number | bigint };
  };
  const account = await call<Account>('/wallet/getaccount', { address: hotWallet, visible: true });
  const own = BigInt(account.frozenV2?.find((f) => f.type === 'ENERGY')?.amount ?? 0);
  let unsettled = lending;
  for (const tx of open) {
    if (tx.purpose !== 'delegate') continue;
    const balance = (parseExact(tx.raw) as { raw_data: { contract: Array<{ parameter: { value: { balance: number | bigint } } }> } })
      .raw_data.contract[0]?.parameter.value.balance;
    if (balance === undefined) throw new Error(`TRON: stored delegation ${tx.txHash} names no amount`);
    unsettled += BigInt(balance);
  }
  const lendable = BigInt(max.max_size ?? 0) - unsettled;
  return {
    delegatable: lendable > 0n ? lendable : 0n,
    staked: own + BigInt(account.account_resource?.delegated_frozenV2_balance_for_energy ?? 0),
  };
}

/** Whether `costSun` of TRX is within `maxCostShare` (millionths) of `units` of the token, at current prices (unknown prices: yes). */
export async function worthIt(db: Db, maxCostShare: bigint, costSun: bigint, units: bigint, code: CryptoCode): Promise<boolean> {
  if (costSun === 0n) return true;
  const token = knownCurrency(code);
  const rows = await db.selectFrom('exchange_rates').select(['asset', 'usd_price']).where('asset', 'in', ['TRX', token.symbol]).execute();
  const trx = rows.find((r) => r.asset === 'TRX')?.usd_price;
  const price = rows.find((r) => r.asset === token.symbol)?.usd_price;
  if (!trx || !price) return true;
  const cost = convertUnits(costSun, { price: parseRatio(trx), decimals: 6 }, { price: parseRatio(price), decimals: token.decimals }, 'up');
  return cost * PPM <= maxCostShare * units;
}

/** Confirmed Tron payments not yet swept, grouped by address and currency (at most 50 groups), with each address's derivation index. */
export function dueSweeps(db: Db) {
  return db
    .selectFrom('payments as p')
    .innerJoin('addresses as a', (j) => j.onRef('a.network', '=', 'p.network').onRef('a.address', '=', 'p.address'))
    .select(['p.address', 'p.currency_code', 'a.derivation_index', sql<string[]>`array_agg(p.id)`.as('ids')])
    .where('p.network', '=', 'TRON')
    .where('p.status', '=', 'confirmed')
    .where('p.swept_at', 'is', null)
    .groupBy(['p.address', 'p.currency_code', 'a.derivation_index'])
    .limit(50)
    .execute();
}
