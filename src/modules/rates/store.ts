import type { Trx } from '../../lib/db/index.ts';
import { parseRatio, ratioToDecimal } from '../../lib/money.ts';
import type { AcceptedPrice, SourcePrice } from './combine.ts';

/** A combined price as `exchange_rates` keeps it. */
export interface CombinedRow {
  asset: string;
  usd_price: string;
  fetched_at: Date;
  source: string;
}

/** A refusal as `rate_refusals` keeps it (`detail` is JSON). */
export interface RefusalRow {
  asset: string;
  reason: string;
  detail: string;
  decided_at: Date;
}

/** These providers' stored prices of the assets, by asset. */
export async function sourcePrices(trx: Trx, sources: readonly string[], assets: readonly string[]): Promise<Map<string, SourcePrice[]>> {
  const rows = await trx
    .selectFrom('rate_sources')
    .select(['asset', 'source', 'usd_price', 'fetched_at'])
    .where('asset', 'in', [...assets])
    .where('source', 'in', [...sources])
    .execute();
  const byAsset = new Map<string, SourcePrice[]>();
  for (const r of rows) {
    const prices = byAsset.get(r.asset) ?? [];
    prices.push({ source: r.source, usdPrice: ratioToDecimal(parseRatio(r.usd_price)), fetchedAt: r.fetched_at });
    byAsset.set(r.asset, prices);
  }
  return byAsset;
}

/** The price each asset was last accepted at. */
export async function lastAccepted(trx: Trx, assets: readonly string[]): Promise<Map<string, AcceptedPrice>> {
  const rows = await trx
    .selectFrom('rate_accepted')
    .select(['asset', 'usd_price', 'accepted_at'])
    .where('asset', 'in', [...assets])
    .execute();
  return new Map(rows.map((r) => [r.asset, { usdPrice: ratioToDecimal(parseRatio(r.usd_price)), acceptedAt: r.accepted_at }]));
}

/** Agreed prices become the ones quoted and the ones the next jump is measured from; their refusals end. */
export async function storeCombined(trx: Trx, combined: CombinedRow[], now: Date): Promise<void> {
  if (!combined.length) return;
  await trx
    .insertInto('exchange_rates')
    .values(combined)
    .onConflict((oc) =>
      oc.column('asset').doUpdateSet((eb) => ({
        usd_price: eb.ref('excluded.usd_price'),
        fetched_at: eb.ref('excluded.fetched_at'),
        source: eb.ref('excluded.source'),
      })),
    )
    .execute();
  await trx
    .insertInto('rate_accepted')
    .values(combined.map((c) => ({ asset: c.asset, usd_price: c.usd_price, sources: c.source, accepted_at: now })))
    .onConflict((oc) =>
      oc.column('asset').doUpdateSet((eb) => ({
        usd_price: eb.ref('excluded.usd_price'),
        sources: eb.ref('excluded.sources'),
        accepted_at: eb.ref('excluded.accepted_at'),
      })),
    )
    .execute();
  await trx
    .deleteFrom('rate_refusals')
    .where(
      'asset',
      'in',
      combined.map((c) => c.asset),
    )
    .execute();
}

/** Refused assets lose their quoted price at once and keep why; `rate_accepted` keeps their last accepted one. */
export async function storeRefusals(trx: Trx, refusals: RefusalRow[]): Promise<void> {
  if (!refusals.length) return;
  await trx
    .deleteFrom('exchange_rates')
    .where(
      'asset',
      'in',
      refusals.map((r) => r.asset),
    )
    .execute();
  await trx
    .insertInto('rate_refusals')
    .values(refusals)
    .onConflict((oc) =>
      oc.column('asset').doUpdateSet((eb) => ({
        reason: eb.ref('excluded.reason'),
        detail: eb.ref('excluded.detail'),
        decided_at: eb.ref('excluded.decided_at'),
      })),
    )
    .execute();
}
