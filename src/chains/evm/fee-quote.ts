import type { PublicClient } from 'viem';
import type { Db } from '../../lib/db/index.ts';
import type { CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { convertUnits, parseRatio } from '../../lib/money.ts';

/** Gas of a plain transfer and of an ERC-20 transfer, for fee quotes. */
const NATIVE_GAS = 21_000n;
const TOKEN_GAS = 65_000n;

/**
 * A deposit network fee quote on an EVM network, EIP-1559: twice the latest base fee plus the
 * 50th-percentile tip of the last blocks, times the transfer's gas; tokens pay it in the native
 * coin, converted at the current price (null without a database or a price).
 */
export async function quoteEvmFee(
  client: PublicClient,
  db: Db | undefined,
  native: CurrencyDef,
  currency: CurrencyDef,
): Promise<bigint | null> {
  const history = await client.getFeeHistory({ blockCount: 5, rewardPercentiles: [50] });
  const base = history.baseFeePerGas[history.baseFeePerGas.length - 1] ?? 0n;
  const tips = (history.reward ?? []).map((r) => r[0] ?? 0n);
  const tip = tips.length ? tips.reduce((a, b) => a + b, 0n) / BigInt(tips.length) : 0n;
  const perGas = base * 2n + tip;
  if (!currency.contractAddress) return perGas * NATIVE_GAS;
  if (!db) return null;
  const rows = await db
    .selectFrom('exchange_rates')
    .select(['asset', 'usd_price'])
    .where('asset', 'in', [native.symbol, currency.symbol])
    .execute();
  const price = (s: string) => rows.find((r) => r.asset === s)?.usd_price;
  const nativePrice = price(native.symbol);
  const tokenPrice = price(currency.symbol);
  if (!nativePrice || !tokenPrice) return null;
  return convertUnits(
    perGas * TOKEN_GAS,
    { price: parseRatio(nativePrice), decimals: native.decimals },
    { price: parseRatio(tokenPrice), decimals: currency.decimals },
    'up',
  );
}
