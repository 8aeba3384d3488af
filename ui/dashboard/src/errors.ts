// Errors in plain words: what the API answered, as a sentence for the person at the page, and the
// field it is about, so a form can say it there. The one place that maps codes to sentences; a
// code not listed here is said in the API's own message. The `exceptions.*` code itself is never
// in the sentence (ErrorAlert keeps it in data-code, for support).
import type { ApiError } from './api.ts';
import type { Decimal } from './decimal.ts';
import { amount, dateTime, usd } from './format.ts';

/** An error as the page says it: a sentence, and the form field it belongs to (body field name). */
export interface Plain {
  text: string;
  field?: string;
}

/** Who is asking: a message about rights names their role. */
export interface Who {
  role?: string | undefined;
}

type Extension = Record<string, unknown>;
type Sentence = (e: Extension, who: Who) => Plain;

/**
 * An extension's amount: a Decimal, or a number when it is an integer a double holds exactly (api.ts
 * parses an extension so), whose text is then exact too.
 */
const exactText = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined);
const money = (value: unknown, code?: unknown) => {
  const text = exactText(value);
  return text === undefined ? undefined : amount(text, typeof code === 'string' ? code : undefined);
};

/** The sentence of an address the network can never move money from. */
function invalidAddress(e: Extension): Plain {
  const network = typeof e.network === 'string' ? e.network : 'this';
  if (e.reason && e.reason !== 'malformed')
    return { field: 'address', text: `Money sent to this address can never be moved again (${String(e.reason)}): use another.` };
  return { field: 'address', text: `This is not an address of the ${network} network. Check it, character by character.` };
}

/** One field a validation failure names: where, what the API said, and (webhook URLs) why. */
type FieldEntry = { field?: string; message?: string; reason?: string; host?: string; address?: string };

/** A refused webhook URL's reason (the API's `reason`) in words; the host it names when there is one. */
const URL_REASONS: Record<string, (e: FieldEntry) => string> = {
  malformed: () => 'This is not a web address: write it in full, like https://hooks.yourshop.com/cryptogate.',
  httpsRequired: () => 'The address must start with https://: events are only sent over an encrypted connection.',
  credentials: () => 'Take the user name and password out of the address: the receiver checks the signature of each event instead.',
  ipAddress: (e) => `Use your server's name, not its IP address (${e.host ?? 'an IP address'}).`,
  privateAddress: (e) =>
    e.host && e.address && e.host !== e.address
      ? `${e.host} points at a private address (${e.address}), which the gateway never calls: use a name the internet reaches.`
      : `${e.address ?? 'This'} is a private or local address, which the gateway never calls: use your server's public name.`,
  notPublicName: (e) => `${e.host ?? 'This host'} is not a name on the public internet: use one like hooks.yourshop.com.`,
  unresolvable: (e) =>
    `No server named ${e.host ?? 'so'} can be found: DNS does not know the name. Check the spelling, or create its DNS record first.`,
};

/** What each payout limit bounds, as the refusal names it. */
const LIMIT_WHAT: Record<string, string> = {
  maxPerWithdrawalUsd: 'one withdrawal',
  maxPerDayUsd: 'the business’s withdrawals of 24 hours',
  maxPerDayPerKeyUsd: 'one API key’s withdrawals of 24 hours',
};

/** A payout limit's refusal: which limit, and what is left of it. */
function limitExceeded(e: Extension): Plain {
  const dollars = (v: unknown) => {
    const text = exactText(v);
    return text === undefined ? '?' : usd(text as Decimal);
  };
  const what = LIMIT_WHAT[String(e.limit)] ?? 'withdrawals';
  return {
    field: 'amount',
    text: `The payout policy limits ${what} to ${dollars(e.limitUsd)}, and ${dollars(e.remainingUsd)} of it is left: this is worth ${dollars(e.requestedUsd)} with its fee.`,
  };
}

/** A validation entry as a sentence at its field (body field name, without a nested path). */
function entryPlain(entry: FieldEntry | undefined): Plain {
  if (!entry?.field) return { text: 'Some of what was entered is not valid.' };
  const [field = entry.field] = entry.field.split('.');
  const reason = entry.reason ? URL_REASONS[entry.reason] : undefined;
  if (reason) return { field, text: reason(entry) };
  return { field, text: `This ${field === 'amount' ? 'amount' : 'value'} ${entry.message ?? 'is not valid'}.` };
}

/** The first field a validation failure names, and its complaint. */
function validation(e: Extension): Plain {
  return entryPlain((e.fields as FieldEntry[] | undefined)?.[0]);
}

/** The amount field an error names (`field` in its extension), else the amount. */
const fieldOf = (e: Extension) => (typeof e.field === 'string' ? e.field : 'amount');

const SENTENCES: Record<string, Sentence> = {
  'exceptions.validation.failed': validation,
  'exceptions.auth.insufficientScope': (_e, who) => ({
    text: who.role ? `Your role (${who.role}) cannot do this. An owner can change your role.` : 'You may not do this.',
  }),
  'exceptions.auth.accountNotAllowed': (_e, who) => ({
    text: `Your ${who.role ? `role (${who.role})` : 'access'} does not reach this account.`,
  }),
  'exceptions.auth.stepUpRequired': () => ({ text: 'This needs the code from your authenticator app, and none was given.' }),
  'exceptions.auth.invalidSecondFactor': (e) => ({
    text: e.recoveryCode
      ? 'That recovery code is wrong or was already used: each works once.'
      : 'That code is wrong or was already used: enter the one your app shows now.',
  }),
  'exceptions.rateLimit.exceeded': () => ({ text: 'Too many requests at once: wait a moment and try again.' }),
  'exceptions.rates.unavailable': () => ({ text: 'There is no current exchange rate for this currency: try again in a minute.' }),
  // A payment link's amounts name their field (minAmount, maxAmount); an invoice's is its amount.
  'exceptions.invoice.amountBelowMinimum': (e) => ({
    field: fieldOf(e),
    text: `The smallest invoice in ${String(e.fiatCurrencyCode ?? 'this currency')} is ${money(e.minInvoiceAmount) ?? 'higher'}.`,
  }),
  'exceptions.invoice.amountInvalidDecimalPlaces': (e) => ({
    field: fieldOf(e),
    text: `Use at most ${String(e.decimals)} decimal places in ${String(e.fiatCurrencyCode ?? 'this currency')}.`,
  }),
  'exceptions.paymentLink.amountSpecificationInvalid': () => ({
    field: 'amount',
    text: 'Give a fixed price, or the bounds of what the customer enters: a request and a quantity need a fixed price.',
  }),
  'exceptions.invoice.orderIdAlreadyExists': () => ({
    field: 'orderId',
    text: 'An invoice with this order id exists already: choose another.',
  }),
  'exceptions.invoice.customerBlocked': () => ({ field: 'customerId', text: 'This customer is blocked: no invoice can be made for them.' }),
  'exceptions.plan.amountBelowMinimum': (e) => ({
    field: 'amount',
    text: `The smallest price in ${String(e.fiatCurrencyCode ?? 'this currency')} is ${money(e.minInvoiceAmount) ?? 'higher'}.`,
  }),
  'exceptions.plan.amountInvalidDecimalPlaces': (e) => ({
    field: 'amount',
    text: `Use at most ${String(e.decimals)} decimal places in ${String(e.fiatCurrencyCode ?? 'this currency')}.`,
  }),
  'exceptions.plan.inactive': () => ({ field: 'planId', text: 'This plan is turned off: choose another.' }),
  'exceptions.customer.referenceAlreadyExists': () => ({
    field: 'reference',
    text: 'A customer with this reference exists already: choose another.',
  }),
  'exceptions.subscription.cannotCancel': () => ({ text: 'This subscription has ended already.' }),
  'exceptions.withdrawal.invalidAddress': invalidAddress,
  'exceptions.withdrawal.amountBelowMinimum': (e) => ({
    field: 'amount',
    text: `The smallest withdrawal of this currency is ${money(e.minWithdrawalAmount) ?? 'higher'}.`,
  }),
  'exceptions.withdrawal.amountInvalidDecimalPlaces': (e) => ({
    field: 'amount',
    text: `This currency has ${String(e.decimals)} decimal places: use no more.`,
  }),
  'exceptions.withdrawal.insufficientBalance': (e) => ({
    field: 'amount',
    text:
      e.available !== undefined
        ? `The balance, ${money(e.available, e.cryptoCurrencyCode)}, does not cover this amount and the network fee (${money(e.required, e.cryptoCurrencyCode)} in all).`
        : `The balance no longer covers this withdrawal${e.required !== undefined ? ` (${money(e.required, e.cryptoCurrencyCode)} with the fee)` : ''}: get a new quote.`,
  }),
  'exceptions.withdrawal.refundExceedsReceived': () => ({ field: 'amount', text: 'This is more than can still be refunded.' }),
  'exceptions.withdrawal.feeUnavailable': () => ({ text: "The network's fee is not known right now: try again in a minute." }),
  'exceptions.withdrawal.quoteExpired': () => ({ text: 'The quote has expired: refresh it for the current fee.' }),
  'exceptions.withdrawal.limitExceeded': limitExceeded,
  'exceptions.withdrawal.addressNotAllowed': (e) => ({
    field: 'address',
    text:
      typeof e.activeAt === 'string'
        ? `This address is in the payout address book but usable only from ${dateTime(e.activeAt)}.`
        : 'The payout policy allows only addresses of the payout address book: an owner or finance user adds it under Payouts, and it is usable after the policy’s delay.',
  }),
  'exceptions.withdrawal.addressScreened': () => ({
    field: 'address',
    text: 'Screening refused this destination: payouts cannot go there.',
  }),
  'exceptions.withdrawal.selfApproval': () => ({ text: 'You committed this withdrawal: another owner or finance user must approve it.' }),
  'exceptions.withdrawal.alreadyApproved': () => ({ text: 'This approval was given already.' }),
  'exceptions.withdrawal.notAwaitingApproval': () => ({
    text: 'This withdrawal no longer awaits your approval: it was approved, rejected or expired meanwhile.',
  }),
  'exceptions.payoutAddress.alreadyExists': () => ({ field: 'address', text: 'This address is in the payout address book already.' }),
  'exceptions.payoutPolicy.changeNotFound': () => ({
    text: 'This change is no longer pending: it took effect or was cancelled meanwhile.',
  }),
  'exceptions.converting.amountBelowAtomicUnit': () => ({ field: 'fromAmount', text: 'This amount is too small to convert.' }),
  'exceptions.converting.amountBelowMinimum': (e) => ({
    field: 'fromAmount',
    text: `This does not cover the commission: convert at least ${money(e.minFromAmount, e.cryptoCurrencyCode) ?? 'more'}.`,
  }),
  'exceptions.converting.amountInvalidDecimalPlaces': (e) => ({
    field: 'fromAmount',
    text: `${String(e.cryptoCurrencyCode)} has ${String(e.decimals)} decimal places: use no more.`,
  }),
  'exceptions.converting.insufficientBalance': (e) => ({
    field: 'fromAmount',
    text: `The ${String(e.cryptoCurrencyCode ?? '')} balance does not cover this amount.`.replace('The  ', 'The '),
  }),
  'exceptions.converting.sameCurrency': () => ({ text: 'Choose two different currencies.' }),
  'exceptions.converting.quoteExpired': () => ({ text: 'The quote has expired: refresh it for the current rate.' }),
  'exceptions.converting.stablecoinOffPeg': (e) => ({
    text: `${String(e.cryptoCurrencyCode)} trades away from its peg right now; conversions with it wait until it is back.`,
  }),
};

/** The error as the page says it. */
export function plainError(error: ApiError, who: Who = {}): Plain {
  const sentence = SENTENCES[error.code];
  return sentence ? sentence(error.extension ?? {}, who) : { text: error.message };
}

/** The sentence for one field, when the error is about it (a validation failure may name several fields). */
export function fieldError(error: ApiError | undefined, field: string, who: Who = {}): string | undefined {
  if (!error) return undefined;
  if (error.code === 'exceptions.validation.failed') {
    const entry = (error.extension?.fields as FieldEntry[] | undefined)?.find((f) => f.field?.split('.')[0] === field);
    return entry ? entryPlain(entry).text : undefined;
  }
  const plain = plainError(error, who);
  return plain.field === field ? plain.text : undefined;
}
