/** The installation's settings, one documentation row each (settings.ts reads defaults from them). */

/** One row of the documentation: variables that belong together, their defaults and their meaning. */
export interface SettingRow {
  /** Each variable with its default as the environment would spell it, or null when it has none. */
  vars: Record<string, string | null>;
  /** The default column in words, when the defaults are derived, generated or differ by mode. */
  shown?: string;
  doc: string;
}

/** The installation's settings. */
export const SETTINGS: readonly SettingRow[] = [
  {
    vars: { MODE: null },
    shown: 'derived',
    doc: '`sandbox` or `live` (see [Sandbox and live](getting-started.md#sandbox-and-live)); derived from whether any network has an RPC URL; a contradiction refuses to start',
  },
  {
    vars: { PORT: '8080', HOST: '127.0.0.1' },
    doc: 'where HTTP listens',
  },
  {
    vars: { PUBLIC_BASE_URL: null },
    shown: '`http://HOST:PORT`',
    doc: 'origin used in `paymentPageUrl`, icon URLs and links',
  },
  {
    vars: { DATA_DIR: './data' },
    doc: 'embedded database directory; `memory://` keeps it in memory',
  },
  {
    vars: { DATA_DIR_LOCK_WAIT_MS: '5000' },
    doc: 'how long a start waits for another live process that holds `DATA_DIR` (a gateway still shutting down) to let go before it exits with code 2; a holder that was killed, even one not yet reaped by its parent (a zombie), holds nothing',
  },
  {
    vars: { DATABASE_URL: null },
    doc: '`postgres://…`: use this PostgreSQL server instead of the embedded one',
  },
  {
    vars: { REDIS_URL: null },
    doc: '`redis://…`: rate-limit counters shared by every instance',
  },
  {
    vars: { ADMIN_TOKEN: null },
    shown: 'generated',
    doc: 'bearer token of the operator API, at least 32 characters (shorter: the service refuses to start); when unset one is generated on the first start, printed once and stored only as a hash',
  },
  {
    vars: { METRICS_TOKEN: null },
    doc: 'bearer token (at least 32 characters; or `METRICS_TOKEN_FILE`) every scrape of `/metrics` must send (`Authorization: Bearer …`; else 401 `exceptions.metrics.invalidToken`)',
  },
  {
    vars: { METRICS_PORT: null, METRICS_HOST: '127.0.0.1' },
    doc: 'a listener of its own that serves `GET /metrics` alone (every role, workers too); the public port then answers 404 there. A live installation with neither `METRICS_TOKEN` nor `METRICS_PORT` serves `/metrics` nowhere (404, and a warning at start); the sandbox serves it to anyone unless one is set',
  },
  {
    vars: { LOGIN_FAILURES: '10/900' },
    doc: 'failed dashboard sign-ins per (email, address) pair and per address, an IPv6 client per /64 (and wrong authenticator codes per user): `<failures>/<seconds>`; after 3 failures each attempt of that pair or address waits 1 s, 2 s, 4 s … (at most 60 s), past the count it answers 429 with Retry-After until the window ends. Never per email alone: the right password from another address still signs in',
  },
  {
    vars: { PASSWORD_HASH_COST: '15' },
    doc: "work factor of dashboard passwords: scrypt's N is 2 to this power (r=8, p=1), 12 to 20; two-factor recovery codes use one less. Each hash records its own cost, so raising it later keeps old passwords valid. Below 15 the service warns at start: lower values are for test suites, where every invited user costs a derivation",
  },
  {
    vars: { ADMIN_AUTH_FAILURES: '10/900' },
    doc: 'failed operator authentications per IP: `<failures>/<seconds>`; past it every `/admin` call from that IP, even with the right token, gets 429 `exceptions.rateLimit.exceeded` with Retry-After until the window ends (successes are not counted; shared through Redis when `REDIS_URL` is set)',
  },
  {
    vars: { ROLE: 'all' },
    doc: '`api`, `worker` or `all`: which parts this process runs',
  },
  {
    vars: { TRUST_PROXY: null },
    doc: 'comma-separated CIDRs of proxies whose `X-Forwarded-For` is believed (IP allowlists, per-IP limits)',
  },
  {
    vars: { WEBHOOK_ALLOW_PRIVATE: 'false' },
    doc: '`true` lets webhook URLs be `http://` and point at loopback or private hosts (development and tests only)',
  },
  {
    vars: { RATE_LIMIT: '600/60' },
    doc: 'requests per endpoint per API key (per IP without a key): `<points>/<seconds>`',
  },
  {
    vars: { WITHDRAWAL_QUOTE_TTL_S: '60' },
    doc: 'lifetime of a withdrawal quote',
  },
  {
    vars: { CONVERT_QUOTE_TTL_S: '30' },
    doc: 'lifetime of a conversion quote',
  },
  {
    vars: { CONVERT_COMMISSION_USD: '0.50' },
    doc: 'commission of every conversion (API and withdrawal auto-convert) in US dollars, at most 2 decimals, taken in the source currency inside `fromAmount`; `0` for none',
  },
  {
    vars: { WEBHOOK_RETRY_BASE_S: '10' },
    doc: 'first retry delay of a failed webhook delivery; later ones grow exponentially',
  },
  {
    vars: { WEBHOOK_TIMEOUT_MS: '10000' },
    doc: 'longest one webhook attempt may take, connect to last byte',
  },
  {
    vars: { WEBHOOK_RETENTION_DAYS: '90' },
    doc: 'days a finished (delivered or failed) webhook delivery and its attempts are kept, a dispatched event once no delivery names it, and a mail sent or given up; pending deliveries and mails are kept however old',
  },
  {
    vars: { REQUEST_LOG_RETENTION_DAYS: '30' },
    doc: 'days a request log row is kept',
  },
  {
    vars: { QUOTE_RETENTION_DAYS: '7' },
    doc: 'days a withdrawal or conversion quote that was never committed is kept past its expiry (a commit of it then answers "not found" rather than "expired")',
  },
  {
    vars: { SANDBOX_BLOCK_RETENTION_DAYS: '30' },
    doc: "days a sandbox chain's block is kept when no transfer is in it and it lies more than 1,000 blocks below its network's tip; blocks with transfers and the tip's last 1,000 are kept",
  },
  {
    vars: { SANDBOX_CONFIRMATIONS: null },
    shown: 'per network',
    doc: 'confirmations a sandbox payment needs before it counts as final',
  },
  {
    vars: { DEPOSIT_COMMISSION: '0.01' },
    doc: 'system default deposit commission rate (0.01 = 1 %); a tenant override wins',
  },
  {
    vars: { DEFAULT_MAX_ACCOUNTS: '10' },
    doc: "merchant accounts per tenant unless the operator sets the tenant's own maximum",
  },
  {
    vars: { BODY_LIMIT: '1048576' },
    doc: 'largest request body in bytes (larger: 413)',
  },
  {
    vars: { HTTP_HEADERS_TIMEOUT_MS: '30000' },
    doc: 'time a connection has to send its complete request headers (also a connection that sends nothing); then 408 `exceptions.request.timeout` and the connection is closed; at most `HTTP_REQUEST_TIMEOUT_MS`',
  },
  {
    vars: { HTTP_REQUEST_TIMEOUT_MS: '30000' },
    doc: 'time a connection has to send its whole request, headers and body; then 408 and close',
  },
  {
    vars: { HTTP_KEEPALIVE_TIMEOUT_MS: '30000' },
    doc: "how long an idle kept-alive connection stays open between requests; behind a load balancer set it above the balancer's idle timeout (AWS ALB: 60 s)",
  },
  {
    vars: { HTTP_IDLE_TIMEOUT_MS: '30000' },
    doc: 'a connection on which nothing moves for this long is closed (a client that stops reading its answer), unless its request is still being handled',
  },
  {
    vars: { HTTP_MAX_CONNECTIONS: '10000', HTTP_MAX_CONNECTIONS_PER_IP: '256' },
    doc: "open connections served in total and per client address (per /64 for IPv6; proxies listed in `TRUST_PROXY` count only in the total). The per-address default serves a merchant backend's pool of 100-200 parallel connections. A connection over either cap is answered 503 `exceptions.service.busy` with `Retry-After: 1` once its request headers arrive (at the latest after 2 s) and closed; at most a tenth of `HTTP_MAX_CONNECTIONS` (at least 100) are being refused at once, and past that, under a flood, a new connection is closed unanswered",
  },
  {
    vars: { FEE_REFRESH_S: '120', FEE_MAX_AGE_S: '900' },
    doc: 'how often deposit network fees are re-quoted, and the age after which a quote counts as missing',
  },
  {
    vars: { RATE_REFRESH_S: '60', RATE_MAX_AGE_S: '600' },
    doc: 'how often exchange rates are fetched, and the age after which a rate is refused (503 `exceptions.rates.unavailable`) rather than used',
  },
  {
    vars: { RATES_PROVIDER: null },
    shown: '`sandbox` in sandbox, `coinbase,kraken` in live',
    doc: "where prices come from, comma-separated: `coinbase` (`GET /v2/exchange-rates?currency=USD` of Coinbase's public API), `kraken` (`GET /0/public/Ticker` of Kraken's public API, the midpoint of best ask and bid); `sandbox` (the fixed table below) only alone, and refused in live mode",
  },
  {
    vars: { RATES_URL: null, RATES_KRAKEN_URL: null },
    shown: "the providers' public APIs",
    doc: "origin of Coinbase's and of Kraken's API",
  },
  {
    vars: { RATES_MAX_DIVERGENCE: '0.01' },
    doc: 'largest spread between fresh sources of one asset, relative to the lower price (0.01 = 1 %); beyond it the asset is refused',
  },
  {
    vars: { RATES_MIN_SOURCES: null },
    shown: '`2` in live, `1` in sandbox',
    doc: "fresh sources that must agree on an asset's price before it is quoted (at most the number of providers); a live installation with one provider refuses to start unless it is set to `1`, and then says at start and on `GET /admin/rates` that one source alone prices real money. Assets fewer providers list (Kraken has no PLN, TRY, BRL, INR, UAH) are refused while it is `2`",
  },
  {
    vars: { RATES_MAX_JUMP: '0.2' },
    doc: "furthest one source alone may move an asset's price from its last accepted price, relative to the lower of the two (0.2 = 20 %, 9 = tenfold); beyond it the asset is refused (`extension.reason` `unconfirmedJump`, with `lastAccepted`) until two fresh sources agree on the new level. The last accepted price is kept in the database",
  },
  {
    vars: { STABLECOIN_DEPEG_BAND: '0.02' },
    doc: "how far a stablecoin's market price may be from its peg (0.02 = 2 %) before conversions from or into it (preview, quote, commit, a withdrawal's auto-convert) are refused with 503 `exceptions.converting.stablecoinOffPeg`; within it stablecoins convert at their market prices, never at a fixed 1:1",
  },
  {
    vars: { INVOICE_EXPIRY_MIN: '60' },
    doc: 'how long an invoice stays payable when the merchant sends no `expiresInMinutes`',
  },
  {
    vars: { INVOICE_MAX_EXPIRY_MIN: '43200' },
    doc: 'server-side maximum that `expiresInMinutes` is clamped to',
  },
  {
    vars: { INVOICE_UNDERPAYMENT_TOLERANCE: '0' },
    doc: 'share of the crypto amount a customer may fall short by and still count as `paid` (`0.005` = 0.5 %); any larger shortfall is `partially_paid`',
  },
  {
    vars: { DEPOSIT_WINDOW_MIN: '1440' },
    doc: 'minutes a deposit address is watched for its top-up (`expiresAt`); later payments are still credited',
  },
  {
    vars: { WATCH_INTERVAL_MS: '1000' },
    doc: "pause between watcher rounds of each network (with the embedded database, a sandbox network's watcher runs right after a change of its chain and otherwise every 30 s)",
  },
  {
    vars: { PGLITE_SHARED_BUFFERS: '8MB' },
    doc: "the embedded database's shared buffers (PostgreSQL's `shared_buffers`)",
  },
  {
    vars: { WITHDRAWAL_OPERATOR_APPROVAL_ABOVE_USD: null },
    doc: "withdrawals worth more than this many US dollars (at most 2 decimals; amount and fee) also need an operator's approval (`operator` or `operatorOperations`), whatever the tenant's policy; unset: none",
  },
  {
    vars: { WITHDRAWAL_APPROVAL_TTL_H: '48' },
    doc: 'hours a withdrawal may await approval; then it is cancelled and its funds given back',
  },
  {
    vars: { SCREENING_DENYLIST_FILE: null },
    doc: 'a file of addresses never to pay (one a line, optionally `NETWORK:address`; `#` starts a comment), read again when it changes: a withdrawal or address book entry to one of them is refused with 403 `exceptions.withdrawal.addressScreened`, a withdrawal committed before it was listed waits (`waitingReason` `screening`) for the operator, and a payment one of them sent is held (not credited) for the operator to release or refund',
  },
  {
    vars: { SCREENING_URL: null },
    doc: 'a screening provider asked before a withdrawal is quoted and signed (`direction: "out"`), and of each new payment\'s senders (`"in"`): `POST {network, address, direction, amount, cryptoCurrencyCode}` answered `{decision: "allow"|"review"|"deny", reason?}`; `review` and `deny` refuse the withdrawal, or hold the payment, like the denylist',
  },
  {
    vars: { SCREENING_TIMEOUT_MS: '3000' },
    doc: 'how long the screening provider may take to answer',
  },
  {
    vars: { SCREENING_FAIL: null },
    shown: '`closed` in live, `open` in sandbox',
    doc: 'what a provider that does not answer (or answers nonsense) means: `closed` refuses the withdrawal (503 `exceptions.screening.unavailable`; one being signed waits) and holds the payment, `open` lets them pass',
  },
  {
    vars: { SMTP_URL: null, EMAIL_FROM: null },
    shown: 'unset, `no-reply@` the host of `PUBLIC_BASE_URL`',
    doc: "mail: `SMTP_URL` is `smtp://user:password@host:587` (STARTTLS when the server offers it) or `smtps://…:465` (or `SMTP_URL_FILE`); unset, no mail is sent at all and the dashboard says so. `EMAIL_FROM` is the sender, `address` or `Name <address>`; customers' mails carry the merchant's brand name before the address",
  },
  {
    vars: { LOG_LEVEL: 'info' },
    doc: 'pino log level',
  },
  {
    vars: { SWEEP_MAX_COST_SHARE: '0.05' },
    doc: "the largest share of a deposit's value its sweep into the hot wallet may cost (0.05 = 5 %; up to 6 decimals); a dearer sweep waits for more deposits on the address. `NET_SWEEP_MAX_COST_SHARE` sets it for one network; the Tron sweeper applies it (EVM and Bitcoin sweeps move whatever exceeds their fee)",
  },
];
