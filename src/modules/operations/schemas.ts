import { Type } from '@sinclair/typebox';
import { ApiNetworkSchema, CryptoCodeSchema } from '../../lib/currencies/schemas.ts';
import { DateTime, Money, Nullable } from '../../lib/http/schemas.ts';

const Seconds = (description: string) => Type.Number({ minimum: 0, description });

/** One network's state: its node, the watcher's progress, payments waiting, fee quotes, the hot wallet. */
export const NetworkStatusSchema = Type.Object({
  network: ApiNetworkSchema,
  mode: Type.Union([Type.Literal('sandbox'), Type.Literal('live')]),
  nodeReachable: Type.Boolean({ description: 'The node answered within the timeout' }),
  error: Nullable(Type.String({ description: 'Why the node could not be read' })),
  tip: Nullable(Type.Integer({ description: "Height of the best chain's head (null: unreachable, or no block yet)" })),
  scannedHeight: Nullable(Type.Integer({ description: 'Next height the watcher scans (null: it never ran on this network)' })),
  lag: Nullable(Type.Integer({ minimum: 0, description: 'Blocks not yet scanned: tip − scannedHeight + 1, at least 0' })),
  scanAgeSeconds: Nullable(Seconds('Since the watcher last finished a round here')),
  unconfirmedPayments: Type.Integer({ description: 'Payments seen, waiting for their confirmations' }),
  fees: Type.Array(
    Type.Object({
      cryptoCurrencyCode: CryptoCodeSchema,
      amount: Nullable(Money('The stored deposit network fee (null: unavailable or never quoted)')),
      ageSeconds: Nullable(Seconds('Since it was quoted (null: never)')),
    }),
  ),
  hotWallet: Nullable(
    Type.Object(
      {
        address: Nullable(Type.String({ description: 'null in the sandbox, whose hot wallet is the network itself' })),
        balances: Type.Array(Type.Object({ cryptoCurrencyCode: CryptoCodeSchema, amount: Money() })),
      },
      { description: 'null: unreachable, or no hot wallet known to this process yet' },
    ),
  ),
});

/** The fee payer of one x402 network. */
export const X402StatusSchema = Type.Object({
  network: Type.String({ description: 'CAIP-2 id, e.g. eip155:8453' }),
  coin: Type.String({ description: 'The native coin the fee payer pays gas in (ETH, BNB, SOL)' }),
  feePayer: Nullable(Type.String()),
  balance: Nullable(Money("The fee payer's native balance, in `coin`")),
  reserve: Money("The network's X402_FEE_PAYER_RESERVE_WEI in `coin`: below it settlements are refused"),
  settlementsLeft: Nullable(
    Type.Integer({
      minimum: 0,
      description:
        "Settlements the balance above the reserve pays for: on EVM each at the network's gas ceiling and the current gas price, on Solana each at the base fee of its two signatures",
    }),
  ),
  nodeReachable: Type.Boolean(),
  error: Nullable(Type.String()),
});

/** Delivery queue health and the endpoints in trouble. */
export const WebhookHealthSchema = Type.Object({
  pending: Type.Integer({ description: 'Deliveries not yet delivered or given up' }),
  oldestPendingAgeSeconds: Seconds('Age of the oldest of them (0: none)'),
  failedLastDay: Type.Integer({ description: 'Deliveries given up in the last 24 hours' }),
  failingEndpoints: Type.Array(
    Type.Object({
      tenantId: Type.String({ format: 'uuid' }),
      tenantName: Type.String(),
      url: Type.String(),
      pending: Type.Integer(),
      failed: Type.Integer({ description: 'Given up in the last 24 hours' }),
      lastStatusCode: Nullable(Type.Integer()),
      lastError: Nullable(Type.String()),
      lastAttemptAt: Nullable(DateTime),
    }),
    { description: 'Endpoints with deliveries given up in 24 h or retrying after a failed attempt, worst first, at most 50' },
  ),
});

/** Exchange rates: each source's age and each asset's price. */
export const RatesSchema = Type.Object({
  maxAgeSeconds: Type.Integer({ description: 'RATE_MAX_AGE_S: older prices are not quoted with' }),
  policy: Type.Object({
    providers: Type.Array(Type.String(), { description: 'RATES_PROVIDER' }),
    minSources: Type.Integer({ description: 'RATES_MIN_SOURCES: fresh agreeing sources a price needs' }),
    maxDivergence: Type.String({ description: 'RATES_MAX_DIVERGENCE' }),
    maxJump: Type.String({ description: 'RATES_MAX_JUMP: the furthest one source alone may move a price from its last accepted one' }),
    notes: Type.Array(Type.String(), {
      description: 'What this configuration means for the prices quoted, in words (e.g. one provider alone)',
    }),
  }),
  sources: Type.Array(Type.Object({ source: Type.String(), ageSeconds: Seconds('Since the source last stored a price') })),
  rates: Type.Array(
    Type.Object({
      asset: Type.String(),
      usdPrice: Nullable(Type.String({ description: 'Exact decimal; null when refused' })),
      sources: Type.Array(Type.Object({ source: Type.String(), price: Type.String(), ageSeconds: Seconds('Since it was fetched') })),
      status: Type.Union([Type.Literal('ok'), Type.Literal('stale'), Type.Literal('refused')]),
      reason: Nullable(Type.String({ description: 'missing, stale, sourcesDisagree, tooFewSources or unconfirmedJump; null when ok' })),
      lastAccepted: Nullable(
        Type.Object(
          { usdPrice: Type.String(), acceptedAt: DateTime },
          { description: 'The price last accepted, which one source alone may not move beyond maxJump' },
        ),
      ),
    }),
  ),
});
