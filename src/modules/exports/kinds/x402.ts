// The x402 settlements export: the tenant's settlements, whichever account's resources they paid.
import { inRange } from '../../../lib/db/search.ts';
import { knownAsset, knownNetwork } from '../../x402/known.ts';
import { num, text, time } from '../csv.ts';
import { afterCursor, cursorAt, inUnit, type ExportSource } from '../page.ts';

/**
 * The tenant's x402 settlements. `amount` and `fee` are exact decimals in the token's and the
 * network coin's own units where the gateway knows them (x402/known.ts) and empty where it does
 * not; `amountUnits` and `feeUnits` always hold the atomic units, so no column changes its unit
 * from one row to the next.
 */
export const x402Settlements: ExportSource = {
  scope: 'x402.list',
  tenantLevel: true,
  columns: [
    'id',
    'createdAt',
    'confirmedAt',
    'status',
    'network',
    'asset',
    'assetSymbol',
    'amount',
    'amountUnits',
    'payer',
    'payTo',
    'transaction',
    'fee',
    'feeCurrency',
    'feeUnits',
    'errorReason',
  ],
  async page(db, tenantId, range, after, limit) {
    const rows = await db
      .selectFrom('x402_settlements')
      .select([
        'id',
        'network',
        'asset',
        'payer',
        'pay_to',
        'amount',
        'status',
        'transaction',
        'error_reason',
        'gas_cost',
        'created_at',
        'confirmed_at',
        cursorAt('created_at'),
      ])
      .where('tenant_id', '=', tenantId)
      .where(inRange('created_at', range))
      .where(afterCursor('created_at', 'id', after))
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((r) => {
      const asset = knownAsset(r.network, r.asset);
      const coin = knownNetwork(r.network)?.coin ?? null;
      return {
        cursor: { at: r.cursor_at, id: r.id },
        cells: [
          text(r.id),
          time(r.created_at),
          time(r.confirmed_at),
          text(r.status),
          text(r.network),
          text(r.asset),
          text(asset?.symbol),
          inUnit(asset, r.amount),
          num(r.amount),
          text(r.payer),
          text(r.pay_to),
          text(r.transaction),
          inUnit(coin, r.gas_cost),
          text(r.gas_cost === null ? null : coin?.symbol),
          num(r.gas_cost),
          text(r.error_reason),
        ],
      };
    });
  },
};
