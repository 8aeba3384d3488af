import type { AppContext } from '../../context.ts';
import type { NetworkEnvName } from '../../config.ts';
import type { Trx } from '../../lib/db/index.ts';
import { knownCurrency, networkOf } from '../../lib/currencies/catalogue.ts';
import { formatUnits } from '../../lib/money.ts';
import { credit, custodyAccount, debit, post } from '../ledger/service.ts';
import { screenerOf } from '../screening/screen.ts';
import { withdrawalMoney, type WithdrawalRow } from './record.ts';
import type { Waiting } from './waiting.ts';

/** The destination screened again just before signing: lists change between a commit and its signing. */
export async function screenBeforeSigning(ctx: AppContext, w: WithdrawalRow): Promise<Waiting | null> {
  const screener = screenerOf(ctx.config.screening);
  if (!screener.enabled) return null;
  const currency = knownCurrency(w.currency_code);
  const net = networkOf(currency);
  const verdict = await screener.screen({
    network: net.env,
    apiNetwork: net.api,
    address: w.address,
    direction: 'out',
    amount: formatUnits(BigInt(w.amount), currency.decimals),
    cryptoCurrencyCode: currency.code,
  });
  if (verdict.decision === 'allow') return null;
  return { reason: 'screening', detail: { message: `${verdict.source}: ${verdict.reason ?? verdict.decision}` } };
}

/**
 * A signed withdrawal's booking, in the transaction that stores its transaction: the merchant's
 * debit leaves clearing, its amount leaves custody, and the fee it paid goes to the network fees
 * (what the network really takes is booked against them when it completes).
 */
export async function bookSent(trx: Trx, network: NetworkEnvName, row: WithdrawalRow): Promise<void> {
  const { amount, fee, total } = withdrawalMoney(row);
  await post(trx, {
    tenantId: row.tenant_id,
    kind: 'withdrawal.sent',
    refType: 'withdrawal',
    refId: row.id,
    lines: [debit('clearing:withdrawals', total), credit(custodyAccount(network), amount), credit('fees:network', fee)],
  });
}
