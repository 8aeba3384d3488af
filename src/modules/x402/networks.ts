import type { AppContext } from '../../context.ts';
import type { Db } from '../../lib/db/index.ts';
import type { X402Settings } from '../../config.ts';
import type { X402Chain } from '../../chains/x402/chain.ts';
import type { SettlingSvmChain } from '../../chains/x402/svm.ts';
import { X402Facilitator } from './facilitator.ts';
import { isObject } from './parse.ts';
import type { SettleResult, VerifyResult } from './reasons.ts';
import type { SpendingLimits } from './spending.ts';
import { SvmFacilitator } from './svm/facilitator.ts';

/** What GET /x402/supported answers. */
export type Supported = ReturnType<X402Facilitator['supported']>;

/** One network's facilitator, whatever its family (EVM: facilitator.ts; Solana: svm/facilitator.ts). */
export interface NetworkFacilitator {
  readonly network: string;
  readonly awaitingReceipts: number;
  supported(): { kinds: Supported['kinds']; extensions: string[]; signers: Record<string, string[]> };
  verify(body: unknown): Promise<VerifyResult>;
  settle(tenantId: string, body: unknown): Promise<SettleResult>;
  confirmPending(): Promise<number>;
}

/** A network's own limits: its entry of X402_NETWORKS, else the installation's (a chain given directly, as tests do). */
export function limitsOf(settings: X402Settings, network: string): SpendingLimits {
  return settings.networks.find((n) => n.network === network) ?? settings;
}

/** The app's facilitators: its EVM networks and Solana's (undefined when x402 has no network). */
export function facilitatorsOf(ctx: Pick<AppContext, 'db' | 'config' | 'x402' | 'x402Solana'>): X402Facilitators | undefined {
  const { x402Solana: chain, config } = ctx;
  const solana = chain ? { chain, reserveLamports: config.x402Svm?.feePayerReserveLamports ?? 0n } : undefined;
  return X402Facilitators.of(ctx.db, ctx.x402, config.x402, solana);
}

/**
 * The facilitators of every configured x402 network, one per chain with its own fee payer, assets
 * and limits. A payment goes to the facilitator of its requirements' `network`; a network none
 * serves goes to the first, whose own checks refuse it in their usual order, ending with
 * `invalid_network` (which then names every network served).
 */
export class X402Facilitators {
  readonly all: readonly NetworkFacilitator[];
  private readonly byNetwork: Map<string, NetworkFacilitator>;
  private readonly first: NetworkFacilitator;

  private constructor(all: NetworkFacilitator[], first: NetworkFacilitator) {
    this.all = all;
    this.first = first;
    this.byNetwork = new Map(all.map((f) => [f.network, f]));
  }

  /** The facilitators of these chains (EVM, and Solana's when configured); undefined when there is none (x402 disabled). */
  static of(
    db: Db,
    chains: readonly X402Chain[] | undefined,
    settings: X402Settings,
    solana?: { chain: SettlingSvmChain; reserveLamports: bigint },
  ): X402Facilitators | undefined {
    const all: NetworkFacilitator[] = (chains ?? []).map((chain) => new X402Facilitator(db, chain, limitsOf(settings, chain.network)));
    if (solana)
      all.push(
        new SvmFacilitator(db, solana.chain, {
          receiptTimeoutMs: settings.receiptTimeoutMs,
          feePayerReserveLamports: solana.reserveLamports,
        }),
      );
    const [first] = all;
    return first ? new X402Facilitators(all, first) : undefined;
  }

  /** Submitted settlements the last `confirmPending` round left waiting, on every network. */
  get awaitingReceipts(): number {
    return this.all.reduce((n, f) => n + f.awaitingReceipts, 0);
  }

  private pick(body: unknown): { facilitator: NetworkFacilitator; served: boolean } {
    const req = isObject(body) && isObject(body.paymentRequirements) ? body.paymentRequirements : undefined;
    const named = typeof req?.network === 'string' ? this.byNetwork.get(req.network) : undefined;
    return named ? { facilitator: named, served: true } : { facilitator: this.first, served: false };
  }

  private unserved(): string {
    return `this facilitator settles on ${[...this.byNetwork.keys()].join(', ')}`;
  }

  async verify(body: unknown): Promise<VerifyResult> {
    const { facilitator, served } = this.pick(body);
    const result = await facilitator.verify(body);
    return !served && result.invalidReason === 'invalid_network' ? { ...result, invalidMessage: this.unserved() } : result;
  }

  async settle(tenantId: string, body: unknown): Promise<SettleResult> {
    const { facilitator, served } = this.pick(body);
    const result = await facilitator.settle(tenantId, body);
    return !served && result.errorReason === 'invalid_network' ? { ...result, errorMessage: this.unserved() } : result;
  }

  /** Every network's kinds; each family's fee payers as its signers (`eip155:*`, `solana:*`). */
  supported(): Supported {
    const parts = this.all.map((f) => f.supported());
    const signers: Record<string, string[]> = {};
    for (const [family, list] of parts.flatMap((p) => Object.entries(p.signers)))
      signers[family] = [...new Set([...(signers[family] ?? []), ...list])];
    return {
      kinds: parts.flatMap((p) => p.kinds),
      extensions: [...new Set(parts.flatMap((p) => p.extensions))],
      signers,
    };
  }

  /** Worker: each network's submitted settlements taken to their end, one network after the other. */
  async confirmPending(): Promise<number> {
    let finished = 0;
    for (const f of this.all) finished += await f.confirmPending();
    return finished;
  }
}
