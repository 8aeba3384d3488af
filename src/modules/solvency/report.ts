import type { AppContext } from '../../context.ts';
import type { ChainAdapter } from '../../chains/types.ts';
import { networkOf, servedCurrencies, type CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { toJsonNumber } from '../../lib/money.ts';
import { EMPTY, ledgerSide, type LedgerSide } from './books.ts';
import { readChain, type ChainSide } from './chain-side.ts';
import { solvencyWarnings } from './advice.ts';
import type { SolvencyRow } from './row.ts';

/**
 * The solvency of one currency, every amount an exact bigint of its atomic units:
 *
 *   custody       = hot + cold, on chain, in blocks:
 *   hot           = the hot wallet + the deposit addresses whose confirmed payments are not swept
 *                   yet (or whose sweep is in no block yet)
 *   cold          = the network's cold address (<NET>_COLD_ADDRESS), 0 without one
 *   liabilities   = Σ merchant:*                  what merchants can withdraw
 *                 + clearing:withdrawals          withdrawals committed, not yet signed (amount + fee)
 *                 + payouts signed, in no block   amount + fee: the chain still holds them, and a
 *                                                 payout that fails refunds both
 *                 + Σ suspense:*                  received and held (below a minimum, or screened)
 *                 + max(treasury:conversion, 0)   the house's FX long: what conversions left it
 *                                                 holding stands against what they left it short of
 *                                                 in the other currency, so it is never surplus; the
 *                                                 short side is not netted against merchants (it
 *                                                 shows as custody below what merchants are owed)
 *   ledgerCustody = custody:<network> + cold:<network> (what moves to cold storage took out of the
 *                   first and put into the second; a refill from cold by hand needs no booking)
 *   difference    = custody − liabilities. With the chain and the ledger agreeing and nothing in
 *                   flight it is the house's own: commission revenue + network fees collected less
 *                   those spent + its FX short (negative), + any float the ledger does not know.
 *
 * "warning" when custody < liabilities, or when the chain and the ledger disagree. The ledger takes
 * a payout's amount out of custody when it signs it, and books the network's cost when it
 * completes; the chain shows the amount gone from the payout's block, and the cost with it. So
 * they agree when
 *
 *   ledgerCustody + in flight − pending cost  ≤  custody  ≤  ledgerCustody + in flight
 *
 * where in flight is the amount of the payouts signed and in no block, and pending cost (the
 * network's native coin only) the most the payouts in a block and not yet completed can have cost.
 * At rest both are 0: custody must equal ledgerCustody. On a real network its own coin may hold
 * more than the ledger books: the operator funds the hot wallet with gas for token payouts and
 * sweeps outside the ledger, so only a shortfall counts there. Transients the operator still sees:
 * a sweep (Bitcoin Core backend) whose coins reach the hot wallet a block later than the ledger
 * moves them, a payment in a block to an address already holding a confirmed one before its
 * confirmations, a replacement mined until the next withdrawal round follows it, and dust that EVM
 * sweeps leave in swept addresses (the gas float covers it). A warning lasting past a payout's
 * confirmations is real.
 */
export function solvencyOf(currency: CurrencyDef, ledger: LedgerSide, chain: ChainSide, sandbox: boolean): SolvencyRow {
  const flight = chain.inFlight.get(currency.code) ?? { amount: 0n, owed: 0n };
  const hot = chain.custody.get(currency.code) ?? 0n;
  const cold = chain.cold.get(currency.code) ?? 0n;
  const custody = hot + cold;
  const ledgerCustody = ledger.custody + ledger.cold;
  const treasuryLong = ledger.treasury > 0n ? ledger.treasury : 0n;
  const liabilities = ledger.merchants + ledger.clearing + flight.owed + ledger.suspense + treasuryLong;
  const native = networkOf(currency).nativeCode === currency.code;
  const high = ledgerCustody + flight.amount;
  const low = high - (native ? chain.pendingCost : 0n);
  const chainVsLedger = custody < low ? custody - low : custody > high && (sandbox || !native) ? custody - high : 0n;
  return {
    currency,
    hot,
    cold,
    custody,
    liabilities,
    ledgerCustody,
    difference: custody - liabilities,
    chainVsLedger,
    inFlight: flight.amount,
    warning: custody < liabilities || chainVsLedger !== 0n,
  };
}

/**
 * Every served currency of the networks `adapters` read, in catalogue order. A network whose node
 * cannot be read fails the whole report (its error names the network): a guess is no proof.
 */
export async function solvencyReport(ctx: Pick<AppContext, 'db' | 'config'>, adapters: readonly ChainAdapter[]): Promise<SolvencyRow[]> {
  const served = servedCurrencies(ctx.config);
  const perNetwork = await Promise.all(
    adapters.map(async (adapter) => {
      const currencies = served.filter((c) => networkOf(c).env === adapter.network);
      const ledger = await ledgerSide(
        ctx.db,
        adapter.network,
        currencies.map((c) => c.code),
      );
      let chain: ChainSide;
      try {
        chain = await readChain(ctx.db, adapter, currencies, ctx.config.chains[adapter.network].cold?.address);
      } catch (err) {
        throw new Error(`${adapter.network}: ${(err as Error).message}`, { cause: err });
      }
      return currencies.map((c) => solvencyOf(c, ledger.get(c.code) ?? EMPTY, chain, adapter.sandbox));
    }),
  );
  const rows = perNetwork.flat();
  const order = new Map(served.map((c, i) => [c.code, i]));
  const rank = (row: SolvencyRow) => order.get(row.currency.code) ?? order.size;
  return rows.sort((a, b) => rank(a) - rank(b));
}

/** The JSON of a row: amounts as JSON numbers of the currency's decimals. */
export function solvencyRecord(row: SolvencyRow) {
  const n = (units: bigint) => toJsonNumber(units, row.currency.decimals);
  return {
    cryptoCurrencyCode: row.currency.code,
    hot: n(row.hot),
    cold: n(row.cold),
    custody: n(row.custody),
    liabilities: n(row.liabilities),
    ledgerCustody: n(row.ledgerCustody),
    difference: n(row.difference),
    status: row.warning ? ('warning' as const) : ('ok' as const),
    disagreement:
      row.chainVsLedger === 0n
        ? null
        : {
            higher: row.chainVsLedger > 0n ? ('chain' as const) : ('ledger' as const),
            by: n(row.chainVsLedger < 0n ? -row.chainVsLedger : row.chainVsLedger),
          },
    warnings: solvencyWarnings(row),
  };
}
