import type { AppContext } from '../../context.ts';
import { audit, type Audited } from '../audit/service.ts';
import type { NetworkEnvName } from '../../config.ts';
import type { Trx } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import { custodyAccount, debit, post } from '../ledger/service.ts';

import { changeStatus, withdrawalMoney, type WithdrawalRow } from './record.ts';
import { returnLines } from './refunds.ts';
import { holdAgain } from '../payments/hold.ts';

/** Operator: cancels a withdrawal not yet signed; the debit is refunded in the same transaction. */
export async function cancelWithdrawal(ctx: AppContext, id: string, audited?: Audited): Promise<WithdrawalRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const w = await trx.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!w) throw new AppError('exceptions.withdrawal.notFound');
    // Once signed, the transaction may be on the network: only an unsigned one can be called back.
    const cancelled = await changeStatus(trx, w, 'cancelled', {
      refusal: 'exceptions.withdrawal.cannotCancel',
      where: { signed_tx: null },
    });
    await refund(trx, w, 'withdrawal.cancelled', false);
    if (audited) {
      const detail = { cryptoCurrencyCode: w.currency_code, amount: w.amount, ...audited.detail };
      await audit(trx, { tenantId: w.tenant_id, ...audited.by, action: audited.action, targetType: 'withdrawal', targetId: w.id, detail });
    }
    return cancelled;
  });
}

/**
 * Gives back the debited total (and undoes the custody movement once signed): what a deposit
 * refund released goes back to suspense, the rest to the merchant (refunds.ts: returnLines); a
 * held payment's refund goes back to its hold.
 */
export async function refund(trx: Trx, w: WithdrawalRow, kind: string, sent: boolean): Promise<void> {
  const { amount, fee, total } = withdrawalMoney(w);
  const lines = sent
    ? [debit(custodyAccount(w.network as NetworkEnvName), amount), debit('fees:network', fee), ...returnLines(w, total)]
    : [debit('clearing:withdrawals', total), ...returnLines(w, total)];
  await post(trx, { tenantId: w.tenant_id, kind, refType: 'withdrawal', refId: w.id, lines });
  // A refund of a payment screening held gave its money back to the hold: held again.
  if (w.suspense_account === 'suspense:screened') await holdAgain(trx, w.id);
}
