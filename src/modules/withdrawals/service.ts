import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { NetworkEnvName } from '../../config.ts';
import { isValidAddress, unusableAddress } from '../../chains/address-validation.ts';
import { PermanentBroadcastError, type ChainAdapter } from '../../chains/types.ts';
import { confirmationsRequired } from '../payments/watcher.ts';
import { isRetryableTransactionError, now, nowOnce, nowPlus, type Executor, type Trx } from '../../lib/db/index.ts';
import { findByIdOrOrderId, listByAccount } from '../../lib/db/lookup.ts';
import { moveStatus, type Move } from '../../lib/state-machine.ts';
import { withdrawalMachine } from './status.ts';
import type { WithdrawalQuotesTable, WithdrawalStatus, WithdrawalsTable } from '../../lib/db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { MoneyFormatError, MoneyPrecisionError, convertUnits, ratioToDecimal, rescale, toUnits, toJsonNumber, type Ratio } from '../../lib/money.ts';
import { findCurrency, isCatalogueContract, networkOf, servedCurrency, type CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { getDepositNetworkFee } from '../currencies/fees.ts';
import { custodyAccount, merchantAccount, merchantBalances, post } from '../ledger/service.ts';
import { usdValue } from '../ledger/settlement.ts';
import { usdPrice } from '../rates/service.ts';

export type QuoteRow = Selectable<WithdrawalQuotesTable>;
export type WithdrawalRow = Selectable<WithdrawalsTable>;

const LOOKUP_ERRORS = { required: 'exceptions.withdrawal.eitherWithdrawalIdOrOrderIdMustBeProvided', notFound: 'exceptions.withdrawal.notFound' } as const;

/** The flat commission of a locked conversion, in USD, charged in the source currency. */
const CONVERSION_COMMISSION_USD: Ratio = { num: 1n, den: 2n };

export interface QuoteInput {
  cryptoCurrencyCode: string;
  address: string;
  amount: number | string;
  orderId: string;
  allowAutoConvert?: boolean;
}

export interface CommitInput {
  quoteId: string;
  customData?: Record<string, unknown>;
  webhookUrl?: string;
}

/** The quote as the API shows it (names from CONTRACT §6). */
export function quoteRecord(q: QuoteRow) {
  const currency = findCurrency(q.currency_code)!;
  const native = findCurrency(networkOf(currency).nativeCode)!;
  const d = currency.decimals;
  const from = q.convert_from ? findCurrency(q.convert_from)! : null;
  return {
    quoteId: q.id,
    orderId: q.order_id,
    cryptoCurrencyCode: currency.code,
    address: q.address,
    amount: toJsonNumber(BigInt(q.amount), d),
    fee: {
      feeNative: toJsonNumber(BigInt(q.fee_native), native.decimals),
      feeCurrency: q.fee_native_currency,
      feeInCryptoCurrencyCode: toJsonNumber(BigInt(q.fee), d),
      feeUsd: usdValue(BigInt(q.fee), currency, q.usd_price),
    },
    totalDeduction: toJsonNumber(BigInt(q.amount) + BigInt(q.fee), d),
    autoConvert: from
      ? {
          fromCryptoCurrencyCode: from.code,
          toCryptoCurrencyCode: currency.code,
          fromAmount: toJsonNumber(BigInt(q.convert_from_amount!), from.decimals),
          toAmount: toJsonNumber(BigInt(q.convert_to_amount!), d),
          commission: toJsonNumber(BigInt(q.convert_commission!), from.decimals),
        }
      : null,
    expiresAt: q.expires_at.toISOString(),
  };
}

/** The spec's withdrawal record (also the webhook's data). */
export function withdrawalRecord(w: WithdrawalRow) {
  const currency = findCurrency(w.currency_code)!;
  const d = currency.decimals;
  const amount = BigInt(w.amount);
  const fee = BigInt(w.fee);
  return {
    id: w.id,
    orderId: w.order_id,
    accountId: w.account_id,
    cryptoCurrencyCode: currency.code,
    address: w.address,
    transactionHash: w.tx_hash,
    amount: toJsonNumber(amount, d),
    amountUsd: usdValue(amount, currency, w.usd_price),
    status: w.status,
    convertId: w.convert_id,
    feeAmount: toJsonNumber(fee, d),
    feeAmountUsd: usdValue(fee, currency, w.usd_price),
    debitedAmount: toJsonNumber(amount + fee, d),
    customData: w.custom_data,
    webhookUrl: w.webhook_url,
    source: w.source,
    createdAt: w.created_at.toISOString(),
    updatedAt: w.updated_at.toISOString(),
    quoteId: w.quote_id,
    transferId: w.quote_id,
  };
}

/** A withdrawal's status change, with its `withdrawal.statusChanged` event, through the machine. */
function changeStatus(trx: Trx, w: WithdrawalRow, to: WithdrawalStatus, move: Omit<Move<'withdrawals'>, 'event'> = {}): Promise<WithdrawalRow> {
  return moveStatus(trx, withdrawalMachine, 'withdrawals', w, to, {
    ...move,
    event: (updated, previous) => ({
      tenantId: w.tenant_id,
      type: 'withdrawal.statusChanged',
      aggregateType: 'withdrawal',
      aggregateId: w.id,
      payload: { ...withdrawalRecord(updated), previousStatus: previous },
    }),
  });
}

/** Balance of one merchant account in one currency, locked for the rest of the transaction. */
/** The advisory-lock key space of withdrawal commits (the second key is the account's hash). */
const COMMIT_LOCK_SPACE = 7_310_001;

async function lockedBalance(trx: Trx, accountId: string, currency: string): Promise<bigint> {
  const row = await trx
    .selectFrom('ledger_balances')
    .select('balance')
    .where('ledger_account', '=', merchantAccount(accountId))
    .where('currency_code', '=', currency)
    .forUpdate()
    .executeTakeFirst();
  return row ? BigInt(row.balance) : 0n;
}

/**
 * Withdrawals: quote (fee locked, nothing reserved), commit (one SERIALIZABLE transaction: the
 * locked balance must cover the locked total; debit, withdrawal row, ledger entry and event
 * together), and execution through the chain adapter (sign, store, broadcast, confirm).
 */
export class WithdrawalService {
  constructor(private readonly ctx: AppContext) {}

  async quote(principal: ApiPrincipal, input: QuoteInput) {
    const { db, config } = this.ctx;
    const currency = findCurrency(input.cryptoCurrencyCode);
    if (!currency) throw new AppError('exceptions.withdrawal.currencyNotFound', { cryptoCurrencyCode: input.cryptoCurrencyCode });
    servedCurrency(config, currency.code);
    const net = networkOf(currency);
    if (!isValidAddress(net.env, input.address)) {
      throw new AppError('exceptions.withdrawal.invalidAddress', { network: net.api, address: input.address, reason: 'malformed' });
    }
    // Well-formed but a sink: what is sent there can never be moved again.
    const unusable = unusableAddress(net.env, input.address) ?? (isCatalogueContract(input.address) ? 'tokenContract' : undefined);
    if (unusable) {
      throw new AppError('exceptions.withdrawal.invalidAddress', { network: net.api, address: input.address, reason: unusable });
    }
    let amount: bigint;
    try {
      amount = toUnits(input.amount, currency.decimals);
    } catch (err) {
      if (err instanceof MoneyPrecisionError) throw new AppError('exceptions.withdrawal.amountInvalidDecimalPlaces', { decimals: currency.decimals });
      if (err instanceof MoneyFormatError) throw new AppError('exceptions.validation.failed', { fields: [{ location: 'body', field: 'amount', message: 'must be a positive decimal amount' }] });
      throw err;
    }
    const minimum = toUnits(currency.minWithdrawal, currency.decimals);
    if (amount < minimum) throw new AppError('exceptions.withdrawal.amountBelowMinimum', { minWithdrawalAmount: toJsonNumber(minimum, currency.decimals) });

    const fee = await getDepositNetworkFee(db, currency.code, config.feeMaxAgeS);
    if (!fee) throw new AppError('exceptions.withdrawal.feeUnavailable', { cryptoCurrencyCode: currency.code });
    const native = findCurrency(net.nativeCode)!;
    const price = await usdPrice(db, currency.symbol, config.rateMaxAgeS);
    const nativePrice = await usdPrice(db, native.symbol, config.rateMaxAgeS);
    const feeNative = convertUnits(fee.units, { price: price.price, decimals: currency.decimals }, { price: nativePrice.price, decimals: native.decimals }, 'up');
    const total = amount + fee.units;
    const convert = input.allowAutoConvert ? await this.planConversion(principal.accountId, currency, price.price, total) : null;

    const values = {
      currency_code: currency.code,
      network: net.env,
      address: input.address,
      amount,
      fee: fee.units,
      fee_native: feeNative,
      fee_native_currency: net.nativeSymbol,
      usd_price: ratioToDecimal(price.price),
      convert_from: convert?.from.code ?? null,
      convert_from_amount: convert?.fromAmount ?? null,
      convert_to_amount: convert?.toAmount ?? null,
      convert_commission: convert?.commission ?? null,
      expires_at: nowPlus(config.withdrawalQuoteTtlS),
      updated_at: now(),
    };
    // One quote per (account, orderId): asking again re-prices it, until it is committed.
    const row = await db
      .insertInto('withdrawal_quotes')
      .values({ id: randomUUID(), tenant_id: principal.tenantId, account_id: principal.accountId, order_id: input.orderId, ...values })
      .onConflict((oc) => oc.columns(['account_id', 'order_id']).doUpdateSet(values).where('withdrawal_quotes.committed_at', 'is', null))
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('exceptions.withdrawal.orderIdAlreadyExists', { orderId: input.orderId });
    return quoteRecord(row);
  }

  /**
   * A conversion covering what the withdrawal balance lacks, from the account's balance that can
   * pay it: same-peg stablecoins 1:1, others at the current rate, plus 0.5 USD commission in the
   * source currency. Null when the balance suffices or nothing can cover it.
   */
  private async planConversion(accountId: string, to: CurrencyDef, toPrice: Ratio, total: bigint) {
    const { db, config } = this.ctx;
    const balances = await merchantBalances(db, accountId);
    const have = balances.find((b) => b.currency === to.code)?.units ?? 0n;
    if (have >= total) return null;
    const shortfall = total - have;
    const candidates = balances
      .filter((b) => b.currency !== to.code && b.units > 0n)
      .map((b) => ({ ...b, def: findCurrency(b.currency)! }))
      .sort((a, b) => Number(!!b.def.peg && b.def.peg === to.peg) - Number(!!a.def.peg && a.def.peg === to.peg));
    for (const c of candidates) {
      const fromPrice = await usdPrice(db, c.def.symbol, config.rateMaxAgeS).catch(() => null);
      if (!fromPrice) continue;
      const samePeg = !!c.def.peg && c.def.peg === to.peg;
      const fromAmount = samePeg
        ? rescale(shortfall, to.decimals, c.def.decimals, 'up')
        : convertUnits(shortfall, { price: toPrice, decimals: to.decimals }, { price: fromPrice.price, decimals: c.def.decimals }, 'up');
      const commission = convertUnits(1n, { price: CONVERSION_COMMISSION_USD, decimals: 0 }, { price: fromPrice.price, decimals: c.def.decimals }, 'up');
      if (c.units >= fromAmount + commission && fromAmount > 0n) return { from: c.def, fromAmount, toAmount: shortfall, commission };
    }
    return null;
  }

  /**
   * POST /withdrawal/commit: one SERIALIZABLE transaction, retried on serialization failures.
   * Commits of one account first queue on a PostgreSQL advisory lock of that account (held by the
   * connection, so by whichever instance runs the commit, and let go if it dies), taken before the
   * transaction begins: each commit's snapshot then already sees the previous commit's debit,
   * instead of a burst of commits all failing on the balance row and retrying. SERIALIZABLE stays
   * the guarantee; the lock only keeps concurrent commits of one account from tripping over it.
   */
  async commit(principal: ApiPrincipal, input: CommitInput): Promise<WithdrawalRow> {
    return this.ctx.db.connection().execute(async (conn) => {
      await sql`select pg_advisory_lock(${COMMIT_LOCK_SPACE}, hashtext(${principal.accountId}))`.execute(conn);
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            return await conn
              .transaction()
              .setIsolationLevel('serializable')
              .execute((trx) => this.commitIn(trx, principal, input));
          } catch (err) {
            if (attempt < 8 && isRetryableTransactionError(err)) {
              await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** attempt));
              continue;
            }
            throw err;
          }
        }
      } finally {
        await sql`select pg_advisory_unlock(${COMMIT_LOCK_SPACE}, hashtext(${principal.accountId}))`.execute(conn);
      }
    });
  }

  private async commitIn(trx: Trx, principal: ApiPrincipal, input: CommitInput): Promise<WithdrawalRow> {
    const q = await trx
      .selectFrom('withdrawal_quotes')
      .selectAll()
      .select(sql<boolean>`expires_at < now()`.as('expired'))
      .where('id', '=', input.quoteId)
      .where('account_id', '=', principal.accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!q) throw new AppError('exceptions.withdrawal.quoteNotFound');
    if (q.committed_at) throw new AppError('exceptions.withdrawal.quoteAlreadyCommitted', { withdrawalId: q.withdrawal_id });
    if (q.expired) throw new AppError('exceptions.withdrawal.quoteExpired', { expiredAt: q.expires_at.toISOString() });
    const total = BigInt(q.amount) + BigInt(q.fee);
    const id = randomUUID();
    let convertId: string | null = null;
    if (q.convert_from) {
      // The locked conversion first: source balance out (amount + commission), withdrawal currency in.
      const fromAmount = BigInt(q.convert_from_amount!);
      const commission = BigInt(q.convert_commission!);
      if ((await lockedBalance(trx, principal.accountId, q.convert_from)) < fromAmount + commission) {
        throw new AppError('exceptions.withdrawal.insufficientBalance', { cryptoCurrencyCode: q.convert_from });
      }
      convertId = randomUUID();
      await trx
        .insertInto('conversions')
        .values({ id: convertId, tenant_id: principal.tenantId, account_id: principal.accountId, from_currency: q.convert_from, to_currency: q.currency_code, from_amount: fromAmount, to_amount: BigInt(q.convert_to_amount!), commission })
        .execute();
      await post(trx, {
        tenantId: principal.tenantId,
        kind: 'conversion',
        refType: 'conversion',
        refId: convertId,
        lines: [
          { account: merchantAccount(principal.accountId), currency: q.convert_from, amount: fromAmount + commission },
          { account: 'revenue:conversion', currency: q.convert_from, amount: -commission },
          { account: 'treasury:conversion', currency: q.convert_from, amount: -fromAmount },
          { account: 'treasury:conversion', currency: q.currency_code, amount: BigInt(q.convert_to_amount!) },
          { account: merchantAccount(principal.accountId), currency: q.currency_code, amount: -BigInt(q.convert_to_amount!) },
        ],
      });
    }
    // The single locked balance must cover the locked total; never another currency.
    if ((await lockedBalance(trx, principal.accountId, q.currency_code)) < total) {
      throw new AppError('exceptions.withdrawal.insufficientBalance', { cryptoCurrencyCode: q.currency_code, required: toJsonNumber(total, findCurrency(q.currency_code)!.decimals) });
    }
    const row = await trx
      .insertInto('withdrawals')
      .values({
        id,
        tenant_id: principal.tenantId,
        account_id: principal.accountId,
        order_id: q.order_id,
        quote_id: q.id,
        currency_code: q.currency_code,
        network: q.network,
        address: q.address,
        amount: q.amount,
        fee: q.fee,
        usd_price: q.usd_price,
        status: 'created',
        convert_id: convertId,
        custom_data: input.customData ? JSON.stringify(input.customData) : null,
        webhook_url: input.webhookUrl ?? null,
        source: 'api',
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await post(trx, {
      tenantId: principal.tenantId,
      kind: 'withdrawal.debit',
      refType: 'withdrawal',
      refId: id,
      lines: [
        { account: merchantAccount(principal.accountId), currency: q.currency_code, amount: total },
        { account: 'clearing:withdrawals', currency: q.currency_code, amount: -total },
      ],
    });
    await trx.updateTable('withdrawal_quotes').set({ committed_at: sql`now()`, withdrawal_id: id }).where('id', '=', q.id).execute();
    return row;
  }

  async get(principal: ApiPrincipal, q: { id?: string; orderId?: string }): Promise<WithdrawalRow> {
    return findByIdOrOrderId(this.ctx.db, 'withdrawals', principal.accountId, q, LOOKUP_ERRORS);
  }

  async list(principal: ApiPrincipal, q: { page: number; limit: number; status?: WithdrawalStatus }) {
    return listByAccount(this.ctx.db, 'withdrawals', principal.accountId, q, withdrawalRecord);
  }

  /** Operator: cancels a withdrawal not yet signed; the debit is refunded in the same transaction. */
  async cancel(id: string): Promise<WithdrawalRow> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const w = await trx.selectFrom('withdrawals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      if (!w) throw new AppError('exceptions.withdrawal.notFound');
      // Once signed, the transaction may be on the network: only an unsigned one can be called back.
      const cancelled = await changeStatus(trx, w, 'cancelled', { refusal: 'exceptions.withdrawal.cannotCancel', where: { signed_tx: null } });
      await this.refund(trx, w, 'withdrawal.cancelled', false);
      return cancelled;
    });
  }

  /** Gives the merchant back the debited total (and undoes the custody movement once signed). */
  private async refund(trx: Trx, w: WithdrawalRow, kind: string, sent: boolean): Promise<void> {
    const total = BigInt(w.amount) + BigInt(w.fee);
    const lines = sent
      ? [
          { account: custodyAccount(w.network as NetworkEnvName), currency: w.currency_code, amount: BigInt(w.amount) },
          { account: 'fees:network' as const, currency: w.currency_code, amount: BigInt(w.fee) },
          { account: merchantAccount(w.account_id), currency: w.currency_code, amount: -total },
        ]
      : [
          { account: 'clearing:withdrawals' as const, currency: w.currency_code, amount: total },
          { account: merchantAccount(w.account_id), currency: w.currency_code, amount: -total },
        ];
    await post(trx, { tenantId: w.tenant_id, kind, refType: 'withdrawal', refId: w.id, lines });
  }

  /**
   * One execution round over open withdrawals, for the networks this worker has adapters for:
   * sign and record (the signed transaction is stored, and custody debited, before anything is
   * sent), broadcast what is recorded but not yet sent, and complete what has its confirmations.
   * A hot wallet short of funds leaves its withdrawals waiting in `created`.
   */
  async executeRound(adapters: ChainAdapter[]): Promise<{ signed: number; broadcast: number; completed: number; waiting: number }> {
    const { db, config } = this.ctx;
    const out = { signed: 0, broadcast: 0, completed: 0, waiting: 0 };
    for (const adapter of adapters) {
      const open = await db
        .selectFrom('withdrawals')
        .selectAll()
        .where('network', '=', adapter.network)
        .where('status', 'in', ['created', 'processing'])
        .orderBy('created_at')
        .limit(100)
        .execute();
      const spare = new Map<string, bigint>();
      for (const w of open) {
        if (w.status === 'created') {
          const currency = w.currency_code as CurrencyDef['code'];
          if (!spare.has(currency)) spare.set(currency, await adapter.hotWalletBalance(currency));
          if (spare.get(currency)! < BigInt(w.amount)) {
            out.waiting++;
            continue;
          }
          spare.set(currency, spare.get(currency)! - BigInt(w.amount));
          const signed = await adapter.signTransfer({ id: w.id, currencyCode: currency, to: w.address, units: BigInt(w.amount) });
          const recorded = await db.transaction().execute(async (trx) => {
            const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', w.id).where('status', '=', 'created').forUpdate().skipLocked().executeTakeFirst();
            if (!row) return null;
            await post(trx, {
              tenantId: row.tenant_id,
              kind: 'withdrawal.sent',
              refType: 'withdrawal',
              refId: row.id,
              lines: [
                { account: 'clearing:withdrawals', currency: row.currency_code, amount: BigInt(row.amount) + BigInt(row.fee) },
                { account: custodyAccount(adapter.network), currency: row.currency_code, amount: -BigInt(row.amount) },
                { account: 'fees:network', currency: row.currency_code, amount: -BigInt(row.fee) },
              ],
            });
            return changeStatus(trx, row, 'processing', { set: { tx_hash: signed.txHash, signed_tx: signed.raw } });
          });
          if (!recorded) continue;
          out.signed++;
          await this.send(adapter, recorded);
          out.broadcast++;
          continue;
        }
        // processing: (re)send the one stored transaction until the chain has it, then confirm.
        const confirmations = await adapter.transactionConfirmations(w.tx_hash!);
        if (confirmations === null) {
          await this.send(adapter, w);
          out.broadcast++;
          continue;
        }
        if (confirmations >= confirmationsRequired(config, adapter.network)) {
          const done = await db.transaction().execute(async (trx) => {
            const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', w.id).where('status', '=', 'processing').forUpdate().skipLocked().executeTakeFirst();
            if (!row) return false;
            await changeStatus(trx, row, 'completed', { set: { completed_at: now() } });
            return true;
          });
          if (done) out.completed++;
        }
      }
    }
    return out;
  }

  /**
   * Broadcasts the stored transaction. A network that refuses it for good (invalid, rejected) fails
   * the withdrawal and refunds the merchant in one transaction; any other error is retried next round.
   */
  private async send(adapter: ChainAdapter, w: WithdrawalRow): Promise<void> {
    try {
      await adapter.broadcast({ txHash: w.tx_hash!, raw: w.signed_tx! });
    } catch (err) {
      if (!(err instanceof PermanentBroadcastError)) throw err;
      await this.ctx.db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('withdrawals').selectAll().where('id', '=', w.id).where('status', '=', 'processing').forUpdate().executeTakeFirst();
        if (!row) return;
        await this.refund(trx, row, 'withdrawal.failed', true);
        await changeStatus(trx, row, 'failed', { set: { failure_reason: err.message } });
      });
      return;
    }
    await this.ctx.db.updateTable('withdrawals').set({ broadcast_at: nowOnce('broadcast_at') }).where('id', '=', w.id).execute();
  }
}

/** Pending withdrawals waiting for the hot wallet, per network (metrics). */
export async function withdrawalsOpen(db: Executor) {
  return db.selectFrom('withdrawals').select(['network', 'status', sql<string>`count(*)`.as('n')]).where('status', 'in', ['created', 'processing']).groupBy(['network', 'status']).execute();
}
