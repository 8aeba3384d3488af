/**
 * The one error catalogue: every `exceptions.*` code the service returns, with its HTTP status and
 * default message. Code throws `new AppError(code, extension?)`; one handler renders the spec's body.
 */
export const ERRORS = {
  'exceptions.validation.failed': [400, 'Request validation failed'],
  'exceptions.request.malformedJson': [400, 'The request body is not valid JSON'],
  'exceptions.request.invalidEncoding': [400, 'The request body is not valid UTF-8'],
  'exceptions.request.unsupportedMediaType': [415, 'The request body must be application/json'],
  'exceptions.request.bodyTooLarge': [413, 'The request body is too large'],
  'exceptions.request.timeout': [408, 'The request was not received in time'],
  'exceptions.request.headersTooLarge': [431, 'The request headers are too large'],
  'exceptions.route.notFound': [404, 'No such route'],
  'exceptions.auth.invalidApiKey': [401, 'Missing or invalid API key'],
  'exceptions.auth.ipNotAllowed': [403, 'The request IP is not on the allowlist of this key'],
  'exceptions.auth.insufficientScope': [403, 'The API key lacks the scope this operation requires'],
  'exceptions.auth.accountNotAllowed': [403, 'The API key may not act on this account'],
  'exceptions.admin.invalidToken': [401, 'Missing or invalid admin token'],
  'exceptions.metrics.invalidToken': [401, 'Missing or invalid metrics token (Authorization: Bearer <METRICS_TOKEN>)'],
  'exceptions.rateLimit.exceeded': [429, 'Rate limit exceeded'],
  'exceptions.tenant.notFound': [404, 'Tenant not found'],
  'exceptions.account.notFound': [404, 'Account not found'],
  'exceptions.account.limitReached': [400, 'The maximum number of accounts for this merchant is reached'],
  'exceptions.apiKey.notFound': [404, 'API key not found'],
  'exceptions.currency.notFound': [400, 'Unknown crypto currency'],
  'exceptions.currency.unavailable': [400, 'This crypto currency is not offered by this installation: its network is not configured'],
  'exceptions.addressProvision.temporarilyDisabled': [
    503,
    'Address provisioning is disabled: every deposit has its own address, use POST /deposit',
  ],
  'exceptions.invoice.fiatCurrencyNotFound': [400, 'Unknown fiat currency; see GET /currencies/fiat'],
  'exceptions.invoice.amountOrItemsRequired': [400, 'Either a positive amount or items must be given'],
  'exceptions.invoice.amountBelowMinimum': [400, 'The amount is below the minimum invoice amount of this fiat currency'],
  'exceptions.invoice.amountInvalidDecimalPlaces': [400, 'The amount has more decimal places than the fiat currency allows'],
  'exceptions.invoice.orderIdAlreadyExists': [409, 'An invoice with this orderId already exists'],
  'exceptions.invoice.customerBlocked': [400, 'This customer is blocked'],
  'exceptions.invoice.notFound': [404, 'Invoice not found'],
  'exceptions.invoice.notFoundByOrderId': [404, 'No invoice with this orderId'],
  'exceptions.invoice.idOrOrderIdRequired': [400, 'Either id or orderId must be provided'],
  'exceptions.invoice.cannotCancel': [400, 'The invoice cannot be cancelled in its current status'],
  'exceptions.invoice.notPayable': [400, 'The invoice can no longer be paid'],
  'exceptions.invoice.currencyLocked': [400, 'A payment was already seen in another currency; the currency cannot change'],
  'exceptions.invoice.currencyNotSelected': [400, 'No crypto currency has been selected for this invoice yet'],
  'exceptions.deposit.orderIdAlreadyExists': [409, 'A deposit with this orderId already exists and is closed'],
  'exceptions.deposit.notFound': [404, 'Deposit not found'],
  'exceptions.deposit.idOrOrderIdRequired': [400, 'Either id or orderId must be provided'],
  'exceptions.withdrawal.currencyNotFound': [400, 'Unknown crypto currency'],
  'exceptions.withdrawal.invalidAddress': [400, 'The address is not a valid address of this currency\'s network'],
  'exceptions.withdrawal.amountBelowMinimum': [400, 'The amount is below the minimum withdrawal of this currency'],
  'exceptions.withdrawal.amountInvalidDecimalPlaces': [400, 'The amount has more decimal places than the currency allows'],
  'exceptions.withdrawal.feeUnavailable': [503, 'The network fee of this currency is unavailable; try again shortly'],
  'exceptions.withdrawal.orderIdAlreadyExists': [409, 'A withdrawal was already committed for this orderId'],
  'exceptions.withdrawal.quoteNotFound': [404, 'Quote not found'],
  'exceptions.withdrawal.quoteExpired': [400, 'The quote has expired; request a new one'],
  'exceptions.withdrawal.quoteAlreadyCommitted': [400, 'The quote was already committed'],
  'exceptions.withdrawal.insufficientBalance': [400, 'The balance does not cover the quoted total; request a new quote'],
  'exceptions.withdrawal.eitherWithdrawalIdOrOrderIdMustBeProvided': [400, 'Either id or orderId must be provided'],
  'exceptions.withdrawal.notFound': [404, 'Withdrawal not found'],
  'exceptions.withdrawal.cannotCancel': [400, 'Only a withdrawal not yet signed can be cancelled'],
  'exceptions.unlistedToken.notFound': [404, 'No such unlisted token transfer'],
  'exceptions.unlistedToken.wrongStatus': [409, 'The unlisted token transfer is not in a status that allows this'],
  'exceptions.unlistedToken.invalidDestination': [400, "The destination is not an address of the token's network"],
  'exceptions.unlistedToken.notMovable': [400, 'No worker here holds the key of this network: move the token by hand (see derivationPath), then record the move'],
  'exceptions.withdrawal.refundTargetConflict': [400, 'A refund names invoiceId or depositId, not both'],
  'exceptions.withdrawal.refundCurrencyMismatch': [400, 'A refund is paid in the currency the invoice or deposit received'],
  'exceptions.withdrawal.refundExceedsReceived': [400, 'The refund exceeds what the invoice or deposit received less its refunds'],
  'exceptions.converting.currencyNotFound': [400, 'Unknown crypto currency'],
  'exceptions.converting.sameCurrency': [400, 'fromCryptoCurrencyCode and toCryptoCurrencyCode must differ'],
  'exceptions.converting.amountSpecificationInvalid': [400, 'Exactly one of fromAmount or toAmount must be given'],
  'exceptions.converting.amountBelowAtomicUnit': [400, "The amount is smaller than the currency's atomic unit"],
  'exceptions.converting.amountInvalidDecimalPlaces': [400, 'The amount has more decimal places than the currency allows'],
  'exceptions.converting.amountBelowMinimum': [400, 'The amount does not cover the commission and one atomic unit of the target currency'],
  'exceptions.converting.quoteNotFound': [404, 'No conversion quote with this id exists for this account'],
  'exceptions.converting.quoteExpired': [400, 'The conversion quote has expired; request a new one'],
  'exceptions.converting.quoteNotQuoted': [400, 'The conversion quote is no longer in the quoted state (already committed)'],
  'exceptions.converting.insufficientBalance': [400, 'The source balance does not cover fromAmount; request a new quote'],
  'exceptions.converting.notFound': [404, 'Conversion not found'],
  'exceptions.converting.stablecoinOffPeg': [503, 'A stablecoin of this conversion trades further from its peg than allowed; conversions with it wait until it is back'],
  'exceptions.x402.settlementNotFound': [404, 'Settlement not found'],
  'exceptions.webhookDelivery.notFound': [404, 'Webhook delivery not found'],
  'exceptions.depositFee.quoteUnavailable': [503, 'The deposit network fee of this currency is unavailable'],
  'exceptions.rates.unavailable': [503, 'No fresh exchange rate for this currency; try again shortly'],
  'exceptions.service.unavailable': [503, 'The service is shutting down or not ready'],
  'exceptions.service.busy': [503, 'Too many open connections; retry after Retry-After seconds'],
  'exceptions.status.conflict': [409, 'The object is not in a status that allows this change'],
  'exceptions.internal': [500, 'Unexpected error'],
  'exceptions.auth.invalidCredentials': [401, 'Wrong email or password'],
  'exceptions.auth.sessionRequired': [401, 'Sign in first: the session is missing, expired or signed out'],
  'exceptions.auth.csrfFailed': [403, 'The request lacks the session\'s CSRF token or comes from another origin'],
  'exceptions.auth.secondFactorRequired': [401, 'Enter the code from your authenticator app'],
  'exceptions.auth.invalidSecondFactor': [401, 'The authenticator code is wrong or was already used'],
  'exceptions.auth.stepUpRequired': [403, 'Confirm this operation with the code from your authenticator app (x-totp-code)'],
  'exceptions.auth.operatorOnly': [403, 'Only operators may do this'],
  'exceptions.auth.secondFactorEnrollmentRequired': [403, 'Operators of a live installation enrol two-factor authentication first (POST /auth/totp/setup, then /auth/totp/enable)'],
  'exceptions.auth.tenantSuspended': [403, 'This tenant is suspended: its API keys and sign-ins are refused until an operator resumes it'],
  'exceptions.user.notFound': [404, 'User not found'],
  'exceptions.user.emailTaken': [409, 'A user with this email already exists'],
  'exceptions.user.inviteInvalid': [400, 'This invitation link is invalid, expired or already used'],
  'exceptions.user.passwordTooWeak': [400, 'Choose a password of at least 12 characters that is hard to guess: not your email, a common password, a keyboard pattern or a repeat'],
  'exceptions.user.passwordMismatch': [400, 'The passwords do not match'],
  'exceptions.user.resetInvalid': [400, 'This password reset link is invalid, expired or already used'],
  'exceptions.user.notActive': [409, 'Only an active user (a password set, not removed) can get a password reset link; invite the others'],
  'exceptions.user.lastOwner': [409, 'A tenant keeps at least one owner'],
  'exceptions.user.lastOperator': [409, 'The installation keeps at least one active operator'],
  'exceptions.user.totpNotEnrolled': [400, 'Two-factor authentication is not being set up for this user'],
  'exceptions.user.totpAlreadyEnabled': [409, 'Two-factor authentication is already on; turn it off first'],
  'exceptions.user.keyRecipientInvalid': [400, 'The API keys can only be handed to another active user of the same tenant'],
  'exceptions.user.keyRecipientLacksScope': [409, "The user to receive the API keys lacks scopes some of them carry (their role's scopes must cover each key)"],
  'exceptions.settings.invalidLogo': [400, 'The logo must be a PNG, JPEG or WebP image of at most 256 KB'],
  'exceptions.webhook.noUrl': [400, 'No webhook URL is set for this tenant'],
  'exceptions.customer.notBlocked': [404, 'This customer of the tenant is not blocked'],
} as const satisfies Record<string, readonly [number, string]>;

export type ErrorCode = keyof typeof ERRORS;

/** The spec's error body. */
export interface ErrorBody {
  code: string;
  message: string;
  extension?: Record<string, unknown>;
}

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly extension?: Record<string, unknown>,
    message?: string,
  ) {
    super(message ?? ERRORS[code][1]);
    this.statusCode = ERRORS[code][0];
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, ...(this.extension ? { extension: this.extension } : {}) };
  }
}
