import { sql } from 'kysely';
import type { NetworkEnvName } from '../../config.ts';
import type { Executor } from '../../lib/db/index.ts';
import type { TransferTerms } from '../../chains/types.ts';
import { TRC20_FEE_LIMIT } from '../../chains/tron/resources.ts';
import { coldAccount, custodyAccount } from '../ledger/service.ts';
import { BUNDLE_TABLES, COLD_TRANSFER_TABLES, loose, type PayoutTables } from '../withdrawals/candidates.ts';

/** What the ledger holds of one currency, in its atomic units (balances as the ledger keeps them). */
export interface LedgerSide {
  /** Σ `merchant:*`: what merchants can withdraw, and Σ `customer-credit:*`: subscription customers' prepaid credit. */
  merchants: bigint;
  /** `clearing:withdrawals`: debited from merchants for withdrawals committed and not yet signed (amount and fee). */
  clearing: bigint;
  /** Σ `suspense:*`: received and held, not credited (below a deposit's minimum, or held by screening). */
  suspense: bigint;
  /** `treasury:conversion`: the house's FX position, positive where conversions left it holding coins. */
  treasury: bigint;
  /** `custody:<network>`: what the ledger says the gateway holds on the currency's network, hot (wallet and deposit addresses). */
  custody: bigint;
  /** `cold:<network>`: what the gateway moved to the network's cold address. */
  cold: bigint;
}

/** A currency with nothing on the books. */
export const EMPTY: LedgerSide = { merchants: 0n, clearing: 0n, suspense: 0n, treasury: 0n, custody: 0n, cold: 0n };

/** The accounts of `ledgerSide`: which field a ledger account adds to (null: not part of the view). */
function fieldOf(account: string, network: NetworkEnvName): keyof LedgerSide | null {
  if (account.startsWith('merchant:') || account.startsWith('customer-credit:')) return 'merchants';
  if (account.startsWith('suspense:')) return 'suspense';
  if (account === 'clearing:withdrawals') return 'clearing';
  if (account === 'treasury:conversion') return 'treasury';
  if (account === coldAccount(network)) return 'cold';
  return account === custodyAccount(network) ? 'custody' : null;
}

/** The ledger's side of each currency of one network, from the balances with their pending deltas (one query). */
export async function ledgerSide(db: Executor, network: NetworkEnvName, codes: readonly string[]): Promise<Map<string, LedgerSide>> {
  const out = new Map(codes.map((c) => [c, { ...EMPTY }]));
  if (codes.length === 0) return out;
  const rows = await db
    .selectFrom('ledger_balances_now')
    .select(['ledger_account', 'currency_code', 'balance'])
    .where('currency_code', 'in', [...codes])
    .execute();
  for (const r of rows) {
    const field = fieldOf(r.ledger_account, network);
    const side = out.get(r.currency_code);
    if (field && side) side[field] += BigInt(r.balance);
  }
  return out;
}

/** A payout signed and not yet completed: the ledger has taken it out of custody already. */
export interface OpenPayout {
  currency: string;
  amount: bigint;
  fee: bigint;
  /** The transaction the withdrawal stands on now (its newest candidate, or the one in a block). */
  txHash: string;
  /** That candidate's terms (none in the sandbox). */
  terms: TransferTerms | null;
}

/** Withdrawals of a network in `processing`, with their current candidate's terms. */
export async function openPayouts(db: Executor, network: NetworkEnvName): Promise<OpenPayout[]> {
  const rows = await db
    .selectFrom('withdrawals as w')
    .leftJoin('withdrawal_transactions as t', (j) => j.onRef('t.withdrawal_id', '=', 'w.id').onRef('t.tx_hash', '=', 'w.tx_hash'))
    .select(['w.currency_code', 'w.amount', 'w.fee', 'w.tx_hash', 't.terms'])
    .where('w.network', '=', network)
    .where('w.status', '=', 'processing')
    .where('w.tx_hash', 'is not', null)
    .execute();
  return rows.flatMap((r) =>
    r.tx_hash === null
      ? []
      : [
          {
            currency: r.currency_code,
            amount: BigInt(r.amount),
            fee: BigInt(r.fee),
            txHash: r.tx_hash,
            terms: (r.terms ?? null) as TransferTerms | null,
          },
        ],
  );
}

/**
 * The transactions moves to cold storage and Bitcoin payout bundles of a network stand on while
 * they are not completed (their cost is pending once in a block). A bundle's withdrawals are open
 * payouts too, but its one fee is counted here, once.
 */
export async function openColdMoves(
  db: Executor,
  network: NetworkEnvName,
): Promise<Array<{ txHash: string; terms: TransferTerms | null }>> {
  const rows = [...(await openOf(db, COLD_TRANSFER_TABLES, network)), ...(await openOf(db, BUNDLE_TABLES, network))];
  return rows.map((r) => ({ txHash: r.tx_hash as string, terms: (r.terms ?? null) as TransferTerms | null }));
}

/** The processing payouts of one kind with the terms of the candidate each stands on now. */
async function openOf(db: Executor, tables: PayoutTables, network: NetworkEnvName) {
  return loose(db)
    .selectFrom(`${tables.rows} as p`)
    .leftJoin(`${tables.candidates} as t`, (j) => j.onRef(`t.${tables.ref}`, '=', 'p.id').onRef('t.tx_hash', '=', 'p.tx_hash'))
    .select(['p.tx_hash', 't.terms'])
    .where('p.network', '=', network)
    .where('p.status', '=', 'processing')
    .execute();
}

/**
 * The most a payout in a block can have cost the network, in its native coin, before its
 * completion books the real cost: EVM gas × max fee per gas, Bitcoin the fee it was signed with,
 * Tron the fee limit of a contract call (a plain TRX transfer burns far less), the sandbox nothing.
 */
export function costBound(terms: TransferTerms | null): bigint {
  switch (terms?.family) {
    case 'evm':
      return BigInt(terms.gas) * BigInt(terms.maxFeePerGas);
    case 'btc':
      return BigInt(terms.fee);
    case 'tron':
      return TRC20_FEE_LIMIT;
    default:
      return 0n;
  }
}

/** An address the chain is read at for one currency (a deposit address not swept yet). */
export interface HeldAt {
  currency: string;
  address: string;
}

/** Sweeps younger than this are checked for their block: until it, the coins are still at the deposit address. */
const SWEEP_RECHECK = '1 hour';

/**
 * Where a network's deposits are still held: addresses of confirmed payments not swept, and of
 * those swept lately (`sweepTx`: the caller keeps them while that transaction is in no block).
 */
export async function depositHoldings(
  db: Executor,
  network: NetworkEnvName,
): Promise<{ unswept: HeldAt[]; recent: Array<HeldAt & { sweepTx: string }> }> {
  const base = db.selectFrom('payments').where('network', '=', network).where('status', '=', 'confirmed');
  const unswept = await base.select(['currency_code as currency', 'address']).distinct().where('swept_at', 'is', null).execute();
  const recent = await base
    .select(['currency_code as currency', 'address', 'sweep_tx'])
    .distinct()
    .where('sweep_tx', 'is not', null)
    .where('swept_at', '>', sql<Date>`now() - ${sql.lit(SWEEP_RECHECK)}::interval`)
    .execute();
  return {
    unswept,
    recent: recent.flatMap((r) => (r.sweep_tx === null ? [] : [{ currency: r.currency, address: r.address, sweepTx: r.sweep_tx }])),
  };
}

/**
 * The hot wallet of a network for a process that does not hold its key (`ROLE=api`): the sender
 * of its latest payout or move to cold storage, the address the workers sign with. Null before any.
 */
export async function lastSender(db: Executor, network: NetworkEnvName): Promise<string | null> {
  const latest = await Promise.all(
    (['withdrawals', 'cold_transfers'] as const).map((table) =>
      db
        .selectFrom(table)
        .select(['sender', 'created_at'])
        .where('network', '=', network)
        .where('sender', 'is not', null)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  const found = latest.filter((r) => r !== undefined).sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  return found[0]?.sender ?? null;
}
