import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { NetworkEnvName } from '../../config.ts';
import type { Executor, Trx } from '../../lib/db/index.ts';
import type { SweepLedger } from '../../chains/sweep-ledger.ts';
import type { Amount } from '../../lib/money.ts';

/**
 * Ledger accounts. `custody:*` and `cold:*` are assets (coins the gateway holds on a network, in
 * its hot wallet and deposit addresses, or moved to its cold address); everything else
 * is what the gateway owes or earned: a merchant account's balance, commission revenue, and the
 * network fees collected from payers to pay for sweeps and withdrawals.
 */
export type LedgerAccount =
  | `merchant:${string}`
  /** A subscription customer's prepaid credit, owed to the customer until it pays a renewal. */
  | `customer-credit:${string}`
  | `custody:${NetworkEnvName}`
  /** What the gateway moved from a network's hot wallet to its cold address (an asset like custody). */
  | `cold:${NetworkEnvName}`
  | 'revenue:commission'
  | 'revenue:conversion'
  | 'fees:network'
  /** Received but not credited (below a deposit's minimum): held for the operator to resolve. */
  | 'suspense:below-minimum'
  /** Received from a sender incoming screening flagged: held until the operator releases or refunds it. */
  | 'suspense:screened'
  /** Debited from merchants for committed withdrawals, until the coins leave (or are refunded). */
  | 'clearing:withdrawals'
  /** The gateway's own side of currency conversions. */
  | 'treasury:conversion'
  /** Sandbox only: what the sandbox faucet put into hot wallets (custody in from outside, like an owner's contribution). */
  | 'sandbox:faucet';

export const merchantAccount = (accountId: string): LedgerAccount => `merchant:${accountId}`;
export const customerCreditAccount = (customerId: string): LedgerAccount => `customer-credit:${customerId}`;
export const custodyAccount = (network: NetworkEnvName): LedgerAccount => `custody:${network}`;
export const coldAccount = (network: NetworkEnvName): LedgerAccount => `cold:${network}`;

/** Assets (custody, hot or cold) grow with debits; liabilities and revenue grow with credits. */
export function isDebitNormal(account: string): boolean {
  return account.startsWith('custody:') || account.startsWith('cold:');
}

/**
 * One line of an entry: an amount of one currency, positive for a debit, negative for a credit.
 * Built with `debit` and `credit`, so the sign convention is written once.
 */
export interface PostingLine {
  account: LedgerAccount;
  amount: Amount;
}

/** A debit line: assets (custody) grow, what is owed or earned shrinks. */
export const debit = (account: LedgerAccount, amount: Amount): PostingLine => ({ account, amount });
/** A credit line: what is owed or earned grows, assets shrink. */
export const credit = (account: LedgerAccount, amount: Amount): PostingLine => ({ account, amount: amount.negate() });

export interface Posting {
  tenantId: string | null;
  /** The cause (deposit.completed, invoice.paid, …); with ref, unique: a replay posts nothing. */
  kind: string;
  refType: string;
  refId: string;
  lines: PostingLine[];
}

export class UnbalancedEntryError extends Error {}

/** One balance a posting moves: by `delta`, in the balance's own sign (what is owed grows with credits). */
interface BalanceMove {
  account: string;
  currency: string;
  delta: bigint;
}

/**
 * The order every posting moves (so locks) balance rows in, the same for all of them so that two
 * postings never wait on each other in a cycle: merchant balances first, as commits lock them first
 * (`lockedMerchantBalance`), then customer credits. (The house's rows take no lock: `inPlaceBalance`.)
 */
function lockOrder(a: BalanceMove, b: BalanceMove): number {
  const shared = (m: BalanceMove) => (m.account.startsWith('merchant:') ? 0 : 1);
  const ka = `${shared(a)}|${a.account}|${a.currency}`;
  const kb = `${shared(b)}|${b.account}|${b.currency}`;
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/**
 * A posting checked and laid out: its non-zero lines, and the balance moves they make in lock order.
 * Throws UnbalancedEntryError unless the lines sum to zero per currency.
 */
function postingPlan(posting: Posting): { lines: Array<{ account: string; currency: string; amount: bigint }>; moves: BalanceMove[] } {
  const lines = posting.lines
    .filter((l) => !l.amount.isZero())
    .map((l) => ({ account: l.account, currency: l.amount.currency.code, amount: l.amount.units }));
  const sums = new Map<string, Amount>();
  for (const l of posting.lines) {
    const code = l.amount.currency.code;
    sums.set(code, sums.get(code)?.plus(l.amount) ?? l.amount);
  }
  for (const [currency, sum] of sums) {
    if (!sum.isZero()) throw new UnbalancedEntryError(`${posting.kind} ${posting.refId}: ${currency} lines sum to ${sum.units}`);
  }
  if (lines.length === 0) throw new UnbalancedEntryError(`${posting.kind} ${posting.refId}: an entry needs lines`);
  const moves = new Map<string, BalanceMove>();
  for (const l of lines) {
    const key = `${l.account}|${l.currency}`;
    const natural = isDebitNormal(l.account) ? l.amount : -l.amount;
    const m = moves.get(key);
    if (m) m.delta += natural;
    else moves.set(key, { account: l.account, currency: l.currency, delta: natural });
  }
  return { lines, moves: [...moves.values()].sort(lockOrder) };
}

/**
 * Whether `post` moves an account's balance in place: merchant and customer-credit balances, which
 * CHECKs keep non-negative and commits read under lock before they debit. The house's own accounts
 * (clearing, custody, fees, revenue, suspense, …), which nearly every posting of their kind moves,
 * get a delta row instead (migration 0071): an insert conflicts with no other transaction, where
 * one updated row would fail every SERIALIZABLE commit that overlapped another posting.
 */
export function inPlaceBalance(account: string): boolean {
  return account.startsWith('merchant:') || account.startsWith('customer-credit:');
}

/**
 * Posts one balanced entry and moves the balances it touches, inside the caller's transaction
 * (the same one that changes the state causing it): merchant and customer-credit balances in
 * place, the house's as delta rows the worker folds in (`foldBalanceDeltas`). Returns null when
 * this cause was posted before. A merchant balance that would go negative fails the transaction
 * (check constraint). The one writer of the journal and the balances.
 */
export async function post(trx: Trx, posting: Posting): Promise<{ entryId: string } | null> {
  const { lines, moves } = postingPlan(posting);
  const entryId = randomUUID();
  const inserted = await trx
    .insertInto('journal_entries')
    .values({ id: entryId, tenant_id: posting.tenantId, kind: posting.kind, ref_type: posting.refType, ref_id: posting.refId })
    .onConflict((oc) => oc.columns(['kind', 'ref_type', 'ref_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;

  await trx
    .insertInto('journal_lines')
    .values(
      lines.map((l, i) => ({ entry_id: entryId, line_no: i, ledger_account: l.account, currency_code: l.currency, amount: l.amount })),
    )
    .execute();

  for (const d of moves.filter((m) => inPlaceBalance(m.account))) {
    // Update first: PostgreSQL checks constraints on the row an upsert proposes, so a debit
    // through INSERT … ON CONFLICT would be refused for its sign alone.
    const updated = await trx
      .updateTable('ledger_balances')
      .set({ balance: sql`balance + ${d.delta}`, updated_at: sql`now()` })
      .where('ledger_account', '=', d.account)
      .where('currency_code', '=', d.currency)
      .executeTakeFirst();
    if (updated.numUpdatedRows > 0n) continue;
    await trx
      .insertInto('ledger_balances')
      .values({ ledger_account: d.account, currency_code: d.currency, balance: d.delta })
      .onConflict((oc) =>
        oc.columns(['ledger_account', 'currency_code']).doUpdateSet({
          balance: sql`ledger_balances.balance + excluded.balance`,
          updated_at: sql`now()`,
        }),
      )
      .execute();
  }
  const house = moves.filter((m) => !inPlaceBalance(m.account));
  if (house.length > 0) {
    await trx
      .insertInto('ledger_balance_deltas')
      .values(house.map((m) => ({ ledger_account: m.account, currency_code: m.currency, delta: m.delta })))
      .execute();
  }
  return { entryId };
}

/** A merchant account's balances, per currency, in atomic units. */
export async function merchantBalances(db: Executor, accountId: string): Promise<Array<{ currency: string; units: bigint }>> {
  const rows = await db
    .selectFrom('ledger_balances')
    .select(['currency_code', 'balance'])
    .where('ledger_account', '=', merchantAccount(accountId))
    .orderBy('currency_code')
    .execute();
  return rows.map((r) => ({ currency: r.currency_code, units: BigInt(r.balance) }));
}

/**
 * A merchant account's balance of one currency, in atomic units, with its row locked for the rest
 * of the transaction: what a commit checks before it debits.
 */
export async function lockedMerchantBalance(trx: Trx, accountId: string, currency: string): Promise<bigint> {
  const row = await trx
    .selectFrom('ledger_balances')
    .select('balance')
    .where('ledger_account', '=', merchantAccount(accountId))
    .where('currency_code', '=', currency)
    .forUpdate()
    .executeTakeFirst();
  return row ? BigInt(row.balance) : 0n;
}

/** What an audit of the ledger found wrong; empty when the journal sums to the balances. */
export interface LedgerMismatch {
  account: string;
  currency: string;
  journal: bigint;
  balance: bigint;
}

/**
 * Audits the ledger: every balance (with its pending deltas: folded or not, it must hold) equals
 * the sum of its journal lines, and assets equal liabilities per currency (what is held covers what
 * is owed and earned).
 */
export async function auditLedger(db: Executor): Promise<{ mismatches: LedgerMismatch[]; unbalancedCurrencies: string[] }> {
  // One statement, so one snapshot: the journal and the balances read as of the same moment, even
  // while others post and the worker folds.
  const { rows } = await sql<{ account: string; currency: string; total: string | null; balance: string | null }>`
    select coalesce(j.ledger_account, b.ledger_account) as account, coalesce(j.currency_code, b.currency_code) as currency,
      j.total::text as total, b.balance::text as balance
    from (select ledger_account, currency_code, sum(amount) as total from journal_lines group by ledger_account, currency_code) j
    full join ledger_balances_now b on b.ledger_account = j.ledger_account and b.currency_code = j.currency_code`.execute(db);
  const mismatches: LedgerMismatch[] = [];
  const net = new Map<string, bigint>();
  for (const r of rows) {
    const total = BigInt(r.total ?? 0);
    const natural = isDebitNormal(r.account) ? total : -total;
    const balance = BigInt(r.balance ?? 0);
    if (natural !== balance) mismatches.push({ account: r.account, currency: r.currency, journal: natural, balance });
    net.set(r.currency, (net.get(r.currency) ?? 0n) + total);
  }
  const unbalancedCurrencies = [...net].filter(([, sum]) => sum !== 0n).map(([c]) => c);
  return { mismatches, unbalancedCurrencies };
}

/**
 * A sweep's gas or fee, paid in the network's coin: out of custody, out of the network fees
 * collected for it. The worker hands this to the sweepers (chains/sweep-ledger.ts).
 */
export const bookSweepCost: SweepLedger = (trx, cost) =>
  post(trx, {
    tenantId: null,
    kind: cost.kind,
    refType: 'transaction',
    refId: cost.ref,
    lines: [debit('fees:network', cost.amount), credit(custodyAccount(cost.network), cost.amount)],
  });
