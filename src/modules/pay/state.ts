import type { AppContext } from '../../context.ts';
import { paymentUri } from '../../chains/payment-uri.ts';
import { paymentQrCode } from '../../chains/payment-qr.ts';
import { confirmationsRequired } from '../payments/watcher.ts';
import { formatUnits, parseRatio } from '../../lib/money.ts';
import { knownCurrency, knownFiat, networkOf, servedCurrencies, type FiatDef } from '../../lib/currencies/catalogue.ts';
import { loadLiveFees } from '../currencies/fees.ts';
import { currencyIconPath } from '../currencies/icons.ts';
import { fiatTotal, invoiceItems, quotePayments, type InvoiceView } from '../invoices/record.ts';
import { amountDue, cryptoAmountFor } from '../invoices/select.ts';
import { outcomeKind } from '../invoices/status.ts';
import { freshUsdPrices } from '../rates/service.ts';
import { liveRefunded } from '../withdrawals/refunds.ts';
import { logoPath, tenantBrand } from './brand.ts';
import { explorerUrl, pageOrder, plainName } from './names.ts';
import { receiptOffer } from './receipt-email.ts';

/**
 * What the payment page may show the customer: the order, the chosen currency with amount,
 * address and QR, the currencies it can be paid in, and where to go once it is over. Nothing the
 * merchant keeps to itself (webhook URL, customer id, custom payload) is in here.
 */
export async function payState(ctx: AppContext, view: InvoiceView) {
  const { db, config } = ctx;
  const { row, quote } = view;
  const fiat = knownFiat(row.fiat_currency);
  const fiatUnits = fiatTotal(row).units;
  const [brand, fees, prices, clock] = await Promise.all([
    tenantBrand(db, row.tenant_id),
    loadLiveFees(db, config.feeMaxAgeS),
    freshUsdPrices(db, config.rateMaxAgeS),
    db.selectNoFrom((eb) => eb.fn<Date>('now').as('now')).executeTakeFirstOrThrow(),
  ]);
  const now = new Date(clock.now);
  const currencies = currencyChoices(config, fees, prices, fiat, fiatUnits);

  const [selected, receipt] = await Promise.all([quote ? selectedCurrency(ctx, row.id, quote) : null, receiptOffer(ctx, view, now)]);

  const closed = row.expires_at.getTime() <= now.getTime();
  // A partly paid invoice can still be completed while its window is open.
  const kind = row.status === 'partially_paid' && !closed ? null : outcomeKind(row.status);
  const url = kind === 'success' ? row.success_url : kind === 'failed' ? row.failed_url : kind === 'return' ? row.return_url : null;
  return {
    id: row.id,
    status: row.status,
    merchantName: brand.merchantName,
    merchantLogoUrl: brand.hasLogo ? logoPath(row.id) : null,
    brandColor: brand.brandColor,
    orderId: row.order_id,
    number: row.number,
    description: row.description,
    amount: formatUnits(fiatUnits, fiat.decimals),
    fiatCurrencyCode: fiat.code,
    items: invoiceItems(row),
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    paidAt: row.paid_at ? row.paid_at.toISOString() : null,
    // What the merchant gave back (live refunds), in the chosen currency; '0' when none.
    amountRefunded: quote ? formatUnits(liveRefunded(view.refunds, quote.currency_code), knownCurrency(quote.currency_code).decimals) : '0',
    now: now.toISOString(),
    selected,
    currencies,
    outcome: kind ? { kind, url } : null,
    mode: config.mode,
    receipt,
  };
}

/** Every currency the page offers, in the page's order, each with the amount it would come to now (null when a fee or price is missing). */
function currencyChoices(
  config: AppContext['config'],
  fees: Awaited<ReturnType<typeof loadLiveFees>>,
  prices: Awaited<ReturnType<typeof freshUsdPrices>>,
  fiat: FiatDef,
  fiatUnits: bigint,
) {
  const fiatPrice = prices.get(fiat.code);
  return pageOrder(servedCurrencies(config)).map((c) => {
    const fee = fees.get(c.code);
    const price = prices.get(c.symbol);
    const available = !!fee && !!price && !!fiatPrice;
    return {
      cryptoCurrencyCode: c.code,
      name: c.name,
      symbol: c.symbol,
      network: c.network,
      ...plainName(c),
      icon: currencyIconPath(c.code),
      available,
      amountEstimate:
        fee && price && fiatPrice
          ? formatUnits(amountDue(cryptoAmountFor(fiatUnits, fiat, fiatPrice, c, price), fee.units, c), c.decimals)
          : null,
    };
  });
}

/**
 * The chosen currency as the page shows it: amounts due, paid and pending, address, URI and QR, and
 * the payments seen so far. `amountRemaining` is what the customer still has to send (the expected
 * amount less what is confirmed or on its way): the page's amount, its Copy button, the QR code and
 * the wallet link all give that one figure.
 */
async function selectedCurrency(ctx: AppContext, invoiceId: string, quote: NonNullable<InvoiceView['quote']>) {
  const currency = knownCurrency(quote.currency_code);
  const network = networkOf(currency).env;
  const expected = BigInt(quote.amount_expected);
  const [paid, payments] = await Promise.all([quotePayments(ctx.db, quote), quotePaymentLines(ctx, invoiceId, quote)]);
  const left = expected - paid.confirmed - paid.pending;
  const remaining = left > 0n ? left : 0n;
  const uri = paymentUri(currency, quote.address, remaining > 0n ? remaining : expected);
  const crypto = parseRatio(quote.crypto_usd_price);
  const fiatUsd = parseRatio(quote.fiat_usd_price);
  // Fiat per one coin, to 8 places: crypto USD price ÷ fiat USD price.
  const rate = (crypto.num * fiatUsd.den * 10n ** 8n) / (crypto.den * fiatUsd.num);
  return {
    cryptoCurrencyCode: currency.code,
    name: currency.name,
    symbol: currency.symbol,
    network: currency.network,
    ...plainName(currency),
    decimals: currency.decimals,
    amountExpected: formatUnits(expected, currency.decimals),
    networkFee: formatUnits(BigInt(quote.network_fee), currency.decimals),
    amountReceived: formatUnits(paid.confirmed, currency.decimals),
    amountPending: formatUnits(paid.pending, currency.decimals),
    amountRemaining: formatUnits(remaining, currency.decimals),
    address: quote.address,
    paymentUri: uri,
    qrCode: await paymentQrCode(uri),
    rate: formatUnits(rate, 8),
    lockedAt: quote.locked_at.toISOString(),
    confirmationsRequired: confirmationsRequired(ctx.config, network),
    sandbox: ctx.config.mode === 'sandbox',
    payments,
  };
}

/** How many payments the page lists: a receipt, not a ledger (a customer sends one, or a few). */
const PAYMENT_LINES = 10;

/**
 * The payments that count toward the quote (its currency, to its address), newest first: amount,
 * how deep in the chain, when seen and confirmed, and the transaction on a public explorer when live.
 * A payment the chain dropped is left out: it paid nothing; so is one screening holds, which counts for nothing until released.
 */
async function quotePaymentLines(ctx: AppContext, invoiceId: string, quote: NonNullable<InvoiceView['quote']>) {
  const currency = knownCurrency(quote.currency_code);
  const rows = await ctx.db
    .selectFrom('payments')
    .select(['tx_hash', 'amount', 'status', 'confirmations', 'first_seen_at', 'confirmed_at'])
    .where('owner_id', '=', invoiceId)
    .where('purpose', '=', 'invoice')
    .where('network', '=', quote.network)
    .where('address', '=', quote.address)
    .where('counted', '=', true)
    .where('on_hold', '=', false)
    .where('status', 'in', ['seen', 'confirmed'])
    .orderBy('first_seen_at', 'desc')
    .orderBy('id')
    .limit(PAYMENT_LINES)
    .execute();
  return rows.map((r) => ({
    txHash: r.tx_hash,
    amount: formatUnits(BigInt(r.amount), currency.decimals),
    status: r.status as 'seen' | 'confirmed',
    confirmations: r.confirmations,
    seenAt: r.first_seen_at.toISOString(),
    confirmedAt: r.confirmed_at ? r.confirmed_at.toISOString() : null,
    explorerUrl: explorerUrl(currency.network, r.tx_hash, ctx.config.mode),
  }));
}
