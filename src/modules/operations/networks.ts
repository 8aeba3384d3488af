import type { Static } from '@sinclair/typebox';
import type { AppContext } from '../../context.ts';
import type { NetworkEnvName } from '../../config.ts';
import type { ChainAdapter } from '../../chains/types.ts';
import { NETWORKS, networkOf, servedCurrencies, type ApiNetwork, type CurrencyDef } from '../../lib/currencies/catalogue.ts';
import { configuredSecrets, secretScrubber } from '../../lib/http/log-redaction.ts';
import { toJsonNumber } from '../../lib/money.ts';
import { storedFeeQuotes } from '../currencies/fees.ts';
import { lastSender } from '../solvency/books.ts';
import { CachedReading } from '../solvency/reading.ts';
import { chainCursors, unconfirmedPayments } from './chain-state.ts';
import type { NetworkStatusSchema } from './schemas.ts';
import { solanaReading, solanaStatus, x402Readings, x402Status, type X402StatusView } from './x402-status.ts';

/** How long one node may take to answer before its network is reported unreachable. */
export const NODE_TIMEOUT_MS = 5_000;

/** What a network's node shows now: its tip, and the hot wallet (null where this process knows none). */
interface NodeView {
  tip: number | null;
  hotWallet: { address: string | null; balances: Array<{ currency: CurrencyDef; units: bigint }> } | null;
}

/** One network as GET /admin/networks shows it. */
export type NetworkStatusView = Static<typeof NetworkStatusSchema>;

/** The API's name of a network (`TRON` → `Tron`). */
export function apiNetworkOf(env: string): ApiNetwork {
  return Object.values(NETWORKS).find((n) => n.env === env)?.api ?? (env as ApiNetwork);
}

/**
 * The hot wallet as the node shows it: the adapter's own (a process holding its key, or the
 * sandbox, whose hot wallet is the network's custody), else the sender of the latest payout, read
 * in blocks like the solvency view does; null when no payout ever named one.
 */
async function readHotWallet(
  ctx: Pick<AppContext, 'db'>,
  adapter: ChainAdapter,
  currencies: readonly CurrencyDef[],
): Promise<NodeView['hotWallet']> {
  const own = adapter.sandbox || adapter.hotWallet !== undefined;
  const address = adapter.hotWallet ?? (adapter.sandbox ? null : await lastSender(ctx.db, adapter.network));
  if (!own && address === null) return null;
  const balances = await Promise.all(
    currencies.map(async (currency) => ({
      currency,
      units:
        own || address === null ? await adapter.hotWalletBalance(currency.code) : await adapter.custodyBalance(currency.code, [], address),
    })),
  );
  return { address, balances };
}

/** A failure as the operator is shown it: its first line, short, with no configured secret in it. */
export function describeFailure(err: unknown, scrub: ((s: string) => string) | undefined): string {
  const first = (err instanceof Error ? err.message : String(err)).split('\n')[0]?.slice(0, 300) ?? '';
  return scrub ? scrub(first) : first;
}

/**
 * The operator's view of the networks, made once per app: one reading per node (bounded by
 * `timeoutMs`, never cached, so every answer is read now) and the x402 fee payer's. A node that
 * fails or does not answer in time is reported on its own network; the others are unaffected.
 */
export class NetworkBoard {
  private readonly nodes = new Map<NetworkEnvName, CachedReading<NodeView>>();
  private readonly feePayers: ReturnType<typeof x402Readings>;
  private readonly solanaFeePayer: ReturnType<typeof solanaReading>;
  private readonly scrub: ((s: string) => string) | undefined;

  constructor(
    private readonly ctx: Pick<AppContext, 'db' | 'config' | 'x402' | 'x402Solana'>,
    adapters: readonly ChainAdapter[],
    timeoutMs = NODE_TIMEOUT_MS,
  ) {
    const served = servedCurrencies(ctx.config);
    for (const adapter of adapters) {
      const currencies = served.filter((c) => networkOf(c).env === adapter.network);
      const read = async (): Promise<NodeView> => {
        const [tip, hotWallet] = await Promise.all([adapter.tip(), readHotWallet(ctx, adapter, currencies)]);
        return { tip: tip?.height ?? null, hotWallet };
      };
      this.nodes.set(adapter.network, new CachedReading(read, { maxAgeMs: 0, timeoutMs }));
    }
    this.feePayers = x402Readings(ctx, timeoutMs);
    this.solanaFeePayer = solanaReading(ctx, timeoutMs);
    this.scrub = secretScrubber(configuredSecrets(ctx.config));
  }

  /** Every network the installation offers, in configuration order, read now. */
  async networks(): Promise<NetworkStatusView[]> {
    const { db, config } = this.ctx;
    const [cursors, unconfirmed, quotes, nodes] = await Promise.all([
      chainCursors(db),
      unconfirmedPayments(db),
      storedFeeQuotes(db),
      Promise.all(config.networks.map(async (network) => ({ network, node: await this.readNode(network) }))),
    ]);
    const now = Date.now();
    const served = servedCurrencies(config);
    return nodes.map(({ network, node }) => {
      const cursor = cursors.find((c) => c.network === network);
      const tip = node.view?.tip ?? null;
      const scanned = cursor?.nextHeight ?? null;
      return {
        network: apiNetworkOf(network),
        mode: config.mode,
        nodeReachable: node.error === null,
        error: node.error,
        tip,
        scannedHeight: scanned,
        lag: tip !== null && scanned !== null ? Math.max(0, tip - scanned + 1) : null,
        scanAgeSeconds: cursor?.ageS ?? null,
        unconfirmedPayments: unconfirmed.find((u) => u.network === network)?.n ?? 0,
        fees: served
          .filter((c) => networkOf(c).env === network)
          .map((c) => {
            const quote = quotes.find((q) => q.currency_code === c.code);
            return {
              cryptoCurrencyCode: c.code,
              amount: quote?.amount == null ? null : toJsonNumber(BigInt(quote.amount), c.decimals),
              ageSeconds: quote ? Math.max(0, (now - quote.quoted_at.getTime()) / 1000) : null,
            };
          }),
        hotWallet: hotWalletView(node.view?.hotWallet ?? null),
      };
    });
  }

  /** Each x402 network's fee payer, in configuration order (none: x402 is not enabled). */
  x402(): Promise<X402StatusView[]> {
    const describe = (err: unknown) => describeFailure(err, this.scrub);
    const solana = this.solanaFeePayer;
    return Promise.all([
      ...this.feePayers.map((f) => x402Status(this.ctx, f, describe)),
      ...(solana ? [solanaStatus(this.ctx, solana, describe)] : []),
    ]);
  }

  /** Waits for readings still under way (shutdown). */
  async settle(): Promise<void> {
    const readings: Array<{ settle(): Promise<void> }> = [
      ...this.nodes.values(),
      ...this.feePayers.map((f) => f.reading),
      ...(this.solanaFeePayer ? [this.solanaFeePayer.reading] : []),
    ];
    await Promise.all(readings.map((r) => r.settle()));
  }

  private async readNode(network: NetworkEnvName): Promise<{ view: NodeView | null; error: string | null }> {
    const reading = this.nodes.get(network);
    if (!reading) return { view: null, error: 'no node configured for this network' };
    try {
      return { view: await reading.fresh(), error: null };
    } catch (err) {
      return { view: null, error: describeFailure(err, this.scrub) };
    }
  }
}

function hotWalletView(hot: NodeView['hotWallet']): NetworkStatusView['hotWallet'] {
  if (!hot) return null;
  return {
    address: hot.address,
    balances: hot.balances.map((b) => ({ cryptoCurrencyCode: b.currency.code, amount: toJsonNumber(b.units, b.currency.decimals) })),
  };
}
