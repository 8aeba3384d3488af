import type { CurrencyDef } from '../../lib/currencies/catalogue.ts';
import type { Db } from '../../lib/db/index.ts';
import { convertUnits, parseRatio } from '../../lib/money.ts';

/** Energy of a TRC-20 transfer to an address that holds the token already (USDT), and bytes of bandwidth. */
const TRC20_ENERGY = 65_000n;
const TRC20_BANDWIDTH = 345n;
const TRX_BANDWIDTH = 268n;

/**
 * The most TRX (sun) a TRC-20 transfer may burn. A USDT transfer to a new holder takes about
 * 130,000 energy, 55 TRX at the highest energy price Tron has had (420 sun): 100 TRX leaves room
 * and still bounds a contract that misbehaves.
 */
export const TRC20_FEE_LIMIT = 100_000_000n;

/** `/wallet/getchainparameters` as TronGrid answers it. */
export interface ChainParameters {
  chainParameter: Array<{ key: string; value?: number | bigint }>;
}

/**
 * A deposit's network fee: energy × energy price and bandwidth × byte price at the chain's
 * parameters, in sun for TRX and in the token at current rates for a TRC-20 (null without rates).
 */
export async function quoteTronFee(params: ChainParameters, currency: CurrencyDef, db: Db | undefined): Promise<bigint | null> {
  const get = (k: string) => BigInt(params.chainParameter.find((p) => p.key === k)?.value ?? 0);
  const energyPrice = get('getEnergyFee');
  const bytePrice = get('getTransactionFee');
  if (!currency.contractAddress) return TRX_BANDWIDTH * bytePrice; // in sun (TRX has 6 decimals)
  // A token transfer burns TRX for its energy and bandwidth; quoted in the token at current prices.
  const sun = TRC20_ENERGY * energyPrice + TRC20_BANDWIDTH * bytePrice;
  if (!db) return null;
  const rows = await db
    .selectFrom('exchange_rates')
    .select(['asset', 'usd_price'])
    .where('asset', 'in', ['TRX', currency.symbol])
    .execute();
  const trx = rows.find((r) => r.asset === 'TRX')?.usd_price;
  const token = rows.find((r) => r.asset === currency.symbol)?.usd_price;
  if (!trx || !token) return null;
  return convertUnits(sun, { price: parseRatio(trx), decimals: 6 }, { price: parseRatio(token), decimals: currency.decimals }, 'up');
}
