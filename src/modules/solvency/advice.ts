import { networkOf } from '../../lib/currencies/catalogue.ts';
import { formatUnits } from '../../lib/money.ts';
import type { SolvencyRow } from './row.ts';

/**
 * A solvency warning in plain words, one sentence group per problem: which side is higher (the
 * chain or the ledger), in which currency, by how much, and what the operator does about it. The
 * figures are exact (the currency's own decimals); the console shows them as they are.
 */
export function solvencyWarnings(row: SolvencyRow): string[] {
  const code = row.currency.code;
  const network = networkOf(row.currency).api;
  const text = (units: bigint) => `${formatUnits(units < 0n ? -units : units, row.currency.decimals)} ${code}`;
  const sides = `on chain ${text(row.custody)}, in the ledger ${text(row.ledgerCustody)}${row.inFlight ? ` and ${text(row.inFlight)} of payouts in flight` : ''}`;
  const out: string[] = [];
  if (row.chainVsLedger < 0n) {
    out.push(
      `${code}: the ledger is higher. The chain holds ${text(row.chainVsLedger)} less than the ledger books (${sides}). ` +
        `Coins left the gateway's ${network} addresses without a booking: compare the hot wallet's recent ${network} transactions with the ledger, ` +
        'and if coins were moved out by hand, send them back to the hot wallet.',
    );
  } else if (row.chainVsLedger > 0n) {
    out.push(
      `${code}: the chain is higher. The chain holds ${text(row.chainVsLedger)} more than the ledger books (${sides}). ` +
        'Usually a payment still gaining its confirmations: it clears once it is credited. If it lasts, find the transfer on ' +
        `${network} (coins sent to the hot wallet by hand, or to an address the gateway does not watch) before counting it as the house's.`,
    );
  }
  if (row.difference < 0n) {
    out.push(
      `${code}: custody is ${text(row.difference)} below what the gateway owes (custody ${text(row.custody)}, owed ${text(row.liabilities)}), ` +
        `so not every merchant could withdraw at once. Fund the ${network} hot wallet with at least ${text(row.difference)}` +
        (row.chainVsLedger < 0n ? ' once the missing coins are explained.' : '.'),
    );
  }
  return out;
}
