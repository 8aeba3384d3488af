/**
 * Prepaid credit: a customer's own deposit address. What its deposit credits the merchant is moved
 * to the customer's credit (`customer-credit:<id>`) once per payment; a period whose price in the
 * credit's currency (at the current rate, rounded up) the credit covers is paid from it by a ledger
 * transfer to the merchant, with no invoice.
 */
import type { AppContext } from '../../context.ts';
import type { Executor, Trx } from '../../lib/db/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { ApiPrincipal } from '../../lib/http/security.ts';
import { cryptoAmount, knownCurrency, knownFiat } from '../../lib/currencies/catalogue.ts';
import { toJsonNumber, type JsonDecimal } from '../../lib/money.ts';
import { createDeposit } from '../deposits/create.ts';
import { getDeposit } from '../deposits/read.ts';
import { cryptoAmountFor } from '../invoices/select.ts';
import { credit, customerCreditAccount, debit, lockedMerchantBalance, merchantAccount, post } from '../ledger/service.ts';
import { usdPrice } from '../rates/service.ts';
import { ownCustomer } from './customers.ts';

/** A customer's credit address and balance, as the API answers it. */
export interface CreditRecord {
  depositId: string;
  address: string;
  cryptoCurrencyCode: string;
  balance: JsonDecimal;
}

/** The customer's credit in a currency, in atomic units, with its row locked when `lock`. */
async function creditBalance(db: Executor, customerId: string, currency: string, lock = false): Promise<bigint> {
  const q = db
    .selectFrom('ledger_balances')
    .select('balance')
    .where('ledger_account', '=', customerCreditAccount(customerId))
    .where('currency_code', '=', currency);
  const row = await (lock ? q.forUpdate() : q).executeTakeFirst();
  return row ? BigInt(row.balance) : 0n;
}

/** POST /customers/{id}/credit-address: the customer's deposit address for prepaid credit (the same one on a repeat). */
export async function creditAddress(ctx: AppContext, principal: ApiPrincipal, customerId: string, code: string): Promise<CreditRecord> {
  const customer = await ownCustomer(ctx.db, principal, customerId);
  if (customer.credit_deposit_id) {
    const current = await getDeposit(ctx.db, principal, { id: customer.credit_deposit_id });
    if (current.currency_code !== code)
      throw new AppError('exceptions.validation.failed', {
        fields: [{ location: 'body', field: 'cryptoCurrencyCode', message: `the customer's credit is in ${current.currency_code}` }],
      });
    return creditOf(ctx.db, customer.id, current);
  }
  const { deposit } = await createDeposit(ctx, principal, {
    cryptoCurrencyCode: code,
    orderId: `credit-${customer.id}`,
    customerId: customer.id,
  });
  await ctx.db
    .updateTable('subscription_customers')
    .set({ credit_deposit_id: deposit.id })
    .where('id', '=', customer.id)
    .where('credit_deposit_id', 'is', null)
    .execute();
  return creditOf(ctx.db, customer.id, await getDeposit(ctx.db, principal, { id: deposit.id }));
}

/** GET /customers/{id}/credit: the customer's credit address and balance, once they have one. */
export async function customerCredit(ctx: AppContext, principal: ApiPrincipal, customerId: string): Promise<CreditRecord> {
  const customer = await ownCustomer(ctx.db, principal, customerId);
  if (!customer.credit_deposit_id) throw new AppError('exceptions.customer.creditNotFound');
  return creditOf(ctx.db, customer.id, await getDeposit(ctx.db, principal, { id: customer.credit_deposit_id }));
}

async function creditOf(
  db: Executor,
  customerId: string,
  deposit: { id: string; address: string; currency_code: string },
): Promise<CreditRecord> {
  const units = await creditBalance(db, customerId, deposit.currency_code);
  return {
    depositId: deposit.id,
    address: deposit.address,
    cryptoCurrencyCode: deposit.currency_code,
    balance: toJsonNumber(units, knownCurrency(deposit.currency_code).decimals),
  };
}

/**
 * Moves what the credit address's confirmed payments credited the merchant to the customer's
 * credit, each payment once (its row in subscription_credit_moves). A payment the merchant's
 * balance no longer covers (withdrawn meanwhile) stays with the merchant.
 */
export async function collectCredit(
  trx: Trx,
  customer: { id: string; tenant_id: string; account_id: string; credit_deposit_id: string | null },
): Promise<void> {
  if (!customer.credit_deposit_id) return;
  const payments = await trx
    .selectFrom('payments')
    .select(['id', 'currency_code', 'net_credited'])
    .where('purpose', '=', 'deposit')
    .where('owner_id', '=', customer.credit_deposit_id)
    .where('status', '=', 'confirmed')
    .where('counted', '=', true)
    .where('net_credited', '>', '0')
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('subscription_credit_moves as m').select('m.payment_id').whereRef('m.payment_id', '=', 'payments.id')),
      ),
    )
    .execute();
  for (const p of payments) {
    if (p.net_credited === null) continue; // the query takes net_credited > 0 only
    const amount = cryptoAmount(p.currency_code, p.net_credited);
    if ((await lockedMerchantBalance(trx, customer.account_id, p.currency_code)) < amount.units) continue;
    await trx
      .insertInto('subscription_credit_moves')
      .values({ payment_id: p.id, customer_id: customer.id, currency_code: p.currency_code, amount: amount.units })
      .execute();
    await post(trx, {
      tenantId: customer.tenant_id,
      kind: 'subscription.credit',
      refType: 'payment',
      refId: p.id,
      lines: [debit(merchantAccount(customer.account_id), amount), credit(customerCreditAccount(customer.id), amount)],
    });
  }
}

/** One unpaid period, as credit may pay it. */
export interface CreditCharge {
  subscriptionId: string;
  tenantId: string;
  accountId: string;
  customerId: string;
  number: number;
  amountMinor: string;
  fiatCurrency: string;
}

/**
 * Pays the period from the customer's credit when it covers the price: the credit's row locked,
 * the transfer to the merchant posted, the period marked paid by credit. False when it does not
 * (no credit address, too little credit, or no fresh rate).
 */
export async function payFromCredit(ctx: AppContext, trx: Trx, charge: CreditCharge): Promise<boolean> {
  const customer = await trx.selectFrom('subscription_customers').selectAll().where('id', '=', charge.customerId).executeTakeFirstOrThrow();
  if (!customer.credit_deposit_id) return false;
  await collectCredit(trx, customer);
  const deposit = await trx
    .selectFrom('deposits')
    .select('currency_code')
    .where('id', '=', customer.credit_deposit_id)
    .executeTakeFirstOrThrow();
  const currency = knownCurrency(deposit.currency_code);
  const fiat = knownFiat(charge.fiatCurrency);
  let price: bigint;
  try {
    const fiatPrice = await usdPrice(trx, fiat.code, ctx.config.rateMaxAgeS);
    const cryptoPrice = await usdPrice(trx, currency.symbol, ctx.config.rateMaxAgeS);
    price = cryptoAmountFor(BigInt(charge.amountMinor), fiat, fiatPrice.price, currency, cryptoPrice.price);
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
  if ((await creditBalance(trx, customer.id, currency.code, true)) < price) return false;
  const amount = cryptoAmount(currency.code, price);
  const refId = `${charge.subscriptionId}:${charge.number}`;
  await post(trx, {
    tenantId: charge.tenantId,
    kind: 'subscription.creditPayment',
    refType: 'subscriptionPeriod',
    refId,
    lines: [debit(customerCreditAccount(customer.id), amount), credit(merchantAccount(charge.accountId), amount)],
  });
  await trx
    .updateTable('subscription_periods')
    .set({ paid_by: 'credit', paid_at: ctx.clock?.() ?? new Date() })
    .where('subscription_id', '=', charge.subscriptionId)
    .where('period_number', '=', charge.number)
    .execute();
  return true;
}
