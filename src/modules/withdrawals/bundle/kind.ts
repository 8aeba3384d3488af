import type { Selectable } from 'kysely';
import type { NetworkEnvName } from '../../../config.ts';
import { outputVbytes } from '../../../chains/btc/payout.ts';
import { now, type Executor } from '../../../lib/db/index.ts';
import type { PayoutBundlesTable } from '../../../lib/db/schema.ts';
import { cryptoAmount, type CryptoCode } from '../../../lib/currencies/catalogue.ts';
import { moveStatus } from '../../../lib/state-machine.ts';
import { credit, custodyAccount, debit, post } from '../../ledger/service.ts';
import { BUNDLE_TABLES } from '../candidates.ts';
import type { PayoutKind } from '../payout-kind.ts';
import type { WithdrawalRow } from '../record.ts';
import { refuseWithdrawal, settleWithdrawal } from '../withdrawal-kind.ts';
import { payoutBundleMachine } from './status.ts';

/** A bundle as stored. */
export type BundleRow = Selectable<PayoutBundlesTable>;

/** The network's bundles still being paid, oldest first (a round follows each like a payout). */
export async function openBundles(db: Executor, network: string): Promise<BundleRow[]> {
  return db
    .selectFrom('payout_bundles')
    .selectAll()
    .where('network', '=', network)
    .where('status', '=', 'processing')
    .orderBy('created_at')
    .limit(100)
    .execute();
}

/** A bundle's withdrawals still processing, in output order; locked (FOR UPDATE) inside a settling transaction. */
export async function bundleMembers(db: Executor, bundleId: string, lock = false): Promise<WithdrawalRow[]> {
  const q = db
    .selectFrom('withdrawals')
    .selectAll()
    .where('bundle_id', '=', bundleId)
    .where('status', '=', 'processing')
    .orderBy('output_index');
  return lock ? q.forUpdate().execute() : q.execute();
}

/**
 * Splits `total` exactly in proportion to `weights`: each part the floor of its share, and the
 * units the floors leave (fewer than there are parts) one each to the first parts in order, so
 * the same inputs always give the same split and the parts always sum to `total`.
 */
export function splitExact(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum <= 0n) throw new Error('splitExact: the weights sum to nothing');
  const parts = weights.map((w) => (total * w) / sum);
  let left = total - parts.reduce((a, b) => a + b, 0n);
  for (let i = 0; left > 0n; i++, left--) parts[i] = (parts[i] ?? 0n) + 1n;
  return parts;
}

/** Each withdrawal's share of what the bundle's transaction cost: in proportion to the vbytes of its output. */
export function costShares(members: readonly Pick<WithdrawalRow, 'address'>[], cost: bigint): bigint[] {
  return splitExact(
    cost,
    members.map((m) => outputVbytes(m.address)),
  );
}

/** The columns of a bundle's end that its withdrawals follow (its transaction, its fee cap, its broadcast). */
const MIRRORED = ['tx_hash', 'fee_capped_at', 'fee_capped_detail', 'broadcast_at'] as const;

/**
 * Bundles as the follow round pays them: one transaction for all their withdrawals, replaced as
 * one (the same payments, the same coins, a higher fee). Each withdrawal shows the bundle's current
 * transaction, and ends with it in the same database transaction, with its own status, event and
 * share of the fee (`costShares`), booked against it.
 */
export const BUNDLE_KIND: PayoutKind<BundleRow> = {
  tables: BUNDLE_TABLES,
  // No entry refers to the bundle itself: its withdrawals' entries carry their own ids.
  ledger: { refType: 'withdrawal', costKind: 'withdrawal.networkCost' },
  async transfer(db, row) {
    const members = await bundleMembers(db, row.id);
    const first = members[0];
    if (!first) throw new Error(`payout bundle ${row.id}: no withdrawal is processing in it`);
    const outputs = members.map((m) => ({ to: m.address, units: BigInt(m.amount) }));
    return { id: row.id, currencyCode: row.currency_code as CryptoCode, to: first.address, units: BigInt(first.amount), outputs };
  },
  async bookCost(trx, row, cost, native) {
    const members = await bundleMembers(trx, row.id, true);
    const shares = costShares(members, cost);
    for (const [i, m] of members.entries()) {
      const share = shares[i] ?? 0n;
      if (share === 0n) continue;
      const paid = cryptoAmount(native, share);
      await post(trx, {
        tenantId: null,
        kind: 'withdrawal.networkCost',
        refType: 'withdrawal',
        refId: m.id,
        lines: [debit('fees:network', paid), credit(custodyAccount(row.network as NetworkEnvName), paid)],
      });
    }
    return { network_cost: cost, network_cost_currency: native };
  },
  async mirror(db, id, set) {
    const shown = Object.fromEntries(Object.entries(set).filter(([k]) => (MIRRORED as readonly string[]).includes(k)));
    if (Object.keys(shown).length === 0) return;
    await db
      .updateTable('withdrawals')
      .set({ ...shown, updated_at: now() })
      .where('bundle_id', '=', id)
      .where('status', '=', 'processing')
      .execute();
  },
  async settled(trx, row, succeeded, end) {
    const members = await bundleMembers(trx, row.id, true);
    const shares = end.network_cost === undefined ? null : costShares(members, end.network_cost);
    const { signed_tx: _raw, network_cost: _total, ...shown } = end;
    for (const [i, m] of members.entries()) {
      await settleWithdrawal(trx, m, succeeded, { ...shown, ...(shares ? { network_cost: shares[i] ?? 0n } : {}) });
    }
    const to = succeeded ? 'completed' : 'failed';
    await moveStatus(trx, payoutBundleMachine, 'payout_bundles', row, to, {
      set: { ...end, ...(succeeded ? { completed_at: now() } : { failure_reason: 'the transaction was mined but failed on chain' }) },
    });
    return succeeded;
  },
  async refused(trx, row, reason) {
    for (const m of await bundleMembers(trx, row.id, true)) await refuseWithdrawal(trx, m, reason);
    await moveStatus(trx, payoutBundleMachine, 'payout_bundles', row, 'failed', { set: { failure_reason: reason } });
  },
};
